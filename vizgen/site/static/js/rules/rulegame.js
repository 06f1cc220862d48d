/* vizgen rulegame: the rules page's short game against the perfect player (its state, its moves and its view):
 * the visitor moves first, the perfect player answers, each of the visitor's moves marked optimal or not.
 */
import { contract } from "../core/contract.js";
import { html, render } from "../core/html.js";
import * as rulebadge from "./rulebadge.js";
import * as rulegraph from "./rulegraph.js";

/** @typedef {import("./engine/rulesolve.js").Solved} Solved */
/** @typedef {import("./rulefacts.js").Facts} Facts */
/** @typedef {{move: string, best: boolean, words: string}} GameMark one of the visitor's moves, marked */
/** @typedef {{at: number, trail: number[], marks: GameMark[]}} Game the node reached, the nodes met, the marks */

/**
 * The perfect player's move from node i: the optimal move whose position's notation sorts first; -1 if none.
 * @param {Solved} s
 * @param {Facts} f
 * @param {number} i
 * @returns {number}
 */
function perfectMove(s, f, i) {
  /** @type {{dst: number, name: string} | null} */
  var best = null;
  rulegraph.movesOf(s, f, i).forEach(function (m) {
    if (!m.best) return;
    var name = s.rules.name(s.codes[m.dst]);
    if (best === null || name < best.name) best = { dst: m.dst, name: name };
  });
  var found = /** @type {{dst: number, name: string} | null} */ (best);
  return found ? found.dst : -1;
}

/**
 * A new game from the start.
 * @param {Solved} s
 * @returns {Game}
 */
function newGame(s) {
  return { at: s.start, trail: [s.start], marks: [] };
}

/**
 * The visitor plays the move to node `dst` (if it is one), marked; the perfect player answers until it is the
 * visitor's turn again or the game is over. Whether a move was played.
 * @param {Solved} s
 * @param {Facts} f
 * @param {Game} g
 * @param {number} dst
 * @returns {boolean}
 */
function play(s, f, g, dst) {
  var moves = rulegraph.movesOf(s, f, g.at);
  var m = moves.find(function (x) { return x.dst === dst; });
  if (!m) return false;
  var best = moves.filter(function (x) { return x.best; })[0];
  g.marks.push({ move: m.names[0], best: m.best,
    words: rulebadge.choiceWords(f, dst) + " (best: " + rulebadge.choiceWords(f, best.dst) + ")" });
  g.at = dst;
  g.trail.push(dst);
  while (s.final[g.at] < 0 && g.trail.length % s.rules.P !== 1 && g.trail.length <= contract.ending.cap) {
    g.at = perfectMove(s, f, g.at);
    g.trail.push(g.at);
  }
  return true;
}

/**
 * Draw the game into `el`: the position, its moves as buttons (or the end), the marks, a new game's button.
 * @param {Element} el
 * @param {Solved} s
 * @param {Facts} f
 * @param {Game} g
 */
function view(el, s, f, g) {
  var i = g.at;
  var name = s.rules.name(s.codes[i]);
  var over = s.final[i] >= 0 || g.trail.length > contract.ending.cap;
  var moves = over ? html`<p><b>Game over.</b> ${s.final[i] >= 0 ? rulebadge.verdictWords(s, f, i, false)
    : "Two hundred moves played: a draw by length."}</p>`
    : html`<div class="rules-play-moves">${rulegraph.movesOf(s, f, i).map(function (m) {
      return html`<button type="button" data-play="${m.dst}">${m.names[0]}</button>`;
    })}</div>`;
  var marks = g.marks.length ? html`<h4>Your moves, marked</h4><ol>${g.marks.map(function (mk) {
    return html`<li>${mk.move}: ${mk.best ? "optimal" : "not optimal: " + mk.words}</li>`;
  })}</ol>` : "";
  render(el, html`<p>You move first; the perfect player answers. Position <b>${name}</b>.</p>${moves}${marks
  }<p><button type="button" id="rules-newgame">New game</button></p>`);
}

export { perfectMove, newGame, play, view };
