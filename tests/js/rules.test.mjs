/* The rules page's controller (rules/ctrl.js) played through its actions, without a browser: rules read from a
 * spec, checked and solved (by rulesworker.run, which in Node, as from file://, solves in the page's slices), a
 * position found and shown, a game against the perfect player, a comparison with another rule set, a cancelled
 * solve and a refusal. The values are the engine's (tests/test_rulespage.py checks the engine against the Python). */
import test from "node:test";
import assert from "node:assert";
import { fixture } from "./load.mjs";
import { contract } from "../../vizgen/site/static/js/core/contract.js";
import { RulesCtrl, encSpec } from "../../vizgen/site/static/js/rules/ctrl.js";
import * as rulefacts from "../../vizgen/site/static/js/rules/rulefacts.js";
import * as rulegraph from "../../vizgen/site/static/js/rules/rulegraph.js";
import * as rulesworker from "../../vizgen/site/static/js/pages/rules/worker.js";
import * as solving from "../../vizgen/site/static/js/rules/solving.js";
import * as rulecompile from "../../vizgen/site/static/js/rules/engine/rulecompile.js";
import * as rulesolve from "../../vizgen/site/static/js/rules/engine/rulesolve.js";
import { statusView, workingView } from "../../vizgen/site/static/js/rules/view/status.js";
import { command, sameView } from "../../vizgen/site/static/js/rules/view/same.js";

const D = fixture("rulebook.json");
const W = fixture("words.json");

/* A controller whose solver is the page's (no worker here: the page's slices), and the number of redraws. */
function made() {
  const seen = { redraws: 0 };
  const ctrl = new RulesCtrl(D, (params, tell, only) => rulesworker.run(params, "no-worker.js", tell, only),
    () => seen.redraws++);
  return { ctrl, seen };
}

/* The rules `spec` solved at once by the engine, with their facts: what the controller's solve must give. */
function engine(ctrl, spec) {
  const params = ctrl.book.read(spec).params;
  const s = rulesolve.solve(rulecompile.compile(params));
  return { s, f: rulefacts.compute(s, params) };
}

test("a rule set read, checked and solved: the engine's solution, said in the status line", async () => {
  const { ctrl, seen } = made();
  assert.strictEqual(ctrl.read("standard:r=3"), true);
  assert.strictEqual(ctrl.spec(), "standard:r=3");
  assert.strictEqual(ctrl.addressOf(ctrl.spec()), "?rules=standard:r=3");
  const fit = ctrl.check(undefined);
  assert.ok(fit && !fit.large);
  assert.strictEqual(ctrl.api.spec, "standard:r=3");
  const going = ctrl.solve(fit);
  assert.strictEqual(statusView(ctrl.state).text, "Solving standard:r=3 (up to " + fit.size + " positions) on this device…");
  assert.strictEqual(statusView(ctrl.state).cls, "rules-status working");
  assert.strictEqual(await going, true);
  const want = engine(ctrl, "standard:r=3");
  const s = ctrl.state.solved;
  assert.deepStrictEqual([s.n, s.edges, s.start], [want.s.n, want.s.edges, want.s.start]);
  assert.deepStrictEqual(Array.from(s.winner), Array.from(want.s.winner));
  assert.deepStrictEqual(Array.from(ctrl.state.facts.verdict), Array.from(want.f.verdict));
  assert.deepStrictEqual(ctrl.state.figures, rulefacts.figures(want.s, want.f));
  assert.strictEqual(ctrl.api.solution, s);
  assert.match(statusView(ctrl.state).text, new RegExp("^Solved on this device in .* s: " + s.n + " positions, " +
    s.edges + " moves\\.$"));
  assert.strictEqual(ctrl.state.shown, s.start);
  assert.strictEqual(workingView(ctrl.state, W.units), null);
  assert.ok(seen.redraws >= 2);
  // a position found by its text, and shown
  const start = s.rules.name(s.codes[s.start]);
  assert.strictEqual(ctrl.find(start), s.start);
  assert.strictEqual(ctrl.find("no such position"), -1);
  const other = rulegraph.movesOf(s, ctrl.state.facts, s.start)[0].dst;
  ctrl.show(other);
  assert.strictEqual(ctrl.state.shown, other);
  // the same built-in variant, and the command that builds these rules
  assert.match(String(sameView(ctrl.book.builtin(ctrl.state.params), D, "./")), /the built-in variant <a href="\.\/variants\//);
  assert.strictEqual(command(ctrl.spec()), "python -m vizgen build --variant standard:r=3");
});

test("a game against the perfect player, to the end", async () => {
  const { ctrl } = made();
  ctrl.read("standard:r=3");
  await ctrl.solve(ctrl.check(undefined));
  const { s, f } = ctrl.solved();
  ctrl.newGame();
  assert.deepStrictEqual(ctrl.state.game.trail, [s.start]);
  assert.strictEqual(ctrl.play(-5), false, "not a move from here");
  let plies = 0;
  while (s.final[ctrl.state.game.at] < 0 && plies < 200) {
    const moves = rulegraph.movesOf(s, f, ctrl.state.game.at);
    const pick = moves.find((m) => m.best) || moves[0];
    assert.strictEqual(ctrl.play(pick.dst), true);
    plies++;
  }
  assert.ok(ctrl.state.game.marks.length > 0 && ctrl.state.game.marks.every((m) => m.best));
});

test("a comparison: both rule sets' figures, the start's sentence and the positions whose value changes", async () => {
  const { ctrl } = made();
  ctrl.read("standard");
  await ctrl.solve(ctrl.check(undefined));
  const told = [];
  const other = ctrl.book.read("standard:r=6").params;
  const c = await ctrl.compare(other, "standard:r=6", (...step) => told.push(step));
  assert.deepStrictEqual(told[0], ["compile", 0, 1]);
  const mine = engine(ctrl, "standard"), theirs = engine(ctrl, "standard:r=6");
  assert.deepStrictEqual(c.figures, [rulefacts.figures(mine.s, mine.f), rulefacts.figures(theirs.s, theirs.f)]);
  // every position both reach whose class differs, and only those (names matched by the engine's own solves)
  const name = (x, i) => x.s.rules.name(x.s.codes[i]);
  const cls = (x, i) => contract.verdicts[x.f.verdict[i]].cls;
  const there = new Map();
  for (let j = 0; j < theirs.s.n; j++) there.set(name(theirs, j), j);
  const want = [];
  let shared = 0;
  for (let i = 0; i < mine.s.n; i++) {
    const j = there.get(name(mine, i));
    if (j === undefined) continue;
    shared++;
    if (cls(mine, i) !== cls(theirs, j)) want.push([i, j]);
  }
  assert.deepStrictEqual(c.changed, want);
  assert.ok(want.length > 1 && c.each);
  assert.strictEqual(c.sentence, "Under standard:r=6, the start 11-11 has the same value: draw. Of the " + shared +
    " positions both rule sets reach, " + want.length + " change value, listed below.");
  // another rule toggled: the sentence says whether the start's value is the same
  const misere = ctrl.book.read("standard:misere=true").params;
  const m = await ctrl.compare(misere, "standard:misere=true", () => {});
  assert.match(m.sentence, /^Under standard:misere=true, the start 11-11 has (the same|another) value: /);
  // rules solved again while the comparison's solve was under way: the comparison is dropped
  const real = ctrl.run;
  let release;
  ctrl.run = () => new Promise((resolve) => { release = resolve; });
  const late = ctrl.compare(other, "standard:r=6", () => {});
  ctrl.run = real;
  ctrl.read("standard:r=3");
  assert.strictEqual(await ctrl.solve(ctrl.check(undefined)), true);
  release(solving.work(other, () => {}));
  assert.strictEqual(await late, null);
});

test("a solve cancelled says so and may be started again; rules changed meanwhile drop their solve", async () => {
  const { ctrl } = made();
  ctrl.read("standard:r=30");
  const going = ctrl.solve(ctrl.check(undefined));
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.strictEqual(rulesworker.cancel(), true);
  assert.strictEqual(await going, false);
  assert.strictEqual(ctrl.api.refused, "cancelled");
  assert.strictEqual(ctrl.state.again, true);
  assert.strictEqual(statusView(ctrl.state).text, "Stopped: standard:r=30 was not solved. Solve it again with the " +
    "button below, or on a computer with the command below.");
  ctrl.read("standard:r=4");
  const first = ctrl.solve(ctrl.check(undefined));
  assert.strictEqual(ctrl.state.again, false);
  ctrl.read("standard:r=3");
  const second = ctrl.solve(ctrl.check(undefined));
  assert.strictEqual(await first, false);
  assert.strictEqual(await second, true);
  assert.strictEqual(ctrl.state.solved.n, engine(ctrl, "standard:r=3").s.n);
});

test("refusals: rules that cannot be read or played, and too many positions for a browser", () => {
  const { ctrl } = made();
  assert.strictEqual(ctrl.read("standard:r=1"), false);
  assert.strictEqual(ctrl.api.refused, "rules");
  assert.strictEqual(ctrl.state.status.kind, "impossible");
  assert.ok(ctrl.state.status.text.startsWith("These rules cannot be played as they stand: "));
  assert.strictEqual(ctrl.spec(), "standard", "the rules stay the standard ones");
  ctrl.read("standard:players=6,hands=4,r=10");
  assert.strictEqual(ctrl.check(undefined), null);
  assert.strictEqual(ctrl.api.refused, "size");
  assert.match(ctrl.state.status.text, /^These rules allow up to .* positions: too many to solve in a browser/);
  assert.strictEqual(encSpec("standard:r=3,misere=true"), "standard:r=3,misere=true");
});

test("a comparison with r > 10 matches positions by what they are, not how they are written (1.1-1.1 is 11-11)", async () => {
  const { ctrl } = made();
  ctrl.read("standard");
  await ctrl.solve(ctrl.check(undefined));
  const c = await ctrl.compare(ctrl.book.read("standard:r=12").params, "standard:r=12", () => {});
  const mine = engine(ctrl, "standard"), theirs = engine(ctrl, "standard:r=12");
  assert.strictEqual(theirs.s.rules.name(theirs.s.codes[theirs.s.start]), "1.1-1.1", "r > 10 writes hands dotted");
  // every position of standard (r = 5: hands 0 to 4) is a position of r = 12, found there by its hands and turn
  const there = new Map();
  for (let j = 0; j < theirs.s.n; j++) there.set(JSON.stringify(theirs.s.rules.hands(theirs.s.codes[j])), j);
  const cls = (x, i) => contract.verdicts[x.f.verdict[i]].cls;
  const want = [];
  let shared = 0;
  for (let i = 0; i < mine.s.n; i++) {
    const j = there.get(JSON.stringify(mine.s.rules.hands(mine.s.codes[i])));
    if (j === undefined) continue;
    shared++;
    if (cls(mine, i) !== cls(theirs, j)) want.push([i, j]);
  }
  assert.ok(shared > 100, "most of standard's positions are reached under r = 12 too");
  assert.ok(c.each);
  assert.deepStrictEqual(c.changed, want);
  assert.match(c.sentence, new RegExp("Of the " + shared + " positions both rule sets reach, "));
});
