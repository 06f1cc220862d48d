/* vizgen practice session: the practice page's state (the mode, the filters, the puzzle or goal on the board,
 * the streak, the retries, the progress kept in this browser) and what the visitor's actions do to it; after
 * each change the page is drawn again from the state (views.js) into #practice. The rules are practice.js's.
 */
import { render } from "../core/html.js";
import * as loader from "../core/loader.js";
import { own } from "../core/util.js";
import * as handboard from "./handboard.js";
import * as P from "./practice.js";
import * as T from "./timed.js";
import * as views from "./views.js";

/** @typedef {import("../core/html.js").Html} Html */
/** @typedef {import("./practice.js").Entry} Entry */
/** @typedef {import("./practice.js").Nodes} Nodes */
/** @typedef {import("./practice.js").Goal} Goal */
/** @typedef {import("./practice.js").PuzzleState} PuzzleState */
/** @typedef {import("./practice.js").GoalState} GoalState */
/** @typedef {import("./practice.js").Progress} Progress */
/** @typedef {import("./practice.js").Store} Store */
/** A variant of the index. @typedef {{ slug: string, title: string, count: number, players: number }} Variant */
/** A goal of the index: its id, variant (v), number in the variant's goals (k), title and text. @typedef {{ id: string, v: string, k: number, title: string, text: string }} IndexGoal */
/**
 * The practice index (practice/index.js's payload): the puzzles in brief, the variants, the goals, the themes
 * (key -> words), the theme keys and the words.
 * @typedef {{ puzzles: import("./practice.js").RawIndex["puzzles"], keys: string[], variants: Variant[],
 *   goals: IndexGoal[], themes: Record<string, string>, words: Words }} Index
 */
/**
 * The words the page reads (words.py's, for the browser): the seats', the hands' and the touch board's (moves,
 * play, over), and the practice page's own (words.PRACTICE).
 * @typedef {{ seats: { opponent: string, next: string, other: string }, hands: Record<string, string>,
 *   moves: Record<string, string>, play: Record<string, string>, over: Record<string, string>,
 *   practice: Record<string, string> }} Words
 */
/** A puzzle of a variant's data file. @typedef {{ kind: string, plies: number, line: string[], value?: unknown, single?: boolean }} DataPuzzle */
/**
 * A variant's data file (practice/<slug>.js): its puzzles by position, their positions (nodes), its goals and,
 * for the small variants, every position (table).
 * @typedef {{ puzzles: Record<string, DataPuzzle>, nodes: Nodes, table: Nodes, goals: Goal[] }} VariantData
 */
/** The page's configuration: the data folder and a loader of it. @typedef {{ data: string, load?: (name: string) => Promise<unknown> }} Cfg */
/**
 * The puzzle on the board: its id and variant, the index entry (none for a retry), its state, the feedback,
 * whether it is rated, its label and the next button's words.
 * @typedef {{ id: string, slug: string, entry?: Entry, state: PuzzleState, feedback: Html | null, rated: boolean,
 *   label?: string, nextLabel?: string }} Current
 */
/** Extras of a puzzle opened. @typedef {{ label?: string, nextLabel?: string }} Extra */
/** The goal on the board. @typedef {{ id: string, slug: string, title: string, text: string, state: GoalState, feedback: Html | null }} CurrentGoal */
/**
 * The page's state.
 * @typedef {object} App
 * @property {HTMLElement} root #practice
 * @property {Index} idx
 * @property {Entry[]} puzzles the index's puzzles as entries
 * @property {Cfg} cfg
 * @property {Words} W
 * @property {Store | null} storage
 * @property {Progress} progress
 * @property {{ where: string, parts: string[] } | null} aside the progress set aside, and where it was kept
 * @property {string[]} notes the address's notes
 * @property {(name: string) => Promise<unknown>} load
 * @property {Record<string, VariantData>} data
 * @property {string} mode puzzles, streak, daily, goals or retry
 * @property {string} variant
 * @property {string} theme
 * @property {Current | null} cur
 * @property {string} msg
 * @property {Entry[]} failedRun
 * @property {Entry[]} run
 * @property {{ order: Entry[], i: number, count: number, over: boolean } | null} streak
 * @property {CurrentGoal | null} goal
 * @property {{ slug: string, list: string[], at: number, missing: number } | null} retry
 * @property {Map<string, Entry>} byId
 * @property {boolean} [filtersOpen]
 * @property {ReturnType<typeof handboard.create>} board the touch board the position is drawn on
 * @property {string} level the difficulty (practice.js LEVELS)
 * @property {{ run: import("./timed.js").Run, done: boolean, seen: string[], last: boolean | null } | null} timed
 *   the timed run: its count, whether it is over, the puzzles it showed and whether the last one was solved
 * @property {() => number} now the clock (ms; a test may put its own)
 * @property {number} timedLength how long a timed run lasts (ms; a test may shorten it)
 * @property {ReturnType<typeof setInterval> | null} ticker the timed run's clock
 */

/** @type {App | null} */
var current = null;

/** The page's state (the browser tests read it). @returns {App} */
function state() {
  if (!current) throw new Error("practice: the page has not started");
  return current;
}

/** @param {HTMLElement} root @param {Index} idx @param {Cfg} cfg @returns {App} */
function create(root, idx, cfg) {
  /** @type {Store | null} */
  var storage;
  try {
    storage = globalThis.localStorage;
  } catch {
    storage = null; // storage refused (a privacy setting): progress lasts the visit
  }
  /** @type {string[]} */
  var aside = [];
  var progress = P.load(storage, aside);
  var puzzles = P.entries(idx);
  current = {
    root: root, idx: idx, puzzles: puzzles, cfg: cfg, W: idx.words, storage: storage, progress: progress,
    aside: aside.length ? { where: "saved in this browser", parts: aside } : null, notes: [],
    load: cfg.load || loader.create(cfg.data), data: {}, mode: "puzzles", variant: "", theme: "", cur: null, msg: "",
    failedRun: [], run: [], streak: null, goal: null, retry: null, byId: new Map(),
    board: handboard.create(idx.words, function (to) { (current && current.mode === "goals" ? onGoalMove : onMove)(to); }),
    level: P.loadLevel(storage), timed: null, now: function () { return Date.now(); }, timedLength: T.LENGTH,
    ticker: null,
  };
  var app = current;
  puzzles.forEach(function (p) { app.byId.set(p.id, p); });
  return app;
}

/** @param {string} slug @returns {Variant | undefined} */
function variantOf(slug) {
  return views.variantOf(state(), slug);
}

/**
 * A variant's data file; its puzzles' positions (nodes) are every position's (table) when it ships those.
 * @param {string} slug @returns {Promise<VariantData>}
 */
function dataOf(slug) {
  var app = state();
  if (app.data[slug]) return Promise.resolve(app.data[slug]);
  return app.load(slug).then(function (payload) {
    var d = /** @type {VariantData} */ (payload); // the build's own data file (practice_page.py)
    if (!d.nodes) d.nodes = d.table;
    app.data[slug] = d;
    return d;
  });
}

/** The puzzles the filters leave. @returns {Entry[]} */
function pool() {
  var app = state();
  return app.puzzles.filter(function (p) {
    return (!app.variant || p.v === app.variant) && (!app.theme || p.t.indexOf(app.theme) >= 0);
  });
}

/** Draw the page from the state. */
function draw() {
  var app = state();
  var details = app.root.querySelector("details.pz-filters");
  if (details instanceof HTMLDetailsElement) app.filtersOpen = details.open;
  render(app.root, views.page(app, pool().length));
}

/**
 * Open puzzle `entry` (an index entry {id, v, p, r, t}) in the board.
 * @param {Entry} entry @param {Extra} [extra] @returns {Promise<void>}
 */
function open(entry, extra) {
  var app = state();
  return dataOf(entry.v).then(function (d) {
    var full = d.puzzles[entry.p];
    var p = { position: entry.p, kind: full.kind, plies: full.plies, line: full.line, rating: entry.r,
      themes: entry.t, value: full.value, single: !!full.single };
    app.cur = Object.assign({ id: entry.id, slug: entry.v, entry: entry, state: P.start(p, d.nodes),
      feedback: null, rated: !P.count(app.progress.solved, entry.id) && !P.count(app.progress.failed, entry.id) },
    extra || {});
    app.msg = "";
    draw();
  });
}

/**
 * A retry puzzle: a position of a game where the visitor lost value, any value-keeping move accepted.
 * @param {number} k @returns {Promise<void>}
 */
function openRetry(k) {
  var app = state(), r = app.retry;
  if (!r || k >= r.list.length) {
    app.cur = null;
    app.msg = r && r.list.length ? "You have retried every position where you lost value in that game." :
      "That game has no position to retry here.";
    draw();
    return Promise.resolve();
  }
  r.at = k;
  var position = r.list[k], d = app.data[r.slug];
  var nodes = own(d.table, position) ? d.table : d.nodes;
  var p = { position: position, kind: "keep", plies: 1, line: [], rating: 0, themes: null };
  app.cur = { id: r.slug + ":" + position, slug: r.slug, state: P.start(p, nodes), feedback: null, rated: false,
    label: "Your mistake " + (k + 1) + " of " + r.list.length, nextLabel: "Next mistake" };
  draw();
  return Promise.resolve();
}

/** @returns {Promise<void>} */
function nextPuzzle() {
  var app = state();
  if (app.mode === "retry") return openRetry(app.retry ? app.retry.at + 1 : 0);
  if (app.mode === "streak") return nextStreak();
  if (app.mode === "daily") {
    app.mode = "puzzles";
  }
  var e = app.run.shift();
  if (e) return open(e, { nextLabel: app.run.length ? "Next failed puzzle" : "Next puzzle" });
  var list = pool();
  if (!list.length) {
    app.cur = null;
    draw();
    return Promise.resolve();
  }
  var cur = app.cur, seen = app.timed ? app.timed.seen : [];
  var fresh = list.filter(function (p) {
    return !P.count(app.progress.solved, p.id) && (!cur || p.id !== cur.id) && seen.indexOf(p.id) < 0;
  });
  var pick = P.pickAt(fresh.length ? fresh : list, app.progress.rating.rating, app.mode === "timed" ? "normal" : app.level,
    String(app.progress.history.length) + ":" + seen.length + ":" + (cur ? cur.id : ""));
  if (!pick) return Promise.resolve();
  if (app.timed) app.timed.seen.push(pick.id);
  return open(pick);
}

/** The difficulty chosen (stored in this browser): the next puzzles come from its band; an unanswered puzzle on
 the board is swapped for one of it. @param {string} level @returns {Promise<void>} */
function setLevel(level) {
  var app = state();
  app.level = P.levelOf(level);
  P.saveLevel(app.storage, app.level);
  draw(); // the choice shows at once
  var c = app.cur;
  if (app.mode === "puzzles" && c && c.state.status === "play" && !c.state.played.length) return nextPuzzle();
  return Promise.resolve();
}

/* The timed mode: a run of app.timedLength ms from now, its clock shown every quarter second; at its end the
   best kept. */
/** @returns {Promise<void>} */
function startTimed() {
  var app = state();
  stopTicker();
  app.timed = { run: T.start(app.now(), app.timedLength), done: false, seen: [], last: null };
  app.ticker = setInterval(tick, 250);
  return nextPuzzle();
}
/** The clock's quarter second: its face written, or the run ended. */
function tick() {
  var app = state(), t = app.timed;
  if (!t || t.done) {
    stopTicker();
    return;
  }
  if (T.over(t.run, app.now())) {
    endTimed();
    return;
  }
  var face = app.root.querySelector("[data-clock]");
  if (face) face.textContent = T.face(T.left(t.run, app.now()));
}
function endTimed() {
  var app = state(), t = app.timed;
  stopTicker();
  if (!t) return;
  t.done = true;
  app.progress = P.copy(app.progress);
  app.progress.timed = T.best(app.progress.timed, t.run);
  P.save(app.storage, app.progress);
  app.cur = null;
  draw();
}
function stopTicker() {
  var app = state();
  if (app.ticker !== null) clearInterval(app.ticker);
  app.ticker = null;
}

/** @returns {Promise<void>} */
function startStreak() {
  var app = state();
  var seed = String(Date.now());
  app.streak = { order: P.streakOrder(pool().length ? pool() : app.puzzles, seed), i: 0, count: 0, over: false };
  return nextStreak();
}
/** @returns {Promise<void>} */
function nextStreak() {
  var app = state(), st = app.streak;
  if (!st || st.over) return startStreak();
  if (st.i >= st.order.length) {
    st.over = true;
    app.cur = null;
    app.msg = "You have solved every puzzle of the streak.";
    draw();
    return Promise.resolve();
  }
  return open(st.order[st.i++], { nextLabel: "Next puzzle" });
}

/** The puzzle of the day: the one the index shows (practice/daily.js, picked by the date). @returns {Promise<void>} */
function daily() {
  return state().load("daily").then(function (payload) {
    var year = /** @type {{ days: Entry[] }} */ (payload); // the build's own data file (practice_page.py)
    var pick = P.daily(year.days, P.today());
    if (!pick) return Promise.resolve();
    return open(pick, { label: "Puzzle of the day (" + P.today() + ")" });
  });
}

/**
 * The puzzle on the board solved (ok) or failed: the streak or the rating and the progress kept; what to say of it.
 * @param {Current} c @param {boolean} ok @returns {Html | null}
 */
function finish(c, ok) {
  var app = state();
  /** @type {Html | null} */
  var out = null;
  if (app.mode === "timed") return out; // counted by onMove; a timed puzzle moves no rating
  if (app.mode === "streak" && app.streak) {
    if (ok) {
      app.streak.count += 1;
      if (app.streak.count > app.progress.best) app.progress.best = app.streak.count;
    } else {
      app.streak.over = true;
      out = views.streakOverHtml(app.streak.count, app.progress.best);
      c.nextLabel = "Start a new streak";
    }
    P.save(app.storage, app.progress);
    return out;
  }
  if (c.rated && c.entry) {
    var before = Math.round(app.progress.rating.rating);
    app.progress = P.record(app.progress, c.id, c.entry.r, ok, P.today());
    out = views.deltaHtml(before, Math.round(app.progress.rating.rating));
    c.rated = false;
  } else if (c.entry) {
    app.progress = P.copy(app.progress);
    if (ok) app.progress.solved[c.id] = P.count(app.progress.solved, c.id) + 1;
  }
  var entry = c.entry;
  if (!ok && entry && app.failedRun.every(function (e) { return e.id !== c.id; })) app.failedRun.push(entry);
  P.save(app.storage, app.progress);
  return out;
}

/** The visitor's move to `to` in the puzzle on the board. @param {string} to */
function onMove(to) {
  var app = state(), c = app.cur;
  if (!c) return;
  var s = c.state, from = s.at, v = variantOf(c.slug);
  var res = P.play(s, to);
  if (!res) return;
  var m = res.move;
  if (!res.ok) {
    var sol = P.good({ puzzle: s.puzzle, nodes: s.nodes, at: from, left: s.left });
    var line = s.puzzle.line && s.puzzle.line.length > 1 && from === s.puzzle.position ? s.puzzle.line : null;
    c.feedback = views.wrongHtml(m, !!(v && v.players > 2), sol[0], line);
    c.feedback = joined(c.feedback, finish(c, false));
  } else if (res.done) {
    c.feedback = joined(views.solvedHtml(m), finish(c, true));
  } else {
    c.feedback = views.keptHtml(m, res.reply ? res.reply[0] : "");
  }
  var t = app.timed;
  if (app.mode === "timed" && t && res.done) {
    if (T.ended(t.run, res.ok, app.now())) {
      t.last = res.ok;
      nextPuzzle();
    } else {
      endTimed();
    }
    return;
  }
  draw();
}

/** Two pieces of markup, one after the other. @param {Html} a @param {Html | null} b @returns {Html} */
function joined(a, b) {
  return b ? views.joined(a, b) : a;
}

function giveUp() {
  var app = state(), c = app.cur;
  if (!c) return;
  var s = c.state;
  var sol = P.good(s);
  s.status = "failed";
  s.wrong = { from: s.at, move: sol[0] };
  c.feedback = joined(views.solutionHtml(sol[0]), finish(c, false));
  var t = app.timed;
  if (app.mode === "timed" && t) {
    if (T.ended(t.run, false, app.now())) {
      t.last = false;
      nextPuzzle();
    } else {
      endTimed();
    }
    return;
  }
  draw();
}

/* Goals */
/** @param {string} id @returns {Promise<void>} */
function openGoal(id) {
  var app = state();
  var g = app.idx.goals.filter(function (x) { return x.id === id; })[0];
  return dataOf(g.v).then(function (d) {
    var v = variantOf(g.v);
    app.goal = { id: id, slug: g.v, title: g.title, text: g.text,
      state: P.goalStart(d.goals[g.k], d.table, v ? v.players : 2), feedback: null };
    draw();
  });
}

/** The visitor's move to `to` in the goal on the board. @param {string} to */
function onGoalMove(to) {
  var app = state(), c = app.goal;
  if (!c) return;
  var s = c.state;
  var before = s.marks.length;
  P.goalPlay(s, to);
  if (s.marks.length === before || !s.last) return;
  if (s.status === "met") {
    var stars = s.stars || 0;
    if (P.count(app.progress.goals, c.id) < stars) app.progress.goals[c.id] = stars;
    P.save(app.storage, app.progress);
  }
  c.feedback = views.goalMoveHtml(app, s, s.last);
  draw();
}

function exportProgress() {
  var blob = new Blob([JSON.stringify(state().progress, null, 1)], { type: "application/json" });
  var a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = "chopsticks-practice.json";
  document.body.appendChild(a);
  a.click();
  setTimeout(function () { URL.revokeObjectURL(a.href); a.remove(); }, 0);
}

/**
 * Progress from a file the visitor chose: checked (P.parse) before anything of it is used; what fails is set
 * aside with a note, a file that is not progress (or larger than any progress is) leaves the progress as it was.
 * @param {File} file @returns {Promise<void>}
 */
function importProgress(file) {
  var app = state();
  if (file.size > P.LIMITS.text) {
    app.msg = file.name + " is not a progress file of this page: it is too large to be one.";
    draw();
    return Promise.resolve();
  }
  return file.text().then(function (text) {
    /** @type {string[]} */
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

/** @param {string} mode @returns {Promise<void>} */
function setMode(mode) {
  var app = state();
  app.mode = mode;
  app.goal = null;
  app.msg = "";
  stopTicker();
  app.timed = null;
  if (mode === "timed") {
    app.cur = null;
    draw();
    return Promise.resolve();
  }
  if (mode === "streak") return startStreak();
  if (mode === "daily") return daily();
  if (mode === "retry") return openRetry(0);
  if (mode === "goals") {
    draw();
    return Promise.resolve();
  }
  return nextPuzzle();
}

/** Try the puzzle on the board again. */
function again() {
  var c = state().cur;
  if (!c) return;
  c.state = P.start(c.state.puzzle, c.state.nodes);
  c.feedback = null;
  draw();
}
/** Retry the puzzles failed in this run. */
function failedRun() {
  var app = state();
  app.run = app.failedRun.slice();
  app.failedRun = [];
  app.mode = "puzzles";
  nextPuzzle();
}
/** Start the goal on the board again. */
function goalAgain() {
  var g = state().goal;
  if (g) openGoal(g.id);
}
/** Show the goals of every variant. */
function allGoals() {
  state().variant = "";
  draw();
}
/** Back to the goals. */
function goals() {
  state().goal = null;
  draw();
}
/** Forget the progress. */
function reset() {
  var app = state();
  app.progress = P.fresh();
  P.save(app.storage, app.progress);
  app.aside = null;
  app.msg = "Progress forgotten.";
  draw();
}
/** Keep what was read of the progress, the note gone. */
function keep() {
  state().aside = null;
  draw();
}
/** A filter changed. @param {"variant" | "theme"} which @param {string} value */
function filter(which, value) {
  var app = state();
  app[which] = value;
  if (which === "variant") app.theme = "";
  app.run = [];
  nextPuzzle();
}

export { state, create, variantOf, dataOf, open, nextPuzzle, setLevel, startTimed, endTimed, setMode, onMove, onGoalMove, giveUp, openGoal,
  exportProgress, importProgress, again, failedRun, goalAgain, allGoals, goals, reset, keep, filter };
