/* vizgen codemodel: the positions of a variant with millions of them, by position code.
 *
 * rules.js carries the rule tables and the wire's fields, d<k>.js a block of the facts of codes
 * k * chunk .. (vizgen/site/render/codepage.py). Moves and parents come from movegen.js, every value from
 * the blocks (facts.js reads them): none is computed. The model offers the page the same interface as the
 * small pages' model (model.js), with position codes as ids; `lazy` says that only what ready() knows is
 * known, the rest arriving chunk by chunk (ensure).
 */
import * as wire from "../core/wire.js";
import * as movegen from "../rules/engine/movegen.js";
import { Facts } from "./facts.js";

/** @typedef {import("./interfaces.js").Words} Words */
/** @typedef {import("./interfaces.js").Column} Column */
/** @typedef {import("./interfaces.js").FieldSpec} FieldSpec */
/** @typedef {import("./interfaces.js").Detail} Detail */
/** @typedef {import("./facts.js").Link} Link */
/** @typedef {import("../core/loader.js").Load} Load */
/** @typedef {import("../core/wire.js").Block} Block */
/**
 * rules.js's payload (vizgen/site/render/codepage.py): the rule tables movegen.js reads, and the fields read here.
 * @typedef {import("../rules/engine/movegen.js").Payload & { positions: number, chunk: number,
 *   fields: FieldSpec[], columns: Column[] }} CodeRules
 */

/** The positions of a variant with millions of them, by position code. */
class CodeModel extends Facts {
  /**
   * @param {unknown} payload rules.js's (the site's own file)
   * @param {Load} load
   * @param {Words} words
   */
  constructor(payload, load, words) {
    var R = /** @type {CodeRules} */ (payload);
    super(words, R.columns, R.fields);
    this.rules = new movegen.Rules(R);
    this.R = R;
    this.load = load;
    /** @type {number} */
    this.P = this.rules.P;
    this.n = R.positions;
    this.space = R.space;
    this.startId = R.start;
    this.chunk = R.chunk;
    this.lazy = true;
    /** @type {Map<number, Block>} */
    this.chunks = new Map(); // chunk -> its Block
    /** @type {Map<number, Promise<void>>} */
    this.pending = new Map(); // chunk -> promise while it loads
    /** @type {Map<number, Detail>} */
    this.details = new Map();
  }

  /** @param {number} code @returns {string} */
  name(code) {
    return this.rules.name(code);
  }
  /** @param {number} code @returns {number[][]} */
  hands(code) {
    return this.rules.hands(code);
  }
  /** The code of a typed position, reachable or not (locate in search.js checks).
   @param {string} text @returns {number | undefined} */
  find(text) {
    return this.rules.find(text);
  }
  /** @param {string} text @returns {number | undefined} */
  lookup(text) {
    return this.find(text);
  }

  // ---------------------------------------------------------------- the data chunks
  /** @param {number} code @returns {number} */
  chunkOf(code) {
    return Math.floor(code / this.chunk);
  }
  /** Load the chunks holding these codes; resolves when all are known.
   @param {ReadonlyArray<number>} codes @returns {Promise<unknown>} */
  ensure(codes) {
    var that = this;
    /** @type {Set<number>} */
    var wanted = new Set();
    codes.forEach(function (c) {
      var k = that.chunkOf(c);
      if (!that.chunks.has(k)) wanted.add(k);
    });
    return Promise.all(Array.from(wanted).map(function (k) {
      var loading = that.pending.get(k);
      if (!loading) {
        var length = Math.min(that.chunk, that.space - k * that.chunk);
        loading = that.load("d" + k).then(function (text) {
          return wire.read(that.fields, /** @type {string} */ (text), length); // a chunk file's payload is its base64 text
        }).then(function (block) { that.chunks.set(k, block); });
        that.pending.set(k, loading);
      }
      return loading;
    }));
  }
  /** @param {number} code @returns {boolean} */
  ready(code) {
    return this.chunks.has(this.chunkOf(code));
  }
  /** A field's value at a code whose chunk is loaded (-1: none).
   @param {number} code @param {string} name @returns {number} */
  fact(code, name) {
    var block = this.chunks.get(this.chunkOf(code));
    if (!block) throw new Error("the facts of " + code + " are not loaded");
    return block.get(name, code % this.chunk);
  }
  /** @param {number} code @returns {boolean} */
  reachable(code) {
    if (code < 0 || code >= this.space || code !== Math.floor(code)) return false;
    return this.fact(code, "verdict") >= 0;
  }

  /** The moves grouped by the position they reach (first move's order), without any value: [{dst, names}].
   @param {number} code @returns {{ moves: Array<Link & { best: boolean }>, parents: number[] }} */
  links(code) {
    if (this.ready(code) && this.over(code)) return { moves: [], parents: [] };
    var moves = this.R.moves;
    /** @type {Map<number, Link & { best: boolean }>} */
    var by = new Map();
    /** @type {Array<Link & { best: boolean }>} */
    var list = [];
    this.rules.moves(code).forEach(function (/** @type {{ dst: number, mid: number }} */ mv) {
      var e = by.get(mv.dst);
      if (!e) {
        e = { dst: mv.dst, best: false, names: [] };
        by.set(mv.dst, e);
        list.push(e);
      }
      e.names.push(moves[mv.mid]);
    });
    return { moves: list, parents: [] };
  }

  /** Everything the panel shows about a position: {id, hands, values, moves, parents}.
   @param {number} code @returns {Promise<Detail>} */
  detail(code) {
    var that = this;
    var cached = this.details.get(code);
    if (cached) return Promise.resolve(cached);
    return this.ensure([code]).then(function () {
      var moves = that.links(code).moves;
      /** @type {number[]} */
      var parents = that.rules.parents(code);
      return that.ensure(moves.map(function (mv) { return mv.dst; }).concat(parents)).then(function () {
        var real = parents.filter(function (p) { return that.reachable(p) && !that.over(p); });
        real.sort(function (a, b) { return a - b; });
        /** @type {Detail} */
        var d = {
          id: code,
          hands: that.hands(code),
          values: that.values(code, []),
          moves: that.annotate(moves),
          parents: real,
        };
        that.details.set(code, d);
        return d;
      });
    });
  }
}

export { CodeModel };
