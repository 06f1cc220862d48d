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

  /* Fill a word template from vizgen/analysis/words.py: each {name} whose name is a key of `values` (in a
     verdict, {n} plies and {k} a seat); other braces are left as they are. */
  function fill(template, values) {
    return String(template).replace(/\{(\w+)\}/g, function (all, key) {
      return Object.prototype.hasOwnProperty.call(values, key) ? String(values[key]) : all;
    });
  }

  /* "1 ply", "3 plies". */
  function plural(n, one, many) {
    return n + " " + (n === 1 ? one : many);
  }

  /* A chance as a percentage with one decimal; a dash for none. */
  function pct(p) {
    return p === null || p === undefined ? "–" : (100 * p).toFixed(1) + "\u202f%";
  }

  /* A spelling without its separators and spaces: 12-11, 1211 and " 12 11 " are one. */
  function bare(text) {
    return String(text || "").replace(/[\s.\-]+/g, "");
  }

  /* The element of this id, or null (no document in Node). */
  function byId(id) {
    return typeof document === "undefined" ? null : document.getElementById(id);
  }

  VZ.util = { esc: esc, fill: fill, plural: plural, pct: pct, bare: bare, byId: byId };
})(globalThis.VZ = globalThis.VZ || {});
