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
import * as facts from "./facts.js";

function CodeModel(R, load, words) {
  facts.install(CodeModel.prototype); // on the first model made, as before
  this.rules = new movegen.Rules(R);
  this.R = R;
  this.load = load;
  this.W = words;
  this.P = this.rules.P;
  this.n = R.positions;
  this.space = R.space;
  this.startId = R.start;
  this.chunk = R.chunk;
  this.fields = R.fields;
  this.wired = new Set(R.fields.map(function (f) { return f.name; }));
  this.columns = R.columns;
  this.lazy = true;
  this.chunks = new Map(); // chunk -> its Block
  this.pending = new Map(); // chunk -> promise while it loads
  this.details = new Map();
}

CodeModel.prototype.name = function (code) {
  return this.rules.name(code);
};
CodeModel.prototype.hands = function (code) {
  return this.rules.hands(code);
};
/* The code of a typed position, reachable or not (locate in search.js checks). */
CodeModel.prototype.find = function (text) {
  return this.rules.find(text);
};
CodeModel.prototype.lookup = CodeModel.prototype.find;

// ---------------------------------------------------------------- the data chunks
CodeModel.prototype.chunkOf = function (code) {
  return Math.floor(code / this.chunk);
};
/* Load the chunks holding these codes; resolves when all are known. */
CodeModel.prototype.ensure = function (codes) {
  var self = this;
  var wanted = new Set();
  codes.forEach(function (c) {
    var k = self.chunkOf(c);
    if (!self.chunks.has(k)) wanted.add(k);
  });
  return Promise.all(Array.from(wanted).map(function (k) {
    if (!self.pending.has(k)) {
      var length = Math.min(self.chunk, self.space - k * self.chunk);
      self.pending.set(k, self.load("d" + k).then(function (text) {
        return wire.read(self.fields, text, length);
      }).then(function (block) { self.chunks.set(k, block); }));
    }
    return self.pending.get(k);
  }));
};
CodeModel.prototype.ready = function (code) {
  return this.chunks.has(this.chunkOf(code));
};
/* A field's value at a code whose chunk is loaded (-1: none). */
CodeModel.prototype.fact = function (code, name) {
  return this.chunks.get(this.chunkOf(code)).get(name, code % this.chunk);
};
CodeModel.prototype.reachable = function (code) {
  if (code < 0 || code >= this.space || code !== Math.floor(code)) return false;
  return this.fact(code, "verdict") >= 0;
};

/* The moves grouped by the position they reach (first move's order), without any value: [{dst, names}]. */
CodeModel.prototype.links = function (code) {
  if (this.ready(code) && this.over(code)) return { moves: [], parents: [] };
  var moves = this.R.moves;
  var by = new Map();
  var list = [];
  this.rules.moves(code).forEach(function (mv) {
    var e = by.get(mv.dst);
    if (!e) {
      e = { dst: mv.dst, best: false, names: [] };
      by.set(mv.dst, e);
      list.push(e);
    }
    e.names.push(moves[mv.mid]);
  });
  return { moves: list, parents: [] };
};

/* Everything the panel shows about a position: {id, hands, values, moves, parents}. */
CodeModel.prototype.detail = function (code) {
  var self = this;
  var cached = this.details.get(code);
  if (cached) return Promise.resolve(cached);
  return this.ensure([code]).then(function () {
    var moves = self.links(code).moves;
    var parents = self.rules.parents(code);
    return self.ensure(moves.map(function (mv) { return mv.dst; }).concat(parents)).then(function () {
      var real = parents.filter(function (p) { return self.reachable(p) && !self.over(p); });
      real.sort(function (a, b) { return a - b; });
      var d = {
        id: code,
        hands: self.hands(code),
        values: self.values(code, []),
        moves: self.annotate(moves),
        parents: real,
      };
      self.details.set(code, d);
      return d;
    });
  });
};

export { CodeModel };
