/* vizgen rulestats: a rule set solved in the browser summed up as `vizgen stats --json` sums a built variant
 * (vizgen/analysis/figures.py stats, the "stats" block of a variant page's JSON download).
 *
 * From the spec as read (rulebook.js), the solution (rulesolve.js), its facts (rulefacts.js) and the random-play
 * odds (ruleodds.js): the counts, the longest wins and losses with up to six example positions, and the start's
 * value in numbers and in the words the built pages use (the verdicts' templates come from the Python).
 */
import { contract } from "../core/contract.js";
import * as util from "../core/util.js";
import * as ruleodds from "./ruleodds.js";

// how many example positions a longest win or loss names (figures.py EXAMPLES)
var EXAMPLES = 6;

/** @typedef {import("./engine/rulesolve.js").Solved} Solved */
/** @typedef {import("./rulefacts.js").Facts} Facts */
/** @typedef {import("./engine/rulebook.js").Book} Book */
/** @typedef {import("./engine/rulebook.js").Spec} Spec */
/** @typedef {import("../core/contract.js").Contract["verdicts"][number]} Verdict */

/** @param {number} n */
function plies(n) {
  return util.plural(n, "ply", "plies");
}

/* The start's value for the whole game (vizgen/analysis/rulebook.py start_words, with its words START_WORDS:
   T). `verdict`: the start's verdict, whose words say a draw or an open game; outIn: the first player's fate,
   or null where it is no fate. */
/**
 * @param {Record<string, string>} T
 * @param {number} P
 * @param {number} winner
 * @param {number} rem
 * @param {number | null} outIn
 * @param {Verdict} verdict
 * @returns {string}
 */
function startWords(T, P, winner, rem, outIn, verdict) {
  var fill = util.fill;
  if (winner < 0 && (P === 2 || outIn === null)) return verdict.long;
  if (P === 2) return fill(T.wins, { who: T["seat-" + winner], plies: plies(rem) });
  var fate = /** @type {number} */ (outIn); // more players, a fate: the first player's
  if (winner < 0) return fate < 0 ? T.survives : fill(T.out, { plies: plies(fate) });
  return fill(T.forced, { k: winner + 1, plies: plies(rem) });
}

/* The largest remoteness among the nodes `mask` picks, how many have it and the first EXAMPLES of their names. */
/**
 * @param {Solved} s
 * @param {(i: number) => boolean} mask
 * @returns {{top: number, n: number, names: string[]}}
 */
function longest(s, mask) {
  var top = -1;
  /** @type {string[]} */
  var at = [];
  for (var i = 0; i < s.n; i++) {
    if (!mask(i)) continue;
    if (s.rem[i] > top) {
      top = s.rem[i];
      at = [];
    }
    if (s.rem[i] === top) at.push(s.rules.name(s.codes[i]));
  }
  at.sort(function (a, b) { return a < b ? -1 : a > b ? 1 : 0; });
  return { top: top, n: at.length, names: at.slice(0, EXAMPLES) };
}

/* The stats object. spec: the spec string; read: book.read(spec) ({base, pairs, params}); book: the rulebook;
   W: not read (the meaning is the contract's; the argument stays while other work on the rules page calls
   stats with it); seats: ruleodds.seats's chances (or null); mine: perfectVsRandom's (two players, or null). */
/**
 * @param {string} spec
 * @param {Spec} read
 * @param {Book} book
 * @param {Solved} s
 * @param {Facts} f
 * @param {unknown} W
 * @param {Float64Array | null} seats
 * @param {Float64Array | null} mine
 * @returns {Record<string, unknown>} the JSON object
 */
function stats(spec, read, book, s, f, W, seats, mine) {
  var P = s.rules.P, n = s.n, D = book.D, i, k;
  var base = D.variants[read.base];
  var said = read.pairs.map(function (p) { return p[0] + " = " + String(p[1]); }).join(", ");
  /** @type {Record<string, unknown>} */
  var params = {};
  D.names.forEach(function (name) { params[name] = read.params[name]; });
  /** @type {Record<string, unknown>} */
  var out = { variant: spec, title: said ? base.title + " (" + said + ")" : base.title,
    summary: said ? base.title + " rules with " + said + "." : base.summary, params: params, positions: n,
    reachable_of: book.estimate(read.params) };
  var terminal = 0, won = 0, lost = 0, winners = new Array(P + 1).fill(0), deepest = 0;
  for (i = 0; i < n; i++) {
    if (s.final[i] >= 0) {
      terminal++;
      if (s.final[i] === 0) won++;
      else lost++;
    }
    winners[s.winner[i] + 1]++;
    deepest = Math.max(deepest, s.depth[i]);
  }
  out.terminal = terminal;
  out.terminal_win = won;
  out.terminal_loss = lost;
  out.edges = s.edges;
  out.moves = s.edges;
  if (P === 2) {
    out.win = winners[1];
    out.loss = winners[2];
    out.draw = winners[0];
  } else {
    out.forced_win = winners.slice(1);
    out.open = winners[0];
    if (s.outIn) {
      /** @type {number[]} */
      var survive = (out.survive = []);
      /** @type {number[]} */
      var forcedOut = (out.forced_out = []);
      for (k = 0; k < P; k++) {
        var alive = 0;
        for (i = 0; i < n; i++) if (s.outIn[k * n + i] < 0) alive++;
        survive.push(alive);
        forcedOut.push(n - alive);
      }
    }
    if (seats) {
      /** @type {number[]} */
      var random = (out.random_win = []);
      for (k = 0; k < P; k++) random.push(ruleodds.pyRound(seats[s.start * P + k], 12));
    }
  }
  var keys = P === 2 ? ["longest_win", "longest_loss"] : ["longest_win"];
  keys.forEach(function (key) {
    var L = longest(s, key === "longest_win" ? function (j) { return s.winner[j] === 0; }
      : function (j) { return s.winner[j] === 1 && s.final[j] < 0; });
    out[key] = L.n ? L.top : null;
    out[key + "_count"] = L.n;
    out[key + "_at"] = L.names;
  });
  out.greatest_depth = deepest;
  var st = s.start, w = s.winner[st], rem = s.rem[st], fated = !!f.mover;
  var outIn = f.mover ? f.mover[st] : null;
  var verdict = contract.verdicts[f.verdict[st]];
  /** @type {Record<string, unknown>} */
  var start = (out.start = { position: s.rules.name(s.codes[st]),
    value: P === 2 ? verdict.cls : D.start[w < 0 ? "value-none" : "value-forced"],
    remoteness: rem >= 0 ? rem : null, verdict: util.fill(verdict.long, { n: f.verdictN[st], k: w }) });
  if (P > 2) start.winner = w >= 0 ? w : null;
  start.outcome = startWords(D.start, P, w, rem, outIn, verdict);
  if (fated) start.forced_out_in = outIn;
  if (P === 2 && seats && mine) {
    out.random_win_start = ruleodds.pyRound(seats[st * P], 12);
    out.perfect_win_start = ruleodds.pyRound(mine[st], 12);
  }
  return out;
}

export { stats, startWords };
