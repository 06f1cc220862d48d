/* vizgen play view, the import box (issue #48 item 6): a fold under the ways to play, with the paste's text area,
 * the button that reviews it, and what was said of the last paste (import.js's Importer; words through the one
 * escaping path, the paste never written as markup but as the text area's text).
 */
import { html } from "../../core/html.js";

/** @typedef {import("../../core/html.js").Html} Html */

/**
 * The import box.
 * @param {{ open: boolean, text: string, message: string }} st the Importer's state
 * @param {Record<string, string>} W the play words
 * @returns {Html}
 */
export function importView(st, W) {
  return html`<details class="play-import"${st.open ? " open" : ""}><summary>${W.import}</summary>${""
  }<p class="play-import-says">${W["import-says"]}</p><label class="play-import-label">${W["import-label"]}${""
  }<textarea data-import rows="4" spellcheck="false" autocomplete="off">${st.text}</textarea></label>${""
  }<p><button type="button" data-act="import">${W["import-go"]}</button></p>${
    st.message ? html`<p class="play-import-message" role="alert">${st.message}</p>` : ""}</details>`;
}
