/* The one reader of a page's address (address.js), against hostile addresses: bad percent-encoding, bytes that
 * are not UTF-8, surrogates, control characters, huge values, repeated and unknown keys, and random bytes. Its
 * tables are the Python's (vizgen/site/data/address_words.py, written to fixtures/address.json by tests/test_js.py). */

import test from "node:test";
import assert from "node:assert/strict";
import { fixture } from "./load.mjs";
import { contract } from "../../vizgen/site/static/js/core/contract.js";
import * as address from "../../vizgen/site/static/js/core/address.js";
import * as util from "../../vizgen/site/static/js/core/util.js";
import * as game from "../../vizgen/site/static/js/play/game.js";

const VZ = { contract, address, util, game };
const { tables, longest, records } = fixture("address.json");
const STD = tables.standard;
const KEYS = Object.keys(STD.parts);
const GAME = ["play", "seed", "moves", "at", "mode", "hints", "from"];

function read(search, hash, page, table) {
  VZ.address.use(table || STD);
  return VZ.address.read(search, hash, page || "variant");
}
/* Every byte of the text's UTF-8 percent-encoded, as a link may write it. */
function encodeAll(text) {
  return Array.from(Buffer.from(text, "utf8"), (b) => "%" + b.toString(16).toUpperCase().padStart(2, "0")).join("");
}
/* The fields a reading kept (the nulls left out). */
function kept(out) {
  return Object.fromEntries(Object.entries(out).filter(([k, v]) => k !== "notes" && k !== "dropped" && v !== null));
}

test("a record and a position read back decoded, every other key null", () => {
  const out = read("?play=you.perfect&seed=42&moves=12-11_12-12&at=1&mode=challenge&hints=0.1&from=11-11", "#12-11");
  assert.deepEqual(out.notes, []);
  assert.deepEqual(kept(out), { hash: "12-11", play: "you.perfect", seed: "42", moves: "12-11_12-12", at: "1",
    mode: "challenge", hints: "0.1", from: "11-11" });
  assert.deepEqual(Object.keys(out).sort(), [...KEYS, "notes", "dropped"].sort());
  const signed = read("", "#" + encodeURI(longest.signed), "variant", tables.signed);
  assert.deepEqual([signed.hash, signed.notes], [longest.signed, []]);
  assert.deepEqual(kept(read("", "", "variant")), {});
  assert.deepEqual(kept(read("?", "#", "variant")), {});
});

test("the issue's addresses: a bad encoding in the fragment is dropped with its note", () => {
  for (const hash of ["#%E0%A4%A", "#%ZZ", "#%ED%A0%80", "#%", "#%C0%80", "#%FF", "#%E0%A4"]) {
    const out = read("?play=you.perfect", hash);
    assert.equal(out.hash, null, hash);
    assert.equal(out.play, "you.perfect", hash); // the rest of the address is read
    assert.deepEqual(out.notes, [STD.notes.position], hash);
  }
});

test("oversized parts drop their part only, before any work", () => {
  const seats = "you." + "perfect.".repeat(1250); // 10,000 characters of seats
  const cases = [
    ["play=" + seats.slice(0, 10000), "game"],
    ["play=you.perfect&moves=" + "12-11_".repeat(8334).slice(0, 50000), "game"],
    ["play=you.perfect&from=" + "1".repeat(100000), "game"],
    ["play=you.perfect&hints=" + "0.".repeat(50000), "game"],
    ["play=you.perfect&seed=" + "9".repeat(17), "game"],
  ];
  for (const [query, part] of cases) {
    const out = read("?" + query + "&x=1", "#12-11");
    for (const key of GAME) assert.equal(out[key], null, query.slice(0, 40) + " " + key);
    assert.equal(out.hash, "12-11");
    // longer than the page's whole query can be: not even split
    assert.deepEqual(out.notes, [STD.notes[query.length + 4 > STD.caps.variant ? "address" : part]]);
  }
  const huge = read("?play=you.perfect&x=" + "a".repeat(1 << 20), "#12-11");
  assert.deepEqual([huge.play, huge.hash, huge.notes], [null, "12-11", [STD.notes.address]]);
  const long = read("", "#" + "1".repeat(STD.limits.hash + 1));
  assert.deepEqual([long.hash, long.notes], [null, [STD.notes.position]]);
});

test("a game record longer than the ply cap is refused, one at the cap is read", () => {
  for (const [name, table] of [["standard", STD], ["three-small", tables["three-small"]], ["signed", tables.signed]]) {
    const pos = encodeAll(longest[name]);
    const line = (n) => Array(n).fill(pos).join("_");
    const hints = Array.from({ length: table.plies + 1 }, (_, i) => i).join(".");
    const full = read(`?play=you&from=${pos}&moves=${line(table.plies)}&at=${table.plies}&hints=${hints}&seed=9007199254740991`,
      "#" + pos, "variant", table);
    assert.deepEqual(full.notes, [], name);
    assert.equal(full.moves.split("_").length, table.plies);
    assert.equal(full.from, longest[name]);
    assert.equal(full.hash, longest[name]);
    const over = read(`?play=you&moves=${Array(table.plies + 1).fill("12-11").join("_")}`, "", "variant", table);
    assert.deepEqual([over.play, over.moves, over.notes], [null, null, [table.notes["game-long"]]], name);
    assert.match(table.notes["game-long"], new RegExp(`\\b${table.plies} plies`));
  }
  // the longest seats a page of that many players makes
  for (const [name, players] of [["standard", 2], ["three", 3]]) {
    const seats = Array(players).fill("perfect").join(".");
    assert.equal(read("?play=" + seats, "", "variant", tables[name]).play, seats);
  }
  assert.equal(read("?moves=" + "_".repeat(STD.plies - 1)).moves, "_".repeat(STD.plies - 1));
  assert.equal(read("?moves=" + "_".repeat(STD.plies)).moves, null);
});

/* Every number the address carries, with the largest its field holds (the Python's table: seed 2**53 - 1, a ply
   the ply cap): each written as the site writes it is read as it stands; one past its field, in exponent form,
   signed, with a leading zero, a fraction or not digits is refused with the game's note, never rounded. */
const NUMBER_FIELDS = Object.entries(STD.numbers).map(([key, most]) => [key, most, STD.lists[key] || ""]);
const NOT_NUMBERS = ["", "1e3", "1e+40", "-1", "+1", "01", "00", "1.5", "0x10", " 1", "1 ", "%201", "Infinity",
  "NaN", "١", "１"];

test("every number in the address is read as written, or refused with the note: never rounded", () => {
  assert.deepEqual(NUMBER_FIELDS.map(([key]) => key).sort(), ["at", "hints", "seed"]);
  assert.equal(STD.numbers.seed, Number.MAX_SAFE_INTEGER);
  assert.equal(STD.numbers.at, STD.plies);
  const number = STD.notes["game-number"];
  assert.match(number, new RegExp(`up to ${Number.MAX_SAFE_INTEGER}\\b.*up to ${STD.plies}\\b`));
  for (const [key, most, sep] of NUMBER_FIELDS) {
    const good = ["0", "1", String(most - 1), String(most)];
    if (sep) good.push(["0", "1", String(most)].join(sep), "");
    for (const value of good) {
      const out = read(`?play=you.perfect&${key}=${value}`, "#12-11");
      assert.deepEqual([out[key], out.notes, out.dropped], [value, [], {}], key + "=" + value);
    }
    const bad = [...NOT_NUMBERS.filter((v) => !(sep && (v === "" || v === "1" + sep + "5"))), String(most + 1), "9".repeat(17), "9".repeat(40),
      "1" + "0".repeat(17), String(most) + "0"];
    if (sep) bad.push(["1", "9".repeat(40)].join(sep), "1" + sep, sep + "1", ["1", String(most + 1)].join(sep));
    for (const value of bad) {
      const out = read(`?play=you.perfect&${key}=${encodeURIComponent(value)}`, "#12-11");
      const tooLong = encodeURIComponent(value).length > STD.limits[key];
      assert.deepEqual([out.play, out[key], out.hash], [null, null, "12-11"], key + "=" + value);
      assert.deepEqual(out.notes, [tooLong ? STD.notes.game : number], key + "=" + value);
      assert.deepEqual(out.dropped, { game: tooLong ? "game" : "game-number" }, key + "=" + value);
    }
  }
  // the issue's own: 40 nines of hints, and 17 digits, in a game by link
  for (const hints of ["9".repeat(40), "1" + "0".repeat(16)]) {
    const out = read("?play=person.person&mode=link&hints=" + hints);
    assert.deepEqual([out.hints, out.play, out.notes], [null, null, [number]]);
  }
});

test("what was dropped is named by part, with its note's key", () => {
  assert.deepEqual(read("?play=you.perfect&seed=1", "#%ZZ").dropped, { position: "position" });
  assert.deepEqual(read("?play=you.perfect&play=you.perfect", "").dropped, { game: "game" });
  assert.deepEqual(read("?x=" + "a".repeat(1 << 20), "#12-11").dropped, { address: "address" });
  assert.deepEqual(read("?play=you.perfect&seed=1", "#12-11").dropped, {});
  for (const [page, query] of [["rules", "?rules=%ZZ&compare=%ZZ"], ["practice", "?variant=%ZZ&retry=%ZZ"]]) {
    const out = read(query, "", page);
    assert.deepEqual(out.notes, Object.values(out.dropped).map((k) => STD.notes[k]), page);
  }
});

test("control characters and surrogates are dropped; other characters are the page's to judge", () => {
  for (const bad of ["%00", "%0A", "%1F", "%7F", "%C2%80", "%C2%9F", "a%0Db", "\u0000", "\ud800", "a\udc00", "\udfff\ud800"]) {
    const out = read("?play=you&from=" + bad, "#" + bad);
    assert.deepEqual([out.hash, out.play, out.from], [null, null, null], JSON.stringify(bad));
    assert.deepEqual(out.notes, [STD.notes.position, STD.notes.game]);
  }
  const ok = read("?play=you&from=%F0%9F%98%80%C2%A0%3Cimg%20onerror%3D1%3E", "#\ud83d\ude00", "variant", tables.any);
  assert.deepEqual([ok.from, ok.hash, ok.notes], ["😀\u00a0<img onerror=1>", "😀", []]);
  assert.equal(read("?play=a+b").play, "a+b"); // + is a plus, as the site writes it
});

test("repeated keys drop their part; unknown keys and other pages' keys are left alone", () => {
  const twice = read("?play=you.perfect&seed=1&seed=1&moves=12-11", "#11-11");
  assert.deepEqual([twice.play, twice.seed, twice.moves, twice.hash], [null, null, null, "11-11"]);
  assert.deepEqual(twice.notes, [STD.notes.game]);
  const other = read("?utm_source=x&rules=standard&variant=x&theme=y&=3&play&&play=you", "");
  assert.deepEqual(kept(other), { play: "you" });
  assert.deepEqual(other.notes, []);
  for (const key of ["__proto__", "constructor", "hasOwnProperty", "toString"]) {
    const out = read(`?${key}=1&play=you`, "");
    assert.deepEqual([out.play, out.notes, Object.getPrototypeOf(out)], ["you", [], Object.prototype], key);
  }
});

test("the rules page and the practice page read their own keys", () => {
  const rules = read("?rules=cutoff:death_attack%3Dtrue,r%3D7&play=you", "#x", "rules");
  assert.deepEqual(kept(rules), { rules: "cutoff:death_attack=true,r=7", hash: "x" });
  const bad = read("?rules=%E0", "", "rules");
  assert.deepEqual([bad.rules, bad.notes], [null, [STD.notes.rules]]);
  const practice = read("?variant=three-players&puzzle=11-11-11_12-11-11&theme=traps&retry=12-11-11", "", "practice",
    tables.any);
  assert.deepEqual(kept(practice), { variant: "three-players", puzzle: "11-11-11_12-11-11", theme: "traps",
    retry: "12-11-11" });
  const partly = read("?variant=x&retry=%ZZ&theme=%00", "", "practice", tables.any);
  assert.deepEqual(kept(partly), { variant: "x" });
  assert.deepEqual(partly.notes, [tables.any.notes.puzzle, tables.any.notes.theme]);
  const long = read("?puzzle=" + "_".repeat(STD.plies), "", "practice", tables.any);
  assert.deepEqual([long.puzzle, long.notes], [null, [tables.any.notes["puzzle-long"]]]);
});

test("any other page reads only its fragment, however long its query", () => {
  const out = read("?play=you&x=" + "a".repeat(1 << 20), "#how-to-play", "page", tables.any);
  assert.deepEqual([kept(out), out.notes], [{ hash: "how-to-play" }, []]);
  assert.deepEqual(kept(read("", "#x", "no such page", tables.any)), { hash: "x" });
});

test("whatever it is given, it never throws", () => {
  for (const [search, hash] of [[undefined, undefined], [null, null], [12, {}], [[], Symbol.iterator.description],
    [{ toString: () => { throw new Error("no"); } }, "#a"]]) {
    const out = read(search, hash);
    assert.ok(Array.isArray(out.notes));
  }
  VZ.address.use(null); // a page without its table reads nothing
  const none = VZ.address.read("?play=you", "#12-11", "variant");
  assert.deepEqual([kept(none), none.notes], [{}, []]);
});

/* mulberry32: a seeded generator, as game.js's uniform(). */
function generator(seed) {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) | 0;
    let r = Math.imul(t ^ (t >>> 15), t | 1);
    r ^= r + Math.imul(r ^ (r >>> 7), r | 61);
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}
const PIECES = ["%", "%E0", "%A4", "%ED%A0%80", "%C3%A9", "%ZZ", "%00", "&", "=", "_", ".", "#", "?", "+", "-",
  "\ud800", "\udc00", "\u0000", "\u2028", "play=", "moves=", "from=", "hints=", "seed=", "at=", "mode=", "rules=",
  "puzzle=", "12-11", "11-11-11", "you", "perfect", "challenge", "javascript:alert(1)", "<img src=x onerror=alert(1)>"];

/* A random string: random bytes read as Latin-1, random UTF-16 code units, or pieces of addresses, some long. */
function hostile(rand) {
  const n = Math.floor(rand() ** 3 * 3000);
  let out = "";
  const mode = Math.floor(rand() * 3);
  for (let i = 0; i < n; i++) {
    if (mode === 0) out += String.fromCharCode(Math.floor(rand() * 256));
    else if (mode === 1) out += String.fromCharCode(Math.floor(rand() * 65536));
    else out += PIECES[Math.floor(rand() * PIECES.length)];
  }
  if (rand() < 0.05) out += "a".repeat(Math.floor(rand() * 200000));
  return out;
}

test("random bytes and pieces of addresses: never throws, every field null or a bounded string", () => {
  const rand = generator(20261126);
  const pages = ["variant", "rules", "practice", "page"];
  const names = Object.keys(tables);
  const notes = new Set(names.flatMap((n) => Object.values(tables[n].notes)));
  let keptCount = 0, dropped = 0;
  for (let i = 0; i < 4000; i++) {
    const table = tables[names[i % names.length]];
    const page = pages[Math.floor(rand() * pages.length)];
    const search = (rand() < 0.5 ? "?" : "") + hostile(rand);
    const hash = (rand() < 0.5 ? "#" : "") + hostile(rand);
    const out = read(search, hash, page, table);
    assert.deepEqual(Object.keys(out).sort(), [...KEYS, "notes", "dropped"].sort());
    for (const key of KEYS) {
      const v = out[key];
      if (v === null) continue;
      keptCount++;
      assert.equal(typeof v, "string");
      assert.ok(table.pages[page].includes(key), `${page} read ${key}`);
      assert.ok(v.length <= table.limits[key], `${key}: ${v.length} > ${table.limits[key]}`);
      assert.ok(![...v].some((ch) => ch.codePointAt(0) < 0x20 || (ch.codePointAt(0) >= 0x7f && ch.codePointAt(0) <= 0x9f)));
      assert.equal(v, Buffer.from(v, "utf8").toString("utf8"), "a lone surrogate");
    }
    for (const note of out.notes) assert.ok(notes.has(note), note);
    dropped += out.notes.length;
  }
  assert.ok(keptCount > 100 && dropped > 100, `the generator reaches both sides: ${keptCount} kept, ${dropped} dropped`);
});

test("game.readRecord reads through it: a record it drops is one that cannot be read, with the reader's note", () => {
  VZ.address.use(STD);
  const KINDS = ["you", "perfect"];
  assert.deepEqual(VZ.game.readRecord("?play=you.perfect&moves=1.10-3.4_%E2", 2, KINDS), { why: "", note: STD.notes.game });
  assert.deepEqual(VZ.game.readRecord("?play=you.perfect&moves=" + "12-11_".repeat(STD.plies), 2, KINDS),
    { why: "", note: STD.notes["game-long"] });
  assert.deepEqual(VZ.game.readRecord("?play=person.person&mode=link&hints=" + "9".repeat(40), 2, ["person"]),
    { why: "", note: STD.notes["game-number"] });
  assert.equal(VZ.game.readRecord("?x=" + "a".repeat(1 << 20), 2, KINDS), null); // no record: the address's note
  assert.deepEqual(VZ.game.readRecord("?play=you.perfect&from=1%C2%BD1-11", 2, KINDS).from, "1½1-11");
});

test("a game's record as the Python writes it (address_words.record_query, typed GameRecord) reads back the same", () => {
  VZ.address.use(STD);
  assert.ok(records.length >= 3);
  for (const [query, record] of records) {
    const back = VZ.game.readRecord(query, record.seats.length, ["you", "person", "perfect"]);
    assert.deepEqual(back, { ...record, challenge: record.mode !== null && record.mode !== "review" }, query);
  }
  const [query] = records[0];
  assert.match(VZ.game.readRecord(query + "&mode=blitz", 2, ["perfect"]).why, /the mode must be one of/);
  assert.match(VZ.game.readRecord(query.replace("perfect.perfect", "perfect"), 2, ["perfect"]).why, /names 1 players/);
});
