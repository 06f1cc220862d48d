import test from "node:test";
import assert from "node:assert/strict";
import { fixture } from "./load.mjs";
import { contract } from "../../vizgen/site/static/js/core/contract.js";
import * as util from "../../vizgen/site/static/js/core/util.js";


test("esc makes text safe in HTML and attributes", () => {
  assert.equal(util.esc(`<a href="x">Tom & Jerry's</a>`), "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;");
  assert.equal(util.esc(12), "12");
});

test("fill puts in the values it is given and leaves other braces", () => {
  assert.equal(util.fill("player +{k} can force a win in {n}", { n: 4, k: 2 }), "player +2 can force a win in 4");
  const who = "{k:the next player|the player after next|the player # seats on} wins";
  assert.deepEqual([1, 2, 3, 5].map((k) => util.fill(who, { k: k })),
    ["the next player wins", "the player after next wins", "the player 3 seats on wins", "the player 5 seats on wins"]);
  assert.equal(util.fill(who, { n: 1 }), who); // no seat given: left as it is
  assert.equal(util.fill("{n} and {n}, not {m}", { n: 0 }), "0 and 0, not {m}");
  assert.equal(util.fill("stops at ply {n}: “{move}” is not a move from {from}.", { n: 3, move: "1>1", from: "11-11" }),
    "stops at ply 3: “1>1” is not a move from 11-11.");
  assert.equal(util.fill("{toString}", {}), "{toString}"); // only the values' own keys
});

test("fill picks the unit that agrees with n, as the Python does for every template the site ships", () => {
  assert.equal(util.fill("win in {n} {ply|plies}", { n: 1 }), "win in 1 ply");
  assert.equal(util.fill("you win in {n} more {ply|plies}", { n: 3 }), "you win in 3 more plies");
  assert.equal(util.fill("{ply|plies}", {}), "{ply|plies}"); // no count, nothing to agree with
  const cases = fixture("units.json");
  assert.ok(cases.fills.length > 100);
  for (const [template, values, python] of cases.fills) assert.equal(util.fill(template, values), python, template);
});

test("a share writes as the Python writes it, and one that is not zero never reads 0.0 %", () => {
  const cases = fixture("units.json");
  for (const [p, python] of cases.percents) assert.equal(util.pct(p, cases.units), python, String(p));
  assert.equal(util.pct(0.0001, cases.units), "under 0.1\u202f%");
  assert.equal(util.pct(0.99999, cases.units), "over 99.9\u202f%");
});

test("a value's class is the meaning table's, as the Python classes it", () => {
  const cases = fixture("units.json"), classes = contract.classes;
  for (const [v, python] of cases.classes) assert.equal(util.valueClass(v, classes), python, String(v));
});

test("plural, pct and bare", () => {
  assert.equal(util.plural(1, "ply", "plies"), "1 ply");
  assert.equal(util.plural(0, "ply", "plies"), "0 plies");
  const U = fixture("units.json").units;
  assert.equal(util.pct(0.1234, U), "12.3\u202f%");
  assert.equal(util.pct(null, U), "–");
  assert.equal(util.bare(" 1.10-3.4 12 "), "11034" + "12");
  assert.equal(util.bare(undefined), "");
});

test("unambiguous keeps a key only while one value owns it", () => {
  const map = util.unambiguous([["11", 0], ["12", 1], ["11", 2], ["12", 1], ["13", 3], ["11", 0]]);
  assert.deepEqual([...map.keys()].sort(), ["12", "13"]);
  assert.equal(map.get("12"), 1);
  assert.equal(map.get("13"), 3);
  assert.equal(util.unambiguous([]).size, 0);
});

test("count writes every count as the Python's format_count does", () => {
  const cases = fixture("units.json").counts;
  assert.ok(cases.length > 10);
  for (const [n, python] of cases) assert.equal(util.count(n), python, String(n));
});

test("count writes thousands with thin spaces, as the Python's words.count", () => {
  assert.equal(util.count(12259534), "12\u202f259\u202f534");
  assert.equal(util.count(999), "999");
  assert.equal(util.count(1000), "1\u202f000");
});
