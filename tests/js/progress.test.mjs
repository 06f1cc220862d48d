/* The practice page's saved progress is data, never markup (issue #39): practice.js checks it against its schema
 * (types, ranges, sizes, own properties only) before use, and sets aside what fails with words for a note.
 * Property-style: seeded hostile JSON texts, each read as localStorage or an imported file would be. */
import test from "node:test";
import assert from "node:assert/strict";
import { contract } from "../../vizgen/site/static/js/core/contract.js";
import * as util from "../../vizgen/site/static/js/core/util.js";
import * as glicko from "../../vizgen/site/static/js/practice/glicko.js";
import * as practice from "../../vizgen/site/static/js/practice/practice.js";

const VZ = { contract, util, glicko, practice };
const P = VZ.practice;
const L = P.LIMITS;

/* A seeded generator (mulberry32): the same cases every run. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const pick = (r, list) => list[Math.floor(r() * list.length)];

const PAYLOADS = ['<img src=x onerror="globalThis.__pwned=1">', "<script>globalThis.__pwned=1</script>",
  '"><svg onload=alert(1)>', "javascript:alert(1)", "standard:<b>12-33</b>", "standard:12-33\u0000",
  "standard:12 33", "std:\u2028x"];
const KEYS = ["__proto__", "constructor", "toString", "valueOf", "hasOwnProperty", "prototype", "length",
  "standard:12-33", "standard:1", "three-players:12-11-11", "x", "", "standard:" + "1".repeat(200)];
const FIELDS = ["version", "rating", "history", "solved", "failed", "best", "goals", "timed", "storm"];

/* JSON text of a random value (written as text: a key "__proto__" is an own key of what JSON.parse makes, as
   an attacker's file has it). depth bounds the nesting. */
function junk(r, depth) {
  const kind = Math.floor(r() * (depth > 0 ? 12 : 9));
  switch (kind) {
    case 0: return "null";
    case 1: return r() < 0.5 ? "true" : "false";
    case 2: return pick(r, ["0", "-1", "1", "1.5", "3", "4", "1500", "1e308", "1e999", "-1e999", "350", "0.06",
      "9007199254740993", "-0"]);
    case 3: return JSON.stringify(pick(r, PAYLOADS));
    case 4: return JSON.stringify("x".repeat(Math.floor(r() * 3) === 0 ? 70000 : 10));
    case 5: return JSON.stringify(pick(r, KEYS));
    case 6: return JSON.stringify(pick(r, ["2026-01-01", "2026-1-1", "1500", ""]));
    case 7: return String(Math.floor(r() * 2000));
    case 8: return "[]";
    case 9: case 10: {
      const n = Math.floor(r() * 4);
      const items = [];
      for (let i = 0; i < n; i++) items.push(JSON.stringify(pick(r, KEYS)) + ":" + junk(r, depth - 1));
      return "{" + items.join(",") + "}";
    }
    default: {
      const n = Math.floor(r() * 4);
      const items = [];
      for (let i = 0; i < n; i++) items.push(junk(r, depth - 1));
      return "[" + items.join(",") + "]";
    }
  }
}

/* A valid part of progress, or a hostile one. */
function part(r, name) {
  if (r() < (name === "version" ? 0.1 : 0.25)) return junk(r, 3);
  switch (name) {
    case "version": return "1";
    case "rating": return JSON.stringify({ rating: 1000 + Math.floor(r() * 1000), rd: 60 + Math.floor(r() * 200),
      vol: 0.06 });
    case "history": return "[" + Array.from({ length: Math.floor(r() * 4) }, () => (r() < 0.7
      ? JSON.stringify({ id: pick(r, ["standard:12-33", "standard:01-14"]), ok: r() < 0.5, day: "2026-11-27",
        before: 1500, after: 1510 }) : junk(r, 2))).join(",") + "]";
    case "best": case "timed": return String(Math.floor(r() * 30));
    case "storm": return JSON.stringify({ day: pick(r, ["2026-11-29", ""]), dayBest: Math.floor(r() * 30),
      dayRuns: Math.floor(r() * 5), week: pick(r, ["2026-W48", ""]), weekBest: Math.floor(r() * 30),
      weekRuns: Math.floor(r() * 9) });
    case "goals": return "{" + Array.from({ length: Math.floor(r() * 3) }, () =>
      JSON.stringify(pick(r, KEYS)) + ":" + (r() < 0.7 ? String(Math.floor(r() * 4)) : junk(r, 1))).join(",") + "}";
    default: return "{" + Array.from({ length: Math.floor(r() * 3) }, () =>
      JSON.stringify(pick(r, KEYS)) + ":" + (r() < 0.7 ? String(1 + Math.floor(r() * 3)) : junk(r, 1))).join(",") + "}";
  }
}

/* A random progress text: each part of the schema present or not, valid or hostile, plus stray keys; now and
   then not an object at all. */
function progressText(r) {
  if (r() < 0.05) return junk(r, 3);
  const items = [];
  for (const name of FIELDS) {
    if (name === "version" ? r() < 0.9 : r() < 0.7) items.push(JSON.stringify(name) + ":" + part(r, name));
  }
  if (r() < 0.3) items.push(JSON.stringify(pick(r, KEYS)) + ":" + junk(r, 2));
  items.sort(() => r() - 0.5);
  return "{" + items.join(",") + "}";
}

const inRange = (x, lo, hi) => typeof x === "number" && Number.isFinite(x) && x >= lo && x <= hi;
const MARKUP = /[<>&"'`\s]/;

/* What the page may rely on, written apart from practice.js's own check. */
function wellFormed(p) {
  assert.deepEqual(Object.keys(p).sort(), [...FIELDS].sort());
  assert.equal(p.version, 1);
  assert.deepEqual(Object.keys(p.rating).sort(), ["rating", "rd", "vol"]);
  assert.ok(inRange(p.rating.rating, 0, 5000) && inRange(p.rating.rd, 1e-9, 350) && inRange(p.rating.vol, 1e-12, 1));
  assert.ok(Array.isArray(p.history) && p.history.length <= L.history);
  for (const e of p.history) {
    assert.deepEqual(Object.keys(e).sort(), ["after", "before", "day", "id", "ok"]);
    assert.ok(typeof e.ok === "boolean" && /^\d{4}-\d{2}-\d{2}$/.test(e.day));
    assert.ok(inRange(e.before, 0, 5000) && inRange(e.after, 0, 5000));
    assert.ok(typeof e.id === "string" && !MARKUP.test(e.id) && e.id.length <= L.id && e.id.indexOf(":") > 0);
  }
  for (const [name, lo, hi] of [["solved", 1, L.count], ["failed", 1, L.count], ["goals", 0, 3]]) {
    const m = p[name];
    assert.equal(Object.getPrototypeOf(m), null, name + " has no prototype");
    for (const k of Object.keys(m)) {
      assert.ok(!MARKUP.test(k) && k.length <= L.id && k.indexOf(":") > 0, name + " key " + k.slice(0, 40));
      assert.ok(Number.isInteger(m[k]) && m[k] >= lo && m[k] <= hi, name + " value");
    }
    for (const k of ["__proto__", "constructor", "toString"]) assert.equal(P.count(m, k), 0);
  }
  assert.ok(Number.isInteger(p.best) && p.best >= 0 && p.best <= L.best);
  assert.ok(Number.isInteger(p.timed) && p.timed >= 0 && p.timed <= L.best);
  assert.deepEqual(Object.keys(p.storm).sort(), ["day", "dayBest", "dayRuns", "week", "weekBest", "weekRuns"]);
  assert.ok(/^(\d{4}-\d{2}-\d{2})?$/.test(p.storm.day) && /^(\d{4}-W\d{2})?$/.test(p.storm.week));
  for (const k of ["dayBest", "dayRuns", "weekBest", "weekRuns"]) {
    assert.ok(Number.isInteger(p.storm[k]) && p.storm[k] >= 0 && p.storm[k] <= L.best, "storm " + k);
  }
}

/* The known parts of x as the progress keeps them when nothing is set aside (a missing part: its fresh
   value; a rating without rd or vol: the starting ones). */
function expected(x) {
  const out = JSON.parse(JSON.stringify(P.fresh()));
  for (const name of FIELDS) if (Object.prototype.hasOwnProperty.call(x, name)) out[name] = x[name];
  out.rating = Object.assign({ rd: VZ.glicko.START.rd, vol: VZ.glicko.START.vol }, out.rating);
  return JSON.parse(JSON.stringify(out)); // as it is saved (-0 is written 0)
}

test("hostile progress texts: never a throw, never a prototype touched, what is kept is well formed, and " +
     "nothing is dropped without a word for the note", () => {
  const r = rng(39);
  const protoKeys = Object.getOwnPropertyNames(Object.prototype).sort();
  let kept = 0, setAside = 0, refused = 0;
  for (let n = 0; n < 3000; n++) {
    const text = progressText(r);
    const aside = [];
    const p = P.parse(text, aside);
    if (p === null) {
      refused++;
      let x;
      try {
        x = JSON.parse(text);
      } catch {
        continue;
      }
      // refused only when it is not progress of this version at all
      assert.ok(x === null || typeof x !== "object" || Array.isArray(x) ||
        !Object.prototype.hasOwnProperty.call(x, "version") || x.version !== 1, text.slice(0, 200));
      continue;
    }
    wellFormed(p);
    if (aside.length) {
      setAside++;
      for (const words of aside) assert.ok(typeof words === "string" && !/[<>&]/.test(words));
    } else {
      kept++;
      assert.deepEqual(JSON.parse(JSON.stringify(p)), expected(JSON.parse(text)), text.slice(0, 300));
    }
    // it can be played on, saved and read back as it is
    const after = P.record(p, "standard:12-33", 1589, n % 2 === 0, "2026-11-27");
    wellFormed(after);
    const again = [];
    assert.deepEqual(P.parse(JSON.stringify(after), again), after);
    assert.deepEqual(again, []);
  }
  assert.deepEqual(Object.getOwnPropertyNames(Object.prototype).sort(), protoKeys);
  assert.equal(({}).polluted, undefined);
  assert.equal(globalThis.__pwned, undefined);
  // the generator reaches every outcome, often
  assert.ok(kept > 100 && setAside > 1000 && refused > 100, JSON.stringify({ kept, setAside, refused }));
});

test("the issue's progress files: the markup and the wrong types are set aside, the rest kept", () => {
  const rating = { rating: 1620, rd: 200 };
  const cases = [
    [{ best: '<img src=x onerror="globalThis.__pwned=1">' }, ["your best streak"], "best", 0],
    [{ history: { length: "<img src=x>" } }, ["your history"], "history", []],
    [{ history: "x" }, ["your history"], "history", []],
    [{ solved: null }, ["your solved puzzles"], "solved", {}],
    [{ failed: [1, 2] }, ["your failed puzzles"], "failed", {}],
    [{ goals: { "standard:1": 4, "standard:0": 2 } }, ["1 goal's stars"], "goals", { "standard:0": 2 }],
    [{ best: 1.5 }, ["your best streak"], "best", 0],
    [{ best: -1 }, ["your best streak"], "best", 0],
  ];
  for (const [extra, words, name, value] of cases) {
    const aside = [];
    const p = P.parse(JSON.stringify(Object.assign({ version: 1, rating: rating }, extra)), aside);
    assert.deepEqual(aside, words, JSON.stringify(extra));
    assert.deepEqual(JSON.parse(JSON.stringify(p[name])), value);
    assert.equal(p.rating.rating, 1620, "the rating is kept");
    assert.equal(p.rating.vol, VZ.glicko.START.vol, "a rating without its volatility takes the starting one");
    // the first answer after it works (the issue: "p.history.push is not a function")
    assert.ok(Number.isFinite(P.record(p, "standard:12-33", 1500, true, "2026-11-27").rating.rating));
  }
  // a rating out of its range is set aside, the rest kept
  const aside = [];
  const p = P.parse('{"version":1,"rating":{"rating":"1500"},"best":3}', aside);
  assert.deepEqual(aside, ["your rating"]);
  assert.equal(p.rating.rating, 1500);
  assert.equal(p.best, 3);
});

test("own properties only: __proto__, constructor and toString are keys like any other, and are not ids", () => {
  const aside = [];
  const p = P.parse('{"version":1,"__proto__":{"best":7,"polluted":1},"solved":{"__proto__":{"x":1},' +
    '"constructor":2,"toString":3,"standard:12-33":2},"goals":{"__proto__":3}}', aside);
  assert.equal(p.best, 0, "an inherited best is not the record's");
  assert.deepEqual(Object.keys(p.solved), ["standard:12-33"]);
  assert.equal(P.count(p.solved, "constructor"), 0);
  assert.equal(P.count(p.solved, "__proto__"), 0);
  assert.deepEqual(aside, ["3 solved puzzles", "1 goal's stars"]);
  assert.equal(({}).polluted, undefined);
  // the version itself is only an own property
  assert.equal(P.check(Object.create({ version: 1 })), null);
  assert.equal(P.parse('{"__proto__":{"version":1}}'), null);
});

test("sizes: a text, a history, a map larger than any progress is refused or set aside, before it is used", () => {
  assert.equal(P.parse(" ".repeat(L.text + 1)), null, "too long a text is not even parsed");
  const entry = { id: "standard:12-33", ok: true, day: "2026-11-27", before: 1500, after: 1510 };
  let aside = [];
  let p = P.parse(JSON.stringify({ version: 1, history: Array(L.history + 1).fill(entry) }), aside);
  assert.deepEqual(aside, ["your history"]);
  assert.deepEqual(p.history, []);
  aside = [];
  p = P.parse(JSON.stringify({ version: 1, history: Array(L.history).fill(entry) }), aside);
  assert.deepEqual(aside, []);
  assert.equal(p.history.length, L.history);
  const big = {};
  for (let k = 0; k <= L.keys; k++) big["standard:" + k] = 1;
  aside = [];
  p = P.parse(JSON.stringify({ version: 1, solved: big }), aside);
  assert.deepEqual(aside, ["your solved puzzles"]);
  assert.deepEqual(Object.keys(p.solved), []);
  aside = [];
  p = P.parse(JSON.stringify({ version: 1, solved: { ["standard:" + "1".repeat(L.id)]: 1, "standard:1": 2 } }), aside);
  assert.deepEqual(aside, ["1 solved puzzle"]);
  assert.deepEqual(Object.keys(p.solved), ["standard:1"]);
});

test("load: what the browser keeps is read through the same check; text that is not progress is set aside whole", () => {
  const storage = (text) => ({ getItem: () => text, setItem: () => undefined });
  let aside = [];
  assert.deepEqual(P.load(storage(null), aside), P.fresh());
  assert.deepEqual(aside, []);
  assert.deepEqual(P.load(storage("<img src=x onerror=alert(1)>"), aside), P.fresh());
  assert.deepEqual(aside, [P.ALL]);
  aside = [];
  const p = P.load(storage('{"version":1,"rating":{"rating":1700,"rd":90,"vol":0.06},"solved":null}'), aside);
  assert.equal(p.rating.rating, 1700);
  assert.deepEqual(aside, ["your solved puzzles"]);
  const refusing = { getItem: () => { throw new Error("denied"); } };
  assert.deepEqual(P.load(refusing, []), P.fresh());
});
