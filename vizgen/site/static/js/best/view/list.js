/* vizgen best view/list: the games ranked for the wants ticked, from the controller's state (a pure function to
 * markup through core/html.js): how many games give all the wants, the best of them with the measure ranked by,
 * the composite score and a link that plays each on the rules page. */
import { html } from "../../core/html.js";
import { count } from "../../core/util.js";
import { passing, rankedRows } from "../ctrl.js";

/** @typedef {import("../interfaces.js").State} State */
/** @typedef {import("../interfaces.js").BestData} BestData */
/** @typedef {import("../interfaces.js").BestShown} BestShown */
/** @typedef {import("../../core/html.js").Html} Html */

/**
 * A game's rules in words: the standard rules and what it changes.
 * @param {BestShown} row
 * @returns {string}
 */
export function rulesOf(row) {
  return row.changes === "none" ? "the standard rules" : "standard, " + row.changes;
}

/**
 * The figure of a row on a measure, written as the Python writes it (the composite: its score).
 * @param {BestData} data
 * @param {BestShown} row
 * @param {string} key
 * @returns {string}
 */
export function shownOn(data, row, key) {
  if (key === "composite") return row.score;
  const at = data.measures.findIndex((m) => m.key === key);
  return at > 0 ? row.shown[at - 1] : "–";
}

/**
 * The list's markup for the state: a line that says what is ranked, then the table (or why there is none).
 * @param {State} state
 * @returns {Html}
 */
export function listView(state) {
  const data = state.data;
  if (state.status === "failed") return html`<p>The judged record could not be loaded.</p>`;
  if (!data) return html`<p>Loading the judged record…</p>`;
  const measure = data.measures.find((m) => m.key === state.by) || data.measures[0];
  const rows = rankedRows(data, state.wants, measure.key);
  const labels = data.wants.filter((w) => state.wants.includes(w.key)).map((w) => w.label);
  const n = passing(data, state.wants);
  const asked = labels.length ? "give all of it (" + labels.join(", ") + ")" : "have a score (no want ticked)";
  const ranking = measure.title + (measure.player ? " (" + measure.player + ")" : "") + ", " + measure.first;
  const head = html`<p class="coverage">${data.coverage}</p><p id="best-count"><b>${count(n)}</b> of the ${count(data.games)} distinct games ${asked}. ${
    rows.length ? `The best ${rows.length} by ${ranking}:` : "None does: untick a want."}</p>`;
  if (!rows.length) return head;
  const by = measure.key === "composite" ? html`` : html`<th>${measure.title}</th>`;
  return html`${head}<div class="tablewrap" tabindex="0" role="region" aria-label="The games ranked (scrolls sideways)">
    <table class="data"><thead><tr><th>rank</th><th>the rules</th>${by}<th>score</th><th>balance</th><th>drawn</th>
    <th>half over by</th><th></th></tr></thead><tbody>${rows.map((row, k) => html`<tr><td class="n">${k + 1}</td>
    <td>${rulesOf(row)}</td>${measure.key === "composite" ? html`` : html`<td class="n">${shownOn(data, row, measure.key)}</td>`}
    <td class="n">${row.score}</td><td class="n">${shownOn(data, row, "balance.middle")}</td>
    <td class="n">${shownOn(data, row, "drawishness.middle")}</td><td class="n">${shownOn(data, row, "duration.middle")}</td><td><a class="play" href="${row.play}">Play it</a></td></tr>`)}
    </tbody></table></div>`;
}
