/* vizgen util: the one place for escaping text into HTML, filling in a word template and writing numbers.
 *
 * Every module of the site's script attaches to one namespace, globalThis.VZ, so the same file runs in the
 * browser (assembled into the assets at build, vizgen/site/render/assets.py) and in Node (tests/js/).
 */
(function (VZ) {
  "use strict";

  var ENTITIES = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

  /* Text made safe inside HTML, attributes included. */
  function esc(text) {
    return String(text).replace(/[&<>"']/g, function (c) { return ENTITIES[c]; });
  }

  /* Fill a word template from vizgen/analysis/words.py as vizgen/analysis/units.py's fill does: each {name}
     whose name is a key of `values` (in a verdict, {n} plies and {k} a seat), and each {one|many} by whether
     values.n is 1 ("win in {n} {ply|plies}"); other braces are left as they are. */
  function fill(template, values) {
    var has = function (key) { return Object.prototype.hasOwnProperty.call(values, key); };
    return String(template).replace(/\{(\w+)\}|\{([^{}|]*)\|([^{}|]*)\}/g, function (all, key, one, many) {
      if (key !== undefined) return has(key) ? String(values[key]) : all;
      if (!has("n")) return all;
      return Number(values.n) === 1 ? one : many;
    });
  }

  /* "1 ply", "3 plies". */
  function plural(n, one, many) {
    return n + " " + (n === 1 ? one : many);
  }

  /* A chance as a percentage with one decimal, as vizgen/analysis/units.py's percent writes it (a chance that
     is not zero never reads 0.0 %); a dash for none. */
  function pct(p) {
    if (p === null || p === undefined) return "–";
    if (p <= 0) return "0\u202f%";
    if (p >= 1) return "100\u202f%";
    if (p < 0.0005) return "<\u202f0.1\u202f%";
    if (p >= 0.9995) return ">\u202f99.9\u202f%";
    return (100 * p).toFixed(1) + "\u202f%";
  }

  /* A spelling without its separators and spaces: 12-11, 1211 and " 12 11 " are one. */
  function bare(text) {
    return String(text || "").replace(/[\s.-]+/g, "");
  }

  /* The element of this id, or null (no document in Node). */
  function byId(id) {
    return typeof document === "undefined" ? null : document.getElementById(id);
  }

  /* The colour class of a value for a player: +1 win, 0 draw (or open), -1 loss. */
  function valueClass(v) {
    return v > 0 ? "win" : v < 0 ? "loss" : "draw";
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

  /* `target` with the own keys of `source` copied in; returns target. */
  function assign(target, source) {
    Object.keys(source).forEach(function (k) { target[k] = source[k]; });
    return target;
  }

  VZ.util = { esc: esc, fill: fill, plural: plural, pct: pct, bare: bare, byId: byId, assign: assign,
    bestFirst: bestFirst, valueClass: valueClass, unambiguous: unambiguous };
})(globalThis.VZ = globalThis.VZ || {});
