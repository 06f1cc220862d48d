/* vizgen retry: at the end of a game on a variant's page, "Retry from your mistake": the practice page with each
 * position where your move lost value (a mistake or a blunder, review.js's marks) as a puzzle to solve again.
 * The positions travel as the play record's moves do (game.js): names joined by "_".
 */
import { contract } from "../core/contract.js";
import * as util from "../core/util.js";

/* The positions (names) where a move of yours was a mistake or a blunder, in the order played, each once. */
function positions(W, g, marked) {
  var out = [];
  marked.forEach(function (r, k) {
    if (!r || g.seats[g.mover(k)] !== "you") return;
    var key = contract.marks[r.mark].key;
    var name = g.model.name(g.line()[k]);
    if ((key === "mistake" || key === "blunder") && out.indexOf(name) < 0) out.push(name);
  });
  return out;
}

/* The practice page's address for these positions of the variant `slug`, from a variant's page. */
function href(slug, names) {
  return "../practice.html?variant=" + encodeURIComponent(slug) + "&retry=" +
    names.map(function (n) { return encodeURI(n); }).join("_");
}

/* The link, or nothing when you lost no value or the page is not a variant's. */
function link(W, g, marked, path) {
  var m = /([^/]+)\.html$/.exec(path || "");
  var names = positions(W, g, marked);
  if (!m || !names.length) return "";
  return '<p class="play-retry"><a href="' + util.esc(href(decodeURIComponent(m[1]), names)) +
    '">Retry from your mistake' + (names.length > 1 ? "s (" + names.length + ")" : "") + "</a></p>";
}

export { positions, href, link };
