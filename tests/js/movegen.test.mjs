import test from "node:test";
import assert from "node:assert/strict";
import { fixture } from "./load.mjs";
import { contract } from "../../vizgen/site/static/js/core/contract.js";
import * as util from "../../vizgen/site/static/js/core/util.js";
import * as movegen from "../../vizgen/site/static/js/rules/engine/movegen.js";

const VZ = { contract, util, movegen };
const STANDARD = new VZ.movegen.Rules(fixture("standard-rules.json"));
const THREE = new VZ.movegen.Rules(fixture("players3-r3-rules.json")); // three players, r = 3: passes of the out

test("a code's seats, notation and hands", () => {
  const start = fixture("standard-rules.json").start;
  assert.equal(STANDARD.name(start), "11-11");
  assert.deepEqual(STANDARD.hands(start), [[1, 1], [1, 1]]);
  assert.equal(THREE.name(fixture("players3-r3-rules.json").start), "11-11-11");
  const d = STANDARD.seats(start);
  assert.equal(d.count, 0);
  assert.equal(d.s.length, 2);
});

test("every code's notation reads back as that code, with or without separators", () => {
  for (const rules of [STANDARD, THREE]) {
    for (let code = 0; code < rules.space; code++) {
      const name = rules.name(code);
      assert.equal(rules.find(name), code, name);
      assert.equal(rules.find(name.replace(/-/g, "")), code, name);
      assert.equal(rules.find(name.replace(/-/g, " ")), code, name);
    }
  }
  assert.equal(STANDARD.find("99-99"), undefined);
  assert.equal(STANDARD.find("11-11-11"), undefined);
  assert.equal(STANDARD.find("111"), undefined);
  assert.equal(STANDARD.find("11-11/s1"), undefined); // no swaps in standard
});

test("the start's moves all reach 12-11; 11-22's parents are those the engine names", () => {
  const R = fixture("standard-rules.json");
  const moves = STANDARD.moves(R.start);
  assert.deepEqual([...new Set(moves.map((m) => STANDARD.name(m.dst)))], ["12-11"]);
  assert.ok(moves.every((m) => typeof R.moves[m.mid] === "string"));
  const parents = STANDARD.parents(STANDARD.find("11-22")).map((c) => STANDARD.name(c)).sort();
  assert.deepEqual(parents, ["04-11", "13-11", "22-14"]);
});

test("moves and parents are inverse: a move's target lists its source, a parent has a move here", () => {
  for (const rules of [STANDARD, THREE]) {
    const sources = new Map();
    for (let code = 0; code < rules.space; code++) {
      for (const m of rules.moves(code)) {
        if (!sources.has(m.dst)) sources.set(m.dst, new Set());
        sources.get(m.dst).add(code);
      }
    }
    for (let code = 0; code < rules.space; code++) {
      const parents = rules.parents(code);
      assert.equal(new Set(parents).size, parents.length, "distinct parents");
      assert.deepEqual(new Set(parents), sources.get(code) || new Set(), rules.name(code));
    }
  }
});
