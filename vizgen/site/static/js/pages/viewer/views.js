/* vizgen views: the graph (a small variant's whole graph, or a big one's explorer) and the value map of a
 * two-player variant, shown one at a time under their tabs. Each is drawn the first time it is shown.
 * create(app) returns {show(name), wire(), map()}: map() is the value map once drawn, else null.
 */
import { contract } from "../../core/contract.js";
import * as util from "../../core/util.js";
import { byId as $ } from "../core/page.js";

/** @typedef {import("../../viewer/interfaces.js").App} App */
/** @typedef {import("../../viewer/interfaces.js").MapView} MapView */
/** @typedef {"graph" | "map"} ViewName */

/**
 * The graph and the value map under their tabs.
 * @param {App} app
 * @returns {{ show(name: ViewName): Promise<unknown>, wire(): void, map(): MapView | null }}
 */
function create(app) {
  /** @type {ViewName | null} */
  var view = null; // "graph" or "map"
  /** @type {MapView | null} */
  var vmap = null; // the value map (valuemap.js), once drawn

  /** Draw the graph or the explorer the first time it is shown; later, fit it to its box again.
   @returns {Promise<unknown>} */
  function drawGraph() {
    var api = app.api;
    if (api.network) {
      api.network.setSize("100%", "100%");
      api.network.redraw();
      return Promise.resolve();
    }
    var graph = app.graph, explorer = app.explorer, box = $("graph");
    if (!box) return Promise.reject(new Error("no graph to draw in"));
    var container = box;
    var built = graph ? graph.build(container) : explorer ? Promise.resolve(explorer.build(container)) : Promise.resolve();
    return built.then(function () {
      var id = app.ctrl.state.selected;
      if (id === null) return null;
      if (graph) {
        graph.highlight(id, true);
        return null;
      }
      return explorer ? explorer.explore(id, false) : null;
    });
  }

  /** @param {number} v @returns {string} */
  function valueWord(v) {
    return util.valueClass(v, contract.classes);
  }
  /** @returns {Promise<unknown>} */
  function drawMap() {
    if (vmap) {
      vmap.draw();
      return Promise.resolve();
    }
    var Maker = app.ValueMap, box = $("valuemap");
    if (!Maker || !box) return Promise.reject(new Error("this page has no value map"));
    var make = Maker, container = box;
    return app.load("map").then(function (payload) {
      var model = app.model;
      var made = new make(container, model, payload, {
        theme: app.T,
        pick: app.clicked,
        text: function (i) { return model.name(i) + " · " + model.short(i); },
        valueWord: valueWord,
      });
      vmap = made;
      app.api.map = made;
      if (app.trail && made.path) made.path(app.trail); // a game's path drawn before the map was made
      made.draw();
      var id = app.ctrl.state.selected;
      if (id !== null) made.mark(id, model.details.get(id) || null);
    });
  }

  /** Show the graph ("graph") or the value map ("map").
   @param {ViewName} name @returns {Promise<unknown>} */
  function show(name) {
    if (name === view) return Promise.resolve();
    view = name;
    app.api.view = name;
    var tabs = /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".view-tab"));
    for (var t = 0; t < tabs.length; t++) {
      var on = tabs[t].dataset.view === name;
      tabs[t].setAttribute("aria-selected", on ? "true" : "false");
      tabs[t].tabIndex = on ? 0 : -1;
    }
    var graphBox = $("graph"), mapBox = $("valuemap");
    if (graphBox) graphBox.hidden = name !== "graph";
    if (mapBox) mapBox.hidden = name !== "map";
    document.body.classList.toggle("view-map", name === "map");
    return name === "map" ? drawMap() : drawGraph();
  }

  function wire() {
    var tabs = Array.from(/** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".view-tab")));
    tabs.forEach(function (tab, t) {
      tab.addEventListener("click", function () {
        show(viewOf(tab)).catch(app.fail);
      });
      // the tab list's keys: arrows, Home and End move between the tabs and show the view
      tab.addEventListener("keydown", function (ev) {
        /** @type {Record<string, number>} */
        var keys = { ArrowLeft: t - 1, ArrowRight: t + 1, Home: 0, End: tabs.length - 1 };
        var to = Object.prototype.hasOwnProperty.call(keys, ev.key) ? keys[ev.key] : undefined;
        if (to === undefined) return;
        ev.preventDefault();
        ev.stopPropagation();
        var next = tabs[(to + tabs.length) % tabs.length];
        next.focus();
        show(viewOf(next)).catch(app.fail);
      });
    });
    /** The view a tab shows (its data-view).
     @param {HTMLElement} tab @returns {ViewName} */
    function viewOf(tab) {
      return tab.dataset.view === "map" ? "map" : "graph";
    }
    window.addEventListener("resize", function () {
      if (view === "map" && vmap) vmap.draw();
    });
  }

  return {
    show: show, wire: wire,
    map: function () { return vmap; },
  };
}

export { create };
