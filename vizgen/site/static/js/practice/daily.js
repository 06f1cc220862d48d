/* vizgen daily: the index's card of the puzzle of the day, the puzzle the practice page's Daily mode opens
 * (practice.js daily: picked by the visitor's date among the build's pool, practice/daily.js), said in one
 * sentence with a link. The pool is a data file: it is checked before use, and drawn through html``.
 */
import { html, render } from "../core/html.js";
import * as loader from "../core/loader.js";
import { count, own } from "../core/util.js";
import * as P from "./practice.js";

/** @typedef {import("../core/html.js").Html} Html */
/** A puzzle of the pool: id, variant slug (v), position (p), rating (r), theme keys (t). @typedef {{ id: string, v: string, p: string, r: number, t: string[] }} Day */
/** What the card says besides the puzzle (the template's words). @typedef {{ win: string, draw: string, solve: string }} DailyWords */

/** @param {unknown} x @returns {x is Day} */
function isDay(x) {
  if (typeof x !== "object" || x === null) return false;
  var d = /** @type {Record<string, unknown>} */ (x);
  return typeof d.id === "string" && typeof d.v === "string" && typeof d.p === "string" &&
    typeof d.r === "number" && Number.isFinite(d.r) && Array.isArray(d.t) &&
    d.t.every(function (k) { return typeof k === "string"; });
}

/**
 * The card's sentence for `day` from the pool (the daily data file's payload), or null when the pool cannot be
 * read or holds no puzzle.
 * @param {unknown} payload @param {string} day the visitor's date (practice.today) @param {DailyWords} W
 * @returns {Html | null}
 */
export function sentence(payload, day, W) {
  if (typeof payload !== "object" || payload === null) return null;
  var pool = /** @type {Record<string, unknown>} */ (payload);
  if (!Array.isArray(pool.days) || typeof pool.titles !== "object" || pool.titles === null) return null;
  var titles = /** @type {Record<string, unknown>} */ (pool.titles);
  var pick = P.daily(pool.days.filter(isDay), day);
  if (!pick) return null;
  var title = own(titles, pick.v) && typeof titles[pick.v] === "string" ? String(titles[pick.v]) : pick.v;
  return html`${day}: ${title}, position <code>${pick.p}</code>, puzzle rated ${count(pick.r)}: ${
    pick.t[0] === "win" ? W.win : W.draw}. <a href="practice.html?mode=daily">${W.solve}</a>`;
}

/**
 * Draw the puzzle of the day into `el` (the index's card), once the pool has loaded; its words are the
 * element's data-win, data-draw and data-solve.
 * @param {HTMLElement} el @returns {Promise<void>}
 */
export function show(el) {
  var W = { win: el.dataset.win || "", draw: el.dataset.draw || "", solve: el.dataset.solve || "" };
  return loader.create("practice/")("daily").then(function (payload) {
    var said = sentence(payload, P.today(), W);
    if (said) render(el, said);
  });
}
