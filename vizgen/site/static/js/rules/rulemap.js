/* vizgen rulemap: the value map of a two-player rule set solved in the browser (vizgen/site/valuemap.py), and the
 * cells where another rule set of the same shape gives another value.
 */
import { contract } from "../core/contract.js";
import { shades } from "../core/shading.js";

/** @typedef {import("./engine/rulesolve.js").Solved} Solved */
/** @typedef {import("./rulefacts.js").Facts} Facts */
/** @typedef {{cells: number[], value: number[]}} Differences the cells whose value differs, and the other's value */
/** @typedef {Differences & {slug: string, title: string}} Compared another rule set's differences on the map */
/** @typedef {{shades: number, fills: unknown}} Shading the page's shading (valuemap.py: shades and their colours) */
/**
 * The value map's grid: per cell (row: the mover's state, column: the opponent's) the node there, its value and
 * remoteness (null where no game goes), the start's cell.
 * @typedef {{m: number, node: number[], value: number[], start: [number, number] | null, rem: Array<number | null>}} Grid
 */

/**
 * The value map's grid (vizgen/site/valuemap.py value_map): per cell the node there with the fewest swaps in a
 * row, -1 where no game goes; and the value there.
 * @param {Solved} s
 * @param {Facts} f
 * @returns {Grid}
 */
function grid(s, f) {
  var m = s.rules.m;
  /** @type {number[]} */
  var node = new Array(m * m).fill(-1);
  /** @type {number[]} */
  var value = new Array(m * m).fill(0);
  /** @type {[number, number] | null} */
  var start = null;
  /** @type {Array<number | null>} */
  var rem = new Array(m * m).fill(null);
  for (var i = 0; i < s.n; i++) {
    var seats = s.rules.seats(s.codes[i]).s, cell = seats[0] * m + seats[1];
    if (node[cell] < 0) {
      node[cell] = i;
      value[cell] = contract.classes[contract.verdicts[f.verdict[i]].cls].value;
      rem[cell] = s.winner[i] >= 0 ? s.rem[i] : -1;
    }
    if (i === s.start) start = [seats[0], seats[1]];
  }
  return { m: m, node: node, value: value, start: start, rem: rem };
}

/**
 * map.js's payload (vizgen/site/render/maps.py map_payload).
 * @param {Solved} s
 * @param {Facts} f
 * @param {Compared[]} compare
 * @param {Shading} shading
 */
function mapPayload(s, f, compare, shading) {
  var g = grid(s, f);
  return { m: g.m, labels: s.R.sets.slice(), node: g.node, start: g.start, compare: compare,
    shade: shades(g.rem, shading.shades), fills: shading.fills };
}

/**
 * The cells of two two-player solutions of the same shape whose value differs ({cells, value}: the other's
 * value there), as vizgen/site/valuemap.py compare; null when the shapes differ.
 * @param {Solved} a
 * @param {Facts} fa
 * @param {Solved} b
 * @param {Facts} fb
 * @returns {Differences | null}
 */
function differ(a, fa, b, fb) {
  if (a.rules.P !== 2 || b.rules.P !== 2 || a.R.sets.join(" ") !== b.R.sets.join(" ")) return null;
  var ga = grid(a, fa), gb = grid(b, fb);
  /** @type {number[]} */
  var cells = [];
  /** @type {number[]} */
  var value = [];
  for (var k = 0; k < ga.node.length; k++) {
    if (ga.node[k] >= 0 && gb.node[k] >= 0 && ga.value[k] !== gb.value[k]) {
      cells.push(k);
      value.push(gb.value[k]);
    }
  }
  return { cells: cells, value: value };
}

export { mapPayload, differ };
