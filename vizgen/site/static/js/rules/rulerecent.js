/* vizgen rulerecent: the rule sets solved on this device, kept in its storage (checked before use: at most
 * RECENT_MAX of them, each a spec the page reads) and listed on the rules page.
 */
import { html, render } from "../core/html.js";

var RECENT = "vizgen-rules-recent";
var RECENT_MAX = 8, RECENT_BYTES = 8 * 1024; // the rule sets remembered, and the most storage read for them

/**
 * The device's storage as the page hands it in: a call may throw (storage refused, private mode).
 * @typedef {{getItem: (key: string) => string | null, setItem: (key: string, value: string) => void}} Store
 */

/**
 * The recent rule sets as stored, checked before use: at most RECENT_MAX of them, each a spec `readable` takes
 * (anything else in storage, or more than RECENT_BYTES of it, is left out).
 * @param {(spec: string) => boolean} readable
 * @param {Store} store
 * @returns {string[]}
 */
function recent(readable, store) {
  try {
    var text = store.getItem(RECENT) || "[]";
    /** @type {unknown} */
    var v = text.length <= RECENT_BYTES ? JSON.parse(text) : [];
    /** @type {unknown[]} */
    var items = Array.isArray(v) ? v : [];
    return items.filter(function (x) {
      return typeof x === "string" && x.length <= RECENT_BYTES / RECENT_MAX && readable(x);
    }).map(String).slice(0, RECENT_MAX);
  } catch {
    return [];
  }
}

/**
 * Remember `spec` first (storage refused, private mode: nothing is remembered).
 * @param {string} spec
 * @param {(spec: string) => boolean} readable
 * @param {Store} store
 */
function remember(spec, readable, store) {
  var list = recent(readable, store).filter(function (x) { return x !== spec; });
  list.unshift(spec);
  try {
    store.setItem(RECENT, JSON.stringify(list.slice(0, RECENT_MAX)));
  } catch {
    // storage refused (private mode): nothing is remembered
  }
}

/**
 * List them in `el`, each a link to its address.
 * @param {Element} el
 * @param {string[]} list
 * @param {(spec: string) => string} addressOf
 */
function show(el, list, addressOf) {
  render(el, list.length ? html`${list.map(function (spec) {
    return html`<li><a href="${addressOf(spec)}"><code>${spec}</code></a></li>`;
  })}` : html`<li>None yet: the rule sets you solve here are listed on this device only.</li>`);
}

export { recent, remember, show };
