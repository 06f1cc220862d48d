/* vizgen practice ctrl: the practice page's state and actions (the mode, the filters, the puzzle or goal on the
 * board, the run, the rating, the streak, the daily puzzle, the timed run, the retries and the progress kept).
 * Never touches document or window: it is given its loader, the browser's storage, the clock and a redraw
 * (interfaces.js's Deps), and calls redraw after each change of `state`; the views (view/*.js) draw from the
 * state, the page (pages/practice.js) turns the visitor's clicks into these actions. The rules are practice.js's.
 */
import { own } from "../core/util.js";
import { addressNote } from "./params.js";
import * as P from "./practice.js";
import * as T from "./timed.js";

/** @typedef {import("./interfaces.js").State} State */
/** @typedef {import("./interfaces.js").Deps} Deps */
/** @typedef {import("./interfaces.js").Index} Index */
/** @typedef {import("./interfaces.js").VariantData} VariantData */
/** @typedef {import("./interfaces.js").DailyPool} DailyPool */
/** @typedef {import("./interfaces.js").Current} Current */
/** @typedef {import("./interfaces.js").Extra} Extra */
/** @typedef {import("./interfaces.js").Said} Said */
/** @typedef {import("./interfaces.js").Params} Params */
/** @typedef {import("./interfaces.js").Chosen} Chosen */
/** @typedef {import("./practice.js").Entry} Entry */
/** @typedef {import("./practice.js").Node} Node */
/** @typedef {import("./practice.js").Variant} Variant */

/** The modes an address may name. */
export const MODES = ["puzzles", "goals", "streak", "daily", "timed"];

/**
 * A position of a variant's data: its node (table: every position, when shipped; nodes: the puzzles'), or
 * null. Own properties only: "constructor" names no position.
 * @param {VariantData} d @param {string} position @returns {Node | null}
 */
export function nodeOf(d, position) {
  const n = own(d.table, position) ? d.table[position] : own(d.nodes, position) ? d.nodes[position] : null;
  return n && Array.isArray(n.m) ? n : null;
}

/** The practice session: its state and the visitor's actions. */
export class PracticeCtrl {
  /**
   * @param {Index} idx practice/index.js's payload
   * @param {Deps} deps the loader, the storage, the clock and the redraw
   */
  constructor(idx, deps) {
    this.deps = deps;
    /** @type {string[]} */
    const aside = [];
    const progress = P.load(deps.storage, aside);
    const puzzles = P.entries(idx);
    /** @type {State} */
    this.state = {
      idx, puzzles, W: idx.words, progress, aside: aside.length ? { where: "saved in this browser", parts: aside } : null,
      notes: [], data: {}, mode: "puzzles", variant: "", theme: "", cur: null, msg: "", failedRun: [], run: [],
      streak: null, goal: null, retry: null, byId: new Map(puzzles.map((p) => [p.id, p])),
      level: P.loadLevel(deps.storage), timed: null, now: deps.now, timedLength: T.LENGTH,
    };
  }

  /** The address's notes were read: the visitor has moved on (they go at the next drawing). */
  heard() {
    this.state.notes = [];
  }

  /** Draw the page again from the state. */
  draw() {
    this.deps.redraw();
  }

  /** @param {string} slug @returns {Variant | undefined} */
  variantOf(slug) {
    return P.variantOf(this.state.idx, slug);
  }

  /** The puzzles the filters leave. @returns {Entry[]} */
  pool() {
    const s = this.state;
    return s.puzzles.filter((p) => (!s.variant || p.v === s.variant) && (!s.theme || p.t.indexOf(s.theme) >= 0));
  }

  /**
   * Start from the address read (params.js): a part that names nothing here is left out with the reader's note,
   * as one it could not read; then the puzzle, the retry or the mode it names, or the next puzzle.
   * @param {Params} q @returns {Promise<void>}
   */
  start(q) {
    const s = this.state;
    const notes = q.notes.slice();
    const note = (/** @type {string} */ key) => {
      const text = addressNote(key);
      if (notes.indexOf(text) < 0) notes.push(text);
    };
    s.notes = notes;
    if (q.variant && this.variantOf(q.variant)) s.variant = q.variant;
    else if (q.variant) note("variant");
    if (q.theme && own(s.idx.themes, q.theme)) s.theme = q.theme;
    else if (q.theme) note("theme");
    if ((q.retry || q.puzzle) && !s.variant) note("puzzle");
    if (q.mode && MODES.indexOf(q.mode) < 0) note("practice-mode");
    if (q.retry && s.variant) return this.startRetry(q.retry.split("_").filter(Boolean), s.variant, note);
    if (q.puzzle && s.variant) {
      const e = s.byId.get(s.variant + ":" + q.puzzle);
      if (e) return this.open(e);
      note("puzzle");
    }
    if (q.mode === "goals" || q.mode === "streak" || q.mode === "daily" || q.mode === "timed") return this.setMode(q.mode);
    return this.nextPuzzle();
  }

  /**
   * The retries of a game (the address's retry=): its positions this variant's data knows, each with a choice.
   * @param {string[]} list @param {string} slug @param {(key: string) => void} note @returns {Promise<void>}
   */
  startRetry(list, slug, note) {
    return this.dataOf(slug).then((d) => {
      const known = list.filter((pos) => {
        const n = nodeOf(d, pos);
        return n && n.m.length > 1;
      });
      if (known.length < list.length || !list.length) note("puzzle");
      this.state.retry = { slug, list: known, at: 0, missing: list.length - known.length };
      return this.setMode("retry");
    });
  }

  /**
   * A variant's data file; its puzzles' positions (nodes) are every position's (table) when it ships those.
   * @param {string} slug @returns {Promise<VariantData>}
   */
  dataOf(slug) {
    const s = this.state;
    if (s.data[slug]) return Promise.resolve(s.data[slug]);
    return this.deps.load(slug).then((payload) => {
      const raw = /** @type {import("../core/payloads").PracticeData} */ (payload); // the build's own (practice_page.py)
      /** @type {VariantData} */
      const d = { puzzles: raw.puzzles, nodes: raw.nodes || raw.table, goals: raw.goals, table: raw.table };
      s.data[slug] = d;
      return d;
    });
  }

  /**
   * Open puzzle `entry` (an index entry {id, v, p, r, t}) on the board.
   * @param {Entry} entry @param {Extra} [extra] @returns {Promise<void>}
   */
  open(entry, extra) {
    const s = this.state;
    return this.dataOf(entry.v).then((d) => {
      const full = d.puzzles[entry.p];
      const p = { position: entry.p, kind: full.kind, plies: full.plies, line: full.line, rating: entry.r,
        themes: entry.t, value: full.value, single: !!full.single };
      s.cur = Object.assign({ id: entry.id, slug: entry.v, entry, state: P.start(p, d.nodes), feedback: [],
        rated: !P.count(s.progress.solved, entry.id) && !P.count(s.progress.failed, entry.id) }, extra || {});
      s.msg = "";
      this.draw();
    });
  }

  /**
   * A retry puzzle: a position of a game where the visitor lost value, any value-keeping move accepted.
   * @param {number} k @returns {Promise<void>}
   */
  openRetry(k) {
    const s = this.state, r = s.retry;
    if (!r || k >= r.list.length) {
      s.cur = null;
      s.msg = r && r.list.length ? "You have retried every position where you lost value in that game." :
        "That game has no position to retry here.";
      this.draw();
      return Promise.resolve();
    }
    r.at = k;
    const position = r.list[k], d = s.data[r.slug];
    const nodes = own(d.table, position) ? d.table : d.nodes;
    const p = { position, kind: "keep", plies: 1, line: [], rating: 0, themes: null };
    s.cur = { id: r.slug + ":" + position, slug: r.slug, state: P.start(p, nodes), feedback: [], rated: false,
      label: "Your mistake " + (k + 1) + " of " + r.list.length, nextLabel: "Next mistake" };
    this.draw();
    return Promise.resolve();
  }

  /** The next puzzle of the mode: a retry, the streak's, the run's failed ones, or one of the level's band. @returns {Promise<void>} */
  nextPuzzle() {
    const s = this.state;
    if (s.mode === "retry") return this.openRetry(s.retry ? s.retry.at + 1 : 0);
    if (s.mode === "streak") return this.nextStreak();
    if (s.mode === "daily") s.mode = "puzzles";
    if (s.mode === "timed" && s.timed && s.timed.done) { // a storm's puzzle reviewed: back to its list
      s.cur = null;
      this.draw();
      return Promise.resolve();
    }
    const e = s.run.shift();
    if (e) return this.open(e, { nextLabel: s.run.length ? "Next failed puzzle" : "Next puzzle" });
    const list = this.pool();
    if (!list.length) {
      s.cur = null;
      this.draw();
      return Promise.resolve();
    }
    const cur = s.cur, seen = s.timed ? s.timed.seen : [];
    const fresh = list.filter((p) => !P.count(s.progress.solved, p.id) && (!cur || p.id !== cur.id) &&
      seen.indexOf(p.id) < 0);
    const pick = P.pickAt(fresh.length ? fresh : list, s.progress.rating.rating, s.mode === "timed" ? "normal" : s.level,
      String(s.progress.history.length) + ":" + seen.length + ":" + (cur ? cur.id : ""));
    if (!pick) return Promise.resolve();
    if (s.timed) s.timed.seen.push(pick.id);
    return this.open(pick);
  }

  /**
   * The difficulty chosen (stored in this browser): the next puzzles come from its band; an unanswered puzzle on
   * the board is swapped for one of it.
   * @param {string} level @returns {Promise<void>}
   */
  setLevel(level) {
    const s = this.state;
    s.level = P.levelOf(level);
    P.saveLevel(this.deps.storage, s.level);
    this.draw(); // the choice shows at once
    const c = s.cur;
    if (s.mode === "puzzles" && c && c.state.status === "play" && !c.state.played.length) return this.nextPuzzle();
    return Promise.resolve();
  }

  /** The timed mode: a run of state.timedLength ms from now (the page shows its clock: tick). @returns {Promise<void>} */
  startTimed() {
    const s = this.state;
    s.timed = { run: T.start(s.now(), s.timedLength), done: false, seen: [], last: null, beat: null };
    return this.nextPuzzle();
  }

  /**
   * The clock's beat (the page calls it while a run lasts): the run ended when its time is up (and the page drawn
   * again); else the time left as the clock shows it, null when no run lasts.
   * @returns {string | null}
   */
  tick() {
    const s = this.state, t = s.timed;
    if (!t || t.done) return null;
    if (T.over(t.run, s.now())) {
      this.endTimed();
      return null;
    }
    return T.face(T.left(t.run, s.now()));
  }

  /** The storm over: the best of all time, of the day and of the week kept, and which of them it beat. */
  endTimed() {
    const s = this.state, t = s.timed;
    if (!t) return;
    t.done = true;
    s.progress = P.copy(s.progress);
    s.progress.timed = T.best(s.progress.timed, t.run);
    const kept = T.keep(s.progress.storm, t.run.solved, s.now());
    s.progress.storm = kept.bests;
    t.beat = { day: kept.day, week: kept.week };
    P.save(this.deps.storage, s.progress);
    s.cur = null;
    this.draw();
  }

  /**
   * A storm's puzzle ended, solved (ok) or not: the next one while the run lasts (a miss may end it: it costs
   * time), else the run's end.
   * @param {boolean} ok
   */
  timedNext(ok) {
    const s = this.state, t = /** @type {import("./interfaces.js").Timed} */ (s.timed);
    if (T.ended(t.run, ok, s.now(), s.cur ? s.cur.id : "") && !T.over(t.run, s.now())) {
      t.last = ok;
      this.nextPuzzle();
    } else {
      this.endTimed();
    }
  }

  /**
   * A puzzle of the storm just over, opened again to review (unrated, as every storm puzzle): its next button
   * goes back to the run's list.
   * @param {string} id @returns {Promise<void>}
   */
  reviewStorm(id) {
    const s = this.state, t = s.timed, e = s.byId.get(id);
    if (!t || !t.done || !e) return Promise.resolve();
    const missed = t.run.puzzles.some((p) => p.id === id && !p.ok);
    return this.open(e, { label: s.W.practice[missed ? "storm-review-missed" : "storm-review-solved"],
      nextLabel: s.W.practice["storm-back"] });
  }

  /** Whether a storm is running (not over). @returns {boolean} */
  storming() {
    const s = this.state;
    return s.mode === "timed" && s.timed !== null && !s.timed.done;
  }

  /** @returns {Promise<void>} */
  startStreak() {
    const s = this.state;
    const seed = String(s.now());
    const pool = this.pool();
    // near your rating, the first puzzles from the index's first variant (the classic game: the rules a newcomer knows)
    const home = s.idx.variants.length ? s.idx.variants[0].slug : "";
    s.streak = { order: P.streakOrder(pool.length ? pool : s.puzzles, seed, s.progress.rating.rating, home), i: 0,
      count: 0, over: false };
    return this.nextStreak();
  }

  /** @returns {Promise<void>} */
  nextStreak() {
    const s = this.state, st = s.streak;
    if (!st || st.over) return this.startStreak();
    if (st.i >= st.order.length) {
      st.over = true;
      s.cur = null;
      s.msg = "You have solved every puzzle of the streak.";
      this.draw();
      return Promise.resolve();
    }
    return this.open(st.order[st.i++], { nextLabel: "Next puzzle" });
  }

  /** The puzzle of the day: the one the index shows (practice/daily.js, picked by the date). @returns {Promise<void>} */
  daily() {
    return this.deps.load("daily").then((payload) => {
      const year = /** @type {DailyPool} */ (payload); // the build's own data file (practice_page.py)
      const pick = P.daily(year.days, P.today());
      if (!pick) return Promise.resolve();
      return this.open(pick, { label: "Puzzle of the day (" + P.today() + ")" });
    });
  }

  /**
   * The puzzle on the board solved (ok) or failed: the streak or the rating and the progress kept; what to say
   * of it.
   * @param {Current} c @param {boolean} ok @returns {Said[]}
   */
  finish(c, ok) {
    const s = this.state, storage = this.deps.storage;
    if (s.mode === "timed") return []; // counted by the move; a timed puzzle moves no rating
    if (s.mode === "streak" && s.streak) {
      /** @type {Said[]} */
      let said = [];
      if (ok) {
        s.streak.count += 1;
        if (s.streak.count > s.progress.best) s.progress.best = s.streak.count;
      } else {
        s.streak.over = true;
        said = [{ kind: "streak-over", count: s.streak.count, best: s.progress.best }];
        c.nextLabel = "Start a new streak";
      }
      P.save(storage, s.progress);
      return said;
    }
    /** @type {Said[]} */
    let said = [];
    if (c.rated && c.entry) {
      const before = Math.round(s.progress.rating.rating);
      s.progress = P.record(s.progress, c.id, c.entry.r, ok, P.today());
      said = [{ kind: "delta", before, after: Math.round(s.progress.rating.rating) }];
      c.rated = false;
    } else if (c.entry) {
      s.progress = P.copy(s.progress);
      if (ok) s.progress.solved[c.id] = P.count(s.progress.solved, c.id) + 1;
    }
    const entry = c.entry;
    if (!ok && entry && s.failedRun.every((e) => e.id !== c.id)) s.failedRun.push(entry);
    P.save(storage, s.progress);
    return said;
  }

  /** The visitor's move to `to`: in the goal on the board in the goals mode, else in the puzzle. @param {string} to */
  played(to) {
    if (this.state.mode === "goals") this.onGoalMove(to);
    else this.onMove(to);
  }

  /** The visitor's move to `to` in the puzzle on the board. @param {string} to */
  onMove(to) {
    const s = this.state, c = s.cur;
    if (!c) return;
    const ps = c.state, from = ps.at, v = this.variantOf(c.slug);
    const res = P.play(ps, to);
    if (!res) return;
    const m = res.move;
    if (!res.ok) {
      const sol = P.good({ puzzle: ps.puzzle, nodes: ps.nodes, at: from, left: ps.left });
      const line = ps.puzzle.line && ps.puzzle.line.length > 1 && from === ps.puzzle.position ? ps.puzzle.line : null;
      c.feedback = [{ kind: "wrong", move: m, many: !!(v && v.players > 2), sol: sol[0], line }, ...this.finish(c, false)];
    } else if (res.done) {
      c.feedback = [{ kind: "solved", move: m }, ...this.finish(c, true)];
    } else {
      c.feedback = [{ kind: "kept", move: m, reply: res.reply ? res.reply[0] : "" }];
    }
    if (this.storming() && res.done) this.timedNext(res.ok);
    else this.draw();
  }

  /** Show the solution of the puzzle on the board: it counts as failed. */
  giveUp() {
    const s = this.state, c = s.cur;
    if (!c) return;
    const ps = c.state;
    const sol = P.good(ps);
    ps.status = "failed";
    ps.wrong = { from: ps.at, move: sol[0] };
    c.feedback = [{ kind: "solution", sol: sol[0] }, ...this.finish(c, false)];
    if (this.storming()) this.timedNext(false);
    else this.draw();
  }

  /** @param {string} id @returns {Promise<void>} */
  openGoal(id) {
    const s = this.state;
    const g = s.idx.goals.filter((x) => x.id === id)[0];
    return this.dataOf(g.v).then((d) => {
      const v = this.variantOf(g.v);
      s.goal = { id, slug: g.v, title: g.title, text: g.text,
        state: P.goalStart(d.goals[g.k], d.table, v ? v.players : 2), feedback: [] };
      this.draw();
    });
  }

  /** The visitor's move to `to` in the goal on the board. @param {string} to */
  onGoalMove(to) {
    const s = this.state, c = s.goal;
    if (!c) return;
    const gs = c.state;
    const before = gs.marks.length;
    P.goalPlay(gs, to);
    if (gs.marks.length === before || !gs.last) return;
    if (gs.status === "met") {
      const stars = gs.stars || 0;
      if (P.count(s.progress.goals, c.id) < stars) s.progress.goals[c.id] = stars;
      P.save(this.deps.storage, s.progress);
    }
    c.feedback = [{ kind: "goal" }];
    this.draw();
  }

  /** The progress as the file "Save progress" writes. @returns {string} */
  progressText() {
    return JSON.stringify(this.state.progress, null, 1);
  }

  /**
   * Progress from a file the visitor chose: checked (P.parse) before anything of it is used; what fails is set
   * aside with a note, a file that is not progress (or larger than any progress is) leaves the progress as it was.
   * @param {Chosen} file @returns {Promise<void>}
   */
  importProgress(file) {
    const s = this.state;
    if (file.size > P.LIMITS.text) {
      s.msg = file.name + " is not a progress file of this page: it is too large to be one.";
      this.draw();
      return Promise.resolve();
    }
    return file.text().then((text) => {
      /** @type {string[]} */
      const aside = [];
      const p = P.parse(text, aside);
      s.msg = p ? "Progress loaded from " + file.name + "." : file.name + " is not a progress file of this page.";
      if (p) {
        s.progress = p;
        s.aside = aside.length ? { where: "in " + file.name, parts: aside } : null;
        P.save(this.deps.storage, p);
      }
      this.draw();
    });
  }

  /** @param {string} mode @returns {Promise<void>} */
  setMode(mode) {
    const s = this.state;
    s.mode = mode;
    s.goal = null;
    s.msg = "";
    s.timed = null;
    if (mode === "timed") {
      s.cur = null;
      this.draw();
      return Promise.resolve();
    }
    if (mode === "streak") return this.startStreak();
    if (mode === "daily") return this.daily();
    if (mode === "retry") return this.openRetry(0);
    if (mode === "goals") {
      this.draw();
      return Promise.resolve();
    }
    return this.nextPuzzle();
  }

  /** Try the puzzle on the board again. */
  again() {
    const c = this.state.cur;
    if (!c) return;
    c.state = P.start(c.state.puzzle, c.state.nodes);
    c.feedback = [];
    this.draw();
  }

  /** Retry the puzzles failed in this run. @returns {Promise<void>} */
  failedRun() {
    const s = this.state;
    s.run = s.failedRun.slice();
    s.failedRun = [];
    s.mode = "puzzles";
    return this.nextPuzzle();
  }

  /** Start the goal on the board again. @returns {Promise<void>} */
  goalAgain() {
    const g = this.state.goal;
    return g ? this.openGoal(g.id) : Promise.resolve();
  }

  /** Show the goals of every variant. */
  allGoals() {
    this.state.variant = "";
    this.draw();
  }

  /** Back to the goals. */
  goals() {
    this.state.goal = null;
    this.draw();
  }

  /** Forget the progress. */
  reset() {
    const s = this.state;
    s.progress = P.fresh();
    P.save(this.deps.storage, s.progress);
    s.aside = null;
    s.msg = "Progress forgotten.";
    this.draw();
  }

  /** Keep what was read of the progress, the note gone. */
  keep() {
    this.state.aside = null;
    this.draw();
  }

  /** A filter changed. @param {"variant" | "theme"} which @param {string} value @returns {Promise<void>} */
  filter(which, value) {
    const s = this.state;
    s[which] = value;
    if (which === "variant") s.theme = "";
    s.run = [];
    return this.nextPuzzle();
  }
}
