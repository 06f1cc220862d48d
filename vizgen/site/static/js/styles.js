/* vizgen styles: how positions and moves look in the graph and the explorer (vis-network options).
 *
 * The colours that carry meaning come from vizgen/site/theme.py in the page's configuration; a position
 * is coloured by its value for the player to move, a finished game is a square (a plain box in the banded
 * layout), the start a star (a box with the accent's border).
 */
(function (VZ) {
  "use strict";

  var FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
  var EDGE = "rgba(84, 94, 114, 0.22)";
  var EDGE_BEST = "rgba(29, 35, 48, 0.55)";
  var HIDDEN = "#dfe2e8", HIDDEN_EDGE = "#8c95a5"; // no value: a challenge hides it

  function create(app) {
    var T = app.T;
    var INK = T.ink, MUTED = T.muted; // the pages' text and muted text (5.9:1 on the page)
    var COLORS = { win: T.win, loss: T.loss, draw: T.draw };
    var BORDERS = { win: T["win-edge"], loss: T["loss-edge"], draw: T["draw-edge"] };

    /* A vis colour that stays the same when hovered or highlighted. */
    function solid(c) {
      return { color: c, highlight: c, hover: c, inherit: false, opacity: 1 };
    }
    /* Label colour of position i: white on the banded layout's dark boxes, ink elsewhere. */
    function labelColour(i) {
      return app.model.box && !app.hideValues && app.model.cls(i) !== "draw" ? "#ffffff" : INK;
    }
    /* A position's fill; while a challenge hides the values (app.hideValues), one neutral grey for all. */
    function fillOf(cls, border) {
      if (app.hideValues) return { background: HIDDEN, border: HIDDEN_EDGE, highlight: { background: HIDDEN, border: T.accent },
        hover: { background: HIDDEN, border: "#111827" } };
      return {
        background: COLORS[cls],
        border: border,
        highlight: { background: COLORS[cls], border: T.accent },
        hover: { background: COLORS[cls], border: "#111827" },
      };
    }
    /* A labelled box of the banded layout: the label inside, boxes of one size (vizgen/site/band_picture.py). */
    function boxStyle(i) {
      var model = app.model;
      var cls = model.cls(i);
      var isStart = i === model.startId;
      var term = model.over(i);
      return {
        shape: "box",
        size: model.size,
        margin: 2,
        shapeProperties: { borderRadius: term ? 0 : 5 },
        widthConstraint: { minimum: model.box[0], maximum: model.box[0] },
        heightConstraint: { minimum: model.box[1], valign: "middle" },
        borderWidth: isStart ? 3 : term ? 1.5 : 0.8,
        borderWidthSelected: 3.5,
        font: { color: labelColour(i) },
        color: fillOf(cls, isStart ? T.accent : term ? INK : BORDERS[cls]),
      };
    }
    /* Position i drawn at this size: a box in the banded layout, else a dot (start: star, game over: square). */
    function nodeStyle(i, size) {
      var model = app.model;
      if (model.box && size === model.size) return boxStyle(i);
      var cls = model.cls(i);
      var isStart = i === model.startId;
      var term = model.over(i);
      return {
        shape: isStart ? "star" : term ? "square" : "dot",
        size: isStart ? size * 1.5 : term ? size * 0.85 : size,
        borderWidth: isStart ? size * 0.12 : size * 0.06,
        borderWidthSelected: size * 0.3,
        color: fillOf(cls, isStart ? T.accent : BORDERS[cls]),
      };
    }
    /* Position i faded while another's neighbourhood stands out: the pale tint and the dark ink of its value's
       badge (vizgen/site/theme.py: a contrast of 4.5:1 or more), its label still readable. */
    function faded(i) {
      if (app.hideValues) return { opacity: 1, color: fillOf(), font: { color: INK } };
      var cls = app.model.cls(i);
      var tint = T[cls + "-soft"];
      return {
        opacity: 1,
        color: { background: tint, border: COLORS[cls], highlight: { background: tint, border: T.accent },
          hover: { background: tint, border: "#111827" } },
        font: { color: app.model.box ? T[cls + "-ink"] : MUTED },
      };
    }
    /* A move: optimal ones darker and wider; faded while another position's neighbourhood stands out. */
    function edgeStyle(best, size, dimmed) {
      best = best && !app.hideValues; // a challenge: every move alike
      var c = dimmed ? (best ? "rgba(29, 35, 48, 0.16)" : "rgba(84, 94, 114, 0.08)") : best ? EDGE_BEST : EDGE;
      return { color: solid(c), width: size * (best ? 0.13 : 0.06) };
    }
    function tooltip(i) {
      var el = document.createElement("div");
      el.className = "vg-tip";
      el.textContent = app.hideValues ? app.model.name(i) : app.model.name(i) + " · " + app.model.short(i);
      return el;
    }

    return {
      FONT: FONT, EDGE: EDGE, EDGE_BEST: EDGE_BEST, INK: INK, MUTED: MUTED, solid: solid,
      labelColour: labelColour, nodeStyle: nodeStyle, faded: faded, edgeStyle: edgeStyle, tooltip: tooltip,
    };
  }

  VZ.styles = { create: create };
})(globalThis.VZ = globalThis.VZ || {});
