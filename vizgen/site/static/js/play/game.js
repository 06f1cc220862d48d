/* vizgen game: the state of a game played on a variant's page, its record and the random player.
 *
 * A game is the line of positions from the start (or from another position, as a study), the ply shown (the positions after it are kept to step
 * forward again), the kind of player in each seat (you, person, perfect, tricky, maxn1, maxn2, maxn3, maxn5 or
 * random; at most one "you", any number of "person": people who play on this device or by link; a game of
 * computers only is watched), a seed, its mode (a challenge: values hidden until the end; a game by link;
 * a game played on the hands entered to be analysed, then reviewed) and the plies at which you asked for a hint. Its record lives in the address's query string, so the fragment stays the
 * position shown:  ?play=you.perfect&seed=42&moves=12-11_12-12&at=1&mode=challenge&hints=0
 *   play   one word per player in turn order (player 1 moves first: at `from`, the player to move there);
 *   from   the position the game starts at when it is not the variant's start;
 *   seed   seeds the random player: its move at ply i depends only on the seed, i and the position, so a
 *          shared record replays and goes on the same way;
 *   moves  the position after each ply, separated by "_";
 *   at     the ply shown when it is not the last one;
 *   mode   "challenge" for a challenge, "link" for a game by link (each mover opens the address sent to them),
 *          "analyse" for a game played on the hands being entered, "review" once it is reviewed; every mode
 *          but review hides the values until the game ends;
 *   hints  the plies at which a hint was taken, separated by ".";
 *   seat   a game by link: the seat (from 1) of the person the link was sent to, whose page it is: the board is
 *          live there only on that seat's turn, and the values are from that seat's side. Honesty, not security:
 *          whoever holds a link can edit it.
 * A game ends as the rules say, or as a draw by repetition or at the ply cap (ending(), the rule of
 * vizgen/engine/ending.py). Nothing here touches the page: play.js draws the game and asks the model
 * (model.js or codemodel.js) for the moves.
 */
import * as address from "../core/address.js";
import { contract } from "../core/contract.js";
import * as util from "../core/util.js";

var SEP = "_";

/**
 * What a game asks of the page's model (viewer/model.js or viewer/codemodel.js): positions are ids.
 * @typedef {object} GameModel
 * @property {number} P the players
 * @property {number} startId the variant's start
 * @property {(id: number) => boolean} over
 * @property {(id: number) => number} winner the winner counted from the mover, -1 for none
 * @property {(id: number) => number} remoteness
 * @property {(id: number) => string} name the position's notation
 */
/** @typedef {{ readonly cap: number, readonly repetitions: number }} Limits */
/**
 * How a game ends: the reason, the winner (a seat from the first player, -1 for a draw), the seats that share
 * a draw, and the plies played.
 * @typedef {{ reason: "won" | "repetition" | "cap", winner: number, shared: number[], plies: number }} Ending
 */
/** Per seat counted from the mover, whether it has a live hand (null if unknown). @typedef {(pos: number) => boolean[] | null} Live */
/** A value for you: v +1 you can force a win, -1 someone else can (player), 0 nobody; pos the position. @typedef {{ v: -1 | 0 | 1, pos: number, player?: number }} Value */
/** The words of vizgen/analysis/words.py's PLAY. @typedef {Record<string, string>} PlayWords */
/** A game's mode in the record (null: coached play). @typedef {"challenge" | "link" | "analyse" | "review" | null} Mode */
/**
 * A record read from the address: null none, {why} unreadable (note: the address reader's line, when it dropped
 * the record), else the game's parts as vizgen/site/data/address_words.py's GameRecord types them (from: null for
 * the start; generated into core/payloads.d.ts) and whether it is played as a challenge.
 * @typedef {{ why: string, note?: string }
 *   | (import("../core/payloads").GameRecord & { why?: undefined, challenge: boolean })} GameRecord
 */

/* The modes a record can name, and the kinds of seat a person plays (on this device or by link). */
var MODES = ["challenge", "link", "analyse", "review"];
var HUMANS = ["you", "person"];

/* A 32-bit hash of a string (FNV-1a). */
/** @param {string} text @returns {number} */
function hash(text) {
  var h = 2166136261;
  for (var i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}
/* A number in [0, 1) from a seed (mulberry32). */
/** @param {number} seed @returns {number} */
function uniform(seed) {
  var t = (seed + 0x6d2b79f5) | 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** A game on `model` (the page's model: name, over, winner, remoteness), from the start or from `from`.
   @constructor
   @param {GameModel} model @param {string[]} seats @param {number} seed @param {Limits | null} [limits]
   @param {number | null} [from] */
function Game(model, seats, seed, limits, from) {
  this.model = model;
  this.limits = limits || contract.ending;
  this.challenge = false;
  this.link = false; // a game by link: after a move here, the next person moves on their own device
  this.analyse = false; // a game played on the hands, entered move by move to be reviewed
  this.reviewed = false; // an entered game whose review was asked for (it may stop anywhere)
  this.fast = false; // whoever is out asked for the rest of the game at once
  this.waiting = false; // a game by link: a person moved on this device; the link goes to the next one
  /** @type {number | null} */
  this.seat = null; // a game by link: the seat (from 0) whose person this page is (null: a link that names none)
  /** @type {number[]} */
  this.hints = []; // plies at which you took a hint, in order
  this.P = model.P;
  this.seats = seats;
  this.you = firstHuman(seats); // the values are for you (for the first person, or player 1 in a game you watch)
  this.seed = seed;
  this.from = from === undefined || from === null ? model.startId : from;
  this.path = [this.from];
  /** @type {number[]} */
  this.redo = [];
  this.last = 0; // plies when a move was last played (0: none to report)
  this.paused = false;
}
/* Whether a person plays seat `seat` (you, or a person on this device or by link). */
/** @param {number} seat @returns {boolean} */
Game.prototype.human = function (seat) {
  return HUMANS.indexOf(this.seats[seat]) >= 0;
};
/* The seat to move at ply `ply`. */
/** @param {number} ply @returns {number} */
Game.prototype.mover = function (ply) {
  return ply % this.P;
};
/** @returns {number} */
Game.prototype.here = function () {
  return this.path[this.path.length - 1];
};
/** @returns {number} */
Game.prototype.plies = function () {
  return this.path.length - 1;
};
/* How the game ends at the ply shown: null while it goes on (ending()). */
/** @param {Live} [live] @returns {Ending | null} */
Game.prototype.end = function (live) {
  var model = this.model;
  return ending(this.P, this.path, function (i) { return model.over(i); }, function (i) { return model.winner(i); },
    live || null, this.limits);
};
/** @returns {boolean} */
Game.prototype.over = function () {
  return this.end() !== null;
};
/* Whether the game's line ends the game (it may be shown at an earlier ply). */
/** @returns {boolean} */
Game.prototype.finished = function () {
  var model = this.model;
  return ending(this.P, this.line(), function (i) { return model.over(i); }, function (i) { return model.winner(i); },
    null, this.limits) !== null;
};
/* Every position of the line: the ones played up to the ply shown, then the ones after it. */
/** @returns {number[]} */
Game.prototype.line = function () {
  return this.path.concat(this.redo.slice().reverse());
};
/* Show ply k of the line (clamped), the positions after it kept. */
/** @param {number} k */
Game.prototype.seek = function (k) {
  var line = this.line();
  k = Math.max(0, Math.min(line.length - 1, k));
  this.path = line.slice(0, k + 1);
  this.redo = line.slice(k + 1).reverse();
  this.last = 0;
};
/* Whether a hint was taken at the ply shown. */
/** @returns {boolean} */
Game.prototype.hinted = function () {
  return this.hints.indexOf(this.plies()) >= 0;
};
/** Take a hint at the ply shown. */
Game.prototype.hint = function () {
  if (!this.hinted()) this.hints.push(this.plies());
};
/** @returns {boolean} */
Game.prototype.yourTurn = function () {
  return !this.over() && this.human(this.mover(this.plies()));
};
/* Whether the board is live on this device: a person's turn, unless a game by link waits for the next person. */
/** @returns {boolean} */
Game.prototype.canMove = function () {
  return !this.paused && !this.waiting && this.yourTurn() && !this.theirs();
};
/* Whether, in a game by link whose page is one seat's, it is another person's turn (they move on their device). */
/** @returns {boolean} */
Game.prototype.theirs = function () {
  return this.link && this.seat !== null && !this.over() && this.mover(this.plies()) !== this.seat;
};
/* A game by link: this page is seat `seat`'s (from 0): its values are from that seat's side. */
/** @param {number} seat */
Game.prototype.belongTo = function (seat) {
  this.seat = seat;
  this.you = seat;
};
/* Whether nobody plays as "you" here: the seats are named, the values are the first person's (a game watched,
   or pass and play); a game by link whose page is one seat's is that person's own. */
/** @returns {boolean} */
Game.prototype.watched = function () {
  return this.seats.indexOf("you") < 0 && !(this.link && this.seat !== null);
};
/* A game by link: the seats the page offers a link to: after a move here, the next person; after the last move
   made here, every other person (each their own link, naming their seat); else none. */
/** @returns {number[]} */
Game.prototype.sendTo = function () {
  if (!this.link || this.redo.length) return [];
  var n = this.plies();
  if (!this.over()) {
    if (!this.waiting && !this.theirs()) return [];
    for (var j = 0; j < this.P; j++) if (this.human((this.mover(n) + j) % this.P)) return [(this.mover(n) + j) % this.P];
    return [];
  }
  var last = this.lastMine();
  var me = this.seat === null ? (last < 0 ? -1 : this.mover(last)) : this.seat;
  if (last < 0 || this.mover(last) !== me) return [];
  /** @type {number[]} */
  var out = [];
  for (var k = 1; k < this.P; k++) if (this.human((me + k) % this.P)) out.push((me + k) % this.P);
  return out;
};
/* Whether the review shows: the game ended, or the entered game was reviewed. */
/** @returns {boolean} */
Game.prototype.reviewable = function () {
  return this.reviewed || this.finished();
};
/* Whether the player to move at the ply shown is out (live: per seat from the mover, a live hand) and has one
   move only, a pass the rules make for them (docs/RULES.md: a player who is out stays in the turn order and can
   only pass): the page plays it, never asks it. kids: the distinct positions the mover's moves reach. */
/** @param {Live} live @param {ReadonlyArray<number>} kids @returns {boolean} */
Game.prototype.outPass = function (live, kids) {
  var alive = live(this.here());
  return this.P > 2 && !!alive && !alive[0] && kids.length === 1 && !this.over();
};
/* Whether seat `seat` (from the first player) is out at the ply shown (live: per seat from the mover, a live
   hand; unknown: not out). */
/** @param {Live} live @param {number} seat @returns {boolean} */
Game.prototype.isOut = function (live, seat) {
  var alive = live(this.here());
  return !!alive && !alive[(seat - this.mover(this.plies()) + this.P) % this.P];
};
/* The first ply of the game's line at which seat `seat` (from the first player) is out (live: per seat from the
   mover, a live hand); -1 if never (or the hands are unknown). */
/** @param {Live} live @param {number} seat @returns {number} */
Game.prototype.outAt = function (live, seat) {
  var line = this.line();
  for (var k = 0; k < line.length; k++) {
    var alive = live(line[k]);
    if (alive && !alive[(seat - this.mover(k) + this.P) % this.P]) return k;
  }
  return -1;
};
/* Whether every seat a person plays is out while the game goes on: they may skip to the end. */
/** @param {Live} live @returns {boolean} */
Game.prototype.peopleOut = function (live) {
  var any = false, all = true;
  for (var s = 0; s < this.P; s++) {
    if (!this.human(s)) continue;
    any = true;
    if (!this.isOut(live, s)) all = false;
  }
  return any && all && !this.over();
};
/* The mode the record names (null: coached play). */
/** @returns {Mode} */
Game.prototype.mode = function () {
  if (this.reviewed) return "review";
  if (this.analyse) return "analyse";
  if (this.link) return "link";
  return this.challenge ? "challenge" : null;
};
/* Set the game's mode, as a record names it (the values hidden in every mode but coached play and review). */
/** @param {Mode} mode */
Game.prototype.setMode = function (mode) {
  this.reviewed = mode === "review";
  this.analyse = mode === "analyse" || mode === "review";
  this.link = mode === "link";
  this.challenge = mode !== null && mode !== "review";
};
/* The game's value at ply `ply` for you: v +1 you can force a win, -1 someone else can (player: who, in
   turn order), 0 nobody; pos: the position then. */
/** @param {number} ply @returns {Value} */
Game.prototype.value = function (ply) {
  return this.valueAt(this.path[ply], ply);
};
/* The same for position `pos` reached after `ply` plies. */
/** @param {number} pos @param {number} ply @returns {Value} */
Game.prototype.valueAt = function (pos, ply) {
  var w = this.model.winner(pos);
  if (w < 0) return { v: 0, pos: pos };
  var player = (ply + w) % this.P; // the seat counted from the mover, as a player in turn order
  return { v: player === this.you ? 1 : -1, pos: pos, player: player };
};
/* That value in the words of vizgen/analysis/words.py's PLAY (W). */
/** @param {PlayWords} W @param {number} ply @returns {string} */
Game.prototype.valueWords = function (W, ply) {
  return this.valueWordsAt(W, this.path[ply], ply);
};
/* Its sentence is the contract's (meaning.game_value_key): for you, or in a game you watch for the seat whose
   values are shown, the other seats named by number ({k}). */
/** @param {PlayWords} W @param {number} pos @param {number} ply @returns {string} */
Game.prototype.valueWordsAt = function (W, pos, ply) {
  var val = this.valueAt(pos, ply);
  var line = this.line();
  // a finished game's last position reads as a finished game (a repetition or the ply cap ends one too)
  var ended = this.model.over(val.pos) || (ply === line.length - 1 && line[ply] === pos && this.finished());
  var key = contract.gameValueOf(this.P, this.watched(), val.v, ended);
  return util.fill(W[key], { k: (val.player === undefined ? 0 : val.player) + 1, n: this.model.remoteness(val.pos) });
};
/* Play the move to position `to` (a child of the game's position); redo keeps its line while it is followed. */
/** @param {number} to */
Game.prototype.push = function (to) {
  this.path.push(to);
  if (this.redo.length && this.redo[this.redo.length - 1] === to) this.redo.pop();
  else this.redo = [];
};
/* The ply of your last move, -1 if you have not moved. */
/** @returns {number} */
Game.prototype.lastMine = function () {
  var k = this.plies() - 1;
  while (k >= 0 && !this.human(this.mover(k))) k--;
  return k;
};
/* Whether a move can be taken back here: a person has moved; in a game by link only the move just made on this
   device, before the link is sent (the moves that came by link are the other players'). */
/** @returns {boolean} */
Game.prototype.canUndo = function () {
  return this.lastMine() >= 0 && (!this.link || this.waiting);
};
/* Take back your last move and the others' after it; false if you have not moved. */
/** @returns {boolean} */
Game.prototype.undo = function () {
  var k = this.lastMine();
  if (k < 0) return false;
  while (this.plies() > k) this.redo.push(/** @type {number} */ (this.path.pop()));
  this.last = 0;
  this.paused = false;
  this.waiting = false;
  return true;
};
/* The players of the next game ("Play again"): the same seats, or with swapped: each one seat on, so you
   move at another turn (with two players, the other side). */
/** @param {boolean} swapped @returns {string[]} */
Game.prototype.rematch = function (swapped) {
  var seats = this.seats.slice();
  if (swapped) seats.unshift(/** @type {string} */ (seats.pop()));
  return seats;
};
/* The random player's move among these children (distinct, in the moves' order). */
/** @param {number[]} kids @returns {number} */
Game.prototype.randomChild = function (kids) {
  var u = uniform(hash(this.seed + "/" + this.plies() + "/" + this.model.name(this.here())));
  return kids[Math.floor(u * kids.length)];
};
/* The record: the query string's play, seed and moves; in a game by link the seat it is for (`to`, from 0: the
   link sent to that person; else this page's seat). */
/** @param {number} [to] @returns {string} */
Game.prototype.record = function (to) {
  var model = this.model, line = this.line();
  var q = "play=" + this.seats.join(".") + "&seed=" + this.seed;
  if (this.from !== model.startId) q += "&from=" + encodeURI(model.name(this.from));
  if (line.length > 1) q += "&moves=" + line.slice(1).map(function (i) { return encodeURI(model.name(i)); }).join(SEP);
  if (this.redo.length) q += "&at=" + this.plies();
  var mode = this.mode();
  if (mode) q += "&mode=" + mode;
  if (this.hints.length) q += "&hints=" + this.hints.join(".");
  var seat = to === undefined ? this.seat : to;
  if (this.link && seat !== null) q += "&seat=" + (seat + 1);
  return q;
};

/* How a game along `path` (positions, the start first) ends at its last position, by the rules and the
   repetition rule as vizgen/engine/ending.py's Referee applies them: null while it goes on, else {reason:
   "won", "repetition" or "cap"; winner: the seat from the first player, -1 for a draw; shared: the seats
   still in that share a draw (from live(pos): per seat counted from the mover, whether it has a live
   hand; [] without live); plies}. over(pos), winner(pos): the model's (the winner counted from the mover). */
/**
 * @param {number} P @param {ReadonlyArray<number>} path @param {(pos: number) => boolean} over
 * @param {(pos: number) => number} winner @param {Live | null} live @param {Limits} limits
 * @returns {Ending | null}
 */
function ending(P, path, over, winner, live, limits) {
  var seen = new Map();
  var plies = path.length - 1;
  for (var ply = 0; ply <= plies; ply++) {
    var pos = path[ply], mover = ply % P;
    if (over(pos)) return ply === plies ? { reason: "won", winner: (mover + winner(pos)) % P, shared: [], plies: ply } : null;
    var key = pos + "/" + mover;
    var times = (seen.get(key) || 0) + 1;
    seen.set(key, times);
    /** @type {"repetition" | "cap" | null} */
    var reason = times >= limits.repetitions ? "repetition" : ply >= limits.cap ? "cap" : null;
    if (reason) {
      if (ply !== plies) return null; // a line that went on past its end is not a game
      var alive = live ? live(pos) : null;
      /** @type {number[]} */
      var shared = [];
      if (alive) alive.forEach(function (on, k) { if (on) shared.push((ply + k) % P); });
      shared.sort(function (a, b) { return a - b; });
      return { reason: reason, winner: -1, shared: shared, plies: ply };
    }
  }
  return null;
}

/* Read a record from a query string, through the address's one reader (address.js: bounded, decoded, its
   numbers whole and within their fields, a record it cannot read dropped with its note). null: there is none;
   {why, note}: it cannot be read (note: the reader's own line, when the reader dropped it; else why says
   which part, checked here: the seats, the one mode the page has, the ply shown one of the record's; nothing
   is rewritten in silence); else {seats, seed, from, moves, ...} (from: null for the start; from and moves:
   positions as typed, to be checked against the rules by the caller). */
/**
 * One part of what the address's reader read (address.js): its text, or null when the address has none.
 * @param {unknown} params @param {string} key @returns {string | null}
 */
function part(params, key) {
  if (typeof params !== "object" || params === null) return null;
  var value = /** @type {Record<string, unknown>} */ (params)[key];
  return typeof value === "string" ? value : null;
}

/** A record that can be read. @typedef {Exclude<GameRecord, { why: string }>} GoodRecord */
/** @param {string} query @param {number} players @param {ReadonlyArray<string>} kinds @returns {GameRecord | null} */
function readRecord(query, players, kinds) {
  var read = address.read(query, "", "variant");
  var gone = read.dropped && Object.prototype.hasOwnProperty.call(read.dropped, "game") ? read.dropped.game : null;
  if (gone !== null) return { why: "", note: address.note(gone) };
  var params = { play: part(read, "play"), seed: part(read, "seed"), from: part(read, "from"), moves: part(read, "moves"),
    at: part(read, "at"), mode: part(read, "mode"), hints: part(read, "hints"), seat: part(read, "seat") };
  if (params.play === null) return null;
  var seats = params.play.split(".");
  var moves = params.moves ? params.moves.split(SEP) : [];
  var why = null;
  if (seats.length !== players) why = "it names " + seats.length + " players, this variant has " + players;
  else if (seats.some(function (s) { return kinds.indexOf(s) < 0; })) why = "a player is not one of " + kinds.join(", ");
  else if (seats.filter(function (s) { return s === "you"; }).length > 1) why = "at most one player can be you";
  else if (moves.some(function (m) { return !m; })) why = "the moves must be positions joined by " + SEP;
  else if (params.at !== null && Number(params.at) > moves.length) {
    why = "the ply shown (at) must be at most the " + moves.length + " the record holds";
  } else if (params.mode !== null && MODES.indexOf(params.mode) < 0) why = "the mode must be one of " + MODES.join(", ");
  else if (params.mode === "link" && seats.filter(function (s) { return HUMANS.indexOf(s) >= 0; }).length < 2) {
    why = "a game by link needs two people";
  } else if (params.seat !== null && !(/^[1-9][0-9]*$/.test(params.seat) && Number(params.seat) <= players &&
    HUMANS.indexOf(seats[Number(params.seat) - 1]) >= 0)) {
    why = "the seat it was sent to must be a person's, from 1 to " + players;
  }
  if (why) return { why: why };
  var mode = /** @type {Mode} */ (params.mode);
  return { seats: seats, seed: params.seed === null ? 1 : Number(params.seed), from: params.from, moves: moves,
    at: params.at === null ? null : Number(params.at), challenge: mode !== null && mode !== "review", mode: mode,
    hints: params.hints ? params.hints.split(".").map(Number) : [],
    seat: params.seat === null ? null : Number(params.seat) };
}

/* The seat whose values a game shows: yours, else the first person's, else player 1's. */
/** @param {ReadonlyArray<string>} seats @returns {number} */
function firstHuman(seats) {
  var you = seats.indexOf("you");
  return you >= 0 ? you : Math.max(0, seats.indexOf("person"));
}

/* The seats of a game among people: each seat you or another person plays becomes a person's (with `all`,
   every seat: a game played on the hands, where everyone is a person). */
/** @param {ReadonlyArray<string>} seats @param {boolean} all @returns {string[]} */
function people(seats, all) {
  var out = seats.map(function (s) { return all || HUMANS.indexOf(s) >= 0 ? "person" : s; });
  if (out.filter(function (s) { return s === "person"; }).length < 2) out = out.map(function () { return "person"; });
  return out;
}

/* A query string with the record in it (null: without one), other parameters kept. */
/** @param {string} query @param {string | null} record @returns {string} */
function withRecord(query, record) {
  var keep = query.replace(/^\?/, "").split("&").filter(function (p) {
    return p && !/^(play|seed|from|moves|at|mode|hints|seat)=/.test(p);
  });
  if (record) keep.push(record);
  return keep.length ? "?" + keep.join("&") : "";
}

/* The seats after seat `seat` becomes `kind`: one seat stays "you" (the old one takes the new seat's
   kind, or the next seat becomes you when you leave yours). */
/** @param {ReadonlyArray<string>} seats @param {number} seat @param {string} kind @returns {string[]} */
function seatChange(seats, seat, kind) {
  var out = seats.slice();
  if (kind === "you") {
    var was = out.indexOf("you");
    if (was >= 0 && was !== seat) out[was] = out[seat] === "you" ? "perfect" : out[seat];
  } else if (out[seat] === "you") {
    out[(seat + 1) % out.length] = "you";
  }
  out[seat] = kind;
  return out;
}

export { Game, readRecord, withRecord, seatChange, people, firstHuman, ending, hash, uniform, MODES, HUMANS };
