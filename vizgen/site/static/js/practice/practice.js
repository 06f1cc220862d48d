/* vizgen practice: the puzzles' and the goals' rules, the visitor's progress, the daily puzzle and the streak.
 *
 * No DOM here (the views draw). The data is the build's (vizgen/reports/puzzles.py), typed by the generated
 * core/payloads.d.ts: a position's moves are PuzzleMove {move, to, mark, choice, n, k, reply} (the reply: the
 * perfect player's {move, to, ends}, null at the end of the game); a mark is a code of the contract's marks
 * (contract.js: best, inaccuracy, mistake, blunder). The acceptance rule is the Python's `accepts`, cross-checked in tests/js/practice.test.js.
 */
import { contract } from "../core/contract.js";
import { own, plural } from "../core/util.js";
import * as glicko from "./glicko.js";
import * as T from "./timed.js";

/** @typedef {import("./glicko.js").Rating} Rating */
/** A move of the build's data (vizgen/reports/puzzles.py's PuzzleMove). @typedef {import("../core/payloads").PuzzleMove} Move */
/**
 * A position of a variant's data (practice_page.py's PracticeNode): its moves, its players' hands (h: per player,
 * the mover first, as the engine reads the notation), its value (v[2]: the winner counted from the mover) and
 * the perfect (r) and tricky (t) player's move target.
 * @typedef {import("../core/payloads").PracticeNode} Node
 */
/** Positions by notation. @typedef {Record<string, Node>} Nodes */
/**
 * A puzzle: its position, kind (win, draw, survive), plies, solution line, rating, themes, value, and
 * single (one move: three or four players).
 * @typedef {{ position: string, kind: string, plies: number, line: string[], rating: number, themes: string[] | null,
 *   value?: string, single?: boolean }} Puzzle
 */
/**
 * A puzzle being solved.
 * @typedef {{ puzzle: Puzzle, nodes: Nodes, at: string, left: number, played: string[],
 *   status: "play" | "solved" | "failed", wrong: { from: string, move: Move } | null }} PuzzleState
 */
/** What a move played in a puzzle did. @typedef {{ ok: boolean, move: Move, reply: [string, string] | null, done: boolean }} Played */
/** A goal: its kind (win, hold, survive), position, plies and opponent (perfect or tricky). @typedef {import("../core/payloads").Goal} Goal */
/**
 * A goal being played.
 * @typedef {{ goal: Goal, table: Nodes, players: number, at: string, ply: number, marks: number[],
 *   status: "play" | "met" | "failed", why: string | null, seen: Record<string, number>, stars?: number,
 *   last: { from: string, move: Move, replies: [string, string][] } | null }} GoalState
 */
/** An index entry: id, the variant's slug (v), the position (p), the rating (r), the theme keys (t). @typedef {import("../core/payloads").DailyEntry} Entry */
/** A variant of the index. @typedef {import("../core/payloads").PracticeVariant} Variant */
/**
 * The practice index (practice/index.js) as far as entries reads it.
 * @typedef {Pick<import("../core/payloads").PracticeIndex, "puzzles" | "variants" | "keys">} RawIndex
 */
/** A history entry. @typedef {{ id: string, ok: boolean, day: string, before: number, after: number }} HistoryEntry */
/** Id -> count (no prototype). @typedef {Record<string, number>} Counts */
/**
 * The visitor's progress.
 * @typedef {{ version: number, rating: Rating, history: HistoryEntry[], solved: Counts, failed: Counts, best: number,
 *   goals: Counts, timed: number, storm: import("./timed.js").Bests }} Progress
 */
/** The part of Web Storage progress uses. @typedef {{ getItem(key: string): string | null, setItem(key: string, value: string): void }} Store */

var MARK = contract.markCodes, BEST = MARK.best, MISTAKE = MARK.mistake, BLUNDER = MARK.blunder;
var KEY = "vizgen-practice";
var ALL = "all of it"; // what load sets aside when the stored text is not progress
var VERSION = 1;

/* Whether a puzzle accepts a move: its mark keeps the mover's value class (the contract's marks say which do) and,
   in a win puzzle, the win it leaves (after plies to go) still fits in the plies left, this move counted. */
/** @param {number} mark @param {number} after @param {string} kind @param {number} left @returns {boolean} */
function accepts(mark, after, kind, left) {
  return contract.marks[mark].keeps && (kind !== "win" || after + 1 <= left);
}

/** @param {Node} node @param {string} to @returns {Move | null} */
function moveTo(node, to) {
  for (var i = 0; i < node.m.length; i++) if (node.m[i].to === to) return node.m[i];
  return null;
}

/* A puzzle being solved: p {position, kind, plies, line, single (one move: three or four players)}, nodes:
   the positions by notation. */
/** @param {Puzzle} p @param {Nodes} nodes @returns {PuzzleState} */
function start(p, nodes) {
  return { puzzle: p, nodes: nodes, at: p.position, left: p.plies, played: [], status: "play", wrong: null };
}

/* The move (to `to`) played in puzzle state s: s changes. Returns {ok, move, reply (the defender's
   [move, target] or null), done}; a wrong move ends the puzzle as failed and keeps the move in s.wrong. */
/** @param {PuzzleState} s @param {string} to @returns {Played | null} */
function play(s, to) {
  var node = s.nodes[s.at], m = node && moveTo(node, to);
  if (!m || s.status !== "play") return null;
  var p = s.puzzle;
  /** @type {[string, string] | null} */
  var reply = m.reply ? [m.reply.move, m.reply.to] : null;
  var ok = accepts(m.mark, m.n, p.kind, s.left);
  s.played.push(m.move);
  if (!ok) {
    s.status = "failed";
    s.wrong = { from: s.at, move: m };
    return { ok: false, move: m, reply: null, done: true };
  }
  var end = p.kind !== "win" || p.single || !reply;
  if (end) {
    s.status = "solved"; // s.at stays the position solved: the board shows it with the move found
    return { ok: true, move: m, reply: null, done: true };
  }
  if (!reply) return null; // unreachable: a move without a reply ends the puzzle above
  s.played.push(reply[0]);
  if (m.reply && m.reply.ends) { // the defender's reply ended the game: it is the solver's win
    s.status = "solved";
    return { ok: true, move: m, reply: reply, done: true };
  }
  s.left -= 2;
  s.at = reply[1];
  return { ok: true, move: m, reply: reply, done: false };
}

/* The moves at s's position a puzzle accepts (the solution from here: the best first). */
/** @param {{ puzzle: Puzzle, nodes: Nodes, at: string, left: number }} s @returns {Move[]} */
function good(s) {
  var node = s.nodes[s.at];
  return node.m.filter(function (m) { return accepts(m.mark, m.n, s.puzzle.kind, s.left); })
    .sort(function (a, b) { return a.mark - b.mark; });
}

/* A small deterministic hash of a string (FNV-1a), for the daily pick and the streak's order. */
/** @param {string} text @returns {number} */
function hash(text) {
  var h = 2166136261;
  for (var i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619) >>> 0;
  }
  return h >>> 0;
}

/* The visitor's date, YYYY-MM-DD. */
/** @param {Date} [date] @returns {string} */
function today(date) {
  var d = date || new Date();
  /** @param {number} n */
  var two = function (n) { return (n < 10 ? "0" : "") + n; };
  return d.getFullYear() + "-" + two(d.getMonth() + 1) + "-" + two(d.getDate());
}

/* The daily puzzle: one of the list (index entries {id, r: the rating}) picked by the date, among those
   rated 1100 to 1800 when there are any. */
/**
 * @template {{ r: number }} E
 * @param {ReadonlyArray<E>} list @param {string} day @returns {E | null}
 */
function daily(list, day) {
  var pool = list.filter(function (p) { return p.r >= 1100 && p.r < 1800; });
  if (!pool.length) pool = list.slice();
  if (!pool.length) return null;
  return pool[hash("daily " + day) % pool.length];
}

/* The difficulty choice, as lichess's: the next puzzles are rated around your rating moved by the level's
   offset, within BAND either side. */
/** @type {Readonly<Record<string, number>>} */
var LEVELS = { easier: -300, normal: 0, harder: 300 };
var BAND = 150;

/* The streak's first puzzles come from the rules everyone knows (the index's first variant, the classic game), and
   the streak starts near your rating, BAND below it; it keeps at least STREAK_LEFT ratings to climb. */
var STREAK_HOME = 5;
var STREAK_LEFT = 30;

/* Puzzles (index entries {id, r}) one of each rating (picked by `seed` among those of equal rating), rising. */
/**
 * @template {{ id: string, r: number }} E
 * @param {ReadonlyArray<E>} list @param {string} seed @returns {E[]}
 */
function rising(list, seed) {
  var sorted = list.slice().sort(function (a, b) {
    return a.r - b.r || hash(seed + a.id) - hash(seed + b.id);
  });
  return sorted.filter(function (e, i) { return i === 0 || e.r > sorted[i - 1].r; });
}

/* The streak's order: puzzles (index entries {id, r, v}) strictly rising in rating. With a `rating`, it starts
   BAND below it (or lower, to leave STREAK_LEFT ratings to climb); with a `home` variant, its first STREAK_HOME
   puzzles are that variant's (the rules a newcomer knows), the rest of any; thinned to at most one in `spread`
   ratings so a streak climbs steadily. Without either, it climbs from the lowest rated puzzle. */
/**
 * @template {{ id: string, r: number, v?: string }} E
 * @param {ReadonlyArray<E>} list @param {string} seed @param {number} [rating] @param {string} [home] @returns {E[]}
 */
function streakOrder(list, seed, rating, home) {
  var from = -Infinity;
  if (typeof rating === "number" && isFinite(rating)) {
    var all = rising(list, seed);
    var keep = all.length > STREAK_LEFT ? all[all.length - STREAK_LEFT].r : -Infinity;
    from = Math.min(Math.round(rating) - BAND, keep);
  }
  var lead = home ? rising(list.filter(function (e) { return e.v === home && e.r >= from; }), seed).slice(0, STREAK_HOME) : [];
  var above = lead.length ? lead[lead.length - 1].r : from;
  var rest = rising(list.filter(function (e) { return lead.length ? e.r > above : e.r >= above; }), seed);
  var out = lead.slice(), step = Math.max(1, Math.floor(rest.length / 60));
  for (var i = hash("offset " + seed) % step; i < rest.length; i += step) out.push(rest[i]);
  return out;
}

var LEVEL_KEY = "vizgen-practice-level";

/* A level read from storage or the page: itself when it is one, else "normal". */
/** @param {unknown} x @returns {string} */
function levelOf(x) {
  return typeof x === "string" && own(LEVELS, x) ? x : "normal";
}

/* The ratings [lo, hi] the next puzzle is drawn from at `level` for a visitor rated `rating`. */
/** @param {number} rating @param {string} level @returns {[number, number]} */
function levelBand(rating, level) {
  var centre = Math.round(rating) + LEVELS[levelOf(level)];
  return [centre - BAND, centre + BAND];
}

/* The next puzzle of list (index entries {id, r}) at `level` for a visitor rated `rating`: one of those within the
   level's band (levelBand), else of the twelve nearest its centre; `salt` varies the pick. */
/**
 * @template {{ id: string, r: number }} E
 * @param {ReadonlyArray<E>} list @param {number} rating @param {string} level @param {string} salt @returns {E | null}
 */
function pickAt(list, rating, level, salt) {
  if (!list.length) return null;
  var band = levelBand(rating, level), centre = (band[0] + band[1]) / 2;
  var inside = list.filter(function (p) { return p.r >= band[0] && p.r <= band[1]; });
  var from = inside.length ? inside.slice() : list.slice().sort(function (a, b) {
    return Math.abs(a.r - centre) - Math.abs(b.r - centre) || hash(a.id) - hash(b.id);
  }).slice(0, 12);
  from.sort(function (a, b) { return hash(a.id) - hash(b.id); });
  return from[hash(salt) % from.length];
}

/* The stored level (validated: anything else reads "normal"). */
/** @param {Store | null} storage @returns {string} */
function loadLevel(storage) {
  try {
    return levelOf(storage ? storage.getItem(LEVEL_KEY) : null);
  } catch {
    return "normal"; // storage refused
  }
}
/** @param {Store | null} storage @param {string} level */
function saveLevel(storage, level) {
  try {
    if (storage) storage.setItem(LEVEL_KEY, levelOf(level));
  } catch {
    // storage refused: the choice lasts the visit
  }
}

/* The index's puzzles ([variant index, position, rating, theme indices]) as entries {id, v (the variant's
   slug), p, r, t (theme keys)}. */
/** @param {RawIndex} idx @returns {Entry[]} */
function entries(idx) {
  return idx.puzzles.map(function (row) {
    var slug = idx.variants[row[0]].slug;
    return { id: slug + ":" + row[1], v: slug, p: row[1], r: row[2],
      t: row[3].map(function (k) { return idx.keys[k]; }) };
  });
}

/* The index's variant of this slug. */
/** @param {{ variants: ReadonlyArray<Variant> }} idx @param {string} slug @returns {Variant | undefined} */
function variantOf(idx, slug) {
  return idx.variants.filter(function (v) { return v.slug === slug; })[0];
}

/* Stars earned by a goal met: 3 every move best, 2 at least three moves in four best, else 1. */
/** @param {ReadonlyArray<number>} marks @returns {number} */
function stars(marks) {
  if (!marks.length) return 3;
  var best = marks.filter(function (m) { return m === BEST; }).length / marks.length;
  return best === 1 ? 3 : best >= 0.75 ? 2 : 1;
}

/* A goal being played: goal {kind (win, hold, survive), from, plies, opponent (perfect or tricky)},
   table: every position by notation, players. */
/** @param {Goal} goal @param {Nodes} table @param {number} players @returns {GoalState} */
function goalStart(goal, table, players) {
  return { goal: goal, table: table, players: players, at: goal.from, ply: 0, marks: [], status: "play",
    why: null, seen: {}, last: null };
}

/* The visitor's move in goal state s, then the computer players' replies. Returns the state. s.status:
   play, met or failed, and s.why why it ended: met, "won" the game won, "held" the plies held, "repeat" the same
   position a third time (a draw by repetition); failed, "mistake" a win given up, "blunder" a loss let in,
   "slow" no longer in time, "lost" the game ended against you. */
/** @param {GoalState} s @param {string} to @returns {GoalState} */
function goalPlay(s, to) {
  var node = s.table[s.at], m = node && moveTo(node, to);
  if (!m || s.status !== "play") return s;
  var G = s.goal;
  s.marks.push(m.mark);
  /** @type {[string, string][]} */
  var replies = [];
  s.last = { from: s.at, move: m, replies: replies };
  s.ply += 1;
  s.at = m.to;
  if (G.kind === "win" && m.mark >= MISTAKE) return fail(s, "mistake");
  if (m.mark >= BLUNDER) return fail(s, "blunder");
  if (G.kind === "win" && s.ply + Math.max(0, m.n) > G.plies) return fail(s, "slow");
  for (var r = 1; r < s.players; r++) {
    var here = s.table[s.at];
    if (!here.m.length) break;
    if (seenTwice(s)) return met(s, "repeat");
    var next = /** @type {string} */ (G.opponent === "tricky" ? here.t : here.r);
    var reply = moveTo(here, next);
    if (!reply) throw new Error("no move to " + next + " at " + s.at); // the data names a move it lacks
    replies.push([reply.move, next]);
    s.at = next;
    s.ply += 1;
  }
  var now = s.table[s.at];
  if (!now.m.length) return won(s, now, replies.length);
  if (seenTwice(s)) return met(s, "repeat");
  if (G.kind !== "win" && s.ply >= G.plies) return met(s, "held");
  return s;
}

/* The third time the same position comes up: a draw by repetition (the game's rule), the goal held. */
/** @param {GoalState} s @returns {boolean} */
function seenTwice(s) {
  s.seen[s.at] = (s.seen[s.at] || 0) + 1;
  return s.seen[s.at] >= 3 && s.goal.kind !== "win";
}
/* The goal met; why: "won" the game won, "held" the plies held, "repeat" a draw by repetition. */
/** @param {GoalState} s @param {string} why @returns {GoalState} */
function met(s, why) {
  s.status = "met";
  s.why = why;
  s.stars = stars(s.marks);
  return s;
}
/** @param {GoalState} s @param {string} why @returns {GoalState} */
function fail(s, why) {
  s.status = "failed";
  s.why = why;
  return s;
}
/* The game is over at s.at: met when the winner there (node.v[2], a seat counted from the player to move
   there) is the visitor, who moved as many seats back as the replies since their move, plus one. */
/** @param {GoalState} s @param {Node} node @param {number} replies @returns {GoalState} */
function won(s, node, replies) {
  return node.v && node.v[2] === s.players - 1 - replies ? met(s, "won") : fail(s, "lost");
}

/* Progress: the visitor's rating, history, solved and failed puzzles, best streak and goals' stars. The maps
   (solved, failed: puzzle id -> times; goals: goal id -> stars) have no prototype: a key is only ever data. */
/** @returns {Progress} */
function fresh() {
  return { version: VERSION, rating: Object.assign({}, glicko.START), history: [], solved: Object.create(null),
    failed: Object.create(null), best: 0, goals: Object.create(null), timed: 0, storm: T.noBests() };
}

/* What progress may hold. Anything else is set aside: it never reaches the page. text: characters of a
   progress file or of what the browser stores (checked before it is parsed); history: entries (record keeps
   the last 500); keys: entries of a map; id: characters of a puzzle's or a goal's id ("standard:12-33",
   "standard:1": a variant, a colon, then the position or the goal's number); count: times a puzzle was
   solved or failed; best: the best streak (and the most solved in the timed mode); rating, rd, vol: the Glicko-2 rating's ranges. */
var LIMITS = { text: 4 * 1024 * 1024, history: 500, keys: 50000, id: 160, count: 1e6, best: 1e6,
  rating: [0, 5000], rd: [0, glicko.MAX_RD], vol: [0, 1] };
/* An id: a variant's slug, a colon, then what follows it (no space). */
var ID = /^[^\s:<>&"'`]+:[^\s<>&"'`]+$/;
var DAY = /^\d{4}-\d{2}-\d{2}$/;
var WEEK = /^\d{4}-W\d{2}$/;

/** @param {unknown} x @returns {x is Record<string, unknown>} */
function plain(x) {
  return x !== null && typeof x === "object" && !Array.isArray(x);
}
/* x as it is kept: -0 (which JSON writes 0) read as 0. */
/** @param {number} x @returns {number} */
function num(x) {
  return x + 0;
}
/** @param {unknown} x @param {ReadonlyArray<number>} range @returns {x is number} */
function within(x, range) {
  return typeof x === "number" && isFinite(x) && x >= range[0] && x <= range[1];
}
/** @param {unknown} x @param {number} lo @param {number} hi @returns {x is number} */
function whole(x, lo, hi) {
  return typeof x === "number" && Number.isInteger(x) && x >= lo && x <= hi;
}
/* Whether text has no control character (C0, C1). */
/** @param {string} text @returns {boolean} */
function printable(text) {
  for (var i = 0; i < text.length; i++) {
    var c = text.charCodeAt(i);
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return false;
  }
  return true;
}
/** @param {unknown} x @returns {x is string} */
function isId(x) {
  return typeof x === "string" && x.length <= LIMITS.id && ID.test(x) && printable(x);
}

/* x's own property key, or undefined (never one of its prototype's). */
/** @param {Record<string, unknown>} x @param {string} key @returns {unknown} */
function field(x, key) {
  return own(x, key) ? x[key] : undefined;
}

/* A rating {rating, rd, vol} if x is one (rd and vol missing: the starting ones), else null. */
/** @param {unknown} x @returns {Rating | null} */
function ratingOf(x) {
  if (!plain(x)) return null;
  var rating = field(x, "rating");
  if (!within(rating, LIMITS.rating)) return null;
  var out = { rating: num(rating), rd: glicko.START.rd, vol: glicko.START.vol };
  if (own(x, "rd")) {
    var rd = x.rd;
    if (!within(rd, LIMITS.rd) || rd <= 0) return null;
    out.rd = num(rd);
  }
  if (own(x, "vol")) {
    var vol = x.vol;
    if (!within(vol, LIMITS.vol) || vol <= 0) return null;
    out.vol = num(vol);
  }
  return out;
}

/* A history entry {id, ok, day, before, after} if x is one, else null. */
/** @param {unknown} x @returns {HistoryEntry | null} */
function entryOf(x) {
  if (!plain(x)) return null;
  var id = field(x, "id"), ok = field(x, "ok"), day = field(x, "day"), before = field(x, "before"),
    after = field(x, "after");
  if (!isId(id) || typeof ok !== "boolean" || !(typeof day === "string" && DAY.test(day)) ||
      !within(before, LIMITS.rating) || !within(after, LIMITS.rating)) return null;
  return { id: id, ok: ok, day: day, before: num(before), after: num(after) };
}

/* A map of ids to whole numbers lo..hi, its bad entries left out: {map, bad (how many), whole (false: not a
   map at all, or too big: every entry left out)}. */
/** @param {unknown} x @param {number} lo @param {number} hi @returns {{ map: Counts, bad: number, whole: boolean }} */
function mapOf(x, lo, hi) {
  /** @type {{ map: Counts, bad: number, whole: boolean }} */
  var out = { map: Object.create(null), bad: 0, whole: true };
  if (!plain(x) || Object.keys(x).length > LIMITS.keys) {
    out.whole = false;
    return out;
  }
  Object.keys(x).forEach(function (k) {
    var v = x[k];
    if (isId(k) && whole(v, lo, hi)) out.map[k] = num(v);
    else out.bad++;
  });
  return out;
}

/* The storm's bests (timed.js's Bests) read back: null unless every part is there and of its kind. */
/** @param {unknown} x @returns {import("./timed.js").Bests | null} */
function bestsOf(x) {
  if (!plain(x)) return null;
  var day = field(x, "day"), week = field(x, "week");
  var counts = [field(x, "dayBest"), field(x, "dayRuns"), field(x, "weekBest"), field(x, "weekRuns")];
  if (typeof day !== "string" || (day && !DAY.test(day)) || typeof week !== "string" || (week && !WEEK.test(week))) return null;
  var n = counts.filter(function (c) { return whole(c, 0, LIMITS.best); }).map(Number);
  if (n.length < 4) return null;
  return { day: day, dayBest: n[0] + 0, dayRuns: n[1] + 0, week: week, weekBest: n[2] + 0, weekRuns: n[3] + 0 };
}

/* Progress checked against the schema above (x: JSON.parse's value): null when x is not progress of this
   version at all; else {progress, aside: what was set aside, in words (a part, or how many of its entries),
   for the visitor's note}. Only x's own properties are read; a part missing takes its fresh value. */
/** @param {unknown} x @returns {{ progress: Progress, aside: string[] } | null} */
function check(x) {
  if (!plain(x) || !own(x, "version") || x.version !== VERSION) return null;
  var out = fresh();
  /** @type {string[]} */
  var aside = [];
  if (own(x, "rating")) {
    var r = ratingOf(x.rating);
    if (r) out.rating = r;
    else aside.push("your rating");
  }
  var kept = own(x, "history") ? x.history : undefined;
  if (own(x, "history")) {
    if (!Array.isArray(kept) || kept.length > LIMITS.history) {
      aside.push("your history");
    } else {
      var bad = 0;
      kept.forEach(function (/** @type {unknown} */ e) {
        var ok = entryOf(e);
        if (ok) out.history.push(ok);
        else bad++;
      });
      if (bad) aside.push(plural(bad, "entry", "entries") + " of your history");
    }
  }
  /** @type {["solved" | "failed" | "goals", number, number, string, string?][]} */
  var maps = [["solved", 1, LIMITS.count, "solved puzzle"], ["failed", 1, LIMITS.count, "failed puzzle"],
    ["goals", 0, 3, "goal's stars", "goals' stars"]];
  maps.forEach(function (part) {
    var name = part[0];
    if (!own(x, name)) return;
    var m = mapOf(x[name], part[1], part[2]);
    out[name] = m.map;
    if (!m.whole) aside.push("your " + (part[4] || part[3] + "s"));
    else if (m.bad) aside.push(m.bad + " " + (m.bad === 1 ? part[3] : part[4] || part[3] + "s"));
  });
  if (own(x, "best")) {
    var best = x.best;
    if (whole(best, 0, LIMITS.best)) out.best = num(best);
    else aside.push("your best streak");
  }
  if (own(x, "timed")) {
    var timed = x.timed;
    if (whole(timed, 0, LIMITS.best)) out.timed = num(timed);
    else aside.push("your best in three minutes");
  }
  if (own(x, "storm")) {
    var storm = bestsOf(x.storm);
    if (storm) out.storm = storm;
    else aside.push("your storm bests of the day and the week");
  }
  return { progress: out, aside: aside };
}

/* Progress read back from JSON text: null when the text is not progress of this version (or longer than
   any progress is); `aside` (an array, optional) receives what was set aside (check). */
/** @param {unknown} text @param {string[]} [aside] @returns {Progress | null} */
function parse(text, aside) {
  if (typeof text !== "string" || text.length > LIMITS.text) return null;
  /** @type {unknown} */
  var x;
  try {
    x = JSON.parse(text);
  } catch {
    return null;
  }
  var got = check(x);
  if (!got) return null;
  if (aside) got.aside.forEach(function (a) { aside.push(a); });
  return got.progress;
}

/* The progress this browser keeps (fresh when there is none, or it is not progress); `aside` as parse's. */
/** @param {Store | null} storage @param {string[]} [aside] @returns {Progress} */
function load(storage, aside) {
  /** @type {string | null} */
  var text;
  try {
    text = storage ? storage.getItem(KEY) : null;
  } catch {
    text = null; // storage refused
  }
  if (text === null) return fresh();
  var p = parse(text, aside);
  if (!p && aside) aside.push(ALL);
  return p || fresh();
}

/** @param {Store | null} storage @param {Progress} progress @returns {boolean} */
function save(storage, progress) {
  try {
    if (storage) storage.setItem(KEY, JSON.stringify(progress));
    return true;
  } catch {
    return false;
  }
}

/* How many times map (solved, failed, goals) holds id: 0 when it does not (an own property or nothing). */
/** @param {Counts} map @param {string} id @returns {number} */
function count(map, id) {
  return own(map, id) ? map[id] : 0;
}

/* A copy of a map, without prototype. */
/** @param {Counts} map @returns {Counts} */
function copyMap(map) {
  /** @type {Counts} */
  var out = Object.create(null);
  Object.keys(map).forEach(function (k) { out[k] = map[k]; });
  return out;
}
/* A copy of progress (its maps without prototype). */
/** @param {Progress} progress @returns {Progress} */
function copy(progress) {
  return { version: VERSION, rating: Object.assign({}, progress.rating), history: progress.history.slice(),
    solved: copyMap(progress.solved), failed: copyMap(progress.failed), best: progress.best,
    goals: copyMap(progress.goals), timed: progress.timed, storm: Object.assign({}, progress.storm) };
}

/* The progress after a puzzle rated `rating` (id `id`) was solved (ok) or failed: a new object. */
/**
 * @param {Progress} progress @param {string} id @param {number} rating @param {boolean} ok @param {string} day
 * @returns {Progress}
 */
function record(progress, id, rating, ok, day) {
  var p = copy(progress);
  var before = p.rating.rating;
  p.rating = glicko.update(p.rating, rating, ok ? 1 : 0);
  p.history.push({ id: id, ok: ok, day: day, before: before, after: p.rating.rating });
  if (p.history.length > LIMITS.history) p.history = p.history.slice(-LIMITS.history);
  if (ok) {
    p.solved[id] = count(p.solved, id) + 1;
    delete p.failed[id];
  } else {
    p.failed[id] = count(p.failed, id) + 1;
  }
  return p;
}

export { accepts, entries, variantOf, start, play, good, hash, today, daily, streakOrder, levelOf, levelBand, pickAt, loadLevel,
  saveLevel, LEVELS, BAND, LEVEL_KEY, stars, goalStart, goalPlay, fresh, check, parse, load, save, record, count, copy, KEY, ALL, LIMITS };
