/* vizgen model: the positions of a small or big variant, by node id (nodes.js and the c<k>.js chunks).
 *
 * nodes.js (vizgen/site/render/datafiles.py) carries every position's notation, its facts as one block of
 * the wire (wire.js: verdict, the chooser's words, move score, depth, the mover's fate), the spec of the
 * panel's columns and, for a small variant, the layout. A chunk carries per position its hands, the panel
 * values that are not on the wire, its moves (target and names), its parents, and a block of the
 * computer opponents' moves. facts.js reads the facts; codemodel.js offers the same interface on code pages.
 */
import * as util from "../core/util.js";
import * as wire from "../core/wire.js";
import { Facts } from "./facts.js";

/** @typedef {import("./interfaces.js").Words} Words */
/** @typedef {import("./interfaces.js").Column} Column */
/** @typedef {import("./interfaces.js").FieldSpec} FieldSpec */
/** @typedef {import("./interfaces.js").Move} Move */
/** @typedef {import("./interfaces.js").Detail} Detail */
/** @typedef {import("../core/loader.js").Load} Load */
/** @typedef {import("../core/wire.js").Block} Block */
/** @typedef {import("../core/payloads").VariantChunk["nodes"][number]} Row  a position in a chunk (datafiles.py) */
/** @typedef {import("../core/payloads").VariantNodes} Nodes  nodes.js's payload (datafiles.py) */
/** @typedef {{ first: number, nodes: Row[], block: Block }} Chunk  a chunk, its opponents' block read */

/** The positions of a small or big variant, by node id. */
class Model extends Facts {
  /**
   * @param {Nodes} d
   * @param {Block} block
   * @param {Load} load
   * @param {Words} words
   */
  constructor(d, block, load, words) {
    super(words, d.columns, d.fields);
    var n = d.n;
    this.load = load;
    this.n = n;
    this.P = d.players;
    this.startId = d.start;
    this.chunk = d.chunk;
    this.edges = d.edges;
    this.notation = n ? d.notation.split(" ") : [];
    this.opponents = d.opponents; // the wire's fields of a chunk's opponents block, one per computer player
    this.block = block;
    this.lazy = false;
    this.x = d.x;
    this.y = d.y;
    this.size = d.size || 12;
    this.box = d.box || null; // the banded layout: labelled boxes of this [width, height], one CSS px per unit at fit
    this.bands = d.bands || []; // its words: [x, y, text, align, cls] (vizgen/site/band_picture.py band_labels)
    this.shownEdges = d.shown ? new Set(d.shown) : null; // the moves drawn by default (they carry meaning)
    /** @type {Map<string, number>} */
    this.index = new Map();
    for (var j = 0; j < n; j++) this.index.set(this.notation[j], j);
    /** @type {Map<string, number> | null} */
    this.spellings = null;
    /** @type {Map<number, Promise<Chunk>>} */
    this.chunks = new Map(); // chunk -> promise of {first, nodes, block}
    /** @type {Map<number, Detail>} */
    this.details = new Map();
  }

  /** The model of nodes.js's payload, once its block is read: a promise.
   @param {unknown} payload nodes.js's (the site's own file) @param {Load} load @param {Words} words
   @returns {Promise<Model>} */
  static open(payload, load, words) {
    var d = /** @type {Nodes} */ (payload);
    return wire.read(d.fields, d.facts, d.n).then(function (block) {
      return new Model(d, block, load, words);
    });
  }

  /** @param {number} i @param {string} name @returns {number} */
  fact(i, name) {
    return this.block.column(name)[i];
  }
  /** @param {number} i @returns {string} */
  name(i) {
    return this.notation[i];
  }
  /** @param {string} text @returns {number | undefined} */
  lookup(text) {
    return this.index.get(text);
  }
  /** A position a person typed: its notation, or a spelling without separators and spaces (12-11, 1211,
     " 12 11 "). The notation is Python's; only spellings are compared, so no rule of it is written again
     here. Spellings that two positions share are not offered.
     @param {string} text @returns {number | undefined} */
  find(text) {
    var t = String(text || "").trim();
    if (!t) return undefined;
    if (this.index.has(t)) return this.index.get(t);
    if (!this.spellings) {
      this.spellings = util.unambiguous(this.notation.map(function (name, i) { return /** @type {[string, number]} */ ([util.bare(name), i]); }));
    }
    return this.spellings.get(util.bare(t));
  }

  /** Chunk k: a promise of {first, nodes (the rows), block (the opponents' moves)}.
   @param {number} k @returns {Promise<Chunk>} */
  chunkData(k) {
    var that = this;
    var ch = this.chunks.get(k);
    if (!ch) {
      ch = this.load("c" + k).then(function (payload) {
        var c = /** @type {import("../core/payloads").VariantChunk} */ (payload); // the site's own file
        return wire.read(that.opponents, c.opponents, c.nodes.length).then(function (block) {
          return { first: c.first, nodes: c.nodes, block: block };
        });
      });
      this.chunks.set(k, ch);
    }
    return ch;
  }
  /** The moves of a chunk row, each with its meaning for the chooser and whether it is optimal.
   @param {Row} row @returns {Move[]} */
  rowMoves(row) {
    // each move on the wire: its target's node id, then its names
    return this.annotate(row[2].map(function (m) { return { dst: Number(m[0]), names: m.slice(1).map(String) }; }));
  }
  /** Everything the panel and a game need about position i: {id, hands, values, moves, parents, opponents}
     (opponents: the position each computer player of nodes.js's `opponents` moves to, -1 at the end).
     @param {number} i @returns {Promise<Detail>} */
  detail(i) {
    var that = this;
    var cached = this.details.get(i);
    if (cached) return Promise.resolve(cached);
    return this.chunkData(Math.floor(i / this.chunk)).then(function (ch) {
      var at = i - ch.first;
      var row = ch.nodes[at];
      /** @type {Detail} */
      var d = {
        id: i,
        hands: row[0],
        values: that.values(i, row[1]),
        moves: that.rowMoves(row),
        parents: row[3],
        opponents: that.opponents.map(function (f) { return ch.block.get(f.name, at); }),
      };
      that.details.set(i, d);
      return d;
    });
  }
}

export { Model };
