/* vizgen play view, the panel's decorations: what the game asks of the panel at a position (viewer/panel.js
 * draws it): the seats named by who plays them, the board live on your turn (elsewhere it browses), the
 * computer's move about to be played, and while another player chooses, what each of their moves means for you.
 */
import { contract } from "../../core/contract.js";
import * as util from "../../core/util.js";

/** @typedef {import("../game.js").Game} Game */
/** @typedef {import("../interfaces.js").Ctx} Ctx */
/** @typedef {import("../interfaces.js").Decor} Decor */

/**
 * The decorations of position id while game g is on (null: no game).
 * @param {Game | null} g @param {{ at: number, to: number } | null} pending the computer's move shown before it is played
 * @param {number} id @param {Ctx} ctx @returns {Decor | null}
 */
export function decor(g, pending, id, ctx) {
  if (!g) return null;
  if (id !== g.here()) return { board: "browse" };
  var shown = g, W = ctx.W;
  var n = g.plies(), roles = [], human = -1;
  for (var s = 0; s < g.P; s++) {
    var seat = (n + s) % g.P;
    roles.push(ctx.role(g, seat));
    if (g.seats[seat] === "you" || (g.seats[seat] === "person" && s === 0)) human = s;
  }
  var mine = g.canMove();
  var coming = pending && pending.at === id ? pending.to : null;
  var theirs = !g.yourTurn() && !ctx.hidden;
  var head = g.model.over(id) ? { cls: util.valueClass(g.value(n).v, contract.classes), text: g.valueWords(W, n) } : null;
  return {
    names: roles, human: human, board: mine ? "play" : false, pending: coming, keep: true, head: head,
    row: function (m) { return (coming === m.dst ? " play-chosen" : "") + (mine ? " play-can" : ""); },
    badge: theirs ? function (m) {
      return { cls: util.valueClass(shown.valueAt(m.dst, n + 1).v, contract.classes), text: shown.valueWordsAt(W, m.dst, n + 1) };
    } : null,
  };
}
