/* vizgen playview: a game on the page in HTML: the players' seats, where the game stands, the chart of
 * your value after each ply and the list of moves (play.js puts them in the panel).
 */
(function (VZ) {
  "use strict";

  var esc = VZ.util.esc, say = VZ.util.fill;

  /* The name of the move from position `from` to `to`, as the panel lists it (the arrow if unknown). */
  function moveName(model, from, to) {
    var d = model.details.get(from);
    var m = d && d.moves.filter(function (x) { return x.dst === to; })[0];
    return m ? m.names[0] : "→";
  }

  /* The players: a menu of kinds per seat; the seat to move is marked. */
  function seats(chosen, g, kinds, kindName, W) {
    var out = '<div class="play-seats">';
    for (var s = 0; s < chosen.length; s++) {
      var turn = g && !g.over() && g.mover(g.plies()) === s;
      out += '<label class="play-seat' + (turn ? " turn" : "") + '"><span>' + esc(say(W.player, { k: s + 1 })) +
        '</span><select data-seat="' + s + '">' + kinds.map(function (k) {
          return '<option value="' + k + '"' + (chosen[s] === k ? " selected" : "") + ">" + esc(kindName(k)) + "</option>";
        }).join("") + "</select></label>";
    }
    return out + "</div>";
  }

  /* The last computer move, the game's value for you and whose turn it is (selected: the position shown). */
  function status(g, selected, kindName, W) {
    var model = g.model, at = g.here(), n = g.plies();
    var out = "";
    if (g.last && n >= 1 && g.seats[g.mover(n - 1)] !== "you") {
      var from = g.path[n - 1];
      out += '<p class="play-last">' + esc(say(W.played, { name: kindName(g.seats[g.mover(n - 1)]) })) +
        ' <b class="play-move">' + esc(moveName(model, from, at)) + "</b>: " + esc(model.name(from)) + " → " +
        esc(model.name(at)) + "</p>";
    }
    var cls = { "-1": "loss", 0: "draw", 1: "win" }[g.value(n).v];
    out += '<p class="play-value"><span class="badge ' + cls + '">' + esc(g.valueWords(W, n)) + "</span></p>";
    if (selected !== at) {
      out += '<p class="play-status elsewhere">' + esc(W.elsewhere) + ' <a href="#' + esc(model.name(at)) +
        '" class="play-back">' + esc(model.name(at)) + "</a>.</p>";
    } else if (g.over()) {
      return out;
    } else if (g.paused) {
      out += '<p class="play-status"><button type="button" data-act="resume">Continue the game</button></p>';
    } else if (g.yourTurn()) {
      out += '<p class="play-status turn">' + esc(W["your-turn"]) + "</p>";
    } else {
      var s = g.mover(n);
      out += '<p class="play-status thinking">' + esc(say(W.thinking, { k: s + 1, name: kindName(g.seats[s]) })) + "</p>";
    }
    return out;
  }

  /* The value-history chart: your value after each ply, wins above the middle line, losses below, nearer
     the edge the sooner the game ends (T: the theme's colours). */
  function chart(g, T, W) {
    var model = g.model, n = g.plies();
    var maxRem = 1;
    for (var i = 0; i <= n; i++) maxRem = Math.max(maxRem, model.remoteness(g.path[i]) + 1);
    var step = 18, left = 34, top = 8, h = 84, width = Math.max(260, left + 12 + step * Math.max(n, 8));
    var mid = top + h / 2;
    function y(ply) {
      var val = g.value(ply);
      if (!val.v) return mid;
      var near = 1 - Math.max(model.remoteness(val.pos), 0) / maxRem;
      return mid - val.v * (h / 2) * (0.25 + 0.75 * near);
    }
    var colour = { 1: T.win, 0: T.draw, "-1": T.loss };
    var out = '<svg class="play-chart" viewBox="0 0 ' + width + " " + (top + h + 18) + '" role="img" aria-label="Your value after each ply">';
    out += '<rect class="band win" x="' + left + '" y="' + top + '" width="' + (width - left - 4) + '" height="' + h / 2 + '" fill="' + T["win-soft"] + '"/>';
    out += '<rect class="band loss" x="' + left + '" y="' + mid + '" width="' + (width - left - 4) + '" height="' + h / 2 + '" fill="' + T["loss-soft"] + '"/>';
    out += '<line x1="' + left + '" x2="' + (width - 4) + '" y1="' + mid + '" y2="' + mid + '" stroke="' + T.draw + '" stroke-width="1.5"/>';
    out += '<text x="' + (left - 4) + '" y="' + (top + 10) + '" text-anchor="end">win</text>';
    out += '<text x="' + (left - 4) + '" y="' + (mid + 4) + '" text-anchor="end">' + (g.P === 2 ? "draw" : "open") + "</text>";
    out += '<text x="' + (left - 4) + '" y="' + (top + h - 2) + '" text-anchor="end">loss</text>';
    var pts = [];
    for (var k = 0; k <= n; k++) pts.push(left + 8 + k * step + "," + y(k).toFixed(1));
    out += '<polyline points="' + pts.join(" ") + '" fill="none" stroke="' + T.edge + '" stroke-width="1.5"/>';
    for (var j = 0; j <= n; j++) {
      var v = g.value(j).v;
      var mine = j < n && g.seats[g.mover(j)] === "you";
      out += '<circle cx="' + (left + 8 + j * step) + '" cy="' + y(j).toFixed(1) + '" r="' + (j === n ? 5 : 3.5) +
        '" fill="' + colour[v] + '" stroke="' + (mine ? T.accent : "#fff") + '" stroke-width="1.5" data-ply="' + j +
        '" data-value="' + v + '"><title>' + esc((j ? "after ply " + j : "the start") + ": " + g.valueWords(W, j)) + "</title></circle>";
      if (j % 5 === 0) out += '<text x="' + (left + 8 + j * step) + '" y="' + (top + h + 14) + '" text-anchor="middle">' + j + "</text>";
    }
    return out + "</svg>";
  }

  /* The moves played so far, each with its player and the position it led to. */
  function list(g, W) {
    var model = g.model, n = g.plies();
    if (!n) return "";
    var out = '<ol class="play-moves">';
    for (var k = 1; k <= n; k++) {
      var s = g.mover(k - 1);
      out += '<li class="' + (g.seats[s] === "you" ? "mine" : "theirs") + (k === n ? " now" : "") + '">' +
        '<span class="who">' + esc(say(W.player, { k: s + 1 })) + "</span> " +
        '<span class="mv">' + esc(moveName(model, g.path[k - 1], g.path[k])) + "</span> " +
        '<a class="pos" href="#' + esc(model.name(g.path[k])) + '">' + esc(model.name(g.path[k])) + "</a></li>";
    }
    return out + "</ol>";
  }

  VZ.playDraw = { seats: seats, status: status, chart: chart, list: list };
})(globalThis.VZ = globalThis.VZ || {});
