/* vizgen play: a game on a variant's page against the perfect player, max^n (depth 1, 2, 3 or 5) or the
 * random player, drawn in the panel.
 *
 * Built only on the page's add-on hooks (window.vizgen: onPanel, onMoveClick, select, load) and the game's
 * state (game.js). Every computer move comes from build-time data: a position's detail carries the position
 * each computer opponent moves to (the opponents named in nodes.js); the random player draws from a
 * generator seeded by the record. Nothing runs on a server. A record with an illegal move stops at the last
 * legal position and says why. Everything a test needs is on window.vizgen.play.
 */
(function (VZ) {
  "use strict";

  var vz = typeof window === "undefined" ? null : window.vizgen;
  if (!vz || !vz.onPanel) return;
  var esc = VZ.util.esc, say = VZ.util.fill;
  var cfg = vz.config;
  var W = cfg.words.play;
  var P = cfg.players;

  var play = (vz.play = {
    ready: false, // the record in the address has been read
    delay: 650, // ms before a computer opponent's move is shown highlighted, and again before it is played
    game: null,
    message: "",
  });

  var model = null;
  var opponentColumn = {}; // "perfect" / "maxn3" ... -> index into a detail's opponents
  var kinds = ["you"];
  var el = null; // the play section, moved into the panel on every render (below the hands)
  var log = null; // the chart and the move list (below the panel's move table)
  var timer = null;
  var pending = null; // {at: position, to: position} while a computer move is shown before it is played
  var setup = null; // the players chosen before a game starts

  function kindName(kind) {
    if (kind === "you" || kind === "perfect" || kind === "random") return W[kind];
    return say(W.maxn, { n: kind.slice(4) });
  }

  /* The address: the record in the query (others' query parameters kept), the position shown in the fragment. */
  function writeUrl(g, shown) {
    var q = VZ.game.withRecord(location.search, g ? g.record() : null);
    var hash = shown === undefined ? location.hash : "#" + model.name(shown);
    history.replaceState(history.state, "", location.pathname + q + hash);
  }
  function show(g) {
    writeUrl(g, g.here());
    return vz.select(g.here());
  }
  function stop() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    pending = null;
  }

  /* What the computer player to move plays from a position's detail d: a child position. */
  function choose(g, kind, d) {
    if (kind !== "random") return d.opponents[opponentColumn[kind]];
    var kids = [];
    d.moves.forEach(function (m) { if (kids.indexOf(m.dst) < 0) kids.push(m.dst); });
    return g.randomChild(kids);
  }

  /* Let the computer players move until it is your turn or the game is over: each move is shown
     highlighted for a moment, then played. */
  function advance(g) {
    stop();
    render();
    if (g !== play.game || g.paused || g.over() || g.yourTurn()) return Promise.resolve();
    var at = g.here();
    return model.detail(at).then(function (d) {
      if (g !== play.game || g.here() !== at) return;
      var to = choose(g, g.seats[g.mover(g.plies())], d);
      pending = { at: at, to: to };
      render();
      timer = setTimeout(function () {
        timer = null;
        if (g !== play.game || g.here() !== at) return;
        pending = null;
        g.push(to);
        g.last = g.plies();
        show(g).then(function () { return advance(g); });
      }, play.delay);
    });
  }

  function newGame(seats, seed) {
    stop();
    play.game = new VZ.game.Game(model, seats, seed);
    play.message = "";
    return play.game;
  }

  /* Read the record in the address; a bad one leaves `play.message` saying why. */
  function readRecord(query) {
    var rec = VZ.game.readRecord(query, P, kinds);
    if (!rec) return Promise.resolve(null);
    if (rec.why) {
      play.message = say(W["bad-record"], { why: rec.why });
      return Promise.resolve(null);
    }
    var g = newGame(rec.seats, rec.seed);
    function step(k) {
      if (k >= rec.moves.length) return Promise.resolve(g);
      var at = g.here();
      return model.detail(at).then(function (d) {
        var to = vz.resolve(rec.moves[k]);
        if (to === undefined || !d.moves.some(function (m) { return m.dst === to; })) {
          play.message = say(W.illegal, { n: k + 1, move: rec.moves[k], from: model.name(at) });
          g.paused = true;
          return g;
        }
        g.path.push(to);
        return step(k + 1);
      });
    }
    return step(0).then(function (done) {
      done.last = done.plies();
      return done;
    });
  }

  // ------------------------------------------------------------------ actions
  function start() {
    var g = newGame(currentSeats(), Math.floor(Math.random() * 1e6));
    show(g).then(function () { return advance(g); });
  }
  function undo() {
    var g = play.game;
    if (!g || g.lastMine() < 0) return;
    stop();
    g.undo();
    play.message = "";
    show(g).then(function () { render(); });
  }
  function redo() {
    var g = play.game;
    if (!g || !g.redo.length) return;
    stop();
    g.again();
    show(g).then(function () { return advance(g); });
  }
  function restart() {
    var g = play.game;
    if (!g) return;
    stop();
    g.restart();
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
    var seats = VZ.game.seatChange(currentSeats(), seat, kind);
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
  function currentSeats() {
    if (play.game) return play.game.seats.slice();
    if (!setup) {
      setup = [];
      for (var s = 0; s < P; s++) setup.push(s === 0 ? "you" : "perfect");
    }
    return setup.slice();
  }

  // ------------------------------------------------------------------ drawing
  function render() {
    if (!el || !model) return;
    var g = play.game;
    var draw = VZ.playDraw;
    var html = '<div class="play-head"><h3 class="panel-h">Play</h3><div class="play-tools">';
    if (g) {
      html += '<button type="button" data-act="undo"' + (g.lastMine() >= 0 ? "" : " disabled") + ">Undo</button>" +
        '<button type="button" data-act="redo"' + (g.redo.length ? "" : " disabled") + ">Redo</button>" +
        '<button type="button" data-act="restart">Restart</button>' +
        '<button type="button" data-act="quit">Quit</button>';
    } else {
      html += '<button type="button" data-act="start" class="primary">New game</button>';
    }
    html += "</div></div>";
    html += draw.seats(currentSeats(), g, kinds, kindName, W);
    if (play.message) html += '<p class="play-message" role="alert">' + esc(play.message) + "</p>";
    if (g) html += draw.status(g, vz.selected, kindName, W);
    el.innerHTML = html;
    el.classList.toggle("active", !!g);
    log.innerHTML = g ? '<h3 class="panel-h">The game so far</h3>' + draw.chart(g, cfg.theme, W) + draw.list(g, W) : "";
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
      rows[r].classList.toggle("play-can", !!(g && !g.paused && vz.selected === g.here() && g.yourTurn()));
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

  function init() {
    model = vz.model;
    model.opponents.forEach(function (f, k) {
      var kind = f.name.replace(/_move$/, "");
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
      init().catch(function (err) {
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
    if (!g || g.paused || from !== g.here() || !g.yourTurn()) return false;
    stop();
    g.push(to);
    g.last = g.plies();
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
    return play.game ? play.game.record() : null;
  };
  play.state = function () {
    var g = play.game;
    if (!g) return null;
    return {
      seats: g.seats.slice(),
      path: g.path.map(function (i) { return model.name(i); }),
      redo: g.redo.length,
      over: g.over(),
      yourTurn: g.yourTurn(),
      paused: g.paused,
      values: g.path.map(function (p, k) { return g.value(k).v; }),
    };
  };
})(globalThis.VZ = globalThis.VZ || {});
