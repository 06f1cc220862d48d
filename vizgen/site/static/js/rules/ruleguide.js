/* vizgen ruleguide: the short guide of a two-player rule set solved in the browser (vizgen/reports/guide.py).
 *
 * verdict(): who wins from the start and the room for error along perfect play (guide.py _verdict); mustFind():
 * every position with more than one move (moves to the same position count once) where exactly one keeps the
 * mover's win or draw, with the only move and what each other move means for the player choosing it, in
 * notation order (the built guide ranks them by practice games, which need the engine's random numbers).
 */
import { contract } from "../core/contract.js";
import { html, render } from "../core/html.js";
import * as util from "../core/util.js";
import * as rulegraph from "./rulegraph.js";

/** @typedef {import("./engine/rulesolve.js").Solved} Solved */
/** @typedef {import("./rulefacts.js").Facts} Facts */
/** @typedef {import("./rulegraph.js").MoveGroup & {keep: boolean}} KeptMove a move and whether it keeps the value */
/**
 * The start's value and the room for error along perfect play (verdict).
 * @typedef {{start: string, winner: number, plies: number, met: number, room: number, forced: number,
 *   narrow: number, value: string, value_code: string}} GuideVerdict
 */
/** @typedef {{move: string, to: string, means: string, means_code: string}} OtherMove */
/**
 * A must-find position (mustFind).
 * @typedef {{node: number, position: string, value: string, value_code: string, move: string, to: string,
 *   means: string, means_code: string, others: OtherMove[]}} MustFind
 */

/* The value class of a node for the player who moved there (marks.py value_classes, two players: the
   contract's rankOf): 2 a win, 1 a draw, 0 a loss. */
/**
 * @param {Solved} s
 * @param {number} i
 */
function classFor(s, i) {
  return contract.rankOf(1, s.winner[i], null);
}

/* Per node its distinct moves (rulegraph.movesOf) with `keep`: the move keeps the best value class there. */
/**
 * @param {Solved} s
 * @param {Facts} f
 * @param {number} i
 * @returns {KeptMove[]}
 */
function annotated(s, f, i) {
  var moves = rulegraph.movesOf(s, f, i), top = -1;
  moves.forEach(function (m) { top = Math.max(top, classFor(s, m.dst)); });
  return moves.map(function (m) { return Object.assign(m, { keep: classFor(s, m.dst) === top }); });
}

/* {start, winner, plies, value, met, room, forced, narrow}: the start's value (in words), the positions with a move to make met when both play
   optimal moves from the start, those where more than one move keeps the value, only one move is possible,
   and exactly one of several keeps it. */
/**
 * @param {Solved} s
 * @param {Facts} f
 * @returns {GuideVerdict}
 */
function verdict(s, f) {
  var st = s.start, met = new Uint8Array(s.n), stack = [st];
  /** @type {GuideVerdict} */
  var out = { start: s.rules.name(s.codes[st]),
    winner: s.winner[st], plies: s.rem[st], met: 0, room: 0, forced: 0, narrow: 0,
    value: util.fill(contract.verdicts[f.verdict[st]].long, { n: f.verdictN[st], k: s.winner[st] }),
    value_code: contract.verdicts[f.verdict[st]].key };
  met[s.start] = 1;
  while (stack.length) {
    var i = /** @type {number} */ (stack.pop());
    if (s.final[i] >= 0) continue;
    var moves = annotated(s, f, i), kept = moves.filter(function (m) { return m.keep; }).length;
    out.met++;
    if (kept > 1) out.room++;
    if (moves.length === 1) out.forced++;
    else if (kept === 1) out.narrow++;
    moves.forEach(function (m) {
      if (m.best && !met[m.dst]) {
        met[m.dst] = 1;
        stack.push(m.dst);
      }
    });
  }
  return out;
}

/* The must-find positions, in notation order: [{node, position, value, value_code, move, to, means, means_code,
   others: [{move, to, means, means_code}]}], the other moves by the position they reach; value: the verdict for the player to move, means:
   what the move means for the player choosing it (the contract's verdicts and choices, long). */
/**
 * @param {Solved} s
 * @param {Facts} f
 * @returns {MustFind[]}
 */
function mustFind(s, f) {
  var fill = util.fill;
  /** @type {MustFind[]} */
  var out = [];
  /** @param {number} c */
  function means(c) {
    return fill(contract.choices[f.choice[c]].long, { n: f.choiceN[c], k: f.choiceK[c] });
  }
  for (var i = 0; i < s.n; i++) {
    if (s.final[i] >= 0 || s.winner[i] === 1) continue;
    var moves = annotated(s, f, i), keep = moves.filter(function (m) { return m.keep; });
    if (moves.length < 2 || keep.length !== 1) continue;
    var only = keep[0];
    out.push({ node: i, position: s.rules.name(s.codes[i]),
      value: fill(contract.verdicts[f.verdict[i]].long, { n: f.verdictN[i], k: s.winner[i] }),
      value_code: contract.verdicts[f.verdict[i]].key,
      move: only.names[0], to: s.rules.name(s.codes[only.dst]), means: means(only.dst),
      means_code: contract.choices[f.choice[only.dst]].key,
      others: moves.filter(function (m) { return m !== only; }).sort(function (a, b) { return a.dst - b.dst; }).map(function (m) {
        return { move: m.names[0], to: s.rules.name(s.codes[m.dst]), means: means(m.dst),
          means_code: contract.choices[f.choice[m.dst]].key };
      }) });
  }
  out.sort(function (a, b) { return a.position < b.position ? -1 : a.position > b.position ? 1 : 0; });
  return out;
}

/* Draw the short guide of a two-player rule set into the rules page (#rules-guide): the verdict in the built
   guide's words (cfg.guide, vizgen/reports/lessons.py), and the moves you must find, the first ROWS in a table,
   the rest behind "all". cls(i): node i's value class. Returns {must: how many}. */
var ROWS = 12, MOST_ROWS = 400;
/**
 * @param {Solved} s
 * @param {Facts} f
 * @param {{guide: Record<string, string>}} cfg
 * @param {(i: number) => string} cls
 * @param {(id: string) => HTMLElement} $ the page's element of an id
 * @returns {{must: number}}
 */
function show(s, f, cfg, cls, $) {
  var G = cfg.guide, fill = util.fill;
  var v = verdict(s, f), must = mustFind(s, f);
  var head = v.winner < 0 ? fill(G.draw, { start: v.start })
    : fill(G.win, { who: v.winner === 0 ? "first" : "second", start: v.start, plies: util.plural(v.plies, "ply", "plies") });
  $("rules-guide-verdict").textContent = head + fill(G.room, v) + (must.length ? fill(G.must, { total: must.length }) : G.none);
  $("rules-guide-lead").hidden = !must.length;
  $("rules-guide-none").hidden = !!must.length;
  /** @param {MustFind[]} list */
  function rows(list) {
    return list.map(function (m) {
      return html`<tr><td><a href="#" data-node="${m.node}">${m.position}</a></td><td class="move">${
        m.move}</td><td><span class="badge sm ${cls(m.node)}">${m.value}</span></td><td>${
        m.others.map(function (o, k) { return html`${k ? "; " : ""}<span class="move">${o.move}</span>: ${o.means}`; })
      }</td></tr>`;
    });
  }
  var headRow = html`<thead><tr><th scope="col">position</th><th scope="col">the only move</th><th scope="col">for the player to move</th><th scope="col">the other moves, for you</th></tr></thead>`;
  var first = must.length
    ? html`<table class="report-table guide-table">${headRow}<tbody>${rows(must.slice(0, ROWS))}</tbody></table>` : "";
  var more = must.length > ROWS ? html`<details class="guide-more"><summary>All ${util.count(must.length)} positions${
    must.length > MOST_ROWS ? " (the first " + MOST_ROWS + ")" : ""}</summary><table class="report-table guide-table">${
    headRow}<tbody>${rows(must.slice(ROWS, MOST_ROWS))}</tbody></table></details>` : "";
  render($("rules-guide-must"), html`${first}${more}`);
  $("rules-guide").hidden = false;
  return { must: must.length };
}

export { verdict, mustFind, show };
