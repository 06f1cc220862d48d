/* vizgen views: the graph (a small variant's whole graph, or a big one's explorer) and the value map of a
 * two-player variant, shown one at a time under their tabs. Each is drawn the first time it is shown.
 * create(app) returns {show(name), wire(), map()}: map() is the value map once drawn, else null.
 */
import { contract } from "../core/contract.js";
import * as util from "../core/util.js";
import { byId as $ } from "../core/util.js";


function create(app) {
  var view = null; // "graph" or "map"
  var vmap = null; // the value map (valuemap.js), once drawn

  /* Draw the graph or the explorer the first time it is shown; later, fit it to its box again. */
  function drawGraph() {
    var api = app.api;
    if (api.network) {
      api.network.setSize("100%", "100%");
      api.network.redraw();
      return Promise.resolve();
    }
    var small = app.cfg.kind === "small";
    var built = small ? app.graph.build() : Promise.resolve(app.explorer.build());
    return built.then(function () {
      var id = api.selected;
      if (id === null) return null;
      if (small) {
        app.graph.highlight(id, true);
        return null;
      }
      return app.explorer.explore(id, false);
    });
  }

  function valueWord(v) {
    return util.valueClass(v, contract.classes);
  }
  function drawMap() {
    if (vmap) {
      vmap.draw();
      return Promise.resolve();
    }
    return app.load("map").then(function (payload) {
      var model = app.model;
      vmap = new app.ValueMap($("valuemap"), model, payload, {
        theme: app.T,
        pick: app.clicked,
        text: function (i) { return model.name(i) + " · " + model.short(i); },
        valueWord: valueWord,
      });
      app.api.map = vmap;
      if (app.trail) vmap.path(app.trail); // a game's path drawn before the map was made
      vmap.draw();
      if (app.api.selected !== null) vmap.mark(app.api.selected, model.details.get(app.api.selected) || null);
    });
  }

  /* Show the graph ("graph") or the value map ("map"). */
  function show(name) {
    if (name === view) return Promise.resolve();
    view = name;
    app.api.view = name;
    var tabs = document.querySelectorAll(".view-tab");
    for (var t = 0; t < tabs.length; t++) {
      var on = tabs[t].dataset.view === name;
      tabs[t].setAttribute("aria-selected", on ? "true" : "false");
      tabs[t].tabIndex = on ? 0 : -1;
    }
    $("graph").hidden = name !== "graph";
    if ($("valuemap")) $("valuemap").hidden = name !== "map";
    document.body.classList.toggle("view-map", name === "map");
    return name === "map" ? drawMap() : drawGraph();
  }

  function wire() {
    var tabs = Array.prototype.slice.call(document.querySelectorAll(".view-tab"));
    tabs.forEach(function (tab, t) {
      tab.addEventListener("click", function (ev) {
        show(ev.currentTarget.dataset.view).catch(app.fail);
      });
      // the tab list's keys: arrows, Home and End move between the tabs and show the view
      tab.addEventListener("keydown", function (ev) {
        var to = { ArrowLeft: t - 1, ArrowRight: t + 1, Home: 0, End: tabs.length - 1 }[ev.key];
        if (to === undefined) return;
        ev.preventDefault();
        ev.stopPropagation();
        var next = tabs[(to + tabs.length) % tabs.length];
        next.focus();
        show(next.dataset.view).catch(app.fail);
      });
    });
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
