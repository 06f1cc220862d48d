/* vizgen review: how each move of a game compares with the best one, and the game's review.
 *
 * A move's mark is the engine's (vizgen/analysis/marks.py): the chooser's value class after it (win, held
 * or lost: the class of its meaning for the chooser, words.CHOICES) against the best class among the
 * moves; best if it is an optimal move, an inaccuracy if it keeps the class otherwise, a mistake if it
 * turns a win into a held position, a blunder if it turns a win or a held position into a loss. Everything
 * is read from the moves a model annotates (facts.js: choice, n, k, best); nothing is worked out again.
 */
import { contract } from "../core/contract.js";
import * as util from "../core/util.js";

/**
 * A move as a model annotates it (facts.js): the position it leads to, whether it is optimal, its choice code
 * (the contract's choices) with n and k, and its names (the first the panel's).
 * @typedef {{ dst: number, best: boolean, choice: number, n: number, k: number, names: string[] }} Move
 */
/** A position's detail as far as the game reads it: its annotated moves. @typedef {{ moves: Move[] }} Detail */
/** A move's mark: mark (an index into contract.marks), the move played, the best move. @typedef {{ mark: number, move: Move, best: Move | null }} Marked */
/** The review's words (words.py's REVIEW, typed in payloads.py). @typedef {import("../core/payloads").Review} ReviewWords */
/** The words the review reads: the page's words (their review part). @typedef {{ review: ReviewWords }} Words */
/** What a player's game comes to (summary). @typedef {{ kind: "turning", ply: number, was: number, now: number } | { kind: "slipped", ply: number, was: number, r: Marked } | { kind: "steady", was: number }} Summary */

/** @param {unknown} W @param {string} key @returns {number} */
function markCode(W, key) {
  for (var i = 0; i < contract.marks.length; i++) if (contract.marks[i].key === key) return i;
  throw new Error("no mark " + key);
}
/* The chooser's value class after move m, as its rank (the contract's classes): 2 win, 1 held, 0 lost. */
/** @param {unknown} W @param {Move} m @returns {number} */
function moveClass(W, m) {
  return contract.classes[contract.choices[m.choice].cls].rank;
}

/* The mark of the move to position `to` among a position's annotated moves: {mark (an index into
   contract.marks), move (the move played), best (an optimal move)}; null if `to` is not a move there. */
/** @param {unknown} W @param {ReadonlyArray<Move>} moves @param {number} to @returns {Marked | null} */
function mark(W, moves, to) {
  var keep = -1;
  /** @type {Move | null} */
  var played = null;
  /** @type {Move | null} */
  var best = null;
  for (var i = 0; i < moves.length; i++) {
    var m = moves[i];
    keep = Math.max(keep, moveClass(W, m));
    if (m.dst === to) played = m;
    if (m.best && !best) best = m;
  }
  if (!played) return null;
  var after = moveClass(W, played);
  var key = played.best ? "best" : after === keep ? "inaccuracy" : after === contract.classes.draw.rank ? "mistake" : "blunder";
  return { mark: markCode(W, key), move: played, best: best };
}

/* A review's sentence about a marked move (vizgen.analysis.marks.say_review): "1>3?? lets them win in 1;
   1>1 kept the draw". */
/** @param {Words} W @param {Marked} r @returns {string} */
function sentence(W, r) {
  var R = W.review, fill = util.fill;
  /** @param {Record<string, string>} table @param {Move} m */
  function part(table, m) {
    return fill(table[contract.choices[m.choice].key], { n: m.n, k: m.k });
  }
  var text = fill(R.sentence, { move: r.move.names[0], mark: contract.marks[r.mark].symbol, played: part(R.played, r.move) });
  if (contract.marks[r.mark].key !== "best" && r.best) text += fill(R.better, { best: r.best.names[0], kept: part(R.kept, r.best) });
  return text;
}

/* Whether a position's moves are one pass the rules play for a mover who is out (docs/RULES.md: a player who is out
   stays in the turn order and can only pass; the page plays it for them, Game.outPass): no choice of theirs. */
/** @param {ReadonlyArray<Move>} moves @returns {boolean} */
function forced(moves) {
  return moves.length > 0 && moves.every(function (m) {
    return m.dst === moves[0].dst && contract.choices[m.choice].key === "you-are-out";
  });
}

/* The mark of a move the mover chose (mark), or null for a pass played for a player who is out: the review counts
   only a player's own moves. */
/** @param {unknown} W @param {ReadonlyArray<Move>} moves @param {number} to @returns {Marked | null} */
function own(W, moves, to) {
  return forced(moves) ? null : mark(W, moves, to);
}

/* Every move of a game along `path`: per ply k (the move from path[k] to path[k + 1]) its mark, or null
   where the position's moves are not known or the move was a pass played for a player who is out (own);
   detail(pos): its annotated moves' holder, or undefined. */
/**
 * @param {unknown} W @param {ReadonlyArray<number>} path @param {(pos: number) => Detail | undefined} detail
 * @returns {(Marked | null)[]}
 */
function marks(W, path, detail) {
  /** @type {(Marked | null)[]} */
  var out = [];
  for (var k = 0; k + 1 < path.length; k++) {
    var d = detail(path[k]);
    out.push(d ? own(W, d.moves, path[k + 1]) : null);
  }
  return out;
}

/* Per seat (from the first player) the count of each mark, and of hints at that seat's plies. */
/**
 * @param {unknown} W @param {number} P @param {ReadonlyArray<Marked | null>} marked @param {ReadonlyArray<number>} hints
 * @returns {{ marks: number[], hints: number }[]}
 */
function counts(W, P, marked, hints) {
  /** @type {{ marks: number[], hints: number }[]} */
  var out = [];
  for (var s = 0; s < P; s++) out.push({ marks: contract.marks.map(function () { return 0; }), hints: 0 });
  marked.forEach(function (r, k) { if (r) out[k % P].marks[r.mark]++; });
  hints.forEach(function (h) { out[h % P].hints++; });
  return out;
}

/* The turning point for a player whose value after each ply is values[k] (+1, 0, -1): the last ply whose
   move changed it, {ply (the move's number from 1), was (the value before)}; null if it never changed. */
/** @param {ReadonlyArray<number>} values @returns {{ ply: number, was: number, now: number } | null} */
function turning(values) {
  for (var k = values.length - 1; k > 0; k--) {
    if (values[k] !== values[k - 1]) return { ply: k, was: values[k - 1], now: values[k] };
  }
  return null;
}

/* What the review says of a player's game, from the same facts as the panel: the player at `seat` (from
   the first player) whose value after each ply is values[k] (+1, 0, -1), in a game of P players whose
   moves are marked[k] (mark or null). {kind: "turning", ply, was, now} where the value changed (turning);
   else {kind: "slipped", ply, was, r} for the player's own move the panel marked worst (the latest of
   equals): the value class held but that move gave ground, so the review never says it never changed;
   else {kind: "steady", was}. */
/**
 * @param {unknown} W @param {ReadonlyArray<number>} values @param {ReadonlyArray<Marked | null>} marked
 * @param {number} P @param {number} seat @returns {Summary}
 */
function summary(W, values, marked, P, seat) {
  var turn = turning(values);
  if (turn) return { kind: "turning", ply: turn.ply, was: turn.was, now: turn.now };
  /** @type {{ ply: number, r: Marked } | null} */
  var worst = null;
  for (var k = 0; k < marked.length; k++) {
    var r = marked[k];
    if (r && k % P === seat && contract.marks[r.mark].key !== "best" && (!worst || r.mark >= worst.r.mark)) {
      worst = { ply: k + 1, r: r };
    }
  }
  if (worst) return { kind: "slipped", ply: worst.ply, was: values[0], r: worst.r };
  return { kind: "steady", was: values[0] };
}

/* A player's marks in words (W: words.py's PLAY), from their counts (counts(): one per mark of the contract):
   "Player 1: 2 mistakes, 1 blunder."; "Player 2: no inaccuracy, mistake or blunder." The best moves go unsaid. */
/** @param {Record<string, string>} W @param {string} name @param {ReadonlyArray<number>} times @returns {string} */
function tally(W, name, times) {
  /** @type {string[]} */
  var said = [];
  contract.marks.forEach(function (m, i) {
    if (m.key !== "best" && times[i] > 0) said.push(util.fill(W["tally-" + m.key], { n: times[i] }));
  });
  return util.fill(W.tally, { name: name, marks: said.length ? said.join(", ") : W["tally-clean"] });
}

/* A player's accuracy (issue #48 item 8), from their counts (counts(): their own moves only, a pass played for a
   player who is out is not counted): of their moves, how many kept the best result the position allowed, the marks
   whose `keeps` the contract sets (a best move, an inaccuracy: the value class kept). */
/** @param {ReadonlyArray<number>} times @returns {{ kept: number, moves: number }} */
function accuracy(times) {
  var kept = 0, moves = 0;
  contract.marks.forEach(function (m, i) {
    moves += times[i];
    if (m.keeps) kept += times[i];
  });
  return { kept: kept, moves: moves };
}

/* That accuracy in words (W: words.py's PLAY, U: the units a share is written in): "Player 1: 7 of 9 moves kept the
   best result (77.8 %)."; "" for a player who made no move of their own. */
/**
 * @param {Record<string, string>} W @param {import("../core/util.js").Units} U @param {string} name
 * @param {ReadonlyArray<number>} times @returns {string}
 */
function accuracyWords(W, U, name, times) {
  var a = accuracy(times);
  if (!a.moves) return "";
  return util.fill(W.accuracy, { name: name, kept: a.kept, n: a.moves, share: util.pct(a.kept / a.moves, U) });
}

export { mark, own, marks, sentence, counts, turning, summary, tally, accuracy, accuracyWords };
