/* vizgen loader, the page's side: the page's data files, loaded as scripts.
 *
 * Every data file is a script that calls vizgenLoad(name, payload) (JSONP style), so the pages work from
 * file://, from a sub-path and from any static server. A slot per name holds the promise of its payload;
 * the script is added once, on the first request.
 */
/** @typedef {import("../../core/loader.js").Load} Load */
/** @typedef {{ requested: boolean, promise: Promise<unknown>, resolve: (payload: unknown) => void, reject: (error: Error) => void }} Slot */

/** A loader of the files under `base` (the page's data folder): load(name) -> promise of the payload.
 @param {string} base
 @returns {Load} */
function create(base) {
  /** @type {Map<string, Slot>} */
  var slots = new Map();
  /** @param {string} name @returns {Slot} */
  function slot(name) {
    var s = slots.get(name);
    if (!s) {
      /** @type {(payload: unknown) => void} */
      var resolve = function () {};
      /** @type {(error: Error) => void} */
      var reject = function () {};
      var promise = new Promise(function (yes, no) {
        resolve = yes;
        reject = no;
      });
      s = { requested: false, promise: promise, resolve: resolve, reject: reject };
      slots.set(name, s);
    }
    return s;
  }
  /* Called by every data file. */
  /** @type {{vizgenLoad?: (name: string, payload: unknown) => void}} */ (globalThis).vizgenLoad = function (name, payload) {
    slot(name).resolve(payload);
  };
  return function load(/** @type {string} */ name) {
    var s = slot(name);
    if (!s.requested) {
      s.requested = true;
      var el = document.createElement("script");
      el.src = base + name + ".js";
      el.async = true;
      el.onerror = function () {
        s.reject(new Error("could not load " + el.src));
      };
      document.head.appendChild(el);
    }
    return s.promise;
  };
}

export { create };
export { inline } from "../../core/loader.js";
