/* vizgen play import: a game pasted in (issue #48 item 6), read and checked before anything changes, then handed
 * to the game's controller to review as a game entered on the hands (PlayCtrl.importGame: the play app's own
 * review, not a second one).
 *
 * What may be pasted: the moves of a game from the variant's start, in the notation `vizgen show --then` reads
 * (vizgen.engine.notation's Move.parse, as core/board.js's parse reads it, with the ASCII spellings h for ½ and
 * ~ for −), one a line or separated by commas or semicolons, each maybe numbered ("7. 1>1"); a position the move
 * reaches may stand for the move (as the site's own records write them); or the link of a game of this page
 * (its play=…&moves=… record, read by game.js's readRecord). A move is found among the legal moves of the
 * position it is played from by what it does (the same equality as the Python's Move), so every spelling of a
 * move names it. The first bad move is named with its ply, in one line; the text is bounded (LIMIT characters,
 * the game's ply cap) before any of it is read. Nothing here touches the page: the Importer keeps what was pasted
 * and what was said of it; the views draw them (view/import.js).
 */
import { parse as parseMove } from "../core/board.js";
import { contract } from "../core/contract.js";
import { value } from "../core/notation.js";
import { fill as say } from "../core/util.js";
import * as game from "./game.js";

/** @typedef {import("../core/board.js").ParsedMove} ParsedMove */
/** A position's moves as the importer reads them: each move's target and its names. @typedef {{ moves: ReadonlyArray<{ dst: number, names: ReadonlyArray<string> }> }} Moves */
/**
 * What the importer reads of the page's game: the players, the start, each position's moves, name, end and
 * winner (the play model's), and the viewer's readers of a position's notation (resolve: a position the page
 * holds; locate: one it may have to load).
 * @typedef {{ P: number, startId: number, detail: (id: number) => Promise<Moves>, name: (id: number) => string,
 *   over: (id: number) => boolean, winner: (id: number) => number, gain: boolean,
 *   resolve: (text: string) => number | undefined, locate: (text: string) => Promise<number | undefined> }} Source
 */
/** A paste read: its moves (texts) from `from` (a position's notation, null: the start), or why it cannot be read. @typedef {{ from: string | null, moves: string[] } | { why: string }} Read */
/** A paste checked: the game's start and its positions after each ply, or why not. @typedef {{ from: number, path: number[] } | { why: string }} Checked */

/** The longest paste read (characters): a game of the ply cap written out, with room to spare. */
var LIMIT = 20000;
/** Moves written as one word (Move.WORDS). */
var WORDS = ["swap", "pass", "logan", "switch"];
/** How much of a bad move is quoted back. */
var QUOTE = 40;

/** @param {string} text @returns {string} */
function quoted(text) {
  return text.length > QUOTE ? text.slice(0, QUOTE) + "…" : text;
}

/**
 * A move's text as Move.parse reads it: spaces collapsed, lower case, then (but for the one-word moves) h read
 * as ½ and ~ as −. In a wide variant (values written with dots) a split's side without a dot is one value.
 * @param {string} text @param {number} players @param {boolean} gain @param {boolean} wide @returns {ParsedMove | null}
 * @example
 * readMove("~1>H", 2, false, false); // { kind: "attack", hand: -1, target: 0.5, seat: 1, before: [], after: [] }
 */
function readMove(text, players, gain, wide) {
  var words = text.trim().split(/\s+/).join(" ").toLowerCase();
  if (WORDS.indexOf(words) >= 0) return parseMove(words, players, gain);
  var raw = words.replace(/h/g, "½").replace(/~/g, "−");
  var mv = parseMove(raw, players, gain);
  if (mv && mv.kind === "split" && wide) {
    var sides = raw.split(/ ?-> ?/);
    if (sides[0].indexOf(".") < 0) mv.before = [value(sides[0])];
    if (sides[1].indexOf(".") < 0) mv.after = [value(sides[1])];
  }
  return mv;
}

/** Whether two moves do the same (the Python Move's equality). @param {ParsedMove} a @param {ParsedMove} b @returns {boolean} */
function same(a, b) {
  return a.kind === b.kind && a.hand === b.hand && a.target === b.target && a.seat === b.seat &&
    a.before.join() === b.before.join() && a.after.join() === b.after.join();
}

/**
 * The move a text names among a position's moves: its target, "not-a-move" when the text is no move, or
 * "illegal" when it is one but not legal there.
 * @param {string} text @param {Moves} d @param {number} players @param {boolean} gain @param {boolean} wide
 * @returns {number | "not-a-move" | "illegal"}
 */
function find(text, d, players, gain, wide) {
  var mv = readMove(text, players, gain, wide);
  if (!mv) return "not-a-move";
  var want = /** @type {ParsedMove} */ (mv);
  for (var i = 0; i < d.moves.length; i++) {
    var m = d.moves[i];
    if (m.names.some(function (name) {
      var legal = parseMove(name, players, gain);
      return legal !== null && same(legal, want);
    })) return m.dst;
  }
  return "illegal";
}

/**
 * A paste read (not yet checked against the rules): a link of a game of this page, or moves; why not, in words
 * (W: the play words), when it is empty, too long or a link without a game. Bounded before it is split.
 * @param {string} text @param {number} players @param {ReadonlyArray<string>} kinds @param {Record<string, string>} W
 * @returns {Read}
 */
function read(text, players, kinds, W) {
  if (text.length > LIMIT) return { why: say(W["import-long"], { max: LIMIT, n: text.length }) };
  var t = text.trim();
  if (!t) return { why: W["import-empty"] };
  var link = /^(?:[a-z][a-z0-9+.-]*:\S*)?\?(\S*)$/i.exec(t) || /^[^\s?]*\.html\?(\S*)$/i.exec(t);
  if (link) {
    var rec = game.readRecord("?" + link[1].split("#")[0], players, kinds);
    if (!rec) return { why: say(W["import-link"], { why: W["import-no-record"] }) };
    if (rec.why !== undefined) return { why: say(W["import-link"], { why: rec.why || W["import-unreadable"] }) };
    return plies({ from: rec.from, moves: rec.moves }, W);
  }
  var moves = t.split(/[\n\r,;]+/).map(function (m) { return m.trim().replace(/^\d+[.)]\s+/, ""); })
    .filter(function (m) { return m.length > 0; });
  return moves.length ? plies({ from: null, moves: moves }, W) : { why: W["import-empty"] };
}

/** A read game within the ply cap, or why not. @param {{ from: string | null, moves: string[] }} r @param {Record<string, string>} W @returns {Read} */
function plies(r, W) {
  var cap = contract.ending.cap;
  return r.moves.length > cap ? { why: say(W["import-plies"], { max: cap, n: r.moves.length }) } : r;
}

/**
 * A read game checked against the rules, ply by ply from its start: each move (or the position it reaches) one
 * of the legal moves, the game not over before it; the first that is not named with its ply (W: the play words).
 * @param {Source} src @param {{ from: string | null, moves: ReadonlyArray<string> }} r @param {Record<string, string>} W
 * @returns {Promise<Checked>}
 */
function check(src, r, W) {
  var located = r.from === null ? Promise.resolve(src.startId) : src.locate(r.from);
  return located.then(function (from) {
    if (from === undefined) return { why: say(W["import-link"], { why: say(W["import-from"], { from: quoted(String(r.from)) }) }) };
    var wide = src.name(from).indexOf(".") >= 0;
    /** @type {number[]} */
    var path = [from];
    /** @param {number} k @returns {Promise<Checked>} */
    var step = function (k) {
      if (k >= r.moves.length) return Promise.resolve({ from: from, path: path.slice(1) });
      var at = path[path.length - 1], text = r.moves[k];
      var where = { n: k + 1, move: quoted(text), from: src.name(at) };
      if (game.ending(src.P, path, src.over, src.winner, null, contract.ending)) {
        return Promise.resolve({ why: say(W["import-over"], where) });
      }
      return src.detail(at).then(function (d) {
        var to = find(text, d, src.P, src.gain, wide);
        if (typeof to !== "number") { // a position the move reaches stands for the move
          var pos = src.resolve(text.trim());
          if (pos !== undefined && d.moves.some(function (m) { return m.dst === pos; })) to = pos;
        }
        if (typeof to !== "number") return { why: say(W[to === "illegal" ? "import-illegal" : "import-not-move"], where) };
        path.push(to);
        return step(k + 1);
      });
    };
    return step(0);
  });
}

/**
 * The import box's state and action: what was pasted, what was said of it, whether the box is open; `run` reads
 * and checks the paste and, when it is a game, hands it to `open` (the game's review), else says why in one
 * line and changes nothing else.
 */
class Importer {
  /**
   * @param {() => Source} source the page's game as the importer reads it (once the model is there)
   * @param {(from: number, path: number[]) => Promise<void>} open the game's review (PlayCtrl.importGame)
   * @param {() => ReadonlyArray<string>} kinds the kinds of players a record may name
   * @param {Record<string, string>} W the play words
   * @param {() => void} redraw
   */
  constructor(source, open, kinds, W, redraw) {
    this.source = source;
    this.openGame = open;
    this.kinds = kinds;
    this.W = W;
    this.redraw = redraw;
    this.text = "";
    this.message = "";
    this.open = false;
  }

  /** The box opened or folded, the text typed so far kept. @param {boolean} open @param {string} text */
  keep(open, text) {
    this.open = open;
    this.text = text.length > LIMIT ? this.text : text;
  }

  /** The paste read, checked and reviewed, or why not said. @param {string} text @returns {Promise<boolean>} whether it opened */
  run(text) {
    var that = this, src = this.source();
    this.open = true;
    this.text = text.length > LIMIT ? "" : text;
    var r = read(text, src.P, this.kinds(), this.W);
    var checked = "why" in r ? Promise.resolve(/** @type {Checked} */ ({ why: r.why })) : check(src, r, this.W);
    return checked.then(function (c) {
      if ("why" in c) {
        that.message = c.why;
        that.redraw();
        return false;
      }
      that.message = "";
      that.open = false;
      return that.openGame(c.from, c.path).then(function () { return true; });
    });
  }
}

export { LIMIT, readMove, find, read, check, Importer };
