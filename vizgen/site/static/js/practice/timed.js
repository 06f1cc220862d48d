/* vizgen practice timed: the storm's rules, in the shape of lichess's Puzzle Storm: as many puzzles as you can
 * in three minutes; a miss costs MISS ms of the clock, every EVERY puzzles solved in a row add BONUS ms; every
 * puzzle of the run is kept (its id and whether it was solved) for the list at the end; the best of the day, of
 * the week and of all time are kept. No clock of its own: every function takes the time now (ms), so the page
 * passes Date.now() and a test passes what it likes. The day and the week are the visitor's own (local time).
 */

/**
 * A run: when it started, how long it lasts without misses or bonuses (ms), puzzles solved and tried, the
 * correct answers in a row (combo), the time won by runs of them (bonus, ms) and lost by misses (lost, ms), and
 * every puzzle it showed that ended, in order (id, solved or not).
 * @typedef {{ start: number, length: number, solved: number, tried: number, combo: number, bonus: number,
 *   lost: number, puzzles: Ended[] }} Run
 */
/** A puzzle of a run, ended: its id, whether it was solved. @typedef {{ id: string, ok: boolean }} Ended */
/**
 * The storm's bests kept with the progress: the day (YYYY-MM-DD) and the week (YYYY-Www, ISO weeks) they belong
 * to, the best and the runs played that day and that week.
 * @typedef {{ day: string, dayBest: number, dayRuns: number, week: string, weekBest: number, weekRuns: number }} Bests
 */

var LENGTH = 3 * 60 * 1000;
/** What a miss costs (ms). */
var MISS = 10 * 1000;
/** What a run of EVERY puzzles solved in a row adds (ms). */
var BONUS = 3 * 1000;
/** How many solved in a row win the bonus. */
var EVERY = 5;

/** A run starting at `now`, lasting `length` ms (LENGTH when not given). @param {number} now @param {number} [length] @returns {Run} */
function start(now, length) {
  return { start: now, length: length === undefined ? LENGTH : length, solved: 0, tried: 0, combo: 0, bonus: 0,
    lost: 0, puzzles: [] };
}

/** The time left at `now`, in ms (never below 0): the length, with the bonuses won and the misses' cost.
 @param {Run} run @param {number} now @returns {number} */
function left(run, now) {
  return Math.max(0, run.start + run.length + run.bonus - run.lost - now);
}

/** Whether the run is over at `now`. @param {Run} run @param {number} now @returns {boolean} */
function over(run, now) {
  return left(run, now) <= 0;
}

/**
 * Puzzle `id` ended at `now`, solved (ok) or not: counted while the run lasts (a miss costs MISS, every EVERY-th
 * solved in a row adds BONUS). Returns whether it counted.
 * @param {Run} run @param {boolean} ok @param {number} now @param {string} [id] @returns {boolean}
 * @example
 * const run = start(0);
 * ended(run, false, 1000, "standard:7"); // a miss: 10 s less
 * left(run, 1000) === 180000 - 10000 - 1000;
 */
function ended(run, ok, now, id) {
  if (over(run, now)) return false;
  run.tried += 1;
  run.puzzles.push({ id: id || "", ok: ok });
  if (ok) {
    run.solved += 1;
    run.combo += 1;
    if (run.combo % EVERY === 0) run.bonus += BONUS;
  } else {
    run.combo = 0;
    run.lost += MISS;
  }
  return true;
}

/** The run's puzzles to review: the missed first, then the solved, each in the order played. @param {Run} run @returns {Ended[]} */
function review(run) {
  return run.puzzles.filter(function (p) { return !p.ok; }).concat(run.puzzles.filter(function (p) { return p.ok; }));
}

/** The clock's face: minutes and seconds left, rounded up ("3:00", "0:05"). @param {number} ms @returns {string} */
function face(ms) {
  var s = Math.ceil(Math.max(0, ms) / 1000);
  var sec = s % 60;
  return Math.floor(s / 60) + ":" + (sec < 10 ? "0" : "") + sec;
}

/** The best kept after a run: the larger of the best so far and the run's solved. @param {number} before @param {Run} run @returns {number} */
function best(before, run) {
  return Math.max(before, run.solved);
}

/** @param {number} n @returns {string} */
function two(n) {
  return (n < 10 ? "0" : "") + n;
}

/**
 * The visitor's day (YYYY-MM-DD) and ISO week (YYYY-Www: weeks start on Monday, week 1 holds the year's first
 * Thursday) at `now` (ms), in local time.
 * @param {number} now @returns {{ day: string, week: string }}
 * @example
 * when(new Date(2026, 0, 1).getTime()); // { day: "2026-01-01", week: "2026-W01" }
 */
function when(now) {
  var d = new Date(now);
  var y = d.getFullYear(), m = d.getMonth(), date = d.getDate();
  var t = new Date(Date.UTC(y, m, date));
  var wd = t.getUTCDay() || 7; // Monday 1 .. Sunday 7
  t.setUTCDate(t.getUTCDate() + 4 - wd); // the Thursday of this week names its year
  var first = Date.UTC(t.getUTCFullYear(), 0, 1);
  var week = Math.ceil(((t.getTime() - first) / 86400000 + 1) / 7);
  return { day: y + "-" + two(m + 1) + "-" + two(date), week: t.getUTCFullYear() + "-W" + two(week) };
}

/** No bests yet. @returns {Bests} */
function noBests() {
  return { day: "", dayBest: 0, dayRuns: 0, week: "", weekBest: 0, weekRuns: 0 };
}

/** The bests as they stand at `now`: a day or a week that is over counts from 0. @param {Bests} b @param {number} now @returns {Bests} */
function current(b, now) {
  var w = when(now);
  var day = b.day === w.day, week = b.week === w.week;
  return { day: w.day, dayBest: day ? b.dayBest : 0, dayRuns: day ? b.dayRuns : 0,
    week: w.week, weekBest: week ? b.weekBest : 0, weekRuns: week ? b.weekRuns : 0 };
}

/**
 * The bests after a run of `solved` ended at `now`, and which it beat (a first run of the day or week with at
 * least one solved beats its 0).
 * @param {Bests} b @param {number} solved @param {number} now
 * @returns {{ bests: Bests, day: boolean, week: boolean }}
 */
function keep(b, solved, now) {
  var c = current(b, now);
  var day = solved > c.dayBest, week = solved > c.weekBest;
  return { bests: { day: c.day, dayBest: Math.max(c.dayBest, solved), dayRuns: c.dayRuns + 1,
    week: c.week, weekBest: Math.max(c.weekBest, solved), weekRuns: c.weekRuns + 1 }, day: day, week: week };
}

export { LENGTH, MISS, BONUS, EVERY, start, left, over, ended, review, face, best, when, noBests, current, keep };
