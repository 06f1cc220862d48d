/* The rules page's split modules that need no document: the game against the perfect player (rulegame.js) and
 * the wire encoder of the data files (rulewire.js). */
import test from "node:test";
import assert from "node:assert/strict";
import zlib from "node:zlib";
import { fixture, encodeBlock } from "./load.mjs";
import * as rulesolve from "../../vizgen/site/static/js/rules/engine/rulesolve.js";
import * as rulefacts from "../../vizgen/site/static/js/rules/rulefacts.js";
import * as rulegraph from "../../vizgen/site/static/js/rules/rulegraph.js";
import * as rulegame from "../../vizgen/site/static/js/rules/rulegame.js";
import * as rulewire from "../../vizgen/site/static/js/rules/rulewire.js";

test("the perfect player's move is the optimal move to the position whose notation sorts first", () => {
  const s = rulesolve.solve(fixture("standard-rules.json"));
  const f = rulefacts.compute(s, { misere: false, attack: "normal" });
  for (let i = 0; i < s.n; i++) {
    const best = rulegraph.movesOf(s, f, i).filter((m) => m.best).map((m) => [s.rules.name(s.codes[m.dst]), m.dst]);
    best.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    assert.equal(rulegame.perfectMove(s, f, i), best.length ? best[0][1] : -1);
    assert.equal(rulegame.perfectMove(s, f, i), rulegraph.perfect(s, rulegraph.movesOf(s, f, i)));
  }
});

test("a move of the game is marked, the perfect player answers, and a move that is none is refused", () => {
  const s = rulesolve.solve(fixture("standard-rules.json"));
  const f = rulefacts.compute(s, { misere: false, attack: "normal" });
  const g = rulegame.newGame(s);
  assert.deepEqual(g, { at: s.start, trail: [s.start], marks: [] });
  assert.equal(rulegame.play(s, f, g, -5), false);
  assert.equal(g.marks.length, 0);
  const first = rulegraph.movesOf(s, f, s.start)[0];
  assert.equal(rulegame.play(s, f, g, first.dst), true);
  assert.equal(g.marks.length, 1);
  assert.equal(g.marks[0].move, first.names[0]);
  assert.equal(g.marks[0].best, first.best);
  assert.equal(g.trail[1], first.dst);
  if (s.final[first.dst] < 0) {
    assert.equal(g.trail.length, 3, "the perfect player answered");
    assert.equal(g.at, rulegame.perfectMove(s, f, first.dst));
  }
});

test("the wire encoder writes a block as the site's documented layout (values plus one, byte planes, zlib)", async () => {
  const fields = [{ name: "a", width: 1 }, { name: "b", width: 3 }, { name: "c", width: 2 }];
  const columns = { a: [0, 1, -1, 200], b: [70000, -1, 5, 16777214], c: [300, 0, -1, 65534] };
  const got = await rulewire.encode(fields, columns, 4);
  const want = encodeBlock(fields, columns);
  assert.deepEqual(zlib.inflateSync(Buffer.from(got, "base64")), zlib.inflateSync(Buffer.from(want, "base64")));
});

test("the rules page draws one whole graph up to the contract's sizes, a phone fewer (rulemodel.whole)", async () => {
  const { whole } = await import("../../vizgen/site/static/js/rules/rulemodel.js");
  const { contract } = await import("../../vizgen/site/static/js/core/contract.js");
  const G = contract.graph;
  assert.ok(G.phoneMax < G.big);
  assert.equal(whole(G.big, 1400), true);
  assert.equal(whole(G.big + 1, 1400), false);
  assert.equal(whole(G.phoneMax, 390), true);
  assert.equal(whole(G.phoneMax + 1, 390), false); // r = 10 (2 958 positions) on a phone: the explorer
  assert.equal(whole(2958, 390), false);
  assert.equal(whole(2958, G.narrow + 1), true);
});
