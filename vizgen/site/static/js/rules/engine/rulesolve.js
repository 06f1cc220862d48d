/* vizgen rulesolve: every position of a compiled rule set enumerated and solved exactly, in the browser.
 *
 * The same algorithms as the compiled kernel (vizgen/engine/_kernel.pyx and _kernel_retrograde.pxi) over the
 * same position codes, with the moves and parents of movegen.js: a breadth-first search from the start
 * (plies from the start, who has won where the game is over, distinct children), retrograde forced wins
 * with remoteness (two players: win / loss / draw) and, with three or more players, survival (how soon the
 * others together can force each seat out). Node ids number the reachable codes in ascending order, as the
 * engine's do. The fast lane checks every value against the Python engine (tests/test_rulespage.py).
 */
import { contract } from "../../core/contract.js";
import * as movegen from "./movegen.js";

/** @typedef {import("./movegen.js").Payload} Payload */
/** @typedef {(step: string, done: number, total: number) => void} Progress told how far each step got */
/**
 * A solved rule set: per node (reachable code in ascending order) its code, plies from the start, forced winner
 * (-1: none), remoteness (-1: none), distinct children, the winner where the game is over (-1 while it goes on);
 * outIn (three or more players, else null): per seat * n + node, the plies in which the others force that seat
 * out, -1 if it survives.
 * @typedef {object} Solved
 * @property {movegen.Rules} rules
 * @property {Payload} R
 * @property {Float64Array} codes
 * @property {Int32Array} depth
 * @property {Int8Array} winner
 * @property {Int32Array} rem
 * @property {Uint16Array} outdeg
 * @property {number} n
 * @property {Int8Array} final
 * @property {number} edges
 * @property {number} start
 * @property {Int16Array | null} outIn
 */

/* The winner's seat (0 = the mover) if the game is over, else -1 (the kernel's _winner). */
/**
 * @param {ArrayLike<number>} seats
 * @param {ArrayLike<number>} live
 * @param {number} end
 * @returns {number}
 */
function winnerOf(seats, live, end) {
  var nLive = 0, firstLive = -1, firstDead = -1;
  for (var i = 0; i < seats.length; i++) {
    if (live[seats[i]]) {
      nLive++;
      if (firstLive < 0) firstLive = i;
    } else if (firstDead < 0) firstDead = i;
  }
  if (end === 0) return nLive <= 1 ? Math.max(firstLive, 0) : -1;
  if (firstDead < 0) return -1;
  return end === 3 ? Math.max(firstLive, 0) : firstDead;
}

/* Solve a rules payload (rulecompile.js). `progress(step, done, total)` is told how far each step got.
   Returns {rules, codes, depth, winner, rem, outdeg, final, outIn, start, n, edges}: per node (reachable
   code in ascending order) its code, plies from the start, forced winner (-1: none), its remoteness (-1:
   none), its distinct children, the winner where the game is over (-1 while it goes on); outIn (three or more players): per seat * n + node, the plies in which the
   others force that seat out, -1 if it survives. */
/**
 * @param {Payload} R
 * @param {Progress} [progress]
 * @returns {Solved}
 */
function solve(R, progress) {
  var tell = progress || function () {};
  var steps = solving(R), next = steps.next();
  while (!next.done) {
    tell.apply(null, next.value);
    next = steps.next();
  }
  return next.value;
}

/**
 * How far a solve has got: [step, done, total] (Progress's arguments).
 * @typedef {[string, number, number]} Step
 */
/* solve() as a generator of how far it has got, returning the solution: the rules page's solve in the page runs
   it in slices between which the page paints (pages/rules/worker.js). */
/**
 * @param {Payload} R
 * @returns {Generator<Step, Solved, void>}
 */
function* solving(R) {
  var rules = new movegen.Rules(R);
  var P = rules.P, space = R.space, end = R.ints[contract.kernel.END];
  var depthS = new Int32Array(space).fill(-1);
  var winS = new Int8Array(space).fill(-1);
  var outdegS = new Uint16Array(space);
  var stamp = new Int32Array(space).fill(-1);
  var queue = new Int32Array(space); // each reachable code once, in the order found
  var head = 0, tail = 0, edges = 0;
  var seatsOf = new Int32Array(P), dst = new Int32Array(rules.most);
  depthS[R.start] = 0;
  queue[tail++] = R.start;
  while (head < tail) {
    var code = queue[head++];
    rules.seatsInto(code, seatsOf);
    var w = winnerOf(seatsOf, R.live, end);
    if (w >= 0) {
      winS[code] = w;
      continue;
    }
    var many = rules.dests(code, dst), k = 0;
    for (var j = 0; j < many; j++) {
      var d = dst[j];
      if (stamp[d] === code) continue;
      stamp[d] = code;
      k++;
      if (depthS[d] < 0) {
        depthS[d] = depthS[code] + 1;
        queue[tail++] = d;
      }
    }
    outdegS[code] = k;
    edges += k;
    if ((head & 0x3fff) === 0) yield ["enumerate", head, tail];
  }
  var n = tail;
  var finalS = winS.slice(); // who has won where the game is over (survival reads it)
  yield ["enumerate", n, n];
  // forced wins: from the final positions back through the parents, first in first out
  var remS = new Int32Array(space).fill(-1);
  var others = P - 1;
  var won = new Uint16Array(space * others);
  head = 0;
  tail = 0;
  var fq = new Int32Array(n);
  for (var c = 0; c < space; c++) {
    if (depthS[c] >= 0 && winS[c] >= 0) {
      remS[c] = 0;
      fq[tail++] = c;
    }
  }
  while (head < tail) {
    var child = fq[head++];
    var seat = (winS[child] + 1) % P, plies = remS[child] + 1;
    var par = rules.parents(child);
    for (var i = 0; i < par.length; i++) {
      var p = par[i];
      if (depthS[p] < 0 || winS[p] >= 0) continue;
      if (seat !== 0) {
        var at = p * others + seat - 1;
        won[at]++;
        if (won[at] !== outdegS[p]) continue;
      }
      winS[p] = seat;
      remS[p] = plies;
      fq[tail++] = p;
    }
    if ((head & 0x3fff) === 0) yield ["solve", head, n];
  }
  // nodes: the reachable codes ascending
  var codes = new Float64Array(n);
  var q = 0;
  for (c = 0; c < space; c++) if (depthS[c] >= 0) codes[q++] = c;
  var depth = new Int32Array(n), winner = new Int8Array(n), rem = new Int32Array(n), outdeg = new Uint16Array(n);
  var final = new Int8Array(n);
  for (i = 0; i < n; i++) {
    c = codes[i];
    final[i] = finalS[c];
    depth[i] = depthS[c];
    winner[i] = winS[c];
    rem[i] = remS[c];
    outdeg[i] = outdegS[c];
  }
  /** @type {Solved} */
  var out = { rules: rules, R: R, codes: codes, depth: depth, winner: winner, rem: rem, outdeg: outdeg, n: n,
    final: final, edges: edges, start: nodeOf(codes, R.start), outIn: null };
  if (P > 2) {
    var node = depthS; // reused: the node id of every reachable code
    for (i = 0; i < n; i++) node[codes[i]] = i;
    out.outIn = yield* survival(rules, R, codes, node, final);
  }
  yield ["done", n, n];
  return out;
}

/* The node id of a reachable code (binary search in the ascending codes), -1 if it is not reachable. */
/**
 * @param {ArrayLike<number>} codes
 * @param {number} code
 * @returns {number}
 */
function nodeOf(codes, code) {
  var lo = 0, hi = codes.length - 1;
  while (lo <= hi) {
    var mid = (lo + hi) >> 1;
    if (codes[mid] === code) return mid;
    if (codes[mid] < code) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/* Survival, one ply at a time (the kernel's _survival): a seat to move is out once every child has it out,
   another seat as soon as one child does. */
/**
 * @param {movegen.Rules} rules
 * @param {Payload} R
 * @param {Float64Array} codes
 * @param {Int32Array} node
 * @param {Int8Array} final
 * @returns {Generator<Step, Int16Array, void>}
 */
function* survival(rules, R, codes, node, final) {
  var P = rules.P, n = codes.length, every = (1 << P) - 1;
  var out = new Int16Array(P * n).fill(-1);
  // a byte a node while the seats fit in one: the children's bits are read at random, so the smaller the better
  var unknown = P <= 8 ? new Uint8Array(n) : new Uint32Array(n), gone = P <= 8 ? new Uint8Array(n) : new Uint32Array(n);
  var seats = new Int32Array(P);
  var i, k;
  for (i = 0; i < n; i++) {
    rules.seatsInto(codes[i], seats);
    for (k = 0; k < P; k++) {
      if (!R.live[seats[k]]) {
        out[k * n + i] = 0;
        gone[i] |= 1 << k;
      } else if (final[i] < 0) unknown[i] |= 1 << k;
    }
  }
  // every undecided node's children (node ids, repeats kept), once, side by side: ptr[i] .. ptr[i + 1]
  var ptr = new Int32Array(n + 1), kid = new Int32Array(1024), used = 0, dst = new Int32Array(rules.most);
  for (i = 0; i < n; i++) {
    ptr[i] = used;
    if (!unknown[i]) continue;
    var many = rules.dests(codes[i], dst);
    if (used + many > kid.length) {
      var bigger = new Int32Array(Math.max(kid.length * 2, used + many));
      bigger.set(kid);
      kid = bigger;
    }
    for (k = 0; k < many; k++) kid[used++] = node[dst[k]];
  }
  ptr[n] = used;
  /** @type {number[]} */
  var later = [];
  var plies = 0, found = 1;
  while (found) {
    found = 0;
    later.length = 0;
    for (i = 0; i < n; i++) {
      if (!unknown[i]) continue;
      var anyOut = 0, allOut = ptr[i + 1] > ptr[i] ? every : 0;
      for (var j = ptr[i]; j < ptr[i + 1]; j++) {
        var g = gone[kid[j]];
        anyOut |= g;
        allOut &= g;
      }
      var todo = ((anyOut << 1) | ((allOut >> (P - 1)) & 1)) & unknown[i];
      if (!todo) continue;
      unknown[i] &= ~todo;
      for (k = 0; k < P; k++) if (todo & (1 << k)) out[k * n + i] = plies + 1;
      later.push(i);
      found++;
    }
    for (j = 0; j < later.length; j++) gone[later[j]] = every & ~unknown[later[j]];
    plies++;
    yield ["survival", plies, 0];
  }
  return out;
}

export { solve, solving, nodeOf, winnerOf };
