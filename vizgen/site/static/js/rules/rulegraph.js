/* vizgen rulegraph: the moves of a rule set solved in the browser, node by node: a node's distinct moves grouped by
 * the position they reach (the rules page's table, its game, its guide and the data files), the perfect player's
 * move among them, and every node's children with the plain string order of the notations (the tricky player
 * and max^n break ties by it).
 */
import * as rulesolve from "./engine/rulesolve.js";

/** @typedef {import("./engine/rulesolve.js").Solved} Solved */
/**
 * The moves of a node to one position: the node they reach, their move ids and names (the representative first,
 * as graph.py edge_notations), whether they are optimal (the highest move score among the node's moves).
 * @typedef {{dst: number, mids: number[], names: string[], best: boolean}} MoveGroup
 */
/**
 * Every node's distinct children, ascending (ptr[i] .. ptr[i + 1] in kids), its notation and the notation's place
 * in plain string order (rank).
 * @typedef {{ptr: Int32Array, kids: number[], rank: Int32Array, names: string[]}} Graph
 */

/**
 * The distinct targets of node i with the names of the moves to each (by move id), in the order they first
 * appear, and whether each is optimal (the highest move score among them).
 * @param {Solved} s
 * @param {{score: ArrayLike<number>}} f the facts (rulefacts.js): the move scores
 * @param {number} i
 * @returns {MoveGroup[]}
 */
function movesOf(s, f, i) {
  if (s.final[i] >= 0) return [];
  /** @type {Map<number, MoveGroup>} */
  var by = new Map();
  /** @type {MoveGroup[]} */
  var list = [];
  s.rules.moves(s.codes[i]).forEach(function (mv) {
    var j = rulesolve.nodeOf(s.codes, mv.dst);
    var e = by.get(j);
    if (!e) {
      e = { dst: j, mids: [], names: [], best: false };
      by.set(j, e);
      list.push(e);
    }
    e.mids.push(mv.mid);
  });
  // the names of the moves to each position by move id, the representative first (as graph.py edge_notations)
  list.forEach(function (m) {
    m.names = m.mids.sort(function (a, b) { return a - b; }).map(function (mid) { return s.R.moves[mid]; });
  });
  var top = -Infinity;
  list.forEach(function (m) { top = Math.max(top, f.score[m.dst]); });
  list.forEach(function (m) { m.best = f.score[m.dst] === top; });
  return list;
}

/**
 * The perfect player's move among annotated moves: the optimal one whose notation sorts first (as
 * vizgen.ai.games.perfect_player and opponents.js choose); -1 where the game is over.
 * @param {Solved} s
 * @param {MoveGroup[]} moves
 * @returns {number}
 */
function perfect(s, moves) {
  var pick = -1;
  moves.forEach(function (m) {
    if (m.best && (pick < 0 || s.rules.name(s.codes[m.dst]) < s.rules.name(s.codes[pick]))) pick = m.dst;
  });
  return pick;
}

/** @type {WeakMap<Solved, Graph>} made once a solution */
var graphs = new WeakMap();

/**
 * Every node's distinct children and notation order (see Graph); made once a solution.
 * @param {Solved} s
 * @returns {Graph}
 */
function graph(s) {
  var made = graphs.get(s);
  if (made) return made;
  var n = s.n, i;
  /** @type {string[]} */
  var names = new Array(n);
  for (i = 0; i < n; i++) names[i] = s.rules.name(s.codes[i]);
  var order = Array.from({ length: n }, function (_, k) { return k; });
  order.sort(function (a, b) { return names[a] < names[b] ? -1 : names[a] > names[b] ? 1 : a - b; });
  var rank = new Int32Array(n);
  order.forEach(function (node, k) { rank[node] = k; });
  var ptr = new Int32Array(n + 1);
  /** @type {number[]} */
  var kids = [];
  for (i = 0; i < n; i++) {
    ptr[i] = kids.length;
    if (s.final[i] >= 0) continue;
    /** @type {number[]} */
    var mine = [];
    s.rules.moves(s.codes[i]).forEach(function (mv) {
      var j = rulesolve.nodeOf(s.codes, mv.dst);
      if (mine.indexOf(j) < 0) mine.push(j);
    });
    mine.sort(function (a, b) { return a - b; }).forEach(function (j) { kids.push(j); });
  }
  ptr[n] = kids.length;
  made = { ptr: ptr, kids: kids, rank: rank, names: names };
  graphs.set(s, made);
  return made;
}

/**
 * The most children a node has.
 * @param {Int32Array} ptr
 * @returns {number}
 */
function widest(ptr) {
  var most = 0;
  for (var i = 0; i + 1 < ptr.length; i++) most = Math.max(most, ptr[i + 1] - ptr[i]);
  return most;
}

export { movesOf, perfect, graph, widest };
