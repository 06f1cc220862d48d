/* vizgen pairwise: numpy's sums of float64 arrays, bit for bit, for the figures the rules page computes as the
 * Python does (the tricky player's trap figure in ruletricky.js, the rules of thumb's shares in rulethumbs.js).
 *
 * numpy adds a contiguous run pairwise (numpy/_core/src/umath/loops_utils.h, pairwise_sum): below 8 terms in a
 * row, from 8 to 128 with eight running sums added in pairs, above that the two halves apart (the first a
 * multiple of 8). np.sum and np.mean add so; np.add.reduceat adds a segment's first term, then the rest so.
 * Cross-checked against numpy in tests/js/pairwise.test.js (fixture written by tests/test_js.py).
 */
/** @typedef {ArrayLike<number>} Numbers a plain array or a Float64Array */

/**
 * The sum of a[lo .. lo + k), as numpy's pairwise_sum.
 * @param {Numbers} a
 * @param {number} lo
 * @param {number} k
 * @returns {number}
 */
function sum(a, lo, k) {
  var res = 0, i;
  if (k < 8) {
    for (i = 0; i < k; i++) res += a[lo + i];
    return res;
  }
  if (k <= 128) {
    var r = [a[lo], a[lo + 1], a[lo + 2], a[lo + 3], a[lo + 4], a[lo + 5], a[lo + 6], a[lo + 7]];
    for (i = 8; i < k - (k % 8); i += 8) for (var j = 0; j < 8; j++) r[j] += a[lo + i + j];
    res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    for (; i < k; i++) res += a[lo + i];
    return res;
  }
  var half = Math.floor(k / 2);
  half -= half % 8;
  return sum(a, lo, half) + sum(a, lo + half, k - half);
}

/**
 * np.mean of the whole of a (a plain array or a Float64Array).
 * @param {Numbers} a
 * @returns {number}
 */
function mean(a) {
  return sum(a, 0, a.length) / a.length;
}

/**
 * The sum of a[0 .. k) as np.add.reduceat adds a segment (k >= 1): the first term, plus the rest pairwise.
 * @param {Numbers} a
 * @param {number} k
 * @returns {number}
 */
function reduceat(a, k) {
  return a[0] + sum(a, 1, k - 1);
}

export { sum, mean, reduceat };
