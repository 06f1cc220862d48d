import test from "node:test";
import assert from "node:assert";
import { IndexCtrl, filterFrom, filterQuery, matches } from "../../vizgen/site/static/js/index/ctrl.js";
import { countView } from "../../vizgen/site/static/js/index/view/count.js";

test("a card shows when it has every ticked rule", () => {
  assert.ok(matches("overflow lives sudden_death", "Lives", ["lives"], ""));
  assert.ok(matches("overflow lives sudden_death", "Lives", ["lives", "overflow"], ""));
  assert.ok(!matches("overflow", "Cutoff", ["lives"], ""));
  assert.ok(!matches("", "Standard", ["overflow"], ""));
  assert.ok(matches("", "Standard", [], ""));
});

test("every typed word must be in the card's words, in any case, split at spaces and commas", () => {
  const words = "Three hands, single transfer Three hands; a transfer moves fingers 3 hands single transfer";
  assert.ok(matches("hands transfer_scope", words, [], "three HANDS"));
  assert.ok(matches("hands transfer_scope", words, [], "transfer, three"));
  assert.ok(!matches("hands transfer_scope", words, [], "three lives"));
  assert.ok(matches("hands", words, [], "   "));
});

/** An index of three sections: the standard game, two rule changes, and a section with no cards. */
const GROUPS = [
  [{ rules: "", words: "Standard the classic game" }],
  [{ rules: "overflow", words: "Cutoff fingers over five are lost" },
    { rules: "overflow lives", words: "Lives a lost hand comes back" }],
  [],
];

test("the filter, driven through its action: ticking, typing, unticking, and the count a visitor reads", () => {
  let redraws = 0;
  const ctrl = new IndexCtrl(GROUPS, () => { redraws += 1; });
  const count = () => countView(ctrl.state);
  assert.equal(redraws, 0);
  assert.deepEqual(ctrl.state.shows, [[true], [true, true], []]);
  assert.equal(count(), "3 variants");

  ctrl.set(["overflow"], "");
  assert.equal(redraws, 1);
  assert.deepEqual(ctrl.state.shows, [[false], [true, true], []]);
  assert.deepEqual(ctrl.state.groupShows, [false, true, true]); // a section with no cards is never hidden
  assert.equal(count(), "2 of 3 variants");

  ctrl.set(["overflow"], "BACK");
  assert.deepEqual(ctrl.state.shows, [[false], [false, true], []]);
  assert.equal(count(), "1 of 3 variants");

  ctrl.set(["overflow"], "nothing like this");
  assert.equal(ctrl.state.shown, 0);
  assert.deepEqual(ctrl.state.groupShows, [false, false, true]);
  assert.equal(count(), "0 of 3 variants");

  ctrl.set([], "");
  assert.deepEqual(ctrl.state.ticked, []);
  assert.equal(count(), "3 variants");
  assert.equal(redraws, 4);

  ctrl.set(["lives", "overflow"], "lost");
  assert.deepEqual(ctrl.state.shows, [[false], [false, true], []]);
  assert.equal(count(), "1 of 3 variants");
});

test("the filter in the address: written as the page writes it, read back kept to the page's boxes", () => {
  assert.strictEqual(filterQuery([], ""), "");
  assert.strictEqual(filterQuery([], "three hands"), "?words=three%20hands");
  assert.strictEqual(filterQuery(["players", "r"], "a&b=c"), "?words=a%26b%3Dc&ticks=players.r");
  const known = ["overflow", "players", "r"];
  assert.deepStrictEqual(filterFrom("three", "r.players", known), { ticked: ["players", "r"], typed: "three", unknown: [] });
  assert.deepStrictEqual(filterFrom(null, "nonsense.r.r.<b>", known), { ticked: ["r"], typed: "", unknown: ["nonsense", "<b>"] });
  assert.deepStrictEqual(filterFrom(undefined, undefined, known), { ticked: [], typed: "", unknown: [] });
  // what is written reads back as the same filter (the reader decodes percent-escapes)
  const q = new URLSearchParams(filterQuery(["r", "overflow"], "cut, off"));
  assert.deepStrictEqual(filterFrom(q.get("words"), q.get("ticks"), known), { ticked: ["overflow", "r"], typed: "cut, off", unknown: [] });
});
