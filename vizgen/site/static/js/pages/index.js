/* index.js, the index's script where it lists rule filters: the one place where the filter (index/ctrl.js) meets
 * the page. It reads the cards' data-rules and data-words into the controller, shows or hides each card and group
 * and draws the count (index/view/count.js) after every change, and turns the boxes and the words into actions. */
import { IndexCtrl, matches } from "../index/ctrl.js";
import { countView } from "../index/view/count.js";
import { publish } from "./handle.js";

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
  const update = () => ctrl.set(boxes.filter((b) => b.checked).map((b) => b.value), words.value);
  boxes.forEach((b) => b.addEventListener("change", update));
  words.addEventListener("input", update);
  update();
}

publish({ rulefilter: { matches: matches, attach: attach } });
if (typeof document !== "undefined") attach(document);
