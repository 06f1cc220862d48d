/* vizgen practice chart: your puzzles drawn (the history kept in this browser): your rating after each rated
 * puzzle as a line, each puzzle a mark (a dot solved, a cross failed: the shape says it, not the colour alone),
 * and your puzzles by theme as bars of solved and failed with their counts in words; a table under each for a
 * screen reader. Words: words.PRACTICE (chart-*).
 */
import { html } from "../core/html.js";
import * as util from "../core/util.js";

/** @typedef {import("../core/html.js").Html} Html */
/** @typedef {import("./practice.js").HistoryEntry} HistoryEntry */
/** A theme's tally: its key, solved, failed. @typedef {{ key: string, solved: number, failed: number }} Tally */
/** A point of the rating line: x, y in the picture, the entry. @typedef {{ x: number, y: number, e: HistoryEntry }} Point */

var W = 320, H = 120, PAD = 8, AXIS = 40; // AXIS: the room on the right for the ratings written there

/**
 * The rating line's points: the history's entries left to right, the rating after each from bottom (lo) to top
 * (hi), with the range [lo, hi] (at least 100 wide, whole hundreds).
 * @param {ReadonlyArray<HistoryEntry>} entries @returns {{ points: Point[], lo: number, hi: number }}
 */
function ratingPoints(entries) {
  var values = entries.map(function (e) { return e.after; });
  var lo = Math.floor(Math.min.apply(null, values.concat([1500])) / 100) * 100;
  var hi = Math.ceil(Math.max.apply(null, values.concat([1500])) / 100) * 100;
  if (hi - lo < 100) hi = lo + 100;
  var n = entries.length;
  var points = entries.map(function (e, i) {
    var x = PAD + (n > 1 ? i * (W - 2 * PAD - AXIS) / (n - 1) : (W - 2 * PAD - AXIS) / 2);
    var y = PAD + (hi - e.after) * (H - 2 * PAD) / (hi - lo);
    return { x: Math.round(x * 10) / 10, y: Math.round(y * 10) / 10, e: e };
  });
  return { points: points, lo: lo, hi: hi };
}

/**
 * Your puzzles by theme: per theme key (themesOf: a puzzle id's themes), how many solved and failed, the most
 * played first (then by key).
 * @param {ReadonlyArray<HistoryEntry>} entries @param {(id: string) => ReadonlyArray<string>} themesOf @returns {Tally[]}
 */
function byTheme(entries, themesOf) {
  /** @type {Map<string, Tally>} */
  var tally = new Map();
  entries.forEach(function (e) {
    themesOf(e.id).forEach(function (t) {
      var row = tally.get(t) || { key: t, solved: 0, failed: 0 };
      if (e.ok) row.solved += 1;
      else row.failed += 1;
      tally.set(t, row);
    });
  });
  return Array.from(tally.values()).sort(function (a, b) {
    return b.solved + b.failed - (a.solved + a.failed) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  });
}

/**
 * The chart of your puzzles. T: words.PRACTICE; themes: theme key -> words; themesOf: a puzzle id's theme keys.
 * @param {ReadonlyArray<HistoryEntry>} entries @param {Readonly<Record<string, string>>} T
 * @param {Readonly<Record<string, string>>} themes @param {(id: string) => ReadonlyArray<string>} themesOf
 * @returns {Html}
 */
function chartHtml(entries, T, themes, themesOf) {
  if (!entries.length) {
    return html`<section class="pz-chart" aria-label="${T.chart}"><h2>${T.chart}</h2><p class="muted">${T["chart-none"]}</p></section>`;
  }
  var line = ratingPoints(entries);
  var path = line.points.map(function (p, i) { return (i ? "L" : "M") + p.x + " " + p.y; }).join(" ");
  var marks = line.points.map(function (p) {
    return p.e.ok ? html`<circle class="ok" cx="${p.x}" cy="${p.y}" r="3.5"/>` :
      html`<path class="no" d="M${p.x - 3.5} ${p.y - 3.5}L${p.x + 3.5} ${p.y + 3.5}M${p.x - 3.5} ${p.y + 3.5}L${p.x + 3.5} ${p.y - 3.5}"/>`;
  });
  var last = entries[entries.length - 1];
  var solved = entries.filter(function (e) { return e.ok; }).length;
  var said = T["chart-rating"] + ": " + util.count(Math.round(entries[0].before)) + " → " +
    util.count(Math.round(last.after)) + ", " + util.plural(entries.length, "puzzle", "puzzles") + ", " +
    util.count(solved) + " " + T["chart-solved"] + ", " + util.count(entries.length - solved) + " " + T["chart-failed"];
  var tally = byTheme(entries, themesOf);
  var most = Math.max.apply(null, tally.map(function (t) { return t.solved + t.failed; }).concat([1]));
  return html`<section class="pz-chart" aria-label="${T.chart}"><h2>${T.chart}</h2>${""
  }<figure><figcaption>${T["chart-rating"]} <span class="muted">(● ${T["chart-solved"]}, ✕ ${T["chart-failed"]})</span></figcaption>${""
  }<svg class="pz-rating-chart" viewBox="0 0 ${W} ${H + 14}" role="img" aria-label="${said}">${""
  }<text class="axis" x="${W - 2}" y="${PAD + 4}">${util.count(line.hi)}</text>${""
  }<text class="axis" x="${W - 2}" y="${H - PAD + 3}">${util.count(line.lo)}</text>${""
  }<line class="base" x1="${PAD}" x2="${W - PAD - AXIS}" y1="${H - PAD}" y2="${H - PAD}"/>${""
  }<path class="line" d="${path}"/>${marks}</svg></figure>${""
  }<h3>${T["chart-themes"]}</h3><ul class="pz-theme-bars">${tally.map(function (t) {
    var total = t.solved + t.failed;
    return html`<li><span class="name">${themes[t.key] || t.key}</span><span class="bar" aria-hidden="true">${""
    }<span class="ok" style="width:${(100 * t.solved / most).toFixed(1)}%"></span><span class="no" style="width:${
      (100 * t.failed / most).toFixed(1)}%"></span></span><span class="nums">${util.count(t.solved)} ${
      T["chart-solved"]} · ${util.count(t.failed)} ${T["chart-failed"]} <span class="muted">of ${util.count(total)}</span></span></li>`;
  })}</ul><details class="pz-chart-table"><summary>${T["chart-rating"]}: table</summary><div class="table-wrap">${""
  }<table class="data"><thead><tr><th scope="col">${T["chart-puzzle"]}</th><th scope="col">${T["chart-result"]}</th>${""
  }<th scope="col">${T["chart-after"]}</th></tr></thead><tbody>${entries.map(function (e) {
    return html`<tr><th scope="row">${e.id}</th><td>${e.ok ? "✓ " + T["chart-solved"] : "✕ " + T["chart-failed"]}</td>${""
    }<td>${util.count(Math.round(e.after))}</td></tr>`;
  })}</tbody></table></div></details></section>`;
}

export { ratingPoints, byTheme, chartHtml };
