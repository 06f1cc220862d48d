import test from "node:test";
import assert from "node:assert/strict";
import { fixture } from "./load.mjs";
import { contract } from "../../vizgen/site/static/js/core/contract.js";
import * as util from "../../vizgen/site/static/js/core/util.js";
import * as board from "../../vizgen/site/static/js/core/board.js";
import * as hands from "../../vizgen/site/static/js/core/hands.js";
import * as notation from "../../vizgen/site/static/js/core/notation.js";
import * as panel from "../../vizgen/site/static/js/pages/viewer/panel.js";

const VZ = { contract, util, board, hands, panel };
const CASES = fixture("board.json");
const WORDS = fixture("words.json");

test("the board reads every move's notation as the Python reads it, and says it in the same words", () => {
  assert.ok(CASES.moves.length > 100);
  for (const [name, players, gain, parsed, words] of CASES.moves) {
    const mv = VZ.board.parse(name, players, gain);
    assert.deepEqual(mv, parsed, name);
    assert.equal(VZ.board.say(WORDS.moves, mv, players), words, name);
  }
  // every kind of move is among the cases
  const kinds = new Set(CASES.moves.map((c) => c[3].kind));
  for (const k of ["attack", "gain", "split", "flip", "add", "swap", "pass", "logan", "switch"]) assert.ok(kinds.has(k), k);
  assert.equal(VZ.board.parse("1>2", 3, false), null); // with three players the struck player is named
  assert.equal(VZ.board.parse("wave", 2, false), null);
});

test("a player's live hands are counted as the Python counts them, and where each player stands follows", () => {
  assert.ok(CASES.live.length > 10 && CASES.live.some(([, n]) => n === 0) && CASES.live.some(([h]) => h.some((v) => v < 0)));
  for (const [h, n] of CASES.live) assert.equal(notation.liveHands(h), n, JSON.stringify(h));
  // out: no live hand; the winner is "won" even with no live hand (self-gain, misère)
  assert.deepEqual(notation.standing([[1, 1], [0, 0], [0, 2]], -1), ["", "out", ""]);
  assert.deepEqual(notation.standing([[0, 0], [0, 3]], 0), ["won", ""]);
  const drawn = VZ.hands.players({ W: WORDS, seats: { names: ["A", "B"], won: ["", ""] } }, [[0, 0], [1, 0]],
    notation.standing([[0, 0], [1, 0]], -1)).text;
  assert.match(drawn, /<div class="player mover eliminated"><div class="who">A <span class="tag out">out<\/span>/);
});

test("what the rules keep with each player is read from the position's notation", () => {
  for (const [name, marks] of CASES.marks) assert.deepEqual(VZ.board.seatMarks(name), marks, name);
});

test("a hand value is written as the notation writes it", () => {
  assert.deepEqual([0.5, 1.5, -2, -0.5, 3, 0].map(VZ.board.written), ["½", "1½", "−2", "−½", "3", "0"]);
});

test("the moves on the hands: a strike lands on the struck hand's value, a split on your other hand", () => {
  const moves = [
    { dst: 10, names: ["1>1"] }, { dst: 11, names: ["1>3"] }, { dst: 12, names: ["13 -> 22"] },
    { dst: 13, names: ["3>1"] }, { dst: 14, names: ["swap"] },
  ];
  const entries = VZ.board.plan(moves, 2, false);
  assert.deepEqual(VZ.board.onto(entries, 1, 1, 3).map((e) => e.m.dst), [11]);
  assert.deepEqual(VZ.board.onto(entries, 3, 1, 1).map((e) => e.m.dst), [13]);
  assert.deepEqual(VZ.board.onto(entries, 1, 0, 3).map((e) => e.m.dst), [12]); // your own other hand: the split
  assert.deepEqual(VZ.board.onto(entries, 2, 1, 1), []);
});

test("the panel's badge is the pages' badge (vizgen/site/render/contexts.py's badge)", () => {
  for (const [cls, text, full, small, html] of CASES.badges) assert.equal(String(VZ.panel.badge(cls, text, full, small)), html);
});
