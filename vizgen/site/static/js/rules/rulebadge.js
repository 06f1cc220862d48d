/* vizgen rulebadge: the rules page's values in words and badges, from the contract's meaning table
 * (core/contract.js): a position's verdict for the player to move, what moving there means for the player
 * choosing it, each in its class's badge, and a class's badge with its letter.
 */
import { contract } from "../core/contract.js";
import { html } from "../core/html.js";
import * as util from "../core/util.js";

/** @typedef {import("./engine/rulesolve.js").Solved} Solved */
/** @typedef {import("./rulefacts.js").Facts} Facts */
/** @typedef {import("./rulefacts.js").ClassKey} ClassKey */
/** @typedef {import("../core/html.js").Html} Html */

/**
 * Node i's verdict for the player to move, in the verdicts' short or long words.
 * @param {Solved} s
 * @param {Facts} f
 * @param {number} i
 * @param {boolean} short
 * @returns {string}
 */
function verdictWords(s, f, i, short) {
  var v = contract.verdicts[f.verdict[i]];
  return util.fill(short ? v.short : v.long, { n: f.verdictN[i], k: s.winner[i] });
}
/**
 * What moving to node i means for the player choosing it, in the choices' long words.
 * @param {Facts} f
 * @param {number} i
 * @returns {string}
 */
function choiceWords(f, i) {
  var c = contract.choices[f.choice[i]];
  return util.fill(c.long, { n: f.choiceN[i], k: f.choiceK[i] });
}
/**
 * The same in its class's badge.
 * @param {Facts} f
 * @param {number} i
 * @returns {Html}
 */
function choiceBadge(f, i) {
  return classBadge(contract.choices[f.choice[i]].cls, choiceWords(f, i));
}

/**
 * Node i's verdict for the player to move, in the verdicts' short words, in its class's badge.
 * @param {Solved} s
 * @param {Facts} f
 * @param {number} i
 * @returns {Html}
 */
function verdictBadge(s, f, i) {
  return classBadge(contract.verdicts[f.verdict[i]].cls, verdictWords(s, f, i, true));
}

/**
 * A badge of value class `key` saying `text`.
 * @param {ClassKey} key
 * @param {string} text
 * @returns {Html}
 */
function classBadge(key, text) {
  return html`<span class="badge ${contract.classes[key].key}">${text}</span>`;
}

/**
 * The classes, best first (by their rank), each with its letter: the key to a chart of start values.
 * @returns {Array<{key: ClassKey, letter: string}>}
 */
function classLetters() {
  var keys = /** @type {ClassKey[]} */ (Object.keys(contract.classes));
  return keys.sort(function (a, b) { return contract.classes[b].rank - contract.classes[a].rank; })
    .map(function (key) { return { key: key, letter: key.charAt(0).toUpperCase() }; });
}

export { verdictWords, choiceWords, verdictBadge, choiceBadge, classBadge, classLetters };
