/* People's games (play/game.js, review.js, names.js, retry.js): the person seat, the record's modes (a game by
 * link, a game played on the hands entered and reviewed) checked against hostile values, every person's marks
 * in words, and an out player's pass played for them. */
import test from "node:test";
import assert from "node:assert/strict";
import { fixture } from "./load.mjs";
import { contract } from "../../vizgen/site/static/js/core/contract.js";
import * as address from "../../vizgen/site/static/js/core/address.js";
import { fill } from "../../vizgen/site/static/js/core/util.js";
import * as card from "../../vizgen/site/static/js/play/card.js";
import * as game from "../../vizgen/site/static/js/play/game.js";
import * as names from "../../vizgen/site/static/js/play/names.js";
import * as retry from "../../vizgen/site/static/js/play/retry.js";
import * as review from "../../vizgen/site/static/js/play/review.js";

address.use(fixture("address.json").tables.standard); // the record is read through the address's reader
const WORDS = fixture("words.json");
const W = WORDS.play;
const KINDS = ["you", "person", "perfect", "random"];

/* A made-up two-player game: a -> b -> c -> d, where the second player has won. */
const MODEL = {
  P: 2,
  startId: 0,
  name: (i) => ["a", "b", "c", "d"][i],
  over: (i) => i === 3,
  winner: (i) => [-1, 0, 1, 0][i],
  remoteness: (i) => [-1, 3, 2, 0][i],
};
/* A made-up three-player game: the first player is out at b (position 1) and c (2). */
const THREE = { P: 3, startId: 0, name: (i) => "p" + i, over: () => false, winner: () => -1, remoteness: () => -1 };
/* Per position, per seat from the mover, a live hand: at 1 the mover (player 2) is in, player 1 (two on) out; at
   3 (after three plies, player 1 to move) player 1 out. */
const LIVE = (pos) => ({ 0: [true, true, true], 1: [true, true, false], 2: [true, false, true], 3: [false, true, true] })[pos] || null;

test("a person is a seat of its own: several may play, and the values are the first person's", () => {
  const g = new game.Game(MODEL, ["person", "person"], 1);
  assert.deepEqual([g.you, g.human(0), g.human(1), g.yourTurn(), g.canMove()], [0, true, true, true, true]);
  assert.equal(new game.Game(MODEL, ["perfect", "person"], 1).you, 1);
  assert.equal(new game.Game(MODEL, ["person", "you"], 1).you, 1); // you first, where you play
  assert.equal(game.firstHuman(["perfect", "random"]), 0);
  g.push(1);
  assert.ok(g.yourTurn()); // the second person's turn: the board is live for them
  assert.equal(g.lastMine(), 0);
  // the seats of a game among people: you and the people chosen become persons; fewer than two: everyone
  assert.deepEqual(game.people(["you", "perfect"], false), ["person", "person"]);
  assert.deepEqual(game.people(["you", "person", "perfect"], false), ["person", "person", "perfect"]);
  assert.deepEqual(game.people(["you", "perfect", "random"], true), ["person", "person", "person"]);
  // a seat becomes a person without touching the one you
  assert.deepEqual(game.seatChange(["you", "perfect", "perfect"], 2, "person"), ["you", "perfect", "person"]);
});

test("a person's seat is named by its number, every other by who plays it", () => {
  const g = new game.Game(MODEL, ["person", "perfect"], 1);
  assert.equal(names.roleName(W, g, 0), "Player 1");
  assert.equal(names.roleName(W, g, 1), "Perfect player (player 2)");
  assert.equal(names.kindName(W, "person"), "person");
});

test("the record's modes: a game by link, a game entered from the hands and its review, each read back", () => {
  for (const mode of ["challenge", "link", "analyse", "review"]) {
    const g = new game.Game(MODEL, ["person", "person"], 4);
    g.setMode(mode);
    g.push(1);
    assert.equal(g.mode(), mode);
    assert.equal(g.challenge, mode !== "review"); // every mode but the review hides the values
    const rec = game.readRecord("?" + g.record(), 2, KINDS);
    assert.deepEqual([rec.mode, rec.challenge, rec.moves], [mode, mode !== "review", ["b"]]);
    const back = new game.Game(MODEL, rec.seats, rec.seed);
    back.setMode(rec.mode);
    assert.deepEqual([back.link, back.analyse, back.reviewed], [mode === "link", mode === "analyse" || mode === "review",
      mode === "review"]);
  }
  const none = new game.Game(MODEL, ["you", "perfect"], 4);
  none.setMode(null);
  assert.equal(none.mode(), null);
  assert.doesNotMatch(none.record(), /mode=/);
});

test("a record's mode is one of the four, hostile values said and never kept", () => {
  const hostile = ["__proto__", "constructor", "toString", "LINK", "link ", "link%00", "%3Cb%3Ex%3C%2Fb%3E",
    "review.link", "challenge,link", "javascript:alert(1)", "0", "-1", "analyse%0A", "x".repeat(300)];
  for (const mode of hostile) {
    const rec = game.readRecord("?play=person.person&mode=" + mode, 2, KINDS);
    if (rec.note) continue; // a part the address's reader cannot decode drops the record, said with its note
    assert.match(rec.why, /mode must be one of challenge, link, analyse, review/, mode);
  }
  assert.match(game.readRecord("?play=person.perfect&mode=link", 2, KINDS).why, /a game by link needs two people/);
  assert.match(game.readRecord("?play=you.random&mode=link", 2, KINDS).why, /two people/);
  assert.equal(game.readRecord("?play=you.person&mode=link", 2, KINDS).mode, "link");
  assert.match(game.readRecord("?play=person.wizard&mode=link", 2, KINDS).why, /not one of/);
  assert.match(game.readRecord("?play=you.random.you&mode=link", 2, KINDS).why, /names 3 players/);
});

test("a game by link: after a move here the board waits for the next person, who may not take it back", () => {
  const g = new game.Game(MODEL, ["person", "person"], 1);
  g.setMode("link");
  assert.ok(g.canMove() && !g.canUndo());
  g.waiting = true; // play.js: a person moved on this device
  g.push(1);
  assert.ok(g.yourTurn() && !g.canMove() && g.canUndo()); // the move just made can be taken back before sending
  assert.equal(g.undo(), true);
  assert.ok(!g.waiting && g.canMove());
  // the friend's page: the record replayed, their turn, the first player's move not theirs to take back
  const friend = new game.Game(MODEL, ["person", "person"], 1);
  friend.setMode("link");
  friend.path.push(1);
  assert.ok(friend.canMove() && !friend.canUndo());
});

test("an entered game is reviewed at any ply, not only at its end", () => {
  const g = new game.Game(MODEL, ["person", "person"], 1);
  g.setMode("analyse");
  g.push(1);
  assert.ok(!g.reviewable() && g.challenge);
  g.setMode("review");
  assert.ok(g.reviewable() && !g.challenge && !g.over());
  const done = new game.Game(MODEL, ["you", "perfect"], 1);
  [1, 2, 3].forEach((p) => done.push(p));
  assert.ok(done.reviewable());
});

test("an out player's only move, a pass, is played for them; a person out may skip to the end", () => {
  const g = new game.Game(THREE, ["you", "perfect", "perfect"], 1);
  assert.ok(!g.isOut(LIVE, 0) && !g.peopleOut(LIVE));
  assert.equal(g.outPass(LIVE, [5]), false); // you are in: you are asked
  g.push(1); // player 2 to move; you (two seats on) are out
  assert.ok(g.isOut(LIVE, 0) && !g.isOut(LIVE, 1) && g.peopleOut(LIVE));
  assert.equal(g.outPass(LIVE, [5]), false); // the mover, player 2, is in
  g.push(2);
  g.push(3); // your turn again, out
  assert.ok(g.yourTurn() && g.isOut(LIVE, 0));
  assert.equal(g.outPass(LIVE, [7]), true); // one move, a pass: played for you
  assert.equal(g.outPass(LIVE, [7, 8]), false); // more than one (zombies attack): still asked
  assert.equal(g.outPass(() => null, [7]), false); // hands unknown: asked
  const two = new game.Game(MODEL, ["you", "perfect"], 1);
  assert.equal(two.outPass(() => [false, true], [1]), false); // two players: out ends the game
  const people = new game.Game(THREE, ["person", "person", "perfect"], 1);
  people.push(1);
  assert.ok(!people.peopleOut(LIVE)); // one person out, the other in: no skipping
});

test("every person's marks in words, the best moves unsaid, plurals by the one rule", () => {
  const key = (k) => contract.marks.findIndex((m) => m.key === k);
  const marks = contract.marks.map(() => 0);
  assert.equal(review.tally(W, "Player 2", marks), "Player 2: no inaccuracy, mistake or blunder.");
  marks[key("best")] = 4;
  marks[key("mistake")] = 2;
  marks[key("blunder")] = 1;
  assert.equal(review.tally(W, "Player 1", marks), "Player 1: 2 mistakes, 1 blunder.");
  marks[key("inaccuracy")] = 1;
  assert.equal(review.tally(W, "Player 1", marks), "Player 1: 1 inaccuracy, 2 mistakes, 1 blunder.");
  // the counts per seat from a game's marks, as the review table reads them
  const mark = (k) => ({ mark: key(k), move: null, best: null });
  const counts = review.counts(W, 2, [mark("best"), mark("blunder"), mark("mistake"), null, mark("inaccuracy")], []);
  assert.deepEqual([review.tally(W, "Player 1", counts[0].marks), review.tally(W, "Player 2", counts[1].marks)],
    ["Player 1: 1 inaccuracy, 1 mistake.", "Player 2: 1 blunder."]);
});

test("retry from the mistakes of every person on this device, not the computers'", () => {
  const key = (k) => contract.marks.findIndex((m) => m.key === k);
  const g = new game.Game(MODEL, ["person", "perfect"], 1);
  [1, 2, 3].forEach((p) => g.push(p));
  const marked = [{ mark: key("blunder") }, { mark: key("blunder") }, { mark: key("mistake") }];
  assert.deepEqual(retry.positions(W, g, marked), ["a", "c"]);
  const both = new game.Game(MODEL, ["person", "person"], 1);
  [1, 2, 3].forEach((p) => both.push(p));
  assert.deepEqual(retry.positions(W, both, marked), ["a", "b", "c"]);
});

test("out of three players: the card gives the ply you were out at, the review counts your own moves only, and a finished game reads as one", () => {
  // you (seat 1) are out from position 1 on; the others go round 1 -> 2 -> 3 -> 1 until the repetition rule ends it
  const g = new game.Game(THREE, ["you", "perfect", "perfect"], 1);
  [1, 2, 3, 1, 2, 3, 1].forEach((p) => g.push(p));
  const end = g.end(LIVE);
  assert.deepEqual([end.reason, end.plies, end.shared], ["repetition", 7, [1, 2]]);
  assert.equal(g.outAt(LIVE, 0), 1);
  assert.equal(g.outAt(LIVE, 1), -1);
  assert.equal(g.outAt(() => null, 0), -1);
  // the result card: out at ply 1, not after the game's 7 plies
  assert.equal(card.sentence(W, g, LIVE, "Three players"),
    fill(W["card-out"], { against: "the perfect player", variant: "Three players", k: 1, n: 7 }));
  assert.match(card.sentence(W, g, LIVE, "Three players"), /at ply 1;/);
  // the finished game's badge: over, never "no one can force a win"; earlier plies keep their own words
  assert.equal(g.valueWords(W, 7), W["value-ended"]);
  assert.equal(g.valueWords(W, 6), W["value-open"]);
  const two = new game.Game(MODEL, ["you", "perfect"], 1);
  assert.equal(two.valueWordsAt(W, 0, 0), W["value-draw"]); // winner -1 at a: a draw with best play, not over
  // the review: the passes played for you while out are not your moves (no mark, no "best" counted)
  const code = (k) => contract.choiceCodes[k];
  const moves = { 0: [{ dst: 1, choice: code("open"), best: true, n: 0, k: -1, names: ["1>1"] }],
    1: [{ dst: 2, choice: code("open"), best: true, n: 0, k: -1, names: ["1>2"] }],
    2: [{ dst: 3, choice: code("open"), best: true, n: 0, k: -1, names: ["2>1"] }],
    3: [{ dst: 1, choice: code("you-are-out"), best: true, n: 0, k: -1, names: ["pass"] }] };
  const marked = review.marks(W, g.line(), (pos) => ({ moves: moves[pos] }));
  assert.deepEqual(marked.map((r) => r !== null), [true, true, true, false, true, true, false]);
  const counts = review.counts(W, 3, marked, []);
  const best = contract.marks.findIndex((m) => m.key === "best");
  assert.deepEqual(counts.map((c) => c.marks[best]), [1, 2, 2]); // you: your first move only, not the two passes
  assert.equal(review.own(W, moves[3], 1), null);
  assert.equal(contract.marks[review.own(W, moves[0], 1).mark].key, "best");
  // a zombie who is out but still chooses between moves: those are its own moves, marked
  const choosing = [{ dst: 1, choice: code("you-are-out"), best: true, n: 0, k: -1, names: ["1>1"] },
    { dst: 2, choice: code("you-are-out"), best: true, n: 0, k: -1, names: ["1>2"] }];
  assert.notEqual(review.own(W, choosing, 2), null);
  // the words of an out pass, when a pass is shown: the table's, not "pass passes"
  assert.doesNotMatch(review.sentence(WORDS, { mark: best, move: moves[3][0], best: null }), /passes/);
});
