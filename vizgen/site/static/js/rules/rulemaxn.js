/* vizgen rulemaxn: the depth-limited max^n player of a rule set solved in the browser (vizgen/ai/maxn.py), at
 * each depth the site plays it.
 */
import { contract } from "../core/contract.js";
import * as rulegraph from "./rulegraph.js";

/** @typedef {import("./engine/rulesolve.js").Solved} Solved */

/* The depths at which max^n plays (vizgen/site/tables.py PLAY_DEPTHS), and the evaluation's prize for a win
   (vizgen/ai/maxn.py WIN): the contract's. */
var MAXN_DEPTHS = contract.maxn.depths, WIN = contract.maxn.win;
// the most positions for which the page searches max^n's moves (a plain sort of every notation, once)
var MAXN_MAX = 250000;

/**
 * max^n's move from every node at each of MAXN_DEPTHS (vizgen/ai/maxn.py maxn_levels): {depth: Int32Array of
 * child node ids, -1 where the game is over}. The evaluation gives each seat its live fingers (in halves with
 * stumps), a finished game the winner WIN and the others 0; at each depth the player to move takes the child
 * whose value one depth less gives it the most, ties to the child whose notation sorts first.
 * @param {Solved} s
 * @returns {Record<number, Int32Array>}
 */
function maxn(s) {
  var P = s.rules.P, n = s.n, unit = s.R.hands.some(function (h) {
    return h.some(function (v) { return v !== Math.floor(v); });
  }) ? 2 : 1;
  var g = rulegraph.graph(s), ptr = g.ptr, kids = g.kids, rank = g.rank, i;
  var value = new Int32Array(n * P);
  for (i = 0; i < n; i++) {
    var seats = s.rules.seats(s.codes[i]).s;
    for (var k = 0; k < P; k++) {
      if (s.final[i] >= 0) value[i * P + k] = k === s.final[i] ? WIN * unit : 0;
      else value[i * P + k] = Math.round(s.R.hands[seats[k]].reduce(function (t, v) { return t + Math.abs(v); }, 0) * unit);
    }
  }
  /** @type {Record<number, Int32Array>} */
  var out = {};
  for (var d = 1; d <= MAXN_DEPTHS[MAXN_DEPTHS.length - 1]; d++) {
    var choice = new Int32Array(n).fill(-1), next = value.slice();
    for (i = 0; i < n; i++) {
      var best = -1;
      for (var e = ptr[i]; e < ptr[i + 1]; e++) {
        var c = kids[e], v = value[c * P + P - 1], b = best < 0 ? -1 : value[best * P + P - 1];
        if (best < 0 || v > b || (v === b && rank[c] < rank[best])) best = c;
      }
      if (best < 0) continue;
      choice[i] = best;
      for (k = 0; k < P; k++) next[i * P + k] = value[best * P + (k + P - 1) % P];
    }
    value = next;
    if (MAXN_DEPTHS.indexOf(d) >= 0) out[d] = choice;
  }
  return out;
}

export { maxn, MAXN_DEPTHS, MAXN_MAX };
