/* vizgen rulecompare: the rules page's figures of two rule sets side by side and its sweeps of one number.
 *
 * No document here (Node runs it: tests/js/rulecompare.test.js): ruleside.js solves and shows, this module puts
 * two rule sets' figures (rulefacts.js figures) side by side, plans a sweep (which values of r, swaps, lives,
 * start or hands, each a rule set the page can solve) and draws its chart as SVG markup (core/html.js: every
 * word escaped, every colour a class of the theme's palette).
 */
import { contract } from "../core/contract.js";
import { html } from "../core/html.js";
import * as util from "../core/util.js";
import * as rulefacts from "./rulefacts.js";

/* The numbers a sweep may run along, in the order the page offers them. */
var SWEEP = ["r", "swaps", "lives", "start", "hands"];
/* The most points a sweep solves (its chart stays readable on a phone). */
var SWEEP_POINTS = 12;

/** @typedef {import("./rulefacts.js").Figures} Figures */
/** @typedef {import("./rulefacts.js").ClassKey} ClassKey */
/** @typedef {import("./engine/rulebook.js").Book} Book */
/** @typedef {import("./engine/rulebook.js").Params} Params */
/** @typedef {import("../core/html.js").Html} Html */
/**
 * The words' units (words.units; core/util.js pct reads them).
 * @typedef {{percent: string, below: string, above: string, none: string, decimals: number}} Units
 */
/** @typedef {{label: string, a: string, b: string, differ: boolean, cls: ClassKey[] | null}} SideRow */
/** @typedef {{value: number, params: Params, size: number, spec: string}} SweepPoint a rule set of a sweep */
/**
 * A point of a sweep's chart: its value, its link, whether it is the page's rule set, and once solved its
 * positions, the start's class and words (else its state).
 * @typedef {{value: number, href: string, here?: boolean, n?: number | null, cls?: ClassKey, words?: string,
 *   state?: string}} ChartPoint
 */

/* Two rule sets' figures side by side: [{label, a, b, differ, cls: [a's, b's] or null}], the start's value
   first, then the counts (with the share of positions drawn) as countRows writes them. U: the words' units. */
/**
 * @param {Figures} a
 * @param {Figures} b
 * @param {Units} U
 * @returns {SideRow[]}
 */
function sideBySide(a, b, U) {
  /** @type {SideRow[]} */
  var rows = [{ label: "The start, for the first player", a: a.start + ": " + a.words, b: b.start + ": " + b.words,
    differ: a.cls !== b.cls, cls: [a.cls, b.cls] }];
  var ra = rulefacts.countRows(a), rb = rulefacts.countRows(b);
  /** @type {Array<keyof Figures>} */
  var keys = ["n", "edges", "win", "draw", "loss", "over", "longest"];
  ra.forEach(function (r, i) {
    var label = a.players === b.players ? r[0] : r[0] + " / " + rb[i][0];
    rows.push({ label: label, a: r[1], b: rb[i][1], differ: a[keys[i]] !== b[keys[i]], cls: null });
    if (keys[i] === "draw") {
      var sa = a.draw / a.n, sb = b.draw / b.n;
      rows.push({ label: a.players === 2 ? "Share of positions drawn" : "Share of positions open",
        a: util.pct(sa, U), b: util.pct(sb, U), differ: util.pct(sa, U) !== util.pct(sb, U), cls: null });
    }
  });
  return rows;
}

// ------------------------------------------------------------------ sweeps
/* The values of number `name` a sweep of `params` solves: each valid (book.problem), each no bigger than
   `limit` positions and all together no more than `limit`, at most SWEEP_POINTS, nearest the rule set's own
   value first; returned in ascending order as [{value, params, spec, size}] (spec from `base`). */
/**
 * @param {Book} book
 * @param {string} base
 * @param {Params} params
 * @param {string} name
 * @param {number} limit
 * @returns {SweepPoint[]}
 */
function sweepPlan(book, base, params, name, limit) {
  var range = book.D.ranges[name], here = Number(params[name]);
  /** @type {SweepPoint[]} */
  var found = [];
  for (var v = range[0]; v <= range[1]; v++) {
    var p = Object.assign({}, params);
    p[name] = v;
    if (book.problem(p)) continue;
    var size = book.estimate(p);
    if (size <= limit) found.push({ value: v, params: p, size: size, spec: "" });
  }
  found.sort(function (x, y) {
    return Math.abs(x.value - here) - Math.abs(y.value - here) || x.value - y.value;
  });
  /** @type {SweepPoint[]} */
  var chosen = [];
  var total = 0;
  for (var i = 0; i < found.length && chosen.length < SWEEP_POINTS; i++) {
    if (total + found[i].size > limit) continue;
    total += found[i].size;
    chosen.push(found[i]);
  }
  chosen.sort(function (x, y) { return x.value - y.value; });
  chosen.forEach(function (pt) { pt.spec = book.spec(base, pt.params); });
  return chosen;
}
/* The numbers of SWEEP a sweep of `params` can run along: those with at least two values to solve. */
/**
 * @param {Book} book
 * @param {string} base
 * @param {Params} params
 * @param {number} limit
 * @returns {string[]}
 */
function sweepable(book, base, params, limit) {
  return SWEEP.filter(function (name) { return sweepPlan(book, base, params, name, limit).length >= 2; });
}

/* Ticks for a count axis on a log scale from 1 to at least `top`: powers of ten. */
/**
 * @param {number} top
 * @returns {number[]}
 */
function decades(top) {
  var out = [1];
  while (out[out.length - 1] < top) out.push(out[out.length - 1] * 10);
  return out;
}
/* The chart of a sweep as SVG text: per point (value, cls, words, n, href) a marker of the start's value for
   the first player (the value's palette class) above a bar of its positions on a log scale, its number below,
   each point a link to its rule set. `name`: the number swept; W: the words (the meaning table's classes);
   `room`: the pixels of width there are (the points are drawn 28 to 44 apart to fit it where they can). */
/**
 * @param {ChartPoint[]} points
 * @param {string} name
 * @param {unknown} W
 * @param {number} room
 * @returns {Html}
 */
function sweepChart(points, name, W, room) {
  var count = util.count, left = 50;
  var step = room ? Math.max(28, Math.min(44, Math.floor((room - left - 8) / Math.max(points.length, 1)))) : 44;
  var bar = Math.round(step * 0.55);
  var top = 14, valueRow = 26, barTop = top + valueRow + 16, barH = 120;
  var width = left + step * points.length + 8, height = barTop + barH + 38;
  var most = 1;
  points.forEach(function (p) { most = Math.max(most, p.n || 1); });
  var ticks = decades(most), span = Math.log10(ticks[ticks.length - 1]) || 1;
  /** @param {number} n */
  var y = function (n) { return barTop + barH - (barH * Math.log10(Math.max(n, 1))) / span; };
  var grid = ticks.map(function (t) {
    return html`<line class="sweep-grid" x1="${left}" x2="${width - 4}" y1="${y(t).toFixed(1)}" y2="${
      y(t).toFixed(1)}"/><text class="sweep-axis" x="${left - 8}" y="${(y(t) + 4).toFixed(1)
    }" text-anchor="end">${t >= 1e6 ? t / 1e6 + "M" : t >= 1e3 ? t / 1e3 + "k" : String(t)}</text>`;
  });
  var marks = points.map(function (p, i) {
    var x = left + step * i + step / 2, n = p.n, solved = n !== undefined && n !== null;
    var label = name + " = " + p.value + ": " + (solved ? "the start is a " + p.words + " for the first player; " +
      count(/** @type {number} */ (n)) + " positions" : p.state || "not solved yet");
    var value;
    if (n !== undefined && n !== null) {
      var k = /** @type {ClassKey} */ (p.cls), c = contract.classes[k];
      value = html`<circle class="sweep-value fill-${c.palette}" cx="${x}" cy="${top + valueRow / 2
      }" r="9"/><text class="sweep-letter ${c.label}" x="${x}" y="${top + valueRow / 2 + 4
      }" text-anchor="middle">${k.charAt(0).toUpperCase()}</text><rect class="sweep-bar" x="${x - bar / 2}" y="${
        y(n).toFixed(1)}" width="${bar}" height="${(barTop + barH - y(n)).toFixed(1)}"/>`;
    } else {
      value = html`<circle class="sweep-pending" cx="${x}" cy="${top + valueRow / 2}" r="8"/>`;
    }
    return html`<a class="sweep-point${p.here ? " here" : ""}" href="${p.href}" data-value="${p.value
    }" aria-label="${label}"><title>${label}</title><rect class="sweep-hit" x="${x - step / 2 + 2}" y="${top
    }" width="${step - 4}" height="${barTop + barH + 30 - top}"/>${value}<text class="sweep-x" x="${x}" y="${
      barTop + barH + 18}" text-anchor="middle">${p.value}</text></a>`;
  });
  return html`<svg class="sweep-chart" viewBox="0 0 ${width} ${height}" width="${width}" height="${height
  }" role="img" aria-label="${"The start's value and the positions, by " + name}"><text class="sweep-axis" x="${
    left - 8}" y="${top + valueRow / 2 + 4}" text-anchor="end">start</text>${grid}${marks}<text class="sweep-axis" x="${
    left - 8}" y="${barTop + barH + 18}" text-anchor="end">${name}</text></svg>`;
}

export { sideBySide, sweepPlan, sweepable, sweepChart, SWEEP, SWEEP_POINTS };
