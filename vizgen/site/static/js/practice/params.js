/* vizgen practice params: what the practice page reads from its address (variant, puzzle, theme, retry, mode)
 * and the notes of what it dropped, through the site's one address reader (core/address.js).
 */
import * as address from "../core/address.js";

/**
 * The page's address parameters, "" for each one not given, and notes (the reader's line for each part it
 * dropped).
 * @typedef {{ variant: string, puzzle: string, theme: string, retry: string, mode: string, notes: string[] }} Params
 */

/**
 * One part of what the address's reader read (address.js): its text, "" when the address has none.
 * @param {unknown} read @param {string} key @returns {string}
 */
function part(read, key) {
  if (typeof read !== "object" || read === null) return "";
  var value = /** @type {Record<string, unknown>} */ (read)[key];
  return typeof value === "string" ? value : "";
}

/**
 * The page's address parameters: variant, puzzle, theme, retry, mode, and notes (the reader's line for each
 * part it dropped). One place reads them (the site's address reader when the page has it).
 * @param {string} search @param {string} hash @returns {Params}
 */
function params(search, hash) {
  if (address && address.read) {
    var a = address.read(search, hash, "practice");
    var notes = /** @type {{ notes?: unknown }} */ (a).notes;
    return { variant: part(a, "variant"), puzzle: part(a, "puzzle"), theme: part(a, "theme"), retry: part(a, "retry"),
      mode: part(a, "mode"), notes: Array.isArray(notes) ? notes.filter(function (n) { return typeof n === "string"; }) : [] };
  }
  var q = new URLSearchParams(search);
  /** @param {string} k */
  var get = function (k) { return q.get(k) || ""; };
  return { variant: get("variant"), puzzle: get("puzzle"), theme: get("theme"), retry: get("retry"),
    mode: get("mode"), notes: [] };
}

/**
 * The address reader's note of this kind (address_words.py's NOTES), or a plain one without the reader.
 * @param {string} key @returns {string}
 */
function addressNote(key) {
  var said = address && address.note ? address.note(key) : "";
  return said || "Part of this link could not be read; the page goes on without it.";
}

export { params, addressNote };
