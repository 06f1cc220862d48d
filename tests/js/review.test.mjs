import test from "node:test";
import assert from "node:assert/strict";
import { fixture } from "./load.mjs";
import { contract } from "../../vizgen/site/static/js/core/contract.js";
import * as util from "../../vizgen/site/static/js/core/util.js";
import * as review from "../../vizgen/site/static/js/play/review.js";

const VZ = { contract, util, review };
const W = fixture("words.json");
const choice = (key) => VZ.contract.choices.findIndex((c) => c.key === key);

/* A position's annotated moves in a four-player game (what facts.js gives review.js): staying in whatever the
   others do, or letting them force you out within 3 or within 1 plies. */
const MOVES = [
  { dst: 1, names: ["1>1@1"], choice: choice("you-survive"), n: -1, k: -1, best: true },
  { dst: 2, names: ["1>2@2"], choice: choice("you-out"), n: 3, k: -1, best: false },
  { dst: 3, names: ["11 -> 02"], choice: choice("you-out"), n: 1, k: -1, best: false },
];
const SURVIVE_LATE = [{ dst: 4, names: ["1>1@1"], choice: choice("you-out"), n: 5, k: -1, best: true },
  { dst: 5, names: ["1>2@1"], choice: choice("you-out"), n: 2, k: -1, best: false }];

test("a several players' game: the review reads the marks the panel shows, never 'never changed' beside them", () => {
  const inaccuracy = VZ.review.mark(W, SURVIVE_LATE, 5);
  const blunder = VZ.review.mark(W, MOVES, 2);
  assert.equal(VZ.contract.marks[inaccuracy.mark].key, "inaccuracy");
  assert.equal(VZ.contract.marks[blunder.mark].key, "blunder");
  const open = new Array(13).fill(0); // no one can force a win all game: the value class never moves
  // you are the second player (seat 1): your plies are 2, 6, 10; two ?! and one ?? marked among them
  const marked = new Array(12).fill(null);
  marked[1] = inaccuracy; marked[5] = blunder; marked[9] = inaccuracy;
  marked[2] = blunder; // another player's blunder is theirs, not yours
  const said = VZ.review.summary(W, open, marked, 4, 1);
  assert.equal(said.kind, "slipped");
  assert.equal(said.ply, 6); // the worst of your moves, not the last one
  const text = VZ.util.fill(W.play.slipped, { was: W.play["was-open"], k: said.ply, who: W.play.you,
    said: VZ.review.sentence(W, said.r) });
  assert.match(text, /^No one could force a win all game, but at ply 6 you moved: 1>2@2\?\? lets the others/);
  assert.doesNotMatch(text, /never changed/);
  // equals: the latest
  marked[5] = inaccuracy;
  assert.equal(VZ.review.summary(W, open, marked, 4, 1).ply, 10);
  // only the best moves played by you: steady, whatever the others did
  const best = VZ.review.mark(W, MOVES, 1);
  assert.equal(VZ.contract.marks[best.mark].key, "best");
  for (const k of [1, 5, 9]) marked[k] = best;
  assert.deepEqual(VZ.review.summary(W, open, marked, 4, 1), { kind: "steady", was: 0 });
  // a value that changed: the turning point, wherever the marks are
  const turned = open.map((v, k) => (k >= 7 ? -1 : v)); // the last change is the turning point
  assert.deepEqual(VZ.review.summary(W, turned, marked, 4, 1), { kind: "turning", ply: 7, was: 0, now: -1 });
});

test("a player's accuracy: their own marked moves that kept the best result, passes for an out player not counted", () => {
  const inaccuracy = VZ.review.mark(W, SURVIVE_LATE, 5);
  const best = VZ.review.mark(W, SURVIVE_LATE, 4);
  const blunder = VZ.review.mark(W, MOVES, 2);
  // seat 1 of four: plies 2, 6, 10 and 14 are theirs; at ply 14 a pass played for them when out (own: null)
  const marked = new Array(16).fill(null);
  marked[1] = inaccuracy; marked[5] = blunder; marked[9] = best; marked[13] = null;
  marked[0] = blunder; marked[4] = best; // seat 0's
  const counts = VZ.review.counts(W, 4, marked, []);
  const keeps = (r) => VZ.contract.marks[r.mark].keeps;
  for (let seat = 0; seat < 4; seat++) {
    const mine = marked.filter((r, k) => r && k % 4 === seat);
    assert.deepEqual(VZ.review.accuracy(counts[seat].marks), { kept: mine.filter(keeps).length, moves: mine.length });
  }
  // the marks say which keep: a best move and an inaccuracy keep the value, a blunder does not
  assert.deepEqual([keeps(best), keeps(inaccuracy), keeps(blunder)], [true, true, false]);
  assert.equal(VZ.review.accuracyWords(W.play, W.units, "Player 2", counts[1].marks),
    "Player 2: 2 of 3 moves kept the best result (" + VZ.util.pct(2 / 3, W.units) + ").");
  assert.equal(VZ.review.accuracyWords(W.play, W.units, "Player 1", counts[0].marks),
    "Player 1: 1 of 2 moves kept the best result (" + VZ.util.pct(1 / 2, W.units) + ").");
  assert.equal(VZ.review.accuracyWords(W.play, W.units, "Player 3", counts[2].marks), ""); // no move of their own
});
