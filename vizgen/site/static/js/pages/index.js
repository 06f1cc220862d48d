/* index.js, the index's script where it lists rule filters: the one place where the filter (index/ctrl.js) meets
 * the page. It reads the cards' data-rules and data-words into the controller, shows or hides each card and group
 * and draws the count (index/view/count.js) after every change, and turns the boxes and the words into actions.
 * The filter lives in the address (#48 item 5): opening it restores the filter (read by the site's one address
 * reader, its ticks kept to the page's boxes, its words set as the box's value, never as markup), and each change
 * replaces it (history.replaceState). On a phone the boxes fold behind "More filters", so the cards sit under
 * the search box. The address is read by the site's one reader, found on the page's handle (VZ.address). */
import { IndexCtrl, filterFrom, filterQuery, matches } from "../index/ctrl.js";
import { countView } from "../index/view/count.js";
import { publish } from "./handle.js";

/** The site's one address reader, as address.js (on every page, loaded before this: templates/base.html) offers
   it on the page's handle, with the page's table: read there, not bundled a second time (1.5 KB gzipped).
 @returns {Pick<typeof import("../core/address.js"), "read" | "note"> | null} */
function reader() {
  const VZ = /** @type {{ VZ?: { address?: Pick<typeof import("../core/address.js"), "read" | "note"> } }} */ (globalThis).VZ;
  return VZ && VZ.address && typeof VZ.address.read === "function" ? VZ.address : null;
}

/** Filter the cards of a document now and whenever a box or the words change.
 @param {Document} doc */
function attach(doc) {
  const input = doc.getElementById("rule-words");
  const count = doc.getElementById("rule-count");
  if (!(input instanceof HTMLInputElement) || !count) return;
  const words = input, counted = count, none = doc.getElementById("rule-none");
  const boxes = Array.from(/** @type {NodeListOf<HTMLInputElement>} */ (doc.querySelectorAll(".rule-boxes input[type=checkbox]")));
  const groups = Array.from(/** @type {NodeListOf<HTMLElement>} */ (doc.querySelectorAll("section.group")));
  const cards = groups.map((g) => Array.from(/** @type {NodeListOf<HTMLElement>} */ (g.querySelectorAll("article.card[data-rules]"))));
  const read = cards.map((list) => list.map((c) => ({ rules: c.getAttribute("data-rules") || "", words: c.getAttribute("data-words") || "" })));
  const ctrl = new IndexCtrl(read, () => {
    const s = ctrl.state;
    cards.forEach((list, g) => {
      list.forEach((c, k) => { c.hidden = !s.shows[g][k]; });
      groups[g].hidden = !s.groupShows[g];
    });
    counted.textContent = countView(s);
    if (none) none.hidden = s.shown > 0;
  });
  const view = doc.defaultView;
  const address = reader();
  const asked = view && address ? address.read(view.location.search, view.location.hash, "index") : null;
  const said = asked ? asked.notes.slice() : []; // what the address asked for and was left out: said, never silent
  if (asked && (asked.words || asked.ticks)) {
    const want = filterFrom(asked.words, asked.ticks, boxes.map((b) => b.value));
    words.value = want.typed;
    boxes.forEach((b) => { b.checked = want.ticked.indexOf(b.value) >= 0; });
    if (want.unknown.length && address) said.push(address.note("filter-rules"));
  }
  const note = doc.getElementById("rule-note");
  if (note && said.length) {
    note.textContent = said.join(" ");
    note.hidden = false;
  }
  const more = doc.getElementById("rule-more");
  const phone = !!view && !!view.matchMedia && view.matchMedia("(max-width: 640px)").matches;
  if (more instanceof HTMLDetailsElement && phone && !boxes.some((b) => b.checked)) more.open = false;
  const update = () => {
    const ticked = boxes.filter((b) => b.checked).map((b) => b.value);
    ctrl.set(ticked, words.value);
    if (view && view.history && view.history.replaceState) {
      const here = view.location.pathname + filterQuery(ticked, words.value) + view.location.hash;
      try { view.history.replaceState(view.history.state, "", here); } catch { /* an address the browser will not change (some file:// pages) */ }
    }
  };
  boxes.forEach((b) => b.addEventListener("change", update));
  words.addEventListener("input", update);
  // on a phone, the search box goes to the top of the screen when tapped, so the cards show under it while typing
  const bar = words.closest(".rule-filter-bar");
  if (phone && bar) words.addEventListener("focus", () => bar.scrollIntoView({ block: "start" }));
  ctrl.set(boxes.filter((b) => b.checked).map((b) => b.value), words.value);
}

publish({ rulefilter: { matches: matches, attach: attach } });
if (typeof document !== "undefined") attach(document);
