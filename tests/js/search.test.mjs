import test from "node:test";
import assert from "node:assert/strict";
import { fixture } from "./load.mjs";
import { contract } from "../../vizgen/site/static/js/core/contract.js";
import * as util from "../../vizgen/site/static/js/core/util.js";
import * as movegen from "../../vizgen/site/static/js/rules/engine/movegen.js";
import * as searchModule from "../../vizgen/site/static/js/viewer/search.js";

const VZ = { contract, util, movegen, search: searchModule };

/* A code page's search over the standard rules' tables (its model finds a code by the notation). */
function codePage(name) {
  const rules = new VZ.movegen.Rules(fixture(name));
  return VZ.search.create({ cfg: {}, model: { rules: rules, P: rules.P, find: (t) => rules.find(t) } });
}

/* A small page's search: its model knows the notations only. */
function smallPage(notation, players) {
  const index = new Map(notation.map((n, i) => [n, i]));
  return VZ.search.create({ cfg: { players: players }, model: { notation: notation, P: players, find: (t) => index.get(t) } });
}

test("hands typed in any order inside a player's group find the position (code pages, from the rule tables)", () => {
  const rules = new VZ.movegen.Rules(fixture("standard-rules.json"));
  const search = codePage("standard-rules.json");
  assert.equal(search.resolve("21-11"), rules.find("12-11"));
  assert.equal(search.resolve("2111"), rules.find("12-11"));
  assert.equal(search.resolve("43 21"), rules.find("34-12"));
  assert.equal(search.resolve("12-11"), rules.find("12-11"));
  assert.equal(search.resolve("91-11"), undefined);
  const three = new VZ.movegen.Rules(fixture("players3-r3-rules.json"));
  for (let code = 0; code < three.space; code++) {
    const name = three.name(code);
    const shuffled = name.replace(/(\d)(\d)/g, "$2$1");
    assert.equal(codePage("players3-r3-rules.json").resolve(shuffled), code, shuffled);
  }
});

test("hands typed in any order find the position on a small page, from its notations", () => {
  const search = smallPage(["11-11", "12-11", "11-12", "1.10-3.4"], 2);
  assert.equal(search.resolve("21-11"), 1);
  assert.equal(search.resolve("11 21"), 2);
  assert.equal(search.resolve("10.1-4.3"), 3);
  assert.equal(search.resolve("31-11"), undefined);
});
