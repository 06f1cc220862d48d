/* vizgen play: a game on a variant's page against the perfect player, the tricky perfect player, max-n
 * (depth 1, 2, 3 or 5) or the random player, drawn in the panel.
 *
 * Built only on the page's add-on hooks (window.vizgen: onPanel, onMoveClick, decorate, redraw, select,
 * load) and the game's
 * state (game.js). Every computer move comes from build-time data (a position's detail carries the position
 * each computer opponent moves to) or, on the code pages, from the position's facts (opponents.js); the
 * random player draws from a generator seeded by the record. Each ply is an entry of the browser's history
 * with the record in the address, so Back and Forward step through the game and never leave the page while
 * a game is on; ← and → walk the record, Home and End jump, Backspace takes back your last move. A
 * challenge hides every value, mark and colour (body.vz-hide, play.css) until the game ends or you take a
 * hint; coached play marks each of your moves as you go. The panel is drawn with what the game asks of it
 * (decor: the seats named by who plays them, the board live on your turn, the computer's move about to be
 * played, each move's value for you while another player chooses). At the end: Play again, and a result card
 * (a sentence and a picture drawn in the browser); other add-ons put their own links there (play.onAfter).
 * Everything a test needs is on window.vizgen.play.
 */
import { contract } from "../core/contract.js";
import * as theme from "../core/theme.js";
import * as util from "../core/util.js";
import { esc, fill as say } from "../core/util.js";
import * as game from "./game.js";
import { create as createOpponents } from "./opponents.js";
import * as playDraw from "./playview.js";
import * as keys from "../viewer/keys.js";

/* Start the game of the variant page, once the page (viewer/main.js) has set up window.vizgen. */
export function boot() {
  var vz = typeof window === "undefined" ? null : window.vizgen;
  if (!vz || !vz.onPanel) return;
  var cfg = vz.config;
  var W = cfg.words.play;
  var P = cfg.players;

  var play = (vz.play = {
    ready: false, // the record in the address has been read
    delay: 650, // ms before a computer opponent's move is shown highlighted, and again before it is played
    game: null,
    message: "",
    after: [], // functions (game) -> HTML put in the end-of-game area (play.onAfter)
  });

  var model = null;
  var opponents = null; // kind -> function (game, detail) giving the computer's move
  var kinds = ["you"];
  var el = null; // the play section, moved into the panel on every render (below the hands)
  var log = null; // the chart, the review and the move list (below the panel's move table)
  var timer = null;
  var pending = null; // {at: position, to: position} while a computer move is shown before it is played
  var setup = null; // the players chosen before a game starts

  /* Draw the panel again (it asks for the game's decorations, then play's section is drawn in it). */
  function refresh() {
    if (vz.selected === null) render();
    else vz.redraw();
  }
  function kindName(kind) {
    if (kind === "maxn" + kind.slice(4) && /^\d+$/.test(kind.slice(4))) return say(W.maxn, { n: kind.slice(4) });
    return W[kind];
  }
  /* Who plays a seat, as a sentence begins: "You", "Perfect player". */
  function capitalName(kind) {
    var name = kindName(kind);
    return name.charAt(0).toUpperCase() + name.slice(1);
  }
  /* A seat by who plays it: "You (player 1)", "Perfect player (player 2)". */
  function roleName(g, seat) {
    return say(W.seat, { name: capitalName(g.seats[seat]), k: seat + 1 });
  }

  /* The address: the record in the query (others' query parameters kept), the game's position in the
     fragment; push: a new entry of the browser's history (a ply played), else the entry is rewritten. */
  function writeUrl(g, push) {
    var q = game.withRecord(location.search, g ? g.record() : null);
    var url = location.pathname + q + (g ? "#" + encodeURI(model.name(g.here())) : location.hash);
    if (push && url !== location.pathname + location.search + location.hash) history.pushState(null, "", url);
    else history.replaceState(history.state, "", url);
  }
  function show(g) {
    return vz.select(g.here());
  }
  function stop() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    pending = null;
  }
  /* The players of position pos: per seat from the mover, whether it has a live hand (null if unknown). */
  function live(pos) {
    var d = model.details.get(pos);
    var hands = d ? d.hands : model.hands ? model.hands(pos) : null;
    return hands ? hands.map(function (h) { return h.some(function (v) { return v !== 0; }); }) : null;
  }
  /* Whether the values are hidden now: a challenge not yet over, no hint taken at the position shown. */
  function hidden() {
    var g = play.game;
    return !!(g && g.challenge && !g.finished() && !(g.hinted() && vz.selected === g.here()));
  }

  /* Let the computer players move until it is your turn, the game is over or it is shown at an earlier
     ply: each move is shown highlighted for a moment, then played. */
  function advance(g) {
    stop();
    render();
    if (g !== play.game || g.paused || g.redo.length || g.over() || g.yourTurn()) return Promise.resolve();
    var at = g.here();
    return model.detail(at).then(function (d) {
      if (g !== play.game || g.here() !== at) return;
      var to = opponents[g.seats[g.mover(g.plies())]](g, d);
      pending = { at: at, to: to };
      if (play.delay > 0) refresh(); // the move shown highlighted on the board and in the table for a moment
      timer = setTimeout(function () {
        timer = null;
        if (g !== play.game || g.here() !== at) return;
        pending = null;
        played(g, to);
      }, play.delay);
    });
  }
  /* A ply played (by you or a computer): a new entry of the history, then the others move. */
  function played(g, to) {
    g.push(to);
    g.last = g.plies();
    writeUrl(g, true);
    return show(g).then(function () { return advance(g); });
  }

  function newGame(seats, seed, challenge, from) {
    stop();
    play.game = new game.Game(model, seats, seed, contract.ending, from);
    play.game.challenge = !!challenge;
    play.message = "";
    return play.game;
  }

  /* Read the record in a query string; a bad one leaves `play.message` saying why. */
  function readRecord(query) {
    var rec = game.readRecord(query, P, kinds);
    if (!rec) return Promise.resolve(null);
    if (rec.why) {
      play.message = say(W["bad-record"], { why: rec.why });
      return Promise.resolve(null);
    }
    var located = rec.from === null ? Promise.resolve(model.startId) : vz.locate(rec.from);
    return located.then(function (from) {
      if (from === undefined) {
        play.message = say(W["bad-record"], { why: "“" + rec.from + "” is not a position a game reaches" });
        return null;
      }
      var g = newGame(rec.seats, rec.seed, rec.challenge, from);
      g.hints = rec.hints;
      return replay(g, rec.moves, 0).then(function (done) {
        if (rec.at !== null && !done.paused) done.seek(rec.at);
        done.last = done.plies();
        return done;
      });
    });
  }
  /* The record's moves from the k-th on played in game g, checked against the rules; an illegal one pauses it. */
  function replay(g, moves, k) {
    if (k >= moves.length) return Promise.resolve(g);
    var at = g.here();
    return model.detail(at).then(function (d) {
      var to = vz.resolve(moves[k]);
      if (g.over() || to === undefined || !d.moves.some(function (m) { return m.dst === to; })) {
        play.message = say(W.illegal, { n: k + 1, move: moves[k], from: model.name(at) });
        g.paused = true;
        return g;
      }
      g.path.push(to);
      return replay(g, moves, k + 1);
    });
  }

  // ------------------------------------------------------------------ actions
  function start(challenge, seats) {
    var g = newGame(seats || currentSeats(), Math.floor(Math.random() * 1e6), challenge);
    writeUrl(g, true);
    if (keys && keys.expand) keys.expand(); // a phone: the game takes the screen under the header
    return show(g).then(function () { return advance(g); });
  }
  /* Play again: the same players (swapped: each one seat on), the same way of playing, a new seed. */
  function again(swapped) {
    var g = play.game;
    if (!g) return;
    start(g.challenge, g.rematch(swapped));
  }
  /* Show ply k of the game's line. */
  function seek(k) {
    var g = play.game;
    if (!g) return;
    stop();
    g.seek(k);
    g.paused = false;
    writeUrl(g, false);
    show(g).then(function () { return advance(g); });
  }
  function undo() {
    var g = play.game;
    if (!g || g.lastMine() < 0) return;
    stop();
    g.undo();
    play.message = "";
    writeUrl(g, false);
    show(g);
  }
  function playOn() {
    var g = play.game;
    if (!g) return;
    g.redo = [];
    g.paused = false;
    play.message = "";
    writeUrl(g, false);
    advance(g);
  }
  function hint() {
    var g = play.game;
    if (!g) return;
    g.hint();
    writeUrl(g, false);
    show(g);
  }
  function analysis() {
    var g = play.game;
    if (!g) return;
    g.hint();
    g.challenge = false;
    writeUrl(g, false);
    show(g);
  }
  function quit() {
    stop();
    play.game = null;
    play.message = "";
    writeUrl(null, false);
    refresh();
  }
  function copy(what) {
    var url = location.href;
    if (what === "position") url = location.origin + location.pathname + game.withRecord(location.search, null) + location.hash;
    var done = function () {
      play.message = W.copied;
      render();
    };
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(url).then(done, function () { window.prompt("", url); });
    else window.prompt("", url);
  }
  function setSeat(seat, kind) {
    var seats = game.seatChange(currentSeats(), seat, kind);
    var g = play.game;
    if (!g) {
      setup = seats;
      refresh();
      return;
    }
    stop();
    g.seats = seats;
    g.you = Math.max(0, seats.indexOf("you"));
    writeUrl(g, false);
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

  /* The browser's Back or Forward: the game shown at the entry's ply; past the game's start the game stays. */
  function onPopState() {
    if (!model) return;
    var g = play.game;
    var rec = game.readRecord(location.search, P, kinds);
    if (!rec || rec.why) {
      if (!g) return;
      stop();
      g.seek(0);
      play.message = W["start-kept"];
      writeUrl(g, true);
      show(g);
      return;
    }
    if (g && location.search === game.withRecord(location.search, g.record())) return; // a position browsed
    var names = g ? g.line().slice(1).map(function (i) { return model.name(i); }) : [];
    var same = g && rec.seats.join(".") === g.seats.join(".") && rec.seed === g.seed &&
      rec.moves.length <= names.length && rec.moves.every(function (m, k) { return m === names[k]; });
    if (same) {
      g.challenge = rec.challenge;
      g.hints = rec.hints;
      seek(rec.at === null ? rec.moves.length : rec.at);
      return;
    }
    readRecord(location.search).then(function (read) {
      if (read) show(read).then(function () { return advance(read); });
      else refresh();
    });
  }
  function onKey(ev) {
    var g = play.game;
    if (!g || ev.ctrlKey || ev.metaKey || ev.altKey || ev.shiftKey) return;
    // form fields keep their keys, and so does the view's tab list (its arrows switch views)
    if (ev.target.closest && ev.target.closest("input, select, textarea, [contenteditable], [role=tab]")) return;
    var n = g.plies(), end = g.line().length - 1;
    var to = { ArrowLeft: n - 1, ArrowRight: n + 1, Home: 0, End: end }[ev.key];
    if (to !== undefined) seek(to);
    else if (ev.key === "Backspace") undo();
    else return;
    ev.preventDefault();
    ev.stopPropagation();
  }

  // ------------------------------------------------------------------ drawing
  function render() {
    if (!el || !model) return;
    var g = play.game;
    var draw = playDraw;
    var hide = hidden();
    document.body.classList.toggle("vz-hide", hide);
    document.body.classList.toggle("vz-playing", !!g && !g.finished());
    if (vz.hideValues) vz.hideValues(hide);
    if (vz.path) vz.path(g ? g.line() : null); // the path of the game on the graph and the value map
    var ctx = context(hide);
    el.innerHTML = draw.head(g, ctx) + draw.seats(currentSeats(), g, kinds, ctx) +
      (play.message ? '<p class="play-message" role="status">' + esc(play.message) + "</p>" : "") +
      (g ? draw.status(g, ctx) : "");
    el.classList.toggle("active", !!g);
    log.innerHTML = g ? draw.log(g, ctx) : "";
    log.hidden = !g;
    var now = log.querySelector(".play-chart-box");
    if (now) now.scrollLeft = now.scrollWidth;
  }
  function context(hide) {
    return { W: W, T: theme.palette(cfg), words: cfg.words, kindName: kindName, name: capitalName, role: roleName, live: live,
      hidden: hide, selected: vz.selected, after: after, sentence: sentence };
  }

  /* What the game asks of the panel at position id: the seats named by who plays them, the board live on
     your turn (elsewhere it browses), the computer's move about to be played, and while another player
     chooses, what each of their moves means for you. */
  function decor(id) {
    var g = play.game;
    if (!g || !model) return null;
    if (id !== g.here()) return { board: "browse" };
    var n = g.plies(), names = [], human = -1;
    for (var s = 0; s < P; s++) {
      var seat = (n + s) % P;
      names.push(roleName(g, seat));
      if (g.seats[seat] === "you") human = s;
    }
    var mine = !g.paused && g.yourTurn();
    var coming = pending && pending.at === id ? pending.to : null;
    var theirs = !g.yourTurn() && !hidden();
    var head = model.over(id) ? { cls: util.valueClass(g.value(n).v, contract.classes), text: g.valueWords(W, n) } : null;
    return {
      names: names, human: human, board: mine ? "play" : false, pending: coming, keep: true, head: head,
      row: function (m) { return (coming === m.dst ? " play-chosen" : "") + (mine ? " play-can" : ""); },
      badge: theirs ? function (m) {
        return { cls: util.valueClass(g.valueAt(m.dst, n + 1).v, contract.classes), text: g.valueWordsAt(W, m.dst, n + 1) };
      } : null,
    };
  }

  /* The result in one sentence, for you: "I held the draw for 40 plies against the perfect player on Standard." */
  function sentence(g) {
    var end = g.end(live);
    if (!end || g.seats.indexOf("you") < 0) return "";
    var others = [];
    g.seats.forEach(function (k) {
      var name = say(W.the, { name: kindName(k) });
      if (k !== "you" && others.indexOf(name) < 0) others.push(name);
    });
    var key = end.reason === "won" ? (end.winner === g.you ? "card-won" : g.P === 2 ? "card-lost" : "card-out")
      : g.P === 2 ? "card-draw" : end.shared.indexOf(g.you) >= 0 ? "card-shared" : "card-out";
    return say(W[key], { against: others.join(W.and), variant: variantTitle(), n: end.plies });
  }
  /* The variant's title, as the page's heading shows it (read from the page: a title never reaches a script). */
  function variantTitle() {
    var h = document.querySelector("main h1");
    return h ? h.textContent.trim() : "";
  }
  /* The end-of-game area's add-ons (play.onAfter). */
  function after(g) {
    return play.after.map(function (fn) { return fn(g) || ""; }).join("");
  }

  /* The result card as a picture (PNG, drawn on a canvas from the palette): the sentence, your value after
     each ply and the game's link. */
  function card(g) {
    var T = theme.palette(cfg), w = 1200, h = 630;
    var c = document.createElement("canvas");
    c.width = w;
    c.height = h;
    var x = c.getContext("2d");
    x.fillStyle = T.paper;
    x.fillRect(0, 0, w, h);
    x.fillStyle = T.accent;
    x.fillRect(0, 0, w, 14);
    x.fillStyle = T.muted;
    x.font = "600 30px sans-serif";
    x.fillText(W["card-site"] + " · " + variantTitle(), 60, 84);
    x.fillStyle = T.ink;
    x.font = "700 52px sans-serif";
    wrap(x, sentence(g), 60, 170, w - 120, 64);
    var notes = [];
    if (g.challenge) notes.push(W["card-challenge"]);
    if (g.hints.length) notes.push(say(W["card-hints"], { h: g.hints.length }));
    x.fillStyle = T.muted;
    x.font = "28px sans-serif";
    x.fillText(notes.join(" "), 60, 330);
    // your value after each ply: wins above the line, losses below
    x.font = "24px sans-serif";
    x.fillText(W["card-chart"], 60, 385);
    var line = g.line(), mid = 470, step = Math.min(24, (w - 120) / Math.max(1, line.length - 1));
    x.strokeStyle = T.draw;
    x.lineWidth = 3;
    x.beginPath();
    x.moveTo(60, mid);
    x.lineTo(w - 60, mid);
    x.stroke();
    line.forEach(function (p, k) {
      var v = g.valueAt(p, k).v;
      x.fillStyle = T[contract.classes[util.valueClass(v, contract.classes)].palette];
      x.beginPath();
      x.arc(60 + k * step, mid - v * 70, 7, 0, 2 * Math.PI);
      x.fill();
    });
    x.fillStyle = T.muted;
    x.font = "22px sans-serif";
    wrap(x, location.href, 60, h - 48, w - 120, 26);
    return c;
  }
  /* Text in lines no wider than `width`, from (left, y), lh apart. */
  function wrap(x, text, left, y, width, lh) {
    var row = "";
    text.split(/(?=[ /&])/).forEach(function (word) {
      if (row && x.measureText(row + word).width > width) {
        x.fillText(row, left, y);
        y += lh;
        row = word.replace(/^ /, "");
      } else row += word;
    });
    if (row) x.fillText(row, left, y);
  }
  function download() {
    var g = play.game;
    if (!g) return;
    var a = document.createElement("a");
    a.href = card(g).toDataURL("image/png");
    a.download = cfg.slug + "-game.png";
    document.body.appendChild(a);
    a.click();
    a.remove();
  }

  // ------------------------------------------------------------------ wiring
  function onClick(ev) {
    var b = ev.target.closest("[data-act], [data-ply]");
    if (!b) return;
    if (b.dataset.ply !== undefined) {
      ev.preventDefault();
      seek(Number(b.dataset.ply));
      return;
    }
    var n = play.game ? play.game.plies() : 0;
    ({
      start: function () { start(true); }, open: function () { start(false); }, undo: undo, quit: quit,
      first: function () { seek(0); }, prev: function () { seek(n - 1); }, next: function () { seek(n + 1); },
      last: function () { seek(play.game.line().length - 1); }, playon: playOn, resume: playOn, hint: hint,
      analysis: analysis, "copy-game": function () { copy("game"); }, "copy-position": function () { copy("position"); },
      again: function () { again(false); }, "again-swapped": function () { again(true); }, card: download,
    })[b.dataset.act]();
  }
  function onChange(ev) {
    var sel = ev.target.closest("select[data-seat]");
    if (sel) setSeat(Number(sel.dataset.seat), sel.value);
  }

  function init() {
    model = vz.model;
    opponents = createOpponents(model);
    kinds = ["you"].concat(Object.keys(opponents));
    return readRecord(location.search).then(function (g) {
      play.ready = true;
      if (!g) {
        if (play.message) writeUrl(null, false);
        render();
        return;
      }
      writeUrl(g, false);
      if (!g.finished() && g.seats.indexOf("you") >= 0 && keys && keys.expand) keys.expand();
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
      log.addEventListener("click", onClick);
      window.addEventListener("popstate", onPopState);
      document.addEventListener("keydown", onKey, true);
      init().catch(function (err) {
        play.message = String(err && err.message ? err.message : err);
      });
    }
    var board = panel.querySelector(".board");
    panel.insertBefore(el, board ? board.nextSibling : panel.firstChild);
    var table = panel.querySelector(".panel-moves") || el;
    table.parentNode.insertBefore(log, table.nextSibling);
    render();
  });
  vz.onMoveClick(function (from, to) {
    var g = play.game;
    if (!g || g.paused || from !== g.here() || !g.yourTurn()) return false;
    stop();
    played(g, to);
    return true;
  });
  // the invitations (index and the top of the page) open a challenge
  document.addEventListener("click", function (ev) {
    var a = ev.target.closest ? ev.target.closest("[data-invite]") : null;
    if (!a || !model || location.pathname !== a.pathname) return;
    ev.preventDefault();
    setup = null;
    document.getElementById("explore").scrollIntoView({ block: "start" });
    start(true);
  });
  vz.decorate(decor);

  play.start = function (seats, seed, challenge) {
    var g = newGame(seats, seed === undefined ? 1 : seed, challenge);
    writeUrl(g, true);
    return show(g).then(function () { return advance(g); });
  };
  /* An add-on's part of the end-of-game area: fn(game) returns its HTML (a link: retry, practice...). */
  play.onAfter = function (fn) {
    play.after.push(fn);
  };
  play.sentence = function () {
    return play.game ? sentence(play.game) : "";
  };
  play.undo = undo;
  play.seek = seek;
  play.quit = quit;
  play.hint = hint;
  play.record = function () {
    return play.game ? play.game.record() : null;
  };
  play.state = function () {
    var g = play.game;
    if (!g) return null;
    var end = g.end(live);
    return {
      seats: g.seats.slice(),
      path: g.path.map(function (i) { return model.name(i); }),
      line: g.line().map(function (i) { return model.name(i); }),
      redo: g.redo.length,
      over: g.over(),
      end: end,
      yourTurn: g.yourTurn(),
      paused: g.paused,
      hidden: hidden(),
      challenge: g.challenge,
      hints: g.hints.slice(),
      values: g.path.map(function (p, k) { return g.value(k).v; }),
    };
  };
}
