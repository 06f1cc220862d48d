/* vizgen main: a variant's page put together: its configuration, the controller (ctrl.js), the model, the views,
 * the panel and the navigation (navigation.js), and the page's face (face.js), which the entry offers to add-ons
 * and tests on window.vizgen.
 *
 * The entry (pages/viewer.js) hands in what only it may reach: vis-network, the animation frames, the rules page's
 * maker of data files (handed to the entry by the rules page) and where the face goes. The page's configuration is the JSON in <script id="vizgen-config">; data
 * comes through the loader (loader.js).
 */
import * as loader from "../core/loader.js";
import { html, render } from "../../core/html.js";
import * as theme from "../core/theme.js";
import { byId as $ } from "../core/page.js";
import { MAX_LEVEL2, ViewerCtrl } from "../../viewer/ctrl.js";
import * as explorer from "../../viewer/explorer.js";
import * as face from "../../viewer/face.js";
import * as graph from "../../viewer/graph.js";
import * as keys from "./keys.js";
import { Model } from "../../viewer/model.js";
import { create as createNavigation } from "./navigation.js";
import { create as createOverview } from "./overview.js";
import { create as createPanel } from "./panel.js";
import { create as createStyles } from "../../viewer/styles.js";
import { create as createViews } from "./views.js";
import { captionView, trailView } from "../../viewer/view/explorer.js";

/** @typedef {import("../../viewer/interfaces.js").App} App */
/** @typedef {import("../../viewer/interfaces.js").Config} Config */
/** @typedef {import("../../viewer/interfaces.js").Face} Face */
/** @typedef {import("../../viewer/interfaces.js").PageModel} PageModel */
/** @typedef {import("../../viewer/interfaces.js").Walk} Walk */
/**
 * The parts a page's script carries (pages/variant.js, pages/code.js): the code model on a code page, the value
 * map where the page has one (and whatever else it offers on the handle).
 * @typedef {{ CodeModel?: typeof import("../../viewer/codemodel.js").CodeModel, ValueMap?: import("../../viewer/interfaces.js").MapMaker } & Record<string, unknown>} Parts
 */
/**
 * What the page's entry hands the viewer: the page's parts, its vis-network (null: its script did not load), its
 * animation frames, the rules page's maker of data files (null on a built page, which loads its files) and where
 * the face goes.
 * @typedef {{ parts: Parts, vis(): import("../../viewer/vis.js").Vis | null, frames: import("../../viewer/vis.js").Frames,
 *   files: ((name: string) => Promise<unknown>) | null, offer(face: Face): void }} Page
 */

/** The message line, the explorer's trail and its caption, drawn from the controller's state.
 @param {App} app @returns {() => void} */
function redrawer(app) {
  /** @type {Walk | null} */
  var drawn = null;
  return function () {
    var s = app.ctrl.state;
    var msg = $("search-msg");
    if (msg) {
      msg.textContent = s.message;
      msg.classList.toggle("shown", !!s.message);
    }
    if (!s.walk || s.walk === drawn) return;
    drawn = s.walk;
    var cap = $("explorer-caption");
    if (!cap) return;
    var el = $("trail");
    if (!el && cap.parentNode) {
      el = document.createElement("p");
      el.id = "trail";
      el.className = "trail";
      cap.parentNode.insertBefore(el, cap.nextSibling);
    }
    if (el) render(el, trailView(app.model, s.trail));
    render(cap, captionView(s.walk, MAX_LEVEL2));
  };
}

/** What every part of the page shares: the configuration, its words and colours, the controller and its model.
 @param {Config} cfg @param {Page} page @returns {App} */
function makeApp(cfg, page) {
  var made = page.files ? loader.inline(page.files) : null;
  var draw = function () {}; // the message line, the trail and the caption, once the page's parts are made
  var ctrl = new ViewerCtrl(cfg, function () { draw(); });
  /** @type {App} */
  var app = {
    cfg: cfg, W: cfg.words, T: theme.palette(cfg), seats: cfg.seats, hooks: { panel: [] }, shown: null, ctrl: ctrl,
    api: face.create(cfg, ctrl),
    get model() { return ctrl.model; }, // read from the data before any view is drawn
    get hideValues() { return ctrl.state.hideValues; }, // the board's (core/board.js) reading of a challenge
    // a built page loads its data files; the rules page makes them in the page and hands them in (page.files)
    load: made || loader.create(cfg.data),
    go: function (id) { if (app.nav) app.nav.go(id); },
    clicked: function (id) { if (app.nav) app.nav.clicked(id); },
    fail: function (err) { fail(app, err); },
    ValueMap: page.parts.ValueMap || null, // the value map's drawing, on the pages that have one
    nav: null,
  };
  draw = redrawer(app);
  return app;
}

/** The page cannot be shown: say why where the graph would be.
 @param {App} app @param {unknown} err */
function fail(app, err) {
  var said = typeof err === "object" && err !== null && "message" in err && err.message ? err.message : err;
  app.api.error = String(said);
  var g = $("graph");
  if (g) render(g, html`<p class="graph-loading">Could not load this variant's data: ${app.api.error}</p>`);
  var p = $("panel");
  if (p) render(p, html``);
}

/**
 * The page's parts: its styles, panel, picture of every position, views and navigation, and the graph (a small
 * variant) or the explorer (a big one), drawn with the page's vis-network.
 * @param {App} app
 */
function makeParts(app) {
  var styles = createStyles(app, function (text) { // a position's hover words, in the page's hover box
    var el = document.createElement("div");
    el.className = "vg-tip";
    el.textContent = text;
    return el;
  });
  var panel = createPanel(app);
  var overview = createOverview(app);
  var views = createViews(app);
  var nav = createNavigation(app, { panel: panel, overview: overview, views: views });
  app.nav = nav;
  face.offer(app, { panel: panel, views: views, nav: nav });
  return { styles: styles, overview: overview, views: views, nav: nav };
}

/** The theme changed (theme.js): every colour drawn on a canvas drawn again from the palette in use.
 @param {App} app @param {{ map(): import("../../viewer/interfaces.js").MapView | null }} views */
function restyle(app, views) {
  var api = app.api;
  if (api.network) api.network.setOptions({ nodes: { font: { color: app.T.ink, strokeColor: app.T.halo } } });
  if (app.graph) app.graph.restyle();
  if (app.explorer) app.explorer.restyle();
  var vmap = views.map();
  if (vmap) vmap.draw();
}

/** The search box, the buttons, "all moves", "show more", and the fragment.
 @param {App} app @param {import("./navigation.js").Navigation} nav */
function wireControls(app, nav) {
  var api = app.api;
  var form = $("search");
  if (form) {
    form.addEventListener("submit", function (ev) {
      ev.preventDefault();
      var box = $("q");
      app.ctrl.search(box instanceof HTMLInputElement ? box.value : "").then(function (id) {
        if (id !== undefined) app.go(id);
      });
    });
  }
  var start = $("btn-start");
  if (start) start.addEventListener("click", function () { nav.go(app.model.startId); });
  var fit = $("btn-fit");
  if (fit) fit.addEventListener("click", function () { if (api.network) api.network.fit({ animation: false }); });
  var all = $("all-moves");
  var small = app.graph;
  if (all && small) {
    var shownGraph = small;
    all.addEventListener("change", function () { shownGraph.redrawMoves(); });
  }
  document.addEventListener("click", function (ev) {
    var target = ev.target instanceof Element ? ev.target : null;
    if (target && target.closest("#explorer-more") && app.explorer) app.explorer.more().catch(app.fail);
    // a position link outside the viewer brings the viewer into sight
    var a = target ? target.closest("a.pos, a.goto") : null;
    if (!a || a.closest("#explore")) return;
    setTimeout(function () {
      var explore = $("explore");
      if (explore) explore.scrollIntoView({ behavior: "smooth", block: "start" });
    }, 0);
  });
  nav.wire();
}

/** The model of this page: a promise (code pages read rules.js, the others nodes.js).
 @param {App} app @param {Parts} parts @param {unknown} data @returns {Promise<PageModel>} */
function openModel(app, parts, data) {
  if (app.cfg.kind === "code" && parts.CodeModel) return Promise.resolve(new parts.CodeModel(data, app.load, app.W));
  return Model.open(data, app.load, app.W);
}

/** Whether the page's "all moves" is ticked (the small graph draws every move then).
 @returns {boolean} */
function allMoves() {
  var box = $("all-moves");
  return box instanceof HTMLInputElement && box.checked;
}

/** Read the data, draw the first view, show the position the address names, and say the page is ready.
 @param {App} app @param {Page} page @param {ReturnType<typeof makeParts>} made */
function init(app, page, made) {
  var cfg = app.cfg, parts = page.parts;
  keys.wireSwitcher();
  var V = page.vis();
  if (!V) {
    app.fail(new Error("vis-network did not load"));
    return;
  }
  app.graph = cfg.kind === "small" ? graph.create(app, made.styles, V, allMoves) : null;
  app.explorer = cfg.kind === "small" ? null : explorer.create(app, made.styles, V, page.frames);
  var code = cfg.kind === "code";
  if (code && !parts.CodeModel) {
    app.fail(new Error("this page's script has no code model"));
    return;
  }
  // the files the first view and the panel need, fetched at once rather than one after the other
  var first = app.load(code ? "rules" : "nodes");
  if (cfg.map && cfg.view === "map") app.load("map");
  if (cfg.kind === "small") app.load("c0");
  first
    .then(function (data) { return openModel(app, parts, data); })
    .then(function (model) {
      app.ctrl.open(model);
      app.api.model = model;
      if (cfg.kind !== "small") made.overview.wire();
      made.views.wire();
      return made.views.show(cfg.map && parts.ValueMap && cfg.view ? cfg.view : "graph");
    })
    .then(function () {
      wireControls(app, made.nav);
      keys.wireSheet();
      keys.wireKeys();
      return made.nav.onHash();
    })
    .then(function () {
      app.api.ready = true;
      document.body.classList.add("vizgen-ready");
    })
    .catch(app.fail);
}

/** The page's configuration (<script id="vizgen-config">), if it has one.
 @returns {Config | null} */
export function config() {
  if (typeof document === "undefined") return null;
  var cfgEl = document.getElementById("vizgen-config");
  return cfgEl ? /** @type {Config} */ (JSON.parse(cfgEl.textContent || "")) : null; // the site's own configuration
}

/** Start the variant page with what its entry hands in (pages/viewer.js): the parts its script carries
   (parts.CodeModel on a code page, parts.ValueMap where the page has a value map), vis-network, the frames, the
   rules page's data files (a configuration saying `inline` waits for them).
   @param {Page} page */
export function boot(page) {
  var cfg = config();
  if (!cfg || (cfg.inline && !page.files)) return;
  var app = makeApp(cfg, page);
  page.offer(app.api);
  var made = makeParts(app);
  theme.on(function () { restyle(app, made.views); });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", function () { init(app, page, made); });
  else init(app, page, made);
}
