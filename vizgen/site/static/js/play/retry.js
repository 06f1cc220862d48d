/* vizgen retry: at the end of a game on a variant's page, "Retry from your mistake": the practice page with each
 * position where your move lost value (a mistake or a blunder, review.js's marks) as a puzzle to solve again.
 * The positions travel as the play record's moves do (game.js): names joined by "_".
 */
import { contract } from "../core/contract.js";
import { html } from "../core/html.js";
import { HUMANS } from "./game.js";

/** @typedef {import("./game.js").Game} Game */
/** @typedef {import("./review.js").Marked} Marked */
/** @typedef {import("../core/html.js").Html} Html */

/* The positions (names) where a move of yours (or of a person's) was a mistake or a blunder, in the order played, each once. */
/** @param {unknown} W @param {Game} g @param {ReadonlyArray<Marked | null>} marked @returns {string[]} */
function positions(W, g, marked) {
  /** @type {string[]} */
  var out = [];
  marked.forEach(function (r, k) {
    if (!r || HUMANS.indexOf(g.seats[g.mover(k)]) < 0) return;
    var key = contract.marks[r.mark].key;
    var name = g.model.name(g.line()[k]);
    if ((key === "mistake" || key === "blunder") && out.indexOf(name) < 0) out.push(name);
  });
  return out;
}

/* The practice page's address for these positions of the variant `slug`, from a variant's page. */
/** @param {string} slug @param {ReadonlyArray<string>} names @returns {string} */
function href(slug, names) {
  return "../practice.html?variant=" + encodeURIComponent(slug) + "&retry=" +
    names.map(function (n) { return encodeURI(n); }).join("_");
}

/* The link, or nothing when you lost no value or the page is not a variant's. */
/**
 * @param {unknown} W @param {Game} g @param {ReadonlyArray<Marked | null>} marked @param {string} path
 * @returns {Html | null}
 */
function link(W, g, marked, path) {
  var m = /([^/]+)\.html$/.exec(path || "");
  var names = positions(W, g, marked);
  if (!m || !names.length) return null;
  return html`<p class="play-retry"><a href="${href(decodeURIComponent(m[1]), names)}">Retry from your mistake${
    names.length > 1 ? "s (" + names.length + ")" : ""}</a></p>`;
}

export { positions, href, link };
