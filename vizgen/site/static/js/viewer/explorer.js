/* vizgen explorer: a big variant's neighbourhood of one position, drawn in vis-network.
 *
 * The centre, its moves' targets and the positions that lead to it on a ring (level 1), and their new
 * neighbours further out (level 2, at most a cap, "show more" adds to it): the walk itself is the controller's
 * (ctrl.js walk and more); this module places it, draws it and glides from one centre to the next. Clicking a
 * position makes it the centre; positions already shown glide to their new places.
 * create(app, styles, lib, frames) returns {build(container), explore(id, animate), more(), restyle()}.
 */
/** @typedef {import("./interfaces.js").App} App */
/** @typedef {import("./interfaces.js").Explorer} Explorer */
/** @typedef {import("./interfaces.js").Walk} Walk */
/** @typedef {import("./vis.js").Item} Item */
/** @typedef {import("./vis.js").DataSet} DataSet */
/** @typedef {import("./vis.js").Network} Network */
/** @typedef {import("./vis.js").Point} Point */
/** @typedef {import("./vis.js").Vis} Vis */
/** @typedef {import("./vis.js").Frames} Frames */
/** @typedef {ReturnType<typeof import("./styles.js").create>} Styles */
/** @typedef {[number, number, number, number]} Box  left, top, right, bottom */
/** @typedef {Item & { id: number, x: number, y: number }} Placed  a node at its place */

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

/** The nodes of a view: the centre, level 1 on a ring, level 2 in each level-1 position's sector. Labels
   never collide: a position whose label would touch a placed one moves outward along its ray.
   @param {App} app @param {Styles} styles @param {Walk} v @returns {{ nodes: Placed[], placed: Set<number> }} */
function place(app, styles, v) {
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
   @param {App} app @param {Styles} styles @param {Walk} v @param {Set<number>} placed @returns {Item[]} */
function link(app, styles, v, placed) {
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
    var best = e.best && !app.ctrl.state.hideValues; // a challenge: every move drawn alike
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

/** The move to a new centre: positions already shown glide from where they were (the new centre
   from its old place to the middle), new ones grow in; 320 ms, the camera still (clicks land true).
   @param {Frames} frames the page's animation frames @param {Network} net @param {Placed[]} nodes
   @param {Record<string, Point>} from @param {Point} origin */
function glide(frames, net, nodes, from, origin) {
  var body = net.body;
  var start = nodes.map(function (n) {
    var old = from[n.id];
    return old ? { x: old.x - origin.x, y: old.y - origin.y } : { x: n.x * 0.6, y: n.y * 0.6 };
  });
  var t0 = frames.now();
  frames.cancel();
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
    if (t < 1) frames.next(frame);
  }
  frames.next(frame);
}

/**
 * A big variant's neighbourhood of one position.
 * @param {App} app
 * @param {Styles} styles
 * @param {Vis} lib the page's vis-network
 * @param {Frames} frames the page's animation frames
 * @returns {Explorer}
 */
function create(app, styles, lib, frames) {
  /** @type {{ nodes: DataSet, edges: DataSet } | null} */
  var shown = null; // the network's data sets

  /** @returns {Network} */
  function network() {
    var n = app.api.network;
    if (!n) throw new Error("the explorer is not drawn yet");
    return n;
  }

  /** @param {HTMLElement} container */
  function build(container) {
    container.textContent = "";
    var data = (shown = { nodes: new lib.DataSet([]), edges: new lib.DataSet([]) });
    var net = new lib.Network(container, data, {
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
    app.api.network = net;
  }

  /** Centre the explorer on position id (the controller's walk); animate: glide from the positions shown now.
   @param {number} id @param {boolean} animate @returns {Promise<void>} */
  function explore(id, animate) {
    var from = app.api.explored && animate !== false ? network().getPositions() : null;
    return app.ctrl.walk(id).then(function (w) {
      if (w) show(w, from);
    });
  }

  /** "Show more": level 2 grows around the same centre.
   @returns {Promise<void>} */
  function more() {
    return app.ctrl.more().then(function (w) {
      if (w) show(w, null);
    });
  }

  /** @param {Walk} v @param {Record<string, Point> | null} from */
  function show(v, from) {
    var net = network();
    var sets = shown;
    if (!sets) return;
    var laid = place(app, styles, v);
    var list = link(app, styles, v, laid.placed);
    frames.cancel(); // a glide toward the previous layout stops here
    sets.nodes.clear();
    sets.edges.clear();
    sets.nodes.add(laid.nodes);
    sets.edges.add(list);
    net.selectNodes([v.id], false);
    net.fit({ animation: false });
    if (from && from[v.id]) glide(frames, net, laid.nodes, from, from[v.id]);
    app.api.explored = { centre: v.id, level1: v.level1.length, level2: v.picked.shown, of: v.picked.total,
      edges: list.length };
  }

  /* The neighbourhood drawn again where it is (after a challenge hid the values, or the theme changed): colours,
     ring order and moves. */
  function restyle() {
    var id = app.ctrl.state.selected;
    if (shown && id !== null) explore(id, false);
  }

  return { build: build, explore: explore, more: more, restyle: restyle };
}

export { create };
