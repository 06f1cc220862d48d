/* vizgen index view/count: how many variants show, from the filter's state (a pure function to markup through
 * core/html.js): "12 variants" when every one shows, "3 of 12 variants" when the filter hides some. */
import { html } from "../../core/html.js";

/** @typedef {import("../interfaces.js").FilterState} FilterState */
/** @typedef {import("../../core/html.js").Html} Html */

/**
 * The count line's words.
 * @param {FilterState} state
 * @returns {Html}
 */
export function countView(state) {
  return html`${state.shown === state.total ? state.total + " variants" : state.shown + " of " + state.total + " variants"}`;
}
