/* vizgen graph: a small variant's whole state graph in vis-network, at the layout's coordinates.
 *
 * The banded layout is drawn as labelled boxes at one CSS px per point; only the moves that carry meaning
 * are drawn until "all moves" is ticked. Selecting a position fades all but its neighbourhood and lights
 * its moves (accent) and the moves into it (parent colour).
 * create(app, styles) returns {build(), restyle(), path(ids), highlight(id, fade), focus(id), redrawMoves(), unfade()}.
 */
import * as util from "../core/util.js";

var BOX_FONT = 12.5; // label size in the banded layout's boxes (vizgen/site/band_picture.py: 7 units a character)

function create(app, styles) {
  var graph = null; // {nodes, edges, out: Map id -> [edge ids], inn: Map id -> [edge ids], all, fontSize}
  var lit = [];
  var bright = null; // Set of node ids at full strength, or null: nothing faded
  var lastSelected = null;

  function nodes() {
    var model = app.model, S = model.size, out = [];
    for (var i = 0; i < model.n; i++) {
      var node = styles.nodeStyle(i, S);
      node.id = i;
      node.x = model.x[i];
      node.y = model.y[i];
      node.label = model.name(i);
      node.title = styles.tooltip(i);
      out.push(node);
    }
    return out.concat(bandLabels());
  }

  /* The banded picture's words as text nodes (ids "band-k", never selected): each block's name above it, what
     its rows count, and each band's plies beside it. A text node is drawn centred on its point; the point is
     moved by half the label's width so that the text ends (align right) or starts (left) there. */
  function bandLabels() {
    var T = app.T;
    return app.model.bands.map(function (b, k) {
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

  /* Every move of the chunk as a vis edge (optimal ones marked), and who links to whom. */
  function edges(ch) {
    var model = app.model, S = model.size;
    var rows = ch.nodes.map(function (row) { return model.rowMoves(row); });
    var pairs = new Set();
    rows.forEach(function (moves, k) {
      moves.forEach(function (m) { pairs.add((ch.first + k) + ">" + m.dst); });
    });
    var all = [], out = new Map(), inn = new Map();
    rows.forEach(function (moves, k) {
      var src = ch.first + k;
      moves.forEach(function (m) {
        var eid = all.length;
        var e = styles.edgeStyle(m.best, S);
        e.id = eid;
        e.from = src;
        e.to = m.dst;
        e.best = m.best;
        e.shown = model.shownEdges ? model.shownEdges.has(eid) : e.best;
        e.hidden = !e.shown;
        e.smooth = pairs.has(m.dst + ">" + src) ? { enabled: true, type: "curvedCW", roundness: 0.14 } : false;
        all.push(e);
        if (!out.has(src)) out.set(src, []);
        out.get(src).push(eid);
        if (!inn.has(m.dst)) inn.set(m.dst, []);
        inn.get(m.dst).push(eid);
      });
    });
    return { all: all, out: out, inn: inn };
  }

  function options(many, banded) {
    var S = app.model.size, fs = S * 1.05;
    return {
      autoResize: true,
      physics: false,
      layout: { improvedLayout: false, randomSeed: 1 },
      interaction: {
        hover: app.model.n <= 2500,
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

  /* vis-network draws the arrowheads after the positions, so a head reaching a box through a narrow gap sits on
     the next box's label; here they are drawn with the lines, under the positions (vis-network 9.1's renderer,
     as pyvis ships it; left as it is if another version lacks these methods). */
  function arrowsUnderNodes(network) {
    var r = network.renderer;
    if (!r || typeof r._drawEdges !== "function" || typeof r._drawArrows !== "function") return;
    var drawEdges = r._drawEdges.bind(r), drawArrows = r._drawArrows.bind(r);
    r._drawEdges = function (ctx) { drawEdges(ctx); drawArrows(ctx); };
    r._drawArrows = function () {};
  }

  /* Draw the graph (the chunk c0 holds every position of a small variant). */
  function build() {
    return app.model.chunkData(0).then(function (ch) {
      var e = edges(ch);
      var banded = !!app.model.box;
      var container = util.byId("graph");
      container.innerHTML = "";
      var data = { nodes: new vis.DataSet(nodes()), edges: new vis.DataSet(e.all) };
      var network = new vis.Network(container, data, options(e.all.length > 4000, banded));
      arrowsUnderNodes(network);
      graph = { nodes: data.nodes, edges: data.edges, out: e.out, inn: e.inn, all: e.all,
        fontSize: banded ? BOX_FONT : app.model.size * 1.05 };
      app.api.network = network;
      network.on("click", function (params) {
        if (params.nodes && params.nodes.length && typeof params.nodes[0] === "number") app.clicked(params.nodes[0]);
        else if (!params.edges || !params.edges.length) unfade();
      });
      network.once("afterDrawing", function () {
        app.api.drawn = true;
      });
      network.on("afterDrawing", drawTrail);
      network.fit({ animation: false });
    });
  }

  /* Position i faded (on) or at full strength: a faded one keeps its value's tint and a readable label. */
  function nodeFade(i, on) {
    var st = styles.nodeStyle(i, app.model.size);
    if (on) return util.assign(styles.faded(i), { id: i, size: st.size });
    return { id: i, opacity: 1, color: st.color, font: { color: styles.labelColour(i) }, size: st.size };
  }
  /* Fade every position but the selected one and its neighbours, so the neighbourhood stands out even
     in a dense layout. Only the nodes and edges whose state changes are updated. */
  function fade(id, on) {
    var n = app.model.n;
    var keep = new Set([id]);
    (graph.out.get(id) || []).forEach(function (e) { keep.add(graph.all[e].to); });
    (graph.inn.get(id) || []).forEach(function (e) { keep.add(graph.all[e].from); });
    var ups = [];
    var wasFaded = bright !== null;
    if (!on) {
      if (wasFaded) for (var i = 0; i < n; i++) ups.push(nodeFade(i, false));
      bright = null;
    } else if (!wasFaded) {
      for (var j = 0; j < n; j++) ups.push(nodeFade(j, !keep.has(j)));
      bright = keep;
    } else {
      bright.forEach(function (k) { if (!keep.has(k)) ups.push(nodeFade(k, true)); });
      keep.forEach(function (k) { if (!bright.has(k) || k === lastSelected) ups.push(nodeFade(k, false)); });
      bright = keep;
    }
    if (on) ups.push({ id: id, opacity: 1, size: styles.nodeStyle(id, app.model.size).size * 1.35 });
    lastSelected = id;
    graph.nodes.update(ups);
    if (on !== wasFaded) {
      graph.edges.update(graph.all.map(function (e) {
        var st = styles.edgeStyle(e.best, app.model.size, on);
        return { id: e.id, color: st.color, width: st.width };
      }));
    }
  }

  function allMoves() {
    var box = util.byId("all-moves");
    return !!(box && box.checked);
  }
  /* Whether move e is drawn when not lit: all moves, or the ones that carry meaning (none while a
     challenge hides the values: which moves are optimal is a value). */
  function drawn(e) {
    return !app.hideValues && (allMoves() || e.shown);
  }

  /* Select position id in the graph and light its moves; fade: let its neighbourhood stand out. */
  function highlight(id, faded) {
    var S = app.model.size;
    fade(id, faded);
    var updates = [];
    lit.forEach(function (e) {
      var st = styles.edgeStyle(graph.all[e].best, S, faded);
      updates.push({ id: e, color: st.color, width: st.width });
    });
    var now = [];
    (graph.out.get(id) || []).forEach(function (e) {
      var best = graph.all[e].best && !app.hideValues; // a challenge: the optimal moves look like the others
      updates.push({ id: e, color: styles.solid(app.T.accent), width: S * (best ? 0.3 : 0.2) });
      now.push(e);
    });
    (graph.inn.get(id) || []).forEach(function (e) {
      if (graph.all[e].from === id) return;
      updates.push({ id: e, color: styles.solid(app.T.parent), width: S * 0.16 });
      now.push(e);
    });
    // only the moves that carry meaning are drawn (all of them with "all moves"), and those lit now
    updates.forEach(function (u) {
      u.hidden = !drawn(graph.all[u.id]) && now.indexOf(u.id) < 0;
    });
    graph.edges.update(updates);
    lit = now;
    app.api.network.selectNodes([id], false);
  }

  function unfade() {
    if (app.api.selected !== null) {
      fade(app.api.selected, false);
      highlight(app.api.selected, false);
    }
  }

  /* Bring position id into view, at a readable scale, when it is not in view already. No animation:
     the view never moves under the mouse, so a click always lands on the position under it. */
  function focus(id) {
    var network = app.api.network;
    var readable = 13 / graph.fontSize;
    var pos = network.getPositions([id])[id];
    var dom = network.canvasToDOM(pos);
    var box = util.byId("graph");
    var inside = dom.x > 24 && dom.y > 24 && dom.x < box.clientWidth - 24 && dom.y < box.clientHeight - 24;
    if (inside) return;
    network.moveTo({ position: pos, scale: Math.max(network.getScale(), Math.min(readable, 8)), animation: false });
  }

  /* Draw or hide each move again as "all moves" and the lit moves say. */
  function redrawMoves() {
    if (!graph) return;
    graph.edges.update(graph.all.map(function (e) {
      return { id: e.id, hidden: !drawn(e) && lit.indexOf(e.id) < 0 };
    }));
  }

  var trail = null; // a game's path: position ids in order
  /* The game's path over the graph: a line from position to position, in order. */
  function drawTrail(ctx) {
    if (!trail || trail.length < 2) return;
    var at = app.api.network.getPositions(trail);
    ctx.save();
    ctx.strokeStyle = app.T.accent;
    ctx.globalAlpha = 0.7;
    ctx.lineWidth = app.model.size * 0.35;
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
  function path(ids) {
    trail = ids && ids.length > 1 ? ids.slice() : null;
    if (app.api.network) app.api.network.redraw();
  }

  /* Draw every position again in its style (after app.hideValues or the theme changed). */
  function restyle() {
    if (!graph) return;
    var model = app.model, ups = [];
    for (var i = 0; i < model.n; i++) {
      // a faded position stays faded, in its new colours
      var st = bright && !bright.has(i) ? nodeFade(i, true) : styles.nodeStyle(i, model.size);
      st.id = i;
      st.title = styles.tooltip(i);
      ups.push(st);
    }
    graph.nodes.update(app.model.bands ? ups.concat(bandLabels()) : ups);
    graph.edges.update(graph.all.map(function (e) {
      var look = styles.edgeStyle(e.best, model.size, !!bright);
      return { id: e.id, color: look.color, width: look.width, hidden: !drawn(e) && lit.indexOf(e.id) < 0 };
    }));
    if (app.api.selected !== null) highlight(app.api.selected, !!bright);
  }

  return { build: build, restyle: restyle, path: path, highlight: highlight, focus: focus, redrawMoves: redrawMoves,
    unfade: unfade };
}

export { create };
