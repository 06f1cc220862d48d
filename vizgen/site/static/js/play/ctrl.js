/* vizgen play ctrl: the game on a variant's page, its state and its actions, and nothing of the page.
 *
 * A game against the perfect player, the tricky perfect player, max^n (depth 1, 2, 3 or 5) or the random player,
 * among people on one device (pass and play) or by link (mode=link: after a move the page offers the address to
 * send to the next person and waits; the friend's page replays the record, checks it and lets them move), or a
 * game played on the hands entered move by move from any position (mode=analyse, then Review at any ply:
 * mode=review). Every computer move comes from build-time data (a position's detail carries the position each
 * computer opponent moves to) or, on the code pages, from the position's facts (opponents.js); the random player
 * draws from a generator seeded by the record. Each ply is an entry of the browser's history with the record in
 * the address, so Back and Forward step through the game (popState). A player who is out and can only pass is
 * never asked: the game plays the pass (Game.outPass), and whoever is out may skip to the end.
 *
 * The controller is given what it needs (interfaces.js's Host): the viewer's face (the position shown, select,
 * locate, resolve, the panel's redraw), the address (read and written, never `location` itself), a timer, and
 * `redraw`, called after each change of its state (pages/play.js draws view/*.js from it). The rules of a game are
 * game.js's, the computer players opponents.js's.
 */
import * as address from "../core/address.js";
import { contract } from "../core/contract.js";
import { liveHands } from "../core/notation.js";
import { fill as say } from "../core/util.js";
import * as resultCard from "./card.js";
import * as game from "./game.js";
import { create as createOpponents } from "./opponents.js";

/** @typedef {import("./game.js").Game} Game */
/** @typedef {import("./game.js").Live} Live */
/** @typedef {import("./game.js").Mode} Mode */
/** @typedef {import("./interfaces.js").Host} Host */
/** @typedef {import("./interfaces.js").Face} Face */
/** @typedef {import("./interfaces.js").PlayModel} PlayModel */
/** @typedef {import("./interfaces.js").Snapshot} Snapshot */
/** @typedef {import("./interfaces.js").Way} Way */
/** @typedef {import("./interfaces.js").Html} Html */
/** @typedef {import("./opponents.js").Opponent} Opponent */
/** @typedef {import("./opponents.js").Detail} OpponentDetail */

/** The distinct positions a position's moves reach. @param {OpponentDetail} d @returns {number[]} */
export function kids(d) {
  /** @type {number[]} */
  var out = [];
  d.moves.forEach(function (m) { if (out.indexOf(m.dst) < 0) out.push(m.dst); });
  return out;
}

/** @type {Record<Way, Mode>} the mode of a game each way of starting one begins */
var MODES = { challenge: "challenge", coached: null, pass: "challenge", link: "link", enter: "analyse" };

export class PlayCtrl {
  /** @param {Host} host */
  constructor(host) {
    this.host = host;
    this.face = host.face;
    var cfg = host.face.config;
    this.W = cfg.words.play;
    this.P = cfg.players || 2;
    this.ready = false; // the record in the address has been read
    this.delay = 650; // ms before a computer opponent's move is shown highlighted, and again before it is played
    /** @type {Game | null} */
    this.game = null;
    this.message = ""; // what the box says of a record that cannot be read
    /** @type {((g: Game) => Html | null)[]} */
    this.after = []; // functions (game) -> markup put in the end-of-game area (onAfter)
    /** @type {PlayModel | null} */
    this.model = null;
    /** @type {Record<string, Opponent>} */
    this.opponents = {}; // kind -> function (game, detail) giving the computer's move
    this.kinds = game.HUMANS.slice();
    /** @type {{ at: number, to: number } | null} */
    this.pending = null; // while a computer move is shown before it is played
    /** @type {string[] | null} */
    this.setup = null; // the players chosen before a game starts
    this.copied = false; // a link was just copied: said once
    /** @type {(() => void) | null} */
    this.cancel = null; // the computer's move waiting to be played
    /** @type {Live} */
    this.live = this.liveAt.bind(this);
  }

  /** The model, once init has read it. @returns {PlayModel} */
  theModel() {
    if (!this.model) throw new Error("play: the page's model is not there yet");
    return this.model;
  }

  /* The players of position pos: per seat from the mover, whether it has a live hand (null if unknown). */
  /** @param {number} pos @returns {boolean[] | null} */
  liveAt(pos) {
    var m = this.theModel();
    var d = m.details.get(pos);
    var hands = d ? d.hands : m.hands ? m.hands(pos) : null;
    return hands ? hands.map(function (h) { return liveHands(h) > 0; }) : null;
  }

  /** Whether the values are hidden now: a challenge not yet over, no hint taken at the position shown. */
  hidden() {
    var g = this.game;
    return !!(g && g.challenge && !g.finished() && !(g.hinted() && this.face.selected === g.here()));
  }

  /**
   * The evaluation bar's value (issue #48 item 8): the position the game is at, for the player to move there, its
   * verdict as the page's model reads it from the node table (class and short words); null with no game, where the
   * game has ended at the ply shown (the status says how) or while the values are hidden.
   * @returns {import("./interfaces.js").Evaluation | null}
   */
  evaluation() {
    var g = this.game;
    if (!g || this.hidden()) return null;
    var m = this.theModel(), pos = g.here();
    if (g.end(this.live)) return null; // won, or drawn by repetition or the ply cap, at the ply shown
    return { seat: g.mover(g.plies()), cls: m.cls(pos), words: m.short(pos) };
  }

  /** The seats: the game's, or the ones chosen before it starts. @returns {string[]} */
  currentSeats() {
    if (this.game) return this.game.seats.slice();
    if (!this.setup) {
      this.setup = [];
      for (var s = 0; s < this.P; s++) this.setup.push(s === 0 ? "you" : "perfect");
    }
    return this.setup.slice();
  }

  /* Draw the panel again (it asks for the game's decorations, then play's section is drawn in it). */
  refresh() {
    if (this.face.selected === null || !this.face.redraw) this.host.redraw();
    else this.face.redraw();
  }

  /** Show the game's position in the viewer. @param {Game} g @returns {Promise<unknown>} */
  show(g) {
    return this.face.select ? this.face.select(g.here()) : Promise.resolve();
  }

  stop() {
    if (this.cancel) this.cancel();
    this.cancel = null;
    this.pending = null;
  }

  /* The address: the record in the query (others' query parameters kept), the game's position in the
     fragment; push: a new entry of the browser's history (a ply played), else the entry is rewritten. */
  /** @param {Game | null} g @param {boolean} push */
  writeUrl(g, push) {
    var place = this.host.place;
    var q = game.withRecord(place.query(), g ? g.record() : null);
    place.write(place.path() + q + (g ? "#" + encodeURI(g.model.name(g.here())) : place.hash()), push);
  }

  /* Let the computer players move until it is your turn, the game is over or it is shown at an earlier
     ply: each move is shown highlighted for a moment, then played. */
  /** @param {Game} g @returns {Promise<void>} */
  advance(g) {
    var ctrl = this;
    this.stop();
    this.host.redraw();
    if (g !== this.game || g.paused || g.redo.length || g.over() || (g.yourTurn() && (g.waiting || g.theirs()))) {
      return Promise.resolve();
    }
    var at = g.here();
    return this.theModel().detail(at).then(function (d) {
      if (g !== ctrl.game || g.here() !== at) return;
      /** @type {number} */
      var to;
      if (g.yourTurn()) {
        if (!g.outPass(ctrl.live, kids(d))) return; // a person's move: the board is live for them
        to = kids(d)[0]; // out: the only move, a pass, is played for them
      } else to = ctrl.opponents[g.seats[g.mover(g.plies())]](g, d);
      ctrl.pending = { at: at, to: to };
      var wait = g.fast ? 0 : ctrl.delay;
      if (wait > 0) ctrl.refresh(); // the move shown highlighted on the board and in the table for a moment
      ctrl.cancel = ctrl.host.later(function () {
        ctrl.cancel = null;
        if (g !== ctrl.game || g.here() !== at) return;
        ctrl.pending = null;
        ctrl.played(g, to);
      }, wait);
    });
  }

  /* A ply played (by you or a computer): a new entry of the history, then the others move. */
  /** @param {Game} g @param {number} to @returns {Promise<void>} */
  played(g, to) {
    var ctrl = this;
    // a person's move in a game by link: the next person moves on their own device, from the link sent
    if (g.link && g.canMove()) g.waiting = true;
    g.push(to);
    g.last = g.plies();
    this.writeUrl(g, true);
    return this.show(g).then(function () { return ctrl.advance(g); });
  }

  /** @param {string[]} seats @param {number} seed @param {Mode} mode @param {number} [from] @returns {Game} */
  newGame(seats, seed, mode, from) {
    this.stop();
    var g = new game.Game(this.theModel(), seats, seed, contract.ending, from);
    g.setMode(mode);
    this.game = g;
    this.message = "";
    return g;
  }

  /* Read the record in a query string; a bad one leaves `message` saying why. */
  /** @param {string} query @returns {Promise<Game | null>} */
  readRecord(query) {
    var ctrl = this, W = this.W;
    var rec = game.readRecord(query, this.P, this.kinds);
    if (!rec) return Promise.resolve(null);
    if (rec.why !== undefined) {
      this.message = rec.note || say(W["bad-record"], { why: rec.why });
      return Promise.resolve(null);
    }
    /** @type {import("./game.js").GoodRecord} */
    var good = rec;
    var located = good.from === null ? Promise.resolve(this.theModel().startId)
      : this.face.locate ? this.face.locate(good.from) : Promise.resolve(undefined);
    return located.then(function (from) {
      if (from === undefined) {
        ctrl.message = say(W["bad-record"], { why: "“" + good.from + "” is not a position a game reaches" });
        return null;
      }
      var g = ctrl.newGame(good.seats, good.seed, good.mode, from);
      g.hints = good.hints;
      if (good.mode === "link" && good.seat !== null) g.belongTo(good.seat - 1); // the link names whose page it is
      return ctrl.replay(g, good.moves, 0).then(function (done) {
        if (good.at !== null && !done.paused) done.seek(good.at);
        done.last = done.plies();
        return done;
      });
    });
  }

  /* The record's moves from the k-th on played in game g, checked against the rules; an illegal one pauses it. */
  /** @param {Game} g @param {ReadonlyArray<string>} moves @param {number} k @returns {Promise<Game>} */
  replay(g, moves, k) {
    var ctrl = this;
    if (k >= moves.length) return Promise.resolve(g);
    var at = g.here();
    return this.theModel().detail(at).then(function (d) {
      var to = ctrl.face.resolve ? ctrl.face.resolve(moves[k]) : undefined;
      if (g.over() || to === undefined || !d.moves.some(function (m) { return m.dst === to; })) {
        ctrl.message = say(ctrl.W.illegal, { n: k + 1, move: moves[k], from: g.model.name(at) });
        g.paused = true;
        return g;
      }
      g.path.push(to);
      return ctrl.replay(g, moves, k + 1);
    });
  }

  /* The page's model is read: the opponents it offers, then the record in the address. */
  /** @param {PlayModel} model @returns {Promise<void>} */
  init(model) {
    var ctrl = this, place = this.host.place;
    this.model = model;
    this.opponents = createOpponents(model);
    this.kinds = game.HUMANS.concat(Object.keys(this.opponents));
    return this.readRecord(place.query()).then(function (g) {
      ctrl.ready = true;
      if (!g) {
        ctrl.host.redraw();
        if (ctrl.message) ctrl.told();
        return;
      }
      var shown = address.read("", place.hash(), "variant").dropped;
      if (Object.prototype.hasOwnProperty.call(shown, "position")) {
        ctrl.message = (ctrl.message ? ctrl.message + " " : "") + address.note("position-game");
      }
      ctrl.writeUrl(g, false);
      if (!g.finished() && g.human(g.you)) ctrl.host.expand();
      ctrl.show(g).then(function () { return ctrl.advance(g); });
    });
  }

  /* A record that cannot be read is said where a person is looking: the play box, brought into view (on a
     phone the sheet opened to the whole screen), its message beside a button that starts a fresh game. The
     address keeps the record until a game replaces it. */
  told() {
    this.host.expand();
    this.host.told();
  }

  // ------------------------------------------------------------------ actions
  /* A new game: a challenge or coached play with the seats chosen; among people on this device (pass), by
     link, or a game played on the hands entered from the position shown (enter). */
  /** @param {Way} way @param {string[]} [seats] @returns {Promise<void>} */
  start(way, seats) {
    var ctrl = this;
    var chosen = seats || this.currentSeats();
    if (way === "pass" || way === "link" || way === "enter") chosen = game.people(chosen, way === "enter");
    var from = way === "enter" && this.face.selected !== null ? this.face.selected : undefined;
    var g = this.newGame(chosen, this.host.seed(), MODES[way], from);
    if (way === "link") g.belongTo(g.you); // a game by link: this page is the one of whoever starts it
    this.writeUrl(g, true);
    this.host.expand(); // a phone: the game takes the screen under the header
    return this.show(g).then(function () { return ctrl.advance(g); });
  }

  /* A game with these seats and seed from the start (the tests' way in): a challenge or coached play. */
  /** @param {string[]} seats @param {number} [seed] @param {boolean} [challenge] @returns {Promise<void>} */
  play(seats, seed, challenge) {
    var ctrl = this;
    var g = this.newGame(seats, seed === undefined ? 1 : seed, challenge ? "challenge" : null);
    this.writeUrl(g, true);
    return this.show(g).then(function () { return ctrl.advance(g); });
  }

  /* Play again: the same players (swapped: each one seat on), the same way of playing, a new seed. */
  /** @param {boolean} swapped */
  again(swapped) {
    var g = this.game;
    if (!g) return;
    var mode = g.mode();
    this.start(mode === "challenge" ? (g.seats.indexOf("person") >= 0 ? "pass" : "challenge")
      : mode === "link" ? "link" : mode === null ? "coached" : "enter", g.rematch(swapped));
  }

  /* Show ply k of the game's line. */
  /** @param {number} k */
  seek(k) {
    var ctrl = this, g = this.game;
    if (!g) return;
    this.stop();
    var shown = g;
    g.seek(k);
    g.paused = false;
    this.writeUrl(g, false);
    this.show(g).then(function () { return ctrl.advance(shown); });
  }

  /* Take back your last move (and the others' after it). */
  undo() {
    var g = this.game;
    if (!g || !g.canUndo()) return;
    this.stop();
    g.undo();
    this.message = "";
    this.writeUrl(g, false);
    this.show(g);
  }

  /* Go on from the ply shown (the moves after it dropped), or after an illegal move in a record. */
  playOn() {
    var g = this.game;
    if (!g) return;
    g.redo = [];
    g.paused = false;
    this.message = "";
    this.writeUrl(g, false);
    this.advance(g);
  }

  /* A hint: the values at the ply shown. */
  hint() {
    var g = this.game;
    if (!g) return;
    g.hint();
    this.writeUrl(g, false);
    this.show(g);
  }

  /* A challenge turned into coached play: every value shown from now on. */
  analysis() {
    var g = this.game;
    if (!g) return;
    g.hint();
    g.challenge = false;
    this.writeUrl(g, false);
    this.show(g);
  }

  /* Review a game entered from the hands, at any ply: its marks, turning point and chart. */
  review() {
    var g = this.game;
    if (!g) return;
    this.stop();
    g.setMode("review");
    this.writeUrl(g, false);
    this.show(g);
  }

  /* A game pasted in (import.js read and checked it): from position `from`, the positions after each ply;
     reviewed as a game entered on the hands and reviewed is. */
  /** @param {number} from @param {number[]} path @returns {Promise<void>} */
  importGame(from, path) {
    var g = this.newGame(game.people(this.currentSeats(), true), this.host.seed(), "review", from);
    path.forEach(function (id) { g.path.push(id); });
    g.last = g.plies();
    this.writeUrl(g, true);
    this.host.expand();
    return this.show(g).then(function () { return undefined; });
  }

  /* Whoever is out: the rest of the game played at once. */
  skip() {
    var g = this.game;
    if (!g) return;
    g.fast = true;
    this.advance(g);
  }

  /* Leave the game. */
  quit() {
    this.stop();
    this.game = null;
    this.message = "";
    this.writeUrl(null, false);
    this.refresh();
  }

  /* A game by link: the address to send to the person at seat `to` (from 0), naming their seat. A page opened
     from a file (file://) has no address a friend can open: the published site's page when the build named it,
     else "" (none). */
  /** @param {number} to @returns {string} */
  link(to) {
    var place = this.host.place, g = this.game;
    if (!g) return place.href();
    var rest = game.withRecord(place.query(), g.record(to)) + place.hash();
    if (!place.local()) return place.origin() + place.path() + rest;
    var site = place.published();
    return site ? site.replace(/[?#].*$/, "") + rest : "";
  }

  /* The address of the game (or of the position shown, without the game; or in a game by link, the one to send to
     seat `to`) to the clipboard, said once. */
  /** @param {"game" | "position" | "link"} what @param {number} [to] */
  copy(what, to) {
    var ctrl = this, place = this.host.place;
    var url = what === "position" ? place.origin() + place.path() + game.withRecord(place.query(), null) + place.hash()
      : what === "link" && to !== undefined ? this.link(to) : place.href();
    if (!url) return Promise.resolve();
    return this.host.copy(url).then(function (done) {
      if (!done) return;
      ctrl.copied = true;
      ctrl.host.redraw();
    });
  }

  /* Seat `seat` played by `kind` (one seat stays yours): before a game the players chosen, during one the game
     goes on with them. */
  /** @param {number} seat @param {string} kind */
  setSeat(seat, kind) {
    var seats = game.seatChange(this.currentSeats(), seat, kind);
    var g = this.game;
    if (!g) {
      this.setup = seats;
      this.refresh();
      return;
    }
    this.stop();
    g.seats = seats;
    g.you = game.firstHuman(seats);
    this.writeUrl(g, false);
    this.advance(g);
  }

  /* A move clicked on the panel, the graph or the board: your move when the game is at that position and you
     can move; false leaves the click to the viewer. */
  /** @param {number} from @param {number} to @returns {boolean} */
  moved(from, to) {
    var g = this.game;
    if (!g || from !== g.here() || !g.canMove()) return false;
    this.stop();
    this.played(g, to);
    return true;
  }

  /* An invitation (the index's, the top of the page's): a challenge with the first seat yours. */
  invited() {
    this.setup = null;
    return this.start("challenge");
  }

  /* The browser's Back or Forward: the game shown at the entry's ply; past the game's start the game stays. */
  popState() {
    if (!this.model) return;
    var ctrl = this, m = this.model, g = this.game, query = this.host.place.query();
    var rec = game.readRecord(query, this.P, this.kinds);
    if (!rec || rec.why !== undefined) {
      if (!g) return;
      this.stop();
      g.seek(0);
      this.message = this.W["start-kept"];
      this.writeUrl(g, true);
      this.show(g);
      return;
    }
    if (g && query === game.withRecord(query, g.record())) return; // a position browsed
    var line = g ? g.line().slice(1).map(function (i) { return m.name(i); }) : [];
    var same = g && rec.seats.join(".") === g.seats.join(".") && rec.seed === g.seed &&
      rec.moves.length <= line.length && rec.moves.every(function (name, k) { return name === line[k]; });
    if (g && same) {
      g.setMode(rec.mode);
      g.hints = rec.hints;
      this.seek(rec.at === null ? rec.moves.length : rec.at);
      return;
    }
    this.readRecord(query).then(function (read) {
      if (read) ctrl.show(read).then(function () { return ctrl.advance(read); });
      else ctrl.refresh();
    });
  }

  /** An add-on's part of the end-of-game area: fn(game) returns its markup. @param {(g: Game) => Html | null} fn */
  onAfter(fn) {
    this.after.push(fn);
  }

  /** The result in one sentence, for you (card.js). @param {Game} g @param {string} title the variant's title @returns {string} */
  sentence(g, title) {
    return resultCard.sentence(this.W, g, this.live, title);
  }

  /** The game as a test reads it. @returns {Snapshot | null} */
  snapshot() {
    var g = this.game;
    if (!g) return null;
    var now = g;
    return {
      seats: g.seats.slice(),
      path: g.path.map(function (i) { return now.model.name(i); }),
      line: g.line().map(function (i) { return now.model.name(i); }),
      redo: g.redo.length,
      over: g.over(),
      end: g.end(this.live),
      yourTurn: g.yourTurn(),
      paused: g.paused,
      hidden: this.hidden(),
      challenge: g.challenge,
      mode: g.mode(),
      canMove: g.canMove(),
      waiting: g.waiting,
      theirs: g.theirs(),
      seat: g.seat,
      sendTo: g.sendTo(),
      hints: g.hints.slice(),
      values: g.path.map(function (p, k) { return now.value(k).v; }),
    };
  }
}
