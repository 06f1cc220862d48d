/* vizgen rulefacts: a solved rule set's per-position facts, as vizgen/analysis/facts.py computes them.
 *
 * From the solver's arrays (rulesolve.js): the verdict for the player to move and its {n} and {k} (an entry of
 * the contract's verdicts), what moving there means for the player who moved (CHOICES, {n}, {k}) and the move
 * score that ranks the moves into a position (vizgen/engine/solve.py arrival_scores): the optimal moves are
 * those to the highest score. The verdict and the choice are looked up in the contract (contract.js, generated
 * from vizgen/analysis/meaning.py: what its verdicts and choices say in every case), never worked out again.
 * figures() sums a rule set up as the page's counts table shows it (and a comparison, a sweep: ruleside.js).
 */
import { contract } from "../core/contract.js";
import * as util from "../core/util.js";

/** @typedef {import("./engine/rulesolve.js").Solved} Solved */
/** @typedef {import("./engine/rulebook.js").Params} Params */
/**
 * A solved rule set's facts, one entry a node; mover and chooser (where going out is a fate, else null): the
 * plies in which the player to move / the one who moved there is forced out, -1 if it survives.
 * @typedef {object} Facts
 * @property {Int8Array} verdict
 * @property {Int32Array} verdictN
 * @property {Int8Array} choice
 * @property {Int32Array} choiceN
 * @property {Int8Array} choiceK
 * @property {Float64Array} score
 * @property {Int16Array | null} mover
 * @property {Int16Array | null} chooser
 */
/** @typedef {keyof import("../core/contract.js").Contract["classes"]} ClassKey a value class (the contract's) */
/**
 * A solved rule set summed up (figures).
 * @typedef {{players: number, start: string, cls: ClassKey, words: string, n: number, edges: number, over: number,
 *   longest: number, win: number, draw: number, loss: number}} Figures
 */

/* s: a solution (rulesolve.js); params: the rules (going out is no fate in misere and self-gain). Returns
   {verdict, verdictN, choice, choiceN, choiceK, score, mover, chooser}, one entry a node. */
/**
 * @param {Solved} s
 * @param {Pick<Params, "misere" | "attack">} params
 * @returns {Facts}
 */
function compute(s, params) {
  var P = s.rules.P, n = s.n;
  var K = contract, V = K.verdictCodes, C = K.choiceCodes;
  var outIn = P > 2 && !params.misere && params.attack !== "self-gain" ? s.outIn : null;
  var mover = outIn ? outIn.subarray(0, n) : null;
  var chooser = outIn ? outIn.subarray((P - 1) * n, P * n) : null;
  var verdict = new Int8Array(n), verdictN = new Int32Array(n), choice = new Int8Array(n);
  var choiceN = new Int32Array(n), choiceK = new Int8Array(n), score = new Float64Array(n);
  var big = 0, i;
  for (i = 0; i < n; i++) {
    big = Math.max(big, s.rem[i]);
    if (chooser) big = Math.max(big, chooser[i]);
  }
  big += 2;
  for (i = 0; i < n; i++) {
    var w = s.winner[i], over = s.final[i] >= 0, rem = s.rem[i], v, c;
    v = K.verdictOf(P, over, w, mover ? mover[i] : null);
    verdict[i] = v;
    verdictN[i] = mover && v === V["mover-out"] ? mover[i] : rem;
    var mine = w === P - 1;
    c = K.choiceOf(P, over, w, chooser ? chooser[i] : null);
    choice[i] = c;
    choiceN[i] = chooser && c === C["you-out"] ? chooser[i] : rem;
    choiceK[i] = K.choiceSeat(P, w);
    var out = chooser ? chooser[i] : -1;
    score[i] = mine ? 4 * big - rem : w < 0 ? (out >= 0 ? big + out : 2 * big) : rem;
  }
  return { verdict: verdict, verdictN: verdictN, choice: choice, choiceN: choiceN, choiceK: choiceK, score: score,
    mover: mover, chooser: chooser };
}

/* The class (win, draw, loss: the meaning table's keys) of node i's value for the player to move. */
/**
 * @param {Facts} f
 * @param {number} i
 * @returns {ClassKey}
 */
function cls(f, i) {
  return contract.verdicts[f.verdict[i]].cls;
}
/* Node i's value for the player to move, in the verdicts' short words. */
/**
 * @param {Solved} s
 * @param {Facts} f
 * @param {number} i
 * @returns {string}
 */
function words(s, f, i) {
  return util.fill(contract.verdicts[f.verdict[i]].short, { n: f.verdictN[i], k: s.winner[i] });
}

/* A solved rule set summed up: its start (notation, value class and words for the first player), positions,
   moves, positions won, drawn (open) and lost for the player to move, games over, the longest forced win. */
/**
 * @param {Solved} s
 * @param {Facts} f
 * @returns {Figures}
 */
function figures(s, f) {
  var tally = /** @type {Record<ClassKey, number>} */ ({}), over = 0, longest = 0;
  Object.keys(contract.classes).forEach(function (k) { tally[/** @type {ClassKey} */ (k)] = 0; });
  for (var i = 0; i < s.n; i++) {
    tally[cls(f, i)]++;
    if (s.final[i] >= 0) over++;
    if (s.winner[i] >= 0) longest = Math.max(longest, s.rem[i]);
  }
  var out = { players: s.rules.P, start: s.rules.name(s.codes[s.start]), cls: cls(f, s.start),
    words: words(s, f, s.start), n: s.n, edges: s.edges, over: over, longest: longest };
  return Object.assign(out, tally); // the positions of each class: win, draw, loss
}

/** @param {number} n */
function plies(n) {
  return util.plural(n, "ply", "plies");
}
/* The rows of the counts table of one rule set's figures: [label, text]. */
/**
 * @param {Figures} a
 * @returns {Array<[string, string]>}
 */
function countRows(a) {
  var two = a.players === 2, count = util.count;
  return [["Positions reachable from the start", count(a.n)],
    ["Moves (distinct positions reached)", count(a.edges)],
    [two ? "Won for the player to move" : "The player to move wins or survives", count(a.win)],
    [two ? "Drawn" : "Open (no one can force a win)", count(a.draw)],
    [two ? "Lost for the player to move" : "The player to move loses or is forced out", count(a.loss)],
    ["Games over", count(a.over)],
    ["Longest forced win", plies(a.longest)]];
}

export { compute, figures, countRows };
