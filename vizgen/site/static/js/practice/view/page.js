/* vizgen practice view/page: the whole practice page from the controller's state (pure functions to markup
 * through core/html.js): the notes, the rating line, the modes, the difficulty, the streak, the board (a
 * puzzle, a goal or the timed run), the failed run, the filters, your puzzles drawn and your progress.
 */
import { html } from "../../core/html.js";
import * as util from "../../core/util.js";
import { chartHtml } from "../chart.js";
import * as P from "../practice.js";
import * as timed from "../timed.js";
import { boardView, goalView } from "./board.js";

/** @typedef {import("../../core/html.js").Html} Html */
/** @typedef {import("../interfaces.js").State} State */
/** @typedef {import("../interfaces.js").Ui} Ui */

/** @param {State} s @returns {Html} */
function ratingLine(s) {
  const r = s.progress.rating;
  const played = s.progress.history.length;
  return html`<div class="pz-status"><span class="pz-rating" title="Glicko-2 rating against the puzzles' ratings">${""
  }Your puzzle rating <b data-rating>${util.count(Math.round(r.rating))}</b>${
    r.rd > 110 ? html` <span class="muted">(provisional: ${util.count(played)} played)</span>` : ""}</span>${""
  }<span class="pz-best">best streak <b data-best>${util.count(s.progress.best)}</b></span>${""
  }<span class="pz-solved">solved <b>${util.count(Object.keys(s.progress.solved).length)}</b></span></div>`;
}

/**
 * What the page could not take: the parts of the address it left out (the reader's notes, and what names
 * nothing here), and the progress set aside (P.check), with a reset. Words only, escaped.
 * @param {State} s @returns {Html}
 */
function notesHtml(s) {
  const notes = s.notes.length ? html`<p class="pz-address-note" role="status">${s.notes.join(" ")}</p>` : "";
  const a = s.aside;
  if (!a) return html`${notes}`;
  const all = a.parts.indexOf(P.ALL) >= 0;
  const text = all ? "The progress " + a.where + " could not be read: it is left out, and you start afresh here." :
    "Part of the progress " + a.where + " could not be read and is left out: " + a.parts.join(", ") +
    ". The rest is kept.";
  return html`${notes}<div class="pz-aside" role="alert"><p>${text}</p><p><button type="button" ${""
  }data-act="reset">Forget my progress</button> <button type="button" data-act="keep">${
    all ? "OK" : "Keep the rest"}</button></p></div>`;
}

/** @param {State} s @returns {Html} */
function modes(s) {
  const list = [["puzzles", "Puzzles"], ["streak", "Streak"], ["timed", s.W.practice.timed], ["daily", "Daily"],
    ["goals", "Goals"]];
  if (s.retry) list.push(["retry", "Your mistakes"]);
  return html`<nav class="pz-modes" aria-label="Practice modes">${list.map((m) =>
    html`<button type="button" data-mode="${m[0]}"${s.mode === m[0] ? html` aria-pressed="true"` : ""}>${m[1]}</button>`)}</nav>`;
}

/** @param {State} s @param {Ui} ui @returns {Html} */
function filters(s, ui) {
  const vs = s.idx.variants.filter((v) => v.count);
  const themes = Object.keys(s.idx.themes);
  /** @type {Record<string, number>} */
  const counts = Object.create(null);
  s.puzzles.forEach((p) => {
    if (s.variant && p.v !== s.variant) return;
    p.t.forEach((t) => { counts[t] = (counts[t] || 0) + 1; });
  });
  const variant = s.variant ? P.variantOf(s.idx, s.variant) : undefined;
  const chosen = (variant ? variant.title : "every variant") + ", " + (s.theme ? s.idx.themes[s.theme] : "every theme");
  return html`<details class="pz-filters"${ui.filtersOpen ? " open" : ""}><summary>Puzzles from: <b>${
    chosen}</b> (${util.count(ui.left)})</summary><div class="pz-filter-row"><label>Variant ${""
  }<select data-filter="variant"><option value="">every variant (${util.count(s.puzzles.length)})</option>${
    vs.map((v) => html`<option value="${v.slug}"${v.slug === s.variant ? " selected" : ""}>${v.title} (${util.count(v.count)})</option>`)
  }</select></label><label>Theme <select data-filter="theme"><option value="">every theme</option>${
    themes.filter((t) => counts[t]).map((t) =>
      html`<option value="${t}"${t === s.theme ? " selected" : ""}>${s.idx.themes[t]} (${util.count(counts[t])})</option>`)
  }</select></label></div></details>`;
}

/** @param {State} s @returns {Html} */
function progressHtml(s) {
  return html`<section class="pz-progress" aria-label="Your progress"><h2>Your progress</h2>${""
  }<p>Your rating, streak, solved puzzles and goals stay in this browser only (its local storage): nothing is ${""
  }sent anywhere. Save them as a small file to keep them or to move them to another browser.</p>${""
  }<p class="pz-io"><button type="button" data-act="export">Save progress (JSON)</button>${""
  }<label class="pz-import">Load progress <input type="file" accept="application/json,.json" data-act="import"></label>${""
  }<button type="button" data-act="reset">Forget my progress</button></p>${
    s.msg ? html`<p class="pz-note" role="status">${s.msg}</p>` : ""}</section>`;
}

/* The difficulty choice (easier, normal, harder) and the ratings it draws the next puzzles from. */
/** @param {State} s @returns {Html} */
function levelHtml(s) {
  const W = s.W.practice, rating = s.progress.rating.rating;
  const band = P.levelBand(rating, s.level);
  return html`<div class="pz-level" role="group" aria-label="${W.level}"><span class="pz-level-name">${W.level}</span>${
    Object.keys(P.LEVELS).map((l) =>
      html`<button type="button" data-level="${l}" aria-pressed="${String(s.level === l)}">${W["level-" + l]}</button>`)
  }<span class="pz-level-says" data-level-says>${util.fill(W["level-says"], { lo: util.count(band[0]),
    hi: util.count(band[1]), n: util.count(Math.round(rating)) })}</span></div>`;
}

/** The storm's words with its figures (timed.js's, in seconds). @param {string} text @returns {string} */
function stormFill(text) {
  return util.fill(text, { miss: timed.MISS / 1000, bonus: timed.BONUS / 1000, every: timed.EVERY });
}

/** The storm's bests as they stand now: today's, this week's, of all time. @param {State} s @returns {Html} */
function bestsHtml(s) {
  const b = timed.current(s.progress.storm, s.now());
  return html`<p class="pz-storm-bests" data-storm-bests>${util.fill(s.W.practice["storm-bests"], { day: util.count(b.dayBest),
    n: b.dayRuns, week: util.count(b.weekBest), ever: util.count(s.progress.timed) })}</p>`;
}

/** The storm's puzzles to review, the missed first, each with a button that opens it again. @param {State} s @returns {Html} */
function stormList(s) {
  const W = s.W.practice, t = s.timed;
  if (!t || !t.run.puzzles.length) return html``;
  const rows = timed.review(t.run).map((p) => {
    const e = s.byId.get(p.id), v = e ? P.variantOf(s.idx, e.v) : undefined;
    return html`<li class="${p.ok ? "pz-storm-solved" : "pz-storm-missed"}" data-storm-puzzle="${p.id}"><b>${
      W[p.ok ? "storm-solved" : "storm-missed"]}</b> ${v ? v.title : ""}${e ? html` · ${util.fill(W["storm-rated"], {
      r: util.count(e.r) })} <button type="button" data-review="${p.id}">${W["storm-open"]}</button>` : ""}</li>`;
  });
  return html`<section class="pz-storm-list" aria-label="${W["storm-list"]}"><h2>${W["storm-list"]}</h2><ol>${rows}</ol></section>`;
}

/* The storm (the timed mode): before a run the lead, the bests and a start; during one the clock over the board;
   after one its result, the bests it beat, another start and the run's puzzles to review (one at a time on the
   board above the list). */
/** @param {State} s @param {Ui} ui @returns {Html} */
function timedHtml(s, ui) {
  const W = s.W.practice, t = s.timed;
  if (t && t.done && s.cur) return html`${boardView(s, ui)}${stormList(s)}`;
  if (!t || t.done) {
    const beat = t && t.beat ? [t.beat.day ? W["storm-new-day"] : "", t.beat.week ? W["storm-new-week"] : ""]
      .filter(Boolean).join(" ") : "";
    const end = t ? html`<p class="pz-timed-end" role="status" data-timed-end>${util.fill(W["timed-end"], {
      n: util.count(t.run.solved), best: util.count(s.progress.timed) })}</p>${
      beat ? html`<p class="pz-storm-beat" data-storm-beat>${beat}</p>` : ""}` : "";
    return html`<article class="pz-board pz-timed">${end}${bestsHtml(s)}<p>${stormFill(W["timed-lead"])}</p>${""
    }<p><button type="button" class="primary" data-act="timed">${t ? W["timed-again"] : W["timed-start"]}</button></p>${""
    }</article>${stormList(s)}`;
  }
  const r = t.run;
  const bonus = t.last && r.combo > 0 && r.combo % timed.EVERY === 0;
  const last = t.last === null ? "" : " · " + stormFill(W[bonus ? "timed-last-bonus" : t.last ? "timed-last-ok" : "timed-last-no"]);
  return html`<p class="pz-clock" role="timer" aria-live="off"><b data-clock>${timed.face(timed.left(r, s.now()))}</b> ${
    W["timed-left"]} · <b data-timed-solved>${util.count(r.solved)}</b> ${W["timed-solved"]} · <b data-timed-row>${
    util.count(r.combo)}</b> ${W["timed-row"]}<span data-timed-last>${last}</span></p>${boardView(s, ui)}`;
}

/** The whole page. @param {State} s @param {Ui} ui @returns {Html} */
export function pageView(s, ui) {
  const streak = s.mode === "streak" && s.streak ? html`<p class="pz-streak">Streak <b data-streak>${util.count(s.streak.count)}</b>${
    s.streak.over ? " · over: a mistake ends it" : " · each puzzle rated higher than the last, until your first mistake"}</p>` : "";
  const board = s.mode === "goals" ? goalView(s, ui) : s.mode === "timed" ? timedHtml(s, ui) : boardView(s, ui);
  const failed = s.failedRun.length && s.cur && s.cur.state.status !== "play" && s.mode !== "streak" &&
    s.mode !== "goals" && s.mode !== "timed" ?
    html`<p class="pz-failed-run"><button type="button" data-act="failedrun">Retry the ${
      util.plural(s.failedRun.length, "puzzle", "puzzles")} you failed in this run</button></p>` : "";
  const chart = chartHtml(s.progress.history, s.W.practice, s.idx.themes, (id) => {
    const e = s.byId.get(id);
    return e ? e.t : [];
  });
  return html`<div class="pz-main">${notesHtml(s)}${ratingLine(s)}${modes(s)}${
    s.mode === "puzzles" ? levelHtml(s) : ""}${streak}${board}</div>${""
  }<aside class="pz-side">${failed}${s.mode === "puzzles" ? filters(s, ui) : ""}${chart}${progressHtml(s)}</aside>`;
}
