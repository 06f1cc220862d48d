/* vizgen explorer: a big variant's neighbourhood of one position, in vis-network.
 *
 * The centre, its moves' targets and the positions that lead to it on a ring (level 1), and their new
 * neighbours further out (level 2, at most a cap, "show more" adds to it). Clicking a position makes it
 * the centre; positions already shown glide to their new places. On a code page each level-2 position
 * costs a data chunk, so level 2 starts empty there.
 * create(app, styles) returns {build(), explore(id, animate)}.
 */
import * as util from "../core/util.js";
import { html, render } from "../core/html.js";
import { byId as $ } from "../core/util.js";
import * as vis from "./vis.js";

/** @typedef {import("./types.js").App} App */
/** @typedef {import("./types.js").Detail} Detail */
/** @typedef {import("./types.js").Explorer} Explorer */
/** @typedef {import("./vis.js").Item} Item */
/** @typedef {import("./vis.js").DataSet} DataSet */
/** @typedef {import("./vis.js").Point} Point */
/** @typedef {ReturnType<typeof import("./styles.js").create>} Styles */
/** @typedef {[number, number, number, number]} Box  left, top, right, bottom */
/** @typedef {{ moves: ReadonlyArray<{ dst: number, best: boolean }>, parents: ReadonlyArray<number> }} Near  a position's moves and parents */
/** @typedef {{ take: number[][], total: number, shown: number }} Picked  level 2: per level-1 position the ones shown */
/**
 * A view of the explorer: the centre, its detail, how many of level 1 are its moves' targets, level 1, their
 * moves and parents, and level 2.
 * @typedef {{ id: number, d0: Detail, nc: number, level1: number[], details: Near[], picked: Picked }} View
 */
/** @typedef {Item & { id: number, x: number, y: number }} Placed  a node at its place */

var MAX_LEVEL2 = 140;
var TAU = Math.PI * 2;

/** Box taken by a node and its label (below the dot), in canvas units, estimated from the font.
 @param {number} x @param {number} y @param {number} size @param {number} font @param {string} text @returns {Box} */
function labelBox(x, y, size, font, text) {
  var w = Math.max(text.length * font * 0.62 + 6, 2 * size);
  return [x - w / 2, y - size - 2, x + w / 2, y + size + font * 1.35 + 4];
}
/** @param {Box} a @param {Box} b @returns {boolean} */
function clash(a, b) {
  return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
}

/** Level 2: the new neighbours of each level-1 position, at most cap in all, shared fairly.
 @param {number} id @param {number[]} level1 @param {ReadonlyArray<Near>} details @param {number} cap @returns {Picked} */
function pickLevel2(id, level1, details, cap) {
  var placed = new Set([id].concat(level1));
  var perU = Math.max(3, Math.floor(cap / Math.max(level1.length, 1)));
  /** @type {Set<number>} */
  var total = new Set();
  var shown = 0;
  var take = details.map(function (du) {
    /** @type {number[]} */
    var fresh = [];
    du.moves.forEach(function (m) {
      if (!placed.has(m.dst) && fresh.indexOf(m.dst) < 0) fresh.push(m.dst);
    });
    du.parents.forEach(function (p) {
      if (!placed.has(p) && fresh.indexOf(p) < 0) fresh.push(p);
    });
    fresh.forEach(function (v) { total.add(v); });
    var mine = fresh.slice(0, Math.min(perU, Math.max(0, cap - shown)));
    mine.forEach(function (v) { placed.add(v); });
    shown += mine.length;
    return mine;
  });
  return { take: take, total: total.size, shown: shown };
}

/**
 * A big variant's neighbourhood of one position.
 * @param {App} app
 * @param {Styles} styles
 * @returns {Explorer}
 */
function create(app, styles) {
  /** @type {{ nodes: DataSet, edges: DataSet } | null} */
  var explorer = null;
  var token = 0;
  var level2Cap = MAX_LEVEL2; // grows with "show more", back to level2Start() for a new centre
  /** @type {number[]} */
  var trail = []; // the centres visited, oldest first
  var glideFrame = 0;
  /** @type {{ nodes: DataSet, edges: DataSet } | null} */
  var shown = null; // the network's data sets

  /** @returns {import("./vis.js").Network} */
  function network() {
    var n = app.api.network;
    if (!n) throw new Error("the explorer is not drawn yet");
    return n;
  }

  function build() {
    var V = vis.lib(), container = $("graph");
    if (!V || !container) throw new Error("no explorer to draw in");
    container.textContent = "";
    var data = (shown = { nodes: new V.DataSet([]), edges: new V.DataSet([]) });
    var net = new V.Network(container, data, {
      autoResize: true,
      physics: false,
      layout: { improvedLayout: false, randomSeed: 1 },
      interaction: { hover: true, tooltipDelay: 120, dragNodes: false, selectConnectedEdges: false, zoomSpeed: 0.7, keyboard: false },
      nodes: { font: styles.font({ strokeWidth: 4 }) },
      edges: { arrows: { to: { enabled: true, scaleFactor: 0.6 } }, smooth: false, chosen: false, selectionWidth: 0, hoverWidth: 0 },
    });
    net.on("click", function (/** @type {import("./vis.js").ClickParams} */ params) {
      if (params.nodes && params.nodes.length) app.clicked(Number(params.nodes[0]));
    });
    net.once("afterDrawing", function () {
      app.api.drawn = true;
    });
    explorer = { nodes: data.nodes, edges: data.edges };
    app.api.network = net;
  }

  /** Level 2 starts with MAX_LEVEL2 positions, or none on a code page.
   @returns {number} */
  function level2Start() {
    return app.model.lazy ? 0 : MAX_LEVEL2;
  }

  /** Centre the explorer on position id; animate: glide from the positions shown now.
   @param {number} id @param {boolean} animate @returns {Promise<void>} */
  function explore(id, animate) {
    var mine = ++token;
    var model = app.model, api = app.api;
    if (!api.explored || api.explored.centre !== id) level2Cap = level2Start();
    var from = api.explored && animate !== false ? network().getPositions() : null;
    return model.detail(id).then(function (d0) {
      noteTrail(id);
      var seen = new Set([id]);
      /** @type {number[]} */
      var children = [];
      // optimal children first on the ring, unless a challenge hides which moves are optimal
      (app.hideValues ? d0.moves : util.bestFirst(d0.moves)).forEach(function (m) {
        if (!seen.has(m.dst)) { seen.add(m.dst); children.push(m.dst); }
      });
      var parents = d0.parents.filter(function (p) {
        if (seen.has(p)) return false;
        seen.add(p);
        return true;
      });
      var level1 = children.concat(parents);
      // a code page knows the moves of level 1 without their values, and loads only the level 2 it draws
      var links = model.links;
      /** @type {Promise<Near[]>} */
      var got = model.lazy && links
        ? Promise.resolve(level1.map(function (u) { return /** @type {NonNullable<typeof links>} */ (links).call(model, u); }))
        : Promise.all(level1.map(function (u) { return model.detail(u); }));
      return got.then(function (details) {
        var picked = pickLevel2(id, level1, details, level2Cap);
        /** @type {number[]} */
        var wanted = [].concat.apply([], /** @type {never[][]} */ (/** @type {unknown} */ (picked.take)));
        return (model.lazy && wanted.length && model.ensure ? model.ensure(wanted) : Promise.resolve()).then(function () {
          if (mine !== token) return;
          show({ id: id, d0: d0, nc: children.length, level1: level1, details: details, picked: picked }, from);
        });
      });
    });
  }

  /** The trail: the centres visited; going back to one cuts the trail there.
   @param {number} id */
  function noteTrail(id) {
    var model = app.model;
    var at = trail.indexOf(id);
    if (at >= 0) trail = trail.slice(0, at + 1);
    else trail.push(id);
    if (trail.length > 14) trail = trail.slice(trail.length - 14);
    var el = $("trail");
    if (!el) {
      var cap = $("explorer-caption");
      if (!cap) return;
      el = document.createElement("p");
      el.id = "trail";
      el.className = "trail";
      if (!cap.parentNode) return;
      cap.parentNode.insertBefore(el, cap.nextSibling);
    }
    render(el, html`<span class="trail-h">Trail:</span> ${trail.map(function (t, k) {
      return html`${k ? html` <span aria-hidden="true">›</span> ` : ""}<a class="pos ${model.cls(t)}" href="#${model.name(t)}">${model.name(t)}</a>`;
    })}`);
  }

  /** The nodes of a view: the centre, level 1 on a ring, level 2 in each level-1 position's sector. Labels
     never collide: a position whose label would touch a placed one moves outward along its ray.
     @param {View} v @returns {{ nodes: Placed[], placed: Set<number> }} */
  function place(v) {
    var model = app.model;
    /** @type {Placed[]} */
    var nodes = [];
    /** @type {Box[]} */
    var taken = [];
    /** @type {Set<number>} */
    var placed = new Set();
    /** @param {number} i @param {number} x @param {number} y @param {number} level */
    function add(i, x, y, level) {
      var size = level === 0 ? 26 : level === 1 ? 17 : 10;
      var font = level === 0 ? 26 : level === 1 ? 20 : 15;
      var box = labelBox(x, y, size, font, model.name(i));
      var r = Math.sqrt(x * x + y * y), ux = r ? x / r : 0, uy = r ? y / r : 1;
      for (var step = 0; level > 0 && step < 200 && taken.some(function (b) { return clash(b, box); }); step++) {
        x += ux * 14;
        y += uy * 14;
        box = labelBox(x, y, size, font, model.name(i));
      }
      taken.push(box);
      /** @type {Placed & import("./styles.js").NodeLook} */
      var st = Object.assign(styles.nodeStyle(i, size), { id: i, x: x, y: y });
      st.label = model.name(i);
      st.title = styles.tooltip(i);
      st.font = { size: font };
      if (level === 0) {
        st.borderWidth = 5;
        if (st.color) st.color.border = app.T.accent;
      }
      nodes.push(st);
      placed.add(i);
    }
    add(v.id, 0, 0, 0);
    var N1 = v.level1.length;
    var R1 = Math.max(240, (N1 * 100) / TAU);
    /** @type {Map<number, number>} */
    var angle = new Map();
    v.level1.forEach(function (u, k) {
      var a = N1 ? ((k - (v.nc - 1) / 2) * TAU) / N1 : 0;
      angle.set(u, a);
      add(u, R1 * Math.cos(a), R1 * Math.sin(a), 1);
    });
    var R2 = R1 + 250;
    var sector = (TAU / Math.max(N1, 1)) * 0.86;
    var perRing = Math.max(1, Math.floor((sector * R2) / 78));
    v.picked.take.forEach(function (take, k) {
      var a0 = angle.get(v.level1[k]) || 0;
      take.forEach(function (u, j) {
        var ring = Math.floor(j / perRing);
        var inRing = Math.min(perRing, take.length - ring * perRing);
        var pos = j - ring * perRing;
        var a = inRing > 1 ? a0 - sector / 2 + (sector * (pos + 0.5)) / inRing : a0;
        var r = R2 + ring * 95 + (pos % 2) * 30;
        add(u, r * Math.cos(a), r * Math.sin(a), 2);
      });
    });
    return { nodes: nodes, placed: placed };
  }

  /** The edges known from the details of the centre and of level 1: its moves (accent), the moves into it
     (parent colour), the others plain, optimal ones darker.
     @param {View} v @param {Set<number>} placed @returns {Item[]} */
  function link(v, placed) {
    /** @type {Map<string, { from: number, to: number, best: boolean, kind: string }>} */
    var edges = new Map();
    /** @param {number} a @param {number} b @param {boolean} best @param {string} kind */
    function add(a, b, best, kind) {
      var key = a + ">" + b;
      var known = edges.get(key);
      if (known) {
        if (best) known.best = true;
        return;
      }
      edges.set(key, { from: a, to: b, best: best, kind: kind });
    }
    v.d0.moves.forEach(function (m) {
      if (m.dst !== v.id) add(v.id, m.dst, m.best, "out");
    });
    v.details.forEach(function (du, k) {
      var u = v.level1[k];
      du.moves.forEach(function (m) {
        if (placed.has(m.dst) && m.dst !== u) add(u, m.dst, m.best, m.dst === v.id ? "in" : "");
      });
      du.parents.forEach(function (p) {
        if (placed.has(p) && p !== u && p !== v.id) add(p, u, false, "");
      });
    });
    /** @type {Item[]} */
    var list = [];
    edges.forEach(function (e) {
      var best = e.best && !app.hideValues; // a challenge: every move drawn alike
      var colour = e.kind === "out" ? app.T.accent : e.kind === "in" ? app.T.parent : best ? app.T["move-best"] : app.T.move;
      list.push({
        id: list.length,
        from: e.from,
        to: e.to,
        width: e.kind ? (best ? 3.5 : 2) : best ? 2 : 1,
        color: styles.solid(colour),
        smooth: edges.has(e.to + ">" + e.from) ? { enabled: true, type: "curvedCW", roundness: 0.12 } : false,
        dashes: false,
      });
    });
    return list;
  }

  /** @param {View} v */
  function caption(v) {
    var cap = $("explorer-caption");
    if (!cap) return;
    var plural = util.plural, picked = v.picked;
    cap.textContent =
      plural(v.d0.moves.length, "move", "moves") + " from here, " +
      plural(v.d0.parents.length, "position leads", "positions lead") + " here; " +
      (picked.total > picked.shown
        ? "showing " + picked.shown + " of the " + picked.total + " positions two steps away."
        : picked.total + " positions two steps away.") +
      " Click any position to move the centre there.";
    if (picked.total > picked.shown) {
      var more = document.createElement("button");
      more.type = "button";
      more.id = "explorer-more";
      more.className = "explorer-more";
      more.textContent = "show " + Math.min(MAX_LEVEL2, picked.total - picked.shown) + " more";
      more.addEventListener("click", function () {
        level2Cap += MAX_LEVEL2;
        explore(v.id, false);
      });
      cap.appendChild(more);
    }
  }

  /** @param {View} v @param {Record<string, Point> | null} from */
  function show(v, from) {
    var net = network();
    var sets = explorer;
    if (!sets) return;
    var laid = place(v);
    var list = link(v, laid.placed);
    cancelAnimationFrame(glideFrame); // a glide toward the previous layout stops here
    sets.nodes.clear();
    sets.edges.clear();
    sets.nodes.add(laid.nodes);
    sets.edges.add(list);
    net.selectNodes([v.id], false);
    net.fit({ animation: false });
    if (from && from[v.id]) glide(laid.nodes, from, from[v.id]);
    caption(v);
    app.api.explored = { centre: v.id, level1: v.level1.length, level2: v.picked.shown, of: v.picked.total,
      edges: list.length };
  }

  /** The move to a new centre: positions already shown glide from where they were (the new centre
     from its old place to the middle), new ones grow in; 320 ms, the camera still (clicks land true).
     @param {Placed[]} nodes @param {Record<string, Point>} from @param {Point} origin */
  function glide(nodes, from, origin) {
    var net = network(), body = net.body;
    var start = nodes.map(function (n) {
      var old = from[n.id];
      return old ? { x: old.x - origin.x, y: old.y - origin.y } : { x: n.x * 0.6, y: n.y * 0.6 };
    });
    var t0 = performance.now();
    cancelAnimationFrame(glideFrame);
    /** @param {number} now */
    function frame(now) {
      var t = Math.min(1, (now - t0) / 320);
      var e = t < 0.5 ? 2 * t * t : 1 - Math.pow(-2 * t + 2, 2) / 2;
      nodes.forEach(function (n, k) {
        var b = body.nodes[n.id];
        if (!b) return;
        b.x = start[k].x + (n.x - start[k].x) * e;
        b.y = start[k].y + (n.y - start[k].y) * e;
      });
      net.redraw();
      if (t < 1) glideFrame = requestAnimationFrame(frame);
    }
    glideFrame = requestAnimationFrame(frame);
  }

  /* The neighbourhood drawn again where it is (after app.hideValues changed): colours, ring order and moves. */
  function restyle() {
    if (shown && app.api.selected !== null) explore(app.api.selected, false);
  }

  return { build: build, explore: explore, restyle: restyle };
}

export { create };
