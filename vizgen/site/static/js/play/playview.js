/* vizgen playview: a game on the page in HTML: the tools, the players' seats, where the game stands (the
 * last move and its mark, the value for you, how the game ended), the review, the chart of your value
 * after each ply and the moves by round (play.js puts them in the panel). ctx: {W (words.PLAY), words (all
 * the page's words), T (theme), kindName(kind), name(kind) (capitalised), role(game, seat), live(pos),
 * hidden (values hidden), selected (the position shown)}.
 */
import { contract } from "../core/contract.js";
import { html } from "../core/html.js";
import * as util from "../core/util.js";
import { fill as say } from "../core/util.js";
import * as retry from "./retry.js";
import * as reviews from "./review.js";

/** @typedef {import("../core/html.js").Html} Html */
/** @typedef {import("./game.js").Game} Game */
/** @typedef {import("./game.js").Ending} Ending */
/** @typedef {import("./game.js").Live} Live */
/** @typedef {import("./review.js").Marked} Marked */
/** @typedef {import("./review.js").Detail} Detail */
/**
 * The page's words as the game's view reads them: PLAY (also as W), the review's and the endings'.
 * @typedef {{ play: Record<string, string>, review: import("./review.js").ReviewWords, ending: Record<string, string> }} Words
 */
/**
 * What the view is drawn with (play.js makes it).
 * @typedef {object} Ctx
 * @property {Record<string, string>} W words.PLAY
 * @property {Words} words every word of the page the game reads
 * @property {Record<string, string>} T the theme's palette
 * @property {(kind: string) => string} kindName
 * @property {(kind: string) => string} name the kind's name, capitalised
 * @property {(g: Game, seat: number) => string} role
 * @property {Live} live
 * @property {boolean} hidden the values hidden
 * @property {number | null} selected the position shown
 * @property {(g: Game) => Html} after the add-ons' part of the end-of-game area
 * @property {(g: Game) => string} sentence the result in one sentence
 */
/** The model's details, as the view reads them. @typedef {{ details: { get(id: number): Detail | undefined } }} Details */


/** The name of the move from position `from` to `to`, as the panel lists it (the arrow if unknown).
   @param {Details} model @param {number} from @param {number} to @returns {string} */
function moveName(model, from, to) {
  var d = model.details.get(from);
  var m = d && d.moves.filter(function (x) { return x.dst === to; })[0];
  return m ? m.names[0] : "→";
}
/** The game's model with its details (play.js's model has both). @param {Game} g @returns {Details} */
function details(g) {
  return /** @type {Details} */ (/** @type {unknown} */ (g.model)); // the page's model: a GameModel with details
}
/** Every ply's mark (review.js), null where unknown. @param {Game} g @param {Ctx} ctx @returns {(Marked | null)[]} */
function marksOf(g, ctx) {
  var model = details(g);
  return reviews.marks(ctx.words, g.line(), function (i) { return model.details.get(i); });
}
/**
 * A tool: a word names itself (its title adds to it); a glyph (« ‹ › ») is named by its title.
 * @param {string} act @param {string} text @param {boolean} [off] @param {string | null} [title] @param {string} [cls]
 * @returns {Html}
 */
function button(act, text, off, title, cls) {
  var glyph = text.length <= 2;
  return html`<button type="button" data-act="${act}"${cls ? html` class="${cls}"` : ""}${
    title ? html` title="${title}"${glyph ? html` aria-label="${title}"` : ""}` : ""}${off ? " disabled" : ""}>${text}</button>`;
}

/** The heading and the tools: before a game, the two ways to play, named and said; during one, walking it,
   taking back, a hint (a challenge) and leaving it, the rest under More.
   @param {Game | null} g @param {Ctx} ctx @returns {Html} */
function head(g, ctx) {
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
function seats(chosen, g, kinds, ctx) {
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

/** How the game ended, in words, for you.
   @param {Game} g @param {Ending} end @param {Ctx} ctx @returns {string} */
function endWords(g, end, ctx) {
  var W = ctx.W, E = ctx.words.ending;
  if (end.reason === "won") {
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
function status(g, ctx) {
  var W = ctx.W, model = g.model, at = g.here(), n = g.plies();
  /** @type {Html[]} */
  var out = [];
  var mine = g.lastMine();
  // a challenge marks nothing until the game ends: the marks are in the review then
  var r = mine < 0 || ctx.hidden || (g.challenge && !g.finished()) ? null
    : reviews.mark(ctx.words, (details(g).details.get(g.path[mine]) || { moves: [] }).moves, g.path[mine + 1]);
  if (!g.finished() || g.reviewed) out.push(html`<p class="play-mode-now">${W[modeKey(g)]}</p>`);
  if (r) out.push(html`<p class="play-mark ${contract.marks[r.mark].key}">${reviews.sentence(ctx.words, r)}</p>`);
  if (n >= 1 && g.last && mine < n - 1) {
    var from = g.path[n - 1], seat = g.mover(n - 1);
    out.push(html`<p class="play-last">${say(W.played, { name: ctx.role(g, seat) })} <b class="play-move">${
      moveName(details(g), from, at)}</b>: ${model.name(from)} → ${model.name(at)}</p>`);
  }
  if (!ctx.hidden && !g.peopleOut(ctx.live)) { // whoever is out here is told so below, not given a value
    out.push(html`<p class="play-value"><span class="badge ${util.valueClass(g.value(n).v, contract.classes)}">${
      g.valueWords(W, n)}</span></p>`);
  }
  if (g.hinted() && g.challenge && !g.finished()) out.push(html`<p class="play-note">${W.hinted}</p>`);
  var end = g.end(ctx.live);
  if (end) out.push(html`<p class="play-end" role="status"><b>${endWords(g, end, ctx)}</b></p>${afterHtml(g, ctx)}`);
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
  } else if (g.waiting) {
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

/** A game by link after a move here: the address to send to the next person (Copy link; Share where the
   browser has a share sheet), and who the page waits for.
   @param {Game} g @param {Ctx} ctx @returns {Html} */
function sendHtml(g, ctx) {
  var W = ctx.W, next = g.mover(g.plies()), name = ctx.role(g, next);
  return html`<div class="play-send" role="status"><p>${say(W["link-send"], { name: name })}</p>${""
  }<p class="play-link"><a href="${location.href}">${location.href}</a></p><p>${
    button("copy-link", W["link-copy"], false, null, "primary")}${
    typeof navigator !== "undefined" && "share" in navigator ? html` ${button("share", W["link-share"])}` : ""}</p>${""
  }<p class="play-status waiting">${say(W["link-waiting"], { name: name })}</p></div>`;
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
  }<div class="play-after-more">${ctx.after(g)}</div></div>`;
}

/** The review of a finished game: per seat the count of each mark and of hints, and the turning point.
   @param {Game} g @param {ReadonlyArray<Marked | null>} marked @param {Ctx} ctx @returns {Html} */
function review(g, marked, ctx) {
  var W = ctx.W, M = contract.marks;
  var counts = reviews.counts(ctx.words, g.P, marked, g.hints);
  var table = html`<h3 class="panel-h">${W.review}</h3><table class="play-counts"><caption>${
    M.map(function (m) { return (m.symbol ? m.symbol + " " : "") + m.name; }).join(" · ")
  }</caption><thead><tr><th scope="col">player</th>${M.map(function (m) {
    return html`<th scope="col" title="${m.name}">${m.symbol || m.key}</th>`;
  })}<th scope="col">${W.hints}</th></tr></thead><tbody>${counts.map(function (c, s) {
    return html`<tr${s === g.you ? html` class="human"` : ""}><th scope="row">${ctx.role(g, s)}</th>${
      c.marks.map(function (x) { return html`<td>${x}</td>`; })}<td>${c.hints}</td></tr>`;
  })}</tbody></table>`;
  var line = g.line(), values = line.map(function (p, k) { return g.valueAt(p, k).v; });
  var seat = g.you; // in a game you watch, player 1
  var turn = reviews.summary(ctx.words, values, marked, g.P, seat);
  var watched = g.seats.indexOf("you") < 0 ? "-watched" : ""; // a game you watch: player 1's values, named
  /** @param {number} v */
  var was = function (v) {
    var key = v === 1 ? "was-win" + watched : v === -1 ? "was-loss" + watched : g.P === 2 ? "was-draw" : "was-open";
    return say(W[key], { k: g.you + 1 });
  };
  /** @param {number} s */
  var who = function (s) { return g.seats[s] === "you" ? W.you : ctx.role(g, s); };
  var text;
  if (turn.kind === "steady") text = say(W["steady" + watched], { was: was(turn.was).toLowerCase(), k: g.you + 1 });
  else if (turn.kind === "slipped") {
    text = say(W.slipped, { was: was(turn.was), k: turn.ply, who: who(seat), said: reviews.sentence(ctx.words, turn.r) });
  } else {
    var r = marked[turn.ply - 1];
    text = say(W.turning, { was: was(turn.was), k: turn.ply, who: who((turn.ply - 1) % g.P),
      said: r ? reviews.sentence(ctx.words, r) : moveName(details(g), line[turn.ply - 1], line[turn.ply]) });
  }
  /** @type {Html[]} */
  var tallies = [];
  if (g.seats.indexOf("person") >= 0) {
    counts.forEach(function (c, s) {
      if (g.human(s)) tallies.push(html`<p class="play-tally">${reviews.tally(W, ctx.role(g, s), c.marks)}</p>`);
    });
  }
  return html`${table}${tallies}<p class="play-turning">${text}</p>`;
}

/** The value-history chart: your value after each ply, wins above the middle line, losses below, nearer
   the edge the sooner the game ends; a fixed height, as wide as the game (it scrolls sideways); a click
   on a ply shows it.
   @param {Game} g @param {Ctx} ctx @returns {Html} */
function chart(g, ctx) {
  var T = ctx.T, W = ctx.W, model = g.model, line = g.line(), n = line.length - 1, shown = g.plies();
  var maxRem = 1;
  for (var i = 0; i <= n; i++) maxRem = Math.max(maxRem, model.remoteness(line[i]) + 1);
  var step = 14, left = 38, top = 10, h = 110, width = Math.max(240, 16 + step * n);
  var mid = top + h / 2;
  var vals = line.map(function (p, k) { return g.valueAt(p, k); });
  /** @param {number} k */
  function y(k) {
    var val = vals[k];
    if (!val.v) return mid;
    var near = 1 - Math.max(model.remoteness(val.pos), 0) / maxRem;
    return mid - val.v * (h / 2) * (0.25 + 0.75 * near);
  }
  /** @param {number} k */
  function x(k) { return 8 + k * step; }
  // a value's colour and its axis word, by its class in the contract's meaning table
  var C = contract.classes;
  /** @param {number} v */
  var cls = function (v) { return C[util.valueClass(v, C)]; };
  /** @type {Record<number, string>} */
  var colour = {};
  /** @type {Record<number, string>} */
  var axis = {};
  [1, 0, -1].forEach(function (v) {
    colour[v] = T[cls(v).palette];
    axis[v] = W["chart-" + cls(v).key + (v === 0 && g.P > 2 ? "-n" : "")];
  });
  /** @type {string[]} */
  var pts = [];
  for (var k = 0; k <= n; k++) pts.push(x(k) + "," + y(k).toFixed(1));
  /** @type {Html[]} */
  var plies = [];
  for (var j = 0; j <= n; j++) {
    var v = vals[j].v;
    var mine = j < n && g.human(g.mover(j));
    plies.push(html`<g data-ply="${j}"><rect class="hit" x="${x(j) - step / 2}" y="${top}" width="${step}" height="${
      h}" fill="transparent"/><circle cx="${x(j)}" cy="${y(j).toFixed(1)}" r="${j === shown ? 5.5 : 3.5}" fill="${
      colour[v]}" stroke="${mine ? T.accent : T.card}" stroke-width="1.5" data-value="${v}"/><title>${
      (j ? "after ply " + j : "the start") + ": " + g.valueWordsAt(W, line[j], j)}</title></g>`);
    if (j % 5 === 0) plies.push(html`<text x="${x(j)}" y="${top + h + 15}" text-anchor="middle">${j}</text>`);
  }
  // the value names stay in view while the chart scrolls sideways: they are a picture of their own
  return html`<div class="play-chart-wrap"><svg class="play-chart-axis" width="${left}" height="${top + h + 22}" ${""
  }aria-hidden="true"><text x="${left - 4}" y="${top + 12}" text-anchor="end">${axis[1]}</text><text x="${
    left - 4}" y="${mid + 4}" text-anchor="end">${axis[0]}</text><text x="${
    left - 4}" y="${top + h - 3}" text-anchor="end">${axis[-1]}</text></svg>${""
  }<div class="play-chart-box" tabindex="0" role="region" aria-label="Chart of your value per ply">${""
  }<svg class="play-chart" width="${width}" height="${top + h + 22}" ${""
  }role="img" aria-label="Your value after each ply; click a ply to show it">${""
  }<rect x="0" y="${top}" width="${width - 4}" height="${h / 2}" fill="${T["win-soft"]}"/>${""
  }<rect x="0" y="${mid}" width="${width - 4}" height="${h / 2}" fill="${T["loss-soft"]}"/>${""
  }<line x1="0" x2="${width - 4}" y1="${mid}" y2="${mid}" stroke="${T.draw}" stroke-width="1.5"/>${""
  }<rect class="play-now" x="${x(shown) - step / 2}" y="${top}" width="${step}" height="${h}"/>${""
  }<polyline points="${pts.join(" ")}" fill="none" stroke="${T.edge}" stroke-width="1.5"/>${plies}</svg></div></div>`;
}

/** The moves by round, one column per seat named by who plays it; each with its mark (none in a challenge
   until it ends); a click shows the position after it.
   @param {Game} g @param {ReadonlyArray<Marked | null>} marked @param {Ctx} ctx @returns {Html | null} */
function list(g, marked, ctx) {
  var model = g.model, line = g.line(), n = line.length - 1, shown = g.plies();
  if (!n) return null;
  /** @type {Html[]} */
  var out = [html`<span class="round"></span>`];
  for (var s = 0; s < g.P; s++) {
    out.push(html`<span class="who${s === g.you ? " mine" : ""}" aria-hidden="true">${ctx.role(g, s)}</span>`);
  }
  for (var k = 1; k <= n; k++) {
    var seat = g.mover(k - 1);
    if (seat === 0 || k === 1) out.push(html`<span class="round">${Math.floor((k - 1) / g.P) + 1}.</span>`);
    if (k === 1) for (var e = 0; e < seat; e++) out.push(html`<span></span>`);
    var r = marked[k - 1], sym = "";
    if (r && !ctx.hidden && !(g.challenge && !g.finished())) sym = contract.marks[r.mark].symbol;
    var cls = r && sym ? " " + contract.marks[r.mark].key : "";
    var move = moveName(details(g), line[k - 1], line[k]);
    var said = "ply " + k + ", " + ctx.role(g, seat) + ": " + move + sym + " to " + model.name(line[k]);
    out.push(html`<a href="#${model.name(line[k])}" data-ply="${k}" class="ply${
      g.seats[seat] === "you" ? " mine" : ""}${k === shown ? " now" : ""}${k > shown ? " later" : ""}${cls}" title="${
      said}" aria-label="${said}"${k === shown ? html` aria-current="step"` : ""}><span class="mv">${move}</span>${
      sym ? html`<span class="sym">${sym}</span>` : ""}</a>`);
  }
  return html`<div class="play-moves" style="grid-template-columns: 2.4em repeat(${g.P}, minmax(0, 1fr))">${out}</div>`;
}

/** Below the panel's moves: the review once the game is over, the chart (unless hidden) and the moves.
   @param {Game} g @param {Ctx} ctx @returns {Html | null} */
function log(g, ctx) {
  var marked = marksOf(g, ctx);
  var done = g.reviewable();
  if (g.line().length < 2) return null;
  return html`${done ? html`${review(g, marked, ctx)}${retry.link(ctx.words, g, marked, location.pathname)}` : ""}${""
  }<h3 class="panel-h">${done ? "The game" : "The game so far"}</h3>${
    ctx.hidden ? "" : chart(g, ctx)}${list(g, marked, ctx)}`;
}

export { head, seats, status, log };
