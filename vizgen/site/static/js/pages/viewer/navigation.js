/* vizgen navigation: which position the page shows, and how it gets there.
 *
 * A position is shown (select) when the address's fragment names it, so links, the back button and deep links
 * all go through the fragment (go). A click on a move from the shown position (in the panel's move table, or as
 * a position in the graph or the explorer) goes to it unless an add-on's move hook takes it over
 * (vizgen.onMoveClick). What address.js dropped from the address is said once a position is shown.
 * create(app, parts) returns {go(id), clicked(id), select(id, animate, focus), onHash(), wire()}.
 */
import * as address from "../../core/address.js";
import * as keys from "./keys.js";

/** @typedef {import("../../viewer/interfaces.js").App} App */
/**
 * The parts of the page a position is shown in.
 * @typedef {{ panel: { render(id: number): Promise<void> }, overview: { mark(id: number): void },
 *   views: { map(): import("../../viewer/interfaces.js").MapView | null } }} Shown
 */
/** @typedef {import("../../viewer/interfaces.js").Navigation} Navigation */

/** The notes of what the reader dropped that this line says: the game's part (and with a game in the address,
   the position's: the game's position is shown) is said in the play box (play/ctrl.js), where a person looks.
   @param {import("../../core/address.js").AddressRead} asked @returns {string[]} */
function theirs(asked) {
  var game = asked.play !== null || Object.prototype.hasOwnProperty.call(asked.dropped, "game");
  return Object.keys(asked.dropped).filter(function (part) {
    return part !== "game" && !(game && part === "position");
  }).map(function (part) { return address.note(asked.dropped[part]); });
}

/**
 * @param {App} app
 * @param {Shown} parts
 * @returns {Navigation}
 */
function create(app, parts) {
  var api = app.api, ctrl = app.ctrl, panel = parts.panel, overview = parts.overview, views = parts.views;

  // ------------------------------------------------------------------ clicks on moves
  /** A click on position id: a move an add-on takes over (ctrl.moveTaken), or go there.
   @param {number} id */
  function clicked(id) {
    if (!ctrl.moveTaken(id)) go(id);
  }

  // ------------------------------------------------------------------ navigation
  /** The position the fragment names, as typed ("" when it names none or cannot be read: address.js).
   @returns {string} */
  function decodeHash() {
    return address.read("", location.hash, "variant").hash || "";
  }
  /** @param {number} id */
  function go(id) {
    var name = app.model.name(id);
    if (decodeHash() === name) select(id, true);
    else location.hash = "#" + name;
  }
  var baseTitle = document.title;

  /** Show position id: highlight it (small graph) or centre the explorer on it, and fill the panel.
     focus: false keeps the view (first load).
     @param {number} id @param {boolean} animate @param {boolean} [focus] @returns {Promise<void>} */
  function select(id, animate, focus) {
    var model = app.model;
    ctrl.select(id);
    if (focus !== false) keys.sheet(true);
    /** @type {Promise<unknown>} */
    var work;
    if (app.graph) {
      if (api.network) {
        app.graph.highlight(id, focus !== false);
        if (focus !== false && api.view === "graph") app.graph.focus(id);
      }
      work = panel.render(id);
    } else {
      work = Promise.all([api.network && app.explorer ? app.explorer.explore(id, animate) : null, panel.render(id)]);
    }
    var vmap = views.map();
    if (vmap) {
      var map = vmap;
      map.mark(id, model.details.get(id) || null);
      work = work.then(function () {
        if (ctrl.state.selected === id) map.mark(id, model.details.get(id) || null);
      });
    }
    overview.mark(id);
    document.title = model.name(id) + " · " + baseTitle;
    return work.then(function () { ctrl.settled(id); });
  }

  /** @type {string[]} */
  var notes = []; // what the address.js dropped from the address, said once a position is shown
  /** Say the notes, then `also`, on the page's message line (nothing to say: the line is left as it is).
   @param {string} [also] */
  function tell(also) {
    var said = notes.concat(also ? [also] : []);
    notes = [];
    if (said.length) ctrl.say(said.join(" "));
  }
  /** Show the position the fragment names; the first time (no event) the query is read too, for its notes.
   @param {Event} [ev] @returns {Promise<void>} */
  function onHash(ev) {
    var asked = address.read(ev ? "" : location.search, location.hash, "variant");
    var raw = asked.hash || "";
    notes = notes.concat(theirs(asked));
    if (!raw) return select(app.model.startId, false, false).then(function () { tell(); });
    return ctrl.locate(raw).then(function (id) { return showHash(raw, id); });
  }
  /** @param {string} raw @param {number | undefined} id @returns {Promise<void>} */
  function showHash(raw, id) {
    if (id === undefined) {
      // an unknown deep link: show the start (if nothing is shown yet) and say why
      var shown = ctrl.state.selected === null ? select(app.model.startId, false, false) : Promise.resolve();
      return shown.then(function () {
        tell("There is no position “" + raw + "” in this variant. " + ctrl.hint());
      });
    }
    if (app.model.name(id) !== raw) {
      location.replace("#" + app.model.name(id)); // its hashchange shows it, and says the notes
      return Promise.resolve();
    }
    return select(id, true).then(function () { tell(); });
  }

  /** Listen for the clicks on the panel's moves (an add-on may take them over) and for the fragment. */
  function wire() {
    window.addEventListener("hashchange", onHash);
  }
  document.addEventListener("click", function (ev) {
    var a = ev.target instanceof Element ? ev.target.closest("#panel tr.move a") : null;
    if (!a || !ctrl.opened) return;
    var to = app.model.lookup(address.read("", a.getAttribute("href"), "variant").hash || "");
    if (to !== undefined && ctrl.moveTaken(to)) {
      ev.preventDefault();
      ev.stopPropagation();
    }
  }, true);

  return { go: go, clicked: clicked, select: select, onHash: onHash, wire: wire };
}

export { create };
