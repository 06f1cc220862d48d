/* The rule space's explorer without a browser: its controller (space/ctrl.js) driven through a walk of the boxes
 * and the spaces over small made-up maps, and its views (space/view/*.js) read as the words a visitor sees. How the
 * boxes number the combinations is checked against the Python in tests/test_space.py (cross/space.mjs). */
import test from "node:test";
import assert from "node:assert/strict";
import { SpaceCtrl, combination, rowsOf, specOf } from "../../vizgen/site/static/js/space/ctrl.js";
import { VALUE_WORDS, answerView, valueWords } from "../../vizgen/site/static/js/space/view/answer.js";
import { choices, words } from "../../vizgen/site/static/js/space/view/choices.js";
import { fixture } from "./load.mjs";

/* The rule book and the units the Python ships (the space's index carries both). */
const BOOK = fixture("rulebook.json");
const UNITS = fixture("words.json").units;

/* Two on/off rules (a part: 4 combinations), two overflows, one attack, one halvesies, three swap settings:
 * 2 * 3 parts a space (6 more with zombies, a three-player space's outermost axis). Three spaces, the first
 * chosen: r = 5 with parts 0 (no swaps) and 2 (one swap counted by each player), r = 3 with part 0, and r = 4 with
 * three players with parts 0 and 6 (part 0 with zombies). */
const TWO = { zombies: "zombies needs players >= 3 (with two players the game ends at the first elimination)" };
const DATA = {
  bools: ["sudden_death", "cherry_bomb"], swaps: [[0, "row"], [1, "row"], [1, "player"]],
  overflow: ["rollover", "cutoff"], attack: ["opponent"], halvesies: ["off"], order: BOOK.names,
  standard: BOOK.defaults, block: 4, units: UNITS, book: BOOK, chosen: 0, spaces: [
    { label: "r = 5, two players", base: "standard", folder: "space/r5", parts: [0, 2], rule_sets: 4, omitted: TWO },
    { label: "r = 3, two players", base: "standard:r=3", folder: "space/r3", parts: [0], rule_sets: 2, omitted: TWO },
    { label: "r = 4, three players", base: "standard:players=3,r=4", folder: "space/p3_r4", parts: [0, 6],
      rule_sets: 5, omitted: {} }],
};
/* r = 5, part 0: combinations 0, 1 and 2 (3, cherry bomb with sudden death, refused: the rules refuse it); 0 and 1
 * the same game. Part 2: combination 8 alone. r = 3, part 0: combinations 0 and 2, other games. Three players,
 * part 0: combination 0 (the third player wins) and 2 (open); part 6: combination 24 (zombies, no other rule). */
const PARTS = {
  "space/r5/part-0": { index: [1, 1, 1], value: "WWD", remoteness: [7, 9, -1], positions: [100, 120, 50],
    draws: [10, 0, 50], game: [0, 0, 1], others: [1, 1, 0] },
  "space/r5/part-2": { index: [1], value: "L", remoteness: [1], positions: [3], draws: [0], game: [0], others: [0] },
  "space/r3/part-0": { index: [1, 2], value: "LD", remoteness: [5, -1], positions: [40, 20], draws: [0, 20],
    game: [0, 1], others: [0, 0] },
  "space/p3_r4/part-0": { index: [1, 2], value: "TD", remoteness: [11, -1], positions: [900, 800], draws: [0, 800],
    game: [0, 1], others: [0, 0] },
  "space/p3_r4/part-6": { index: [1], value: "W", remoteness: [13], positions: [700], draws: [70], game: [0],
    others: [0] },
};

/** A loader over a table, with the names it was asked for; `hold` names wait until released. */
function loader(table, hold = new Set()) {
  const asked = [];
  const waiting = new Map();
  const load = (name) => {
    asked.push(name);
    if (!(name in table)) return Promise.reject(new Error("no " + name));
    if (!hold.has(name)) return Promise.resolve(table[name]);
    return new Promise((yes) => waiting.set(name, () => yes(table[name])));
  };
  return { load, asked, release: (name) => waiting.get(name)() };
}

const ALL = { "space-data": DATA, ...PARTS };
/* The boxes as the page first draws them (the standard rules), with some changed. */
const STANDARD = { space: 0, bits: { sudden_death: false, cherry_bomb: false }, zombies: false, overflow: 0,
  attack: 0, halvesies: 0, swaps: 0, counted: "row" };
const pick = (over = {}) => ({ ...STANDARD, ...over, bits: { ...STANDARD.bits, ...over.bits } });
const text = (html) => String(html).replace(/<[^>]*>/g, "").replace(/\s+/g, " ").trim();

test("the pure readings: a pick's combination and spec, a part's rows", () => {
  const c = combination(DATA, pick({ bits: { cherry_bomb: true }, swaps: 1, counted: "player" }));
  assert.equal(c.index, 2 * 4 + 2);
  assert.equal(specOf(DATA, c), "standard:swaps=1,cherry_bomb=true,swap_count=player");
  assert.equal(combination(DATA, pick({ swaps: 0, counted: "player" })).params.swap_count, "row");
  assert.deepEqual([...rowsOf(PARTS["space/r5/part-0"], 0)], [[0, 0], [1, 1], [2, 2]]);
  assert.deepEqual([...rowsOf(PARTS["space/r5/part-2"], 8)], [[8, 0]]);
  const r3 = combination(DATA, pick({ space: 1, bits: { cherry_bomb: true }, zombies: true }));
  assert.equal(r3.index, 2, "zombies is no axis of a two-player space: the box is not read");
  assert.equal(specOf(DATA, r3), "standard:r=3,cherry_bomb=true", "the space's base names its r");
  const three = combination(DATA, pick({ space: 2, bits: { cherry_bomb: true }, zombies: true, overflow: 1 }));
  assert.equal(three.index, (6 + 3) * 4 + 2, "zombies, the outermost axis: six parts on");
  assert.equal(specOf(DATA, three), "standard:players=3,r=4,overflow=cutoff,zombies=true,cherry_bomb=true");
});

test("an explorer walk: the standard rules, a box ticked, a refused combination, another part", async () => {
  const files = loader(ALL);
  const seen = [];
  const ctrl = new SpaceCtrl(files.load, () => seen.push(JSON.parse(JSON.stringify(ctrl.state))));
  assert.equal(ctrl.state.status, "loading");
  assert.equal(answerView(ctrl.state), null, "while the map loads, the page's own words stay");
  await ctrl.start("space-data");
  assert.equal(seen.length, 1);
  assert.equal(seen[0].status, "loading", "the index read, the page draws the form and asks its first question");
  assert.deepEqual(seen[0].data, DATA);
  assert.equal(answerView(ctrl.state), null);
  await ctrl.ask(pick());
  assert.deepEqual(ctrl.state.answer, { spec: "standard", space: "r = 5, two players", players: 2,
    found: { value: "W", remoteness: 7, positions: 100, draws: 10, others: 1, idle: ["sudden_death"] }, why: null });
  assert.equal(text(answerView(ctrl.state)), "the first player wins in 7 plies (r = 5, two players); 100 " +
    "positions, 10.0 % of " +
    "them drawn. The same game as 1 other rule set of the map. Makes no difference here: sudden death. Solve " +
    "standard on the rules page.");

  await ctrl.ask(pick({ bits: { cherry_bomb: true, sudden_death: true } }));
  assert.equal(ctrl.state.answer.spec, "standard:sudden_death=true,cherry_bomb=true");
  assert.equal(ctrl.state.answer.found, null);
  assert.match(ctrl.state.answer.why, /^cherry_bomb resets the striking hand to 1, which sudden_death would/,
    "the engine's reason (rules/engine/rulebook.js, checked against the Python)");
  assert.equal(text(answerView(ctrl.state)), "standard:sudden_death=true,cherry_bomb=true: the rules refuse this " +
    "combination: cherry bomb resets the striking hand to 1, which sudden death would then take out with the " +
    "struck player at once; the rules say nothing of two players going out on one move (r = 5, two players).");

  await ctrl.ask(pick({ bits: { cherry_bomb: true } }));
  assert.equal(text(answerView(ctrl.state)), "a draw (r = 5, two players); 50 positions, 100 % of them drawn. " +
    "A game no other " +
    "rule set of the map gives. Solve standard:cherry_bomb=true on the rules page.");
  assert.match(String(answerView(ctrl.state)), /<a href="rules\.html\?rules=standard:cherry_bomb=true">/);

  await ctrl.ask(pick({ swaps: 1, counted: "player" }));
  assert.equal(ctrl.state.answer.found.value, "L");
  assert.match(text(answerView(ctrl.state)), /^the second player wins in 1 ply \(r = 5, two players\); 3 positions, 0 % of/);

  await ctrl.ask(pick({ swaps: 1, counted: "row" }));
  assert.equal(ctrl.state.answer.found, null, "a part the map does not hold: no answer, without a load");
  assert.match(text(answerView(ctrl.state)),
    /^standard:swaps=1: the map of r = 5, two players holds no answer for this rule set\./);
  assert.deepEqual(files.asked, ["space-data", "space/r5/part-0", "space/r5/part-2"], "each part is loaded once");
  assert.equal(seen.length, 6, "a redraw for the index and each answer");
});

test("an answer that arrives after a newer question is dropped", async () => {
  const files = loader(ALL, new Set(["space/r5/part-0"]));
  const ctrl = new SpaceCtrl(files.load, () => {});
  await ctrl.start("space-data");
  const first = ctrl.ask(pick()); // the standard rules: part 0, held
  await ctrl.ask(pick({ swaps: 1, counted: "row" })); // refused at once
  files.release("space/r5/part-0");
  await first;
  assert.equal(ctrl.state.answer.spec, "standard:swaps=1");
  assert.equal(ctrl.state.answer.found, null);
});

test("a file that cannot be loaded says which", async () => {
  const broken = new SpaceCtrl(loader({}).load, () => {});
  await broken.start("space-data");
  assert.equal(broken.state.status, "index");
  assert.equal(text(answerView(broken.state)), "The map could not be loaded.");
  const partless = new SpaceCtrl(loader({ "space-data": DATA }).load, () => {});
  await partless.start("space-data");
  await partless.ask(pick());
  assert.equal(partless.state.status, "part");
  assert.equal(partless.state.answer, null);
  assert.equal(text(answerView(partless.state)), "This part of the map could not be loaded.");
});

test("the form's fields: the spaces, the boxes as the standard rules tick them, the lists at their first, names escaped",
  () => {
    const form = String(choices({ ...DATA, standard: { ...DATA.standard, cherry_bomb: true } }));
    assert.match(form, /<select name="space"><option value="0" selected>r = 5, two players<\/option><option value="1">r = 3, two players<\/option>/);
    assert.match(form, /<input type="checkbox" name="cherry_bomb" checked> cherry bomb/);
    assert.match(form, /<input type="checkbox" name="sudden_death"> sudden death/);
    assert.match(form, /<input type="checkbox" name="zombies"> zombies/, "a space of three players: its box");
    assert.match(form, /<select name="overflow"><option value="0" selected>rollover<\/option><option value="1">cutoff<\/option>/);
    assert.match(form, /<select name="swaps"><option value="0">0<\/option><option value="1">1<\/option><\/select>/);
    const two = { ...DATA, spaces: DATA.spaces.slice(0, 2), chosen: 1 };
    assert.equal(text(choices(two)).replace(/ +/g, " "), "space r = 5, two playersr = 3, two players sudden death " +
      "cherry bomb overflow rollovercutoff attack opponent halvesies off swaps 01 counted by anyoneeach player",
    "two players alone: no zombies box");
    assert.match(String(choices(two)), /<option value="1" selected>r = 3, two players/, "the index's chosen space");
    const odd = String(choices({ ...DATA, bools: ["<b>"], spaces: [{ ...DATA.spaces[0], label: "<i>" }] }));
    assert.match(odd, /name="&lt;b&gt;"/);
    assert.match(odd, />&lt;i&gt;<\/option>/);
    assert.equal(words(DATA, "one_point_switch"), "one-point switch", "the Python's words, never the code name");
    assert.equal(words(DATA, "misere"), "misère");
    assert.equal(VALUE_WORDS.D, "a draw");
    assert.equal(valueWords("D", 3), "open: no player can force a win");
    assert.equal(valueWords("T", 3), "the third player wins");
  });

test("switching spaces: each space's parts load only once it is chosen, its answer and link name its r", async () => {
  const files = loader(ALL);
  const ctrl = new SpaceCtrl(files.load, () => {});
  await ctrl.start("space-data");
  await ctrl.ask(pick());
  assert.equal(ctrl.state.answer.found.value, "W");
  assert.deepEqual(files.asked, ["space-data", "space/r5/part-0"], "the r = 3 map not loaded before it is chosen");

  await ctrl.ask(pick({ space: 1 }));
  assert.deepEqual(files.asked, ["space-data", "space/r5/part-0", "space/r3/part-0"]);
  assert.equal(ctrl.state.answer.spec, "standard:r=3");
  assert.equal(ctrl.state.answer.space, "r = 3, two players");
  assert.equal(text(answerView(ctrl.state)), "the second player wins in 5 plies (r = 3, two players); 40 positions, " +
    "0 % of them drawn. A game no other rule set of the map gives. Solve standard:r=3 on the rules page.");
  assert.match(String(answerView(ctrl.state)), /<a href="rules\.html\?rules=standard:r=3">/, "the rules page plays r = 3");

  await ctrl.ask(pick({ space: 1, bits: { cherry_bomb: true } }));
  assert.equal(ctrl.state.answer.found.value, "D", "combination 2 of the r = 3 map, not the r = 5 one's");
  assert.match(String(answerView(ctrl.state)), /href="rules\.html\?rules=standard:r=3,cherry_bomb=true"/);

  await ctrl.ask(pick({ space: 1, bits: { cherry_bomb: true, sudden_death: true } }));
  assert.equal(ctrl.state.answer.found, null);
  assert.equal(text(answerView(ctrl.state)), "standard:r=3,sudden_death=true,cherry_bomb=true: the rules refuse " +
    "this combination: cherry bomb resets the striking hand to 1, which sudden death would then take out with the " +
    "struck player at once; the rules say nothing of two players going out on one move (r = 3, two players).");

  await ctrl.ask(pick({ space: 1, bits: { sudden_death: true } }));
  assert.match(text(answerView(ctrl.state)),
    /^standard:r=3,sudden_death=true: the map of r = 3, two players holds no answer/, "a row the map lacks");

  await ctrl.ask(pick());
  assert.equal(ctrl.state.answer.spec, "standard");
  assert.equal(ctrl.state.answer.found.value, "W", "back to r = 5: its answer again");
  assert.equal(files.asked.length, 3, "and no part loaded twice");
});

test("a space of three players: zombies, the seat that wins, open starts, and its own reasons", async () => {
  const files = loader(ALL);
  const ctrl = new SpaceCtrl(files.load, () => {});
  await ctrl.start("space-data");
  await ctrl.ask(pick({ space: 2 }));
  assert.equal(ctrl.state.answer.spec, "standard:players=3,r=4");
  assert.equal(text(answerView(ctrl.state)), "the third player wins in 11 plies (r = 4, three players); 900 " +
    "positions, 0 % of them drawn. A game no other rule set of the map gives. Solve standard:players=3,r=4 on the " +
    "rules page.");
  await ctrl.ask(pick({ space: 2, bits: { cherry_bomb: true } }));
  assert.match(text(answerView(ctrl.state)), /^open: no player can force a win \(r = 4, three players\); 800 positions/);
  await ctrl.ask(pick({ space: 2, zombies: true }));
  assert.equal(ctrl.state.answer.spec, "standard:players=3,r=4,zombies=true");
  assert.equal(ctrl.state.answer.found.value, "W");
  assert.deepEqual(files.asked, ["space-data", "space/p3_r4/part-0", "space/p3_r4/part-6"]);
  await ctrl.ask(pick({ space: 2, bits: { cherry_bomb: true, sudden_death: true } }));
  assert.match(ctrl.state.answer.why, /^cherry_bomb resets the striking hand to 1/);
  await ctrl.ask(pick({ space: 0, zombies: true }));
  assert.equal(ctrl.state.answer.spec, "standard", "zombies ticked, then two players chosen: not read");
});

test("a late answer from the space left behind is dropped", async () => {
  const files = loader(ALL, new Set(["space/r5/part-0"]));
  const ctrl = new SpaceCtrl(files.load, () => {});
  await ctrl.start("space-data");
  const first = ctrl.ask(pick());
  await ctrl.ask(pick({ space: 1 }));
  files.release("space/r5/part-0");
  await first;
  assert.equal(ctrl.state.answer.spec, "standard:r=3");
  assert.equal(ctrl.state.answer.found.value, "L");
});
