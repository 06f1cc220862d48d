/* The rules page's one list of a position's moves (rulegraph.movesOf): the rules page's table, its game, its
 * guide and its downloads all read it, so they name and rank a position's moves as the built pages do. */
import test from "node:test";
import assert from "node:assert/strict";
import { fixture } from "./load.mjs";
import { contract } from "../../vizgen/site/static/js/core/contract.js";
import * as util from "../../vizgen/site/static/js/core/util.js";
import * as movegen from "../../vizgen/site/static/js/rules/engine/movegen.js";
import * as rulesolve from "../../vizgen/site/static/js/rules/engine/rulesolve.js";
import * as rulefacts from "../../vizgen/site/static/js/rules/rulefacts.js";
import * as pairwise from "../../vizgen/site/static/js/rules/engine/pairwise.js";
import * as rulegraph from "../../vizgen/site/static/js/rules/rulegraph.js";

const VZ = { contract, util, movegen, rulesolve, rulefacts, pairwise, rulegraph };

test("moves to one position are one entry, named by move id (the representative first), best by score", () => {
  // the rules list moves in their own order: mid 5 to code 30 before mid 1 to it
  const s = { final: [-1, 0, 0], codes: [10, 20, 30], R: { moves: ["a", "b", "c", "d", "e", "f"] },
    rules: { moves: () => [{ dst: 30, mid: 5 }, { dst: 20, mid: 2 }, { dst: 30, mid: 1 }] } };
  const got = VZ.rulegraph.movesOf(s, { score: [0, 7, 9] }, 0);
  assert.deepEqual(got.map((m) => [m.dst, m.names, m.best]), [[2, ["b", "f"], true], [1, ["c"], false]]);
  assert.deepEqual(VZ.rulegraph.movesOf(s, { score: [0, 7, 9] }, 1), [], "a finished game has no moves");
});

test("every move of every position of two variants is in exactly one entry, and the highest scores are best", () => {
  for (const name of ["standard-rules.json", "players3-r3-rules.json"]) {
    const R = fixture(name), s = VZ.rulesolve.solve(R);
    const f = VZ.rulefacts.compute(s, { misere: false, attack: "normal" });
    for (let i = 0; i < s.n; i++) {
      const moves = VZ.rulegraph.movesOf(s, f, i), all = s.final[i] >= 0 ? [] : s.rules.moves(s.codes[i]);
      assert.equal(new Set(moves.map((m) => m.dst)).size, moves.length);
      assert.equal(moves.reduce((t, m) => t + m.names.length, 0), all.length);
      for (const m of moves) {
        const mids = all.filter((mv) => VZ.rulesolve.nodeOf(s.codes, mv.dst) === m.dst).map((mv) => mv.mid);
        assert.deepEqual(m.names, mids.sort((a, b) => a - b).map((mid) => R.moves[mid]));
      }
      const top = Math.max(...moves.map((m) => f.score[m.dst]));
      for (const m of moves) assert.equal(m.best, f.score[m.dst] === top);
    }
  }
});
