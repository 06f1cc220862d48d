/* vizgen graph: a small variant's whole state graph in vis-network, at the layout's coordinates.
 *
 * The banded layout is drawn as labelled boxes at one CSS px per point; only the moves that carry meaning
 * are drawn until "all moves" is ticked. Selecting a position fades all but its neighbourhood and lights
 * its moves (accent) and the moves into it (parent colour).
 * create(app, styles, lib, allMoves) returns {build(container), restyle(), path(ids), highlight(id, fade), focus(id),
 * redrawMoves(), unfade()}.
 */
import * as util from "../core/util.js";
import { Model } from "./model.js";

/** @typedef {import("./interfaces.js").App} App */
/** @typedef {import("./interfaces.js").Graph} Graph */
/** @typedef {import("./interfaces.js").Move} Move */
/** @typedef {import("./model.js").Chunk} Chunk */
/** @typedef {import("./styles.js").NodeLook} NodeLook */
/** @typedef {import("./vis.js").Item} Item */
/** @typedef {import("./vis.js").DataSet} DataSet */
/** @typedef {import("./vis.js").Network} Network */
/** @typedef {import("./vis.js").Vis} Vis */
/** @typedef {ReturnType<typeof import("./styles.js").create>} Styles */
/**
 * A move as the graph draws it (a vis edge).
 * @typedef {import("./styles.js").EdgeLook & { id: number, from: number, to: number, best: boolean, shown: boolean,
 *   hidden: boolean, smooth: false | Record<string, unknown> }} Edge
 */
/**
 * The drawn graph: its data sets, who links to whom (edge ids by position), every edge and the label size; what
 * is at full strength (null: nothing faded), the position selected last, and the moves lit now.
 * @typedef {{ nodes: DataSet, edges: DataSet, out: Map<number, number[]>, inn: Map<number, number[]>, all: Edge[],
 *   fontSize: number, bright: Set<number> | null, last: number | null, lit: number[] }} Drawn
 */

var BOX_FONT = 12.5; // label size in the banded layout's boxes (vizgen/site/band_picture.py: 7 units a character)

/** Every position as a vis node at its place, and the banded picture's words.
 @param {App} app @param {Styles} styles @param {Model} model @returns {Item[]} */
function nodes(app, styles, model) {
  var S = model.size;
  /** @type {Item[]} */
  var out = [];
  var xs = model.x || [], ys = model.y || [];
  for (var i = 0; i < model.n; i++) {
    var node = styles.nodeStyle(i, S);
    node.id = i;
    node.x = xs[i];
    node.y = ys[i];
    node.label = model.name(i);
    node.title = styles.tooltip(i);
    out.push(/** @type {Item} */ (node));
  }
  return out.concat(bandLabels(app, styles, model));
}

/** The banded picture's words as text nodes (ids "band-k", never selected): each block's name above it, what
   its rows count, and each band's plies beside it. A text node is drawn centred on its point; the point is
   moved by half the label's width so that the text ends (align right) or starts (left) there.
   @param {App} app @param {Styles} styles @param {Model} model @returns {Item[]} */
function bandLabels(app, styles, model) {
  var T = app.T;
  return model.bands.map(function (b, k) {
    var head = b[3] === "center";
    var size = head && b[4] ? 14 : 11;
    var half = b[3] === "center" ? 0 : (String(b[2]).length * size * 0.3);
    return {
      id: "band-" + k, shape: "text", label: b[2], x: b[0] + (b[3] === "right" ? -half : half), y: b[1],
      font: { size: size, face: styles.FONT, color: b[4] ? T[b[4] + "-ink"] : T.muted },
      chosen: false, fixed: true, physics: false, band: true,
    };
  });
}

/** Every move of the chunk as a vis edge (optimal ones marked), and who links to whom.
@param {Styles} styles @param {Model} model @param {Chunk} ch @returns {{ all: Edge[], out: Map<number, number[]>, inn: Map<number, number[]> }} */
function edges(styles, model, ch) {
  var S = model.size;
  var rows = ch.nodes.map(function (row) { return model.rowMoves(row); });
  /** @type {Set<string>} */
  var pairs = new Set();
  rows.forEach(function (moves, k) {
    moves.forEach(function (m) { pairs.add((ch.first + k) + ">" + m.dst); });
  });
  /** @type {Edge[]} */
  var all = [];
  /** @type {Map<number, number[]>} */
  var out = new Map();
  /** @type {Map<number, number[]>} */
  var inn = new Map();
  rows.forEach(function (moves, k) {
    var src = ch.first + k;
    moves.forEach(function (m) {
      var eid = all.length;
      var look = styles.edgeStyle(m.best, S);
      var shown = model.shownEdges ? model.shownEdges.has(eid) : m.best;
      /** @type {Edge} */
      var e = {
        color: look.color, width: look.width, id: eid, from: src, to: m.dst, best: m.best, shown: shown, hidden: !shown,
        smooth: pairs.has(m.dst + ">" + src) ? { enabled: true, type: "curvedCW", roundness: 0.14 } : false,
      };
      all.push(e);
      var from = out.get(src) || [];
      out.set(src, from);
      from.push(eid);
      var into = inn.get(m.dst) || [];
      inn.set(m.dst, into);
      into.push(eid);
    });
  });
  return { all: all, out: out, inn: inn };
}

/** The network's options: many moves (hidden while dragging and zooming), the banded layout's boxes or dots.
 @param {App} app @param {Styles} styles @param {Model} model @param {boolean} many @param {boolean} banded
 @returns {Record<string, unknown>} */
function options(app, styles, model, many, banded) {
  var S = model.size, fs = S * 1.05;
  return {
    autoResize: true,
    physics: false,
    layout: { improvedLayout: false, randomSeed: 1 },
    interaction: {
      hover: model.n <= 2500,
      tooltipDelay: 150,
      dragNodes: false,
      hideEdgesOnDrag: many,
      hideEdgesOnZoom: many,
      selectConnectedEdges: false,
      zoomSpeed: 0.7,
      keyboard: false,
    },
    nodes: banded
      ? { font: { size: BOX_FONT, face: '"DejaVu Sans Mono", Menlo, Consolas, monospace', color: app.T.ink } }
      : {
        font: styles.font({ size: fs, strokeWidth: fs * 0.22 }),
        scaling: { label: { enabled: false, drawThreshold: 8, maxVisible: 26 } },
      },
    edges: {
      arrows: { to: { enabled: true, scaleFactor: Math.min(0.8, S / 14) } },
      smooth: false,
      chosen: false,
      selectionWidth: 0,
      hoverWidth: 0,
    },
  };
}

/** vis-network draws the arrowheads after the positions, so a head reaching a box through a narrow gap sits on
   the next box's label; here they are drawn with the lines, under the positions (vis-network 9.1's renderer,
   as pyvis ships it; left as it is if another version lacks these methods).
   @param {Network} net */
function arrowsUnderNodes(net) {
  var r = /** @type {{ _drawEdges?: unknown, _drawArrows?: unknown } | undefined} */ (net.renderer);
  if (!r || typeof r._drawEdges !== "function" || typeof r._drawArrows !== "function") return;
  var drawEdges = r._drawEdges.bind(r), drawArrows = r._drawArrows.bind(r);
  r._drawEdges = function (/** @type {CanvasRenderingContext2D} */ ctx) { drawEdges(ctx); drawArrows(ctx); };
  r._drawArrows = function () {};
}

/** Position i faded (on) or at full strength: a faded one keeps its value's tint and a readable label.
 @param {Styles} styles @param {Model} model @param {number} i @param {boolean} on @returns {Item} */
function nodeFade(styles, model, i, on) {
  var st = styles.nodeStyle(i, model.size);
  if (on) return util.assign(styles.faded(i), { id: i, size: st.size });
  return { id: i, opacity: 1, color: st.color, font: { color: styles.labelColour(i) }, size: st.size };
}

/** Fade every position but the selected one and its neighbours, so the neighbourhood stands out even
   in a dense layout. Only the nodes and edges whose state changes are updated.
   @param {Styles} styles @param {Model} model @param {Drawn} G @param {number} id @param {boolean} on */
function fade(styles, model, G, id, on) {
  var size = model.size, n = model.n;
  var keep = new Set([id]);
  (G.out.get(id) || []).forEach(function (e) { keep.add(G.all[e].to); });
  (G.inn.get(id) || []).forEach(function (e) { keep.add(G.all[e].from); });
  /** @type {Item[]} */
  var ups = [];
  var was = G.bright;
  var wasFaded = was !== null;
  if (!on) {
    if (wasFaded) for (var i = 0; i < n; i++) ups.push(nodeFade(styles, model, i, false));
    G.bright = null;
  } else if (!wasFaded) {
    for (var j = 0; j < n; j++) ups.push(nodeFade(styles, model, j, !keep.has(j)));
    G.bright = keep;
  } else if (was) {
    var before = was;
    before.forEach(function (k) { if (!keep.has(k)) ups.push(nodeFade(styles, model, k, true)); });
    keep.forEach(function (k) { if (!before.has(k) || k === G.last) ups.push(nodeFade(styles, model, k, false)); });
    G.bright = keep;
  }
  if (on) ups.push({ id: id, opacity: 1, size: styles.nodeStyle(id, size).size * 1.35 });
  G.last = id;
  G.nodes.update(ups);
  if (on !== wasFaded) {
    G.edges.update(G.all.map(function (e) {
      var st = styles.edgeStyle(e.best, size, on);
      return { id: e.id, color: st.color, width: st.width };
    }));
  }
}

/** A game's path over the graph: a line from position to position, in order.
 @param {App} app @param {Network} net @param {ReadonlyArray<number>} trail @param {number} size
 @param {CanvasRenderingContext2D} ctx */
function drawTrail(app, net, trail, size, ctx) {
  var at = net.getPositions(trail);
  ctx.save();
  ctx.strokeStyle = app.T.accent;
  ctx.globalAlpha = 0.7;
  ctx.lineWidth = size * 0.35;
  ctx.lineJoin = "round";
  ctx.beginPath();
  trail.forEach(function (i, j) {
    var p = at[i];
    if (j) ctx.lineTo(p.x, p.y);
    else ctx.moveTo(p.x, p.y);
  });
  ctx.stroke();
  ctx.restore();
}

/** The moves lit at position id: its moves (accent) and the moves into it (parent colour), the others put back.
 @param {App} app @param {Styles} styles @param {Drawn} G @param {number} id @param {boolean} faded @param {number} S
 @returns {{ updates: Array<{ id: number, color: import("./styles.js").Solid, width: number, hidden?: boolean }>, now: number[] }} */
function lightMoves(app, styles, G, id, faded, S) {
  /** @type {Array<{ id: number, color: import("./styles.js").Solid, width: number, hidden?: boolean }>} */
  var updates = [];
  G.lit.forEach(function (e) {
    var st = styles.edgeStyle(G.all[e].best, S, faded);
    updates.push({ id: e, color: st.color, width: st.width });
  });
  /** @type {number[]} */
  var now = [];
  (G.out.get(id) || []).forEach(function (e) {
    var best = G.all[e].best && !app.ctrl.state.hideValues; // a challenge: the optimal moves look like the others
    updates.push({ id: e, color: styles.solid(app.T.accent), width: S * (best ? 0.3 : 0.2) });
    now.push(e);
  });
  (G.inn.get(id) || []).forEach(function (e) {
    if (G.all[e].from === id) return;
    updates.push({ id: e, color: styles.solid(app.T.parent), width: S * 0.16 });
    now.push(e);
  });
  return { updates: updates, now: now };
}

/** Whether move e is drawn when not lit: all moves ("all moves" ticked: allMoves()), or the ones that carry
   meaning (none while a challenge hides the values: which moves are optimal is a value).
   @param {App} app @param {() => boolean} allMoves @param {Edge} e @returns {boolean} */
function drawn(app, allMoves, e) {
  return !app.ctrl.state.hideValues && (allMoves() || e.shown);
}

/** Every position and move drawn again in its style; a faded position stays faded, in its new colours.
 @param {App} app @param {Styles} styles @param {Model} model @param {Drawn} G @param {() => boolean} allMoves */
function restyleGraph(app, styles, model, G, allMoves) {
  /** @type {Item[]} */
  var ups = [];
  for (var i = 0; i < model.n; i++) {
    /** @type {Item} */
    var st = G.bright && !G.bright.has(i) ? nodeFade(styles, model, i, true) : Object.assign(styles.nodeStyle(i, model.size), { id: i });
    st.id = i;
    st.title = styles.tooltip(i);
    ups.push(st);
  }
  G.nodes.update(model.bands ? ups.concat(bandLabels(app, styles, model)) : ups);
  G.edges.update(G.all.map(function (e) {
    var look = styles.edgeStyle(e.best, model.size, !!G.bright);
    return { id: e.id, color: look.color, width: look.width, hidden: !drawn(app, allMoves, e) && G.lit.indexOf(e.id) < 0 };
  }));
}

/**
 * A small variant's whole graph.
 * @param {App} app
 * @param {Styles} styles
 * @param {Vis} lib the page's vis-network
 * @param {() => boolean} allMoves whether every move is drawn (the page's "all moves" ticked)
 * @returns {Graph}
 */
function create(app, styles, lib, allMoves) {
  /** @type {Drawn | null} */
  var graph = null;
  /** @type {HTMLElement | null} */
  var box = null; // the box the graph is drawn in (build's)
  /** @type {ReadonlyArray<number> | null} */
  var trail = null; // a game's path: position ids in order

  /** The page's model: a small variant's, with its layout.
   @returns {Model} */
  function small() {
    if (!(app.model instanceof Model)) throw new Error("the graph needs a small variant's model");
    return app.model;
  }
  /** The drawn graph (build() made it).
   @returns {Drawn} */
  function drawnGraph() {
    if (!graph) throw new Error("the graph is not drawn yet");
    return graph;
  }
  /** @returns {Network} */
  function network() {
    var n = app.api.network;
    if (!n) throw new Error("the graph is not drawn yet");
    return n;
  }

  /** Draw the graph in its box (the chunk c0 holds every position of a small variant).
   @param {HTMLElement} container @returns {Promise<void>} */
  function build(container) {
    var model = small();
    box = container;
    return model.chunkData(0).then(function (ch) {
      var e = edges(styles, model, ch);
      var banded = !!model.box;
      container.textContent = "";
      var data = { nodes: new lib.DataSet(nodes(app, styles, model)), edges: new lib.DataSet(e.all) };
      var net = new lib.Network(container, data, options(app, styles, model, e.all.length > 4000, banded));
      arrowsUnderNodes(net);
      graph = { nodes: data.nodes, edges: data.edges, out: e.out, inn: e.inn, all: e.all,
        fontSize: banded ? BOX_FONT : model.size * 1.05, bright: null, last: null, lit: [] };
      app.api.network = net;
      net.on("click", function (/** @type {import("./vis.js").ClickParams} */ params) {
        if (params.nodes && params.nodes.length && typeof params.nodes[0] === "number") app.clicked(params.nodes[0]);
        else if (!params.edges || !params.edges.length) unfade();
      });
      net.once("afterDrawing", function () {
        app.api.drawn = true;
      });
      net.on("afterDrawing", function (/** @type {CanvasRenderingContext2D} */ ctx) {
        if (trail && trail.length > 1) drawTrail(app, net, trail, model.size, ctx);
      });
      net.fit({ animation: false });
    });
  }

  /** Select position id in the graph and light its moves; fade: let its neighbourhood stand out.
   @param {number} id @param {boolean} faded */
  function highlight(id, faded) {
    var G = drawnGraph(), S = small().size;
    fade(styles, small(), G, id, faded);
    var lit = lightMoves(app, styles, G, id, faded, S);
    // only the moves that carry meaning are drawn (all of them with "all moves"), and those lit now
    lit.updates.forEach(function (u) {
      u.hidden = !drawn(app, allMoves, G.all[u.id]) && lit.now.indexOf(u.id) < 0;
    });
    G.edges.update(lit.updates);
    G.lit = lit.now;
    network().selectNodes([id], false);
  }

  function unfade() {
    var id = app.ctrl.state.selected;
    if (id !== null) {
      fade(styles, small(), drawnGraph(), id, false);
      highlight(id, false);
    }
  }

  /** Bring position id into view, at a readable scale, when it is not in view already. No animation:
     the view never moves under the mouse, so a click always lands on the position under it.
     @param {number} id */
  function focus(id) {
    var net = network();
    var readable = 13 / drawnGraph().fontSize;
    var pos = net.getPositions([id])[id];
    var dom = net.canvasToDOM(pos);
    if (!box) return;
    var inside = dom.x > 24 && dom.y > 24 && dom.x < box.clientWidth - 24 && dom.y < box.clientHeight - 24;
    if (inside) return;
    net.moveTo({ position: pos, scale: Math.max(net.getScale(), Math.min(readable, 8)), animation: false });
  }

  /** Draw or hide each move again as "all moves" and the lit moves say. */
  function redrawMoves() {
    if (!graph) return;
    var G = graph;
    G.edges.update(G.all.map(function (e) {
      return { id: e.id, hidden: !drawn(app, allMoves, e) && G.lit.indexOf(e.id) < 0 };
    }));
  }

  /** @param {ReadonlyArray<number> | null} ids */
  function path(ids) {
    trail = ids && ids.length > 1 ? ids.slice() : null;
    if (app.api.network) app.api.network.redraw();
  }

  /** Draw every position again in its style (after a challenge hid the values, or the theme changed). */
  function restyle() {
    if (!graph) return;
    restyleGraph(app, styles, small(), graph, allMoves);
    var id = app.ctrl.state.selected;
    if (id !== null) highlight(id, !!graph.bright);
  }

  return { build: build, restyle: restyle, path: path, highlight: highlight, focus: focus, redrawMoves: redrawMoves,
    unfade: unfade };
}

export { create };
