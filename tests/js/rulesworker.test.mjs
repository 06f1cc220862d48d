/* The rules page's solve where no Web Worker can start (a page from file://; Node has none either): run() solves
 * in slices between which the event loop turns, tells how far it has got (the compile's rows too: compiling()),
 * gives the same solution as the worker's work(), and cancel() stops it at its next slice. */
import test from "node:test";
import assert from "node:assert";
import { fixture } from "./load.mjs";
import * as rulebook from "../../vizgen/site/static/js/rules/engine/rulebook.js";
import * as rulecompile from "../../vizgen/site/static/js/rules/engine/rulecompile.js";
import * as rulesworker from "../../vizgen/site/static/js/pages/rules/worker.js";
import * as solving from "../../vizgen/site/static/js/rules/solving.js";

const book = new rulebook.Book(fixture("rulebook.json"));
const params = (spec) => book.read(spec).params;
const ARRAYS = ["codes", "depth", "winner", "rem", "outdeg", "final", "outIn"];

test("solved in slices in the page: the worker's solution, told how far from the compile on", async () => {
  for (const spec of ["standard:r=7", "three-players"]) {
    const told = [];
    let turns = 0;
    const ticker = setInterval(() => turns++, 0);
    const got = await rulesworker.run(params(spec), "no-worker-here.js", (step, done, total) => told.push([step, done, total]));
    clearInterval(ticker);
    const want = solving.work(params(spec), () => {});
    assert.deepStrictEqual(got.R, want.R, spec);
    assert.strictEqual(got.n, want.n);
    for (const k of ARRAYS) assert.deepStrictEqual(got[k], want[k], spec + " " + k);
    assert.deepStrictEqual(told[0], ["compile", 0, 1]);
    const at = told.map(([step, done, total]) => solving.fraction(step, done, total, want.n));
    assert.deepStrictEqual(at, at.slice().sort((a, b) => a - b), "the bar only moves forward");
    assert.ok(turns > 0 || told.length === 1, "the event loop turned while it solved");
    assert.strictEqual(rulesworker.busy(), false);
  }
});

test("the compile as steps gives the compile at once", () => {
  const steps = rulecompile.compiling(params("standard:r=7,swaps=1"));
  let next = steps.next(), rows = 0, last = 0;
  while (!next.done) {
    assert.strictEqual(next.value[0], "compile");
    assert.ok(next.value[1] > last && next.value[1] <= next.value[2]);
    last = next.value[1];
    rows++;
    next = steps.next();
  }
  assert.ok(rows > 0);
  assert.deepStrictEqual(next.value, rulecompile.compile(params("standard:r=7,swaps=1")));
});

test("cancel() stops a solve in the page at its next slice", async () => {
  const going = rulesworker.run(params("standard:r=30"), "no-worker-here.js", () => {});
  assert.strictEqual(rulesworker.busy(), true);
  await new Promise((resolve) => setTimeout(resolve, 60));
  assert.strictEqual(rulesworker.cancel(), true);
  await assert.rejects(going, /cancelled/);
  assert.strictEqual(rulesworker.busy(), false);
  assert.strictEqual(rulesworker.cancel(), false);
});
