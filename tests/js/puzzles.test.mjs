/* The practice page's new parts: the difficulty's bands, the streak strictly rising, the timed mode's clock (a
 * fake one: no test waits), the history chart, the goal's end words and the hands board's numbering. */
import test from "node:test";
import assert from "node:assert/strict";
import { fixture } from "./load.mjs";
import * as P from "../../vizgen/site/static/js/practice/practice.js";
import * as T from "../../vizgen/site/static/js/practice/timed.js";
import * as chart from "../../vizgen/site/static/js/practice/chart.js";
import * as util from "../../vizgen/site/static/js/core/util.js";
import { contract } from "../../vizgen/site/static/js/core/contract.js";

const toString = (h) => String(h);

const data = fixture("practice.json");
/** A spread of puzzles: ratings 600 to 2600, several of each. */
const SPREAD = [];
for (let r = 600; r <= 2600; r += 20) for (let k = 0; k < 3; k++) SPREAD.push({ id: "v:" + r + "-" + k, r: r });

test("the difficulty: harder draws from the band above your rating, easier from the one below", () => {
  assert.deepEqual(P.levelBand(1500, "normal"), [1350, 1650]);
  assert.deepEqual(P.levelBand(1500, "harder"), [1650, 1950]);
  assert.deepEqual(P.levelBand(1500, "easier"), [1050, 1350]);
  for (let salt = 0; salt < 50; salt++) {
    for (const level of ["easier", "normal", "harder"]) {
      const band = P.levelBand(1432.6, level);
      const pick = P.pickAt(SPREAD, 1432.6, level, String(salt));
      assert.ok(pick.r >= band[0] && pick.r <= band[1], level + " " + pick.r);
    }
  }
  // a pool with nothing in the band: the nearest to its centre
  const low = SPREAD.filter((p) => p.r < 1000);
  for (const salt of ["x", "y", "z"]) assert.ok(P.pickAt(low, 1500, "harder", salt).r >= 920, "among the 12 nearest");
  assert.equal(P.pickAt([], 1500, "harder", "x"), null);
});

test("the stored difficulty is validated: anything but a level reads normal", () => {
  const store = new Map();
  const storage = { getItem: (k) => (store.has(k) ? store.get(k) : null), setItem: (k, v) => store.set(k, v) };
  assert.equal(P.loadLevel(storage), "normal");
  P.saveLevel(storage, "harder");
  assert.equal(P.loadLevel(storage), "harder");
  for (const bad of ["constructor", "__proto__", "HARDER", "<b>", "", "toString"]) {
    store.set(P.LEVEL_KEY, bad);
    assert.equal(P.loadLevel(storage), "normal", bad);
  }
  assert.equal(P.loadLevel({ getItem() { throw new Error("refused"); }, setItem() {} }), "normal");
  assert.equal(P.levelOf(3), "normal");
});

test("the streak rises strictly: each puzzle rated higher than the one before, on the real ratings too", () => {
  for (const list of [SPREAD, data.puzzles.map((p) => ({ id: "standard:" + p.position, r: p.rating }))]) {
    for (const seed of ["a", "b", "1700000000000"]) {
      const order = P.streakOrder(list, seed);
      assert.ok(order.length >= 5);
      for (let k = 1; k < order.length; k++) assert.ok(order[k].r > order[k - 1].r, seed + " " + k);
    }
  }
});

test("the storm: three minutes on an injected clock, puzzles counted while it runs, the best kept", () => {
  const run = T.start(1000);
  assert.equal(run.length, 180000);
  assert.equal(T.face(T.left(run, 1000)), "3:00");
  assert.equal(T.face(T.left(run, 1000 + 175500)), "0:05");
  assert.ok(T.ended(run, true, 2000, "a:1"));
  assert.ok(T.ended(run, true, 3000, "a:2"));
  assert.ok(T.ended(run, true, 180999, "a:3"));
  assert.ok(!T.over(run, 180999));
  assert.ok(T.over(run, 181000));
  assert.ok(!T.ended(run, true, 181000, "a:4"), "a puzzle ended after the clock is not counted");
  assert.deepEqual([run.solved, run.tried], [3, 3]);
  assert.equal(T.best(1, run), 3);
  assert.equal(T.best(7, run), 7);
  const short = T.start(0, 4000);
  assert.equal(T.face(T.left(short, 0)), "0:04");
  assert.equal(T.left(short, 9000), 0);
});

test("the storm: a miss costs MISS, every EVERY solved in a row add BONUS, the list puts the missed first", () => {
  const run = T.start(0);
  const at = 60000;
  T.ended(run, true, at, "v:a");
  T.ended(run, false, at, "v:b");
  assert.equal(T.left(run, at), T.LENGTH - T.MISS - at, "a miss costs its seconds");
  assert.equal(run.combo, 0, "a miss breaks the run of correct answers");
  for (let k = 0; k < T.EVERY - 1; k++) T.ended(run, true, at, "v:c" + k);
  assert.equal(T.left(run, at), T.LENGTH - T.MISS - at, "no bonus before EVERY in a row");
  T.ended(run, true, at, "v:d");
  assert.equal(T.left(run, at), T.LENGTH - T.MISS + T.BONUS - at, "EVERY in a row add the bonus");
  for (let k = 0; k < T.EVERY; k++) T.ended(run, true, at, "v:e" + k);
  assert.equal(run.bonus, 2 * T.BONUS, "every EVERY-th in a row adds it again");
  T.ended(run, false, at, "v:f");
  assert.deepEqual(T.review(run).slice(0, 3), [{ id: "v:b", ok: false }, { id: "v:f", ok: false }, { id: "v:a", ok: true }]);
  assert.equal(T.review(run).length, run.tried);
  // misses can end a run before its three minutes: 18 misses cost 180 s
  const lost = T.start(0);
  let k = 0;
  while (T.ended(lost, false, 0, "v:" + k)) k++;
  assert.equal(k, T.LENGTH / T.MISS);
  assert.ok(T.over(lost, 0));
  assert.equal(T.left({ ...T.start(0), bonus: 0, lost: 10 * T.LENGTH }, 0), 0, "never below 0");
});

test("the storm's bests: the day's and the week's, each starting afresh on a new day or week (ISO weeks)", () => {
  const day = (y, m, d, h = 12) => new Date(y, m - 1, d, h).getTime();
  assert.deepEqual(T.when(day(2026, 1, 1)), { day: "2026-01-01", week: "2026-W01" });
  assert.deepEqual(T.when(day(2027, 1, 1)), { day: "2027-01-01", week: "2026-W53" }, "a Friday: last year's week 53");
  assert.deepEqual(T.when(day(2024, 12, 30)), { day: "2024-12-30", week: "2025-W01" });
  assert.deepEqual(T.when(day(2026, 11, 29, 23)), { day: "2026-11-29", week: "2026-W48" }, "a Sunday ends its week");
  assert.deepEqual(T.when(day(2026, 11, 30, 0)), { day: "2026-11-30", week: "2026-W49" });
  let b = T.noBests();
  let got = T.keep(b, 7, day(2026, 11, 23));
  assert.deepEqual([got.day, got.week], [true, true], "a first run with a puzzle solved is a best");
  b = got.bests;
  got = T.keep(b, 5, day(2026, 11, 23, 18));
  assert.deepEqual([got.day, got.week], [false, false]);
  b = got.bests;
  assert.deepEqual([b.dayBest, b.dayRuns, b.weekBest, b.weekRuns], [7, 2, 7, 2]);
  got = T.keep(b, 6, day(2026, 11, 24)); // Tuesday, the same week
  assert.deepEqual([got.day, got.week], [true, false]);
  b = got.bests;
  assert.deepEqual([b.day, b.dayBest, b.dayRuns, b.weekBest, b.weekRuns], ["2026-11-24", 6, 1, 7, 3]);
  assert.deepEqual(T.current(b, day(2026, 11, 29)).dayBest, 0, "another day: today's best starts at 0");
  assert.deepEqual(T.current(b, day(2026, 11, 29)).weekBest, 7, "the same week keeps its best");
  got = T.keep(b, 2, day(2026, 11, 30)); // Monday: a new week
  assert.deepEqual([got.day, got.week], [true, true]);
  assert.deepEqual([got.bests.weekBest, got.bests.weekRuns, got.bests.week], [2, 1, "2026-W49"]);
  assert.deepEqual(T.keep(T.noBests(), 0, day(2026, 11, 30)).day, false, "nothing solved is no best");
});

test("progress keeps the best in the storm and its bests of the day and the week, validated on load", () => {
  const p = P.fresh();
  assert.equal(p.timed, 0);
  assert.deepEqual(p.storm, T.noBests());
  p.timed = 12;
  p.storm = { day: "2026-11-29", dayBest: 4, dayRuns: 2, week: "2026-W48", weekBest: 9, weekRuns: 5 };
  assert.equal(P.parse(JSON.stringify(p)).timed, 12);
  assert.deepEqual(P.parse(JSON.stringify(p)).storm, p.storm);
  assert.equal(P.copy(p).timed, 12);
  const c = P.copy(p);
  c.storm.dayBest = 99;
  assert.equal(p.storm.dayBest, 4, "a copy's bests are its own");
  for (const bad of [-1, 1.5, "12", 1e7, null]) {
    const aside = [];
    const got = P.parse(JSON.stringify({ ...p, timed: bad }), aside);
    assert.equal(got.timed, 0);
    assert.deepEqual(aside, ["your best in three minutes"]);
  }
  const bads = [null, [], "x", { ...p.storm, day: "<img src=x onerror=alert(1)>" }, { ...p.storm, week: "2026-48" },
    { ...p.storm, dayBest: -1 }, { ...p.storm, weekRuns: 1.5 }, { ...p.storm, weekBest: "9" }, { day: "2026-11-29" },
    { ...p.storm, dayRuns: 1e9 }];
  for (const bad of bads) {
    const aside = [];
    const got = P.parse(JSON.stringify({ ...p, storm: bad }), aside);
    assert.deepEqual(got.storm, T.noBests(), JSON.stringify(bad));
    assert.deepEqual(aside, ["your storm bests of the day and the week"]);
    assert.equal(got.timed, 12, "the rest is kept");
  }
  const old = { ...p };
  delete old.storm;
  const aside = [];
  assert.deepEqual(P.parse(JSON.stringify(old), aside).storm, T.noBests(), "progress kept before the storm reads");
  assert.deepEqual(aside, []);
});

const WORDS = { chart: "Your puzzles", "chart-none": "none yet", "chart-rating": "Your rating", "chart-themes": "By theme",
  "chart-solved": "solved", "chart-failed": "failed", "chart-puzzle": "puzzle", "chart-result": "result",
  "chart-after": "rating after" };

test("the history chart: the rating line left to right, each puzzle's mark by shape, the themes tallied in words", () => {
  const history = [
    { id: "standard:12-33", ok: true, day: "2026-01-01", before: 1500, after: 1580 },
    { id: "standard:03-03", ok: false, day: "2026-01-01", before: 1580, after: 1490 },
    { id: "standard:12-33", ok: true, day: "2026-01-02", before: 1490, after: 1530 },
  ];
  const line = chart.ratingPoints(history);
  assert.deepEqual([line.lo, line.hi], [1400, 1600]);
  assert.ok(line.points[0].x < line.points[1].x && line.points[1].x < line.points[2].x);
  assert.ok(line.points[0].y < line.points[1].y, "a higher rating is drawn higher");
  const themes = { "standard:12-33": ["draw", "kill"], "standard:03-03": ["kill"] };
  assert.deepEqual(chart.byTheme(history, (id) => themes[id] || []), [
    { key: "kill", solved: 2, failed: 1 }, { key: "draw", solved: 2, failed: 0 }]);
  const out = toString(chart.chartHtml(history, WORDS, { kill: "a kill", draw: "a draw" }, (id) => themes[id] || []));
  assert.ok(out.includes('role="img" aria-label="Your rating: ' + util.count(1500) + " → " + util.count(1530) +
    ', 3 puzzles, 2 solved, 1 failed"'));
  assert.equal((out.match(/<circle class="ok"/g) || []).length, 2);
  assert.equal((out.match(/<path class="no"/g) || []).length, 1);
  assert.match(out, /a kill<\/span>.*2 solved · 1 failed/);
  assert.match(out, /<table/);
  assert.match(toString(chart.chartHtml([], WORDS, {}, () => [])), /none yet/);
  // an id is data: it is escaped, never markup
  const hostile = [{ id: "v:<img src=x>", ok: true, day: "2026-01-01", before: 1500, after: 1510 }];
  assert.doesNotMatch(toString(chart.chartHtml(hostile, WORDS, {}, () => ["<b>"])), /<img|<b>/);
});

test("a goal met says why it ended: the plies held, a draw by repetition, the game won", () => {
  const hold = data.goals.find((g) => g.kind === "hold");
  let s = P.goalStart(hold, data.table, 2);
  while (s.status === "play") P.goalPlay(s, data.table[s.at].m.find((m) => m.mark === contract.markCodes.best).to);
  assert.equal(s.status, "met");
  assert.ok(s.why === "repeat" || s.why === "held", s.why);
  assert.equal(s.why === "held", s.ply >= hold.plies);
  const win = data.goals.find((g) => g.kind === "win");
  s = P.goalStart(win, data.table, 2);
  while (s.status === "play") P.goalPlay(s, data.table[s.at].m.find((m) => m.mark === contract.markCodes.best).to);
  assert.equal(s.why, "won");
});

test("the hands board numbers the practice positions for the touch board and hides what the moves are worth", async () => {
  const handboard = await import("../../vizgen/site/static/js/practice/handboard.js");
  const words = fixture("words.json");
  const played = [];
  // the board's side of the page (pages/core/board.js's touch in a browser): the taps it tells, the boards it puts back
  let on = null;
  const replaced = [];
  const page = { listen(taps) { on = taps; }, replace(board, focus) { replaced.push([String(board), focus]); } };
  const b = handboard.create(words, (to) => played.push(to), page);
  const node = { v: [0, 0, -1], m: [{ move: "−1>3", to: "02-−13", mark: 3, choice: 2, n: 1, k: 0, reply: null },
    { move: "flip −1", to: "13-−13", mark: 0, choice: 3, n: 3, k: 0, reply: null }], h: [[-1, 3], [-1, 3]] };
  const out = String(b.html({ position: "−13-−13", node: node, players: 2, names: ["You, to move", "Opponent"], you: 0,
    touch: true }));
  const ids = ["−13-−13", "02-−13", "13-−13"].map(b.idOf);
  assert.equal(new Set(ids).size, 3, "a number a position");
  assert.deepEqual(["−13-−13", "02-−13", "13-−13"].map(b.idOf), ids, "the same number each time");
  assert.ok(out.startsWith('<div id="panel" class="pz-hands"><div class="board touch" data-pos="' + ids[0] + '">'));
  assert.match(out, /aria-label="You, to move: −1 fingers"/);
  assert.equal((out.match(/<button type="button" class="hand-btn/g) || []).length, 4);
  assert.doesNotMatch(out, /class="badge/, "no move's value is shown");
  // the page's taps: your hand chosen (the board drawn again in place, the focus on that hand), let go with Escape
  // (then Escape does nothing), and a move played
  on.tap(0, 1);
  assert.equal(replaced.length, 1);
  assert.equal((replaced[0][0].match(/aria-pressed="true"/g) || []).length, 1, "one hand chosen");
  // the focus: the first hand the chosen one reaches (Enter, Enter strikes), else a move, else the hand itself
  assert.deepEqual(replaced[0][1], [".hand-btn.target", ".board-move", '[data-seat="0"][data-hand="1"]']);
  on.escape();
  assert.equal(replaced.length, 2);
  assert.doesNotMatch(replaced[1][0], /aria-pressed="true"/, "let go");
  on.escape();
  assert.equal(replaced.length, 2, "nothing chosen: Escape leaves the board");
  on.play(ids[1]);
  assert.deepEqual(played, ["02-−13"]);
  played.length = 0;
  // a wrong move's hands outlined, the hands still
  const wrong = String(b.html({ position: "−13-−13", node: node, players: 2, names: ["You", "Opponent"], you: 0,
    touch: false, marked: "02-−13" }));
  assert.doesNotMatch(wrong, /hand-btn/);
  assert.equal((wrong.match(/hand-box moving/g) || []).length, 2);
  assert.deepEqual(played, []);
});

test("the index's puzzle of the day: one escaped sentence from a checked pool (practice/daily.js)", async () => {
  const { sentence } = await import("../../vizgen/site/static/js/practice/daily.js");
  const text = (h) => String(h);
  const W = "Solve it", themes = { win: "keep the win", draw: "hold the draw" };
  const day = { id: "standard:12-11", v: "standard", p: "12-11", r: 1234, t: ["win"] };
  const said = text(sentence({ days: [day], titles: { standard: "<img src=x onerror=alert(1)>" }, themes }, "2026-11-28", W));
  assert.ok(said.includes("&lt;img src=x onerror=alert(1)&gt;"), said);
  assert.ok(said.includes("<code>12-11</code>") && said.includes("puzzle rated 1\u202f234") && said.includes(": keep the win. <a href=\"practice.html?mode=daily\">Solve it</a>"), said);
  for (const bad of [null, "x", {}, { days: "x", titles: {} }, { days: [{ id: 1 }], titles: {}, themes }, { days: [day], themes }, { days: [day], titles: {} }]) {
    assert.equal(sentence(bad, "2026-11-28", W), null, JSON.stringify(bad));
  }
  // solved today (the practice page's progress: its history), the card says so and offers to see it again; solved
  // another day, or failed today, it still says "Solve it"
  const done = { solved: "Solved today", again: "See it again" };
  const pool = { days: [day], titles: { standard: "Standard" }, themes };
  const after = (ok, when) => P.record(P.fresh(), day.id, day.r, ok, when);
  assert.ok(text(sentence(pool, "2026-11-28", W, done, after(true, "2026-11-28"))).endsWith(
    ": keep the win. <b class=\"daily-solved\">✓ Solved today.</b> <a href=\"practice.html?mode=daily\">See it again</a>"));
  for (const p of [after(true, "2026-11-27"), after(false, "2026-11-28"), P.fresh()]) {
    assert.ok(text(sentence(pool, "2026-11-28", W, done, p)).endsWith("<a href=\"practice.html?mode=daily\">Solve it</a>"));
  }
  const proto = JSON.parse('{"days": [{"id": "a", "v": "__proto__", "p": "11-11", "r": 1500, "t": ["constructor"]}], "titles": {}, "themes": {}}');
  assert.ok(text(sentence(proto, "2026-11-28", W)).startsWith("2026-11-28: __proto__, position"));
  assert.ok(text(sentence(proto, "2026-11-28", W)).includes("rated 1\u202f500. <a"));
});

test("the streak starts near your rating, its first puzzles from the rules a newcomer knows, then any", () => {
  // the home rules' puzzles and an exotic variant's, both spread over 600..2600
  const mixed = SPREAD.map((e, k) => ({ ...e, v: k % 3 === 0 ? "standard" : "knubs" }));
  const distinct = (list) => new Set(list.map((e) => e.r)).size;
  for (const rating of [700, 1000, 1500, 1500.4, 2200, 3000]) {
    for (const seed of ["a", "b", "1700000000000"]) {
      const order = P.streakOrder(mixed, seed, rating, "standard");
      for (let k = 1; k < order.length; k++) assert.ok(order[k].r > order[k - 1].r, "strictly rising " + k);
      assert.deepEqual(order.slice(0, 5).map((e) => e.v), Array(5).fill("standard"), "five of the home rules first");
      const above = mixed.filter((e) => e.r >= order[0].r);
      assert.ok(distinct(above) >= 30, "room to climb: " + rating);
      // near the rating: no lower than the band below it, unless that leaves too little to climb
      if (rating <= 2000) assert.ok(order[0].r >= rating - 150 && order[0].r <= rating - 150 + 60, rating + " " + order[0].r);
      assert.ok(order.slice(5).some((e) => e.v === "knubs"), "then every variant's");
    }
  }
  // a pool without the home rules (a variant chosen): near the rating all the same
  const knubs = mixed.filter((e) => e.v === "knubs");
  assert.ok(P.streakOrder(knubs, "a", 1500, "standard")[0].r >= 1350);
  // without a rating or a home: from the lowest, as before
  assert.equal(P.streakOrder(mixed, "a")[0].r, 600);
});
