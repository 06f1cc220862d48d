/* vizgen space view/choices: the boxes and lists of the rule space's form, from the space's index (the
 * controller's state; a pure function to markup through core/html.js). */
import { html } from "../../core/html.js";

/** @typedef {import("../interfaces.js").SpaceIndex} SpaceIndex */
/** @typedef {import("../../core/html.js").Html} Html */

/**
 * A rule's name in words, from the Python's one table (vizgen.analysis.rulebook.RULE_WORDS, shipped in the
 * space's rule book): "sudden_death" -> "sudden death"; a name the table lacks is written as it is.
 * @param {SpaceIndex} data
 * @param {string} name
 * @returns {string}
 */
export function words(data, name) {
  return Object.prototype.hasOwnProperty.call(data.book.words, name) ? data.book.words[name] : name;
}

/**
 * A list of choices, the first chosen.
 * @param {string} name the field's name
 * @param {string} label
 * @param {string[]} options
 * @returns {Html}
 */
function select(name, label, options) {
  return html`<label>${label} <select name="${name}">${options.map((c, k) =>
    html`<option value="${k}">${c}</option>`)}</select></label>`;
}

/**
 * The form's fields: a box a rule that is on or off, ticked as the standard rules have it, then the lists, each
 * at its first choice (the standard rules' overflow, attack and halvesies, and no swaps).
 * @param {SpaceIndex} data
 * @returns {Html}
 */
export function choices(data) {
  const boxes = data.bools.map((name) =>
    html`<label><input type="checkbox" name="${name}"${data.standard[name] === true ? html` checked` : ""}> ${
      words(data, name)}</label>`);
  const swapCounts = [...new Set(data.swaps.map((s) => s[0]))];
  return html`${boxes} ${select("overflow", "overflow", data.overflow)}
      ${select("attack", "attack", data.attack)} ${select("halvesies", "halvesies", data.halvesies)}
      <label>swaps <select name="swaps">${swapCounts.map((n) => html`<option value="${n}">${n}</option>`)}</select></label>
      <label>counted by <select name="swap_count"><option value="row">anyone</option><option value="player">each player</option></select></label>`;
}
