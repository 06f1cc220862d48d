/* vizgen play: a game on a variant's page against the perfect player, max^n
 * (depth 1, 2, 3 or 5) or the random player.
 *
 * Loaded after vizgen.js and built only on its add-on hooks (vizgen.onPanel,
 * vizgen.onMoveClick, vizgen.select, vizgen.load). Every computer move comes
 * from build-time data: the chunk rows carry, per position, the position each
 * opponent moves to (the columns named in nodes.js's `opponents`); the random
 * player draws from a generator seeded by the record. Nothing runs on a server.
 *
 * The game record lives in the query string, so the fragment stays the
 * position shown:  ?play=you.perfect&seed=42&moves=12-11_12-12
 *   play   one word per player in turn order: you, perfect, maxn1, maxn2,
 *          maxn3, maxn5 or random (exactly one "you");
 *   seed   seeds the random player: its move at ply i depends only on the
 *          seed, i and the position, so a shared record replays and goes on
 *          the same way;
 *   moves  the position after each ply, separated by "_".
 * A record with an illegal move stops at the last legal position and says why.
 * Everything a test needs is on window.vizgen.play.
 */
(function () {
  "use strict";

  var vz = window.vizgen;
  if (!vz || !vz.onPanel) return;
  var cfg = vz.config;
  var W = cfg.words.play;
  var T = cfg.theme;
  var P = cfg.players;
  var SEP = "_";

  var play = (vz.play = {
    ready: false, // the record in the address has been read
    delay: 650, // ms before a computer opponent's move is shown highlighted, and again before it is played
    game: null,
    message: "",
  });

  var model = null;
  var opponentColumn = {}; // "perfect" / "maxn3" ... -> index into a chunk row's opponent moves
  var kinds = ["you"];
  var el = null; // the play section, moved into the panel on every render (below the hands)
  var log = null; // the chart and the move list (below the panel's move table)
  var timer = null;
  var pending = null; // {at: position, to: position} while a computer move is shown before it is played

  // ------------------------------------------------------------------ helpers
  function esc(text) {
    return String(text).replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c];
    });
  }
  /* Fill a template from vizgen/analysis/words.py: {name} placeholders from `values`. */
  function say(template, values) {
    return template.replace(/\{(\w+)\}/g, function (all, key) {
      return key in values ? String(values[key]) : all;
    });
  }
  function kindName(kind) {
    if (kind === "you" || kind === "perfect" || kind === "random") return W[kind];
    return say(W.maxn, { n: kind.slice(4) });
  }
  /* A 32-bit hash of a string (FNV-1a), and a small generator from it (mulberry32). */
  function hash(text) {
    var h = 2166136261;
    for (var i = 0; i < text.length; i++) {
      h ^= text.charCodeAt(i);
      h = Math.imul(h, 16777619);
    }
    return h >>> 0;
  }
  function uniform(seed) {
    var t = (seed + 0x6d2b79f5) | 0;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /* Everything the game needs about position i: its moves and each opponent's choice. */
  function info(i) {
    return Promise.all([model.detail(i), vz.load("c" + Math.floor(i / model.chunk))]).then(function (r) {
      var row = r[1].nodes[i - r[1].first];
      return { moves: r[0].moves, opponents: row[4] };
    });
  }

  // ------------------------------------------------------------------ the game
  function mover(g, ply) {
    return ply % P;
  }
  function here(g) {
    return g.path[g.path.length - 1];
  }
  function plies(g) {
    return g.path.length - 1;
  }
  function over(g) {
    return model.term[here(g)] === 1;
  }
  function yourTurn(g) {
    return !over(g) && g.seats[mover(g, plies(g))] === "you";
  }
  /* The game's value at ply `ply` for you: +1 you can force a win, -1 someone else can, 0 nobody. */
  function valueFor(g, ply) {
    var pos = g.path[ply];
    var w = model.win[pos];
    if (w < 0) return { v: 0, pos: pos };
    var player = (ply + w) % P; // the seat counted from the mover, as a player in turn order
    return { v: player === g.you ? 1 : -1, pos: pos, player: player };
  }
  function valueWords(g, ply) {
    var val = valueFor(g, ply);
    var n = model.rem[val.pos];
    var done = model.term[val.pos] === 1;
    if (val.v === 1) return say(done ? W["value-won"] : W["value-win"], { n: n });
    if (val.v === 0) return P === 2 ? W["value-draw"] : W["value-open"];
    if (done) return P === 2 ? W["value-lost"] : say(W["value-other-won"], { k: val.player + 1 });
    return P === 2 ? say(W["value-loss"], { n: n }) : say(W["value-other"], { k: val.player + 1, n: n });
  }

  function record(g) {
    var q = "play=" + g.seats.join(".") + "&seed=" + g.seed;
    if (plies(g)) q += "&moves=" + g.path.slice(1).map(function (i) { return encodeURI(model.notation[i]); }).join(SEP);
    return q;
  }
  /* The address: the record in the query (others' query parameters kept), the position shown in the fragment. */
  function writeUrl(g, shown) {
    var keep = location.search.replace(/^\?/, "").split("&").filter(function (p) {
      return p && !/^(play|seed|moves)=/.test(p);
    });
    if (g) keep.push(record(g));
    var q = keep.length ? "?" + keep.join("&") : "";
    var hash = shown === undefined ? location.hash : "#" + model.notation[shown];
    history.replaceState(history.state, "", location.pathname + q + hash);
  }
  function show(g) {
    writeUrl(g, here(g));
    return vz.select(here(g));
  }

  function stop() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    pending = null;
  }

  /* Play the move to position `to` (a child of the game's position). */
  function push(g, to) {
    g.path.push(to);
    if (g.redo.length && g.redo[g.redo.length - 1] === to) g.redo.pop();
    else g.redo = [];
  }

  /* What the computer player to move plays: a child position. */
  function choose(g, kind, d) {
    if (kind === "random") {
      var kids = [];
      d.moves.forEach(function (m) { if (kids.indexOf(m.dst) < 0) kids.push(m.dst); });
      var u = uniform(hash(g.seed + "/" + plies(g) + "/" + model.notation[here(g)]));
      return kids[Math.floor(u * kids.length)];
    }
    return d.opponents[opponentColumn[kind]];
  }

  /* Let the computer players move until it is your turn or the game is over: each move is shown
     highlighted for a moment, then played. */
  function advance(g) {
    stop();
    render();
    if (g !== play.game || g.paused || over(g) || yourTurn(g)) return Promise.resolve();
    var at = here(g);
    return info(at).then(function (d) {
      if (g !== play.game || here(g) !== at) return;
      var to = choose(g, g.seats[mover(g, plies(g))], d);
      pending = { at: at, to: to };
      render();
      timer = setTimeout(function () {
        timer = null;
        if (g !== play.game || here(g) !== at) return;
        pending = null;
        push(g, to);
        g.last = plies(g);
        show(g).then(function () { return advance(g); });
      }, play.delay);
    });
  }

  function newGame(seats, seed) {
    stop();
    var g = {
      seats: seats,
      you: seats.indexOf("you"),
      seed: seed,
      path: [model.startId],
      redo: [],
      last: 0,
      paused: false,
    };
    play.game = g;
    play.message = "";
    return g;
  }

  /* Read a record (the query string); a bad one leaves `play.message` saying why. */
  function readRecord(query) {
    var params = {};
    query.replace(/^\?/, "").split("&").forEach(function (p) {
      var k = p.indexOf("=");
      if (k > 0) params[p.slice(0, k)] = p.slice(k + 1);
    });
    if (!("play" in params)) return Promise.resolve(null);
    var seats = params.play.split(".");
    var why = null;
    if (seats.length !== P) why = "it names " + seats.length + " players, this variant has " + P;
    else if (seats.some(function (s) { return kinds.indexOf(s) < 0; })) {
      why = "a player is not one of " + kinds.join(", ");
    } else if (seats.filter(function (s) { return s === "you"; }).length !== 1) why = "exactly one player must be you";
    var seed = params.seed === undefined ? 1 : Number(params.seed);
    if (!why && !(Number.isInteger(seed) && seed >= 0)) why = "the seed must be a whole number";
    if (why) {
      play.message = say(W["bad-record"], { why: why });
      return Promise.resolve(null);
    }
    var g = newGame(seats, seed);
    var moves = params.moves ? params.moves.split(SEP).map(function (m) {
      try {
        return decodeURIComponent(m);
      } catch (e) {
        return m;
      }
    }) : [];
    function step(k) {
      if (k >= moves.length) return Promise.resolve(g);
      var at = here(g);
      return info(at).then(function (d) {
        var to = vz.resolve(moves[k]);
        var legal = to !== undefined && d.moves.some(function (m) { return m.dst === to; });
        if (!legal) {
          play.message = say(W.illegal, { n: k + 1, move: moves[k], from: model.notation[at] });
          g.paused = true;
          return g;
        }
        g.path.push(to);
        return step(k + 1);
      });
    }
    return step(0).then(function (done) {
      done.last = plies(done);
      return done;
    });
  }

  // ------------------------------------------------------------------ actions
  function start() {
    var seats = currentSeats();
    var g = newGame(seats, Math.floor(Math.random() * 1e6));
    show(g).then(function () { return advance(g); });
  }
  function undo() {
    var g = play.game;
    if (!g) return;
    var k = plies(g) - 1;
    while (k >= 0 && g.seats[mover(g, k)] !== "you") k--;
    if (k < 0) return;
    stop();
    while (plies(g) > k) g.redo.push(g.path.pop());
    g.last = 0;
    g.paused = false;
    play.message = "";
    show(g).then(function () { render(); });
  }
  function redo() {
    var g = play.game;
    if (!g || !g.redo.length) return;
    stop();
    do g.path.push(g.redo.pop());
    while (g.redo.length && !yourTurn(g) && !over(g));
    g.last = 0;
    show(g).then(function () { return advance(g); });
  }
  function restart() {
    var g = play.game;
    if (!g) return;
    stop();
    while (plies(g) > 0) g.redo.push(g.path.pop());
    g.last = 0;
    g.paused = false;
    play.message = "";
    show(g).then(function () { return advance(g); });
  }
  function quit() {
    stop();
    play.game = null;
    play.message = "";
    writeUrl(null);
    render();
  }
  function resume() {
    var g = play.game;
    if (!g) return;
    g.paused = false;
    play.message = "";
    show(g).then(function () { return advance(g); });
  }
  function setSeat(seat, kind) {
    var seats = currentSeats();
    if (kind === "you") {
      var was = seats.indexOf("you");
      if (was >= 0 && was !== seat) seats[was] = seats[seat] === "you" ? "perfect" : seats[seat];
    } else if (seats[seat] === "you") {
      seats[(seat + 1) % P] = "you";
    }
    seats[seat] = kind;
    var g = play.game;
    if (!g) {
      setup = seats;
      render();
      return;
    }
    stop();
    g.seats = seats;
    g.you = seats.indexOf("you");
    writeUrl(g);
    advance(g);
  }

  var setup = null; // the players chosen before a game starts
  function currentSeats() {
    if (play.game) return play.game.seats.slice();
    if (!setup) {
      setup = [];
      for (var s = 0; s < P; s++) setup.push(s === 0 ? "you" : "perfect");
    }
    return setup.slice();
  }

  // ------------------------------------------------------------------ drawing
  /* The value-history chart: your value after each ply, wins above the middle line, losses below,
     nearer the edge the sooner the game ends. */
  function chart(g) {
    var n = plies(g);
    var maxRem = 1;
    for (var i = 0; i <= n; i++) maxRem = Math.max(maxRem, model.rem[g.path[i]] + 1);
    var step = 18, left = 34, top = 8, h = 84, width = Math.max(260, left + 12 + step * Math.max(n, 8));
    var mid = top + h / 2;
    function y(ply) {
      var val = valueFor(g, ply);
      if (!val.v) return mid;
      var near = 1 - Math.max(model.rem[val.pos], 0) / maxRem;
      return mid - val.v * (h / 2) * (0.25 + 0.75 * near);
    }
    var colour = { 1: T.win, 0: T.draw, "-1": T.loss };
    var out = '<svg class="play-chart" viewBox="0 0 ' + width + " " + (top + h + 18) + '" role="img" aria-label="Your value after each ply">';
    out += '<rect class="band win" x="' + left + '" y="' + top + '" width="' + (width - left - 4) + '" height="' + h / 2 + '" fill="' + T["win-soft"] + '"/>';
    out += '<rect class="band loss" x="' + left + '" y="' + mid + '" width="' + (width - left - 4) + '" height="' + h / 2 + '" fill="' + T["loss-soft"] + '"/>';
    out += '<line x1="' + left + '" x2="' + (width - 4) + '" y1="' + mid + '" y2="' + mid + '" stroke="' + T.draw + '" stroke-width="1.5"/>';
    out += '<text x="' + (left - 4) + '" y="' + (top + 10) + '" text-anchor="end">win</text>';
    out += '<text x="' + (left - 4) + '" y="' + (mid + 4) + '" text-anchor="end">' + (P === 2 ? "draw" : "open") + "</text>";
    out += '<text x="' + (left - 4) + '" y="' + (top + h - 2) + '" text-anchor="end">loss</text>';
    var pts = [];
    for (var k = 0; k <= n; k++) pts.push(left + 8 + k * step + "," + y(k).toFixed(1));
    out += '<polyline points="' + pts.join(" ") + '" fill="none" stroke="' + T.edge + '" stroke-width="1.5"/>';
    for (var j = 0; j <= n; j++) {
      var v = valueFor(g, j).v;
      var mine = j < n && g.seats[mover(g, j)] === "you";
      out += '<circle cx="' + (left + 8 + j * step) + '" cy="' + y(j).toFixed(1) + '" r="' + (j === n ? 5 : 3.5) +
        '" fill="' + colour[v] + '" stroke="' + (mine ? T.accent : "#fff") + '" stroke-width="1.5" data-ply="' + j +
        '" data-value="' + v + '"><title>' + esc((j ? "after ply " + j : "the start") + ": " + valueWords(g, j)) + "</title></circle>";
      if (j % 5 === 0) out += '<text x="' + (left + 8 + j * step) + '" y="' + (top + h + 14) + '" text-anchor="middle">' + j + "</text>";
    }
    return out + "</svg>";
  }

  function moveName(from, to) {
    var d = model.details.get(from);
    var m = d && d.moves.filter(function (x) { return x.dst === to; })[0];
    return m ? m.names[0] : "→";
  }

  function seatsHtml(seats, g) {
    var out = '<div class="play-seats">';
    for (var s = 0; s < P; s++) {
      var turn = g && !over(g) && mover(g, plies(g)) === s;
      out += '<label class="play-seat' + (turn ? " turn" : "") + '"><span>' + esc(say(W.player, { k: s + 1 })) +
        '</span><select data-seat="' + s + '">' + kinds.map(function (k) {
          return '<option value="' + k + '"' + (seats[s] === k ? " selected" : "") + ">" + esc(kindName(k)) + "</option>";
        }).join("") + "</select></label>";
    }
    return out + "</div>";
  }

  function statusHtml(g) {
    if (!g) return "";
    var at = here(g);
    var out = "";
    if (g.last && plies(g) >= 1 && g.seats[mover(g, plies(g) - 1)] !== "you") {
      var from = g.path[plies(g) - 1];
      out += '<p class="play-last">' + esc(say(W.played, { name: kindName(g.seats[mover(g, plies(g) - 1)]) })) +
        ' <b class="play-move">' + esc(moveName(from, at)) + "</b>: " + esc(model.notation[from]) + " → " +
        esc(model.notation[at]) + "</p>";
    }
    var cls = { "-1": "loss", 0: "draw", 1: "win" }[valueFor(g, plies(g)).v];
    out += '<p class="play-value"><span class="badge ' + cls + '">' + esc(valueWords(g, plies(g))) + "</span></p>";
    if (vz.selected !== at) {
      out += '<p class="play-status elsewhere">' + esc(W.elsewhere) + ' <a href="#' + esc(model.notation[at]) +
        '" class="play-back">' + esc(model.notation[at]) + "</a>.</p>";
    } else if (over(g)) {
      return out;
    } else if (g.paused) {
      out += '<p class="play-status"><button type="button" data-act="resume">Continue the game</button></p>';
    } else if (yourTurn(g)) {
      out += '<p class="play-status turn">' + esc(W["your-turn"]) + "</p>";
    } else {
      var s = mover(g, plies(g));
      out += '<p class="play-status thinking">' + esc(say(W.thinking, { k: s + 1, name: kindName(g.seats[s]) })) + "</p>";
    }
    return out;
  }

  function listHtml(g) {
    if (!plies(g)) return "";
    var out = '<ol class="play-moves">';
    for (var k = 1; k <= plies(g); k++) {
      var s = mover(g, k - 1);
      out += '<li class="' + (g.seats[s] === "you" ? "mine" : "theirs") + (k === plies(g) ? " now" : "") + '">' +
        '<span class="who">' + esc(say(W.player, { k: s + 1 })) + "</span> " +
        '<span class="mv">' + esc(moveName(g.path[k - 1], g.path[k])) + "</span> " +
        '<a class="pos" href="#' + esc(model.notation[g.path[k]]) + '">' + esc(model.notation[g.path[k]]) + "</a></li>";
    }
    return out + "</ol>";
  }

  function render() {
    if (!el || !model) return;
    var g = play.game;
    var html = '<div class="play-head"><h3 class="panel-h">Play</h3><div class="play-tools">';
    if (g) {
      var canUndo = g.path.slice(0, -1).some(function (p, k) { return g.seats[mover(g, k)] === "you"; });
      html += '<button type="button" data-act="undo"' + (canUndo ? "" : " disabled") + ">Undo</button>" +
        '<button type="button" data-act="redo"' + (g.redo.length ? "" : " disabled") + ">Redo</button>" +
        '<button type="button" data-act="restart">Restart</button>' +
        '<button type="button" data-act="quit">Quit</button>';
    } else {
      html += '<button type="button" data-act="start" class="primary">New game</button>';
    }
    html += "</div></div>";
    html += seatsHtml(currentSeats(), g);
    if (play.message) html += '<p class="play-message" role="alert">' + esc(play.message) + "</p>";
    if (g) html += statusHtml(g);
    el.innerHTML = html;
    el.classList.toggle("active", !!g);
    log.innerHTML = g ? '<h3 class="panel-h">The game so far</h3>' + chart(g) + listHtml(g) : "";
    log.hidden = !g;
    markMoves();
  }

  /* In the panel's move table: the computer's move about to be played, or (your turn) the moves you can play. */
  function markMoves() {
    var panel = document.getElementById("panel");
    if (!panel) return;
    var g = play.game;
    var rows = panel.querySelectorAll("tr.move");
    for (var r = 0; r < rows.length; r++) {
      var dst = Number(rows[r].dataset.dst);
      var chosen = !!(pending && g && vz.selected === pending.at && pending.to === dst);
      rows[r].classList.toggle("play-chosen", chosen);
      rows[r].classList.toggle("play-can", !!(g && !g.paused && vz.selected === here(g) && yourTurn(g)));
    }
  }

  // ------------------------------------------------------------------ wiring
  function onClick(ev) {
    var b = ev.target.closest("button[data-act]");
    if (!b) return;
    ({ start: start, undo: undo, redo: redo, restart: restart, quit: quit, resume: resume })[b.dataset.act]();
  }
  function onChange(ev) {
    var sel = ev.target.closest("select[data-seat]");
    if (sel) setSeat(Number(sel.dataset.seat), sel.value);
  }

  function init(nodes) {
    model = vz.model;
    (nodes.opponents || []).forEach(function (c, k) {
      var kind = c.name.replace(/_move$/, "");
      opponentColumn[kind] = k;
      kinds.push(kind);
    });
    kinds.push("random");
    return readRecord(location.search).then(function (g) {
      play.ready = true;
      if (!g) {
        if (play.message) writeUrl(null);
        render();
        return;
      }
      show(g).then(function () { return advance(g); });
    });
  }

  vz.onPanel(function (panel) {
    if (!el) {
      el = document.createElement("section");
      el.id = "play";
      el.className = "play";
      el.setAttribute("aria-label", "Play");
      el.addEventListener("click", onClick);
      el.addEventListener("change", onChange);
      log = document.createElement("section");
      log.className = "play-log";
      log.setAttribute("aria-label", "The game so far");
      vz.load("nodes").then(init).catch(function (err) {
        play.message = String(err && err.message ? err.message : err);
      });
    }
    var hands = panel.querySelector(".players");
    panel.insertBefore(el, hands ? hands.nextSibling : panel.firstChild);
    var table = panel.querySelector("table.moves") || el;
    table.parentNode.insertBefore(log, table.nextSibling);
    render();
  });
  vz.onMoveClick(function (from, to) {
    var g = play.game;
    if (!g || g.paused || from !== here(g) || !yourTurn(g)) return false;
    stop();
    push(g, to);
    g.last = plies(g);
    show(g).then(function () { return advance(g); });
    return true;
  });

  play.start = function (seats, seed) {
    var g = newGame(seats, seed === undefined ? 1 : seed);
    return show(g).then(function () { return advance(g); });
  };
  play.undo = undo;
  play.redo = redo;
  play.restart = restart;
  play.quit = quit;
  play.record = function () {
    return play.game ? record(play.game) : null;
  };
  play.state = function () {
    var g = play.game;
    if (!g) return null;
    return {
      seats: g.seats.slice(),
      path: g.path.map(function (i) { return model.notation[i]; }),
      redo: g.redo.length,
      over: over(g),
      yourTurn: yourTurn(g),
      paused: g.paused,
      values: g.path.map(function (p, k) { return valueFor(g, k).v; }),
    };
  };
})();
