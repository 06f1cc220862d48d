/* vizgen page: what the entries read from the page itself: an element by its id, and the address table the
 * base template writes (<script id="vizgen-address">, vizgen/site/data/address_words.py's), handed to
 * core/address.js by the entries that read the address (address.from(addressTable)).
 */

/** The element of this id, or null (no document in Node, or in the rules page's worker).
 @param {string} id @returns {HTMLElement | null} */
function byId(id) {
  return typeof document === "undefined" ? null : document.getElementById(id);
}

/** The page's address table, or null when the page has none (or it cannot be read).
 @returns {import("../../core/payloads").AddressTable | null} */
function addressTable() {
  var el = byId("vizgen-address");
  if (!el) return null;
  try {
    return /** @type {import("../../core/payloads").AddressTable} */ (JSON.parse(el.textContent || "")); // the site's own JSON
  } catch {
    return null;
  }
}

export { byId, addressTable };
