/* vizgen notation: one hand value to and from its text, as vizgen.engine.notation writes it (fmt_value).
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

export { value, written };
