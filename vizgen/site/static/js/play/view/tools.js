/* vizgen play view, the tools: the heading with the ways to play (before a game) or the tools of the game on
 * (walk it, take back, a hint, leave it, the rest under More), and the players' seats.
 */
import { html } from "../../core/html.js";
import { fill as say } from "../../core/util.js";

/** @typedef {import("../../core/html.js").Html} Html */
/** @typedef {import("../game.js").Game} Game */
/** @typedef {import("../interfaces.js").Ctx} Ctx */

/**
 * A tool: a word names itself (its title adds to it); a glyph (« ‹ › ») is named by its title.
 * @param {string} act @param {string} text @param {boolean} [off] @param {string | null} [title] @param {string} [cls]
 * @returns {Html}
 */
export function button(act, text, off, title, cls) {
  var glyph = text.length <= 2;
  return html`<button type="button" data-act="${act}"${cls ? html` class="${cls}"` : ""}${
    title ? html` title="${title}"${glyph ? html` aria-label="${title}"` : ""}` : ""}${off ? " disabled" : ""}>${text}</button>`;
}

/** The heading and the tools: before a game, the two ways to play, named and said; during one, walking it,
   taking back, a hint (a challenge) and leaving it, the rest under More.
   @param {Game | null} g @param {Ctx} ctx @returns {Html} */
export function head(g, ctx) {
  var W = ctx.W;
  if (!g) {
    return html`<div class="play-head"><h3 class="panel-h">Play</h3></div><div class="play-modes">${""
    }<p class="play-mode">${button("start", W["new-challenge"], false, W.challenge, "primary")} ${W["challenge-says"]}</p>${""
    }<p class="play-mode">${button("open", W["new-analysis"])} ${W["coached-says"]}</p></div>${""
    }<h4 class="play-people-h">${W.people}</h4><div class="play-modes play-people">${""
    }<p class="play-mode">${button("pass", W["new-pass"])} ${W["pass-says"]}</p>${""
    }<p class="play-mode">${button("link", W["new-link"])} ${W["link-says"]}</p>${""
    }<p class="play-mode">${button("enter", W["new-enter"])} ${W["enter-says"]}</p></div>${""
    }<div class="play-tools">${button("copy-position", W["copy-position"])}</div>`;
  }
  var n = g.plies(), end = g.line().length - 1;
  var live = g.mode() === "challenge" && !g.finished(); // hints: a challenge or pass and play, never a game by link
  var entering = g.analyse && !g.reviewed;
  return html`<div class="play-head"><h3 class="panel-h">Play</h3><div class="play-tools">${""
  }<span class="play-nav" role="group" aria-label="Walk the game">${
    button("first", "«", n === 0, "the start (Home)")}${button("prev", "‹", n === 0, "one ply back (←)")}${
    button("next", "›", n === end, "one ply forward (→)")}${
    button("last", "»", n === end, "the last ply (End)")}</span>${
    entering ? button("review", W["review-now"], g.plies() === 0, W["review-title"], "primary") : ""}${
    button("undo", "Take back", !g.canUndo(), "take back your last move (Backspace)")}${
    live ? button("hint", W.hint, g.hinted(), W["hint-title"]) : ""}${
    button("quit", "Quit")}<details class="play-more"><summary>${W.more}</summary>${
    live ? button("analysis", W.analysis, false, W["analysis-title"]) : ""}${button("copy-game", W["copy-game"])}${""
  }</details></div></div>`;
}

/** The players: a menu of kinds per seat; the seat to move is marked. During a game the menus fold away
   under "Players" (the board names the seats).
   @param {ReadonlyArray<string>} chosen @param {Game | null} g @param {ReadonlyArray<string>} kinds @param {Ctx} ctx
   @returns {Html} */
export function seats(chosen, g, kinds, ctx) {
  /** @type {Html[]} */
  var rows = [];
  for (var s = 0; s < chosen.length; s++) {
    var turn = g && !g.over() && g.mover(g.plies()) === s;
    var kind = chosen[s];
    rows.push(html`<label class="play-seat${turn ? " turn" : ""}${kind === "you" ? " human" : ""}"><span>${
      say(ctx.W.player, { k: s + 1 })}</span><select data-seat="${s}">${kinds.map(function (k) {
      return html`<option value="${k}"${kind === k ? " selected" : ""}>${ctx.kindName(k)}</option>`;
    })}</select></label>`);
  }
  var box = html`<div class="play-seats">${rows}</div>`;
  return g ? html`<details class="play-players"><summary>${ctx.W.players}</summary>${box}</details>` : box;
}
