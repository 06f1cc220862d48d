/* vizgen util: the one place for escaping text into HTML, filling in a word template and writing numbers.
 *
 * An ES module, as every module of the site's script: the same file runs in the browser (bundled by esbuild,
 * tools/bundle.mjs) and in Node (tests/js/).
 */
var ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/* Text made safe inside HTML, attributes included. */
function esc(text) {
  return String(text).replace(/[&<>"']/g, function (c) { return ENTITIES[c]; });
}

/* Fill a word template from vizgen/analysis/words.py as vizgen/analysis/units.py's fill does: each {name}
   whose name is a key of `values` (in a verdict, {n} plies and {k} a seat), and each {one|many} by whether
   values.n is 1 ("win in {n} {ply|plies}"), and each {k:next|after next|other} by the seat values.k counted
   from the reader (1, 2, any other with its # read as k); other braces are left as they are. */
function fill(template, values) {
  var has = function (key) { return Object.prototype.hasOwnProperty.call(values, key); };
  return String(template).replace(/\{(\w+)\}|\{([^{}|:]*)\|([^{}|]*)\}|\{k:([^{}|]*)\|([^{}|]*)\|([^{}|]*)\}/g,
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

/* "1 ply", "3 plies". */
function plural(n, one, many) {
  return n + " " + (n === 1 ? one : many);
}

/* A chance (a fraction) as a percentage, as vizgen/analysis/units.py's percent writes it, from the units it
   ships (U: words.units: the form, the decimals, the words of a share below or above them, of none): a chance
   that is not zero never reads 0.0 %; a dash for none. */
function pct(p, U) {
  if (p === null || p === undefined) return U.none;
  if (p <= 0) return fill(U.percent, { p: 0 });
  if (p >= 1) return fill(U.percent, { p: 100 });
  var share = 100 * p, step = Math.pow(10, -U.decimals);
  if (share < step / 2) return fill(U.below, { p: step.toFixed(U.decimals) });
  if (share >= 100 - step / 2) return fill(U.above, { p: (100 - step).toFixed(U.decimals) });
  return fill(U.percent, { p: share.toFixed(U.decimals) });
}

/* A spelling without its separators and spaces: 12-11, 1211 and " 12 11 " are one. */
function bare(text) {
  return String(text || "").replace(/[\s.-]+/g, "");
}

/* The element of this id, or null (no document in Node). */
function byId(id) {
  return typeof document === "undefined" ? null : document.getElementById(id);
}

/* The class of a value for a player (+1, 0, -1) in the meaning table (the contract's classes, from
   vizgen/analysis/meaning.py): its key, which is also its colour's palette key. */
function valueClass(v, classes) {
  var sign = v > 0 ? 1 : v < 0 ? -1 : 0;
  for (var key in classes) if (classes[key].value === sign) return key;
  throw new Error("no value class for " + v);
}

/* The moves with the optimal ones first, each group in its own order (a copy). */
function bestFirst(moves) {
  return moves.slice().sort(function (a, b) { return (b.best ? 1 : 0) - (a.best ? 1 : 0); });
}

/* A Map of the [key, value] pairs, without the keys that two different values share: the spellings a
   person may type, where one spelling must name one thing. */
function unambiguous(pairs) {
  var map = new Map(), twice = new Set();
  pairs.forEach(function (pair) {
    if (map.has(pair[0]) && map.get(pair[0]) !== pair[1]) twice.add(pair[0]);
    map.set(pair[0], pair[1]);
  });
  twice.forEach(function (key) { map.delete(key); });
  return map;
}

/* Whether obj has key as its own property (never one of its prototype's: "constructor", "__proto__"). */
function own(obj, key) {
  return obj !== null && obj !== undefined && Object.prototype.hasOwnProperty.call(obj, key);
}

/* `target` with the own keys of `source` copied in; returns target. */
function assign(target, source) {
  Object.keys(source).forEach(function (k) { target[k] = source[k]; });
  return target;
}

export { esc, fill, plural, pct, bare, byId, assign, own, bestFirst, valueClass, unambiguous };
