/* vizgen main: a variant's page put together: its configuration, the model, the views, the panel and the
 * navigation (navigation.js), offered to add-ons and tests on window.vizgen (face.js).
 *
 * Needs vis-network (window.vis). The page's configuration is the JSON in <script id="vizgen-config">;
 * data comes through the loader (loader.js).
 */
import * as loader from "../core/loader.js";
import { html, render } from "../core/html.js";
import * as theme from "../core/theme.js";
import { byId as $ } from "../core/util.js";
import * as explorer from "./explorer.js";
import * as face from "./face.js";
import * as graph from "./graph.js";
import * as keys from "./keys.js";
import { Model } from "./model.js";
import { create as createNavigation } from "./navigation.js";
import { create as createOverview } from "./overview.js";
import { create as createPanel } from "./panel.js";
import { create as createSearch } from "./search.js";
import { create as createStyles } from "./styles.js";
import * as vis from "./vis.js";
import { create as createViews } from "./views.js";

/** @typedef {import("./types.js").App} App */
/** @typedef {import("./types.js").Config} Config */
/** @typedef {import("./types.js").PageModel} PageModel */
/**
 * The parts a page's script carries (pages/variant.js, pages/code.js): the code model on a code page, the value
 * map where the page has one (and whatever else it offers on the handle).
 * @typedef {{ CodeModel?: typeof import("./codemodel.js").CodeModel, ValueMap?: import("./types.js").MapMaker } & Record<string, unknown>} Parts
 */

/** Start the variant page with the parts its script carries (pages/variant.js, pages/code.js): parts.CodeModel on
   a code page, parts.ValueMap where the page has a value map.
   @param {Parts} parts */
export function boot(parts) {
  if (typeof document === "undefined") return;
  var cfgEl = document.getElementById("vizgen-config");
  if (!cfgEl) return;
  var cfg = /** @type {Config} */ (JSON.parse(cfgEl.textContent || "")); // the site's own configuration

  var api = face.open(cfg);
  var source = cfg.inline ? /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (window))[cfg.inline] : null;
  /** @type {import("./navigation.js").Navigation | null} */
  var moves = null; // the navigation, made once the parts it shows a position in are
  // what every part of the page shares: the configuration, its words and colours, the model, navigation
  /** @type {App} */
  var app = {
    cfg: cfg, W: cfg.words, T: theme.palette(cfg), seats: cfg.seats, api: api, hooks: { panel: [], move: [] },
    model: /** @type {PageModel} */ (/** @type {unknown} */ (null)), // set once the data is read, before any view is drawn
    shown: null,
    // a built page loads its data files; the rules page makes them in the page (cfg.inline names the source)
    load: cfg.inline ? loader.inline(/** @type {(name: string) => unknown} */ (source)) : loader.create(cfg.data),
    go: function (id) { if (moves) moves.go(id); }, clicked: function (id) { if (moves) moves.clicked(id); }, fail: fail,
    ValueMap: parts.ValueMap || null, // the value map's drawing, on the pages that have one
  };

  var styles = createStyles(app);
  var panel = createPanel(app);
  var search = createSearch(app);
  var overview = createOverview(app);
  var views = createViews(app);
  var nav = createNavigation(app, { panel: panel, search: search, overview: overview, views: views });
  moves = nav;
  app.graph = cfg.kind === "small" ? graph.create(app, styles) : null;
  app.explorer = cfg.kind === "small" ? null : explorer.create(app, styles);
  face.offer(app, { panel: panel, search: search, views: views, nav: nav });

  /* The theme changed (theme.js): every colour drawn on a canvas drawn again from the palette in use. */
  theme.on(function () {
    if (api.network) api.network.setOptions({ nodes: { font: { color: app.T.ink, strokeColor: app.T.halo } } });
    if (app.graph) app.graph.restyle();
    if (app.explorer && app.explorer.restyle) app.explorer.restyle();
    var vmap = views.map();
    if (vmap) vmap.draw();
  });

  function wireControls() {
    search.wire();
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
    // a position link outside the viewer brings the viewer into sight
    document.addEventListener("click", function (ev) {
      var a = ev.target instanceof Element ? ev.target.closest("a.pos, a.goto") : null;
      if (!a || a.closest("#explore")) return;
      setTimeout(function () {
        var explore = $("explore");
        if (explore) explore.scrollIntoView({ behavior: "smooth", block: "start" });
      }, 0);
    });
    nav.wire();
  }

  /** @param {unknown} err */
  function fail(err) {
    var e = /** @type {{ message?: unknown } | null | undefined} */ (err);
    api.error = String(e && e.message ? e.message : err);
    var g = $("graph");
    if (g) render(g, html`<p class="graph-loading">Could not load this variant's data: ${api.error}</p>`);
    var p = $("panel");
    if (p) render(p, html``);
  }

  /** The model of this page: a promise (code pages read rules.js, the others nodes.js).
   @param {unknown} data @returns {Promise<PageModel>} */
  function openModel(data) {
    if (cfg.kind === "code" && parts.CodeModel) return Promise.resolve(new parts.CodeModel(data, app.load, cfg.words));
    return Model.open(data, app.load, cfg.words);
  }

  function init() {
    keys.wireSwitcher();
    if (!vis.lib()) {
      fail(new Error("vis-network did not load"));
      return;
    }
    var code = cfg.kind === "code";
    if (code && !parts.CodeModel) {
      fail(new Error("this page's script has no code model"));
      return;
    }
    // the files the first view and the panel need, fetched at once rather than one after the other
    var first = app.load(code ? "rules" : "nodes");
    if (cfg.map && cfg.view === "map") app.load("map");
    if (cfg.kind === "small") app.load("c0");
    first
      .then(openModel)
      .then(function (model) {
        app.model = model;
        api.model = model;
        if (cfg.kind !== "small") overview.wire();
        views.wire();
        return views.show(cfg.map && parts.ValueMap && cfg.view ? cfg.view : "graph");
      })
      .then(function () {
        wireControls();
        keys.wireSheet();
        keys.wireKeys();
        return nav.onHash();
      })
      .then(function () {
        api.ready = true;
        document.body.classList.add("vizgen-ready");
      })
      .catch(fail);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
}
