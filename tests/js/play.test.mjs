/* The play app driven through its controller (play/ctrl.js) without a browser: a game to the end against the
 * perfect player, Back and takeback, and a game by link between two people whose record goes through the
 * address and back; the views (play/view/*.js) read as the words a visitor sees. The page is made up: a small
 * game whose perfect moves are known, the viewer's face, the address and its history, and a timer. */
import test from "node:test";
import assert from "node:assert/strict";
import { fixture } from "./load.mjs";
import { contract } from "../../vizgen/site/static/js/core/contract.js";
import * as address from "../../vizgen/site/static/js/core/address.js";
import { fill, pct } from "../../vizgen/site/static/js/core/util.js";
import * as reviews from "../../vizgen/site/static/js/play/review.js";
import { PlayCtrl, kids } from "../../vizgen/site/static/js/play/ctrl.js";
import * as names from "../../vizgen/site/static/js/play/names.js";
import { decor } from "../../vizgen/site/static/js/play/view/decor.js";
import { log } from "../../vizgen/site/static/js/play/view/log.js";
import { section } from "../../vizgen/site/static/js/play/view/section.js";
import { evalbar } from "../../vizgen/site/static/js/play/view/evalbar.js";
import { Facts } from "../../vizgen/site/static/js/viewer/facts.js";

address.use(fixture("address.json").tables.standard); // the record is read through the address's reader
const WORDS = fixture("words.json");
const W = WORDS.play;

/* A two-player game: from a, player 1 moves to b (then player 2 wins at once: d) or to c (then player 2 must move
   to e, and player 1 wins at f). Winners are counted from the player to move there; at d and f the game is over. */
const NAMES = ["a", "b", "c", "d", "e", "f"];
const WINNER = [0, 0, 1, 1, 0, 1];
const REMOTENESS = [3, 1, 2, 0, 1, 0];
const OVER = [false, false, false, true, false, true];
const MOVES = { 0: [1, 2], 1: [3], 2: [4], 4: [5] };
const PERFECT = { 0: 2, 1: 3, 2: 4, 4: 5 };

/* A position's detail as the page's model gives it: each move's meaning for its chooser, the best ones marked. */
function detail(id) {
  const moves = (MOVES[id] || []).map((dst) => {
    const choice = contract.choiceOf(2, OVER[dst], WINNER[dst], null);
    return { dst, names: [NAMES[id] + ">" + NAMES[dst]], choice, n: REMOTENESS[dst], k: -1, best: PERFECT[id] === dst };
  });
  return { id, hands: [[1, 1], [1, 1]], values: [], moves, parents: [], opponents: [PERFECT[id] ?? -1] };
}
function model() {
  const details = new Map(NAMES.map((n, i) => [i, detail(i)]));
  return { P: 2, startId: 0, name: (i) => NAMES[i], over: (i) => OVER[i], winner: (i) => WINNER[i],
    remoteness: (i) => REMOTENESS[i], details, detail: (i) => Promise.resolve(details.get(i)),
    opponents: [{ name: "perfect_move" }], wired: { has: () => false }, fact: () => -1 };
}

/* A page: the viewer's face, the address with its history (Back), a timer, the clipboard; what the controller
   asked of it is kept. */
function page(url = "/v/standard.html", where = {}) {
  const entries = [url];
  let at = 0;
  const asked = { redraws: 0, expanded: 0, told: 0, copied: [] };
  const face = {
    config: { players: 2, words: WORDS, themes: {}, seats: { names: [], won: [] }, kind: "small", data: "" },
    selected: null, ready: true, selections: 0, model: null, network: null, error: null,
    select(id) { face.selected = id; return Promise.resolve(); },
    resolve: (text) => (NAMES.indexOf(text) >= 0 ? NAMES.indexOf(text) : undefined),
    locate: (text) => Promise.resolve(NAMES.indexOf(text) >= 0 ? NAMES.indexOf(text) : undefined),
    redraw() { asked.redraws++; return Promise.resolve(); },
  };
  const now = () => entries[at];
  const split = (u) => /^([^?#]*)(\?[^#]*)?(#.*)?$/.exec(u);
  const place = {
    query: () => split(now())[2] || "", hash: () => split(now())[3] || "", path: () => split(now())[1],
    origin: () => "https://example.org", href: () => "https://example.org" + now(),
    local: () => !!where.local, published: () => where.published || null,
    write(u, push) {
      if (push && u !== now()) {
        entries.splice(at + 1);
        entries.push(u);
        at++;
      } else entries[at] = u;
    },
  };
  const host = { face, place, later: (fn) => { const t = setTimeout(fn, 0); return () => clearTimeout(t); },
    redraw: () => { asked.redraws++; }, expand: () => { asked.expanded++; }, told: () => { asked.told++; },
    seed: () => 5, copy: (u) => { asked.copied.push(u); return Promise.resolve(true); } };
  const ctrl = new PlayCtrl(host);
  ctrl.delay = 0;
  const back = () => { at--; ctrl.popState(); };
  return { ctrl, face, place, asked, back, entries, url: now };
}
/* Let the computer's moves (a timer each) and the model's promises run out. */
async function settle() {
  for (let i = 0; i < 30; i++) await new Promise((r) => setTimeout(r, 1));
}
/* The views' context, as the page makes it. */
function ctx(ctrl) {
  return { W, T: {}, words: WORDS, model: ctrl.theModel(), kindName: (k) => names.kindName(W, k),
    name: (k) => names.capitalName(W, k), role: (g, s) => names.roleName(W, g, s), live: ctrl.live,
    hidden: ctrl.hidden(), selected: ctrl.face.selected, after: () => "", sentence: (g) => ctrl.sentence(g, "Standard"),
    href: "https://example.org/v/standard.html", link: (seat) => ctrl.link(seat), path: "/v/standard.html",
    share: false };
}
/* The words a visitor reads in the play box and the game so far. */
function seen(ctrl) {
  const c = ctx(ctrl);
  const box = section({ game: ctrl.game, seats: ctrl.currentSeats(), kinds: ctrl.kinds, message: ctrl.message,
    copied: ctrl.copied }, c).text;
  const so = ctrl.game ? String(log(ctrl.game, c) || "") : "";
  return (box + " " + so).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").replace(/&#39;/g, "'").replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}
/* The words shown include these. */
function shows(words, text) {
  assert.ok(words.includes(text), JSON.stringify(text) + " is not in " + JSON.stringify(words));
}

test("the positions a detail's moves reach, each once", () => {
  assert.deepEqual(kids({ moves: [{ dst: 3 }, { dst: 1 }, { dst: 3 }] }), [3, 1]);
});

test("a game to the end against the perfect player: your blunder, its reply, the review", async () => {
  const { ctrl, face, asked, url } = page();
  await ctrl.init(model());
  assert.ok(ctrl.ready && ctrl.game === null);
  assert.deepEqual(Object.keys(ctrl.opponents), ["perfect", "random"]);
  shows(seen(ctrl), W["new-challenge"]);
  await ctrl.start("coached");
  assert.equal(url(), "/v/standard.html?play=you.perfect&seed=5#a");
  assert.ok(asked.expanded > 0 && face.selected === 0);
  assert.equal(ctrl.snapshot().canMove, true);
  shows(seen(ctrl), fill(W["value-win"], { n: 3 }));
  // the panel: your move on the board; another position only browses
  assert.equal(decor(ctrl.game, ctrl.pending, 0, ctx(ctrl)).board, "play");
  assert.deepEqual(decor(ctrl.game, ctrl.pending, 4, ctx(ctrl)), { board: "browse" });
  assert.equal(ctrl.moved(1, 3), false); // a move from a position the game is not at is the viewer's
  assert.equal(ctrl.moved(0, 1), true); // the blunder: b, where player 2 wins at once
  await settle();
  const s = ctrl.snapshot();
  assert.deepEqual([s.path, s.over, s.end.reason, s.end.winner, s.values], [["a", "b", "d"], true, "won", 1, [1, -1, -1]]);
  assert.equal(url(), "/v/standard.html?play=you.perfect&seed=5&moves=b_d#d");
  const words = seen(ctrl);
  shows(words, W["value-lost"]);
  shows(words, W["play-again"]);
  assert.match(words, /Standard/); // the result card's sentence names the variant
  assert.match(words, /\?\?/); // the review marks the blunder
  assert.equal(ctrl.moved(3, 0), false); // over: no move
});

test("takeback and the browser's Back: the game walks its record, and goes on from the ply shown", async () => {
  const { ctrl, back, entries, url } = page();
  await ctrl.init(model());
  await ctrl.start("coached");
  ctrl.moved(0, 1);
  await settle();
  assert.equal(entries.length, 4); // the start, your move, the perfect player's reply
  ctrl.undo(); // your move and the reply after it taken back
  let s = ctrl.snapshot();
  assert.deepEqual([s.path, s.redo, s.canMove], [["a"], 2, true]);
  assert.equal(url(), "/v/standard.html?play=you.perfect&seed=5&moves=b_d&at=0#a");
  ctrl.moved(0, 2); // the winning move this time: the old line is dropped
  await settle();
  s = ctrl.snapshot();
  assert.deepEqual([s.path, s.redo, s.yourTurn], [["a", "c", "e"], 0, true]);
  ctrl.moved(4, 5);
  await settle();
  assert.deepEqual(ctrl.snapshot().end, { reason: "won", winner: 0, shared: [], plies: 3 });
  shows(seen(ctrl), W["value-won"]);
  back(); // the entry before: the record one ply shorter, shown at that ply
  await settle();
  s = ctrl.snapshot();
  assert.deepEqual([s.path, s.redo, s.over], [["a", "c", "e"], 1, false]);
  shows(seen(ctrl), fill(W.reviewing, { k: 2, n: 3 }));
});

test("the browser's Back past the game's start keeps the game, at its start, and says so", async () => {
  const { ctrl, back, url } = page();
  await ctrl.init(model());
  await ctrl.start("coached");
  ctrl.moved(0, 2);
  await settle();
  back(); // the entry before the perfect player's reply
  await settle();
  assert.deepEqual([ctrl.snapshot().path, ctrl.snapshot().redo], [["a", "c"], 1]);
  back(); // the entry of the start of the game
  await settle();
  assert.deepEqual(ctrl.snapshot().path, ["a"]);
  back(); // the page before the game: no record
  await settle();
  assert.deepEqual([ctrl.snapshot().path, ctrl.snapshot().redo], [["a"], 2]);
  shows(seen(ctrl), W["start-kept"]);
  assert.equal(url(), "/v/standard.html?play=you.perfect&seed=5&moves=c_e&at=0#a"); // a new entry: Back again stays
});

test("a game by link: a move here waits for the next person, whose page replays the record and goes on", async () => {
  const first = page();
  await first.ctrl.init(model());
  first.ctrl.setSeat(1, "person"); // you and a person: by link, two people
  await first.ctrl.start("link");
  assert.deepEqual([first.ctrl.game.seats, first.ctrl.game.seat], [["person", "person"], 0]);
  first.ctrl.moved(0, 2);
  await settle();
  let s = first.ctrl.snapshot();
  assert.deepEqual([s.mode, s.waiting, s.canMove, s.path, s.sendTo], ["link", true, false, ["a", "c"], [1]]);
  // this page's address is player 1's; the link it offers names player 2
  assert.equal(first.url(), "/v/standard.html?play=person.person&seed=5&moves=c&mode=link&seat=1#c");
  const sent = first.ctrl.link(1).replace("https://example.org", "");
  assert.equal(sent, "/v/standard.html?play=person.person&seed=5&moves=c&mode=link&seat=2#c");
  shows(seen(first.ctrl), fill(W["link-send"], { name: "Player 2" }));
  shows(seen(first.ctrl), "https://example.org" + sent); // the address shown to send is the friend's
  await first.ctrl.copy("link", 1);
  assert.deepEqual(first.asked.copied, ["https://example.org" + sent]);
  // the friend opens the link: the record replayed, their move; the first player's move is not theirs to take back
  const friend = page(sent);
  await friend.ctrl.init(model());
  s = friend.ctrl.snapshot();
  assert.deepEqual([s.path, s.canMove, s.waiting, s.seat, friend.ctrl.game.canUndo()], [["a", "c"], true, false, 1, false]);
  shows(seen(friend.ctrl), fill(W["person-turn"], { name: "Player 2" }));
  // the sender reopening their own address is told it is the friend's turn, and cannot move for them
  const reopened = page(first.url());
  await reopened.ctrl.init(model());
  s = reopened.ctrl.snapshot();
  assert.deepEqual([s.canMove, s.theirs, s.sendTo], [false, true, [1]]);
  assert.equal(reopened.ctrl.moved(2, 4), false);
  shows(seen(reopened.ctrl), fill(W["link-waiting"], { name: "Player 2" }));
  assert.ok(!seen(reopened.ctrl).includes(fill(W["person-turn"], { name: "Player 2" })));
  friend.ctrl.moved(2, 4);
  await settle();
  assert.equal(friend.url(), "/v/standard.html?play=person.person&seed=5&moves=c_e&mode=link&seat=2#e");
  const back = friend.ctrl.link(0).replace("https://example.org", "");
  assert.equal(back, "/v/standard.html?play=person.person&seed=5&moves=c_e&mode=link&seat=1#e");
  await friend.ctrl.copy("game"); // More → Copy link to this game: this page's own address
  assert.deepEqual(friend.asked.copied, ["https://example.org" + friend.url()]);
});

test("a game by link to its end, from both seats: the last move's link is offered, and both pages say who won", async () => {
  const one = page();
  await one.ctrl.init(model());
  await one.ctrl.start("link");
  one.ctrl.moved(0, 2);
  await settle();
  const two = page(one.ctrl.link(1).replace("https://example.org", ""));
  await two.ctrl.init(model());
  two.ctrl.moved(2, 4);
  await settle();
  const again = page(two.ctrl.link(0).replace("https://example.org", ""));
  await again.ctrl.init(model());
  assert.equal(again.ctrl.snapshot().seat, 0);
  again.ctrl.moved(4, 5); // player 1 wins
  await settle();
  let s = again.ctrl.snapshot();
  assert.deepEqual([s.over, s.end.winner, s.path, s.sendTo], [true, 0, ["a", "c", "e", "f"], [1]]);
  // the winner's page: they won, in the win colour, and the final position is offered to send like any other ply
  let words = seen(again.ctrl);
  shows(words, fill(W["won-link"], { k: 1 }));
  shows(words, fill(W["link-send-end"], { name: "Player 2" }));
  shows(words, W["value-won"]);
  assert.ok(!words.includes(fill(W["link-waiting"], { name: "Player 2" })));
  const badge = (ctrl) => /class="badge ([a-z-]+)"/.exec(section({ game: ctrl.game, seats: ctrl.currentSeats(),
    kinds: ctrl.kinds, message: "", copied: false }, ctx(ctrl)).text)[1];
  assert.equal(badge(again.ctrl), "win"); // the winner's badge in the win colour (the contract's class)
  const ending = again.ctrl.link(1).replace("https://example.org", "");
  assert.equal(ending, "/v/standard.html?play=person.person&seed=5&moves=c_e_f&mode=link&seat=2#f");
  // the loser's page, opening that link: who won, from their side, and the review; no move and no link to send
  const loser = page(ending);
  await loser.ctrl.init(model());
  s = loser.ctrl.snapshot();
  assert.deepEqual([s.over, s.canMove, s.seat, s.sendTo], [true, false, 1, []]);
  words = seen(loser.ctrl);
  shows(words, fill(W["lost-link"], { name: "Player 1", k: 2 }));
  shows(words, W["value-lost"]);
  shows(words, W["see-review"]);
  shows(words, W.review);
  assert.equal(badge(loser.ctrl), "loss");
  // the winner reopening their own address: still the end, the link to send offered again
  const reopened = page(again.url());
  await reopened.ctrl.init(model());
  assert.deepEqual(reopened.ctrl.snapshot().sendTo, [1]);
  shows(seen(reopened.ctrl), fill(W["won-link"], { k: 1 }));
});

test("a page opened from a file offers no file:/// address to a friend: the published site's, or says why", async () => {
  const local = page("/v/standard.html", { local: true });
  await local.ctrl.init(model());
  await local.ctrl.start("link");
  local.ctrl.moved(0, 2);
  await settle();
  assert.equal(local.ctrl.link(1), "");
  const words = seen(local.ctrl);
  shows(words, W["link-local"]);
  assert.ok(!words.includes(fill(W["link-waiting"], { name: "Player 2" }))); // no link to wait on
  assert.doesNotMatch(words, /file:\/\/\/|example\.org/);
  assert.doesNotMatch(words, /is choosing/); // the page waits for the friend, it does not think for them
  await local.ctrl.copy("link", 1);
  assert.deepEqual(local.asked.copied, []); // nothing to copy
  const published = page("/v/standard.html", { local: true, published: "https://me.github.io/atlas/v/standard.html" });
  await published.ctrl.init(model());
  await published.ctrl.start("link");
  published.ctrl.moved(0, 2);
  await settle();
  assert.equal(published.ctrl.link(1), "https://me.github.io/atlas/v/standard.html?play=person.person&seed=5&moves=c&mode=link&seat=2#c");
  shows(seen(published.ctrl), fill(W["link-send"], { name: "Player 2" }));
});

test("a link's seat is a person's seat of the game, or the record is refused with its reason", async () => {
  for (const seat of ["0", "3", "-1", "1.5", "01", "x", "2e0"]) {
    const p = page("/v/standard.html?play=person.person&seed=5&moves=c&mode=link&seat=" + seat);
    await p.ctrl.init(model());
    assert.equal(p.ctrl.game, null, seat);
    assert.match(p.ctrl.message, /the seat it was sent to must be a person's, from 1 to 2|could not be read/, seat);
  }
  const old = page("/v/standard.html?play=person.person&seed=5&moves=c&mode=link"); // a link from before seats
  await old.ctrl.init(model());
  assert.deepEqual([old.ctrl.snapshot().seat, old.ctrl.snapshot().canMove], [null, true]);
});

test("a record that cannot be read is said in the box, and a fresh game replaces it", async () => {
  const { ctrl, asked, url } = page("/v/standard.html?play=you.wizard&seed=2");
  await ctrl.init(model());
  assert.equal(ctrl.game, null);
  assert.match(ctrl.message, /a player is not one of you, person, perfect, random/);
  assert.ok(asked.told === 1 && asked.expanded === 1);
  assert.match(seen(ctrl), /Start a fresh game|fresh/i);
  const illegal = page("/v/standard.html?play=you.perfect&moves=c_d");
  await illegal.ctrl.init(model());
  assert.deepEqual([illegal.ctrl.snapshot().path, illegal.ctrl.snapshot().paused], [["a", "c"], true]);
  assert.match(illegal.ctrl.message, /ply 2/);
  await ctrl.invited(); // an invitation: a challenge, the values hidden
  assert.equal(url(), "/v/standard.html?play=you.perfect&seed=5&mode=challenge#a");
  assert.deepEqual([ctrl.message, ctrl.snapshot().hidden], ["", true]);
  ctrl.quit();
  assert.equal(ctrl.game, null);
  assert.equal(url(), "/v/standard.html#a");
});

/* The model with its verdicts read as the page's models read them (viewer/facts.js's Facts over the wire's fields
   verdict, verdict_n and winner), for the evaluation bar. */
function factsModel() {
  const facts = new Facts(WORDS, [], []);
  facts.fact = (i, name) => (name === "verdict" ? contract.verdictOf(2, OVER[i], WINNER[i], null)
    : name === "verdict_n" ? REMOTENESS[i] : name === "winner" ? WINNER[i] : -1);
  return Object.assign(model(), { cls: (i) => facts.cls(i), short: (i) => facts.short(i) });
}
/* The words of the bar for the seat to move, in its verdict's short words. */
function barWords(name, verdict, n) {
  return fill(W.evalbar, { name, verdict: fill(contract.verdicts.find((v) => v.key === verdict).short, { n }) });
}

test("the evaluation bar: the position's value for the player to move, in its verdict's words, gone at the end", async () => {
  const { ctrl } = page();
  await ctrl.init(factsModel());
  assert.equal(ctrl.evaluation(), null); // no game
  await ctrl.start("coached");
  assert.deepEqual(ctrl.evaluation(), { seat: 0, cls: "win", words: fill(contract.verdicts[1].short, { n: 3 }) });
  const at = () => section({ game: ctrl.game, seats: ctrl.currentSeats(),
    kinds: ctrl.kinds, message: "", copied: false }, { ...ctx(ctrl), evaluation: ctrl.evaluation() }).text;
  assert.match(at(), /play-evalbar-fill win" style="width:100%"/);
  assert.ok(at().includes(barWords("You (player 1)", "win", 3)), at());
  ctrl.moved(0, 2); // the winning move: c, where the perfect player (player 2) loses in 2
  assert.deepEqual(ctrl.evaluation(), { seat: 1, cls: "loss", words: fill(contract.verdicts[2].short, { n: 2 }) });
  assert.ok(at().includes(barWords("Perfect player (player 2)", "loss", 2)));
  assert.match(at(), /play-evalbar-fill loss" style="width:0%"/);
  await settle(); // the reply, then your win at f
  ctrl.moved(4, 5);
  await settle();
  assert.equal(ctrl.snapshot().over, true);
  assert.equal(ctrl.evaluation(), null); // the game is over: the status says how it ended
  assert.ok(!at().includes("play-evalbar"));
});

test("the evaluation bar is not drawn while a challenge hides the values", async () => {
  const { ctrl } = page();
  await ctrl.init(factsModel());
  await ctrl.start("challenge");
  assert.equal(ctrl.hidden(), true);
  assert.equal(ctrl.evaluation(), null);
});

test("the bar's view: filled by the class's rank, the words escaped and always shown", () => {
  for (const [cls, width] of [["win", 100], ["draw", 50], ["loss", 0]]) {
    const text = evalbar({ seat: 0, cls, words: "x" }, "<i>P</i>", W).text;
    assert.ok(text.includes(`play-evalbar-fill ${cls}" style="width:${width}%"`), text);
    assert.ok(text.includes(fill(W.evalbar, { name: "&lt;i&gt;P&lt;/i&gt;", verdict: "x" })), text);
  }
});

test("the review's accuracy: each player's moves that kept the best result, from the review's own marks", async () => {
  for (const [line, mine] of [[[1], [1, 3]], [[2, 5], [2, 4, 5]]]) { // a blunder, then a game played well
    const { ctrl } = page();
    await ctrl.init(model());
    await ctrl.start("coached");
    for (const to of line) {
      ctrl.moved(ctrl.game.here(), to);
      await settle();
    }
    assert.equal(ctrl.snapshot().over, true);
    const path = [0, ...mine];
    const marked = reviews.marks(WORDS, path, (i) => ctrl.theModel().details.get(i));
    for (let seat = 0; seat < 2; seat++) {
      const own = marked.filter((r, k) => r && k % 2 === seat);
      const kept = own.filter((r) => contract.marks[r.mark].key === "best" || contract.marks[r.mark].key === "inaccuracy");
      const said = fill(W.accuracy, { name: names.roleName(W, ctrl.game, seat), kept: kept.length, n: own.length,
        share: pct(kept.length / own.length, WORDS.units) });
      shows(seen(ctrl), said.replace(/\s+/g, " ")); // seen() reads the narrow space of "100 %" as a space
    }
  }
});
