import test from "node:test";
import assert from "node:assert/strict";
import { fixture, encodeBlock } from "./load.mjs";
import { contract } from "../../vizgen/site/static/js/core/contract.js";
import * as util from "../../vizgen/site/static/js/core/util.js";
import * as wire from "../../vizgen/site/static/js/core/wire.js";
import * as factsModule from "../../vizgen/site/static/js/viewer/facts.js";
import { Model } from "../../vizgen/site/static/js/viewer/model.js";

const VZ = { contract, util, wire, facts: factsModule, Model };
const WORDS = fixture("words.json");
const verdict = (key) => VZ.contract.verdicts.findIndex((v) => v.key === key);
const choice = (key) => VZ.contract.choices.findIndex((v) => v.key === key);

const FIELDS = ["verdict", "winner", "verdict_n", "choice", "choice_k", "choice_n", "score", "depth", "forced_out_in"]
  .map((name) => ({ name: name, width: /verdict$|winner|choice$|choice_k/.test(name) ? 1 : 2 }));
const OPPONENTS = [{ name: "perfect_move", width: 3 }, { name: "maxn1_move", width: 3 }];

/* Four positions of a made-up two-player page: a draw (the start), a win in 3, a lost game, a loss in 5. */
function files() {
  const facts = {
    verdict: [verdict("draw"), verdict("win"), verdict("lost"), verdict("loss")],
    winner: [-1, 0, 1, 1],
    verdict_n: [-1, 3, 0, 5],
    choice: [choice("draw"), choice("you-lose"), choice("you-win-now"), choice("you-win")],
    choice_k: [-1, 1, 0, 0],
    choice_n: [-1, 3, 0, 5],
    score: [10, 2, 20, 5],
    depth: [0, 1, 2, 1],
    forced_out_in: [-1, 4, -1, -1],
  };
  const nodes = {
    n: 4, players: 2, start: 0, chunk: 4, edges: 5, notation: "11-11 12-11 00-12 1.10-3.4",
    fields: FIELDS, facts: encodeBlock(FIELDS, facts), opponents: OPPONENTS,
    columns: [
      { name: "depth", label: "From the start", show: "plies", doc: "", missing: null },
      { name: "best_moves", label: "Optimal moves", show: "count", doc: "", missing: null },
      { name: "forced_out_in", label: "Forced out in", show: "plies", doc: "", missing: -1 },
    ],
  };
  const rows = [
    [[[1, 1], [1, 1]], [1], [[1, "1>1"], [3, "1>2", "11 -> 02"]], []],
    [[[1, 2], [1, 1]], [2], [[0, "2>1"], [2, "1>1"]], [0]],
    [[[0, 0], [1, 2]], [0], [], [1]],
    [[[1, 10], [3, 4]], [1], [[0, "x"]], [0]],
  ];
  const c0 = { first: 0, nodes: rows, opponents: encodeBlock(OPPONENTS, { perfect_move: [3, 2, -1, 0], maxn1_move: [1, 0, -1, 0] }) };
  return { nodes: nodes, c0: c0 };
}

function open() {
  const data = files();
  const asked = [];
  const fetch = (name) => { asked.push(name); return Promise.resolve(data[name]); };
  return VZ.Model.open(data.nodes, fetch, WORDS).then((model) => ({ model, asked }));
}

test("a position's verdict in words, its class, its winner and remoteness", async () => {
  const { model } = await open();
  assert.deepEqual([0, 1, 2, 3].map((i) => model.words(i)), ["draw", "win in 3 plies", "lost: game over", "loss in 5 plies"]);
  assert.deepEqual([0, 1, 2, 3].map((i) => model.short(i)), ["draw", "win in 3 plies", "lost", "loss in 5 plies"]);
  assert.deepEqual([0, 1, 2, 3].map((i) => model.cls(i)), ["draw", "win", "loss", "loss"]);
  assert.deepEqual([0, 1, 2, 3].map((i) => model.value(i)), [0, 1, -1, -1]);
  assert.deepEqual([0, 1, 2, 3].map((i) => model.over(i)), [false, false, true, false]);
  assert.deepEqual([0, 1, 2, 3].map((i) => model.winner(i)), [-1, 0, 1, 1]);
  assert.deepEqual([0, 1, 2, 3].map((i) => model.remoteness(i)), [-1, 3, 0, 5]);
  assert.equal(model.startId, 0);
  assert.equal(model.name(3), "1.10-3.4");
});

test("a detail's moves read their meaning and their rank from their targets", async () => {
  const { model, asked } = await open();
  const d = await model.detail(0);
  assert.deepEqual(d.moves, [
    { dst: 1, names: ["1>1"], choice: choice("you-lose"), n: 3, k: 1, best: false },
    { dst: 3, names: ["1>2", "11 -> 02"], choice: choice("you-win"), n: 5, k: 0, best: true },
  ]);
  assert.deepEqual(d.hands, [[1, 1], [1, 1]]);
  assert.deepEqual(d.parents, []);
  assert.deepEqual(d.opponents, [3, 1]);
  assert.deepEqual((await model.detail(2)).opponents, [-1, -1]);
  assert.equal(await model.detail(0), d); // kept
  assert.deepEqual(asked, ["c0"]); // one chunk, loaded once
  const other = await model.detail(1); // targets scored 10 and 20: the higher one only
  assert.deepEqual(other.moves.map((m) => m.best), [false, true]);
});

test("the panel's columns: facts from the wire (none where missing), the rest from the chunk", async () => {
  const { model } = await open();
  assert.deepEqual((await model.detail(0)).values, [0, 1, null]);
  assert.deepEqual((await model.detail(1)).values, [1, 2, 4]);
});

test("a typed position: its notation, or a spelling without separators that no other shares", async () => {
  const { model } = await open();
  assert.equal(model.find("11-11"), 0);
  assert.equal(model.find(" 1211 "), 1);
  assert.equal(model.find("12 11"), 1);
  assert.equal(model.find("11034"), 3);
  assert.equal(model.find("99-99"), undefined);
  assert.equal(model.find(""), undefined);
  assert.equal(model.lookup("12-11"), 1);
  assert.equal(model.lookup("1211"), undefined); // lookup is the notation only
});

test("spellings two positions share are not offered", async () => {
  const data = files();
  data.nodes.notation = "11-11 12-11 00-12 11.0-3.4";
  const model = await VZ.Model.open(data.nodes, () => Promise.resolve(data.c0), WORDS);
  assert.equal(model.find("11.0-3.4"), 3);
  assert.equal(model.find("1103.4"), 3);
  const clash = files();
  clash.nodes.notation = "11-11 1.10-3.4 00-12 11.0-3.4";
  const both = await VZ.Model.open(clash.nodes, () => Promise.resolve(clash.c0), WORDS);
  assert.equal(both.find("11034"), undefined);
  assert.equal(both.find("11.0-3.4"), 3);
});
