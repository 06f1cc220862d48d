/* vizgen practice timed: the timed mode's rules, as lichess's Puzzle Storm: as many puzzles as you can in three
 * minutes, the best kept. No clock of its own: every function takes the time now (ms), so the page passes
 * Date.now() and a test passes what it likes.
 */

/** A timed run: when it started, how long it lasts (ms), puzzles solved and tried. @typedef {{ start: number, length: number, solved: number, tried: number }} Run */

var LENGTH = 3 * 60 * 1000;

/** A run starting at `now`, lasting `length` ms (LENGTH when not given). @param {number} now @param {number} [length] @returns {Run} */
function start(now, length) {
  return { start: now, length: length === undefined ? LENGTH : length, solved: 0, tried: 0 };
}

/** The time left at `now`, in ms (never below 0). @param {Run} run @param {number} now @returns {number} */
function left(run, now) {
  return Math.max(0, run.start + run.length - now);
}

/** Whether the run is over at `now`. @param {Run} run @param {number} now @returns {boolean} */
function over(run, now) {
  return left(run, now) <= 0;
}

/** A puzzle ended at `now`, solved (ok) or not: counted while the run lasts. Returns whether it counted.
 @param {Run} run @param {boolean} ok @param {number} now @returns {boolean} */
function ended(run, ok, now) {
  if (over(run, now)) return false;
  run.tried += 1;
  if (ok) run.solved += 1;
  return true;
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

export { LENGTH, start, left, over, ended, face, best };
