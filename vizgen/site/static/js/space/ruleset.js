/* vizgen ruleset: a rule set of the rule space, as the space's record reads it (space-data.js,
 * vizgen/site/render/space_page.py): the index of a combination of choices (vizgen.analysis.sweep's
 * space_overrides, read the other way), its spec, and the record's row of it.
 */

/**
 * space-data.js's payload: the record's columns (per rule set its gap from the previous index, the first player's
 * value, the remoteness, positions, drawn positions, its game) and the space's axes and the standard rules.
 * @typedef {object} SpaceData
 * @property {number[]} index the gaps between the indexes of the rule sets recorded
 * @property {string[]} value "W", "L" or "D" per row
 * @property {number[]} remoteness
 * @property {number[]} positions
 * @property {number[]} draws
 * @property {number[]} game the game each row gives (rows of one game share it)
 * @property {string[]} bools the rules that are on or off, bit k the k-th
 * @property {Record<string, boolean>} fixed the rules the space holds fixed
 * @property {unknown[]} overflow
 * @property {unknown[]} attack
 * @property {unknown[]} halvesies
 * @property {Array<[unknown, unknown]>} swaps [swaps, swap_count]; the ones the form offers have "row"
 * @property {string[]} order the parameters in the order a spec names them
 * @property {Record<string, unknown>} standard
 */
/** @typedef {{ bools: Record<string, boolean>, overflow: number, attack: number, halvesies: number, swaps: unknown }} Choices  the form's */
/** @typedef {{ params: Record<string, unknown>, index: number }} RuleSet */

var BITS = 15;

/**
 * The rule set of the form's choices: its parameters and its combination's index.
 * @param {SpaceData} data
 * @param {Choices} choices
 * @returns {RuleSet}
 */
function chosen(data, choices) {
  /** @type {Record<string, unknown>} */
  var params = {};
  var bits = 0;
  data.bools.forEach(function (name, k) {
    var on = choices.bools[name];
    params[name] = on;
    if (on) bits += 1 << k;
  });
  var swapsRow = data.swaps.map(function (s) { return s[1] === "row"; });
  var swapIndex = data.swaps.findIndex(function (s, k) { return swapsRow[k] && s[0] === choices.swaps; });
  var overflow = choices.overflow, attack = choices.attack, halvesies = choices.halvesies;
  params.overflow = data.overflow[overflow];
  params.attack = data.attack[attack];
  params.halvesies = data.halvesies[halvesies];
  params.swaps = data.swaps[swapIndex][0];
  params.swap_count = data.swaps[swapIndex][1];
  var block = ((overflow * data.attack.length + attack) * data.halvesies.length + halvesies) * data.swaps.length;
  return { params: params, index: (block + swapIndex) * Math.pow(2, BITS) + bits };
}

/**
 * The spec of a rule set: "standard" and the parameters that differ from it.
 * @param {SpaceData} data
 * @param {Record<string, unknown>} params
 * @returns {string}
 */
function specOf(data, params) {
  /** @type {string[]} */
  var parts = [];
  data.order.forEach(function (name) {
    if (name in params && params[name] !== data.standard[name]) parts.push(name + "=" + String(params[name]));
  });
  return "standard" + (parts.length ? ":" + parts.join(",") : "");
}

/**
 * The record read: the row of each index, and how many rule sets give each game.
 * @param {SpaceData} data
 * @returns {{ rows: Map<number, number>, groups: Record<number, number> }}
 */
function record(data) {
  /** @type {Map<number, number>} */
  var rows = new Map();
  /** @type {Record<number, number>} */
  var groups = {};
  var at = 0;
  data.index.forEach(function (gap, k) {
    at += gap;
    rows.set(at, k);
    groups[data.game[k]] = (groups[data.game[k]] || 0) + 1;
  });
  return { rows: rows, groups: groups };
}

/**
 * The rules that, turned the other way at this rule set, give the very same game (their names).
 * @param {SpaceData} data
 * @param {Map<number, number>} rows
 * @param {number} index the rule set's
 * @param {number} row its row
 * @returns {string[]}
 */
function idle(data, rows, index, row) {
  /** @type {string[]} */
  var out = [];
  data.bools.forEach(function (name, k) {
    if (name in data.fixed) return;
    var bit = Math.pow(2, k);
    var other = rows.get(Math.floor(index / bit) % 2 ? index - bit : index + bit);
    if (other !== undefined && data.game[other] === data.game[row]) out.push(name);
  });
  return out;
}

export { chosen, specOf, record, idle };
