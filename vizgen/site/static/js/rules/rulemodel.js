/* vizgen rulemodel: a rule set solved in the browser, handed to the variant pages' own viewer.
 *
 * From a solution (rulesolve.js) and its facts (rulefacts.js) this writes the data files a variant page
 * loads, in memory and in the same shapes (vizgen/site/render/datafiles.py): nodes.js (every position's
 * notation, its facts as a block of the wire (rulewire.js), the panel's columns, a layered layout
 * (rulelayout.js)) and the chunks c<k>.js (per position its hands, the panel values off the wire, its moves by
 * the position they reach (rulegraph.js), its parents, and the computer players' moves on the wire: the perfect
 * player, the tricky one (ruletricky.js), max^n (rulemaxn.js)) and, for two players, map.js (rulemap.js: the
 * value map's grid, with the cells another rule set of the same shape gives another value). boot() then writes
 * the page's configuration and starts vizgen.js and play.js on them, so the graph or explorer, panel, search,
 * keys and play with marks and review all serve the rule set unchanged (model.js reads it as it reads a built
 * page).
 */
import { contract } from "../core/contract.js";
import * as rulegraph from "./rulegraph.js";
import * as rulelayout from "./rulelayout.js";
import * as rulemap from "./rulemap.js";
import * as rulemaxn from "./rulemaxn.js";
import * as ruletricky from "./ruletricky.js";
import * as rulewire from "./rulewire.js";
import * as rulesolve from "./engine/rulesolve.js";

/** @typedef {import("./engine/rulesolve.js").Solved} Solved */
/** @typedef {import("./rulefacts.js").Facts} Facts */
/** @typedef {import("./engine/rulebook.js").Params} Params */
/** @typedef {import("./rulewire.js").Field} Field */
/**
 * What the data files and the viewer read of the rules page's configuration (payloads.py's RulesConfig): the
 * panel's columns, the comparison's cells for the map, the shading, the site's root, themes, words and seats.
 * @typedef {object} ModelConfig
 * @property {Array<{name: string}>} columns
 * @property {import("./rulemap.js").Compared[]} [compare]
 * @property {import("./rulemap.js").Shading} shading
 * @property {string} root
 * @property {unknown} themes
 * @property {unknown} words
 * @property {Record<string, import("../core/payloads").Seats>} seats
 */
/** @typedef {(name: string) => Promise<unknown>} Files a data file's payload by its name */

var CHUNK = 4096;
/**
 * Whether a rule set of n positions gets one whole graph, as a small page does (else the neighbourhood
 * explorer, as a big page): up to the contract's graph.big positions, and on a narrow screen (a phone, at most
 * graph.narrow CSS pixels wide) up to graph.phoneMax, beyond which a phone's graph is one solid mass.
 * @param {number} n @param {number} width the screen's width in CSS pixels @returns {boolean}
 */
function whole(n, width) {
  var G = contract.graph;
  return n <= G.big && (width > G.narrow || n <= G.phoneMax);
}

/**
 * The data files of a solved rule set by name (nodes, c0, c1 ...): a function name -> promise of payload.
 * @param {Solved} s
 * @param {Facts} f
 * @param {ModelConfig} cfg
 * @param {boolean} small one whole graph is drawn (whole): the files carry its layout
 * @returns {Files}
 */
function files(s, f, cfg, small) {
  var P = s.rules.P, n = s.n;
  /** @type {Record<string, ArrayLike<number> | null>} */
  var columns = { verdict: f.verdict, winner: s.winner, choice: f.choice, choice_k: f.choiceK, verdict_n: f.verdictN,
    forced_out_in: f.mover, choice_n: f.choiceN, score: f.score, depth: s.depth };
  // the contract's fields (wire.py POSITION_FIELDS, in block order) these facts fill, as wire.py fields_of
  /** @type {Field[]} */
  var fields = contract.wire.filter(function (w) { return columns[w.name]; })
    .map(function (w) { return { name: w.name, width: w.width }; });
  var filled = /** @type {Record<string, ArrayLike<number>>} */ (columns); // the fields' columns, none null
  var panel = cfg.columns.filter(function (c) { return c.name !== "forced_out_in" || f.mover; });
  // the computer players' moves: the perfect player, and the tricky one and max^n at each depth where the rule
  // set is not huge
  var withMaxn = n <= rulemaxn.MAXN_MAX;
  var node = contract.nodeWidth;
  /** @type {Field[]} */
  var opponents = [{ name: "perfect_move", width: node }].concat(withMaxn ? [{ name: "tricky_move", width: node }] : [],
    withMaxn ? rulemaxn.MAXN_DEPTHS.map(function (d) { return { name: "maxn" + d + "_move", width: node }; }) : []);
  /** @type {Record<number, Int32Array> | null} */
  var searched = null;
  /** @type {{trap: Int32Array, tricky: Int32Array} | null} */
  var trick = null;
  /** @type {Map<string, Promise<unknown>>} */
  var cache = new Map();
  function nodes() {
    /** @type {string[]} */
    var notation = [];
    for (var i = 0; i < n; i++) notation.push(s.rules.name(s.codes[i]));
    return rulewire.encode(fields, filled, n).then(function (facts) {
      /** @type {Record<string, unknown>} */
      var d = { n: n, players: P, start: s.start, chunk: CHUNK, edges: s.edges, notation: notation.join(" "),
        fields: fields, facts: facts, columns: panel, opponents: opponents };
      if (small) {
        var L = rulelayout.layout(s, f);
        d.x = L.x;
        d.y = L.y;
        d.size = L.size;
        d.scale = 1;
      }
      return d;
    });
  }
  /** @param {number} k */
  function chunk(k) {
    var lo = k * CHUNK, hi = Math.min(n, lo + CHUNK);
    /** @type {unknown[]} */
    var rows = [];
    /** @type {number[]} */
    var moves = [];
    for (var i = lo; i < hi; i++) {
      var list = rulegraph.movesOf(s, f, i).sort(function (a, b) { return a.dst - b.dst; });
      /** @type {number[]} */
      var parents = [];
      s.rules.parents(s.codes[i]).forEach(function (c) {
        var p = rulesolve.nodeOf(s.codes, c);
        if (p >= 0 && s.final[p] < 0) parents.push(p);
      });
      parents.sort(function (a, b) { return a - b; });
      rows.push([s.rules.hands(s.codes[i]),
        [list.filter(function (m) { return m.best; }).length],
        list.map(function (m) { return /** @type {Array<number | string>} */ ([m.dst]).concat(m.names); }), parents]);
      moves.push(rulegraph.perfect(s, list));
    }
    /** @type {Record<string, ArrayLike<number>>} */
    var picks = { perfect_move: moves };
    if (withMaxn) {
      trick = trick || ruletricky.tricky(s, f);
      picks.tricky_move = trick.tricky.subarray(lo, hi);
      var found = (searched = searched || rulemaxn.maxn(s));
      rulemaxn.MAXN_DEPTHS.forEach(function (d) { picks["maxn" + d + "_move"] = found[d].subarray(lo, hi); });
    }
    return rulewire.encode(opponents, picks, hi - lo).then(function (block) {
      return { first: lo, nodes: rows, opponents: block };
    });
  }
  return function (name) {
    if (!cache.has(name)) {
      if (name === "nodes") cache.set(name, nodes());
      else if (name === "map" && P === 2) cache.set(name, Promise.resolve(rulemap.mapPayload(s, f, cfg.compare || [], cfg.shading)));
      else if (/^c\d+$/.test(name)) cache.set(name, chunk(Number(name.slice(1))));
      else cache.set(name, Promise.reject(new Error("no data file " + name)));
    }
    return /** @type {Promise<unknown>} */ (cache.get(name));
  };
}

export { CHUNK, files, whole };
