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
 * People play too (seats of the kind "person"): several on one device (pass and play: the board is live for
 * whoever's turn it is, the values hidden unless they ask), or by link (mode=link: after a move the page
 * offers the address to send to the next person and waits; the friend's page replays the record, checks it
 * and lets them move), or a game played on the hands entered move by move from any position (mode=analyse,
 * then Review at any ply: mode=review). A player who is out and can only pass is never asked: the page
 * plays the pass (Game.outPass), and whoever is out may skip to the end.
 * Everything a test needs is on window.vizgen.play. This module holds the game's flow on the page (its state,
 * the address, the computer's moves, the panel's decorations); the rules of a game are game.js's, the markup
 * playview.js's, the events controls.js's, the seats' names names.js's and the result card card.js's.
 */
import * as address from "../core/address.js";
import { contract } from "../core/contract.js";
import { html, render as write } from "../core/html.js";
import * as theme from "../core/theme.js";
import * as util from "../core/util.js";
import { fill as say } from "../core/util.js";
import * as resultCard from "./card.js";
import * as controls from "./controls.js";
import * as game from "./game.js";
import * as names from "./names.js";
import { create as createOpponents } from "./opponents.js";
import * as playDraw from "./playview.js";
import * as keys from "../viewer/keys.js";

/** @typedef {import("../core/html.js").Html} Html */
/** @typedef {import("./game.js").Game} Game */
/** @typedef {import("./game.js").Live} Live */
/** @typedef {import("./opponents.js").Opponent} Opponent */
/** @typedef {import("./opponents.js").Detail} OpponentDetail */
/** @typedef {import("./review.js").Move} Move */
/**
 * A position's detail as the game reads it: its annotated moves, the computer opponents' moves where shipped,
 * the players' hands where known.
 * @typedef {OpponentDetail & { hands?: number[][] }} Detail
 */
/**
 * The page's model as the game reads it (viewer/model.js or viewer/codemodel.js).
 * @typedef {import("./game.js").GameModel & import("./opponents.js").OpponentModel & {
 *   details: { get(id: number): Detail | undefined }, detail(id: number): Promise<Detail>,
 *   hands?: (id: number) => number[][] }} PlayModel
 */
/**
 * What the game asks of the panel at a position (viewer/panel.js draws it).
 * @typedef {{ board: "browse" } | { names: string[], human: number, board: "play" | false, pending: number | null,
 *   keep: boolean, head: { cls: string, text: string } | null, row: (m: Move) => string,
 *   badge: ((m: Move) => { cls: string, text: string }) | null }} Decor
 */
/**
 * Everything a test needs of the game (window.vizgen.play).
 * @typedef {object} PlayApi
 * @property {boolean} ready the record in the address has been read
 * @property {number} delay ms before a computer opponent's move is shown highlighted, and again before it is played
 * @property {Game | null} game
 * @property {string} message
 * @property {((g: Game) => Html | null)[]} after functions (game) -> markup put in the end-of-game area
 * @property {(seats: string[], seed?: number, challenge?: boolean) => Promise<void>} [start]
 * @property {(fn: (g: Game) => Html | null) => void} [onAfter]
 * @property {() => string} [sentence]
 * @property {() => void} [undo]
 * @property {(k: number) => void} [seek]
 * @property {() => void} [quit]
 * @property {() => void} [hint]
 * @property {() => string | null} [record]
 * @property {() => object | null} [state]
 */
/**
 * The page's add-on hooks (viewer/main.js) the game is built on.
 * @typedef {object} Vizgen
 * @property {(fn: (panel: Element) => void) => void} onPanel
 * @property {(fn: (from: number, to: number) => boolean) => void} onMoveClick
 * @property {(fn: (id: number) => Decor | null) => void} decorate
 * @property {() => unknown} redraw
 * @property {(id: number) => Promise<unknown>} select
 * @property {(text: string) => Promise<number | undefined>} locate
 * @property {(text: string) => number | undefined} resolve
 * @property {number | null} selected
 * @property {(hide: boolean) => void} [hideValues]
 * @property {(line: number[] | null) => void} [path]
 * @property {{ words: import("./playview.js").Words & { play: Record<string, string> }, players: number, slug: string,
 *   ruleset?: string,
 *   themes: Record<import("../core/theme.js").ThemeName, Record<string, string>> }} config
 * @property {PlayModel} model
 * @property {PlayApi} [play]
 */

/* Start the game of the variant page, once the page (viewer/main.js) has set up window.vizgen. */
export function boot() {
  /** @type {Vizgen | undefined} */
  var found = typeof window === "undefined" ? undefined : /** @type {Window & { vizgen?: Vizgen }} */ (window).vizgen;
  if (!found || !found.onPanel) return;
  var vz = found;
  var cfg = vz.config;
  var W = cfg.words.play;
  var P = cfg.players;

  /** @type {PlayApi} */
  var play = (vz.play = {
    ready: false, // the record in the address has been read
    delay: 650, // ms before a computer opponent's move is shown highlighted, and again before it is played
    game: null,
    message: "",
    after: [], // functions (game) -> HTML put in the end-of-game area (play.onAfter)
  });

  /** @type {PlayModel | null} */
  var model = null;
  /** @type {Record<string, Opponent>} */
  var opponents = {}; // kind -> function (game, detail) giving the computer's move
  var kinds = game.HUMANS.slice();
  /** @type {HTMLElement | null} */
  var el = null; // the play section, moved into the panel on every render (below the hands)
  /** @type {HTMLElement | null} */
  var log = null; // the chart, the review and the move list (below the panel's move table)
  /** @type {ReturnType<typeof setTimeout> | null} */
  var timer = null;
  /** @type {{ at: number, to: number } | null} */
  var pending = null; // while a computer move is shown before it is played
  /** @type {string[] | null} */
  var setup = null; // the players chosen before a game starts
  var copied = false; // a link was just copied: said once

  /** The model, once init has read it. @returns {PlayModel} */
  function theModel() {
    if (!model) throw new Error("play: the page's model is not there yet");
    return model;
  }

  /* Draw the panel again (it asks for the game's decorations, then play's section is drawn in it). */
  function refresh() {
    if (vz.selected === null) render();
    else vz.redraw();
  }
  /** @param {string} kind */
  function kindName(kind) {
    return names.kindName(W, kind);
  }
  /** @param {Game} g @param {number} seat */
  function roleName(g, seat) {
    return names.roleName(W, g, seat);
  }

  /* The address: the record in the query (others' query parameters kept), the game's position in the
     fragment; push: a new entry of the browser's history (a ply played), else the entry is rewritten. */
  /** @param {Game | null} g @param {boolean} push */
  function writeUrl(g, push) {
    var q = game.withRecord(location.search, g ? g.record() : null);
    var url = location.pathname + q + (g ? "#" + encodeURI(g.model.name(g.here())) : location.hash);
    if (push && url !== location.pathname + location.search + location.hash) history.pushState(null, "", url);
    else history.replaceState(history.state, "", url);
  }
  /** @param {Game} g */
  function show(g) {
    return vz.select(g.here());
  }
  function stop() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    pending = null;
  }
  /* The players of position pos: per seat from the mover, whether it has a live hand (null if unknown). */
  /** @type {Live} */
  function live(pos) {
    var m = theModel();
    var d = m.details.get(pos);
    var hands = d ? d.hands : m.hands ? m.hands(pos) : null;
    return hands ? hands.map(function (h) { return h.some(function (v) { return v !== 0; }); }) : null;
  }
  /* Whether the values are hidden now: a challenge not yet over, no hint taken at the position shown. */
  function hidden() {
    var g = play.game;
    return !!(g && g.challenge && !g.finished() && !(g.hinted() && vz.selected === g.here()));
  }

  /* Let the computer players move until it is your turn, the game is over or it is shown at an earlier
     ply: each move is shown highlighted for a moment, then played. */
  /** @param {Game} g @returns {Promise<void>} */
  function advance(g) {
    stop();
    render();
    if (g !== play.game || g.paused || g.redo.length || g.over() || (g.yourTurn() && g.waiting)) return Promise.resolve();
    var at = g.here();
    return theModel().detail(at).then(function (d) {
      if (g !== play.game || g.here() !== at) return;
      /** @type {number} */
      var to;
      if (g.yourTurn()) {
        if (!g.outPass(live, kids(d))) return; // a person's move: the board is live for them
        to = kids(d)[0]; // out: the only move, a pass, is played for them
      } else to = opponents[g.seats[g.mover(g.plies())]](g, d);
      pending = { at: at, to: to };
      var wait = g.fast ? 0 : play.delay;
      if (wait > 0) refresh(); // the move shown highlighted on the board and in the table for a moment
      timer = setTimeout(function () {
        timer = null;
        if (g !== play.game || g.here() !== at) return;
        pending = null;
        played(g, to);
      }, wait);
    });
  }
  /* The distinct positions a position's moves reach. */
  /** @param {OpponentDetail} d @returns {number[]} */
  function kids(d) {
    /** @type {number[]} */
    var out = [];
    d.moves.forEach(function (m) { if (out.indexOf(m.dst) < 0) out.push(m.dst); });
    return out;
  }
  /* A ply played (by you or a computer): a new entry of the history, then the others move. */
  /** @param {Game} g @param {number} to @returns {Promise<void>} */
  function played(g, to) {
    // a person's move in a game by link: the next person moves on their own device, from the link sent
    if (g.link && g.canMove()) g.waiting = true;
    g.push(to);
    g.last = g.plies();
    writeUrl(g, true);
    return show(g).then(function () { return advance(g); });
  }

  /** @param {string[]} seats @param {number} seed @param {import("./game.js").Mode} mode @param {number} [from] @returns {Game} */
  function newGame(seats, seed, mode, from) {
    stop();
    var g = new game.Game(theModel(), seats, seed, contract.ending, from);
    g.setMode(mode);
    play.game = g;
    play.message = "";
    return g;
  }

  /* Read the record in a query string; a bad one leaves `play.message` saying why. */
  /** @param {string} query @returns {Promise<Game | null>} */
  function readRecord(query) {
    var rec = game.readRecord(query, P, kinds);
    if (!rec) return Promise.resolve(null);
    if (rec.why !== undefined) {
      play.message = rec.note || say(W["bad-record"], { why: rec.why });
      return Promise.resolve(null);
    }
    /** @type {import("./game.js").GoodRecord} */
    var good = rec;
    var located = good.from === null ? Promise.resolve(theModel().startId) : vz.locate(good.from);
    return located.then(function (from) {
      if (from === undefined) {
        play.message = say(W["bad-record"], { why: "“" + good.from + "” is not a position a game reaches" });
        return null;
      }
      var g = newGame(good.seats, good.seed, good.mode, from);
      g.hints = good.hints;
      return replay(g, good.moves, 0).then(function (done) {
        if (good.at !== null && !done.paused) done.seek(good.at);
        done.last = done.plies();
        return done;
      });
    });
  }
  /* The record's moves from the k-th on played in game g, checked against the rules; an illegal one pauses it. */
  /** @param {Game} g @param {ReadonlyArray<string>} moves @param {number} k @returns {Promise<Game>} */
  function replay(g, moves, k) {
    if (k >= moves.length) return Promise.resolve(g);
    var at = g.here();
    return theModel().detail(at).then(function (d) {
      var to = vz.resolve(moves[k]);
      if (g.over() || to === undefined || !d.moves.some(function (m) { return m.dst === to; })) {
        play.message = say(W.illegal, { n: k + 1, move: moves[k], from: g.model.name(at) });
        g.paused = true;
        return g;
      }
      g.path.push(to);
      return replay(g, moves, k + 1);
    });
  }

  // ------------------------------------------------------------------ actions
  /* A new game: a challenge or coached play with the seats chosen; among people on this device (pass), by
     link, or a game played on the hands entered from the position shown (enter). */
  /** @param {import("./controls.js").Way} way @param {string[]} [seats] */
  function start(way, seats) {
    var chosen = seats || currentSeats();
    /** @type {Record<import("./controls.js").Way, import("./game.js").Mode>} */
    var modes = { challenge: "challenge", coached: null, pass: "challenge", link: "link", enter: "analyse" };
    if (way === "pass" || way === "link" || way === "enter") chosen = game.people(chosen, way === "enter");
    var from = way === "enter" && vz.selected !== null ? vz.selected : undefined;
    var g = newGame(chosen, Math.floor(Math.random() * 1e6), modes[way], from);
    writeUrl(g, true);
    if (keys && keys.expand) keys.expand(); // a phone: the game takes the screen under the header
    return show(g).then(function () { return advance(g); });
  }
  /* Play again: the same players (swapped: each one seat on), the same way of playing, a new seed. */
  /** @param {boolean} swapped */
  function again(swapped) {
    var g = play.game;
    if (!g) return;
    var mode = g.mode();
    start(mode === "challenge" ? (g.seats.indexOf("person") >= 0 ? "pass" : "challenge")
      : mode === "link" ? "link" : mode === null ? "coached" : "enter", g.rematch(swapped));
  }
  /* Show ply k of the game's line. */
  /** @param {number} k */
  function seek(k) {
    var g = play.game;
    if (!g) return;
    stop();
    var shown = g;
    g.seek(k);
    g.paused = false;
    writeUrl(g, false);
    show(g).then(function () { return advance(shown); });
  }
  function undo() {
    var g = play.game;
    if (!g || !g.canUndo()) return;
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
  /* Review a game entered from the hands, at any ply: its marks, turning point and chart. */
  function review() {
    var g = play.game;
    if (!g) return;
    stop();
    g.setMode("review");
    writeUrl(g, false);
    show(g);
  }
  /* Whoever is out: the rest of the game played at once. */
  function skip() {
    var g = play.game;
    if (!g) return;
    g.fast = true;
    advance(g);
  }
  /* A game by link: the address to send, shared through the phone's share sheet. */
  function share() {
    if (!navigator.share) return;
    navigator.share({ url: location.href, text: W["link-share-text"] }).catch(function () { return undefined; });
  }
  function quit() {
    stop();
    play.game = null;
    play.message = "";
    writeUrl(null, false);
    refresh();
  }
  /** @param {"game" | "position"} what */
  function copy(what) {
    var url = location.href;
    if (what === "position") url = location.origin + location.pathname + game.withRecord(location.search, null) + location.hash;
    var done = function () {
      copied = true;
      render();
    };
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(url).then(done, function () { window.prompt("", url); });
    else window.prompt("", url);
  }
  /** @param {number} seat @param {string} kind */
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
    g.you = game.firstHuman(seats);
    writeUrl(g, false);
    advance(g);
  }
  /** @returns {string[]} */
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
    var m = model;
    var g = play.game;
    var rec = game.readRecord(location.search, P, kinds);
    if (!rec || rec.why !== undefined) {
      if (!g) return;
      stop();
      g.seek(0);
      play.message = W["start-kept"];
      writeUrl(g, true);
      show(g);
      return;
    }
    if (g && location.search === game.withRecord(location.search, g.record())) return; // a position browsed
    var line = g ? g.line().slice(1).map(function (i) { return m.name(i); }) : [];
    var same = g && rec.seats.join(".") === g.seats.join(".") && rec.seed === g.seed &&
      rec.moves.length <= line.length && rec.moves.every(function (name, k) { return name === line[k]; });
    if (g && same) {
      g.setMode(rec.mode);
      g.hints = rec.hints;
      seek(rec.at === null ? rec.moves.length : rec.at);
      return;
    }
    readRecord(location.search).then(function (read) {
      if (read) show(read).then(function () { return advance(read); });
      else refresh();
    });
  }
  /* A record that cannot be read is said where a person is looking: the play box, brought into view (on a
     phone the sheet opened to the whole screen), its message beside a button that starts a fresh game. The
     address keeps the record until a game replaces it. */
  function told() {
    if (keys && keys.expand) keys.expand();
    var said = el ? el.querySelector(".play-message") : null;
    if (said) said.scrollIntoView({ block: "center" });
  }
  // ------------------------------------------------------------------ drawing
  function render() {
    if (!el || !log || !model) return;
    var g = play.game;
    var draw = playDraw;
    var hide = hidden();
    document.body.classList.toggle("vz-hide", hide);
    document.body.classList.toggle("vz-playing", !!g && !g.finished());
    if (vz.hideValues) vz.hideValues(hide);
    if (vz.path) vz.path(g ? g.line() : null); // the path of the game on the graph and the value map
    var ctx = context(hide);
    write(el, html`${draw.head(g, ctx)}${draw.seats(currentSeats(), g, kinds, ctx)}${
      play.message ? html`<p class="play-message" role="status">${play.message}${
        g ? "" : html` <button type="button" data-act="fresh">${W.fresh}</button>`}</p>` : ""}${
      copied ? html`<p class="play-copied" role="status">${W.copied}</p>` : ""}${g ? draw.status(g, ctx) : ""}`);
    copied = false; // said once, where the link was copied
    el.classList.toggle("active", !!g);
    write(log, html`${g ? draw.log(g, ctx) : ""}`);
    log.hidden = !g;
    var now = log.querySelector(".play-chart-box");
    if (now) now.scrollLeft = now.scrollWidth;
  }
  /** @param {boolean} hide @returns {import("./playview.js").Ctx} */
  function context(hide) {
    return { W: W, T: theme.palette(cfg), words: cfg.words, kindName: kindName,
      name: function (kind) { return names.capitalName(W, kind); }, role: roleName, live: live,
      hidden: hide, selected: vz.selected, after: after, sentence: sentence };
  }

  /* What the game asks of the panel at position id: the seats named by who plays them, the board live on
     your turn (elsewhere it browses), the computer's move about to be played, and while another player
     chooses, what each of their moves means for you. */
  /** @param {number} id @returns {Decor | null} */
  function decor(id) {
    var g = play.game;
    if (!g || !model) return null;
    if (id !== g.here()) return { board: "browse" };
    var shownGame = g;
    var n = g.plies(), roles = [], human = -1;
    for (var s = 0; s < P; s++) {
      var seat = (n + s) % P;
      roles.push(roleName(g, seat));
      if (g.seats[seat] === "you" || (g.seats[seat] === "person" && s === 0)) human = s;
    }
    var mine = g.canMove();
    var coming = pending && pending.at === id ? pending.to : null;
    var theirs = !g.yourTurn() && !hidden();
    var head = model.over(id) ? { cls: util.valueClass(g.value(n).v, contract.classes), text: g.valueWords(W, n) } : null;
    return {
      names: roles, human: human, board: mine ? "play" : false, pending: coming, keep: true, head: head,
      row: function (m) { return (coming === m.dst ? " play-chosen" : "") + (mine ? " play-can" : ""); },
      badge: theirs ? function (m) {
        return { cls: util.valueClass(shownGame.valueAt(m.dst, n + 1).v, contract.classes), text: shownGame.valueWordsAt(W, m.dst, n + 1) };
      } : null,
    };
  }

  /** The result in one sentence, for you (card.js). @param {Game} g @returns {string} */
  function sentence(g) {
    return resultCard.sentence(W, g, live, variantTitle());
  }
  /* The variant's title, as the page's heading shows it (read from the page: a title never reaches a script). */
  function variantTitle() {
    if (cfg.ruleset) return say(W["card-rules"], { spec: cfg.ruleset }); // the rules page: the rule set played
    var h = document.querySelector("main h1");
    return h && h.textContent ? h.textContent.trim() : "";
  }
  /** The end-of-game area's add-ons (play.onAfter). @param {Game} g @returns {Html} */
  function after(g) {
    return html`${play.after.map(function (fn) { return fn(g); })}`;
  }

  /* The result card as a picture (card.js), downloaded. */
  function download() {
    var g = play.game;
    if (!g) return;
    var a = document.createElement("a");
    a.href = resultCard.picture(theme.palette(cfg), W, g, sentence(g), variantTitle(), location.href).toDataURL("image/png");
    a.download = cfg.slug + "-game.png";
    document.body.appendChild(a);
    a.click();
    a.remove();
  }

  // ------------------------------------------------------------------ wiring
  /** @type {import("./controls.js").Actions} */
  var actions = { game: function () { return play.game; }, start: start, seek: seek, undo: undo, quit: quit,
    playOn: playOn, hint: hint, analysis: analysis, copy: copy, again: again, download: download, setSeat: setSeat,
    review: review, skip: skip, share: share };

  function init() {
    model = vz.model;
    opponents = createOpponents(vz.model);
    kinds = game.HUMANS.concat(Object.keys(opponents));
    return readRecord(location.search).then(function (g) {
      play.ready = true;
      if (!g) {
        render();
        if (play.message) told();
        return;
      }
      var shown = address.read("", location.hash, "variant").dropped;
      if (Object.prototype.hasOwnProperty.call(shown, "position")) {
        play.message = (play.message ? play.message + " " : "") + address.note("position-game");
      }
      writeUrl(g, false);
      if (!g.finished() && g.human(g.you) && keys && keys.expand) keys.expand();
      show(g).then(function () { return advance(g); });
    });
  }

  vz.onPanel(function (panel) {
    if (!el) {
      el = document.createElement("section");
      el.id = "play";
      el.className = "play";
      el.setAttribute("aria-label", "Play");
      el.addEventListener("click", controls.click(actions));
      el.addEventListener("change", controls.change(actions));
      log = document.createElement("section");
      log.className = "play-log";
      log.setAttribute("aria-label", "The game so far");
      log.addEventListener("click", controls.click(actions));
      window.addEventListener("popstate", onPopState);
      document.addEventListener("keydown", controls.keys(actions), true);
      init().catch(function (err) {
        play.message = String(err && err.message ? err.message : err);
      });
    }
    var board = panel.querySelector(".board");
    panel.insertBefore(el, board ? board.nextSibling : panel.firstChild);
    var table = panel.querySelector(".panel-moves") || el;
    if (table.parentNode && log) table.parentNode.insertBefore(log, table.nextSibling);
    render();
  });
  vz.onMoveClick(function (from, to) {
    var g = play.game;
    if (!g || from !== g.here() || !g.canMove()) return false;
    stop();
    played(g, to);
    return true;
  });
  // the invitations (index and the top of the page) open a challenge
  document.addEventListener("click", function (ev) {
    var a = ev.target instanceof Element ? ev.target.closest("[data-invite]") : null;
    if (!(a instanceof HTMLAnchorElement) || !model || location.pathname !== a.pathname) return;
    ev.preventDefault();
    setup = null;
    var explore = document.getElementById("explore");
    if (explore) explore.scrollIntoView({ block: "start" });
    start("challenge");
  });
  vz.decorate(decor);

  play.start = function (seats, seed, challenge) {
    var g = newGame(seats, seed === undefined ? 1 : seed, challenge ? "challenge" : null);
    writeUrl(g, true);
    return show(g).then(function () { return advance(g); });
  };
  /* An add-on's part of the end-of-game area: fn(game) returns its markup (html``; a link: retry, practice...). */
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
    var now = play.game;
    if (!now) return null;
    var g = now;
    var end = g.end(live);
    return {
      seats: g.seats.slice(),
      path: g.path.map(function (i) { return g.model.name(i); }),
      line: g.line().map(function (i) { return g.model.name(i); }),
      redo: g.redo.length,
      over: g.over(),
      end: end,
      yourTurn: g.yourTurn(),
      paused: g.paused,
      hidden: hidden(),
      challenge: g.challenge,
      mode: g.mode(),
      canMove: g.canMove(),
      waiting: g.waiting,
      hints: g.hints.slice(),
      values: g.path.map(function (p, k) { return g.value(k).v; }),
    };
  };
}
