/* vizgen ruledownload: a rule set solved in the browser written as a variant page's JSON download.
 *
 * Loaded by the rules page when a visitor first asks for the download (with ruleodds.js and rulestats.js): the
 * same stats block, columns and values, position by position, as `vizgen build --variant` writes.
 */
import * as rulegraph from "./rulegraph.js";
import * as rulemaxn from "./rulemaxn.js";
import * as ruleodds from "./ruleodds.js";
import * as rulestats from "./rulestats.js";
import * as ruletricky from "./ruletricky.js";

/** @typedef {import("./engine/rulesolve.js").Solved} Solved */
/** @typedef {import("./rulefacts.js").Facts} Facts */
/** @typedef {import("./engine/rulebook.js").Book} Book */
/**
 * What the download reads of the rules page's configuration: the build's column spec, the rulebook, the words.
 * @typedef {{download: import("../core/payloads").DownloadColumn[], book: import("./engine/rulebook.js").BookData, words: unknown}} DownloadConfig
 */

/* The JSON text with every object's keys sorted, as the build writes its download (json.dumps sort_keys). */
/**
 * @param {unknown} value
 * @returns {string}
 */
function sortedJson(value) {
  return JSON.stringify(value, function (key, /** @type {unknown} */ v) {
    if (!v || typeof v !== "object" || Array.isArray(v)) return v;
    /** @type {Record<string, unknown>} */
    var out = {};
    var obj = /** @type {Record<string, unknown>} */ (v);
    Object.keys(obj).sort().forEach(function (k) { out[k] = obj[k]; });
    return out;
  });
}

/* The solved graph as a variant page's download ({stats, columns, nodes, edges}, vizgen/site/export.py): the
   same columns in the same order (cfg.download: the build's own column spec, those of this rule set), each
   float rounded as the build rounds it, and the same stats block (rulestats.js). s: the solution, f: its
   facts, cfg: the page's configuration, book: the rulebook, spec: the rule set's spec string. */
/**
 * @param {Solved} s
 * @param {Facts} f
 * @param {DownloadConfig} cfg
 * @param {Book} book
 * @param {string} spec
 * @returns {{stats: Record<string, unknown>, columns: Array<{name: string}>, nodes: Array<Record<string, unknown>>,
 *   edges: Array<[number, number, string[], boolean]>}}
 */
function doc(s, f, cfg, book, spec) {
  var P = s.rules.P;
  var searched = s.n <= rulemaxn.MAXN_MAX ? rulemaxn.maxn(s) : null;
  var trick = searched ? ruletricky.tricky(s, f) : null;
  var g = rulegraph.graph(s);
  // the random-play odds where they are quick to work out (ruleodds.ODDS_MAX; the build has them for any size)
  var odds = s.n <= ruleodds.ODDS_MAX;
  var seats = odds && (P === 2 || s.n * P <= cfg.book.random_max_states) ? ruleodds.seats(s, g) : null;
  var mine = odds && P === 2 ? ruleodds.perfectVsRandom(s, g) : null;
  var columns = cfg.download.filter(function (c) {
    if (c.name === "forced_out_in") return !!f.mover;
    if (c.name === "random_win" || c.name === "perfect_win") return !!mine;
    return searched || !/^(maxn|tricky|trap)/.test(c.name);
  });
  /** @type {Array<Record<string, unknown>>} */
  var nodes = [];
  /** @type {Array<[number, number, string[], boolean]>} */
  var edges = [];
  for (var i = 0; i < s.n; i++) {
    var moves = rulegraph.movesOf(s, f, i);
    var perfect = rulegraph.perfect(s, moves);
    /** @type {Record<string, unknown>} */
    var values = { id: i, position: s.rules.name(s.codes[i]), winner: s.winner[i] < 0 ? null : s.winner[i],
      remoteness: s.rem[i] < 0 ? null : s.rem[i], terminal: s.final[i] >= 0, depth: s.depth[i],
      forced_out_in: f.mover && f.mover[i] >= 0 ? f.mover[i] : null,
      best_moves: moves.filter(function (m) { return m.best; }).length,
      random_win: mine && seats ? ruleodds.pyRound(seats[i * 2], 9) : null,
      perfect_win: mine ? ruleodds.pyRound(mine[i], 9) : null,
      perfect_move: perfect < 0 ? null : perfect };
    if (searched && trick) {
      var found = searched;
      values.tricky_move = trick.tricky[i] < 0 ? null : trick.tricky[i];
      values.trap = trick.trap[i];
      rulemaxn.MAXN_DEPTHS.forEach(function (d) {
        values["maxn" + d + "_move"] = found[d][i] < 0 ? null : found[d][i];
      });
    }
    /** @type {Record<string, unknown>} */
    var row = { id: i };
    columns.forEach(function (c) { row[c.name] = values[c.name]; });
    nodes.push(row);
    moves.slice().sort(function (a, b) { return a.dst - b.dst; }).forEach(function (m) {
      edges.push([i, m.dst, m.names, m.best]);
    });
  }
  var figures = rulestats.stats(spec, book.read(spec), book, s, f, cfg.words, seats, mine);
  return { stats: figures, columns: columns, nodes: nodes, edges: edges };
}

export { doc, sortedJson as json };
