/* The rule space's explorer without a browser: its controller (space/ctrl.js) driven through a walk of the boxes
 * over a small made-up map, and its views (space/view/*.js) read as the words a visitor sees. How the boxes number
 * the combinations is checked against the Python in tests/test_space.py (cross/space.mjs). */
import test from "node:test";
import assert from "node:assert/strict";
import { SpaceCtrl, combination, rowsOf, specOf } from "../../vizgen/site/static/js/space/ctrl.js";
import { VALUE_WORDS, answerView } from "../../vizgen/site/static/js/space/view/answer.js";
import { choices, words } from "../../vizgen/site/static/js/space/view/choices.js";
import { fixture } from "./load.mjs";

/* The rule book and the units the Python ships (the space's index carries both). */
const BOOK = fixture("rulebook.json");
const UNITS = fixture("words.json").units;

/* Two on/off rules (a part: 4 combinations), two overflows, one attack, one halvesies, three swap settings:
 * 2 * 3 parts, of which the map holds 0 (no swaps) and 2 (one swap counted by each player). */
const DATA = {
  bools: ["sudden_death", "cherry_bomb"], swaps: [[0, "row"], [1, "row"], [1, "player"]],
  overflow: ["rollover", "cutoff"], attack: ["opponent"], halvesies: ["off"], order: BOOK.names,
  standard: BOOK.defaults, block: 4, parts: [0, 2], rule_sets: 4, units: UNITS, book: BOOK,
};
/* Part 0: combinations 0, 1 and 2 (3, cherry bomb with sudden death, refused: the rules refuse it); 0 and 1 the
 * same game. Part 2: combination 8 alone. */
const PARTS = {
  "space/part-0": { index: [1, 1, 1], value: "WWD", remoteness: [7, 9, -1], positions: [100, 120, 50],
    draws: [10, 0, 50], game: [0, 0, 1], others: [1, 1, 0] },
  "space/part-2": { index: [1], value: "L", remoteness: [1], positions: [3], draws: [0], game: [0], others: [0] },
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
const STANDARD = { bits: { sudden_death: false, cherry_bomb: false }, overflow: 0, attack: 0, halvesies: 0, swaps: 0,
  counted: "row" };
const pick = (over = {}) => ({ ...STANDARD, ...over, bits: { ...STANDARD.bits, ...over.bits } });
const text = (html) => String(html).replace(/<[^>]*>/g, "").replace(/\s+/g, " ").trim();

test("the pure readings: a pick's combination and spec, a part's rows", () => {
  const c = combination(DATA, pick({ bits: { cherry_bomb: true }, swaps: 1, counted: "player" }));
  assert.equal(c.index, 2 * 4 + 2);
  assert.equal(specOf(DATA, c.params), "standard:swaps=1,cherry_bomb=true,swap_count=player");
  assert.equal(combination(DATA, pick({ swaps: 0, counted: "player" })).params.swap_count, "row");
  assert.deepEqual([...rowsOf(PARTS["space/part-0"], 0)], [[0, 0], [1, 1], [2, 2]]);
  assert.deepEqual([...rowsOf(PARTS["space/part-2"], 8)], [[8, 0]]);
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
  assert.deepEqual(ctrl.state.answer, { spec: "standard", found: { value: "W", remoteness: 7, positions: 100,
    draws: 10, others: 1, idle: ["sudden_death"] }, why: null });
  assert.equal(text(answerView(ctrl.state)), "the first player wins in 7 plies; 100 positions, 10.0 % of " +
    "them drawn. The same game as 1 other rule set of the map. Makes no difference here: sudden death. Solve " +
    "standard on the rules page.");

  await ctrl.ask(pick({ bits: { cherry_bomb: true, sudden_death: true } }));
  assert.equal(ctrl.state.answer.spec, "standard:sudden_death=true,cherry_bomb=true");
  assert.equal(ctrl.state.answer.found, null);
  assert.match(ctrl.state.answer.why, /^cherry_bomb resets the striking hand to 1, which sudden_death would/,
    "the engine's reason (rules/engine/rulebook.js, checked against the Python)");
  assert.equal(text(answerView(ctrl.state)), "standard:sudden_death=true,cherry_bomb=true: the rules refuse this " +
    "combination: cherry bomb resets the striking hand to 1, which sudden death would then take out with the " +
    "struck player at once; the rules say nothing of two players going out on one move.");

  await ctrl.ask(pick({ bits: { cherry_bomb: true } }));
  assert.equal(text(answerView(ctrl.state)), "a draw; 50 positions, 100 % of them drawn. A game no other " +
    "rule set of the map gives. Solve standard:cherry_bomb=true on the rules page.");
  assert.match(String(answerView(ctrl.state)), /<a href="rules\.html\?rules=standard:cherry_bomb=true">/);

  await ctrl.ask(pick({ swaps: 1, counted: "player" }));
  assert.equal(ctrl.state.answer.found.value, "L");
  assert.match(text(answerView(ctrl.state)), /^the second player wins in 1 ply; 3 positions, 0 % of them drawn/);

  await ctrl.ask(pick({ swaps: 1, counted: "row" }));
  assert.equal(ctrl.state.answer.found, null, "a part the map does not hold: no answer, without a load");
  assert.match(text(answerView(ctrl.state)), /^standard:swaps=1: the map holds no answer for this rule set\./);
  assert.deepEqual(files.asked, ["space-data", "space/part-0", "space/part-2"], "each part is loaded once");
  assert.equal(seen.length, 6, "a redraw for the index and each answer");
});

test("an answer that arrives after a newer question is dropped", async () => {
  const files = loader(ALL, new Set(["space/part-0"]));
  const ctrl = new SpaceCtrl(files.load, () => {});
  await ctrl.start("space-data");
  const first = ctrl.ask(pick()); // the standard rules: part 0, held
  await ctrl.ask(pick({ swaps: 1, counted: "row" })); // refused at once
  files.release("space/part-0");
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

test("the form's fields: the boxes as the standard rules tick them, the lists at their first, names escaped", () => {
  const form = String(choices({ ...DATA, standard: { ...DATA.standard, cherry_bomb: true } }));
  assert.match(form, /<input type="checkbox" name="cherry_bomb" checked> cherry bomb/);
  assert.match(form, /<input type="checkbox" name="sudden_death"> sudden death/);
  assert.match(form, /<select name="overflow"><option value="0">rollover<\/option><option value="1">cutoff<\/option>/);
  assert.match(form, /<select name="swaps"><option value="0">0<\/option><option value="1">1<\/option><\/select>/);
  assert.equal(text(choices(DATA)).replace(/ +/g, " "), "sudden death cherry bomb overflow rollovercutoff attack opponent " +
    "halvesies off swaps 01 counted by anyoneeach player");
  const odd = String(choices({ ...DATA, bools: ["<b>"] }));
  assert.match(odd, /name="&lt;b&gt;"/);
  assert.equal(words(DATA, "one_point_switch"), "one-point switch", "the Python's words, never the code name");
  assert.equal(words(DATA, "misere"), "misère");
  assert.equal(VALUE_WORDS.D, "a draw");
});
