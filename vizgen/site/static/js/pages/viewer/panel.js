/* vizgen panel: the selected position in words, its players on the board (board.js), its moves for the
 * player choosing them, the positions that lead to it and the node table's columns.
 *
 * create(app) returns {render(id)}. The panel is drawn with what a game asks of it (app.decor(id, detail),
 * set by play.js through vizgen.decorate: the seats' names, the board's mode, each move's row and badge);
 * after each render the add-ons' panel hooks run (main.js, play.js) to put their own sections in it.
 */
import { create as createBoard, seatMarks } from "../../core/board.js";
import { touch } from "../core/board.js";
import { over as overHtml } from "../../core/hands.js";
import { html, render as renderHtml } from "../../core/html.js";
import * as util from "../../core/util.js";
import { byId } from "../core/page.js";
import { badge, columnsHtml, movesHtml, parentsHtml } from "../../viewer/view/panel.js";

/** @typedef {import("../../viewer/interfaces.js").App} App */
/** @typedef {import("../../viewer/interfaces.js").Detail} Detail */

/**
 * The panel of a page: render(id) fills it with position id.
 * @param {App} app
 * @returns {{ render(id: number): Promise<void> }}
 */
function create(app) {
  var W = app.W;
  var token = 0;
  var board = createBoard(app, touch);

  /** @param {number} id @param {Detail} d */
  function draw(id, d) {
    var model = app.model, hide = app.ctrl.state.hideValues; // a challenge: no value, the moves in the rules' order
    var panel = byId("panel");
    if (!panel) return;
    var decor = app.decor ? app.decor(id, d) : null;
    var head = decor && decor.head; // a game's end: who won, the seats named ("player 2 won", not "+2 has won")
    var title = html`<div class="pos-head"><h2 class="pos-title">${model.name(id)}</h2>${head ? badge(head.cls, head.text, "") : badge(model.cls(id), model.P > 2 ? model.short(id) : model.words(id),
      model.words(id))}</div>`;
    var swaps = seatMarks(model.name(id)).swaps;
    var sub = id === model.startId ? html`<p class="pos-sub">the start position</p>`
      : swaps ? html`<p class="pos-sub">${util.fill(W.hands.swaps, { n: swaps })}</p>` : "";
    var winner = model.over(id) ? model.winner(id) : -1;
    // a game says how it ended in its own section (play.js), naming the seats by who plays them
    var over = winner >= 0 && !(decor && decor.names) ? overHtml(app, d.hands, winner) : "";
    // a move played from the keyboard (Enter) or a step back keeps the focus in the panel
    var hadFocus = panel.contains(document.activeElement);
    var toggle = html`<button type="button" class="sheet-toggle" aria-controls="panel" aria-expanded="${String(panel.classList.contains("open"))}"><span class="visually-hidden">${W.sheet}</span></button>`;
    var top = panel.scrollTop;
    renderHtml(panel, html`${toggle}${title}${sub}${over}${board.html(id, d, decor)}${movesHtml(app.cfg, model, d, decor, hide)}${parentsHtml(model, id, d, hide)}${columnsHtml(W, model, d)}`);
    panel.scrollTop = decor && decor.keep ? top : 0; // during a game the view stays where it is

    if (hadFocus) (/** @type {HTMLElement | null} */ (panel.querySelector("tr.move td.mv a")) || panel).focus({ preventScroll: true });
    panel.dataset.position = model.name(id);
    app.shown = [panel, id, d]; // for an add-on whose script comes after this (main.js: onPanel)
    var filled = panel;
    app.hooks.panel.forEach(function (fn) { fn(filled, id, d); });
  }

  /** Fill the panel with position id (a later call wins over one still waiting for its data).
   @param {number} id @returns {Promise<void>} */
  function render(id) {
    var mine = ++token;
    return app.model.detail(id).then(function (d) {
      if (mine === token) draw(id, d);
    });
  }

  return { render: render };
}

export { create, badge };
