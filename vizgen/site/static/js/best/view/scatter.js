/* vizgen best view/scatter: the space on two measures, from the controller's state (a pure function to SVG
 * markup through core/html.js): a grey square a cell of the two measures' bins, darker the more distinct games
 * it holds (its count in its title), and a ringed dot a game the page lists, a link that plays it on the rules
 * page (its target a ring 14 units wide, wider than the dot); the standard game a labelled square. */
import { html } from "../../core/html.js";
import { count, pct, plural } from "../../core/util.js";
import { rulesOf } from "./list.js";

/** @typedef {import("../interfaces.js").State} State */
/** @typedef {import("../interfaces.js").BestData} BestData */
/** @typedef {import("../interfaces.js").BestAxis} BestAxis */
/** @typedef {import("../../core/html.js").Html} Html */

/** The drawing's size and its margins, in its own units. */
export const SIZE = { w: 640, h: 440, left: 70, right: 16, top: 14, bottom: 64 };

/**
 * The cells of two axes, `[bin across, bin up, games]`, whichever way round the data holds them.
 * @param {BestData} data
 * @param {string} x
 * @param {string} y
 * @returns {number[][]}
 */
export function cellsOf(data, x, y) {
  const straight = data.cells[x + "|" + y];
  if (straight) return straight;
  const turned = data.cells[y + "|" + x];
  return turned ? turned.map((c) => [c[1], c[0], c[2]]) : [];
}

/**
 * A value on an axis as a share of its length, 0 to 1 (a value past the last bin at its end).
 * @param {BestAxis} axis
 * @param {number} value
 * @returns {number}
 */
export function along(axis, value) {
  return Math.min(1, Math.max(0, (value - axis.low) / (axis.step * axis.bins)));
}

/**
 * A tick's value written in its measure's unit.
 * @param {BestData} data
 * @param {string} unit
 * @param {number} v
 * @returns {string}
 */
export function tick(data, unit, v) {
  if (unit === "share" || unit === "chance") return pct(Math.round(v * 100) / 100, { ...data.units, decimals: 0 });
  if (unit === "points") return (v > 0 ? "+" : "") + v.toFixed(1);
  return count(v);
}

/**
 * Where an axis is marked: each whole level of a count of levels (its bins centred on them), else its two ends,
 * its middle and its quarters.
 * @param {BestAxis} axis
 * @param {string} unit
 * @returns {number[]}
 */
export function tickValues(axis, unit) {
  const span = axis.step * axis.bins;
  if (unit === "levels") return Array.from({ length: axis.bins }, (_, k) => axis.low + (k + 0.5) * axis.step);
  return [0, 0.25, 0.5, 0.75, 1].map((s) => axis.low + s * span);
}

/**
 * The scatter's markup for the state, or a line why there is none.
 * @param {State} state
 * @returns {Html}
 */
export function scatterView(state) {
  const data = state.data;
  if (state.status === "failed") return html`<p>The judged record could not be loaded.</p>`;
  if (!data) return html`<p>Loading the judged record…</p>`;
  const ax = data.axes.find((a) => a.key === state.x);
  const ay = data.axes.find((a) => a.key === state.y);
  if (!ax || !ay || ax.key === ay.key) return html`<p>Choose two different measures.</p>`;
  const mx = data.measures.find((m) => m.key === ax.key) || data.measures[0];
  const my = data.measures.find((m) => m.key === ay.key) || data.measures[0];
  const plotW = SIZE.w - SIZE.left - SIZE.right, plotH = SIZE.h - SIZE.top - SIZE.bottom;
  const cw = plotW / ax.bins, ch = plotH / ay.bins;
  const cells = cellsOf(data, ax.key, ay.key);
  const most = Math.max(1, ...cells.map((c) => c[2]));
  const at = (/** @type {BestAxis} */ a, /** @type {number} */ v) => along(a, v);
  const px = (/** @type {number} */ v) => SIZE.left + at(ax, v) * plotW;
  const py = (/** @type {number} */ v) => SIZE.top + (1 - at(ay, v)) * plotH;
  const name = (/** @type {typeof mx} */ m) => m.title + (m.player ? " (" + m.player + ")" : "") + ", " + m.unit;
  const ix = data.measures.indexOf(mx) - 1, iy = data.measures.indexOf(my) - 1;
  const squares = cells.map((c) => html`<rect x="${(SIZE.left + c[0] * cw).toFixed(1)}" y="${(SIZE.top + (ay.bins - 1 - c[1]) * ch).toFixed(1)}"
    width="${cw.toFixed(1)}" height="${ch.toFixed(1)}" fill="currentColor"
    fill-opacity="${(0.08 + 0.6 * Math.log(1 + c[2]) / Math.log(1 + most)).toFixed(3)}"><title>${plural(c[2], "distinct game", "distinct games")}</title></rect>`);
  const order = [...data.rows.keys()].filter((k) => k !== data.standard).concat([data.standard]); // the standard on top
  const dots = order.map((k) => {
    const row = data.rows[k];
    const vx = row.values[ix], vy = row.values[iy];
    if (vx === null || vy === null) return html``;
    const label = rulesOf(row) + ": " + row.score + "; " + mx.title + " " + row.shown[ix] + ", " + my.title + " " +
      row.shown[iy] + ". Play it.";
    const x = px(vx).toFixed(1), y = py(vy).toFixed(1);
    return k === data.standard
      ? html`<a href="${row.play}" aria-label="${label}" class="dot-standard"><rect x="${(px(vx) - 7).toFixed(1)}" y="${(py(vy) - 7).toFixed(1)}" width="14" height="14" fill="none" stroke="currentColor" stroke-width="2.5" pointer-events="all"/><text x="${(px(vx) + 10).toFixed(1)}" y="${(py(vy) - 8).toFixed(1)}" font-size="13" fill="currentColor">standard</text><title>${label}</title></a>`
      : html`<a href="${row.play}" aria-label="${label}" class="dot"><circle cx="${x}" cy="${y}" r="14" fill="none" pointer-events="all"/><circle cx="${x}" cy="${y}" r="6" fill="none" stroke="var(--accent)" stroke-width="2"/><title>${label}</title></a>`;
  });
  const ticks = (/** @type {BestAxis} */ a, /** @type {typeof mx} */ m, /** @type {boolean} */ across) =>
    tickValues(a, m.unit).map((v) => {
      const s = along(a, v), text = tick(data, m.unit, v);
      return across
        ? html`<text x="${(SIZE.left + s * plotW).toFixed(1)}" y="${SIZE.h - SIZE.bottom + 18}" font-size="12" text-anchor="middle" fill="currentColor">${text}</text>`
        : html`<text x="${SIZE.left - 6}" y="${(SIZE.top + (1 - s) * plotH + 4).toFixed(1)}" font-size="12" text-anchor="end" fill="currentColor">${text}</text>`;
    });
  return html`<svg class="scatter" viewBox="0 0 ${SIZE.w} ${SIZE.h}" role="group" aria-label="${name(mx)} across, ${name(my)} up"
    xmlns="http://www.w3.org/2000/svg"><rect x="${SIZE.left}" y="${SIZE.top}" width="${plotW}" height="${plotH}" fill="none" stroke="currentColor" stroke-opacity="0.3"/>
    ${squares}${ticks(ax, mx, true)}${ticks(ay, my, false)}
    <text x="${SIZE.left + plotW / 2}" y="${SIZE.h - 14}" font-size="13" text-anchor="middle" fill="currentColor">${name(mx)} →</text>
    <text x="14" y="${SIZE.top + plotH / 2}" font-size="13" text-anchor="middle" fill="currentColor" transform="rotate(-90 14 ${SIZE.top + plotH / 2})">${name(my)} →</text>
    ${dots}</svg>
    <p class="coverage">${data.coverage}</p><p class="muted" id="scatter-key">${count(cells.reduce((s, c) => s + c[2], 0))} distinct games judged on both measures; ringed dots: the ${count(data.rows.length - 1)} games the lists above show; the square: the standard game. Click a dot to play it.</p>`;
}
