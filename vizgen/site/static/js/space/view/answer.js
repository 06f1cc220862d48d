/* vizgen space view/answer: the answer to the latest question, from the controller's state (a pure function to
 * markup through core/html.js): what the map says of the rule set, in the chooser's words, and the link that
 * solves it on the rules page. */
import { html } from "../../core/html.js";
import { count, plural } from "../../core/util.js";
import { words } from "./choices.js";

/** @typedef {import("../interfaces.js").Answer} Answer */
/** @typedef {import("../interfaces.js").Status} Status */
/** @typedef {import("../../core/html.js").Html} Html */

/** The first player's value at the start (a part's letter: W, L or D), in words. */
export const VALUE_WORDS = /** @type {Readonly<Record<string, string>>} */ (
  { W: "the first player wins", L: "the second player wins", D: "a draw" });

/**
 * The answer's markup: what the map says of the rule set (or that the rules refuse it), and the link.
 * @param {Answer} answer
 * @returns {Html}
 */
function said(answer) {
  const spec = answer.spec;
  const href = "rules.html?rules=" + encodeURIComponent(spec).replace(/%3A/gi, ":").replace(/%2C/gi, ",")
    .replace(/%3D/gi, "="); // its colons, commas and equals signs kept readable
  const link = html`<a href="${href}">Solve <code>${spec}</code> on the rules page</a>.`;
  const f = answer.found;
  if (!f) return html`<code>${spec}</code>: the rules refuse this combination (<code>vizgen sweep</code> says why).`;
  const drawn = (100 * f.draws / f.positions).toFixed(1);
  return html`<b>${VALUE_WORDS[f.value]}</b>${f.remoteness >= 0 ? " in " + plural(f.remoteness, "ply", "plies") : ""};
      ${count(f.positions)} positions, ${drawn} % of them drawn.
      ${f.others ? `The same game as ${plural(f.others, "other rule set", "other rule sets")} of the map.` :
    "A game no other rule set of the map gives."}
      ${f.idle.length ? `Makes no difference here: ${f.idle.map(words).join(", ")}.` : ""} ${link}`;
}

/**
 * What the answer's paragraph says in each state: nothing new while the map loads (the page's own words stay),
 * the answer, or which file could not be loaded.
 * @param {{status: Status, answer: Answer | null}} state
 * @returns {Html | null}
 */
export function answerView(state) {
  if (state.status === "index") return html`The map could not be loaded.`;
  if (state.status === "part") return html`This part of the map could not be loaded.`;
  return state.answer ? said(state.answer) : null;
}
