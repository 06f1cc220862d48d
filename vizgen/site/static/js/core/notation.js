/* vizgen notation: one hand value to and from its text, as vizgen.engine.notation writes it (fmt_value), and
 * where a player stands by the rules (a hand is live unless it is 0; a player with no live hand is out, unless it
 * is the one that has won: with self-gain or misère, emptying your hands wins).
 *
 * Its own module so that the board (board.js, which reads moves) and the pictures of hands (hands.js, which the
 * board draws with) both read it without importing each other.
 */
var HALF = "½", MINUS = "−";

/** One hand value from its text: "1½" 1.5, "−2" -2, "½" 0.5.
 @param {string} text @returns {number} */
function value(text) {
  var neg = text.charAt(0) === MINUS;
  var t = neg ? text.slice(1) : text;
  var half = t.slice(-1) === HALF;
  if (half) t = t.slice(0, -1);
  var v = (t ? parseInt(t, 10) : 0) + (half ? 0.5 : 0);
  return neg ? -v : v;
}
/** One hand value written as the notation writes it (fmt_value).
 @param {number} v @returns {string} */
function written(v) {
  var a = Math.abs(v), whole = Math.floor(a), half = a - whole === 0.5;
  return (v < 0 ? MINUS : "") + (half && !whole ? "" : String(whole)) + (half ? HALF : "");
}

/** How many of a player's hands are live, as vizgen.engine.hands.live_hands counts them: a hand is dead at 0.
 @param {ReadonlyArray<number>} hands @returns {number} */
function liveHands(hands) {
  return hands.filter(function (v) { return v !== 0; }).length;
}
/** Where each player of a position stands: "won" the seat that has won (winner, -1 while the game goes on),
   "out" a player with no live hand, "" one still in the game.
 @param {ReadonlyArray<ReadonlyArray<number>>} hands @param {number} winner @returns {Standing[]} */
function standing(hands, winner) {
  return hands.map(function (h, s) { return s === winner ? "won" : liveHands(h) ? "" : "out"; });
}
/** @typedef {"won" | "out" | ""} Standing  where a player stands (standing) */

export { value, written, liveHands, standing };
