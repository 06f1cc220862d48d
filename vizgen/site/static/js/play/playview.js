/* vizgen playview: a game on the page in HTML: the tools, the players' seats, where the game stands (the
 * last move and its mark, the value for you, how the game ended), the review, the chart of your value
 * after each ply and the moves by round (play.js puts them in the panel). ctx: {W (words.PLAY), words (all
 * the page's words), T (theme), kindName(kind), name(kind) (capitalised), role(game, seat), live(pos),
 * hidden (values hidden), selected (the position shown)}.
 */
import { contract } from "../core/contract.js";
import * as util from "../core/util.js";
import { esc, fill as say } from "../core/util.js";
import * as retry from "./retry.js";
import * as reviews from "./review.js";


/* The name of the move from position `from` to `to`, as the panel lists it (the arrow if unknown). */
function moveName(model, from, to) {
  var d = model.details.get(from);
  var m = d && d.moves.filter(function (x) { return x.dst === to; })[0];
  return m ? m.names[0] : "→";
}
/* Every ply's mark (review.js), null where unknown. */
function marksOf(g, ctx) {
  return reviews.marks(ctx.words, g.line(), function (i) { return g.model.details.get(i); });
}
/* A tool: a word names itself (its title adds to it); a glyph (« ‹ › ») is named by its title. */
function button(act, text, off, title, cls) {
  var glyph = text.length <= 2;
  return '<button type="button" data-act="' + act + '"' + (cls ? ' class="' + cls + '"' : "") +
    (title ? ' title="' + esc(title) + '"' + (glyph ? ' aria-label="' + esc(title) + '"' : "") : "") +
    (off ? " disabled" : "") + ">" + esc(text) + "</button>";
}

/* The heading and the tools: before a game, the two ways to play, named and said; during one, walking it,
   taking back, a hint (a challenge) and leaving it, the rest under More. */
function head(g, ctx) {
  var W = ctx.W;
  var out = '<div class="play-head"><h3 class="panel-h">Play</h3>';
  if (!g) {
    return out + '</div><div class="play-modes">' +
      '<p class="play-mode">' + button("start", W["new-challenge"], false, W.challenge, "primary") + " " +
      esc(W["challenge-says"]) + "</p>" +
      '<p class="play-mode">' + button("open", W["new-analysis"]) + " " + esc(W["coached-says"]) + "</p></div>" +
      '<div class="play-tools">' + button("copy-position", W["copy-position"]) + "</div>";
  }
  var n = g.plies(), end = g.line().length - 1;
  out += '<div class="play-tools"><span class="play-nav" role="group" aria-label="Walk the game">' +
    button("first", "«", n === 0, "the start (Home)") + button("prev", "‹", n === 0, "one ply back (←)") +
    button("next", "›", n === end, "one ply forward (→)") +
    button("last", "»", n === end, "the last ply (End)") +
    "</span>" + button("undo", "Take back", g.lastMine() < 0, "take back your last move (Backspace)");
  var live = g.challenge && !g.finished();
  if (live) out += button("hint", W.hint, g.hinted(), W["hint-title"]);
  out += button("quit", "Quit") + '<details class="play-more"><summary>' + esc(W.more) + "</summary>" +
    (live ? button("analysis", W.analysis, false, W["analysis-title"]) : "") + button("copy-game", W["copy-game"]) +
    "</details>";
  return out + "</div></div>";
}

/* The players: a menu of kinds per seat; the seat to move is marked. During a game the menus fold away
   under "Players" (the board names the seats). */
function seats(chosen, g, kinds, ctx) {
  var out = (g ? '<details class="play-players"><summary>' + esc(ctx.W.players) + "</summary>" : "") +
    '<div class="play-seats">';
  for (var s = 0; s < chosen.length; s++) {
    var turn = g && !g.over() && g.mover(g.plies()) === s;
    out += '<label class="play-seat' + (turn ? " turn" : "") + (chosen[s] === "you" ? " human" : "") + '"><span>' +
      esc(say(ctx.W.player, { k: s + 1 })) + '</span><select data-seat="' + s + '">' + kinds.map(function (k) {
        return '<option value="' + k + '"' + (chosen[s] === k ? " selected" : "") + ">" +
          esc(ctx.kindName(k)) + "</option>";
      }).join("") + "</select></label>";
  }
  return out + "</div>" + (g ? "</details>" : "");
}

/* How the game ended, in words, for you. */
function endWords(g, end, ctx) {
  var W = ctx.W, E = ctx.words.ending;
  if (end.reason === "won") {
    return g.seats[end.winner] === "you" ? W["won-you"]
      : say(W["won-other"], { name: ctx.kindName(g.seats[end.winner]), k: end.winner + 1 });
  }
  var text = E[end.reason];
  if (end.shared.length) text += " " + (end.shared.indexOf(g.you) >= 0 ? W["share-you"] : W["share-out"]);
  return text;
}

/* The last move and its mark, the game's value for you, how it ended or whose turn it is. */
function status(g, ctx) {
  var W = ctx.W, model = g.model, at = g.here(), n = g.plies();
  var out = "";
  var mine = g.lastMine();
  // a challenge marks nothing until the game ends: the marks are in the review then
  var r = mine < 0 || ctx.hidden || (g.challenge && !g.finished()) ? null
    : reviews.mark(ctx.words, (model.details.get(g.path[mine]) || { moves: [] }).moves, g.path[mine + 1]);
  if (!g.finished()) out += '<p class="play-mode-now">' + esc(W[g.challenge ? "mode-challenge" : "mode-coached"]) + "</p>";
  if (r) {
    out += '<p class="play-mark ' + contract.marks[r.mark].key + '">' + esc(reviews.sentence(ctx.words, r)) +
      "</p>";
  }
  if (n >= 1 && g.last && mine < n - 1) {
    var from = g.path[n - 1], seat = g.mover(n - 1);
    out += '<p class="play-last">' + esc(say(W.played, { name: ctx.role(g, seat) })) + ' <b class="play-move">' +
      esc(moveName(model, from, at)) + "</b>: " + esc(model.name(from)) + " → " + esc(model.name(at)) + "</p>";
  }
  if (!ctx.hidden) {
    out += '<p class="play-value"><span class="badge ' + util.valueClass(g.value(n).v, contract.classes) + '">' +
      esc(g.valueWords(W, n)) + "</span></p>";
  }
  if (g.hinted() && g.challenge && !g.finished()) out += '<p class="play-note">' + esc(W.hinted) + "</p>";
  var end = g.end(ctx.live);
  if (end) out += '<p class="play-end" role="status"><b>' + esc(endWords(g, end, ctx)) + "</b></p>" + afterHtml(g, ctx);
  if (ctx.selected !== at) {
    out += '<p class="play-status elsewhere">' + esc(W.elsewhere) + ' <a href="#' + esc(model.name(at)) +
      '" class="play-back">' + esc(model.name(at)) + "</a>.</p>";
  } else if (end) {
    return out;
  } else if (g.paused) {
    out += '<p class="play-status"><button type="button" data-act="resume">Continue the game</button></p>';
  } else if (g.redo.length) {
    out += '<p class="play-status reviewing">' + esc(say(W.reviewing, { k: n, n: g.line().length - 1 })) +
      (g.yourTurn() ? "" : " " + button("playon", W["play-on"])) + "</p>";
  } else if (g.yourTurn()) {
    out += '<p class="play-status turn">' + esc(W[ctx.hidden ? "your-turn-table" : "your-turn"]) + "</p>";
  } else {
    var s = g.mover(n);
    out += '<p class="play-status thinking">' +
      esc(say(W.thinking, { k: s + 1, name: ctx.kindName(g.seats[s]) })) + "</p>";
  }
  return out;
}

/* After the game: Play again (the same players, or each one seat on), the result card (its sentence, the
   picture to download, the link) and the add-ons' links (play.onAfter: retry, practice). */
function afterHtml(g, ctx) {
  var W = ctx.W, text = ctx.sentence(g);
  var out = '<div class="play-after"><p class="play-again">' + button("again", W["play-again"], false, null, "primary") +
    " " + button("again-swapped", W[g.P === 2 ? "play-again-swapped" : "play-again-moved"]) + "</p>";
  if (text) {
    out += '<figure class="play-card"><figcaption>' + esc(W.card) + '</figcaption><p class="play-sentence">' +
      esc(text) + "</p><p>" + button("card", W["card-download"]) + " " + button("copy-game", W["copy-game"]) +
      "</p></figure>";
  }
  return out + '<div class="play-after-more">' + ctx.after(g) + "</div></div>";
}

/* The review of a finished game: per seat the count of each mark and of hints, and the turning point. */
function review(g, marked, ctx) {
  var W = ctx.W, M = contract.marks;
  var counts = reviews.counts(ctx.words, g.P, marked, g.hints);
  var out = '<h3 class="panel-h">' + esc(W.review) + '</h3><table class="play-counts"><caption>' +
    esc(M.map(function (m) { return (m.symbol ? m.symbol + " " : "") + m.name; }).join(" · ")) +
    '</caption><thead><tr><th scope="col">player</th>' + M.map(function (m) {
      return '<th scope="col" title="' + esc(m.name) + '">' + esc(m.symbol || m.key) + "</th>";
    }).join("") + '<th scope="col">' + esc(W.hints) + "</th></tr></thead><tbody>";
  counts.forEach(function (c, s) {
    out += "<tr" + (s === g.you ? ' class="human"' : "") + '><th scope="row">' + esc(ctx.role(g, s)) + "</th>" +
      c.marks.map(function (x) { return "<td>" + x + "</td>"; }).join("") + "<td>" + c.hints + "</td></tr>";
  });
  out += "</tbody></table>";
  var line = g.line(), values = line.map(function (p, k) { return g.valueAt(p, k).v; });
  var seat = g.you; // in a game you watch, player 1
  var turn = reviews.summary(ctx.words, values, marked, g.P, seat);
  var watched = g.seats.indexOf("you") < 0 ? "-watched" : ""; // a game you watch: player 1's values, named
  var was = function (v) {
    var key = v === 1 ? "was-win" + watched : v === -1 ? "was-loss" + watched : g.P === 2 ? "was-draw" : "was-open";
    return say(W[key], { k: g.you + 1 });
  };
  var who = function (s) { return g.seats[s] === "you" ? W.you : ctx.role(g, s); };
  var text;
  if (turn.kind === "steady") text = say(W["steady" + watched], { was: was(turn.was).toLowerCase(), k: g.you + 1 });
  else if (turn.kind === "slipped") {
    text = say(W.slipped, { was: was(turn.was), k: turn.ply, who: who(seat), said: reviews.sentence(ctx.words, turn.r) });
  } else {
    var r = marked[turn.ply - 1];
    text = say(W.turning, { was: was(turn.was), k: turn.ply, who: who((turn.ply - 1) % g.P),
      said: r ? reviews.sentence(ctx.words, r) : moveName(g.model, line[turn.ply - 1], line[turn.ply]) });
  }
  return out + '<p class="play-turning">' + esc(text) + "</p>";
}

/* The value-history chart: your value after each ply, wins above the middle line, losses below, nearer
   the edge the sooner the game ends; a fixed height, as wide as the game (it scrolls sideways); a click
   on a ply shows it. */
function chart(g, ctx) {
  var T = ctx.T, W = ctx.W, model = g.model, line = g.line(), n = line.length - 1, shown = g.plies();
  var maxRem = 1;
  for (var i = 0; i <= n; i++) maxRem = Math.max(maxRem, model.remoteness(line[i]) + 1);
  var step = 14, left = 38, top = 10, h = 110, width = Math.max(240, 16 + step * n);
  var mid = top + h / 2;
  var vals = line.map(function (p, k) { return g.valueAt(p, k); });
  function y(k) {
    var val = vals[k];
    if (!val.v) return mid;
    var near = 1 - Math.max(model.remoteness(val.pos), 0) / maxRem;
    return mid - val.v * (h / 2) * (0.25 + 0.75 * near);
  }
  function x(k) { return 8 + k * step; }
  // a value's colour and its axis word, by its class in the contract's meaning table
  var C = contract.classes, cls = function (v) { return C[util.valueClass(v, C)]; };
  var colour = {}, axis = {};
  [1, 0, -1].forEach(function (v) {
    colour[v] = T[cls(v).palette];
    axis[v] = esc(W["chart-" + cls(v).key + (v === 0 && g.P > 2 ? "-n" : "")]);
  });
  // the value names stay in view while the chart scrolls sideways: they are a picture of their own
  var out = '<div class="play-chart-wrap"><svg class="play-chart-axis" width="' + left + '" height="' + (top + h + 22) +
    '" aria-hidden="true"><text x="' + (left - 4) + '" y="' + (top + 12) + '" text-anchor="end">' + axis[1] + '</text><text x="' +
    (left - 4) + '" y="' + (mid + 4) + '" text-anchor="end">' + axis[0] + '</text><text x="' +
    (left - 4) + '" y="' + (top + h - 3) + '" text-anchor="end">' + axis[-1] + '</text></svg>' +
    '<div class="play-chart-box" tabindex="0" role="region" aria-label="Chart of your value per ply">' +
    '<svg class="play-chart" width="' + width + '" height="' + (top + h + 22) +
    '" role="img" aria-label="Your value after each ply; click a ply to show it">';
  out += '<rect x="0" y="' + top + '" width="' + (width - 4) + '" height="' + h / 2 +
    '" fill="' + T["win-soft"] + '"/>';
  out += '<rect x="0" y="' + mid + '" width="' + (width - 4) + '" height="' + h / 2 +
    '" fill="' + T["loss-soft"] + '"/>';
  out += '<line x1="0" x2="' + (width - 4) + '" y1="' + mid + '" y2="' + mid + '" stroke="' + T.draw +
    '" stroke-width="1.5"/>';
  out += '<rect class="play-now" x="' + (x(shown) - step / 2) + '" y="' + top + '" width="' + step +
    '" height="' + h + '"/>';
  var pts = [];
  for (var k = 0; k <= n; k++) pts.push(x(k) + "," + y(k).toFixed(1));
  out += '<polyline points="' + pts.join(" ") + '" fill="none" stroke="' + T.edge + '" stroke-width="1.5"/>';
  for (var j = 0; j <= n; j++) {
    var v = vals[j].v;
    var mine = j < n && g.seats[g.mover(j)] === "you";
    out += '<g data-ply="' + j + '"><rect class="hit" x="' + (x(j) - step / 2) + '" y="' + top + '" width="' + step +
      '" height="' + h + '" fill="transparent"/><circle cx="' + x(j) + '" cy="' + y(j).toFixed(1) + '" r="' +
      (j === shown ? 5.5 : 3.5) + '" fill="' + colour[v] + '" stroke="' + (mine ? T.accent : T.card) +
      '" stroke-width="1.5" data-value="' + v + '"/><title>' +
      esc((j ? "after ply " + j : "the start") + ": " + g.valueWordsAt(W, line[j], j)) + "</title></g>";
    if (j % 5 === 0) out += '<text x="' + x(j) + '" y="' + (top + h + 15) + '" text-anchor="middle">' + j + "</text>";
  }
  return out + "</svg></div></div>";
}

/* The moves by round, one column per seat named by who plays it; each with its mark (none in a challenge
   until it ends); a click shows the position after it. */
function list(g, marked, ctx) {
  var model = g.model, line = g.line(), n = line.length - 1, shown = g.plies();
  if (!n) return "";
  var out = '<div class="play-moves" style="grid-template-columns: 2.4em repeat(' + g.P +
    ', minmax(0, 1fr))"><span class="round"></span>';
  for (var s = 0; s < g.P; s++) {
    out += '<span class="who' + (s === g.you ? " mine" : "") + '" aria-hidden="true">' + esc(ctx.role(g, s)) +
      "</span>";
  }
  for (var k = 1; k <= n; k++) {
    var seat = g.mover(k - 1);
    if (seat === 0 || k === 1) out += '<span class="round">' + (Math.floor((k - 1) / g.P) + 1) + ".</span>";
    if (k === 1) for (var e = 0; e < seat; e++) out += "<span></span>";
    var r = marked[k - 1], sym = "";
    if (r && !ctx.hidden && !(g.challenge && !g.finished())) sym = contract.marks[r.mark].symbol;
    var cls = r && sym ? " " + contract.marks[r.mark].key : "";
    var move = moveName(model, line[k - 1], line[k]);
    var said = "ply " + k + ", " + ctx.role(g, seat) + ": " + move + sym + " to " + model.name(line[k]);
    out += '<a href="#' + esc(model.name(line[k])) + '" data-ply="' + k + '" class="ply' +
      (g.seats[seat] === "you" ? " mine" : "") + (k === shown ? " now" : "") + (k > shown ? " later" : "") + cls +
      '" title="' + esc(said) + '" aria-label="' + esc(said) + '"' + (k === shown ? ' aria-current="step"' : "") +
      '><span class="mv">' + esc(move) + "</span>" + (sym ? '<span class="sym">' + esc(sym) + "</span>" : "") +
      "</a>";
  }
  return out + "</div>";
}

/* Below the panel's moves: the review once the game is over, the chart (unless hidden) and the moves. */
function log(g, ctx) {
  var marked = marksOf(g, ctx);
  var done = g.finished();
  if (g.line().length < 2) return "";
  var out = '<h3 class="panel-h">' + (done ? "The game" : "The game so far") + "</h3>";
  if (done) out = review(g, marked, ctx) + (retry ? retry.link(ctx.words, g, marked, location.pathname) : "") + out;
  if (!ctx.hidden) out += chart(g, ctx);
  return out + list(g, marked, ctx);
}

export { head, seats, status, log };
