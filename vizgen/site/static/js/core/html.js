/* vizgen html: the one escaping path from data to markup. A view builds its markup with the html`` tag, which
 * escapes every value spliced into it (text and attributes alike) unless the value is markup made the same way;
 * render() and renderEnd() are the only writers of markup into the page. No other module touches innerHTML.
 *
 *   render(box, html`<b>${name}</b> in ${plural(n, "ply", "plies")}`);
 *   render(list, html`<ul>${items.map((item) => html`<li>${item}</li>`)}</ul>`);
 */
import { esc } from "./util.js";

/** Markup made by {@link html} (or {@link trusted}): its text is safe to write into the page. */
export class Html {
  /** @param {string} text */
  constructor(text) {
    /** @readonly */
    this.text = text;
  }

  toString() {
    return this.text;
  }
}

/**
 * One value spliced into markup: markup as it is, a list item by item, nothing for null, undefined and false,
 * anything else as escaped text.
 * @param {unknown} value
 * @returns {string}
 */
function piece(value) {
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(piece).join("");
  if (value === null || value === undefined || value === false) return "";
  return esc(String(value));
}

/**
 * The html`` tag: the template's own text as it is, every value escaped (see {@link piece}).
 * @param {TemplateStringsArray} strings
 * @param {...unknown} values
 * @returns {Html}
 */
export function html(strings, ...values) {
  let out = strings[0];
  for (let i = 0; i < values.length; i++) out += piece(values[i]) + strings[i + 1];
  return new Html(out);
}

/**
 * Markup the site itself wrote (a template's or the Python's, never the visitor's or storage's): kept as it is.
 * @param {string} text
 * @returns {Html}
 */
export function trusted(text) {
  return new Html(text);
}

/**
 * Replace what ``el`` holds with ``content``.
 * @param {Element} el
 * @param {Html} content
 */
export function render(el, content) {
  el.innerHTML = content.text;
}

/**
 * Add ``content`` at the end of ``el``.
 * @param {Element} el
 * @param {Html} content
 */
export function renderEnd(el, content) {
  el.insertAdjacentHTML("beforeend", content.text);
}
