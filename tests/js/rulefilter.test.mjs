import test from "node:test";
import assert from "node:assert";
import { contract } from "../../vizgen/site/static/js/core/contract.js";
import * as rulefilter from "../../vizgen/site/static/js/index/rulefilter.js";

const VZ = { contract, rulefilter };
const { matches } = VZ.rulefilter;

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
