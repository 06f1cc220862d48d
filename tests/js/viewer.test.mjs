import test from "node:test";
import assert from "node:assert/strict";
import { fixture, encodeBlock } from "./load.mjs";
import { CodeModel } from "../../vizgen/site/static/js/viewer/codemodel.js";
import { MAX_LEVEL2, ViewerCtrl, nextTrail, pickLevel2 } from "../../vizgen/site/static/js/viewer/ctrl.js";
import { captionView, trailView } from "../../vizgen/site/static/js/viewer/view/explorer.js";
import { create as createStyles } from "../../vizgen/site/static/js/viewer/styles.js";
import { contract } from "../../vizgen/site/static/js/core/contract.js";

const WORDS = fixture("words.json");

/* A made-up big page: the start (0) has four moves, to 1..4 (1 and 3 optimal); each of those leads on to fifty
   positions of its own (100k .. 100k + 49) that lead nowhere; 2 also leads back to the start. Every position is
   named "p<id>" and classed by whether it is even. */
function bigPage() {
  const moves = new Map([[0, [1, 2, 3, 4]], [2, [0]]]);
  for (let k = 1; k <= 4; k++) moves.set(k, (moves.get(k) || []).concat(Array.from({ length: 50 }, (_, j) => 100 * k + j)));
  const parents = new Map();
  moves.forEach((to, from) => to.forEach((t) => parents.set(t, (parents.get(t) || []).concat([from]))));
  const details = new Map();
  const asked = [];
  const model = {
    P: 2, n: 205, startId: 0, lazy: false, details,
    name: (i) => "p" + i,
    find: (t) => (/^p\d+$/.test(t) && (Number(t.slice(1)) < 5 || Number(t.slice(1)) >= 100) ? Number(t.slice(1)) : undefined),
    lookup: (t) => model.find(t),
    cls: (i) => (i % 2 ? "odd" : "even"),
    detail(i) {
      asked.push(i);
      const d = { id: i, hands: [], values: [], parents: parents.get(i) || [],
        moves: (moves.get(i) || []).map((dst) => ({ dst, names: ["to p" + dst], choice: 0, n: 0, k: 0, best: dst === 1 || dst === 3 })) };
      details.set(i, d);
      return Promise.resolve(d);
    },
  };
  return { model, asked };
}

function viewer(model, cfg = {}) {
  const seen = { redraws: 0 };
  const ctrl = new ViewerCtrl(cfg, () => { seen.redraws += 1; });
  ctrl.open(model);
  return { ctrl, seen };
}

test("level 2 is shared fairly among level 1 under the cap, and counts what it leaves out", () => {
  const near = (to) => ({ moves: to.map((dst) => ({ dst, best: false })), parents: [] });
  const picked = pickLevel2(0, [1, 2], [near([0, 2, 5, 6, 7, 8]), near([5, 9, 10])], 5);
  assert.deepEqual(picked, { take: [[5, 6, 7], [9, 10]], total: 6, shown: 5 }); // 5 once, 0 and 2 already placed
  assert.deepEqual(pickLevel2(0, [1], [near([3, 4])], 0), { take: [[]], total: 2, shown: 0 });
});

test("the trail: a centre visited again cuts it there, and it keeps the last fourteen", () => {
  assert.deepEqual(nextTrail([1, 2, 3], 2), [1, 2]);
  assert.deepEqual(nextTrail([1, 2], 3), [1, 2, 3]);
  const long = Array.from({ length: 14 }, (_, i) => i);
  assert.deepEqual(nextTrail(long, 99), long.slice(1).concat([99]));
});

test("an explorer walk: search, select, follow a move, show more, back along the trail", async () => {
  const { model } = bigPage();
  const { ctrl, seen } = viewer(model);
  // the start, found by what a person types
  const start = await ctrl.search(" p0 ");
  assert.equal(start, 0);
  ctrl.select(start);
  assert.equal(ctrl.state.selected, 0);
  let w = await ctrl.walk(0);
  assert.deepEqual(w.level1, [1, 3, 2, 4]); // its moves' targets, optimal ones first (2 leads back: already placed)
  assert.equal(w.nc, 4);
  assert.deepEqual([w.picked.shown, w.picked.total], [MAX_LEVEL2, 200]);
  assert.deepEqual(w.picked.take.map((t) => t.length), [35, 35, 35, 35]);
  ctrl.settled(0);
  assert.equal(ctrl.state.selections, 1);
  assert.equal(ctrl.state.walk, w);
  assert.deepEqual(ctrl.state.trail, [0]);
  const caption = String(captionView(w, MAX_LEVEL2));
  assert.match(caption, /^4 moves from here, 1 position leads here; showing 140 of the 200 positions two steps away\./);
  assert.match(caption, />show 60 more<\/button>$/);

  // follow a move: 2 becomes the centre (its parent, the start, and its fifty moves' targets)
  w = await ctrl.walk(2);
  assert.deepEqual(w.level1.slice(0, 2), [0, 200]);
  assert.equal(w.level1.length, 51);
  assert.deepEqual([w.picked.shown, w.picked.total], [3, 3]); // the start's other moves: 1, 3 and 4
  assert.deepEqual(ctrl.state.trail, [0, 2]);
  assert.match(String(captionView(w, MAX_LEVEL2)), /; 3 positions two steps away\. Click any position/);
  assert.equal(String(trailView(model, ctrl.state.trail)),
    '<span class="trail-h">Trail:</span> <a class="pos even" href="#p0">p0</a> <span aria-hidden="true">›</span> <a class="pos even" href="#p2">p2</a>');

  // back to the start (a trail link): the trail is cut there, level 2 starts at its cap again, then shows more
  w = await ctrl.walk(0);
  assert.deepEqual(ctrl.state.trail, [0]);
  assert.equal(w.picked.shown, MAX_LEVEL2);
  w = await ctrl.more();
  assert.deepEqual([w.picked.shown, w.picked.total, ctrl.state.cap], [200, 200, 2 * MAX_LEVEL2]);
  assert.doesNotMatch(String(captionView(w, MAX_LEVEL2)), /button/);
  assert.ok(seen.redraws >= 5);
});

test("a walk that ends after a newer one began is dropped; a challenge keeps the rules' order", async () => {
  const { model } = bigPage();
  const { ctrl } = viewer(model);
  const [late, now] = await Promise.all([ctrl.walk(1), ctrl.walk(3)]);
  assert.equal(late, null);
  assert.equal(now.id, 3);
  assert.equal(ctrl.state.walk.id, 3);
  assert.deepEqual(ctrl.state.trail, [3]);
  ctrl.hide(true);
  const w = await ctrl.walk(0);
  assert.deepEqual(w.level1, [1, 2, 3, 4]); // no optimal move first: which moves are optimal is a value
});

test("the search says how to type a position it does not find, and a click on a move may be taken over", async () => {
  const { model } = bigPage();
  const { ctrl } = viewer(model, { r: 5, hands: 2 });
  assert.equal(await ctrl.search("zz"), undefined);
  assert.equal(ctrl.state.message, "No position “zz” in this variant. Type the hands of the player to move first, " +
    "then the next player's, like p0 (or p0) (each player's hands in any order).");
  assert.equal(await ctrl.search(""), undefined);
  assert.match(ctrl.state.message, /^Type the hands/);
  ctrl.select(0);
  assert.equal(ctrl.state.message, ""); // a position shown clears the line
  await model.detail(0);
  assert.equal(ctrl.moveTaken(1), false); // no add-on
  const heard = [];
  ctrl.moveHooks.push((from, to) => { heard.push([from, to]); return to === 1; });
  assert.equal(ctrl.moveTaken(1), true);
  assert.equal(ctrl.moveTaken(4), false);
  assert.equal(ctrl.moveTaken(150), false); // not a move from the start: the hooks are not asked
  assert.deepEqual(heard, [[0, 1], [0, 4]]);
});

test("a code page's walk: level 2 starts empty and its chunks load only when shown", async () => {
  const R = fixture("players3-r3-rules.json");
  const columns = Object.fromEntries(R.fields.map((f) => [f.name, new Array(R.space).fill(0)]));
  const data = encodeBlock(R.fields, columns);
  const asked = [];
  const model = new CodeModel(R, (name) => { asked.push(name); return Promise.resolve(data); }, WORDS);
  const { ctrl } = viewer(model, { players: 3 });
  const start = await ctrl.locate(model.name(R.start));
  assert.equal(start, R.start);
  let w = await ctrl.walk(start);
  assert.equal(w.picked.shown, 0);
  assert.ok(w.picked.total > 0);
  assert.ok(w.level1.length > 0);
  w = await ctrl.more();
  assert.equal(w.picked.shown, Math.min(MAX_LEVEL2, w.picked.total));
  assert.ok(w.picked.take.flat().every((code) => model.reachable(code)));
  const child = w.d0.moves[0].dst;
  w = await ctrl.walk(child);
  assert.equal(w.picked.shown, 0); // a new centre: level 2 empty again
  assert.deepEqual(ctrl.state.trail, [start, child]);
  assert.ok(asked.length > 0 && asked.every((name) => /^d\d+$/.test(name)));
});

test("the graph's styles: a position's hover words and colours, and a challenge's one grey, off the page", () => {
  const cls = Object.keys(contract.classes)[0];
  const T = new Proxy({}, { get: (_, key) => "colour:" + String(key) }); // every palette key its own colour
  const state = { hideValues: false };
  const model = { startId: 0, size: 10, box: null, name: (i) => "p" + i, short: (i) => "value " + i,
    cls: () => cls, over: (i) => i === 2 };
  const made = [];
  const styles = createStyles({ T, model, ctrl: { state } }, (text) => { made.push(text); return { text }; });
  assert.deepEqual(styles.tooltip(1), { text: "p1 · value 1" }); // the page's glue makes the element
  const start = styles.nodeStyle(0, 10), over = styles.nodeStyle(2, 10);
  assert.equal(start.shape, "star");
  assert.equal(over.shape, "square");
  assert.equal(start.color.background, "colour:" + contract.classes[cls].palette);
  assert.equal(start.color.border, "colour:accent");
  state.hideValues = true; // a challenge: no value in the words, one neutral colour for every position
  assert.deepEqual(styles.tooltip(1), { text: "p1" });
  assert.equal(styles.nodeStyle(0, 10).color.background, "colour:hidden");
  assert.deepEqual(made, ["p1 · value 1", "p1"]);
});
