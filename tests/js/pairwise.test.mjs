/* numpy's sums in the browser (pairwise.js), bit for bit: arrays whose sum depends on the order of its terms, of
 * every length numpy's pairwise summation treats apart, with numpy's np.sum, np.mean and np.add.reduceat
 * (fixtures/pairwise.json, written by tests/test_js.py). */
import test from "node:test";
import assert from "node:assert/strict";
import { fixture } from "./load.mjs";
import * as pairwise from "../../vizgen/site/static/js/rules/engine/pairwise.js";


test("the sums, means and reduceat segments are numpy's doubles", () => {
  const cases = fixture("pairwise.json");
  assert.ok(cases.some(([a]) => a.length > 128) && cases.some(([a]) => a.length < 8));
  for (const [a, sum, mean, segment] of cases) {
    assert.equal(pairwise.sum(a, 0, a.length), sum, `sum of ${a.length}`);
    assert.equal(pairwise.mean(Float64Array.from(a)), mean, `mean of ${a.length}`);
    assert.equal(pairwise.reduceat(a, a.length), segment, `reduceat of ${a.length}`);
  }
});

test("a plain left-to-right sum differs from numpy's on these arrays (the order is what is tested)", () => {
  const cases = fixture("pairwise.json").filter(([a]) => a.length >= 8);
  const naive = cases.filter(([a, sum]) => a.reduce((t, x) => t + x, 0) !== sum);
  assert.ok(naive.length > cases.length / 4, `${naive.length} of ${cases.length}`);
});
