/* vizgen index ctrl: the index's cards kept or hidden by the rules they change and by their rules' words.
 * Never touches document or window.
 *
 * The controller is given the cards (interfaces.js's Group, read by pages/index.js from the cards' data-rules and
 * data-words) and a `redraw` it calls after each change. A card shows when it has every ticked rule and every typed
 * word; a group with no card showing is hidden; the views (index/view/*.js) draw from `ctrl.state`.
 */

/** @typedef {import("./interfaces.js").Group} Group */
/** @typedef {import("./interfaces.js").FilterState} FilterState */

/** Whether a card shows: its rules (space-separated names) include every ticked one, and its words every
   typed word (any case; words are split at spaces and commas).
   @param {string | null | undefined} rules @param {string | null | undefined} words
   @param {ReadonlyArray<string>} ticked @param {string | null | undefined} typed @returns {boolean} */
export function matches(rules, words, ticked, typed) {
  const have = String(rules || "").split(" ");
  if (ticked.some((t) => have.indexOf(t) < 0)) return false;
  const text = String(words || "").toLowerCase();
  return String(typed || "").toLowerCase().split(/[\s,]+/).filter(Boolean).every((w) => text.indexOf(w) >= 0);
}

/** The address's query for a filter (#48 item 5): `?words=..&ticks=a.b` (only the parts set), or "" for none.
   @param {ReadonlyArray<string>} ticked @param {string} typed @returns {string} */
export function filterQuery(ticked, typed) {
  const parts = [];
  if (typed) parts.push("words=" + encodeURIComponent(typed));
  if (ticked.length) parts.push("ticks=" + ticked.map(encodeURIComponent).join("."));
  return parts.length ? "?" + parts.join("&") : "";
}

/** The filter an address asks for, as the address reader read it (its `words` and `ticks`, already bounded and
   decoded), kept to what the page has: only ticks that name one of its boxes (`known`), each once; `unknown` the
   ticks it asked for that name none (the page says so).
   @param {string | null | undefined} words @param {string | null | undefined} ticks @param {ReadonlyArray<string>} known
   @returns {{ ticked: string[], typed: string, unknown: string[] }} */
export function filterFrom(words, ticks, known) {
  const asked = String(ticks || "").split(".").filter((k) => k !== "");
  return { ticked: known.filter((k) => asked.indexOf(k) >= 0), typed: String(words || ""),
    unknown: asked.filter((k) => known.indexOf(k) < 0) };
}

/** The index's rule filter: its state and actions. */
export class IndexCtrl {
  /**
   * @param {ReadonlyArray<Group>} groups the index's sections, each with its cards
   * @param {() => void} redraw called after each change of `state`
   */
  constructor(groups, redraw) {
    this.groups = groups;
    this.redraw = redraw;
    /** @type {FilterState} */
    this.state = { ticked: [], typed: "", shows: [], groupShows: [], shown: 0, total: 0 };
    this.work();
  }

  /** Read the boxes and the words again: `ticked` the rules ticked (by name), `typed` the words in the box.
   @param {ReadonlyArray<string>} ticked @param {string} typed */
  set(ticked, typed) {
    this.state.ticked = ticked.slice();
    this.state.typed = typed;
    this.work();
    this.redraw();
  }

  /** Work out what shows. */
  work() {
    const s = this.state;
    s.shows = this.groups.map((cards) => cards.map((c) => matches(c.rules, c.words, s.ticked, s.typed)));
    s.groupShows = s.shows.map((cards) => cards.length === 0 || cards.some(Boolean));
    s.shown = s.shows.reduce((n, cards) => n + cards.filter(Boolean).length, 0);
    s.total = s.shows.reduce((n, cards) => n + cards.length, 0);
  }
}
