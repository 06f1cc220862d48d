/* vizgen rules view/same: whether the rules chosen are a built-in variant's, with a link to its page. */
import { html } from "../../core/html.js";

/**
 * @param {string | null} same the built-in variant with exactly these rules, if any
 * @param {import("../engine/rulebook.js").BookData} book
 * @param {string} root the site's root, relative to the page
 * @returns {import("../../core/html.js").Html}
 */
function sameView(same, book, root) {
  return same
    ? html`These are the rules of the built-in variant <a href="${root}variants/${same}.html">${
      book.variants[same].title}</a>: its page has the same answers, drawn from the atlas.`
    : html`No built-in variant has exactly these rules.`;
}

/** The command that builds these rules as a page of the atlas. @param {string} spec */
function command(spec) {
  return "python -m vizgen build --variant " + spec;
}

export { sameView, command };
