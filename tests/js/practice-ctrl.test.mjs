/* The practice app's controller (practice/ctrl.js) played through its actions, without a browser: a puzzle run
 * with a miss (the rating, the progress kept, the run's failed puzzle retried), the streak, the timed run on a
 * clock the test holds, the daily puzzle and a goal; over standard's puzzles as the Python writes them
 * (fixtures/practice.json), a table loader and a store of the test's own. The views read as the words a visitor
 * sees. */
import test from "node:test";
import assert from "node:assert/strict";
import { fixture } from "./load.mjs";
import { contract } from "../../vizgen/site/static/js/core/contract.js";
import * as glicko from "../../vizgen/site/static/js/practice/glicko.js";
import * as P from "../../vizgen/site/static/js/practice/practice.js";
import * as T from "../../vizgen/site/static/js/practice/timed.js";
import { MODES, PracticeCtrl } from "../../vizgen/site/static/js/practice/ctrl.js";
import { addressNote } from "../../vizgen/site/static/js/practice/params.js";
import { feedbackView } from "../../vizgen/site/static/js/practice/view/feedback.js";

const data = fixture("practice.json");
const W = fixture("words.json");

const STORM_WORDS = { "storm-review-missed": "A puzzle you missed in the storm",
  "storm-review-solved": "A puzzle you solved in the storm", "storm-back": "Back to the storm's puzzles" };

/* practice/index.js and practice/standard.js as practice_page.py writes them, from the fixture. */
function files() {
  const keys = [...new Set(data.puzzles.flatMap((p) => p.themes))].sort();
  const idx = {
    puzzles: data.puzzles.map((p) => [0, p.position, p.rating, p.themes.map((t) => keys.indexOf(t))]),
    variants: [{ slug: "standard", title: "Standard", count: data.puzzles.length, players: 2 }],
    goals: data.goals.map((g, k) => ({ id: "standard:" + k, v: "standard", k, title: "Standard", text: g.kind })),
    themes: Object.fromEntries(keys.map((k) => [k, "theme " + k])), keys, words: { ...W, practice: STORM_WORDS },
  };
  const standard = { puzzles: Object.fromEntries(data.puzzles.map((p) =>
    [p.position, { kind: p.kind, plies: p.plies, line: p.line, value: p.value }])),
  nodes: data.nodes, goals: data.goals, table: data.table };
  const daily = { days: P.entries(idx).filter((e) => e.r >= 1100 && e.r < 1800) };
  return { idx, table: { standard, daily } };
}

/* A controller over the fixture, a store and a clock of the test's own; `drawn` counts the redraws. */
function session() {
  const { idx, table } = files();
  const kept = new Map();
  const store = { getItem: (k) => (kept.has(k) ? kept.get(k) : null), setItem: (k, v) => kept.set(k, v) };
  const clock = { now: 1000 };
  const loaded = [];
  const load = (name) => {
    loaded.push(name);
    return name in table ? Promise.resolve(table[name]) : Promise.reject(new Error("no " + name));
  };
  const out = { drawn: 0, kept, clock, loaded };
  out.ctrl = new PracticeCtrl(idx, { load, storage: store, now: () => clock.now, redraw: () => { out.drawn += 1; } });
  return out;
}

const ADDRESS = { variant: "", puzzle: "", theme: "", retry: "", mode: "", notes: [] };

/* A move the puzzle on the board does not accept, and the one it does (the best). */
function wrongAndRight(s) {
  const ok = P.good(s).map((m) => m.to);
  return { wrong: s.nodes[s.at].m.find((m) => !ok.includes(m.to)), right: P.good(s)[0] };
}

/* The words a visitor reads of some markup. */
function words(h) {
  const text = h.text.replace(/<[^>]*>/g, " ").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'").replace(/&amp;/g, "&");
  return text.replace(/\s+/g, " ").replace(/ ([.,:;)])/g, "$1").trim();
}

test("a puzzle run with a miss: failed and rated, then tried again and solved, the failed one retried", async () => {
  const t = session();
  const s = t.ctrl.state;
  await t.ctrl.start({ ...ADDRESS, variant: "standard" });
  assert.ok(s.cur && t.drawn > 0, "a puzzle is on the board");
  assert.deepEqual(t.loaded, ["standard"]);
  const first = s.cur;
  assert.equal(first.state.status, "play");
  assert.ok(first.rated, "a puzzle never played moves the rating");
  const { wrong } = wrongAndRight(first.state);
  const before = s.progress.rating;

  t.ctrl.onMove(wrong.to);
  assert.equal(first.state.status, "failed");
  assert.deepEqual(first.feedback.map((x) => x.kind), ["wrong", "delta"]);
  const expected = glicko.update(before, first.entry.r, 0);
  assert.equal(s.progress.rating.rating, expected.rating, "the rating is Glicko-2's after a loss to the puzzle");
  assert.ok(s.progress.rating.rating < before.rating);
  assert.equal(P.count(s.progress.failed, first.id), 1);
  assert.deepEqual(s.failedRun.map((e) => e.id), [first.id]);
  const stored = JSON.parse(t.kept.get(P.KEY));
  assert.equal(stored.history.length, 1);
  assert.equal(stored.history[0].ok, false);
  const said = words(feedbackView(s, first.feedback));
  const mark = contract.marks[wrong.mark];
  assert.match(said, new RegExp("✗ " + wrong.move.replace(/[>+]/g, "\\$&") + " is a " + mark.name.replace(/[?()]/g, "\\$&")));
  assert.match(said, /The solution: /);
  assert.match(said, /Your rating: 1 500 → /);

  t.ctrl.again();
  assert.equal(first.state.status, "play");
  assert.deepEqual(first.feedback, []);
  while (first.state.status === "play") t.ctrl.onMove(wrongAndRight(first.state).right.to);
  assert.equal(first.state.status, "solved");
  assert.deepEqual(first.feedback.map((x) => x.kind), ["solved"], "a puzzle moves the rating once");
  assert.match(words(feedbackView(s, first.feedback)), /Solved!$/);
  assert.equal(P.count(s.progress.solved, first.id), 1);

  await t.ctrl.nextPuzzle();
  assert.notEqual(s.cur.id, first.id, "the next puzzle is another");
  await t.ctrl.failedRun();
  assert.equal(s.cur.id, first.id, "the run's failed puzzle comes back");
  assert.equal(s.cur.nextLabel, "Next puzzle");
  assert.deepEqual(s.failedRun, []);
});

test("showing the solution fails the puzzle; a filter that leaves nothing says so", async () => {
  const t = session();
  const s = t.ctrl.state;
  await t.ctrl.start({ ...ADDRESS, variant: "standard", puzzle: "12-33" });
  assert.equal(s.cur.id, "standard:12-33");
  t.ctrl.giveUp();
  assert.equal(s.cur.state.status, "failed");
  assert.equal(s.cur.feedback[0].kind, "solution");
  assert.match(words(feedbackView(s, s.cur.feedback)), /^The solution: \S+ \(/);
  s.variant = "standard";
  await t.ctrl.filter("theme", "no-such-theme");
  assert.equal(s.cur, null);
  assert.equal(t.ctrl.pool().length, 0);
});

test("the address: what names nothing here is noted, the rest is used", async () => {
  const t = session();
  await t.ctrl.start({ ...ADDRESS, variant: "nope", theme: "nope", mode: "nope", notes: ["read"] });
  // the reader's own note, then the note of each part that names nothing here, each said once (the words are the
  // address table's where the page has one: addressNote)
  const expected = [...new Set(["read", ...["variant", "theme", "practice-mode"].map(addressNote)])];
  assert.deepEqual(t.ctrl.state.notes, expected);
  assert.ok(t.ctrl.state.cur, "a puzzle of any variant");
  t.ctrl.heard();
  assert.deepEqual(t.ctrl.state.notes, []);
  assert.deepEqual(MODES, ["puzzles", "goals", "streak", "daily", "timed"]);
});

test("the streak starts from the index's first variant (the rules a newcomer knows), near the rating", async () => {
  const { idx, table } = files();
  // a second variant rated lower than every standard puzzle: the old streak began with it
  const low = idx.puzzles.map((p) => [1, p[1], p[2] - 600, p[3]]);
  const two = { ...idx, variants: [...idx.variants, { slug: "knubs", title: "Knubs", count: low.length, players: 2 }],
    puzzles: [...idx.puzzles, ...low] };
  const loaded = [];
  const load = (name) => { loaded.push(name); return name in table ? Promise.resolve(table[name]) : Promise.reject(new Error(name)); };
  const ctrl = new PracticeCtrl(two, { load, storage: null, now: () => 1000, redraw: () => {} });
  await ctrl.start({ ...ADDRESS, mode: "streak" });
  const order = ctrl.state.streak.order;
  assert.deepEqual(order.slice(0, 5).map((e) => e.v), Array(5).fill("standard"));
  assert.ok(order[0].r > Math.min(...low.map((p) => p[2])), "not from the bottom of the pool");
  assert.deepEqual(loaded, ["standard"]);
  assert.ok(ctrl.state.cur && ctrl.state.cur.id === order[0].id, "the first puzzle on the board");
  for (let k = 1; k < order.length; k++) assert.ok(order[k].r > order[k - 1].r);
});

test("the streak climbs until the first miss, which ends it", async () => {
  const t = session();
  const s = t.ctrl.state;
  await t.ctrl.start({ ...ADDRESS, mode: "streak" });
  const order = s.streak.order;
  assert.ok(order.every((e, i) => i === 0 || e.r > order[i - 1].r), "strictly rising ratings");
  t.ctrl.onMove(wrongAndRight(s.cur.state).right.to);
  while (s.cur.state.status === "play") t.ctrl.onMove(wrongAndRight(s.cur.state).right.to);
  assert.equal(s.streak.count, 1);
  await t.ctrl.nextPuzzle();
  t.ctrl.onMove(wrongAndRight(s.cur.state).wrong.to);
  assert.ok(s.streak.over);
  assert.deepEqual(s.cur.feedback.map((x) => x.kind), ["wrong", "streak-over"]);
  assert.equal(s.cur.nextLabel, "Start a new streak");
  assert.equal(s.progress.best, 1);
  assert.deepEqual(s.progress.history, [], "a streak moves no rating");
});

/* The puzzle on the board solved, move by move. */
function solve(t) {
  const c = t.ctrl.state.cur;
  while (c.state.status === "play") t.ctrl.onMove(wrongAndRight(c.state).right.to);
}
const tock = () => new Promise((done) => setTimeout(done, 0)); // the next puzzle's data read

test("the storm counts the puzzles solved on the clock it is given, and keeps the best", async () => {
  const t = session();
  const s = t.ctrl.state;
  await t.ctrl.setMode("timed");
  assert.equal(s.cur, null);
  await t.ctrl.startTimed();
  assert.equal(t.ctrl.tick(), "3:00");
  const first = s.cur;
  solve(t);
  await tock();
  assert.equal(s.timed.run.solved, 1);
  assert.notEqual(s.cur, first, "a solved puzzle brings the next at once");
  assert.equal(s.timed.last, true);
  t.clock.now += 175500;
  assert.equal(t.ctrl.tick(), "0:05");
  t.clock.now += 5000;
  assert.equal(t.ctrl.tick(), null, "the time is up");
  assert.ok(s.timed.done);
  assert.equal(s.progress.timed, 1);
  assert.equal(JSON.parse(t.kept.get(P.KEY)).timed, 1);
});

test("a storm with two misses and a bonus: time lost and won, its list at the end, bests by day and week", async () => {
  const t = session();
  const s = t.ctrl.state;
  const monday = new Date(2026, 10, 23, 9).getTime();
  t.clock.now = monday;
  await t.ctrl.setMode("timed");
  await t.ctrl.startTimed();
  const order = [];
  /* a miss, then five solved (the bonus), then a miss given up */
  order.push(s.cur.id);
  t.ctrl.onMove(wrongAndRight(s.cur.state).wrong.to);
  await tock();
  assert.equal(s.timed.last, false);
  assert.equal(t.ctrl.tick(), "2:50", "a miss costs 10 s");
  for (let k = 0; k < T.EVERY; k++) {
    order.push(s.cur.id);
    solve(t);
    await tock();
  }
  assert.equal(s.timed.run.combo, T.EVERY);
  assert.equal(t.ctrl.tick(), "2:53", "five in a row add 3 s");
  t.clock.now += 60000;
  order.push(s.cur.id);
  t.ctrl.giveUp();
  await tock();
  assert.equal(t.ctrl.tick(), "1:43", "giving up is a miss: 10 s more");
  assert.equal(new Set(order).size, order.length, "a storm shows each puzzle once");
  t.clock.now += 103000;
  assert.equal(t.ctrl.tick(), null);
  assert.ok(s.timed.done);
  assert.equal(s.cur, null);
  assert.deepEqual(s.timed.run.puzzles.map((p) => p.id), order, "every puzzle of the run kept, in order");
  const list = T.review(s.timed.run);
  assert.deepEqual(list.map((p) => p.ok), [false, false, true, true, true, true, true], "the missed first");
  assert.deepEqual(list.slice(0, 2).map((p) => p.id), [order[0], order[6]]);
  assert.deepEqual(s.timed.beat, { day: true, week: true });
  const kept = JSON.parse(t.kept.get(P.KEY));
  assert.deepEqual(kept.storm, { day: "2026-11-23", dayBest: 5, dayRuns: 1, week: "2026-W48", weekBest: 5, weekRuns: 1 });
  assert.equal(kept.timed, 5);
  assert.deepEqual(kept.history, [], "a storm moves no rating");

  /* a missed puzzle reviewed on the board, unrated; its next button goes back to the list */
  await t.ctrl.reviewStorm(order[0]);
  assert.equal(s.cur.id, order[0]);
  assert.equal(s.cur.label, "A puzzle you missed in the storm");
  assert.equal(s.cur.nextLabel, "Back to the storm's puzzles");
  solve(t);
  assert.equal(s.cur.state.status, "solved", "a reviewed puzzle is played to its end, the storm over");
  assert.equal(s.timed.run.tried, 7, "and counts for no run");
  await t.ctrl.nextPuzzle();
  assert.equal(s.cur, null, "back to the list");
  await t.ctrl.reviewStorm("standard:no-such-puzzle");
  assert.equal(s.cur, null, "an id the run does not hold opens nothing");

  /* a run of one the next day: today's best is 1, the week's stays 5; then a new week starts afresh */
  const another = async (when, solved) => {
    t.clock.now = when;
    await t.ctrl.startTimed();
    for (let k = 0; k < solved; k++) {
      solve(t);
      await tock();
    }
    t.clock.now += T.LENGTH + T.BONUS;
    t.ctrl.tick();
  };
  await another(monday + 86400000, 1);
  assert.deepEqual(s.timed.beat, { day: true, week: false });
  assert.deepEqual(s.progress.storm, { day: "2026-11-24", dayBest: 1, dayRuns: 1, week: "2026-W48", weekBest: 5, weekRuns: 2 });
  await another(monday + 7 * 86400000, 2);
  assert.deepEqual(s.timed.beat, { day: true, week: true });
  assert.deepEqual(s.progress.storm, { day: "2026-11-30", dayBest: 2, dayRuns: 1, week: "2026-W49", weekBest: 2, weekRuns: 1 });
  assert.equal(s.progress.timed, 5, "the best of all time stays");
});

test("the daily puzzle is the date's; a goal is played from its start", async () => {
  const t = session();
  const s = t.ctrl.state;
  await t.ctrl.setMode("daily");
  assert.match(s.cur.label, /^Puzzle of the day \(\d{4}-\d{2}-\d{2}\)$/);
  assert.equal(s.cur.entry.id, P.daily(files().table.daily.days, P.today()).id);
  await t.ctrl.setMode("goals");
  await t.ctrl.openGoal("standard:1");
  assert.equal(s.goal.state.at, "03-03");
  const move = s.goal.state.table["03-03"].m.find((m) => m.mark === contract.markCodes.best);
  t.ctrl.played(move.to);
  assert.equal(s.goal.state.marks.length, 1);
  assert.deepEqual(s.goal.feedback, [{ kind: "goal" }]);
  assert.match(words(feedbackView(s, s.goal.feedback)), new RegExp("^You played "));
});

test("progress from a file: checked before use, a file that is not progress changes nothing", async () => {
  const t = session();
  const s = t.ctrl.state;
  await t.ctrl.start(ADDRESS);
  const saved = t.ctrl.progressText();
  await t.ctrl.importProgress({ name: "x.json", size: 5, text: () => Promise.resolve("nope!") });
  assert.equal(s.msg, "x.json is not a progress file of this page.");
  await t.ctrl.importProgress({ name: "big.json", size: P.LIMITS.text + 1, text: () => Promise.reject(new Error()) });
  assert.match(s.msg, /too large/);
  const mine = JSON.parse(saved);
  mine.best = 7;
  await t.ctrl.importProgress({ name: "p.json", size: 100, text: () => Promise.resolve(JSON.stringify(mine)) });
  assert.equal(s.progress.best, 7);
  t.ctrl.reset();
  assert.equal(s.progress.best, 0);
  assert.equal(s.msg, "Progress forgotten.");
});
