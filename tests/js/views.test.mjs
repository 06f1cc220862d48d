/* The play and practice views take data and return html`` markup: what they splice in is escaped, the site's
   own words and pictures are kept; the seats' names and the result's sentence (names.js, card.js). */
import test from "node:test";
import assert from "node:assert/strict";
import { fixture } from "./load.mjs";
import { Html } from "../../vizgen/site/static/js/core/html.js";
import * as game from "../../vizgen/site/static/js/play/game.js";
import * as names from "../../vizgen/site/static/js/play/names.js";
import * as card from "../../vizgen/site/static/js/play/card.js";
import { status } from "../../vizgen/site/static/js/play/view/status.js";
import { pageView } from "../../vizgen/site/static/js/practice/view/page.js";
import * as practice from "../../vizgen/site/static/js/practice/practice.js";
import * as handboard from "../../vizgen/site/static/js/practice/handboard.js";

const W = fixture("words.json");

/* A two-player model of a line 0 -> 1 -> 2, the game over at 2 (player 2 of the position's mover wins). */
function model() {
  const name = ["11-11", "12-11", "<b>x</b>"];
  return { P: 2, startId: 0, name: (i) => name[i], over: (i) => i === 2, winner: (i) => (i === 2 ? 1 : -1),
    remoteness: (i) => (i === 2 ? 0 : 1), details: new Map() };
}

test("the seats' names: a kind in words, capitalised, and a seat by who plays it", () => {
  assert.equal(names.capitalName(W.play, "you"), "You");
  assert.match(names.kindName(W.play, "maxn2"), /2/);
  const g = new game.Game(model(), ["you", "perfect"], 1);
  assert.match(names.roleName(W.play, g, 1), /player 2/);
});

test("the result's sentence: none while the game goes on, the variant's title in it at the end", () => {
  const g = new game.Game(model(), ["you", "perfect"], 1);
  assert.equal(card.sentence(W.play, g, () => null, "Standard"), "");
  g.push(1);
  g.push(2);
  assert.match(card.sentence(W.play, g, () => null, "Standard"), /Standard/);
});

test("the game's view escapes a position's name and keeps its own markup", () => {
  const g = new game.Game(model(), ["you", "perfect"], 1);
  g.push(1);
  g.push(2);
  g.last = g.plies();
  const ctx = { W: W.play, T: {}, words: W, model: g.model, kindName: (k) => names.kindName(W.play, k),
    name: (k) => names.capitalName(W.play, k), role: (gg, s) => names.roleName(W.play, gg, s), live: () => null,
    hidden: false, selected: 0, after: () => new Html(""), sentence: () => "", href: "", link: () => "", path: "",
    share: false };
  const shown = status(g, ctx);
  assert.ok(shown instanceof Html);
  assert.match(shown.text, /&lt;b&gt;x&lt;\/b&gt;/);
  assert.doesNotMatch(shown.text, /<b>x<\/b>/);
  assert.match(shown.text, /<p class="play-status elsewhere">/);
});

test("the practice page's views escape what the data says and keep the hands' pictures", () => {
  // the practice page's own words (words.PRACTICE, shipped in its index), as many as these views read
  const PW = { ...W, practice: { timed: "Three minutes", level: "Difficulty", "level-easier": "easier",
    "level-normal": "normal", "level-harder": "harder", "level-says": "rated {lo} to {hi}, around {n}",
    hint: "Show the moves", "hint-note": "counts", chart: "Your puzzles", "chart-none": "none yet" } };
  const idx = { variants: [{ slug: "standard", title: "Stan<dard>", count: 1, players: 2 }], puzzles: [], keys: [],
    themes: {}, goals: [{ id: "standard:0", v: "standard", k: 0, title: "T", text: "<script>x</script>" }], words: PW };
  const app = { idx: idx, puzzles: [], W: PW, progress: practice.fresh(),
    aside: { where: "in <file>", parts: ["a & b"] }, notes: ["note <i>"], data: {}, mode: "goals",
    variant: "", theme: "", cur: null, msg: "", failedRun: [], run: [], streak: null, goal: null, retry: null,
    byId: new Map(), level: "normal", timed: null, now: () => 0, timedLength: 0 };
  const ui = { board: handboard.create(PW, () => {}, { listen() {}, replace() {} }), filtersOpen: false, left: 0 };
  const page = pageView(app, ui).text;
  assert.match(page, /&lt;script&gt;x&lt;\/script&gt;/);
  assert.match(page, /in &lt;file&gt;/);
  assert.match(page, /a &amp; b/);
  assert.match(page, /note &lt;i&gt;/);
  assert.doesNotMatch(page, /<script>|<i>/);
  app.mode = "puzzles";
  const state = practice.start({ position: "12-11", kind: "keep", plies: 1, line: [], rating: 0, themes: null },
    { "12-11": { v: [0, 0, -1], m: [{ move: "1>1", to: "11-12", mark: 0, choice: 0, n: -1, k: -1, reply: null }],
      h: [[1, 2], [1, 1]] } });
  app.cur = { id: "standard:12-11", slug: "standard", state: state, feedback: [], rated: false };
  const board = pageView(app, ui).text;
  assert.match(board, /<svg class="hand/);
  // the hands are buttons named for a screen reader; the move list is a folded hint
  assert.match(board, /<button type="button" class="hand-btn" data-seat="0" data-hand="1" data-value="2" aria-pressed="false" aria-label="You, to move: 2 fingers">/);
  assert.match(board, /<details class="pz-hint"><summary>Show the moves<\/summary>.*data-to="11-12"/);
  assert.match(board, /Difficulty.*aria-pressed="true">normal/);
});
