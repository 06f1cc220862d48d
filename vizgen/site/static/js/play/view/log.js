/* vizgen play view, the game so far (below the panel's moves): the review once the game is over (per seat the
 * count of each mark and of hints, the turning point), the chart of your value after each ply and the moves by
 * round.
 */
import { contract } from "../../core/contract.js";
import { html } from "../../core/html.js";
import * as util from "../../core/util.js";
import { fill as say } from "../../core/util.js";
import * as retry from "../retry.js";
import * as reviews from "../review.js";

/** @typedef {import("../../core/html.js").Html} Html */
/** @typedef {import("../game.js").Game} Game */
/** @typedef {import("../interfaces.js").Ctx} Ctx */
/** @typedef {import("../review.js").Marked} Marked */
/** The model's details, as the view reads them. @typedef {import("../interfaces.js").Details} Details */

/** The name of the move from position `from` to `to`, as the panel lists it (the arrow if unknown).
   @param {Details} model @param {number} from @param {number} to @returns {string} */
export function moveName(model, from, to) {
  var d = model.details.get(from);
  var m = d && d.moves.filter(function (x) { return x.dst === to; })[0];
  return m ? m.names[0] : "→";
}
/** Every ply's mark (review.js), null where unknown. @param {Game} g @param {Ctx} ctx @returns {(Marked | null)[]} */
function marksOf(g, ctx) {
  var model = ctx.model;
  return reviews.marks(ctx.words, g.line(), function (i) { return model.details.get(i); });
}
/** The review of a finished game: per seat the count of each mark and of hints, and the turning point.
   @param {Game} g @param {ReadonlyArray<Marked | null>} marked @param {Ctx} ctx @returns {Html} */
function review(g, marked, ctx) {
  var W = ctx.W, M = contract.marks;
  var counts = reviews.counts(ctx.words, g.P, marked, g.hints);
  var table = html`<h3 class="panel-h" id="play-review" tabindex="-1">${W.review}</h3><table class="play-counts"><caption>${
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
  var watched = g.watched() ? "-watched" : ""; // a game you watch: player 1's values, named
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
      said: r ? reviews.sentence(ctx.words, r) : moveName(ctx.model, line[turn.ply - 1], line[turn.ply]) });
  }
  /** @type {Html[]} */
  var tallies = [];
  if (g.seats.indexOf("person") >= 0) {
    counts.forEach(function (c, s) {
      if (g.human(s)) tallies.push(html`<p class="play-tally">${reviews.tally(W, ctx.role(g, s), c.marks)}</p>`);
    });
  }
  /** @type {Html[]} */
  var accuracies = []; // each player's share of moves that kept the best result (issue #48 item 8)
  counts.forEach(function (c, s) {
    var said = reviews.accuracyWords(W, ctx.words.units, ctx.role(g, s), c.marks);
    if (said) accuracies.push(html`<p class="play-accuracy">${said}</p>`);
  });
  return html`${table}${tallies}${accuracies}<p class="play-turning">${text}</p>`;
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
    var move = moveName(ctx.model, line[k - 1], line[k]);
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
export function log(g, ctx) {
  var marked = marksOf(g, ctx);
  var done = g.reviewable();
  if (g.line().length < 2) return null;
  return html`${done ? html`${review(g, marked, ctx)}${retry.link(ctx.words, g, marked, ctx.path)}` : ""}${""
  }<h3 class="panel-h">${done ? "The game" : "The game so far"}</h3>${
    ctx.hidden ? "" : chart(g, ctx)}${list(g, marked, ctx)}`;
}
