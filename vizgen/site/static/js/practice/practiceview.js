/* vizgen practiceview: the practice page (practice.html): puzzles with filters, the rating, the streak, the
 * daily puzzle, goals against the computer, retries of your mistakes and the progress kept in this browser.
 *
 * The data are the build's (vizgen/site/render/practice_page.py): practice/index.js (every puzzle in brief,
 * the variants, the themes and the words) and practice/<slug>.js per variant (its puzzles' positions and
 * moves, its goals and, for the small variants, every position). The rules are practice.js's; this module
 * keeps the page's state and draws it into #practice.
 */
import * as address from "../core/address.js";
import { contract } from "../core/contract.js";
import { svg as handSvg } from "../core/hands.js";
import * as loader from "../core/loader.js";
import * as util from "../core/util.js";
import { esc, fill, own } from "../core/util.js";
import * as practice from "./practice.js";

var P = practice;

/* The page's address parameters: variant, puzzle, theme, retry, mode, and notes (the reader's line for each
   part it dropped). One place reads them (the site's address reader when the page has it). */
function params(search, hash) {
  if (address && address.read) {
    var a = address.read(search, hash, "practice");
    return { variant: a.variant || "", puzzle: a.puzzle || "", theme: a.theme || "", retry: a.retry || "",
      mode: a.mode || "", notes: a.notes };
  }
  var q = new URLSearchParams(search);
  var get = function (k) { return q.get(k) || ""; };
  return { variant: get("variant"), puzzle: get("puzzle"), theme: get("theme"), retry: get("retry"),
    mode: get("mode"), notes: [] };
}

/* The address reader's note of this kind (address_words.py's NOTES), or a plain one without the reader. */
function addressNote(key) {
  var said = address && address.note ? address.note(key) : "";
  return said || "Part of this link could not be read; the page goes on without it.";
}

/* A position's players' hands from its notation (the mover first): null when a hand is not a plain count. */
function handsOf(position) {
  var body = position.split(":")[0];
  var seats = body.split("-").map(function (part) {
    if (part.indexOf(".") >= 0) return part.split(".").map(Number);
    return part.split("").map(Number);
  });
  var plain = seats.every(function (h) { return h.every(function (v) { return Number.isInteger(v) && v >= 0; }); });
  return plain && seats.length > 1 ? seats : null;
}

var app = null;
var ALL = P.ALL;

function create(root, idx, cfg) {
  var storage;
  try {
    storage = globalThis.localStorage;
  } catch {
    storage = null; // storage refused (a privacy setting): progress lasts the visit
  }
  var aside = [];
  var progress = P.load(storage, aside);
  app = {
    root: root, idx: idx, cfg: cfg, W: idx.words, storage: storage, progress: progress,
    aside: aside.length ? { where: "saved in this browser", parts: aside } : null, notes: [],
    load: cfg.load || loader.create(cfg.data), data: {}, mode: "puzzles", variant: "", theme: "", cur: null, msg: "",
    failedRun: [], run: [], streak: null, goal: null, retry: null, byId: new Map(),
  };
  idx.puzzles = P.entries(idx);
  idx.puzzles.forEach(function (p) { app.byId.set(p.id, p); });
  return app;
}

function variantOf(slug) {
  return app.idx.variants.filter(function (v) { return v.slug === slug; })[0];
}

/* A variant's data file; its puzzles' positions (nodes) are every position's (table) when it ships those. */
function dataOf(slug) {
  if (app.data[slug]) return Promise.resolve(app.data[slug]);
  return app.load(slug).then(function (d) {
    if (!d.nodes) d.nodes = d.table;
    app.data[slug] = d;
    return d;
  });
}

/* The puzzles the filters leave. */
function pool() {
  return app.idx.puzzles.filter(function (p) {
    return (!app.variant || p.v === app.variant) && (!app.theme || p.t.indexOf(app.theme) >= 0);
  });
}

function choiceWords(m) {
  return fill(contract.choices[m[3]].long, { n: m[4], k: m[5] });
}
function markWords(code) {
  var M = contract.marks[code];
  return M.name + (M.symbol ? " (" + M.symbol + ")" : "");
}
function valueCls(m) {
  return contract.choices[m[3]].cls;
}

function graphHref(slug, position) {
  return "variants/" + encodeURIComponent(slug) + ".html#" + encodeURIComponent(position);
}

/* The players of a position, the player to move first; `you`: the visitor's seat there (0 when it is their
   move). */
function playersHtml(position, players, you) {
  var hands = handsOf(position);
  var me = you || 0;
  var names = hands ? hands.map(function (_, s) {
    var k = (s - me + players) % players;
    var S = app.W.seats;
    var who = k === 0 ? "You" : players === 2 ? S.opponent : k === 1 ? S.next : util.fill(S.other, { k: k });
    return who + (s === 0 ? ", to move" : "");
  }) : [];
  if (!hands) return '<p class="pz-pos">' + esc(position) + "</p>";
  return '<div class="pz-players">' + hands.map(function (h, s) {
    return '<div class="pz-player' + (s === me ? " me" : "") + '"><div class="who">' + esc(names[s] || "") +
      "</div><div class=\"hands\">" + h.map(function (v, j) {
      return handSvg(app.W, v, j % 2 === 0 && h.length > 1, false);
    }).join("") + "</div></div>";
  }).join("") + '</div><p class="pz-pos">position <code>' + esc(position) + "</code></p>";
}

function prompt(p) {
  if (p.kind === "win" && p.single) return "Your move: only one keeps your forced win.";
  if (p.kind === "win") {
    return p.plies === 1 ? "Your move: win at once." : "Your move: only one keeps your win. Then keep finding " +
      "winning moves: win within " + p.plies + " plies.";
  }
  if (p.kind === "draw") return "Your move: only one keeps the draw.";
  if (p.kind === "survive") return "Your move: only one keeps you in the game.";
  return "Your move: find a move that keeps your value.";
}

function ratingLine() {
  var r = app.progress.rating;
  var played = app.progress.history.length;
  return '<div class="pz-status"><span class="pz-rating" title="Glicko-2 rating against the puzzles\' ratings">' +
    "Your puzzle rating <b data-rating>" + esc(Math.round(r.rating)) + "</b>" +
    (r.rd > 110 ? ' <span class="muted">(provisional: ' + esc(played) + " played)</span>" : "") + "</span>" +
    '<span class="pz-best">best streak <b data-best>' + esc(app.progress.best) + "</b></span>" +
    '<span class="pz-solved">solved <b>' + esc(Object.keys(app.progress.solved).length) + "</b></span></div>";
}

/* What the page could not take: the parts of the address it left out (the reader's notes, and what names
   nothing here), and the progress set aside (P.check), with a reset. Words only, escaped. */
function notesHtml() {
  var out = app.notes.length ? '<p class="pz-address-note" role="status">' + esc(app.notes.join(" ")) + "</p>" : "";
  var a = app.aside;
  if (!a) return out;
  var all = a.parts.indexOf(ALL) >= 0;
  var text = all ? "The progress " + a.where + " could not be read: it is left out, and you start afresh here." :
    "Part of the progress " + a.where + " could not be read and is left out: " + a.parts.join(", ") +
    ". The rest is kept.";
  return out + '<div class="pz-aside" role="alert"><p>' + esc(text) + '</p><p><button type="button" ' +
    'data-act="reset">Forget my progress</button> <button type="button" data-act="keep">' +
    esc(all ? "OK" : "Keep the rest") + "</button></p></div>";
}

function modes() {
  var list = [["puzzles", "Puzzles"], ["streak", "Streak"], ["daily", "Daily"], ["goals", "Goals"]];
  if (app.retry) list.push(["retry", "Your mistakes"]);
  return '<nav class="pz-modes" aria-label="Practice modes">' + list.map(function (m) {
    return '<button type="button" data-mode="' + esc(m[0]) + '"' + (app.mode === m[0] ? ' aria-pressed="true"' : "") +
      ">" + esc(m[1]) + "</button>";
  }).join("") + "</nav>";
}

function filters() {
  var vs = app.idx.variants.filter(function (v) { return v.count; });
  var themes = Object.keys(app.idx.themes);
  var counts = Object.create(null);
  app.idx.puzzles.forEach(function (p) {
    if (app.variant && p.v !== app.variant) return;
    p.t.forEach(function (t) { counts[t] = (counts[t] || 0) + 1; });
  });
  var chosen = (app.variant ? variantOf(app.variant).title : "every variant") + ", " +
    (app.theme ? app.idx.themes[app.theme] : "every theme");
  return '<details class="pz-filters"' + (app.filtersOpen ? " open" : "") + '><summary>Puzzles from: <b>' +
    esc(chosen) + "</b> (" + esc(pool().length) + ')</summary><div class="pz-filter-row"><label>Variant ' +
    '<select data-filter="variant"><option value="">every variant (' +
    esc(app.idx.puzzles.length) + ")</option>" + vs.map(function (v) {
      return '<option value="' + esc(v.slug) + '"' + (v.slug === app.variant ? " selected" : "") + ">" +
        esc(v.title) + " (" + esc(v.count) + ")</option>";
    }).join("") + '</select></label><label>Theme <select data-filter="theme"><option value="">every theme</option>' +
    themes.filter(function (t) { return counts[t]; }).map(function (t) {
      return '<option value="' + esc(t) + '"' + (t === app.theme ? " selected" : "") + ">" + esc(app.idx.themes[t]) +
        " (" + esc(counts[t]) + ")</option>";
    }).join("") + "</select></label></div></details>";
}

function boardHtml() {
  var c = app.cur;
  if (!c) return '<p class="pz-empty">' + esc(app.msg || "No puzzle matches these filters.") + "</p>";
  var s = c.state, p = s.puzzle, v = variantOf(c.slug);
  var out = '<article class="pz-board" data-puzzle="' + esc(c.id) + '" data-status="' + esc(s.status) + '">';
  out += '<p class="pz-meta"><a href="' + esc(graphHref(c.slug, p.position)) + '">' + esc(v ? v.title : c.slug) + "</a>" +
    (p.rating ? ' · puzzle rated <b>' + esc(p.rating) + "</b>" : "") +
    (p.themes && s.status !== "play" ? ' · <span class="pz-themes">' + p.themes.map(function (t) {
      return '<span class="chip">' + esc(app.idx.themes[t]) + "</span>";
    }).join(" ") + "</span>" : "") + "</p>";
  out += '<h2 class="pz-prompt">' + esc(c.label ? c.label + ": " : "") + esc(prompt(p)) + "</h2>";
  out += playersHtml(s.at, v ? v.players : 2);
  if (s.status === "play") {
    if (p.kind === "win" && p.plies > 1 && !p.single) {
      out += '<p class="pz-left">' + esc(util.plural(s.left, "ply", "plies")) + " left to win in</p>";
    }
    out += '<div class="pz-moves" role="group" aria-label="Your moves">' + s.nodes[s.at].m.map(function (m) {
      return '<button type="button" class="pz-move" data-to="' + esc(m[1]) + '"><span class="mv">' + esc(m[0]) +
        '</span><span class="to">→ ' + esc(m[1]) + "</span></button>";
    }).join("") + "</div>";
  }
  out += '<div class="pz-feedback" role="status">' + (c.feedback || "") + "</div>";
  out += '<div class="pz-actions">';
  if (s.status !== "play") {
    out += '<button type="button" class="primary" data-act="next">' + esc(c.nextLabel || "Next puzzle") + "</button>";
    out += '<button type="button" data-act="again">Try it again</button>';
  } else {
    out += '<button type="button" data-act="giveup">Show the solution</button>';
  }
  out += '<a class="pz-graph" href="' + esc(graphHref(c.slug, s.status === "failed" ? s.wrong.from : s.at)) +
    '">View on the graph</a></div></article>';
  return out;
}

function goalsHtml() {
  var mine = app.idx.goals.filter(function (g) { return g.v === app.variant; });
  var shown = mine.length ? mine : app.idx.goals;
  var out = mine.length ? '<p class="pz-goal-note">The goals of ' + esc(variantOf(app.variant).title) +
    ' <button type="button" data-act="allgoals">Goals of every variant (' + esc(app.idx.goals.length) + ")</button></p>" :
    '<p class="pz-goal-note">Play a position out against the computer. Stars: three when every move is the best, ' +
    "two when three moves in four are, one otherwise.</p>";
  out += '<div class="pz-goals">';
  shown.forEach(function (g) {
    var key = g.id, got = P.count(app.progress.goals, key);
    out += '<article class="pz-goal" data-goal="' + esc(key) + '"><h3>' + esc(g.title) + "</h3><p>" + esc(g.text) +
      '</p><p class="stars" aria-label="' + esc(got) + ' of 3 stars">' + esc("★★★".slice(0, got)) +
      '<span class="off">' + esc("☆☆☆".slice(got)) + "</span></p>" +
      '<button type="button" data-goal-start="' + esc(key) + '">' + (got ? "Play again" : "Start") + "</button></article>";
  });
  return out + "</div>";
}

function goalBoard() {
  var c = app.goal, s = c.state, G = s.goal;
  var out = '<article class="pz-board pz-goalboard" data-goal="' + esc(c.id) + '" data-status="' + esc(s.status) + '">';
  out += '<p class="pz-meta"><a href="' + esc(graphHref(c.slug, s.at)) + '">' + esc(c.title) + "</a> · " + esc(c.text) + "</p>";
  out += '<h2 class="pz-prompt">' + (s.status === "play" ? "Your move" : s.status === "met" ? "Goal met" : "Goal missed") +
    ' <span class="muted">· ply ' + esc(s.ply) + (G.kind === "win" ? " of at most " : " of ") + esc(G.plies) +
    "</span></h2>";
  out += playersHtml(s.at, s.players, s.status === "play" || !s.last ? 0 : s.players - 1 - s.last.replies.length);
  if (s.status === "play") {
    out += '<div class="pz-moves" role="group" aria-label="Your moves">' + s.table[s.at].m.map(function (m) {
      return '<button type="button" class="pz-move" data-to="' + esc(m[1]) + '"><span class="mv">' + esc(m[0]) +
        '</span><span class="to">→ ' + esc(m[1]) + "</span></button>";
    }).join("") + "</div>";
  }
  out += '<div class="pz-feedback" role="status">' + (c.feedback || "") + "</div>";
  out += '<div class="pz-actions"><button type="button" data-act="goalagain">Start again</button>' +
    '<button type="button" data-act="goals">All goals</button></div></article>';
  return out;
}

function progressHtml() {
  return '<section class="pz-progress" aria-label="Your progress"><h2>Your progress</h2>' +
    "<p>Your rating, streak, solved puzzles and goals stay in this browser only (its local storage): nothing is " +
    "sent anywhere. Save them as a small file to keep them or to move them to another browser.</p>" +
    '<p class="pz-io"><button type="button" data-act="export">Save progress (JSON)</button>' +
    '<label class="pz-import">Load progress <input type="file" accept="application/json,.json" data-act="import"></label>' +
    '<button type="button" data-act="reset">Forget my progress</button></p>' +
    (app.msg ? '<p class="pz-note" role="status">' + esc(app.msg) + "</p>" : "") + "</section>";
}

function draw() {
  var details = app.root.querySelector("details.pz-filters");
  if (details) app.filtersOpen = details.open;
  var main = notesHtml() + ratingLine() + modes();
  if (app.mode === "streak" && app.streak) {
    main += '<p class="pz-streak">Streak <b data-streak>' + esc(app.streak.count) + "</b>" +
      (app.streak.over ? " · over: a mistake ends it" : " · puzzles get harder until your first mistake") + "</p>";
  }
  var side = "";
  if (app.mode === "goals") {
    main += app.goal ? goalBoard() : goalsHtml();
  } else {
    main += boardHtml();
  }
  if (app.failedRun.length && app.cur && app.cur.state.status !== "play" && app.mode !== "streak" &&
      app.mode !== "goals") {
    side += '<p class="pz-failed-run"><button type="button" data-act="failedrun">Retry the ' +
      esc(app.failedRun.length) + " puzzle" + (app.failedRun.length === 1 ? "" : "s") +
      " you failed in this run</button></p>";
  }
  if (app.mode === "puzzles") side += filters();
  side += progressHtml();
  app.root.innerHTML = '<div class="pz-main">' + main + '</div><aside class="pz-side">' + side + "</aside>";
}

/* Open puzzle `entry` (an index entry {id, v, p, r, t}) in the board. */
function open(entry, extra) {
  return dataOf(entry.v).then(function (d) {
    var full = d.puzzles[entry.p];
    var p = { position: entry.p, kind: full.kind, plies: full.plies, line: full.line, rating: entry.r,
      themes: entry.t, value: full.value, single: !!full.single };
    app.cur = Object.assign({ id: entry.id, slug: entry.v, entry: entry, state: P.start(p, d.nodes),
      feedback: "", rated: !P.count(app.progress.solved, entry.id) && !P.count(app.progress.failed, entry.id) },
    extra || {});
    app.msg = "";
    draw();
  });
}

/* A retry puzzle: a position of a game where the visitor lost value, any value-keeping move accepted. */
function openRetry(k) {
  var r = app.retry;
  if (k >= r.list.length) {
    app.cur = null;
    app.msg = r.list.length ? "You have retried every position where you lost value in that game." :
      "That game has no position to retry here.";
    draw();
    return Promise.resolve();
  }
  r.at = k;
  var position = r.list[k], d = app.data[r.slug];
  var nodes = own(d.table, position) ? d.table : d.nodes;
  var p = { position: position, kind: "keep", plies: 1, line: [], rating: 0, themes: null };
  app.cur = { id: r.slug + ":" + position, slug: r.slug, state: P.start(p, nodes), feedback: "", rated: false,
    label: "Your mistake " + (k + 1) + " of " + r.list.length, nextLabel: "Next mistake" };
  draw();
  return Promise.resolve();
}

function nextPuzzle() {
  if (app.mode === "retry") return openRetry(app.retry.at + 1);
  if (app.mode === "streak") return nextStreak();
  if (app.mode === "daily") {
    app.mode = "puzzles";
  }
  if (app.run.length) {
    var e = app.run.shift();
    return open(e, { nextLabel: app.run.length ? "Next failed puzzle" : "Next puzzle" });
  }
  var list = pool();
  if (!list.length) {
    app.cur = null;
    draw();
    return Promise.resolve();
  }
  var target = app.progress.rating.rating;
  var fresh = list.filter(function (p) {
    return !P.count(app.progress.solved, p.id) && (!app.cur || p.id !== app.cur.id);
  });
  var from = fresh.length ? fresh : list;
  var near = from.slice().sort(function (a, b) {
    return Math.abs(a.r - target) - Math.abs(b.r - target) || P.hash(a.id) - P.hash(b.id);
  }).slice(0, 12);
  var pick = near[P.hash(String(app.progress.history.length) + target) % near.length];
  return open(pick);
}

function startStreak() {
  var seed = String(Date.now());
  app.streak = { order: P.streakOrder(pool().length ? pool() : app.idx.puzzles, seed), i: 0, count: 0, over: false };
  return nextStreak();
}
function nextStreak() {
  var st = app.streak;
  if (st.over) return startStreak();
  if (st.i >= st.order.length) {
    st.over = true;
    app.cur = null;
    app.msg = "You have solved every puzzle of the streak.";
    draw();
    return Promise.resolve();
  }
  return open(st.order[st.i++], { nextLabel: "Next puzzle" });
}

/* The puzzle of the day: the one the index shows (practice/daily.js, picked by the date). */
function daily() {
  return app.load("daily").then(function (year) {
    var pick = P.daily(year.days, P.today());
    if (!pick) return Promise.resolve();
    return open(pick, { label: "Puzzle of the day (" + P.today() + ")" });
  });
}

function finish(ok) {
  var c = app.cur, out = "";
  if (app.mode === "streak") {
    if (ok) {
      app.streak.count += 1;
      if (app.streak.count > app.progress.best) app.progress.best = app.streak.count;
    } else {
      app.streak.over = true;
      out += '<p class="pz-over">Streak over at <b>' + esc(app.streak.count) + "</b>. Best: " + esc(app.progress.best) +
        ".</p>";
      c.nextLabel = "Start a new streak";
    }
    P.save(app.storage, app.progress);
    return out;
  }
  if (c.rated) {
    var before = Math.round(app.progress.rating.rating);
    app.progress = P.record(app.progress, c.id, c.entry.r, ok, P.today());
    var after = Math.round(app.progress.rating.rating), d = after - before;
    out += '<p class="pz-delta ' + (d >= 0 ? "up" : "down") + '">Your rating: ' + esc(before) + " → " + esc(after) +
      " (" + (d >= 0 ? "+" : "−") + esc(Math.abs(d)) + ")</p>";
    c.rated = false;
  } else if (c.entry) {
    app.progress = P.copy(app.progress);
    if (ok) app.progress.solved[c.id] = P.count(app.progress.solved, c.id) + 1;
  }
  if (!ok && c.entry && app.failedRun.every(function (e) { return e.id !== c.id; })) app.failedRun.push(c.entry);
  P.save(app.storage, app.progress);
  return out;
}

function onMove(to) {
  var c = app.cur, s = c.state, from = s.at, v = variantOf(c.slug);
  var res = P.play(s, to);
  if (!res) return;
  var m = res.move;
  if (!res.ok) {
    var sol = P.good({ puzzle: s.puzzle, nodes: s.nodes, at: from, left: s.left });
    c.feedback = '<p class="pz-wrong"><span class="sign" aria-hidden="true">✗</span> <b>' + esc(m[0]) +
      "</b> is a <b>" + esc(markWords(m[2])) + "</b>: " +
      '<span class="badge ' + esc(valueCls(m)) + '">' + esc(choiceWords(m)) + "</span>" +
      (m.length > 6 ? ". " + (v && v.players > 2 ? "The next player answers" : "Their answer") + ": <b>" +
        esc(m[6]) + "</b> (to " + esc(m[7]) + ")." : "") + "</p>" +
      (m[2] <= 1 ? '<p class="muted">It keeps your value, but too slowly: the win no longer fits in the plies left.</p>' : "") +
      '<p class="pz-solution">The solution: <b>' + esc(sol[0][0]) + "</b> (" + esc(choiceWords(sol[0])) + ")" +
      (s.puzzle.line && s.puzzle.line.length > 1 && from === s.puzzle.position ? "; the whole line: " +
        esc(s.puzzle.line.join(", ")) : "") + ".</p>" + finish(false);
  } else if (res.done) {
    c.feedback = '<p class="pz-right"><span class="sign" aria-hidden="true">✓</span> <b>' + esc(m[0]) + "</b> " +
      esc(choiceWords(m)) + ". Solved!</p>" + finish(true);
  } else {
    c.feedback = '<p class="pz-right"><span class="sign" aria-hidden="true">✓</span> <b>' + esc(m[0]) +
      "</b> keeps the win. They reply <b>" + esc(res.reply[0]) + "</b>. Keep going.</p>";
  }
  draw();
}

function giveUp() {
  var c = app.cur, s = c.state;
  var sol = P.good(s);
  s.status = "failed";
  s.wrong = { from: s.at, move: sol[0] };
  c.feedback = '<p class="pz-solution">The solution: <b>' + esc(sol[0][0]) + "</b> (" + esc(choiceWords(sol[0])) +
    ").</p>" + finish(false);
  draw();
}

/* Goals */
function openGoal(id) {
  var g = app.idx.goals.filter(function (x) { return x.id === id; })[0];
  return dataOf(g.v).then(function (d) {
    var v = variantOf(g.v);
    app.goal = { id: id, slug: g.v, title: g.title, text: g.text,
      state: P.goalStart(d.goals[g.k], d.table, v.players), feedback: "" };
    draw();
  });
}

function onGoalMove(to) {
  var c = app.goal, s = c.state;
  var before = s.marks.length;
  P.goalPlay(s, to);
  if (s.marks.length === before) return;
  var m = s.last.move;
  var out = "<p>You played <b>" + esc(m[0]) + esc(contract.marks[m[2]].symbol) + "</b>: " + esc(markWords(m[2])) + ", " +
    '<span class="badge ' + esc(valueCls(m)) + '">' + esc(choiceWords(m)) + "</span></p>";
  if (s.last.replies.length) {
    out += "<p>" + (s.players === 2 ? "They reply " : "The others reply ") + s.last.replies.map(function (r) {
      return "<b>" + esc(r[0]) + "</b>";
    }).join(", then ") + ".</p>";
  }
  if (s.status === "met") {
    var best = s.marks.filter(function (x) { return x === contract.markCodes.best; }).length;
    out += '<p class="pz-right">Goal met in ' + esc(s.ply) + " plies: " + esc("★★★".slice(0, s.stars)) +
      '<span class="off">' + esc("☆☆☆".slice(s.stars)) + "</span> (" + esc(best) + " of " + esc(s.marks.length) +
      " moves best).</p>";
    if (P.count(app.progress.goals, c.id) < s.stars) app.progress.goals[c.id] = s.stars;
    P.save(app.storage, app.progress);
  } else if (s.status === "failed") {
    var why = { mistake: "That gives up your win.", blunder: "That lets them win: the goal is lost.",
      slow: "Your win no longer fits in the plies allowed.", lost: "The game is over against you." }[s.why];
    out += '<p class="pz-wrong"><span class="sign" aria-hidden="true">✗</span> ' + esc(why) + "</p>";
  }
  c.feedback = out;
  draw();
}

function exportProgress() {
  var blob = new Blob([JSON.stringify(app.progress, null, 1)], { type: "application/json" });
  var a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = "chopsticks-practice.json";
  document.body.appendChild(a);
  a.click();
  setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 0);
}

/* Progress from a file the visitor chose: checked (P.parse) before anything of it is used; what fails is set
   aside with a note, a file that is not progress (or larger than any progress is) leaves the progress as it was. */
function importProgress(file) {
  if (file.size > P.LIMITS.text) {
    app.msg = file.name + " is not a progress file of this page: it is too large to be one.";
    draw();
    return Promise.resolve();
  }
  return file.text().then(function (text) {
    var aside = [];
    var p = P.parse(text, aside);
    app.msg = p ? "Progress loaded from " + file.name + "." : file.name + " is not a progress file of this page.";
    if (p) {
      app.progress = p;
      app.aside = aside.length ? { where: "in " + file.name, parts: aside } : null;
      P.save(app.storage, p);
    }
    draw();
  });
}

function setMode(mode) {
  app.mode = mode;
  app.goal = null;
  app.msg = "";
  if (mode === "streak") return startStreak();
  if (mode === "daily") return daily();
  if (mode === "retry") return openRetry(0);
  if (mode === "goals") {
    draw();
    return Promise.resolve();
  }
  return nextPuzzle();
}

/* What a button does, by its data attributes. */
function act(t) {
  var a = t.dataset.act;
  app.notes = []; // the address's notes were read: the visitor has moved on
  if (t.dataset.mode) setMode(t.dataset.mode);
  else if (t.dataset.to) (app.mode === "goals" ? onGoalMove : onMove)(t.dataset.to);
  else if (t.dataset.goalStart) openGoal(t.dataset.goalStart);
  else if (a === "next") nextPuzzle();
  else if (a === "again") {
    app.cur.state = P.start(app.cur.state.puzzle, app.cur.state.nodes);
    app.cur.feedback = "";
    draw();
  } else if (a === "giveup") giveUp();
  else if (a === "failedrun") {
    app.run = app.failedRun.slice();
    app.failedRun = [];
    app.mode = "puzzles";
    nextPuzzle();
  } else if (a === "goalagain") openGoal(app.goal.id);
  else if (a === "allgoals") {
    app.variant = "";
    draw();
  }
  else if (a === "goals") {
    app.goal = null;
    draw();
  } else if (a === "export") exportProgress();
  else if (a === "reset") {
    app.progress = P.fresh();
    P.save(app.storage, app.progress);
    app.aside = null;
    app.msg = "Progress forgotten.";
    draw();
  } else if (a === "keep") {
    app.aside = null;
    draw();
  }
}

function bind() {
  app.root.addEventListener("click", function (ev) {
    var t = ev.target.closest("button");
    if (t) act(t);
  });
  app.root.addEventListener("change", function (ev) {
    var t = ev.target;
    if (t.dataset.filter) {
      app[t.dataset.filter] = t.value;
      if (t.dataset.filter === "variant") app.theme = "";
      app.run = [];
      nextPuzzle();
    } else if (t.dataset.act === "import" && t.files && t.files[0]) {
      importProgress(t.files[0]);
    }
  });
}

var MODES = ["puzzles", "goals", "streak", "daily"];

/* A position of a variant's data: its node (table: every position, when shipped; nodes: the puzzles'), or
   null. Own properties only: "constructor" names no position. */
function nodeOf(d, position) {
  var n = own(d.table, position) ? d.table[position] : own(d.nodes, position) ? d.nodes[position] : null;
  return n && Array.isArray(n.m) ? n : null;
}

/* Start the page: root (#practice), idx (practice/index.js's payload), cfg {data: the data folder, load: a
   loader of it (loader), made when not given}. A part of the address that names nothing here is left out
   with the reader's note, as one it could not read. */
function init(root, idx, cfg) {
  create(root, idx, cfg);
  bind();
  var q = params(location.search, location.hash);
  var notes = q.notes.slice();
  var note = function (key) {
    var text = addressNote(key);
    if (notes.indexOf(text) < 0) notes.push(text);
  };
  app.notes = notes;
  if (q.variant && variantOf(q.variant)) app.variant = q.variant;
  else if (q.variant) note("variant");
  if (q.theme && own(idx.themes, q.theme)) app.theme = q.theme;
  else if (q.theme) note("theme");
  if ((q.retry || q.puzzle) && !app.variant) note("puzzle");
  if (q.mode && MODES.indexOf(q.mode) < 0) note("practice-mode");
  if (q.retry && app.variant) {
    var list = q.retry.split("_").filter(Boolean);
    return dataOf(app.variant).then(function (d) {
      var known = list.filter(function (pos) {
        var n = nodeOf(d, pos);
        return n && n.m.length > 1;
      });
      if (known.length < list.length || !list.length) note("puzzle");
      app.retry = { slug: app.variant, list: known, at: 0, missing: list.length - known.length };
      return setMode("retry");
    });
  }
  if (q.puzzle && app.variant) {
    var e = app.byId.get(app.variant + ":" + q.puzzle);
    if (e) return open(e);
    note("puzzle");
  }
  if (q.mode === "goals" || q.mode === "streak" || q.mode === "daily") return setMode(q.mode);
  return nextPuzzle();
}

/* The page's state (the browser tests read it). */
function state() {
  return app;
}

export { init, params, handsOf, state };
