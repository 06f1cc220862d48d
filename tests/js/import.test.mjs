/* The game importer (play/import.js, issue #48 item 6) over games the Python played (fixtures/import.json, from
 * tests/import_cases.py): a pasted game read to the Python's positions in every way it may be written (lines,
 * commas, numbered plies, positions for moves, a link of the site's own record); a bad move named with its ply in
 * one line; junk, an empty paste and an over-long one refused before anything is read; and the Importer handing a
 * good game to the review, a bad one to its message, the text kept. tests/test_import_cross.py checks the same
 * reading against the Python on many more variants. */
import test from "node:test";
import assert from "node:assert/strict";
import { fixture } from "./load.mjs";
import { source } from "./importsource.mjs";
import * as I from "../../vizgen/site/static/js/play/import.js";
import { contract } from "../../vizgen/site/static/js/core/contract.js";
import * as address from "../../vizgen/site/static/js/core/address.js";

address.use(fixture("address.json").tables.standard); // a link's record is read through the address's reader

const [standard, three] = fixture("import.json");
const W = fixture("words.json").play;
const longest = (c) => c.games.reduce((a, b) => (b.texts.length > a.texts.length ? b : a));
const KINDS = ["you", "person", "perfect"];

/** A paste read and checked: the positions reached (the start first), or why not. */
async function paste(c, text) {
  const src = source(c);
  const r = I.read(text, c.players, KINDS, W);
  const got = "why" in r ? r : await I.check(src, r, W);
  return "why" in got ? got.why : [src.name(got.from), ...got.path.map((id) => src.name(id))];
}

test("a game the Python played, pasted one move a line, by commas, numbered, or as positions, reaches its positions", async () => {
  const g = longest(standard);
  assert.ok(g.texts.length >= 20, "a game of 20 plies or more");
  assert.deepEqual(await paste(standard, g.texts.join("\n")), g.path);
  assert.deepEqual(await paste(standard, g.texts.join(", ")), g.path);
  assert.deepEqual(await paste(standard, g.texts.map((t, k) => (k + 1) + ". " + t).join("\r\n")), g.path);
  assert.deepEqual(await paste(standard, g.path.slice(1).join("; ")), g.path, "the positions reached stand for the moves");
  assert.deepEqual(await paste(standard, "\n\n  " + g.texts.join(" ,\n") + "\n"), g.path, "blank lines and spaces ignored");
  const t3 = three.games[0];
  assert.deepEqual(await paste(three, t3.texts.join("\n")), t3.path, "three players: the struck player named");
});

test("a link of the site's own record (a review, a game by link, from a position) is read as its moves", async () => {
  const g = longest(standard);
  const moves = g.path.slice(1).map(encodeURI).join("_");
  for (const link of [`https://example.org/atlas/standard.html?play=person.person&seed=4&moves=${moves}&mode=review#22-11`,
    `file:///home/me/site/standard.html?play=you.person&moves=${moves}&mode=link`, `?play=you.perfect&moves=${moves}`,
    `standard.html?play=person.person&moves=${moves}&at=2&mode=analyse`]) {
    assert.deepEqual(await paste(standard, link), g.path, link);
  }
  const from = g.path[3], rest = g.path.slice(4).map(encodeURI).join("_");
  assert.deepEqual(await paste(standard, `?play=person.person&from=${from}&moves=${rest}&mode=review`), g.path.slice(3));
  assert.equal(await paste(standard, "https://example.org/atlas/standard.html?seed=3"),
    "That link holds no game of this page: it has no play=… record.");
  assert.equal(await paste(standard, `?play=you.person.perfect&moves=${moves}`),
    "That link holds no game of this page: its game record cannot be read.");
  assert.equal(await paste(standard, `?play=you.you&moves=${moves}`),
    "That link holds no game of this page: at most one player can be you.");
  assert.equal(await paste(standard, "?play=person.person&from=99-99&moves=11-12"),
    "That link holds no game of this page: “99-99” is not a position a game reaches.");
});

test("a bad move is named with its ply, in one line; a move after the game's end is refused", async () => {
  const g = longest(standard);
  const texts = g.texts.slice();
  const k = 6; // ply 7
  const illegal = standard.positions[g.path[k]].probes.find(([, v]) => v === "illegal")[0];
  texts[k] = illegal;
  assert.equal(await paste(standard, texts.join("\n")), `Ply 7: “${illegal.trim()}” is not a legal move from ${g.path[k]}.`);
  texts[k] = "wave";
  const junk = await paste(standard, texts.join("\n"));
  assert.equal(junk, "Ply 7: “wave” is not a move: write 1>2, 1>2@2, 1>1@me, 13 -> 22, flip 1, add 1, swap, logan, switch or pass.");
  assert.ok(!/\n/.test(junk));
  texts[k] = "x".repeat(500);
  assert.match(await paste(standard, texts.join("\n")), /^Ply 7: “x{40}…” is not a move/, "a long move is quoted in part");
  texts[k] = "<img src=x onerror=alert(1)>";
  assert.match(await paste(standard, texts.join("\n")), /^Ply 7: “<img src=x onerror=alert\(1\)>” is not a move/,
    "said as text (the view escapes it)");
  const ended = standard.games.find((x) => x.over_at !== null);
  assert.equal(await paste(standard, [...ended.texts, "1>1", "1>1"].join("\n")),
    `Ply ${ended.texts.length + 1}: “1>1” comes after the end of the game, at ${ended.path.at(-1)}.`);
  for (const [text, verdict] of standard.positions[standard.start].probes) {
    const got = I.find(text, { moves: standard.positions[standard.start].moves.map(([dst, ...n]) => ({ dst: 0, names: n, to: dst })) },
      2, false, false);
    assert.equal(typeof got === "number" ? "legal" : got, verdict === "not-a-move" || verdict === "illegal" ? verdict : "legal", text);
  }
});

test("junk, an empty paste and an over-long one are refused before anything is read", async () => {
  assert.equal(await paste(standard, ""), "Paste a game first: its moves or its link.");
  assert.equal(await paste(standard, " \n\t, ;"), "Paste a game first: its moves or its link.");
  assert.match(await paste(standard, "hello world"), /^Ply 1: “hello world” is not a move/);
  assert.match(await paste(standard, "{\"__proto__\": 1}"), /^Ply 1: /);
  const long = "1>1\n".repeat(I.LIMIT);
  const src = source(standard);
  let asked = 0;
  const counted = { ...src, detail: (i) => { asked++; return src.detail(i); } };
  const r = I.read(long, 2, KINDS, W);
  assert.deepEqual(r, { why: `That is too long for a game: at most ${I.LIMIT} characters (${long.length} pasted).` });
  const cap = contract.ending.cap;
  const many = I.read("1>1\n".repeat(cap + 1), 2, KINDS, W);
  assert.deepEqual(many, { why: `That is too long for a game: at most ${cap} plies (${cap + 1} pasted).` });
  const ok = I.read("1>1\n".repeat(cap), 2, KINDS, W);
  assert.equal(ok.moves.length, cap, "the cap itself is read");
  await I.check(counted, I.read("1>1\nwave\n1>1", 2, KINDS, W), W);
  assert.equal(asked, 2, "the check stops at the first bad move");
});

test("the Importer opens a good game's review, and on a bad one says why and changes nothing else", async () => {
  const src = source(standard);
  const opened = [];
  let drawn = 0;
  const imp = new I.Importer(() => src, (from, path) => { opened.push([from, path]); return Promise.resolve(); },
    () => KINDS, W, () => { drawn++; });
  const g = longest(standard);
  const bad = [...g.texts.slice(0, 3), "9>9"].join("\n");
  assert.equal(await imp.run(bad), false);
  assert.deepEqual(opened, []);
  assert.equal(imp.message, `Ply 4: “9>9” is not a legal move from ${g.path[3]}.`);
  assert.equal(imp.text, bad, "the paste kept, to be mended");
  assert.ok(imp.open && drawn === 1);
  imp.keep(true, bad + "x");
  assert.equal(imp.text, bad + "x");
  imp.keep(true, "y".repeat(I.LIMIT + 1));
  assert.equal(imp.text, bad + "x", "an over-long text is not kept");
  assert.equal(await imp.run(g.texts.join("\n")), true);
  assert.equal(opened.length, 1);
  assert.deepEqual([src.name(opened[0][0]), ...opened[0][1].map((id) => src.name(id))], g.path);
  assert.equal(imp.message, "");
  assert.equal(imp.open, false, "the box folds once the game is open");
});

test("a move is read in every spelling the notation allows", () => {
  assert.deepEqual(I.readMove("~1>H", 2, false, false), { kind: "attack", hand: -1, target: 0.5, seat: 1, before: [], after: [] });
  assert.deepEqual(I.readMove("  SWITCH ", 2, false, false).kind, "switch");
  assert.deepEqual(I.readMove("1>2", 2, true, false).kind, "gain");
  assert.equal(I.readMove("1>2", 3, false, false), null, "three players: the struck player must be named");
  assert.deepEqual(I.readMove("1.10 -> 5.6", 2, false, true).before, [1, 10]);
  assert.deepEqual(I.readMove("13 -> 22", 2, false, true).before, [13], "a wide variant: no dot, one value");
  assert.deepEqual(I.readMove("13 -> 22", 2, false, false).before, [1, 3]);
});
