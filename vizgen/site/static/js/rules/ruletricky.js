/* vizgen ruletricky: the tricky perfect player of a rule set solved in the browser (vizgen/ai/tricky.py), its trap
 * figure summed as numpy sums (engine/pairwise.js) so that it matches the Python's bit for bit.
 */
import { contract } from "../core/contract.js";
import * as pairwise from "./engine/pairwise.js";
import * as rulegraph from "./rulegraph.js";

/** @typedef {import("./engine/rulesolve.js").Solved} Solved */
/** @typedef {import("./rulefacts.js").Facts} Facts */

/* The trap figure rounds and scale, and the classes of a seat's value (vizgen/ai/tricky.py, analysis/marks.py). */
var ROUNDS = contract.tricky.rounds, SCALE = contract.tricky.scale;

/**
 * Per node, the tricky perfect player's trap figure (vizgen/ai/tricky.py trap_figure): for the player who
 * moved there, the chance in 254ths that random opponents give it a better value class within ROUNDS rounds,
 * it choosing among its optimal moves the best chance at its own turns; and the tricky player's move: among
 * the optimal moves the one to the highest figure, ties to the smallest notation.
 * @param {Solved} s
 * @param {Facts} f
 * @returns {{trap: Int32Array, tricky: Int32Array}}
 */
function tricky(s, f) {
  var P = s.rules.P, n = s.n, g = rulegraph.graph(s), ptr = g.ptr, kids = g.kids;
  var outIn = f.mover ? s.outIn : null;
  /** @type {Int8Array[]} */
  var classes = [];
  for (var seat = 0; seat < P; seat++) {
    var c = new Int8Array(n), out = outIn ? outIn.subarray(seat * n, (seat + 1) * n) : null;
    for (var i = 0; i < n; i++) {
      c[i] = contract.rankOf(seat, s.winner[i], out ? out[i] : null);
    }
    classes.push(c);
  }
  var chance = new Float64Array(n), e, next, terms = new Float64Array(Math.max(1, rulegraph.widest(ptr)));
  for (var left = 0; left < ROUNDS; left++) {
    if (left) {
      next = new Float64Array(n);
      for (i = 0; i < n; i++) {
        if (ptr[i] === ptr[i + 1]) continue;
        var top = -Infinity, best = -1;
        for (e = ptr[i]; e < ptr[i + 1]; e++) top = Math.max(top, f.score[kids[e]]);
        for (e = ptr[i]; e < ptr[i + 1]; e++) if (f.score[kids[e]] === top) best = Math.max(best, chance[kids[e]]);
        next[i] = best;
      }
      chance = next;
    }
    for (seat = 1; seat < P; seat++) {
      var here = classes[seat], there = classes[seat - 1];
      next = new Float64Array(n);
      for (i = 0; i < n; i++) {
        if (ptr[i] === ptr[i + 1]) continue;
        for (e = ptr[i]; e < ptr[i + 1]; e++) terms[e - ptr[i]] = there[kids[e]] > here[i] ? 1 : chance[kids[e]];
        next[i] = pairwise.reduceat(terms, ptr[i + 1] - ptr[i]) / (ptr[i + 1] - ptr[i]);
      }
      chance = next;
    }
  }
  var trap = new Int32Array(n);
  for (i = 0; i < n; i++) {
    var x = chance[i] * SCALE, r = Math.round(x);
    if (x - Math.floor(x) === 0.5) r = 2 * Math.round(x / 2); // numpy's rint: an exact half to even
    trap[i] = r;
  }
  var move = new Int32Array(n).fill(-1);
  for (i = 0; i < n; i++) {
    var pick = -1, key = -Infinity;
    for (e = ptr[i]; e < ptr[i + 1]; e++) {
      var k = kids[e], v = f.score[k] * (SCALE + 1) + trap[k];
      if (v > key || (v === key && g.rank[k] < g.rank[pick])) {
        pick = k;
        key = v;
      }
    }
    move[i] = pick;
  }
  return { trap: trap, tricky: move };
}

export { tricky };
