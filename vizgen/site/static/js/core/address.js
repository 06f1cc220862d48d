/* vizgen address: the one reader of everything a page takes from its address.
 *
 * read(search, hash, page) reads the query string (location.search) and the fragment
 * (location.hash) of a page of kind `page` ("variant", "rules", "practice"; any other: a page whose fragment
 * names an element) and returns a plain object with one field per key any page reads (hash, play, seed,
 * moves, at, mode, hints, from, rules, variant, puzzle, theme, retry): its decoded text, or null when the
 * address does not give it, it is not a key of this kind of page, or it was dropped; and `notes`, one line
 * for the visitor per part of the address dropped. It never throws.
 *
 * Everything is bounded before any work, by the table vizgen/site/data/address_words.py writes into the page
 * (<script id="vizgen-address">, handed in by the page's entry with source(reader), or use(table)): a query longer than the page's cap is not split;
 * a key longer than its limit, given twice, not valid percent-encoding of UTF-8, holding a control character
 * or a lone surrogate, a line of positions (moves=) longer than a game can last, or a number (seed=, at=,
 * each of hints=) that is not written as the site writes it (digits, no leading zero) or is larger than its
 * field holds drops its part of the address (a game record is every one of play, seed, moves, at, mode,
 * hints, from) with that part's note: a number is never rounded or turned into exponent form.
 * Keys a page does not read are left alone. What the values mean (a known position, a legal move) is for the
 * page to check; a value it cannot use is said with the same table's note (note(key)), never
 * replaced in silence.
 */
/**
 * The table vizgen/site/data/address_words.py writes into the page (the site's own, not the visitor's), typed
 * by the generated payloads.d.ts.
 * @typedef {import("./payloads").AddressTable} AddressTable
 */
/**
 * What a page reads from its address: per key its decoded text or null (absent without a table), the notes, and
 * per part dropped the key of its note in the table (a query too long to split: "address").
 * @typedef {{ notes: string[], dropped: Record<string, string>, hash?: string | null, play?: string | null, seed?: string | null,
 *   moves?: string | null, at?: string | null, mode?: string | null, hints?: string | null, from?: string | null,
 *   rules?: string | null, compare?: string | null, variant?: string | null, puzzle?: string | null,
 *   theme?: string | null, retry?: string | null, words?: string | null, ticks?: string | null }} AddressRead
 */
/** @type {AddressTable | null} */
var table = null;
/** @type {(() => AddressTable | null) | null} */
var reader = null;

/** Read with this table from now on (vizgen.site.data.address_words.table()).
 @param {AddressTable | null} t */
function use(t) {
  table = t;
}
/** Read with the table `given()` returns, called when first needed (each entry hands in the page's: pages/core/page.js).
 @param {() => AddressTable | null} given */
function source(given) {
  reader = given;
}
/** The page's table: given with use(), else the one source()'s reader gives, else none.
 @returns {AddressTable | null} */
function current() {
  if (!table && reader) table = reader();
  return table;
}

/** Whether text holds a C0 or C1 control character, or a surrogate without its other half.
 @param {string} text @returns {boolean} */
function forbidden(text) {
  for (var i = 0; i < text.length; i++) {
    var c = text.charCodeAt(i);
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return true;
    if (c >= 0xd800 && c <= 0xdbff) {
      var next = text.charCodeAt(i + 1); // NaN past the end
      if (!(next >= 0xdc00 && next <= 0xdfff)) return true;
      i++;
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      return true;
    }
  }
  return false;
}

/** The text of percent-encoded `raw` (at most `limit` characters), or null if it cannot be read.
 @param {unknown} raw @param {number} limit @returns {string | null} */
function decode(raw, limit) {
  if (typeof raw !== "string" || raw.length > limit) return null;
  var text;
  try {
    text = decodeURIComponent(raw);
  } catch {
    return null; // a malformed escape, or bytes that are not UTF-8 (a surrogate's bytes among them)
  }
  return forbidden(text) ? null : text;
}

/** How many positions a line (a_b_c) holds, counted no further than `most` + 1.
 @param {string} line @param {number} most @returns {number} */
function count(line, most) {
  var n = 1;
  for (var i = line.indexOf("_"); i >= 0 && n <= most; i = line.indexOf("_", i + 1)) n++;
  return n;
}

/** Whether text is whole numbers as the site writes them (digits, no leading zero), each at most `most`,
   separated by `sep` (a list) or alone (sep ""); bounded: the text is already no longer than its key's limit.
 @param {string} text @param {number} most @param {string} sep @returns {boolean} */
function numbers(text, most, sep) {
  if (sep && !text) return true; // an empty list
  var each = sep ? text.split(sep) : [text];
  for (var i = 0; i < each.length; i++) {
    var n = each[i];
    if (!/^(0|[1-9][0-9]*)$/.test(n) || n.length > String(most).length || Number(n) > most) return false;
  }
  return true;
}

/** @param {object} obj @param {string} key @returns {boolean} */
function own(obj, key) {
  return Object.prototype.hasOwnProperty.call(obj, key);
}

/** Everything a page of kind `page` reads from its address (see the top of this file).
 @param {unknown} search the query string (location.search)
 @param {unknown} hash the fragment (location.hash)
 @param {string} page the kind of page
 @returns {AddressRead} */
function read(search, hash, page) {
  var t = current();
  /** @type {string[]} */
  var notes = [];
  /** @type {Record<string, string>} */
  var dropped = {}; // part -> its note's key
  /** @type {AddressRead} */
  var out = { notes: notes, dropped: dropped };
  /** @type {Record<string, unknown>} */
  var values = out; // the same object, each key's text written by its name
  var kind = t && own(t.pages, page) ? page : "page";
  var keys = t ? t.pages[kind] : [];
  var all = t ? Object.keys(t.parts) : [];
  for (var a = 0; a < all.length; a++) values[all[a]] = null;
  if (!t) return out;
  /** @type {Record<string, string>} */
  var raw = {};

  // the fragment
  var h = typeof hash === "string" ? hash : "";
  if (h.charAt(0) === "#") h = h.slice(1);
  if (h && keys.indexOf("hash") >= 0) raw.hash = h;

  // the query, split only when it is no longer than the page's keys can make it
  var q = typeof search === "string" ? search : "";
  if (q.charAt(0) === "?") q = q.slice(1);
  var reads = keys.some(function (k) { return k !== "hash"; });
  if (q && reads && q.length > t.caps[kind]) {
    dropped.address = "address";
    notes.push(t.notes.address);
  } else if (q && reads) {
    var parts = q.split("&");
    for (var i = 0; i < parts.length; i++) {
      var eq = parts[i].indexOf("=");
      var key = eq > 0 ? parts[i].slice(0, eq) : "";
      if (key === "hash" || keys.indexOf(key) < 0) continue; // a key this page does not read
      if (own(raw, key)) dropped[t.parts[key]] = t.parts[key]; // given twice: which one was meant?
      else raw[key] = parts[i].slice(eq + 1);
    }
  }

  for (var k = 0; k < keys.length; k++) {
    var name = keys[k], part = t.parts[name];
    if (!own(raw, name) || own(dropped, part)) continue;
    var text = decode(raw[name], t.limits[name]);
    if (text === null) dropped[part] = part;
    else if (t.lines.indexOf(name) >= 0 && count(text, t.plies) > t.plies) dropped[part] = part + "-long";
    else if (own(t.numbers, name) && !numbers(text, t.numbers[name], own(t.lists, name) ? t.lists[name] : "")) {
      dropped[part] = part + "-number";
    } else values[name] = text;
  }
  /** @type {Record<string, boolean>} */
  var done = {};
  for (var n = 0; n < keys.length; n++) {
    var p = t.parts[keys[n]];
    if (!own(dropped, p)) continue;
    values[keys[n]] = null;
    if (own(done, p)) continue;
    done[p] = true;
    notes.push(t.notes[dropped[p]]);
  }
  return out;
}

/** The line the page says of a part of its address that names nothing there (the table's note of that key:
   "variant", "puzzle", "game"...), or "" without a table.
   @param {string} key @returns {string} */
function note(key) {
  var t = current();
  return t && own(t.notes, key) ? t.notes[key] : "";
}

export { read, use, source, note };
