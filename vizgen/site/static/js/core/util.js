/* vizgen util: the one place for escaping text into HTML, filling in a word template and writing numbers.
 *
 * An ES module, as every module of the site's script: the same file runs in the browser (bundled by esbuild,
 * tools/bundle.mjs) and in Node (tests/js/).
 */
/**
 * The units the Python ships (words.units, vizgen/analysis/units.py): how a share is written.
 * @typedef {{ readonly percent: string, readonly below: string, readonly above: string, readonly none: string,
 *   readonly decimals: number }} Units
 */
/** @type {Record<string, string>} */
var ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/**
 * Text made safe inside HTML, attributes included.
 * @param {unknown} text
 * @returns {string}
 */
function esc(text) {
  return String(text).replace(/[&<>"']/g, function (c) { return ENTITIES[c]; });
}

/** Fill a word template from vizgen/analysis/words.py as vizgen/analysis/units.py's fill does: each {name}
   whose name is a key of `values` (in a verdict, {n} plies and {k} a seat), and each {one|many} by whether
   values.n is 1 ("win in {n} {ply|plies}"), and each {k:next|after next|other} by the seat values.k counted
   from the reader (1, 2, any other with its # read as k); other braces are left as they are.
   @param {string} template
   @param {Record<string, unknown>} values
   @returns {string} */
function fill(template, values) {
  var has = function (/** @type {string} */ key) { return Object.prototype.hasOwnProperty.call(values, key); };
  return String(template).replace(/\{(\w+)\}|\{([^{}|:]*)\|([^{}|]*)\}|\{k:([^{}|]*)\|([^{}|]*)\|([^{}|]*)\}/g,
    /** @param {string} all @param {string | undefined} key @param {string} one @param {string} many
        @param {string | undefined} next @param {string} after @param {string} other */
    function (all, key, one, many, next, after, other) {
      if (key !== undefined) return has(key) ? String(values[key]) : all;
      if (next !== undefined) {
        if (!has("k")) return all;
        var k = Number(values.k);
        return k === 1 ? next : k === 2 ? after : other.split("#").join(String(k));
      }
      if (!has("n")) return all;
      return Number(values.n) === 1 ? one : many;
    });
}

/**
 * A count as the site writes it, the Python's format_count (vizgen/util/text.py) copied and checked against it:
 * a narrow no-break space between thousands, rounded to a whole number; "about 10^k" from a trillion on.
 * @param {number} n
 * @returns {string}
 */
function count(n) {
  if (Math.abs(n) >= 1e12) return "about 10^" + Math.round(Math.log10(Math.abs(n)));
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, "\u202f");
}

/** A count and its noun by the one plural rule: "1 ply", "3 plies", "1\u202f234 positions".
 @param {number} n @param {string} one @param {string} many @returns {string} */
function plural(n, one, many) {
  return count(n) + " " + (n === 1 ? one : many);
}

/** A chance (a fraction) as a percentage, as vizgen/analysis/units.py's percent writes it, from the units it
   ships (U: words.units: the form, the decimals, the words of a share below or above them, of none): a chance
   that is not zero never reads 0.0 %; a dash for none.
   @param {number | null | undefined} p
   @param {Units} U
   @returns {string} */
function pct(p, U) {
  if (p === null || p === undefined) return U.none;
  if (p <= 0) return fill(U.percent, { p: 0 });
  if (p >= 1) return fill(U.percent, { p: 100 });
  var share = 100 * p, step = Math.pow(10, -U.decimals);
  if (share < step / 2) return fill(U.below, { p: step.toFixed(U.decimals) });
  if (share >= 100 - step / 2) return fill(U.above, { p: (100 - step).toFixed(U.decimals) });
  return fill(U.percent, { p: share.toFixed(U.decimals) });
}

/** A spelling without its separators and spaces: 12-11, 1211 and " 12 11 " are one.
 @param {unknown} text @returns {string} */
function bare(text) {
  return String(text || "").replace(/[\s.-]+/g, "");
}

/** The class of a value for a player (+1, 0, -1) in the meaning table (the contract's classes, from
   vizgen/analysis/meaning.py): its key, which is also its colour's palette key.
   @template {string} K
   @param {number} v
   @param {Readonly<Record<K, {readonly value: number}>>} classes
   @returns {K} */
function valueClass(v, classes) {
  var sign = v > 0 ? 1 : v < 0 ? -1 : 0;
  for (var key in classes) if (classes[key].value === sign) return key;
  throw new Error("no value class for " + v);
}

/** The moves with the optimal ones first, each group in its own order (a copy).
 @template {{best?: unknown}} M
 @param {ReadonlyArray<M>} moves @returns {M[]} */
function bestFirst(moves) {
  return moves.slice().sort(function (/** @type {M} */ a, /** @type {M} */ b) { return (b.best ? 1 : 0) - (a.best ? 1 : 0); });
}

/** A Map of the [key, value] pairs, without the keys that two different values share: the spellings a
   person may type, where one spelling must name one thing.
   @template K, V
   @param {ReadonlyArray<readonly [K, V]>} pairs
   @returns {Map<K, V>} */
function unambiguous(pairs) {
  /** @type {Map<K, V>} */
  var map = new Map();
  /** @type {Set<K>} */
  var twice = new Set();
  pairs.forEach(function (pair) {
    if (map.has(pair[0]) && map.get(pair[0]) !== pair[1]) twice.add(pair[0]);
    map.set(pair[0], pair[1]);
  });
  twice.forEach(function (key) { map.delete(key); });
  return map;
}

/** Whether obj has key as its own property (never one of its prototype's: "constructor", "__proto__").
 @param {unknown} obj @param {PropertyKey} key @returns {boolean} */
function own(obj, key) {
  return obj !== null && obj !== undefined && Object.prototype.hasOwnProperty.call(obj, key);
}

/** `target` with the own keys of `source` copied in; returns target.
 @template {object} T
 @template {object} S
 @param {T} target @param {S} source @returns {T & S} */
function assign(target, source) {
  var to = /** @type {Record<string, unknown>} */ (target), from = /** @type {Record<string, unknown>} */ (source);
  Object.keys(from).forEach(function (k) { to[k] = from[k]; });
  return /** @type {T & S} */ (target);
}

export { esc, fill, count, plural, pct, bare, assign, own, bestFirst, valueClass, unambiguous };
