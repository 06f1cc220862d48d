/* vizgen practice handboard: a puzzle's or a goal's position as the touch board of the play page and the variant
 * page (core/board.js, core/hands.js): you answer by touching your hands, as in a game. The board works by
 * numbered positions and moves; this module numbers the practice data's positions (notation) for it, gives it
 * the hands the build ships with each position (node.h) and hides the moves' values (a puzzle gives nothing
 * away). The board listens under #panel, so the board is drawn in an element of that id.
 */
import * as board from "../core/board.js";
import { html } from "../core/html.js";

/** @typedef {import("../core/html.js").Html} Html */
/** @typedef {import("./practice.js").Node} Node */
/** @typedef {import("../core/hands.js").WordTable} WordTable */
/** The words the board reads (words.py's). @typedef {{ moves: WordTable, play: WordTable, hands: WordTable, over: WordTable }} BoardWords */
/**
 * What to draw: the position and its node, the players, the seats' names, your seat, whether the hands take a
 * move (touch), and the position a wrong move led to (its hands outlined).
 * @typedef {{ position: string, node: Node, players: number, names: string[], you: number, touch: boolean,
 *   marked?: string | null }} Shown
 */

/**
 * A board for the practice page: html(shown) draws it; a move made on it calls played(target position); page is
 * the board's side of the page (pages/core/board.js's touch).
 * @param {BoardWords} W @param {(to: string) => void} played @param {import("../core/board.js").BoardPage} page
 * @returns {{ html: (shown: Shown) => Html, idOf: (position: string) => number }}
 */
function create(W, played, page) {
  /** @type {string[]} */
  var ids = [];
  /** @type {Map<string, number>} */
  var index = new Map();
  /** @type {Node | null} */
  var here = null;
  var model = {
    P: 2,
    over: function () { return !here || !here.m.length; }, // the board asks only of the position drawn
    winner: function () { return -1; },
    /** @param {number} id */
    name: function (id) { return ids[id] || ""; },
  };
  var app = {
    W: W, seats: { names: /** @type {string[]} */ ([]), won: /** @type {string[]} */ ([]) }, model: model, cfg: {},
    hideValues: true,
    /** @param {number} dst */
    clicked: function (dst) { if (ids[dst] !== undefined) played(ids[dst]); },
  };
  var drawn = board.create(app, page);

  /** @param {string} position @returns {number} */
  function idOf(position) {
    var id = index.get(position);
    if (id === undefined) {
      id = ids.length;
      ids.push(position);
      index.set(position, id);
    }
    return id;
  }

  /** @param {Shown} s @returns {Html} */
  function draw(s) {
    here = s.node;
    model.P = s.players;
    app.seats.names = s.names;
    var detail = {
      moves: s.node.m.map(function (m) {
        return { names: [m.move], dst: idOf(m.to), choice: m.choice, n: m.n, k: m.k };
      }),
      hands: s.node.h,
    };
    /** @type {import("../core/board.js").BoardDecor} */
    var decor = { board: s.touch ? "play" : false, names: s.names, human: s.you,
      pending: s.marked ? idOf(s.marked) : null };
    return html`<div id="panel" class="pz-hands">${drawn.html(idOf(s.position), detail, decor)}</div>`;
  }

  return { html: draw, idOf: idOf };
}

export { create };
