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
 * A list of choices.
 * @param {string} name the field's name
 * @param {string} label
 * @param {string[]} options
 * @param {number} chosen the choice chosen first
 * @returns {Html}
 */
function select(name, label, options, chosen = 0) {
  return html`<label>${label} <select name="${name}">${options.map((c, k) =>
    html`<option value="${k}"${k === chosen ? html` selected` : ""}>${c}</option>`)}</select></label>`;
}

/**
 * The form's fields: the space (every recorded one, the index's first chosen), a box a rule that is on or off,
 * ticked as the standard rules have it (zombies too where a space has it: three players), then the lists, each at
 * its first choice (the standard rules' overflow, attack and halvesies, and no swaps).
 * @param {SpaceIndex} data
 * @returns {Html}
 */
export function choices(data) {
  const box = (/** @type {string} */ name) =>
    html`<label><input type="checkbox" name="${name}"${data.standard[name] === true ? html` checked` : ""}> ${
      words(data, name)}</label>`;
  const zombies = data.spaces.some((s) => !("zombies" in s.omitted)) ? box("zombies") : "";
  const swapCounts = [...new Set(data.swaps.map((s) => s[0]))];
  return html`${select("space", "space", data.spaces.map((s) => s.label), data.chosen)}
      ${data.bools.map(box)} ${zombies} ${select("overflow", "overflow", data.overflow)}
      ${select("attack", "attack", data.attack)} ${select("halvesies", "halvesies", data.halvesies)}
      <label>swaps <select name="swaps">${swapCounts.map((n) => html`<option value="${n}">${n}</option>`)}</select></label>
      <label>counted by <select name="swap_count"><option value="row">anyone</option><option value="player">each player</option></select></label>`;
}
