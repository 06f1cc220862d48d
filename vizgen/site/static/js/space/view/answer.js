/* vizgen space view/answer: the answer to the latest question, from the controller's state (a pure function to
 * markup through core/html.js): what the map says of the rule set, in the chooser's words, and the link that
 * solves it on the rules page. */
import { html } from "../../core/html.js";
import { count, plural, pct } from "../../core/util.js";
import { words } from "./choices.js";

/** @typedef {import("../interfaces.js").Answer} Answer */
/** @typedef {import("../interfaces.js").Status} Status */
/** @typedef {import("../interfaces.js").SpaceIndex} SpaceIndex */
/** @typedef {import("../../core/util.js").Units} Units */
/** @typedef {import("../../core/html.js").Html} Html */

/** The first player's value at the start (a part's letter: W, L or D), in words. */
export const VALUE_WORDS = /** @type {Readonly<Record<string, string>>} */ (
  { W: "the first player wins", L: "the second player wins", D: "a draw" });

/**
 * The engine's sentence with every rule it names in words ("cherry_bomb resets ..., which sudden_death=true ..."
 * -> "cherry bomb resets ..., which sudden death on ..."), from the rule book's table of the rules' words: the
 * engine's reason, with the rules named as the page names them.
 * @param {SpaceIndex} data
 * @param {string} text
 * @returns {string}
 */
export function inWords(data, text) {
  return text.replace(/\b([a-z]+(?:_[a-z]+)*)(=true|=false)?\b/g, (all, name, set) =>
    name.length > 1 && words(data, name) !== name // a parameter's code name (r alone stays: "r = 5")
      ? words(data, name) + (set ? (set === "=true" ? " on" : " off") : "") : all);
}

/**
 * The answer's markup: what the map says of the rule set (or why the rules refuse it), and the link.
 * @param {SpaceIndex} data
 * @param {Answer} answer
 * @returns {Html}
 */
function said(data, answer) {
  const spec = answer.spec;
  const href = "rules.html?rules=" + encodeURIComponent(spec).replace(/%3A/gi, ":").replace(/%2C/gi, ",")
    .replace(/%3D/gi, "="); // its colons, commas and equals signs kept readable
  const link = html`<a href="${href}">Solve <code>${spec}</code> on the rules page</a>.`;
  const f = answer.found;
  if (!f) {
    return answer.why ? html`<code>${spec}</code>: the rules refuse this combination: ${inWords(data, answer.why)}.`
      : html`<code>${spec}</code>: the map holds no answer for this rule set. ${link}`;
  }
  return html`<b>${VALUE_WORDS[f.value]}</b>${f.remoteness >= 0 ? " in " + plural(f.remoteness, "ply", "plies") : ""};
      ${count(f.positions)} positions, ${pct(f.draws / f.positions, data.units)} of them drawn.
      ${f.others ? `The same game as ${plural(f.others, "other rule set", "other rule sets")} of the map.` :
    "A game no other rule set of the map gives."}
      ${f.idle.length ? `Makes no difference here: ${f.idle.map((name) => words(data, name)).join(", ")}.` : ""} ${link}`;
}

/**
 * What the answer's paragraph says in each state: nothing new while the map loads (the page's own words stay),
 * the answer, or which file could not be loaded.
 * @param {{status: Status, data: SpaceIndex | null, answer: Answer | null}} state
 * @returns {Html | null}
 */
export function answerView(state) {
  if (state.status === "index") return html`The map could not be loaded.`;
  if (state.status === "part") return html`This part of the map could not be loaded.`;
  return state.answer && state.data ? said(state.data, state.answer) : null;
}
