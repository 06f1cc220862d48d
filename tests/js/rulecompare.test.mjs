import test from "node:test";
import assert from "node:assert";
import { fixture } from "./load.mjs";
import { contract } from "../../vizgen/site/static/js/core/contract.js";
import * as util from "../../vizgen/site/static/js/core/util.js";
import * as movegen from "../../vizgen/site/static/js/rules/engine/movegen.js";
import * as rulebook from "../../vizgen/site/static/js/rules/engine/rulebook.js";
import * as rulecompile from "../../vizgen/site/static/js/rules/engine/rulecompile.js";
import * as rulesolve from "../../vizgen/site/static/js/rules/engine/rulesolve.js";
import * as rulefacts from "../../vizgen/site/static/js/rules/rulefacts.js";
import * as solving from "../../vizgen/site/static/js/rules/solving.js";
import * as rulecompare from "../../vizgen/site/static/js/rules/rulecompare.js";

const VZ = { contract, util, movegen, rulebook, rulecompile, rulesolve, rulefacts, solving, rulecompare };
const D = fixture("rulebook.json");
const W = fixture("words.json");
const book = new VZ.rulebook.Book(D);
const { sweepPlan, sweepable, sweepChart, sideBySide } = VZ.rulecompare;
const { figures } = VZ.rulefacts;
const { fraction } = VZ.solving;
const allowance = (b, params, memory) => b.allowance(params, memory);

function solved(spec) {
  const params = book.read(spec).params;
  const s = VZ.rulesolve.solve(VZ.rulecompile.compile(params));
  return { s, f: VZ.rulefacts.compute(s, params) };
}

test("past the usual limit, a rule set is solved only where the device reports the memory it takes", () => {
  const small = allowance(book, book.read("standard").params, undefined);
  assert.deepStrictEqual([small.ok, small.large], [true, false]);
  const six = book.read("standard:players=6").params; // 11,390,625 positions: the site's own six players
  assert.ok(book.estimate(six) > D.max_positions && book.estimate(six) <= D.large.max_positions);
  assert.deepStrictEqual([allowance(book, six, 8).ok, allowance(book, six, 8).large], [true, true]);
  assert.strictEqual(allowance(book, six, 4).ok, false, "4 GB: a quarter is less than the 1.9 GB it takes");
  assert.strictEqual(allowance(book, six, undefined).ok, false, "no memory reported: refused as before");
  assert.strictEqual(allowance(book, six, 0).ok, false);
  const bytes = allowance(book, six, 8).bytes;
  assert.strictEqual(bytes, book.estimate(six) * D.large.bytes_per_position + 15 * 15 * D.large.bytes_per_hand_pair);
  const seven = book.read("standard:players=7").params; // past the site's own limit, whatever the memory
  assert.strictEqual(allowance(book, seven, 1024).ok, false);
});

test("a sweep solves the valid values nearest the rule set's own, ascending, within the size limit", () => {
  const params = book.read("standard").params;
  const plan = sweepPlan(book, "standard", params, "r", D.max_positions);
  assert.deepStrictEqual(plan.map((p) => p.value), [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]);
  assert.strictEqual(plan.length, VZ.rulecompare.SWEEP_POINTS);
  assert.deepStrictEqual(plan.slice(0, 2).map((p) => p.spec), ["standard:r=2", "standard:r=3"]);
  assert.strictEqual(plan[3].spec, "standard", "the rule set's own value is one of them");
  assert.deepStrictEqual(sweepPlan(book, "standard", params, "start", D.max_positions).map((p) => p.value), [1, 2, 3, 4]);
  // a tight limit keeps the points that fit, all together, nearest the own value first
  const tight = sweepPlan(book, "standard", params, "r", 1000);
  assert.deepStrictEqual(tight.map((p) => p.value), [2, 3, 4, 5, 6]); // 9 + 36 + 100 + 225 + 441: r = 7 (784) does not fit
  assert.ok(tight.reduce((a, p) => a + p.size, 0) <= 1000);
  // lives need sudden death; swaps need two hands
  assert.deepStrictEqual(sweepable(book, "standard", params, D.max_positions), ["r", "swaps", "start", "hands"]);
  const sudden = book.read("standard:sudden_death=true,start=2").params;
  assert.ok(sweepable(book, "standard", sudden, D.max_positions).includes("lives"));
  const lives = sweepPlan(book, "standard", sudden, "lives", D.max_positions);
  assert.ok(lives.every((p) => book.problem(p.params) === null && p.params.sudden_death));
  const one = book.read("standard:hands=1").params;
  assert.ok(!sweepable(book, "standard", one, D.max_positions).includes("swaps"));
});

test("a solved rule set's figures, and two side by side with the ones that differ", () => {
  const a = solved("standard"), b = solved("standard:r=6");
  const fa = figures(a.s, a.f), fb = figures(b.s, b.f);
  assert.deepStrictEqual([fa.start, fa.cls, fa.words, fa.n, fa.edges], ["11-11", "draw", "draw", 204, 531]);
  assert.strictEqual(fa.win + fa.draw + fa.loss, fa.n);
  const rows = sideBySide(fa, fb, W.units);
  assert.strictEqual(rows[0].label, "The start, for the first player");
  assert.deepStrictEqual([rows[0].a, rows[0].b, rows[0].differ], ["11-11: draw", "11-11: draw", false]);
  const positions = rows.find((r) => r.label === "Positions reachable from the start");
  assert.deepStrictEqual([positions.a, positions.b, positions.differ], ["204", String(fb.n), true]);
  const share = rows.find((r) => r.label === "Share of positions drawn");
  assert.strictEqual(share.a, VZ.util.pct(fa.draw / fa.n, W.units));
  const same = sideBySide(fa, fa, W.units);
  assert.ok(same.every((r) => !r.differ));
  const r2 = solved("standard:r=2");
  const f2 = figures(r2.s, r2.f);
  assert.deepStrictEqual([f2.cls, sideBySide(fa, f2, W.units)[0].differ], ["win", true]);
});

test("the sweep's chart: one link a point, the theme's classes, every word escaped", () => {
  const points = [
    { value: 2, href: '?rules=a"b<c>', n: 4, cls: "win", words: "win in 3 plies" },
    { value: 3, href: "?rules=standard:r=3", n: 26, cls: "draw", words: "draw", here: true },
    { value: 4, href: "?rules=standard:r=4", n: null, state: "waiting" },
  ];
  const svg = sweepChart(points, "r", W, 0).text;
  assert.strictEqual((svg.match(/<a class="sweep-point/g) || []).length, 3);
  assert.ok(svg.includes('href="?rules=a&quot;b&lt;c&gt;"') && !svg.includes('a"b<c>'));
  assert.ok(svg.includes('class="sweep-value fill-win"') && svg.includes('class="sweep-value fill-draw"'));
  assert.ok(svg.includes('class="sweep-point here"'));
  assert.ok(svg.includes("r = 2: the start is a win in 3 plies for the first player; 4 positions"));
  assert.ok(svg.includes("r = 4: waiting"));
  assert.ok(!/#[0-9a-f]{3,8}\b|rgb\(|hsl\(/i.test(svg), "no colour written out");
  // the points fit the room where they can, 28 to 44 pixels apart
  const width = (room) => Number(/width="(\d+)"/.exec(sweepChart(points, "r", W, room).text)[1]);
  assert.strictEqual(width(0), 50 + 3 * 44 + 8);
  assert.strictEqual(width(50 + 3 * 30 + 8), 50 + 3 * 30 + 8);
  assert.strictEqual(width(20), 50 + 3 * 28 + 8);
});

test("the progress bar only moves forward, from 0 to 1", () => {
  const steps = [["compile", 0, 1], ["compile", 1, 1], ["enumerate", 10, 20], ["enumerate", 90, 100],
    ["enumerate", 100, 100], ["solve", 1, 100], ["solve", 100, 100], ["survival", 1, 0], ["survival", 30, 0],
    ["done", 100, 100]];
  let last = 0;
  for (const [step, done, total] of steps) {
    const at = fraction(step, done, total, 100);
    assert.ok(at >= last && at <= 1, step + " " + done);
    last = at;
  }
  assert.strictEqual(last, 1);
});
