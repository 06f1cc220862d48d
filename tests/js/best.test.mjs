/* The best page's app without a browser: its controller (best/ctrl.js) over a small made-up data file, and its
 * views (best/view/*.js) read as the words a visitor sees. That the lists the controller picks are the Python's
 * ranking on the judged record is checked in tests/test_best.py (cross/best.mjs). */
import test from "node:test";
import assert from "node:assert/strict";
import { BestCtrl, passing, rankedRows, wantsKey } from "../../vizgen/site/static/js/best/ctrl.js";
import { listView, rulesOf, shownOn } from "../../vizgen/site/static/js/best/view/list.js";
import { along, cellsOf, scatterView, tickValues } from "../../vizgen/site/static/js/best/view/scatter.js";
import { fixture } from "./load.mjs";

const UNITS = fixture("words.json").units;
const M = (key, title, player, unit) => ({ key, title, player, meaning: "m", unit, first: "best first" });
const row = (spec, changes, composite, values) => ({ spec, changes, rule_sets: 1, values, composite,
  play: "rules.html?rules=" + spec,
  score: composite === null ? "not scored" : composite.toFixed(1) + " points",
  shown: values.map((v) => (v === null ? "not judged" : String(v) + " u")) });
/* Two wants, two measures: three games, the standard the second. */
const DATA = {
  measures: [M("composite", "composite score", "", "points"), M("balance.middle", "balance", "middle play", "points"),
    M("skill_depth", "skill depth", "", "levels")],
  wants: [{ key: "fair", label: "fair", words: "fair: ..." }, { key: "deep", label: "deep", words: "deep: ..." }],
  family: ["fair"],
  rows: [row("standard:logan=true", "Logan clause on", 90, [0.01, 6]), row("standard", "none", 80, [0.09, 5]),
    row("standard:meta=true", "meta splits on", 70, [0.3, 2])],
  lists: { "|composite": [0, 1, 2], "fair|composite": [0, 1], "deep|composite": [0, 1], "fair,deep|composite": [0, 1],
    "|skill_depth": [0, 1, 2], "fair|skill_depth": [0, 1], "|balance.middle": [0, 1, 2] },
  passing: { "": 3, fair: 2, deep: 2, "fair,deep": 2 },
  standard: 1,
  axes: [{ key: "skill_depth", low: -0.5, step: 1, bins: 9 }, { key: "balance.middle", low: -1, step: 0.1, bins: 20 }],
  cells: { "skill_depth|balance.middle": [[6, 10, 1], [5, 10, 1], [2, 13, 1]] },
  games: 3, units: UNITS, coverage: "Judged so far: 3 of 9 distinct games.",
};

const started = async (wants = null) => {
  let draws = 0;
  const ctrl = new BestCtrl((name) => (name === "best-data" ? Promise.resolve(DATA) : Promise.reject(new Error(name))),
    () => { draws += 1; });
  await ctrl.start("best-data", wants);
  return { ctrl, draws: () => draws };
};

test("the wants' key is in the data's order, unknown wants left out", () => {
  assert.equal(wantsKey(DATA, ["deep", "fair", "nonsense"]), "fair,deep");
  assert.equal(wantsKey(DATA, []), "");
  assert.deepEqual(rankedRows(DATA, ["deep", "fair"], "composite").map((r) => r.spec), ["standard:logan=true", "standard"]);
  assert.deepEqual(rankedRows(DATA, ["deep"], "positions"), []);
  assert.equal(passing(DATA, ["fair", "deep"]), 2);
  assert.equal(passing(DATA, ["nothing"]), 3);
});

test("the controller starts on the family's wants, or those given, and follows the boxes", async () => {
  const { ctrl, draws } = await started();
  assert.deepEqual(ctrl.state.wants, ["fair"]);
  assert.equal(ctrl.state.status, "ready");
  assert.deepEqual([ctrl.state.x, ctrl.state.y], ["skill_depth", "balance.middle"]);
  ctrl.want(["deep", "fair", "bogus"]);
  assert.deepEqual(ctrl.state.wants, ["fair", "deep"]);
  ctrl.rankBy("no-such-measure");
  assert.equal(ctrl.state.by, "composite");
  ctrl.rankBy("skill_depth");
  assert.equal(ctrl.state.by, "skill_depth");
  ctrl.axes("balance.middle", "nope");
  assert.deepEqual([ctrl.state.x, ctrl.state.y], ["balance.middle", "balance.middle"]);
  assert.ok(draws() >= 5);
  const given = await started([]);
  assert.deepEqual(given.ctrl.state.wants, []);
});

test("a data file that cannot be loaded is said, in the list and the scatter", async () => {
  const ctrl = new BestCtrl(() => Promise.reject(new Error("gone")), () => {});
  await ctrl.start("best-data", null);
  assert.equal(ctrl.state.status, "failed");
  assert.match(listView(ctrl.state).text, /could not be loaded/);
  assert.match(scatterView(ctrl.state).text, /could not be loaded/);
});

test("the list says how many games give the wants and links each to the rules page", async () => {
  const { ctrl } = await started();
  const text = listView(ctrl.state).text;
  assert.match(text, /<b>2<\/b> of the 3 distinct games give all of it \(fair\)/);
  assert.match(text, /<p class="coverage">Judged so far: 3 of 9 distinct games.<\/p>/);
  assert.match(text, /The best 2 by composite score, best first/);
  assert.ok(text.indexOf("Logan clause on") < text.indexOf("the standard rules"));
  assert.match(text, /href="rules.html\?rules=standard:logan=true"/);
  ctrl.rankBy("skill_depth");
  assert.match(listView(ctrl.state).text, /<th>skill depth<\/th>/);
  ctrl.want(["fair", "deep"]);
  ctrl.rankBy("balance.middle"); // no list for these wants on balance: none shown, and said
  assert.match(listView(ctrl.state).text, /None does: untick a want/);
  assert.equal(rulesOf(DATA.rows[1]), "the standard rules");
  assert.equal(shownOn(DATA, DATA.rows[0], "skill_depth"), "6 u");
  assert.equal(shownOn(DATA, DATA.rows[0], "composite"), "90.0 points");
});

test("the scatter draws the cells either way round, a dot a game linked to play it, and the standard labelled",
  async () => {
    const { ctrl } = await started();
    assert.deepEqual(cellsOf(DATA, "balance.middle", "skill_depth")[0], [10, 6, 1]);
    assert.deepEqual(cellsOf(DATA, "skill_depth", "drama.random"), []);
    assert.equal(along(DATA.axes[0], 8), 17 / 18);
    assert.equal(along(DATA.axes[1], 5), 1);
    assert.deepEqual(tickValues(DATA.axes[0], "levels").slice(0, 3), [0, 1, 2]);
    const svg = scatterView(ctrl.state).text;
    assert.equal((svg.match(/<rect x=/g) || []).length, 1 + 3 + 1); // the frame, three cells, the standard
    assert.equal((svg.match(/<circle/g) || []).length, 4); // a dot and its wider target each
    assert.match(svg, /href="rules.html\?rules=standard:logan=true" aria-label="standard, Logan clause on: 90.0 points/);
    assert.match(svg, />standard<\/text>/);
    assert.match(svg, /skill depth, levels →/);
    assert.match(svg, /<p class="coverage">Judged so far: 3 of 9 distinct games.<\/p>/);
    ctrl.axes("skill_depth", "skill_depth");
    assert.match(scatterView(ctrl.state).text, /Choose two different measures/);
  });
