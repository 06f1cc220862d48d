/* vizgen rulethumbs: the first rules of thumb of a two-player rule set solved in the browser
 * (vizgen/reports/rules_of_thumb.py).
 *
 * features(): per move (distinct positions reached, as the engine's graph edges) every condition a player sees at
 * the table, and per position when a rule applies (move_features); search(): the rules picked greedily by the
 * kept share, each with what it does alone (search_rules, measure_rule). The conditions, their words and the
 * search's limits come from the Python (cfg.thumbs: the candidates in the order the search ranks ties). The
 * shares are the same doubles as numpy's: the same integer ratios per position, summed pairwise in node order
 * as numpy's mean does (pairwise.js). Cross-checked against the Python in the fast lane (tests/test_rulespage.py).
 */
import { contract } from "../core/contract.js";
import { html, render } from "../core/html.js";
import * as util from "../core/util.js";
import * as pairwise from "./engine/pairwise.js";
import * as rulesolve from "./engine/rulesolve.js";

/** @typedef {import("./engine/rulesolve.js").Solved} Solved */
/**
 * The graph as the engine numbers it (edges).
 * @typedef {{n: number, ptr: Int32Array, dst: number[], src: number[], split: number[], mine: Int32Array,
 *   theirs: Int32Array}} Edges
 */
/** @typedef {ArrayLike<number>} Flags 0/1 per move or per node */
/** @typedef {{feats: Record<string, Uint8Array>, when: Record<string, Uint8Array>}} Features */
/** @typedef {{keep: Uint8Array, where: Uint8Array}} Keepers */
/** @typedef {import("../core/payloads").RuleData} Rule a candidate rule (cfg.thumbs) */
/**
 * One rule alone (measure).
 * @typedef {{applies: number, accuracy: number, baseline: number, fails: number, example: string | null,
 *   node: number}} Measured
 */
/** @typedef {Rule & Measured & {share_after: number}} Thumb a rule of thumb found */
/** @typedef {import("../core/payloads").ThumbsData} ThumbsData the search's candidates and limits */
/**
 * The words' units (words.units; core/util.js pct reads them).
 * @typedef {{percent: string, below: string, above: string, none: string, decimals: number}} Units
 */

/* The graph of a solved rule set as the engine numbers it: per node its moves to distinct positions (ptr, dst,
   src), whether any move to that position is a split, and per node its mover's and opponent's state. */
/**
 * @param {Solved} s
 * @returns {Edges}
 */
function edges(s) {
  var n = s.n, ptr = new Int32Array(n + 1), kinds = s.R.kinds || [];
  /** @type {number[]} */
  var dst = [];
  /** @type {number[]} */
  var src = [];
  /** @type {number[]} */
  var split = [];
  var mine = new Int32Array(n), theirs = new Int32Array(n);
  for (var i = 0; i < n; i++) {
    var seats = s.rules.seats(s.codes[i]).s;
    mine[i] = seats[0];
    theirs[i] = seats[1];
    if (s.final[i] < 0) {
      /** @type {Map<number, number>} */
      var at = new Map();
      s.rules.moves(s.codes[i]).forEach(function (mv) {
        var j = rulesolve.nodeOf(s.codes, mv.dst);
        if (!at.has(j)) {
          at.set(j, dst.length);
          dst.push(j);
          src.push(i);
          split.push(0);
        }
        if (kinds[mv.mid] === "split") split[/** @type {number} */ (at.get(j))] = 1;
      });
    }
    ptr[i + 1] = dst.length;
  }
  return { n: n, ptr: ptr, dst: dst, src: src, split: split, mine: mine, theirs: theirs };
}

/* Per node, whether any of its moves has flag (an array per move). */
/**
 * @param {Edges} g
 * @param {Flags} flag
 * @returns {Uint8Array}
 */
function any(g, flag) {
  var out = new Uint8Array(g.n);
  for (var e = 0; e < g.dst.length; e++) if (flag[e]) out[g.src[e]] = 1;
  return out;
}

// the keys move_features fills (the words come from cfg.thumbs)
var FEATURE_KEYS = ["wins", "kills", "self_kill", "revives", "gives_win", "gives_kill", "evens", "split", "top_mine",
  "top_theirs", "ahead", "one_reply"];

/* {feats: key -> 0/1 per move, when: key -> 0/1 per node} (move_features); r: the roll-over number. */
/**
 * @param {Solved} s
 * @param {Edges} g
 * @param {number} r
 * @returns {Features}
 */
function features(s, g, r) {
  var hands = s.R.hands, k = hands[0].length, top = r - 1;
  /** @type {number[]} */
  var live = [];
  /** @type {number[]} */
  var total = [];
  /** @type {boolean[]} */
  var equal = [];
  /** @type {number[]} */
  var big = [];
  for (var h = 0; h < hands.length; h++) {
    var x = hands[h], l = 0, t = 0, b = 0;
    for (var q = 0; q < x.length; q++) {
      if (x[q] !== 0) l++;
      t += Math.abs(x[q]);
      b = Math.max(b, Math.abs(x[q]));
    }
    live.push(l);
    total.push(t);
    big.push(b);
    equal.push(x.every(function (v) { return v === x[0]; }));
  }
  var E = g.dst.length;
  /** @type {Record<string, Uint8Array>} */
  var F = {};
  FEATURE_KEYS.forEach(function (key) { F[key] = new Uint8Array(E); });
  var terminal = function (/** @type {number} */ i) { return s.final[i] >= 0; };
  for (var e = 0; e < E; e++) {
    var a = g.src[e], d = g.dst[e];
    var mineB = g.mine[a], theirsB = g.theirs[a], mineA = g.theirs[d], theirsA = g.mine[d];
    F.wins[e] = s.final[d] === 1 ? 1 : 0; // the chooser sits last at the move's target
    F.kills[e] = live[theirsA] < live[theirsB] ? 1 : 0;
    F.self_kill[e] = live[mineA] < live[mineB] ? 1 : 0;
    F.revives[e] = live[mineA] > live[mineB] ? 1 : 0;
    F.evens[e] = equal[mineA] && !equal[mineB] ? 1 : 0;
    F.split[e] = g.split[e];
    F.top_mine[e] = big[mineA] === top ? 1 : 0;
    F.top_theirs[e] = big[theirsA] === top ? 1 : 0;
    F.ahead[e] = total[mineA] > total[theirsA] ? 1 : 0;
    F.one_reply[e] = g.ptr[d + 1] - g.ptr[d] === 1 && !terminal(d) ? 1 : 0;
  }
  var canWin = any(g, F.wins), canKill = any(g, F.kills);
  for (e = 0; e < E; e++) {
    d = g.dst[e];
    F.gives_win[e] = canWin[d] && !terminal(d) ? 1 : 0;
    F.gives_kill[e] = canKill[d] && !terminal(d) ? 1 : 0;
  }
  /** @type {Record<string, Uint8Array>} */
  var when = { always: new Uint8Array(g.n).fill(1), my_dead: new Uint8Array(g.n), their_dead: new Uint8Array(g.n) };
  for (var i = 0; i < g.n; i++) {
    when.my_dead[i] = live[g.mine[i]] < k && live[g.mine[i]] > 0 ? 1 : 0;
    when.their_dead[i] = live[g.theirs[i]] < k && live[g.theirs[i]] > 0 ? 1 : 0;
  }
  return { feats: F, when: when };
}

/* Per move whether it keeps the mover's value class (keeping), per node whether the mover has a win or a draw
   that some move throws away (to_keep). */
/**
 * @param {Solved} s
 * @param {Edges} g
 * @returns {Keepers}
 */
function keepers(s, g) {
  var E = g.dst.length, keep = new Uint8Array(E), where = new Uint8Array(g.n);
  /** @param {number} i */
  function cls(i) { return contract.rankOf(1, s.winner[i], null); }
  for (var i = 0; i < g.n; i++) {
    var best = -1, e;
    for (e = g.ptr[i]; e < g.ptr[i + 1]; e++) best = Math.max(best, cls(g.dst[e]));
    var loses = false;
    for (e = g.ptr[i]; e < g.ptr[i + 1]; e++) {
      keep[e] = cls(g.dst[e]) === best ? 1 : 0;
      if (!keep[e]) loses = true;
    }
    where[i] = s.final[i] < 0 && contract.rankOf(0, s.winner[i], null) > 0 && loses ? 1 : 0;
  }
  return { keep: keep, where: where };
}

/* The mean over the nodes `where` of the share of the candidate moves that keep the value (_kept_share). */
/**
 * @param {Edges} g
 * @param {Flags} cand
 * @param {Flags} keep
 * @param {Flags} where
 * @returns {number}
 */
function keptShare(g, cand, keep, where) {
  /** @type {number[]} */
  var ratios = [];
  for (var i = 0; i < g.n; i++) {
    if (!where[i]) continue;
    var kept = 0, left = 0;
    for (var e = g.ptr[i]; e < g.ptr[i + 1]; e++) {
      if (cand[e]) {
        left++;
        if (keep[e]) kept++;
      }
    }
    ratios.push(kept / left);
  }
  return ratios.length ? pairwise.mean(ratios) : 1.0;
}

/* The moves a rule allows: those that meet its condition (prefer) or do not (avoid). */
/**
 * @param {Features} F
 * @param {Rule} rule
 * @returns {Uint8Array}
 */
function meets(F, rule) {
  var f = F.feats[rule.feature], out = new Uint8Array(f.length);
  for (var e = 0; e < f.length; e++) out[e] = rule.prefer ? f[e] : 1 - f[e];
  return out;
}

/* One rule alone (measure_rule): {applies, accuracy, baseline, fails, example, node: the example's}. */
/**
 * @param {Solved} s
 * @param {Edges} g
 * @param {Features} F
 * @param {Keepers} K
 * @param {Rule} rule
 * @returns {Measured}
 */
function measure(s, g, F, K, rule) {
  var ok = meets(F, rule), not = ok.map(function (x) { return 1 - x; }), good = ok.map(function (x, e) { return x & K.keep[e]; });
  var some = any(g, ok), other = any(g, not), saves = any(g, good), when = F.when[rule.when];
  var applies = new Uint8Array(g.n), count = 0, fails = 0, node = -1;
  /** @type {string | null} */
  var example = null;
  for (var i = 0; i < g.n; i++) {
    applies[i] = K.where[i] && when[i] && some[i] && other[i] ? 1 : 0;
    count += applies[i];
    if (applies[i] && !saves[i]) {
      fails++;
      var name = s.rules.name(s.codes[i]);
      if (example === null || name < example) {
        example = name;
        node = i;
      }
    }
  }
  return { applies: count, accuracy: keptShare(g, ok, K.keep, applies),
    baseline: keptShare(g, new Uint8Array(ok.length).fill(1), K.keep, applies), fails: fails, example: example,
    node: node };
}

/* The moves left after one more rule, from those left by the rules before it (follow, one step). */
/**
 * @param {Edges} g
 * @param {Features} F
 * @param {Uint8Array} cand
 * @param {Rule} rule
 * @returns {Uint8Array}
 */
function step(g, F, cand, rule) {
  var ok = meets(F, rule), when = F.when[rule.when], E = cand.length;
  for (var e = 0; e < E; e++) ok[e] = cand[e] && ok[e] && when[g.src[e]] ? 1 : 0;
  var some = any(g, ok), out = new Uint8Array(E);
  for (e = 0; e < E; e++) out[e] = some[g.src[e]] ? ok[e] : cand[e];
  return out;
}

/* The rules of thumb of a solved two-player rule set (search_rules): {rules: [{feature, prefer, when, text,
   applies, accuracy, baseline, fails, example, share_after}], base: the kept share with no rule, positions: where
   a win or a draw can be thrown away}. T: cfg.thumbs ({rules: the candidates, max_rules, min_gain}); r: the
   roll-over number. */
/**
 * @param {Solved} s
 * @param {ThumbsData} T
 * @param {number} r
 * @returns {{base: number, positions: number, rules: Thumb[]}}
 */
function search(s, T, r) {
  var g = edges(s), F = features(s, g, r), K = keepers(s, g), E = g.dst.length;
  /** @type {Uint8Array} */
  var cand = new Uint8Array(E).fill(1);
  var shares = [keptShare(g, cand, K.keep, K.where)];
  /** @type {Map<Rule, Measured>} */
  var alone = new Map();
  /** @type {Rule[]} */
  var pool = [];
  T.rules.forEach(function (rule) {
    var m = measure(s, g, F, K, rule);
    if (m.accuracy > m.baseline) {
      alone.set(rule, m);
      pool.push(rule);
    }
  });
  /** @type {Rule[]} */
  var chosen = [];
  while (chosen.length < T.max_rules) {
    /** @type {Rule | null} */
    var best = null;
    var bestShare = -Infinity;
    /** @type {Uint8Array} */
    var bestCand = cand;
    for (var i = 0; i < pool.length; i++) {
      if (chosen.indexOf(pool[i]) >= 0) continue;
      var next = step(g, F, cand, pool[i]), share = keptShare(g, next, K.keep, K.where);
      if (share > bestShare) { // ties: the first in the search's order
        best = pool[i];
        bestShare = share;
        bestCand = next;
      }
    }
    if (best === null || bestShare - shares[shares.length - 1] < T.min_gain) break;
    chosen.push(best);
    shares.push(bestShare);
    cand = bestCand;
  }
  var positions = 0;
  for (var k = 0; k < g.n; k++) positions += K.where[k];
  return { base: shares[0], positions: positions, rules: chosen.map(function (rule, j) {
    return Object.assign({}, rule, /** @type {Measured} */ (alone.get(rule)), { share_after: shares[j + 1] });
  }) };
}

/* Draw the rules of thumb into the rules page's guide (#rules-thumbs...), in the built guide's words
   (templates/guide.html), without the games the built guide plays with them; r: the roll-over number. Over
   MAX_EDGES moves the search (a few passes over every move for each of some hundred candidates) would hold the
   page for seconds: a sentence says so instead. Returns {rules: their words, null when not searched}. */
var MAX_EDGES = 250000;
/**
 * @param {Solved} s
 * @param {{thumbs: ThumbsData, words: {units: Units}}} cfg
 * @param {number} r
 * @param {(id: string) => HTMLElement} $ the page's element of an id
 * @returns {{rules: string[] | null}}
 */
function show(s, cfg, r, $) {
  var big = s.edges > MAX_EDGES;
  $("rules-thumbs-big").hidden = !big;
  if (big) {
    $("rules-thumbs-moves").textContent = util.count(s.edges);
    $("rules-thumbs-lead").hidden = $("rules-thumbs-none").hidden = true;
    render($("rules-thumbs-list"), html``);
    return { rules: null };
  }
  var out = search(s, cfg.thumbs, r), U = cfg.words.units;
  var pct = function (/** @type {number} */ x) { return util.pct(x, U); };
  var count = util.count;
  var n = out.rules.length, last = n ? out.rules[n - 1].share_after : out.base;
  $("rules-thumbs-lead").hidden = !n;
  $("rules-thumbs-none").hidden = !!n;
  $("rules-thumbs-positions").textContent = count(out.positions);
  $("rules-thumbs-base").textContent = pct(out.base);
  $("rules-thumbs-count").textContent = count(n);
  $("rules-thumbs-final").textContent = pct(last);
  render($("rules-thumbs-list"), html`${out.rules.map(function (rule) {
    var fails = rule.fails ? html`It fails at ${util.plural(rule.fails, "position", "positions")}, where every move it allows throws the value away, such as <a href="#" data-node="${rule.node}">${rule.example
    }</a>.` : "It never leaves only losing moves.";
    return html`<li><p class="rule-text">${rule.text}</p><p class="rule-figures">Alone, it applies at ${
      util.plural(rule.applies, "position", "positions")}; the moves it allows keep the value ${
      pct(rule.accuracy)} of the time there, against ${pct(rule.baseline)} for a random move. With the rules above it: ${
      pct(rule.share_after)}. ${fails}</p></li>`;
  })}`);
  return { rules: out.rules.map(function (rule) { return rule.text; }) };
}

export { edges, features, search, show };
