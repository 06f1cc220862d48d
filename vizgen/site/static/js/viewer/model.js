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
import * as facts from "./facts.js";

function Model(d, block, load, words) {
  var n = d.n;
  this.W = words;
  this.load = load;
  this.n = n;
  this.P = d.players;
  this.startId = d.start;
  this.chunk = d.chunk;
  this.edges = d.edges;
  this.notation = n ? d.notation.split(" ") : [];
  this.columns = d.columns;
  this.fields = d.fields;
  this.opponents = d.opponents; // the wire's fields of a chunk's opponents block, one per computer player
  this.wired = new Set(d.fields.map(function (f) { return f.name; }));
  this.block = block;
  this.lazy = false;
  this.x = d.x;
  this.y = d.y;
  this.size = d.size || 12;
  this.box = d.box || null; // the banded layout: labelled boxes of this [width, height], one CSS px per unit at fit
  this.bands = d.bands || []; // its words: [x, y, text, align, cls] (vizgen/site/band_picture.py band_labels)
  this.shownEdges = d.shown ? new Set(d.shown) : null; // the moves drawn by default (they carry meaning)
  this.index = new Map();
  for (var j = 0; j < n; j++) this.index.set(this.notation[j], j);
  this.spellings = null;
  this.chunks = new Map(); // chunk -> promise of {first, nodes, block}
  this.details = new Map();
}
facts.install(Model.prototype);

/* The model of nodes.js's payload, once its block is read: a promise. */
Model.open = function (d, load, words) {
  return wire.read(d.fields, d.facts, d.n).then(function (block) {
    return new Model(d, block, load, words);
  });
};

Model.prototype.fact = function (i, name) {
  return this.block.column(name)[i];
};
Model.prototype.name = function (i) {
  return this.notation[i];
};
Model.prototype.lookup = function (text) {
  return this.index.get(text);
};
/* A position a person typed: its notation, or a spelling without separators and spaces (12-11, 1211,
   " 12 11 "). The notation is Python's; only spellings are compared, so no rule of it is written again
   here. Spellings that two positions share are not offered. */
Model.prototype.find = function (text) {
  var t = String(text || "").trim();
  if (!t) return undefined;
  if (this.index.has(t)) return this.index.get(t);
  if (!this.spellings) {
    this.spellings = util.unambiguous(this.notation.map(function (name, i) { return [util.bare(name), i]; }));
  }
  return this.spellings.get(util.bare(t));
};

/* Chunk k: a promise of {first, nodes (the rows), block (the opponents' moves)}. */
Model.prototype.chunkData = function (k) {
  var self = this;
  var ch = this.chunks.get(k);
  if (!ch) {
    ch = this.load("c" + k).then(function (c) {
      return wire.read(self.opponents, c.opponents, c.nodes.length).then(function (block) {
        return { first: c.first, nodes: c.nodes, block: block };
      });
    });
    this.chunks.set(k, ch);
  }
  return ch;
};
/* The moves of a chunk row, each with its meaning for the chooser and whether it is optimal. */
Model.prototype.rowMoves = function (row) {
  return this.annotate(row[2].map(function (m) { return { dst: m[0], names: m.slice(1) }; }));
};
/* Everything the panel and a game need about position i: {id, hands, values, moves, parents, opponents}
   (opponents: the position each computer player of nodes.js's `opponents` moves to, -1 at the end). */
Model.prototype.detail = function (i) {
  var self = this;
  var cached = this.details.get(i);
  if (cached) return Promise.resolve(cached);
  return this.chunkData(Math.floor(i / this.chunk)).then(function (ch) {
    var at = i - ch.first;
    var row = ch.nodes[at];
    var d = {
      id: i,
      hands: row[0],
      values: self.values(i, row[1]),
      moves: self.rowMoves(row),
      parents: row[3],
      opponents: self.opponents.map(function (f) { return ch.block.get(f.name, at); }),
    };
    self.details.set(i, d);
    return d;
  });
};

export { Model };
