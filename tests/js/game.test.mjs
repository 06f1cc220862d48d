import test from "node:test";
import assert from "node:assert/strict";
import { fixture } from "./load.mjs";
import { contract } from "../../vizgen/site/static/js/core/contract.js";
import * as address from "../../vizgen/site/static/js/core/address.js";
import * as util from "../../vizgen/site/static/js/core/util.js";
import * as game from "../../vizgen/site/static/js/play/game.js";

const VZ = { contract, address, util, game };
VZ.address.use(fixture("address.json").tables.standard); // the record is read through the address's reader
const KINDS = ["you", "perfect", "maxn1", "random"];

/* A made-up two-player game: a -> b -> c -> d, where the second player has won. */
const MODEL = {
  P: 2,
  startId: 0,
  name: (i) => ["a", "b", "c", "d"][i],
  over: (i) => i === 3,
  winner: (i) => [-1, 0, 1, 0][i], // seats from the player to move there
  remoteness: (i) => [-1, 3, 2, 0][i],
};
const PLAY = {
  "value-win": "you can force a win in {n}", "value-loss": "you lose in {n} against best play",
  "value-draw": "a draw", "value-open": "open", "value-won": "you won", "value-lost": "you lost",
  "value-other": "player {k} can force a win in {n}", "value-other-won": "player {k} won",
};

test("a record reads back, and what cannot be read says why", () => {
  assert.equal(VZ.game.readRecord("?x=1", 2, KINDS), null);
  assert.deepEqual(VZ.game.readRecord("?play=you.perfect&seed=42&moves=12-11_12-12", 2, KINDS),
    { seats: ["you", "perfect"], seed: 42, from: null, moves: ["12-11", "12-12"], at: null, challenge: false, mode: null, hints: [], seat: null });
  assert.deepEqual(VZ.game.readRecord("?play=random.you", 2, KINDS), { seats: ["random", "you"], seed: 1, from: null, moves: [], at: null, challenge: false, mode: null, hints: [], seat: null });
  assert.deepEqual(VZ.game.readRecord("?play=you.perfect&moves=1.10-3.4_%E2%88%922", 2, KINDS).moves, ["1.10-3.4", "−2"]);
  assert.deepEqual(VZ.game.readRecord("?play=you.perfect&moves=1.10-3.4_%E2", 2, KINDS), // dropped: address.js
    { why: "", note: VZ.address.note("game") });
  assert.match(VZ.game.readRecord("?play=you", 2, KINDS).why, /names 1 players, this variant has 2/);
  assert.match(VZ.game.readRecord("?play=you.wizard", 2, KINDS).why, /not one of you, perfect, maxn1, random/);
  assert.match(VZ.game.readRecord("?play=you.you", 2, KINDS).why, /at most one player can be you/);
  assert.deepEqual(VZ.game.readRecord("?play=perfect.perfect&moves=b&at=0&mode=challenge&hints=0.2", 2, KINDS),
    { seats: ["perfect", "perfect"], seed: 1, from: null, moves: ["b"], at: 0, challenge: true, mode: "challenge", hints: [0, 2], seat: null });
  // a number that is not one (or too large for its field) is the address reader's to refuse, with its note
  const number = VZ.address.note("game-number");
  for (const bad of ["at=x", "hints=1.y", "at=0x1", "moves=12-11&at=999", "moves=12-11&hints=0x2", "seed=1e40"]) {
    assert.deepEqual(VZ.game.readRecord("?play=you.perfect&" + bad, 2, KINDS), { why: "", note: number }, bad);
  }
  for (const seed of ["x", "-1", "1.5", "0x10", "1e3", "%20", "Infinity"]) {
    assert.deepEqual(VZ.game.readRecord("?play=you.perfect&seed=" + seed, 2, KINDS), { why: "", note: number }, seed);
  }
  // issue #39: no part of a record is rewritten in silence; each bad one is said
  assert.match(VZ.game.readRecord("?play=you.perfect&moves=12-11&at=2", 2, KINDS).why, /at most the 1 the record/);
  assert.equal(VZ.game.readRecord("?play=you.perfect&moves=12-11&at=1", 2, KINDS).at, 1);
  for (const mode of ["__proto__", "toString", "Challenge", "x"]) {
    assert.match(VZ.game.readRecord("?play=you.perfect&mode=" + mode, 2, KINDS).why, /mode must be one of challenge, link, analyse, review/, mode);
  }
  for (const moves of ["__proto__", "12-11__12-12", "_", "12-11_"]) {
    assert.match(VZ.game.readRecord("?play=you.perfect&moves=" + moves, 2, KINDS).why, /positions joined by _/, moves);
  }
});

test("the record in the address keeps the other parameters", () => {
  assert.equal(VZ.game.withRecord("?x=1&play=a&seed=2&moves=b", "play=you.perfect&seed=3"), "?x=1&play=you.perfect&seed=3");
  assert.equal(VZ.game.withRecord("?play=a&seed=2&from=b&at=1&mode=challenge&hints=0", null), "");
  assert.equal(VZ.game.withRecord("", "play=you.perfect&seed=3"), "?play=you.perfect&seed=3");
});

test("changing a seat keeps exactly one you", () => {
  assert.deepEqual(VZ.game.seatChange(["you", "perfect"], 1, "you"), ["perfect", "you"]);
  assert.deepEqual(VZ.game.seatChange(["you", "maxn1"], 1, "you"), ["maxn1", "you"]);
  assert.deepEqual(VZ.game.seatChange(["you", "perfect", "perfect"], 0, "random"), ["random", "you", "perfect"]);
  assert.deepEqual(VZ.game.seatChange(["perfect", "you"], 0, "maxn1"), ["maxn1", "you"]);
});

test("a game: moves, its value for you, undo, redo, its record and the players of the next one", () => {
  const g = new VZ.game.Game(MODEL, ["you", "perfect"], 7);
  assert.deepEqual([g.here(), g.plies(), g.yourTurn(), g.lastMine()], [0, 0, true, -1]);
  assert.equal(g.undo(), false);
  g.push(1);
  g.push(2);
  assert.deepEqual(g.value(1), { v: -1, pos: 1, player: 1 }); // the mover at ply 1 is the second player
  g.you = 1;
  assert.equal(g.value(1).v, 1);
  assert.equal(g.valueWords(PLAY, 1), "you can force a win in 3");
  g.you = 0;
  assert.deepEqual(g.value(0), { v: 0, pos: 0 });
  assert.equal(g.valueWords(PLAY, 1), "you lose in 3 against best play");
  assert.equal(g.record(), "play=you.perfect&seed=7&moves=b_c");
  assert.deepEqual(VZ.game.readRecord("?" + g.record(), 2, KINDS), { seats: ["you", "perfect"], seed: 7, from: null, moves: ["b", "c"], at: null, challenge: false, mode: null, hints: [], seat: null });
  g.push(3);
  assert.ok(g.over() && !g.yourTurn() && g.finished());
  assert.deepEqual(g.end(), { reason: "won", winner: 1, shared: [], plies: 3 });
  assert.equal(g.valueWords(PLAY, 3), "you lost");
  assert.equal(g.lastMine(), 2);
  assert.equal(g.undo(), true); // back to before your move at ply 2
  assert.deepEqual([g.path, g.redo], [[0, 1, 2], [3]]);
  g.seek(0);
  assert.deepEqual([g.path, g.redo], [[0], [3, 2, 1]]);
  g.push(1); // following the line taken back keeps the rest for redo
  assert.deepEqual(g.redo, [3, 2]);
  g.push(0);
  assert.deepEqual(g.redo, []);
  assert.deepEqual([g.rematch(false), g.rematch(true)], [["you", "perfect"], ["perfect", "you"]]);
  const four = new VZ.game.Game({ ...MODEL, P: 4 }, ["you", "perfect", "tricky", "random"], 1);
  assert.deepEqual(four.rematch(true), ["random", "you", "perfect", "tricky"]);
});

test("the random player's move depends only on the seed, the ply and the position", () => {
  const kids = [10, 11, 12, 13, 14];
  const pick = (seed) => new VZ.game.Game(MODEL, ["you", "random"], seed).randomChild(kids);
  assert.equal(pick(3), pick(3));
  assert.ok(kids.includes(pick(3)));
  assert.equal(new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(pick)).size > 1, true);
  assert.equal(VZ.game.hash(""), 2166136261);
  for (let s = 0; s < 50; s++) {
    const u = VZ.game.uniform(s);
    assert.ok(u >= 0 && u < 1);
  }
});

test("the game walks its line: seek keeps the positions after the ply shown, and the record says which", () => {
  const g = new VZ.game.Game(MODEL, ["you", "perfect"], 7);
  g.push(1);
  g.push(2);
  g.seek(1);
  assert.deepEqual([g.path, g.redo, g.line()], [[0, 1], [2], [0, 1, 2]]);
  g.challenge = true;
  g.hint();
  g.hint();
  assert.equal(g.record(), "play=you.perfect&seed=7&moves=b_c&at=1&mode=challenge&hints=1");
  assert.ok(g.hinted() && !g.finished());
  g.seek(99);
  assert.deepEqual([g.path, g.redo, g.hinted()], [[0, 1, 2], [], false]);
  g.seek(-4);
  assert.deepEqual(g.path, [0]);
});

test("a game ends by repetition the third time a position comes with the same player to move, or at the cap", () => {
  const over = () => false, none = () => -1, limits = { repetitions: 3, cap: 200 };
  const live = () => [true, false]; // the mover is in, the other is out
  // a and b alternate: a with player 1 to move at plies 0, 2, 4
  assert.equal(VZ.game.ending(2, [0, 1, 0, 1], over, none, live, limits), null);
  assert.deepEqual(VZ.game.ending(2, [0, 1, 0, 1, 0], over, none, live, limits),
    { reason: "repetition", winner: -1, shared: [0], plies: 4 });
  // with three players the same position comes back with another player to move: no repetition yet
  assert.equal(VZ.game.ending(3, [0, 0, 0, 0, 0], over, none, null, limits), null);
  assert.deepEqual(VZ.game.ending(3, [0, 0, 0, 0, 0, 0, 0], over, none, null, limits).reason, "repetition");
  const line = [0, 1, 2, 3, 4, 5];
  assert.deepEqual(VZ.game.ending(2, line, over, none, live, { repetitions: 3, cap: 5 }),
    { reason: "cap", winner: -1, shared: [1], plies: 5 });
  assert.equal(VZ.game.ending(2, line, over, none, live, { repetitions: 3, cap: 6 }), null);
  // a win at the last position: the winner counted from the mover, as a seat from the first player
  assert.deepEqual(VZ.game.ending(3, [0, 1, 2], (i) => i === 2, () => 2, null, limits),
    { reason: "won", winner: 1, shared: [], plies: 2 });
});

test("a game from another position than the start: its record names it, and reads back", () => {
  const g = new VZ.game.Game(MODEL, ["perfect", "perfect"], 1, undefined, 1);
  assert.deepEqual([g.here(), g.plies(), g.path], [1, 0, [1]]);
  g.push(2);
  g.push(3);
  assert.ok(g.over());
  assert.deepEqual(g.end(), { reason: "won", winner: 0, shared: [], plies: 2 }); // player 1 moves at b and at d
  assert.equal(g.record(), "play=perfect.perfect&seed=1&from=b&moves=c_d");
  assert.deepEqual(VZ.game.readRecord("?" + g.record(), 2, KINDS),
    { seats: ["perfect", "perfect"], seed: 1, from: "b", moves: ["c", "d"], at: null, challenge: false, mode: null, hints: [], seat: null });
  g.seek(0);
  assert.deepEqual([g.path, g.redo], [[1], [3, 2]]);
  assert.equal(new VZ.game.Game(MODEL, ["you", "perfect"], 1, undefined, 0).record(), "play=you.perfect&seed=1");
});

test("a game you watch names the seat that can force a win, never 'you'", () => {
  const g = new VZ.game.Game(MODEL, ["perfect", "random"], 1);
  g.push(1);
  assert.equal(g.valueWords(PLAY, 1), "player 2 can force a win in 3"); // you would read "you lose in 3"
  g.push(2);
  g.push(3);
  assert.equal(g.valueWords(PLAY, 3), "player 2 won");
  assert.equal(g.valueWords(PLAY, 0), "a draw");
});
