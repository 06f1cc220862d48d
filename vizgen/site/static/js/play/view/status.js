/* vizgen play view, where the game stands: the mode, the last move and its mark, the game's value for you, how
 * it ended (with Play again and the result card) or whose turn it is; in a game by link, the address to send.
 */
import { contract } from "../../core/contract.js";
import { html } from "../../core/html.js";
import * as util from "../../core/util.js";
import { fill as say } from "../../core/util.js";
import * as reviews from "../review.js";
import { moveName } from "./log.js";
import { button } from "./tools.js";

/** @typedef {import("../../core/html.js").Html} Html */
/** @typedef {import("../game.js").Game} Game */
/** @typedef {import("../interfaces.js").Ctx} Ctx */
/** @typedef {import("../game.js").Ending} Ending */

/** How the game ended, in words, for you.
   @param {Game} g @param {Ending} end @param {Ctx} ctx @returns {string} */
function endWords(g, end, ctx) {
  var W = ctx.W, E = ctx.words.ending;
  if (end.reason === "won") {
    if (g.link && g.seat !== null) { // a game by link, on one person's page: won or lost from their side
      return end.winner === g.seat ? say(W["won-link"], { k: g.seat + 1 })
        : say(W["lost-link"], { name: ctx.role(g, end.winner), k: g.seat + 1 });
    }
    if (g.seats[end.winner] === "person") return say(W["won-person"], { name: ctx.role(g, end.winner) });
    return g.seats[end.winner] === "you" ? W["won-you"]
      : say(W["won-other"], { name: ctx.kindName(g.seats[end.winner]), k: end.winner + 1 });
  }
  var text = E[end.reason];
  if (end.shared.length) text += " " + (end.shared.indexOf(g.you) >= 0 ? W["share-you"] : W["share-out"]);
  return text;
}

/** The last move and its mark, the game's value for you, how it ended or whose turn it is.
   @param {Game} g @param {Ctx} ctx @returns {Html} */
export function status(g, ctx) {
  var W = ctx.W, model = g.model, at = g.here(), n = g.plies();
  /** @type {Html[]} */
  var out = [];
  var mine = g.lastMine();
  // a challenge marks nothing until the game ends: the marks are in the review then
  var r = mine < 0 || ctx.hidden || (g.challenge && !g.finished()) ? null
    : reviews.own(ctx.words, (ctx.model.details.get(g.path[mine]) || { moves: [] }).moves, g.path[mine + 1]);
  if (!g.finished() || g.reviewed) out.push(html`<p class="play-mode-now">${W[modeKey(g)]}</p>`);
  if (r) out.push(html`<p class="play-mark ${contract.marks[r.mark].key}">${reviews.sentence(ctx.words, r)}</p>`);
  if (n >= 1 && g.last && mine < n - 1) {
    var from = g.path[n - 1], seat = g.mover(n - 1);
    out.push(html`<p class="play-last">${say(W.played, { name: ctx.role(g, seat) })} <b class="play-move">${
      moveName(ctx.model, from, at)}</b>: ${model.name(from)} → ${model.name(at)}</p>`);
  }
  if (!ctx.hidden && !g.peopleOut(ctx.live)) { // whoever is out here is told so below, not given a value
    out.push(html`<p class="play-value"><span class="badge ${util.valueClass(g.value(n).v, contract.classes)}">${
      g.valueWords(W, n)}</span></p>`);
  }
  if (g.hinted() && g.challenge && !g.finished()) out.push(html`<p class="play-note">${W.hinted}</p>`);
  var end = g.end(ctx.live);
  if (end) {
    out.push(html`<p class="play-end" role="status"><b>${endWords(g, end, ctx)}</b></p>${
      g.sendTo().length ? sendHtml(g, ctx) : ""}${afterHtml(g, ctx)}`);
  }
  if (ctx.selected !== at) {
    out.push(html`<p class="play-status elsewhere">${W.elsewhere} <a href="#${model.name(at)}" class="play-back">${
      model.name(at)}</a>.</p>`);
  } else if (end) {
    return html`${out}`;
  } else if (g.paused) {
    out.push(html`<p class="play-status"><button type="button" data-act="resume">Continue the game</button></p>`);
  } else if (g.redo.length) {
    out.push(html`<p class="play-status reviewing">${say(W.reviewing, { k: n, n: g.line().length - 1 })}${
      g.yourTurn() ? "" : html` ${button("playon", W["play-on"])}`}</p>`);
  } else if (g.sendTo().length) {
    out.push(sendHtml(g, ctx));
  } else if (g.yourTurn() && g.isOut(ctx.live, g.mover(n))) {
    out.push(html`<p class="play-status out">${outWords(g, g.mover(n), ctx)}</p>`);
  } else if (g.yourTurn() && g.seats[g.mover(n)] === "person") {
    if (g.link && n > 0 && g.last === n) out.push(html`<p class="play-note">${say(W["link-opened"], { n: n })}</p>`);
    out.push(html`<p class="play-status turn">${say(W["person-turn"], { name: ctx.role(g, g.mover(n)) })}</p>`);
  } else if (g.yourTurn()) {
    out.push(html`<p class="play-status turn">${W[ctx.hidden ? "your-turn-table" : "your-turn"]}</p>`);
  } else if (g.seats[g.you] === "you" && g.isOut(ctx.live, g.you)) {
    out.push(html`<p class="play-status out">${W["you-out"]}</p>`);
  } else {
    var s = g.mover(n);
    out.push(html`<p class="play-status thinking">${say(W.thinking, { k: s + 1, name: ctx.kindName(g.seats[s]) })}</p>`);
  }
  if (g.canMove()) out.push(html`<p class="play-keys">${W.keys}</p>`); // the keys of a move, beside the board
  if (!end && g.peopleOut(ctx.live) && !g.fast && ctx.selected === at) {
    out.push(html`<p class="play-skip">${button("skip", W.skip, false, null, "primary")}</p>`);
  }
  return html`${out}`;
}

/** What a player who is out reads: "You are out: …", or the person named.
   @param {Game} g @param {number} seat @param {Ctx} ctx @returns {string} */
function outWords(g, seat, ctx) {
  if (g.seats[seat] === "you") return ctx.W["you-out"];
  return say(ctx.W["person-out"], { name: ctx.role(g, seat) });
}

/** The words of the game's mode (every mode a record names, and coached play). @param {Game} g @returns {string} */
function modeKey(g) {
  var mode = g.mode();
  if (mode === "challenge") return g.seats.indexOf("person") >= 0 ? "mode-pass" : "mode-challenge";
  return mode === null ? "mode-coached" : "mode-" + mode;
}

/** A game by link after a move here (or on this person's page reopened): the address to send to the next person,
   naming their seat (Copy link; Share where the browser has a share sheet), and who the page waits for; after the
   last move made here, the address to send to each other person so their page shows the end.
   @param {Game} g @param {Ctx} ctx @returns {Html} */
function sendHtml(g, ctx) {
  var W = ctx.W, over = g.over();
  return html`<div class="play-send" role="status">${g.sendTo().map(function (to) {
    var name = ctx.role(g, to), url = ctx.link(to);
    var waiting = over ? "" : html`<p class="play-status waiting">${say(W["link-waiting"], { name: name })}</p>`;
    // a page opened from a file: no file:/// address is offered, it opens on this computer only
    if (!url) return html`<p class="play-local">${W["link-local"]}</p>`;
    return html`<p>${say(W[over ? "link-send-end" : "link-send"], { name: name })}</p>${""
    }<p class="play-link"><a href="${url}">${url}</a></p><p>${
      tool("copy-link", W["link-copy"], to, "primary")}${ctx.share ? html` ${tool("share", W["link-share"], to, "")}` : ""}</p>${
      waiting}`;
  })}</div>`;
}

/** A tool for the person at seat `to` (a game by link's Copy link and Share).
   @param {string} act @param {string} text @param {number} to @param {string} cls @returns {Html} */
function tool(act, text, to, cls) {
  return html`<button type="button" data-act="${act}" data-to="${to}"${cls ? html` class="${cls}"` : ""}>${text}</button>`;
}

/** After the game: Play again (the same players, or each one seat on), the result card (its sentence, the
   picture to download, the link) and the add-ons' links (play.onAfter: retry, practice).
   @param {Game} g @param {Ctx} ctx @returns {Html} */
function afterHtml(g, ctx) {
  var W = ctx.W, text = ctx.sentence(g);
  return html`<div class="play-after"><p class="play-again">${button("again", W["play-again"], false, null, "primary")} ${
    button("again-swapped", W[g.P === 2 ? "play-again-swapped" : "play-again-moved"])}</p>${
    text ? html`<figure class="play-card"><figcaption>${W.card}</figcaption><p class="play-sentence">${
      text}</p><p>${button("card", W["card-download"])} ${button("copy-game", W["copy-game"])}</p></figure>` : ""
  }${g.link ? html`<p>${button("see-review", W["see-review"])}</p>` : ""}<div class="play-after-more">${ctx.after(g)}</div></div>`;
}
