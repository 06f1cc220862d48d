import test from "node:test";
import assert from "node:assert/strict";
import { fixture } from "./load.mjs";
import { contract } from "../../vizgen/site/static/js/core/contract.js";
import * as util from "../../vizgen/site/static/js/core/util.js";
import * as glicko from "../../vizgen/site/static/js/practice/glicko.js";
import * as practice from "../../vizgen/site/static/js/practice/practice.js";
import * as retry from "../../vizgen/site/static/js/play/retry.js";
import * as address from "../../vizgen/site/static/js/core/address.js";
import * as practiceView from "../../vizgen/site/static/js/practice/params.js";

const VZ = { contract, util, glicko, practice, retry, address, practiceView };
const P = VZ.practice;
const data = fixture("practice.json");

test("the acceptance rule is the Python's on every case the puzzles meet", () => {
  assert.ok(data.accepts.length > 50);
  for (const [mark, after, kind, left, python] of data.accepts) {
    assert.equal(P.accepts(mark, after, kind, left), python, JSON.stringify([mark, after, kind, left]));
  }
});

test("every puzzle of standard is solved by its line and failed by any other first move", () => {
  assert.ok(data.puzzles.length > 10);
  for (const p of data.puzzles) {
    const s = P.start(p, data.nodes);
    for (let k = 0; k < p.line.length; k += 2) {
      const m = data.nodes[s.at].m.find((x) => x.move === p.line[k]);
      const r = P.play(s, m.to);
      assert.ok(r.ok, p.position + " " + p.line[k]);
    }
    assert.equal(s.status, "solved", p.position);
    for (const m of data.nodes[p.position].m) {
      if (m.to === p.to) continue;
      const t = P.start(p, data.nodes);
      const r = P.play(t, m.to);
      assert.equal(r.ok, false, p.position + " " + m.move);
      assert.equal(t.status, "failed");
      assert.ok(m.mark >= contract.markCodes.mistake || p.kind === "win", "a rejected move of a draw puzzle throws the draw away");
      assert.equal(P.good({ puzzle: p, nodes: data.nodes, at: p.position, left: p.plies })[0].to, p.to);
    }
  }
});

test("a three-player puzzle is one move: the one that keeps the mover, whatever its kind", () => {
  const { puzzles, nodes } = data.multi;
  assert.ok(puzzles.some((p) => p.kind === "win") && puzzles.some((p) => p.kind === "survive"));
  for (const p of puzzles) {
    for (const m of nodes[p.position].m) {
      const s = P.start(p, nodes);
      const r = P.play(s, m.to);
      assert.equal(r.ok, m.to === p.to, p.position + " " + m.move);
      assert.equal(s.status, m.to === p.to ? "solved" : "failed");
    }
  }
});

test("a goal held with the best moves earns three stars; a blunder ends it", () => {
  const hold = data.goals.find((g) => g.kind === "hold");
  let s = P.goalStart(hold, data.table, 2);
  while (s.status === "play") {
    const best = data.table[s.at].m.find((m) => m.mark === contract.markCodes.best);
    P.goalPlay(s, best.to);
  }
  assert.equal(s.status, "met");
  assert.equal(s.stars, 3);
  assert.ok(s.ply <= hold.plies);
  // from the start, find a position of the game where a blunder exists and play it
  s = P.goalStart(hold, data.table, 2);
  for (let k = 0; k < 40 && s.status === "play"; k++) {
    const bad = data.table[s.at].m.find((m) => m.mark === contract.markCodes.blunder);
    if (bad) {
      P.goalPlay(s, bad.to);
      break;
    }
    P.goalPlay(s, data.table[s.at].m.find((m) => m.mark === contract.markCodes.best).to);
  }
  assert.equal(s.status, "failed");
  assert.equal(s.why, "blunder");
  const win = data.goals.find((g) => g.kind === "win");
  s = P.goalStart(win, data.table, 2);
  while (s.status === "play") P.goalPlay(s, data.table[s.at].m.find((m) => m.mark === contract.markCodes.best).to);
  assert.equal(s.status, "met");
  assert.ok(s.ply <= win.fastest);
});

test("the index's compact puzzles read as entries", () => {
  const idx = { variants: [{ slug: "standard" }, { slug: "r4" }], keys: ["win", "draw", "kill"],
    puzzles: [[0, "12-33", 1589, [1]], [1, "03-03", 1162, [0, 2]]] };
  assert.deepEqual(P.entries(idx), [
    { id: "standard:12-33", v: "standard", p: "12-33", r: 1589, t: ["draw"] },
    { id: "r4:03-03", v: "r4", p: "03-03", r: 1162, t: ["win", "kill"] }]);
});

test("stars by accuracy", () => {
  assert.equal(P.stars([0, 0, 0]), 3);
  assert.equal(P.stars([0, 0, 0, 1]), 2);
  assert.equal(P.stars([0, 1]), 1);
});

test("Glicko-2: a solved puzzle raises the rating, a failed one lowers it, and the deviation shrinks", () => {
  const start = VZ.glicko.START;
  const up = VZ.glicko.update(start, 1500, 1), down = VZ.glicko.update(start, 1500, 0);
  assert.ok(up.rating > 1500 && down.rating < 1500);
  assert.ok(Math.abs(up.rating - 1500 - (1500 - down.rating)) < 1);
  assert.ok(up.rd < start.rd);
  // beating a harder puzzle gains more
  assert.ok(VZ.glicko.update(start, 1900, 1).rating > up.rating);
  // a settled player moves less than a new one
  let p = start;
  for (let k = 0; k < 30; k++) p = VZ.glicko.update(p, 1500, k % 2);
  const step = VZ.glicko.update(p, 1500, 1).rating - p.rating;
  assert.ok(step > 0 && step < up.rating - 1500);
});

test("progress: recorded, saved, read back, refused when it is not progress", () => {
  const store = new Map();
  const storage = { getItem: (k) => (store.has(k) ? store.get(k) : null), setItem: (k, v) => store.set(k, v) };
  let p = P.load(storage);
  assert.equal(p.rating.rating, 1500);
  p = P.record(p, "standard:12-33", 1589, true, "2026-01-01");
  assert.ok(p.rating.rating > 1500);
  assert.equal(p.solved["standard:12-33"], 1);
  p.best = 4;
  assert.ok(P.save(storage, p));
  assert.deepEqual(P.load(storage), p);
  assert.equal(P.parse("{}"), null);
  assert.equal(P.parse("not json"), null);
  assert.equal(P.parse(JSON.stringify({ version: 99, rating: { rating: 1 } })), null);
});

test("the daily puzzle is the same all day and changes with the date; the streak climbs", () => {
  const list = data.puzzles.map((p) => ({ id: "standard:" + p.position, r: p.rating }));
  const a = P.daily(list, "2026-11-26"), b = P.daily(list, "2026-11-26");
  assert.equal(a, b);
  assert.ok(a.r >= 1100 && a.r < 1800);
  const days = new Set();
  for (let d = 1; d <= 28; d++) days.add(P.daily(list, "2026-02-" + String(d).padStart(2, "0")).id);
  assert.ok(days.size > 3);
  assert.equal(P.today(new Date(2026, 0, 5)), "2026-01-05");
  const order = P.streakOrder(list, "seed");
  assert.ok(order.length > 10);
  for (let k = 1; k < order.length; k++) assert.ok(order[k].r > order[k - 1].r, "strictly rising");
});

test("retry: the positions where your moves lost value, as the practice page's address", () => {
  const W = fixture("words.json");
  const code = (key) => VZ.contract.marks.findIndex((m) => m.key === key);
  const names = ["11-11", "12-11", "12-12", "13-12", "22-13", "12-12"];
  const g = { seats: ["you", "perfect"], mover: (k) => k % 2, line: () => [0, 1, 2, 3, 4, 5], model: { name: (i) => names[i] } };
  const marked = [{ mark: code("best") }, { mark: code("blunder") }, { mark: code("mistake") }, null, { mark: code("inaccuracy") }];
  // ply 1 is the opponent's (its blunder is not yours); ply 2 is yours: a mistake; ply 4 an inaccuracy keeps the value
  assert.deepEqual(VZ.retry.positions(W, g, marked), ["12-12"]);
  assert.equal(VZ.retry.href("standard", ["12-12", "13-12"]), "../practice.html?variant=standard&retry=12-12_13-12");
  assert.match(String(VZ.retry.link(W, g, marked, "/site/variants/standard.html")), /practice\.html\?variant=standard&amp;retry=12-12/);
  assert.equal(VZ.retry.link(W, g, [null], "/site/variants/standard.html"), null);
});

test("the practice page reads its address through the site's reader: variant, puzzle, theme, retry, mode", () => {
  const tables = fixture("address.json").tables;
  VZ.address.use(tables.any);
  const q = VZ.practiceView.params("?variant=standard&puzzle=12-33&theme=kill&retry=12-33_13-12&mode=daily", "");
  assert.deepEqual(q, { variant: "standard", puzzle: "12-33", theme: "kill", retry: "12-33_13-12", mode: "daily",
    notes: [] });
  assert.deepEqual(VZ.practiceView.params("?retry=%ZZ", ""), { variant: "", puzzle: "", theme: "", retry: "",
    mode: "", notes: [tables.any.notes.puzzle] });
  // a value the page cannot use is said with the reader's own note of it
  assert.equal(VZ.address.note("variant"), tables.any.notes.variant);
  assert.equal(VZ.address.note("constructor"), "");
});
