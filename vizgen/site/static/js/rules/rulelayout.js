/* vizgen rulelayout: the picture of a small rule set solved in the browser, laid out in layers (the variant
 * pages' graph draws it).
 */
import { contract } from "../core/contract.js";

/** @typedef {import("./engine/rulesolve.js").Solved} Solved */
/** @typedef {import("./rulefacts.js").Facts} Facts */

/**
 * A layered layout: a band per ply from the start, its positions grouped by their value for the player to
 * move (wins, draws or open, losses) and in notation order within a group; a long band wraps onto more rows,
 * so the picture stays about as wide as it is tall.
 * @param {Solved} s
 * @param {Facts} f
 * @returns {{x: number[], y: number[], size: number}}
 */
function layout(s, f) {
  /** @type {Map<number, number[]>} */
  var rows = new Map();
  /** @type {number[]} */
  var x = new Array(s.n);
  /** @type {number[]} */
  var y = new Array(s.n);
  /** @type {Record<string, number>} */
  var order = {};
  var C = contract.classes; // the classes best first, by their rank
  Object.keys(C).forEach(function (k) { order[k] = -C[/** @type {keyof typeof C} */ (k)].rank; });
  for (var i = 0; i < s.n; i++) {
    var ply = rows.get(s.depth[i]);
    if (!ply) rows.set(s.depth[i], (ply = []));
    ply.push(i);
  }
  var gap = 54, line = 46, band = 84;
  var most = Math.max(8, Math.ceil(Math.sqrt(s.n) * 1.6)); // positions on one row at most
  var top = 0;
  Array.from(rows.keys()).sort(function (a, b) { return a - b; }).forEach(function (d) {
    var list = /** @type {number[]} */ (rows.get(d));
    list.sort(function (a, b) {
      var ca = order[contract.verdicts[f.verdict[a]].cls], cb = order[contract.verdicts[f.verdict[b]].cls];
      return ca - cb || (s.rules.name(s.codes[a]) < s.rules.name(s.codes[b]) ? -1 : 1);
    });
    var lines = Math.ceil(list.length / most), per = Math.ceil(list.length / lines);
    list.forEach(function (node, k) {
      var row = Math.floor(k / per), at = k % per, width = Math.min(per, list.length - row * per);
      x[node] = Math.round((at - (width - 1) / 2) * gap);
      y[node] = top + row * line;
    });
    top += (lines - 1) * line + band;
  });
  return { x: x, y: y, size: 12 };
}

export { layout };
