/* vizgen face: the page's face to add-ons and tests (play.js, the rules page, the browser tests), set on
 * window.vizgen by the page's entry (pages/viewer.js); typed by interfaces.js's Face.
 *
 * It holds config, ready, error, model, network, view, map, selected, selections, explored, drawn, and
 *   vizgen.onPanel(fn): fn(panel, id, detail) each time the panel has been filled for position id
 *     (detail: its hands, moves and parents), so an add-on can put its own section in it or mark moves;
 *     at once too when the panel was filled before fn came;
 *   vizgen.decorate(fn): the panel is drawn with fn(id, detail)'s decorations (panel.js: names, board, rows...),
 *     and vizgen.redraw() draws it again (a game's state changed);
 *   vizgen.onMoveClick(fn): fn(from, to) when a move from the shown position is clicked, in the panel's
 *     move table or as a position in the graph or the explorer; fn returns true to take the click over;
 *   vizgen.go(id or notation) navigates (the fragment follows), vizgen.select(id) shows a position
 *   without touching the address, vizgen.load(name) loads a data file, vizgen.resolve(text) and
 *   vizgen.locate(text) find a typed position, vizgen.unfade() lifts the small graph's fading,
 *   vizgen.path(ids) draws a game's path, vizgen.hideValues(on) hides every value (a challenge).
 */

/** @typedef {import("./interfaces.js").App} App */
/** @typedef {import("./interfaces.js").Face} Face */
/** @typedef {import("./interfaces.js").Config} Config */

/**
 * The face, as it is before the page's data is read: what is selected is the controller's.
 * @param {Config} cfg
 * @param {import("./ctrl.js").ViewerCtrl} ctrl
 * @returns {Face}
 */
function create(cfg, ctrl) {
  return {
    config: cfg,
    ready: false,
    get selected() { return ctrl.state.selected; },
    get selections() { return ctrl.state.selections; },
    model: null,
    network: null,
    error: null,
  };
}

/**
 * Offer the page's parts on the face.
 * @param {App} app
 * @param {{ panel: { render(id: number): Promise<void> }, views: { map(): import("./interfaces.js").MapView | null },
 *   nav: import("./interfaces.js").Navigation }} parts
 */
function offer(app, parts) {
  var api = app.api, ctrl = app.ctrl, panel = parts.panel, views = parts.views, nav = parts.nav;
  api.load = app.load;
  api.onPanel = function (fn) {
    app.hooks.panel.push(fn);
    if (app.shown) fn.apply(null, app.shown); // the panel was filled before the add-on came (the rules page)
  };
  api.onMoveClick = function (fn) { ctrl.moveHooks.push(fn); };
  api.decorate = function (fn) { app.decor = fn; };
  api.resolve = function (text) { return ctrl.resolve(text); };
  api.locate = function (text) { return ctrl.locate(text); };
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
    if (ctrl.state.hideValues === on) return;
    ctrl.hide(on);
    if (app.graph) app.graph.restyle();
    if (app.explorer && app.explorer.restyle) app.explorer.restyle();
    if (api.selected !== null) panel.render(api.selected); // the moves in the rules' order, or best first again
  };
  /* Navigate to a position (id or notation); returns the id, or on a code page a promise of it. */
  api.go = function (notationOrId) {
    if (app.model.lazy && typeof notationOrId !== "number") {
      return ctrl.locate(notationOrId).then(function (id) {
        if (id !== undefined) nav.go(id);
        return id;
      });
    }
    var id = typeof notationOrId === "number" ? notationOrId : ctrl.resolve(notationOrId);
    if (id !== undefined) nav.go(id);
    return id;
  };
  api.select = function (id) {
    return nav.select(id, false);
  };
}

export { create, offer };
