/* vizgen rulefilter: the index's cards kept or hidden by the rules they change and by their rules' words.
 *
 * Each card carries data-rules (the parameters it changes from the standard game, by name) and data-words
 * (its title, summary, spec and the words of its rules). A card shows when it has every ticked rule and every
 * typed word; a group with no card showing is hidden, and a line says how many variants show.
 */
/** Whether a card shows: its rules (space-separated names) include every ticked one, and its words every
   typed word (any case; words are split at spaces and commas).
   @param {string | null | undefined} rules @param {string | null | undefined} words
   @param {ReadonlyArray<string>} ticked @param {string | null | undefined} typed @returns {boolean} */
function matches(rules, words, ticked, typed) {
  var have = String(rules || "").split(" ");
  for (var i = 0; i < ticked.length; i++) if (have.indexOf(ticked[i]) < 0) return false;
  var text = String(words || "").toLowerCase();
  return String(typed || "").toLowerCase().split(/[\s,]+/).filter(Boolean).every(function (w) {
    return text.indexOf(w) >= 0;
  });
}

/** Filter the cards of a document now and whenever a box or the words change.
 @param {Document} doc */
function attach(doc) {
  var input = doc.getElementById("rule-words");
  var count = doc.getElementById("rule-count");
  if (!(input instanceof HTMLInputElement) || !count) return;
  var words = input, counted = count;
  var boxes = Array.from(/** @type {NodeListOf<HTMLInputElement>} */ (doc.querySelectorAll(".rule-boxes input[type=checkbox]")));
  var groups = Array.from(/** @type {NodeListOf<HTMLElement>} */ (doc.querySelectorAll("section.group")));
  var none = doc.getElementById("rule-none");
  function update() {
    var ticked = boxes.filter(function (b) { return b.checked; }).map(function (b) { return b.value; });
    var shown = 0, total = 0;
    groups.forEach(function (g) {
      var cards = Array.from(/** @type {NodeListOf<HTMLElement>} */ (g.querySelectorAll("article.card[data-rules]")));
      var here = 0;
      cards.forEach(function (c) {
        var ok = matches(c.getAttribute("data-rules"), c.getAttribute("data-words"), ticked, words.value);
        c.hidden = !ok;
        if (ok) here += 1;
      });
      g.hidden = cards.length > 0 && here === 0;
      shown += here;
      total += cards.length;
    });
    counted.textContent = shown === total ? total + " variants" : shown + " of " + total + " variants";
    if (none) none.hidden = shown > 0;
  }
  boxes.forEach(function (b) { b.addEventListener("change", update); });
  words.addEventListener("input", update);
  update();
}

export { matches, attach };
