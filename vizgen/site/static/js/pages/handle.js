/* vizgen handle: the page's handle, globalThis.VZ, for what is not a module: a page's inline script (the index's
 * puzzle of the day, the practice page's start, the base template's fragment), the browser tests and add-ons.
 * Each page's entry (this folder) publishes the modules it offers there; no module reads it, except the rules
 * page, which finds the modules of its second script (rulesmore.js) there once loaded, and the index's entry, which
 * finds the address reader there (address.js, on every page) rather than bundling it a second time.
 */

/** Put these modules on the page's handle (by name: VZ.practice, VZ.util ...).
 @param {Record<string, unknown>} parts */
export function publish(parts) {
  var G = /** @type {{ VZ?: Record<string, unknown> }} */ (globalThis);
  /** @type {Record<string, unknown>} */
  var VZ = (G.VZ = G.VZ || {});
  Object.keys(parts).forEach(function (name) { VZ[name] = parts[name]; });
}
