/* vizgen main: a variant's page put together: the model, the views, the panel, navigation.
 *
 * Needs vis-network (window.vis). The page's configuration is the JSON in <script id="vizgen-config">;
 * data comes through the loader (loader.js). A position is shown (select) when the address's fragment
 * names it, so links, the back button and deep links all go through the fragment (go).
 *
 * window.vizgen is the page's face to add-ons and tests: config, ready, error, model, network, view, map,
 * selected, selections, explored, drawn, and
 *   vizgen.onPanel(fn): fn(panel, id, detail) each time the panel has been filled for position id
 *     (detail: its hands, moves and parents), so an add-on can put its own section in it or mark moves;
 *     at once too when the panel was filled before fn came;
 *   vizgen.decorate(fn): the panel is drawn with fn(id, detail)'s decorations (panel.js: names, board, rows...),
 *     and vizgen.redraw() draws it again (a game's state changed);
 *   vizgen.onMoveClick(fn): fn(from, to) when a move from the shown position is clicked, in the panel's
 *     move table or as a position in the graph or the explorer; fn returns true to take the click over;
 *   vizgen.go(id or notation) navigates (the fragment follows), vizgen.select(id) shows a position
 *   without touching the address, vizgen.load(name) loads a data file, vizgen.resolve(text) and
 *   vizgen.locate(text) find a typed position, vizgen.unfade() lifts the small graph's fading.
 */
import * as address from "../core/address.js";
import * as loader from "../core/loader.js";
import * as theme from "../core/theme.js";
import * as util from "../core/util.js";
import { byId as $ } from "../core/util.js";
import * as explorer from "./explorer.js";
import * as graph from "./graph.js";
import * as keys from "./keys.js";
import { Model } from "./model.js";
import { create as createOverview } from "./overview.js";
import { create as createPanel } from "./panel.js";
import { create as createSearch } from "./search.js";
import { create as createStyles } from "./styles.js";
import { create as createViews } from "./views.js";

/* Start the variant page with the parts its script carries (pages/variant.js, pages/code.js): parts.CodeModel on
   a code page, parts.ValueMap where the page has a value map. */
export function boot(parts) {
  if (typeof document === "undefined") return;
  var cfgEl = document.getElementById("vizgen-config");
  if (!cfgEl) return;
  var cfg = JSON.parse(cfgEl.textContent);

  var api = (window.vizgen = {
    config: cfg,
    ready: false,
    selected: null,
    selections: 0,
    model: null,
    network: null,
    error: null,
  });
  var hooks = { panel: [], move: [] };
  // what every part of the page shares: the configuration, its words and colours, the model, navigation
  var app = {
    cfg: cfg, W: cfg.words, T: theme.palette(cfg), seats: cfg.seats, api: api, hooks: hooks, model: null, shown: null,
    // a built page loads its data files; the rules page makes them in the page (cfg.inline names the source)
    load: cfg.inline ? loader.inline(window[cfg.inline]) : loader.create(cfg.data),
    go: go, clicked: clicked, fail: fail,
    ValueMap: parts.ValueMap || null, // the value map's drawing, on the pages that have one
  };
  api.load = app.load;
  api.onPanel = function (fn) {
    hooks.panel.push(fn);
    if (app.shown) fn.apply(null, app.shown); // the panel was filled before the add-on came (the rules page)
  };
  api.onMoveClick = function (fn) { hooks.move.push(fn); };
  api.decorate = function (fn) { app.decor = fn; };

  var styles = createStyles(app);
  var panel = createPanel(app);
  var search = createSearch(app);
  var overview = createOverview(app);
  var views = createViews(app);
  app.graph = cfg.kind === "small" ? graph.create(app, styles) : null;
  app.explorer = cfg.kind === "small" ? null : explorer.create(app, styles);
  api.resolve = search.resolve;
  api.locate = search.locate;
  api.unfade = function () { if (app.graph) app.graph.unfade(); };
  /* Draw a game's path (position ids in order, null: none) on the graph and the value map. */
  api.path = function (ids) {
    app.trail = ids;
    if (app.graph) app.graph.path(ids);
    var vmap = views.map();
    if (vmap && vmap.path) vmap.path(ids);
  };
  api.redraw = function () {
    return api.selected === null ? Promise.resolve() : panel.render(api.selected);
  };
  /* Hide every value in the graph and the explorer (a challenge), or show them again. */
  api.hideValues = function (on) {
    if (!!app.hideValues === on) return;
    app.hideValues = on;
    if (app.graph) app.graph.restyle();
    if (app.explorer && app.explorer.restyle) app.explorer.restyle();
    if (api.selected !== null) panel.render(api.selected); // the moves in the rules' order, or best first again
  };

  /* The theme changed (theme.js): every colour drawn on a canvas drawn again from the palette in use. */
  theme.on(function () {
    if (api.network) api.network.setOptions({ nodes: { font: { color: app.T.ink, strokeColor: app.T.halo } } });
    if (app.graph) app.graph.restyle();
    if (app.explorer && app.explorer.restyle) app.explorer.restyle();
    var vmap = views.map();
    if (vmap) vmap.draw();
  });

  // ------------------------------------------------------------------ clicks on moves
  /* A click on position `to`: true when it is a move from the shown position that an add-on took over. */
  function moveTaken(to) {
    var from = api.selected;
    var d = from === null ? null : app.model.details.get(from);
    if (!d || !d.moves.some(function (m) { return m.dst === to; })) return false;
    return hooks.move.some(function (fn) { return fn(from, to) === true; });
  }
  function clicked(id) {
    if (!moveTaken(id)) go(id);
  }
  document.addEventListener("click", function (ev) {
    var a = ev.target.closest ? ev.target.closest("#panel tr.move a") : null;
    if (!a || !app.model) return;
    var to = app.model.lookup(address.read("", a.getAttribute("href"), "variant").hash || "");
    if (to !== undefined && moveTaken(to)) {
      ev.preventDefault();
      ev.stopPropagation();
    }
  }, true);

  // ------------------------------------------------------------------ navigation
  /* The position the fragment names, as typed ("" when it names none or cannot be read: address.js). */
  function decodeHash() {
    return address.read("", location.hash, "variant").hash || "";
  }
  function go(id) {
    var name = app.model.name(id);
    if (decodeHash() === name) select(id, true);
    else location.hash = "#" + name;
  }
  /* Navigate to a position (id or notation); returns the id, or on a code page a promise of it. */
  api.go = function (notationOrId) {
    if (app.model.lazy && typeof notationOrId !== "number") {
      return search.locate(notationOrId).then(function (id) {
        if (id !== undefined) go(id);
        return id;
      });
    }
    var id = typeof notationOrId === "number" ? notationOrId : search.resolve(notationOrId);
    if (id !== undefined) go(id);
    return id;
  };
  var baseTitle = document.title;

  /* Show position id: highlight it (small graph) or centre the explorer on it, and fill the panel.
     focus: false keeps the view (first load). */
  function select(id, animate, focus) {
    var model = app.model;
    api.selected = id;
    search.message("");
    if (focus !== false) keys.sheet(true);
    var work;
    if (app.graph) {
      if (api.network) {
        app.graph.highlight(id, focus !== false);
        if (focus !== false && api.view === "graph") app.graph.focus(id);
      }
      work = panel.render(id);
    } else {
      work = Promise.all([api.network ? app.explorer.explore(id, animate) : null, panel.render(id)]);
    }
    var vmap = views.map();
    if (vmap) {
      vmap.mark(id, model.details.get(id) || null);
      work = work.then(function () {
        if (api.selected === id) vmap.mark(id, model.details.get(id));
      });
    }
    overview.mark(id);
    document.title = model.name(id) + " · " + baseTitle;
    return work.then(function () {
      if (api.selected === id) api.selections++;
    });
  }
  api.select = function (id) {
    return select(id, false);
  };

  var notes = []; // what the address.js dropped from the address, said once a position is shown
  /* Say the notes, then `also`, on the page's message line (nothing to say: the line is left as it is). */
  function tell(also) {
    var said = notes.concat(also ? [also] : []);
    notes = [];
    if (said.length) search.message(said.join(" "));
  }
  /* Show the position the fragment names; the first time (no event) the query is read too, for its notes. */
  function onHash(ev) {
    var asked = address.read(ev ? "" : location.search, location.hash, "variant");
    var raw = asked.hash || "";
    notes = notes.concat(asked.notes);
    if (!raw) return select(app.model.startId, false, false).then(function () { tell(); });
    return search.locate(raw).then(function (id) { return showHash(raw, id); });
  }
  function showHash(raw, id) {
    if (id === undefined) {
      // an unknown deep link: show the start (if nothing is shown yet) and say why
      var shown = api.selected === null || api.selected === undefined
        ? select(app.model.startId, false, false) : Promise.resolve();
      return shown.then(function () {
        tell("There is no position “" + raw + "” in this variant. " + search.hint());
      });
    }
    if (app.model.name(id) !== raw) {
      location.replace("#" + app.model.name(id)); // its hashchange shows it, and says the notes
      return Promise.resolve();
    }
    return select(id, true).then(function () { tell(); });
  }

  function wireControls() {
    search.wire();
    var start = $("btn-start");
    if (start) start.addEventListener("click", function () { go(app.model.startId); });
    var fit = $("btn-fit");
    if (fit) fit.addEventListener("click", function () { if (api.network) api.network.fit({ animation: false }); });
    var all = $("all-moves");
    if (all && app.graph) all.addEventListener("change", function () { app.graph.redrawMoves(); });
    // a position link outside the viewer brings the viewer into sight
    document.addEventListener("click", function (ev) {
      var a = ev.target.closest ? ev.target.closest("a.pos, a.goto") : null;
      if (!a || a.closest("#explore")) return;
      setTimeout(function () {
        $("explore").scrollIntoView({ behavior: "smooth", block: "start" });
      }, 0);
    });
    window.addEventListener("hashchange", onHash);
  }

  function fail(err) {
    api.error = String(err && err.message ? err.message : err);
    var g = $("graph");
    if (g) g.innerHTML = '<p class="graph-loading">Could not load this variant\'s data: ' + util.esc(api.error) + "</p>";
    var p = $("panel");
    if (p) p.innerHTML = "";
  }

  /* The model of this page: a promise (code pages read rules.js, the others nodes.js). */
  function openModel(data) {
    if (cfg.kind === "code") return new parts.CodeModel(data, app.load, cfg.words);
    return Model.open(data, app.load, cfg.words);
  }

  function init() {
    keys.wireSwitcher();
    if (!window.vis || !window.vis.Network) {
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
        app.model = api.model = model;
        if (cfg.kind !== "small") overview.wire();
        views.wire();
        return views.show(cfg.map && parts.ValueMap ? cfg.view : "graph");
      })
      .then(function () {
        wireControls();
        keys.wireSheet();
        keys.wireKeys();
        return onHash();
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
