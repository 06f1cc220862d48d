/* vizgen styles: how positions and moves look in the graph and the explorer (vis-network options).
 *
 * Every colour is a key of vizgen/site/theme.py's palette (app.T: the theme in use, kept current by theme.js);
 * a position is coloured by its value for the player to move (its class's palette key,
 * vizgen/analysis/meaning.py), a finished game is a square (a plain box in the banded layout), the start a star
 * (a box with the accent's border).
 */
import { contract } from "../core/contract.js";
import * as util from "../core/util.js";

/** @typedef {import("./interfaces.js").App} App */
/** @typedef {keyof import("../core/contract.js").Contract["classes"]} ClassKey */
/** @typedef {{ color: string, highlight: string, hover: string, inherit: false, opacity: number }} Solid */
/**
 * How a position looks (vis-network node options); the graph adds its id, place and label.
 * @typedef {Record<string, unknown> & { size?: number, color?: Record<string, unknown> & { border?: string }, id?: number }} NodeLook
 */
/** @typedef {{ color: Solid, width: number }} EdgeLook */

var FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/**
 * How positions and moves look in the graph and the explorer, in the palette in use; a position's hover words are
 * put in an element the page's glue makes (pages/viewer/main.js: vis-network shows an element as it is).
 * @param {App} app
 * @param {(text: string) => HTMLElement} tip the page's maker of a hover's element
 */
function create(app, tip) {
  var T = app.T; // read at each call: the theme may change
  var CLASSES = contract.classes;
  /** @param {ClassKey} cls @returns {string} */
  function fillColour(cls) { return T[CLASSES[cls].palette]; }
  /** @param {ClassKey} cls @returns {string} */
  function edgeOf(cls) { return T[CLASSES[cls].palette + "-edge"]; }

  /** A vis colour that stays the same when hovered or highlighted.
   @param {string} c @returns {Solid} */
  function solid(c) {
    return { color: c, highlight: c, hover: c, inherit: false, opacity: 1 };
  }
  /** Label colour of position i: its value class's label colour on the banded layout's boxes, ink elsewhere.
   @param {number} i @returns {string} */
  function labelColour(i) {
    return app.model.box && !app.ctrl.state.hideValues ? T[CLASSES[app.model.cls(i)].label] : T.ink;
  }
  /** A position's fill; while a challenge hides the values (app.ctrl.state.hideValues), one neutral grey for all.
   @param {ClassKey} [cls] @param {string} [border] */
  function fillOf(cls, border) {
    var bg = app.ctrl.state.hideValues || !cls ? T.hidden : fillColour(cls); // a challenge: one neutral colour for all
    return {
      background: bg,
      border: app.ctrl.state.hideValues ? T["hidden-edge"] : border,
      highlight: { background: bg, border: T.accent },
      hover: { background: bg, border: T.hover },
    };
  }
  /** A labelled box of the banded layout: the label inside, boxes of one size (vizgen/site/band_picture.py).
   @param {number} i @param {readonly [number, number]} box @returns {NodeLook} */
  function boxStyle(i, box) {
    var model = app.model;
    var cls = model.cls(i);
    var isStart = i === model.startId;
    var term = model.over(i);
    return {
      shape: "box",
      size: model.size,
      margin: 2,
      shapeProperties: { borderRadius: term ? 0 : 5 },
      widthConstraint: { minimum: box[0], maximum: box[0] },
      heightConstraint: { minimum: box[1], valign: "middle" },
      borderWidth: isStart ? 3 : term ? 1.5 : 0.8,
      borderWidthSelected: 3.5,
      font: { color: labelColour(i) },
      color: fillOf(cls, isStart ? T.accent : term ? T.ink : edgeOf(cls)),
    };
  }
  /** Position i drawn at this size: a box in the banded layout, else a dot (start: star, game over: square).
   @param {number} i @param {number} size @returns {NodeLook & { size: number }} */
  function nodeStyle(i, size) {
    var model = app.model;
    if (model.box && size === model.size) return /** @type {NodeLook & { size: number }} */ (boxStyle(i, model.box));
    var cls = model.cls(i);
    var isStart = i === model.startId;
    var term = model.over(i);
    return {
      shape: isStart ? "star" : term ? "square" : "dot",
      size: isStart ? size * 1.5 : term ? size * 0.85 : size,
      borderWidth: isStart ? size * 0.12 : size * 0.06,
      borderWidthSelected: size * 0.3,
      color: fillOf(cls, isStart ? T.accent : edgeOf(cls)),
    };
  }
  /** Position i faded while another's neighbourhood stands out: the pale tint and the dark ink of its value's
     badge (vizgen/site/theme.py: a contrast of 4.5:1 or more), its label still readable.
     @param {number} i @returns {NodeLook} */
  function faded(i) {
    if (app.ctrl.state.hideValues) return { opacity: 1, color: fillOf(), font: { color: T.ink } };
    var key = CLASSES[app.model.cls(i)].palette;
    var tint = T[key + "-soft"];
    return {
      opacity: 1,
      color: { background: tint, border: T[key], highlight: { background: tint, border: T.accent },
        hover: { background: tint, border: T.hover } },
      font: { color: app.model.box ? T[key + "-ink"] : T.muted },
    };
  }
  /** A move: optimal ones darker and wider; faded while another position's neighbourhood stands out.
   @param {boolean} best @param {number} size @param {boolean} [dimmed] @returns {EdgeLook} */
  function edgeStyle(best, size, dimmed) {
    var strong = best && !app.ctrl.state.hideValues; // a challenge: every move alike
    var c = T[strong ? (dimmed ? "move-best-dim" : "move-best") : dimmed ? "move-dim" : "move"];
    return { color: solid(c), width: size * (strong ? 0.13 : 0.06) };
  }
  /** The graph's label font: the page's ink over a halo of its background.
   @param {Record<string, unknown>} [extra] @returns {Record<string, unknown>} */
  function font(extra) {
    return util.assign({ face: FONT, color: T.ink, strokeColor: T.halo }, extra || {});
  }
  /** @param {number} i @returns {HTMLElement} */
  function tooltip(i) {
    return tip(app.ctrl.state.hideValues ? app.model.name(i) : app.model.name(i) + " · " + app.model.short(i));
  }

  return {
    FONT: FONT, solid: solid, font: font,
    labelColour: labelColour, nodeStyle: nodeStyle, faded: faded, edgeStyle: edgeStyle, tooltip: tooltip,
  };
}

export { create };
