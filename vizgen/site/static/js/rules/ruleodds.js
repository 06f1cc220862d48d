/* vizgen ruleodds: random play on a rule set solved in the browser (vizgen/engine/random_play.py).
 *
 * seats(): every player moving uniformly at random, each seat's chance to win from every position (an absorbing
 * Markov chain); perfectVsRandom(): two players, the player to move playing to win as often as it can against a
 * uniformly random opponent. The engine solves both as linear systems; here the same fixed points are reached
 * by sweeping the positions until no chance moves by more than a hair under the last bit, so the figures agree
 * with the engine's to far more digits than the download keeps (nine, twelve for the start). pyRound() rounds
 * as Python's round() does, so the download writes the same numbers.
 */
// a sweep that moves no chance by more than this has reached the fixed point (the chances are at most 1)
var STILL = 1e-16;
// the most sweeps before giving up (an absorbing chain's sweeps converge geometrically)
var SWEEPS = 100000;
// the most positions whose odds the page works out: the sweeps take 0.5 s at 3,000 positions (r = 10) but two
// minutes at 44,000 (r = 20), where random games wander long before they end
var ODDS_MAX = 5000;

/** @typedef {import("./engine/rulesolve.js").Solved} Solved */
/** @typedef {{ptr: Int32Array, kids: number[]}} Children every node's children (rulegraph.js graph) */

/* Nodes from which a final node can be reached (random_play.py _can_reach), over the children lists. */
/**
 * @param {number} n
 * @param {Int32Array} ptr
 * @param {number[]} kids
 * @param {Int8Array} final
 * @returns {Uint8Array}
 */
function canEnd(n, ptr, kids, final) {
  /** @type {number[][]} */
  var parents = [];
  var i, e;
  for (i = 0; i < n; i++) parents.push([]);
  for (i = 0; i < n; i++) for (e = ptr[i]; e < ptr[i + 1]; e++) parents[kids[e]].push(i);
  var seen = new Uint8Array(n);
  /** @type {number[]} */
  var stack = [];
  for (i = 0; i < n; i++) {
    if (final[i] >= 0) {
      seen[i] = 1;
      stack.push(i);
    }
  }
  while (stack.length) {
    var k = /** @type {number} */ (stack.pop());
    parents[k].forEach(function (p) {
      if (!seen[p]) {
        seen[p] = 1;
        stack.push(p);
      }
    });
  }
  return seen;
}

/* Per node and seat (node-major, seat 0 the player to move), the chance that seat wins when every player moves
   uniformly at random among the distinct positions it can reach (random_play_seats). `g`: {ptr, kids}. */
/**
 * @param {Solved} s
 * @param {Children} g
 * @returns {Float64Array}
 */
function seats(s, g) {
  var n = s.n, P = s.rules.P, ptr = g.ptr, kids = g.kids, final = s.final, i, k, e;
  var odds = new Float64Array(n * P);
  for (i = 0; i < n; i++) if (final[i] >= 0) odds[i * P + final[i]] = 1;
  var ends = canEnd(n, ptr, kids, final);
  /** @type {number[]} */
  var live = [];
  for (i = 0; i < n; i++) if (ends[i] && final[i] < 0) live.push(i);
  for (var sweep = 0; sweep < SWEEPS; sweep++) {
    var moved = 0;
    for (var j = 0; j < live.length; j++) {
      i = live[j];
      var w = 1 / (ptr[i + 1] - ptr[i]);
      for (k = 0; k < P; k++) {
        var sum = 0, before = (k + P - 1) % P;
        for (e = ptr[i]; e < ptr[i + 1]; e++) sum += w * odds[kids[e] * P + before];
        moved = Math.max(moved, Math.abs(sum - odds[i * P + k]));
        odds[i * P + k] = sum;
      }
    }
    if (moved <= STILL) break;
  }
  for (i = 0; i < odds.length; i++) odds[i] = Math.min(1, Math.max(0, odds[i]));
  return odds;
}

/* Two players: per node, the chance the player to move wins playing perfectly against a uniformly random
   opponent (perfect_vs_random): the least fixed point of "the best child's chance with the random player to
   move there" and "the mean of the children's chances with the perfect player to move", from 0. */
/**
 * @param {Solved} s
 * @param {Children} g
 * @returns {Float64Array}
 */
function perfectVsRandom(s, g) {
  var n = s.n, ptr = g.ptr, kids = g.kids, final = s.final, i, e;
  var mine = new Float64Array(n), theirs = new Float64Array(n); // the perfect player to move; the random one
  for (i = 0; i < n; i++) {
    if (final[i] === 0) mine[i] = 1; // the player to move has won (misere)
    if (final[i] === 1) theirs[i] = 1; // the random player to move has lost
  }
  for (var sweep = 0; sweep < SWEEPS; sweep++) {
    var moved = 0;
    for (i = 0; i < n; i++) {
      if (final[i] >= 0 || ptr[i] === ptr[i + 1]) continue;
      var best = 0, sum = 0, w = 1 / (ptr[i + 1] - ptr[i]);
      for (e = ptr[i]; e < ptr[i + 1]; e++) {
        best = Math.max(best, theirs[kids[e]]);
        sum += w * mine[kids[e]];
      }
      moved = Math.max(moved, Math.abs(best - mine[i]), Math.abs(sum - theirs[i]));
      mine[i] = best;
      theirs[i] = sum;
    }
    if (moved <= STILL) break;
  }
  for (i = 0; i < n; i++) mine[i] = Math.min(1, Math.max(0, mine[i]));
  return mine;
}

/* Python's round(x, digits): the decimal nearest x's exact value, an exact half to the even digit. */
/**
 * @param {number} x
 * @param {number} digits
 * @returns {number}
 */
function pyRound(x, digits) {
  var text = x.toFixed(digits), exact = Math.abs(x).toFixed(digits + 21);
  var tail = exact.slice(exact.length - 21);
  if (tail === "5" + "0".repeat(20)) {
    // an exact half: toFixed went away from zero; Python goes to the even last digit
    var last = Number(text.charAt(text.length - 1));
    if (last % 2 === 1) text = (Math.sign(x) * (Math.abs(Number(text)) - Math.pow(10, -digits))).toFixed(digits);
  }
  return Number(text);
}

export { seats, perfectVsRandom, pyRound, ODDS_MAX };
