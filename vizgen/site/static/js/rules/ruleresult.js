/* vizgen ruleresult: the rules page's views of a solved rule set: the start's value, the counts table, and one
 * position with its moves (each move's meaning for the player choosing it).
 */
import { contract } from "../core/contract.js";
import { html, render } from "../core/html.js";
import * as rulebadge from "./rulebadge.js";
import * as rulefacts from "./rulefacts.js";
import * as rulegraph from "./rulegraph.js";
import * as util from "../core/util.js";

/** @typedef {import("./engine/rulesolve.js").Solved} Solved */
/** @typedef {import("./rulefacts.js").Facts} Facts */
/** @typedef {import("./rulefacts.js").Figures} Figures */

/**
 * The start's value in a sentence.
 * @param {Solved} s
 * @param {Facts} f
 * @returns {string}
 */
function startSentence(s, f) {
  var i = s.start, P = s.rules.P;
  var text = rulebadge.verdictWords(s, f, i, false);
  if (P === 2) {
    if (s.winner[i] === 0) return "The first player can force a win: " + text + ".";
    if (s.winner[i] === 1) return "The second player can force a win: " + text + " for the first.";
    return "With perfect play neither player can force a win: a draw.";
  }
  return "At the start, " + text + ".";
}

/**
 * The start, in its value's colours, and its sentence.
 * @param {Element} el
 * @param {Solved} s
 * @param {Facts} f
 */
function verdict(el, s, f) {
  var start = s.start;
  render(el, html`<span class="big ${contract.verdicts[f.verdict[start]].cls}">${s.rules.name(s.codes[start])}</span> ${
    startSentence(s, f)}`);
}

/**
 * The counts table's rows.
 * @param {Element} el
 * @param {Figures} figures
 */
function counts(el, figures) {
  render(el, html`${rulefacts.countRows(figures).map(function (r) {
    return html`<tr><th scope="row">${r[0]}</th><td class="num">${r[1]}</td></tr>`;
  })}`);
}

/**
 * Node i: its value, how far from the start, and its moves (or the end).
 * @param {Element} el
 * @param {Solved} s
 * @param {Facts} f
 * @param {number} i
 */
function position(el, s, f, i) {
  var name = s.rules.name(s.codes[i]);
  var moves = rulegraph.movesOf(s, f, i);
  var table = !moves.length ? html`<p>The game is over here.</p>`
    : html`<table class="data rules-moves"><thead><tr><th scope="col">Move</th><th scope="col">Leads to</th><th scope="col">For the player choosing it</th></tr></thead><tbody>${
      moves.map(function (m) {
        return html`<tr class="${m.best ? "best" : ""}"><td>${m.names.join(" / ")}${
          m.best ? html` <span class="opt">optimal</span>` : ""}</td><td><a href="#" data-node="${m.dst}">${
          s.rules.name(s.codes[m.dst])}</a></td><td>${rulebadge.choiceBadge(f, m.dst)}</td></tr>`;
      })}</tbody></table>`;
  render(el, html`<h3>${name} ${rulebadge.verdictBadge(s, f, i)}</h3><p>${rulebadge.verdictWords(s, f, i, false)}. ${
    util.plural(s.depth[i], "ply", "plies")} from the start.</p>${table}`);
}

export { verdict, counts, position };
