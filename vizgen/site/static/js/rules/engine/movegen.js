/* vizgen movegen: a position's moves and parents generated from the rule tables, as the engine does.
 *
 * rules.js carries a variant's rule tables (vizgen/engine/rules.py, Rules.kernel_tables; the layout is in
 * vizgen/engine/kernel.py) and the names of its hand sets and moves. Rules here decodes a position code,
 * names it, reads a typed position, and lists its moves and parents exactly as the compiled kernel's
 * _moves and _parents do (vizgen/engine/_kernel.pyx): the fast lane checks every position of several
 * variants against kernel.expand and kernel.parents (tests/test_js.py).
 */
import { contract } from "../../core/contract.js";
import * as util from "../../core/util.js";

/**
 * A variant's rule tables (vizgen/engine/rules.py Rules.kernel_tables, or rulecompile.js compile): ints the
 * scalars (the contract's kernel layout), per hand set its liveness, swap, own moves and parents, per pair of
 * hand sets the strikes and their parents, the hand sets' names and hands, the moves' names.
 * @typedef {object} Payload
 * @property {number[]} ints
 * @property {number[]} live
 * @property {number[]} swap_ok
 * @property {number[][]} own_dst
 * @property {number[][]} own_mid
 * @property {number[][][]} hit_dst
 * @property {number[][][]} hit_own
 * @property {number[][][][]} hit_mid
 * @property {number[][]} own_src
 * @property {number[][][]} hit_src
 * @property {string[]} sets
 * @property {number[][]} hands
 * @property {string[]} moves
 * @property {string[]} [kinds] each move's kind (compiled rule sets only)
 * @property {number} space
 * @property {number} start
 */
/** @typedef {{dst: number, mid: number}} Move a move: the position code it leads to and the move's name index */

// positions of the scalars in ints (vizgen/engine/kernel.py, I_*: the contract's kernel layout), read when the
// first Rules is made: a code page loads this script before the one that carries the contract
/** @type {number} */
var I_P;
/** @type {number} */
var I_M;
/** @type {number} */
var I_COUNTS;
/** @type {number} */
var I_SWAPS;
/** @type {number} */
var I_TWO;
/** @type {number} */
var I_PASSES;
/** @type {number} */
var I_TOP;
/** @type {number} */
var I_SWAP_MID;
/** @type {number} */
var I_PASS_MID;
function layout() {
  var L = contract.kernel;
  I_P = L.P;
  I_M = L.M;
  I_COUNTS = L.COUNTS;
  I_SWAPS = L.SWAPS;
  I_TWO = L.TWO;
  I_PASSES = L.PASSES;
  I_TOP = L.TOP;
  I_SWAP_MID = L.SWAP_MID;
  I_PASS_MID = L.PASS_MID;
}

/**
 * @constructor
 * @param {Payload} R
 */
function Rules(R) {
  if (I_P === undefined) layout();
  var I = R.ints;
  this.R = R;
  this.P = I[I_P];
  this.m = I[I_M];
  this.counts = I[I_COUNTS];
  this.top = I[I_TOP];
  this.most = I[contract.kernel.MAXDEG]; // the most moves a position can have: the size of dests()'s buffer
  this.space = R.space;
  // a hand set by its notation and, where that is not ambiguous, by its bare spelling
  var index = (this.setIndex = util.unambiguous(R.sets.map(function (name, s) {
    return /** @type {[string, number]} */ ([util.bare(name), s]);
  })));
  R.sets.forEach(function (name, s) { index.set(name, s); });
}

/* The hand-set index of every seat (the mover first) and the swap count of a code. */
/**
 * @param {number} code
 * @returns {{s: number[], count: number}}
 */
Rules.prototype.seats = function (code) {
  var s = new Int32Array(this.P), count = this.seatsInto(code, s);
  return { s: Array.from(s), count: count };
};
/* seats() without an array a call: every seat's hand-set index written into `out` (P long); returns the swap
   count. */
/**
 * @param {number} code
 * @param {Int32Array} out
 * @returns {number}
 */
Rules.prototype.seatsInto = function (code, out) {
  var count = code % this.counts, base = (code - count) / this.counts;
  for (var i = 0; i < this.P; i++) {
    out[i] = base % this.m;
    base = (base - out[i]) / this.m;
  }
  return count;
};
/* The notation of a position, as vizgen/engine/rules.py writes it. */
/**
 * @param {number} code
 * @returns {string}
 */
Rules.prototype.name = function (code) {
  var d = this.seats(code);
  var sets = this.R.sets;
  var text = d.s.map(function (s) { return sets[s]; }).join("-");
  return d.count ? text + "/s" + d.count : text;
};
/* Every seat's hands, the mover first. */
/**
 * @param {number} code
 * @returns {number[][]}
 */
Rules.prototype.hands = function (code) {
  var hands = this.R.hands;
  return this.seats(code).s.map(function (s) { return hands[s].slice(); });
};
/* The code of a position typed by a person (12-11-11, 121111, "12 11 11"): each player's hands as the
   notation writes them, the player to move first; undefined if it names no position of this shape. */
/**
 * @param {unknown} text
 * @returns {number | undefined}
 */
Rules.prototype.find = function (text) {
  var t = String(text || "").trim();
  var count = 0;
  var sw = /\/s(\d+)$/.exec(t);
  if (sw) {
    count = parseInt(sw[1], 10);
    t = t.slice(0, sw.index);
  }
  if (count >= this.counts) return undefined;
  var parts = t.split(/[\s-]+/).filter(Boolean);
  if (parts.length !== this.P && parts.length === 1) {
    var digits = util.bare(t);
    var w = digits.length / this.P;
    if (w !== Math.floor(w) || !w) return undefined;
    parts = [];
    for (var i = 0; i < this.P; i++) parts.push(digits.slice(i * w, (i + 1) * w));
  }
  if (parts.length !== this.P) return undefined;
  var code = 0;
  for (var k = this.P - 1; k >= 0; k--) {
    var s = this.setIndex.get(parts[k]);
    if (s === undefined) return undefined;
    code = code * this.m + s;
  }
  return code * this.counts + count;
};

/* Every move of a position where the game goes on: [{dst, mid}] in the kernel's order (repeats kept). */
/**
 * @param {number} code
 * @returns {Move[]}
 */
Rules.prototype.moves = function (code) {
  var dst = new Int32Array(this.most), mid = new Int32Array(this.most);
  var n = this.dests(code, dst, mid);
  /** @type {Move[]} */
  var out = [];
  for (var i = 0; i < n; i++) out.push({ dst: dst[i], mid: mid[i] });
  return out;
};
/* The codes the moves of a position lead to, written into `buf` (at least `most` long) in the kernel's order,
   repeats kept, and each move's name index into `mid` if given; returns how many. The solver's hot path: no object
   a move. A strike changes the struck player's state (hit_dst) and, where the rules say so, the striker's
   (hit_own). */
/**
 * @param {number} code
 * @param {Int32Array} buf
 * @param {Int32Array} [mid]
 * @returns {number}
 */
Rules.prototype.dests = function (code, buf, mid) {
  var R = this.R, I = R.ints, m = this.m, counts = this.counts, top = this.top, P = this.P;
  var count = code % counts, base = (code - count) / counts;
  var rot = Math.floor(base / m), s0 = base - rot * m, n = 0, w;
  var own = R.own_dst[s0];
  for (w = 0; w < own.length; w++) {
    if (own[w] < 0) continue;
    if (mid) mid[n] = R.own_mid[s0][w];
    buf[n++] = (rot + own[w] * top) * counts;
  }
  var two = I[I_TWO] !== 0, mul = 1, rest = rot;
  for (var t = 1; t < P; t++) {
    var u = rest % m, row = R.hit_dst[s0][u];
    rest = (rest - u) / m;
    for (w = 0; w < row.length && row[w] >= 0; w++) {
      if (mid) mid[n] = R.hit_mid[t][s0][u][w];
      buf[n++] = (rot + (row[w] - u) * mul + (two ? R.hit_own[s0][u][w] : s0) * top) * counts;
    }
    mul *= m;
  }
  if (R.swap_ok[s0] && count < I[I_SWAPS]) {
    if (mid) mid[n] = I[I_SWAP_MID];
    buf[n++] = (rot + s0 * top) * counts + count + 1;
  }
  if (I[I_PASSES] && !R.live[s0]) {
    if (mid) mid[n] = I[I_PASS_MID];
    buf[n++] = (rot + s0 * top) * counts;
  }
  return n;
};
/* Every distinct position with a move to this one, reachable or not, final ones too (the caller filters). */
/**
 * @param {number} code
 * @returns {number[]}
 */
Rules.prototype.parents = function (code) {
  var R = this.R, I = R.ints, m = this.m, counts = this.counts, P = this.P;
  var d = this.seats(code), seats = d.s, count = d.count;
  var last = seats[P - 1]; // the parent's mover
  var rest = (Math.floor(code / counts) % this.top) * m; // the parent's seats 1.. (the child's 0..P-2)
  if (count > 0) return R.swap_ok[last] ? [(rest + last) * counts + count - 1] : []; // only a swap leads here
  var seen = new Set(); // parents that differ in the mover's seat alone can repeat: rest + s, by s
  /** @type {number[]} */
  var bases = [];
  R.own_src[last].forEach(function (s) {
    if (s >= 0 && !seen.has(s)) {
      seen.add(s);
      bases.push(rest + s);
    }
  });
  var mul = m;
  for (var t = 1; t < P; t++) {
    var dd = seats[t - 1];
    var pairs = R.hit_src[last][dd]; // (striker, struck) before the strike, side by side
    for (var w = 0; w < pairs.length && pairs[w] >= 0; w += 2) {
      var s = pairs[w], u = pairs[w + 1];
      if (u !== dd) bases.push(rest + s + (u - dd) * mul);
      else if (!seen.has(s)) {
        seen.add(s);
        bases.push(rest + s);
      }
    }
    mul *= m;
  }
  if (I[I_PASSES] && !R.live[last] && !seen.has(last)) bases.push(rest + last);
  /** @type {number[]} */
  var out = [];
  bases.forEach(function (b) { for (var j = 0; j < counts; j++) out.push(b * counts + j); });
  return out;
};

export { Rules };
