/* vizgen daily: the index's card of the puzzle of the day, the puzzle the practice page's Daily mode opens
 * (practice.js daily: picked by the visitor's date among the build's pool, practice/daily.js), said in one
 * sentence with a link. The pool is a data file: it is checked before use, and drawn through html``.
 */
import { html, render } from "../core/html.js";
import { count, own } from "../core/util.js";
import * as P from "./practice.js";

/** @typedef {import("../core/html.js").Html} Html */
/** A puzzle of the pool: id, variant slug (v), position (p), rating (r), theme keys (t). @typedef {{ id: string, v: string, p: string, r: number, t: string[] }} Day */

/** @param {unknown} x @returns {x is Day} */
function isDay(x) {
  if (typeof x !== "object" || x === null) return false;
  var d = /** @type {Record<string, unknown>} */ (x);
  return typeof d.id === "string" && typeof d.v === "string" && typeof d.p === "string" &&
    typeof d.r === "number" && Number.isFinite(d.r) && Array.isArray(d.t) &&
    d.t.every(function (k) { return typeof k === "string"; });
}

/**
 * Whether `progress` holds the puzzle `id` solved on `day` (its history: the puzzle of the day solved today).
 * @param {import("./practice.js").Progress} progress @param {string} id @param {string} day @returns {boolean}
 */
export function solvedOn(progress, id, day) {
  return progress.history.some(function (h) { return h.id === id && h.ok && h.day === day; });
}

/**
 * The card's sentence for `day` from the pool (the daily data file's payload: its puzzles, the variants' titles
 * and the themes' words, vizgen/reports/puzzles.py THEMES, the first theme a puzzle's task), or null when the
 * pool cannot be read or holds no puzzle; the link says `solve`, or, where `progress` holds the day's puzzle
 * solved that day, the card says `done.solved` and the link `done.again`.
 * @param {unknown} payload @param {string} day the visitor's date (practice.today) @param {string} solve the link's words
 * @param {{solved: string, again: string}} [done] the words once solved @param {import("./practice.js").Progress} [progress]
 * @returns {Html | null}
 */
export function sentence(payload, day, solve, done, progress) {
  if (typeof payload !== "object" || payload === null) return null;
  var pool = /** @type {Record<string, unknown>} */ (payload);
  if (!Array.isArray(pool.days) || typeof pool.titles !== "object" || pool.titles === null ||
    typeof pool.themes !== "object" || pool.themes === null) return null;
  var titles = /** @type {Record<string, unknown>} */ (pool.titles);
  var themes = /** @type {Record<string, unknown>} */ (pool.themes);
  var pick = P.daily(pool.days.filter(isDay), day);
  if (!pick) return null;
  var title = own(titles, pick.v) && typeof titles[pick.v] === "string" ? String(titles[pick.v]) : pick.v;
  var task = pick.t.length && own(themes, pick.t[0]) && typeof themes[pick.t[0]] === "string" ? String(themes[pick.t[0]]) : "";
  var said = done && done.solved && progress && solvedOn(progress, pick.id, day) ? done : null;
  return html`${day}: ${title}, position <code>${pick.p}</code>, puzzle rated ${count(pick.r)}${task ? ": " + task : ""
    }. ${said ? html`<b class="daily-solved">✓ ${said.solved}.</b> ` : ""}<a href="practice.html?mode=daily">${
    said ? said.again : solve}</a>`;
}

/**
 * Draw the puzzle of the day into `el` (the index's card), once the pool has loaded; the link's words are the
 * element's data-solve, and data-solved and data-again once this browser's progress (`storage`, checked as the practice page
 * checks it) holds the day's puzzle solved today; load reads the site's practice files (the page's loader of practice/).
 * @param {HTMLElement} el @param {import("../core/loader.js").Load} load
 * @param {import("./practice.js").Store | null} [storage] @returns {Promise<void>}
 */
export function show(el, load, storage) {
  var solve = el.dataset.solve || "";
  var progress = P.load(storage || null);
  return load("daily").then(function (payload) {
    var done = { solved: el.dataset.solved || "", again: el.dataset.again || solve };
    var said = sentence(payload, P.today(), solve, done, progress);
    if (said) render(el, said);
  });
}
