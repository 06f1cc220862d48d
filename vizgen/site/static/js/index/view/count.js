/* vizgen index view/count: how many variants show, from the filter's state (a pure function): "12 variants" when
 * every one shows, "3 of 12 variants" when the filter hides some. Words, not markup: the entry sets them as the
 * line's text. */

/** @typedef {import("../interfaces.js").FilterState} FilterState */

/**
 * The count line's words.
 * @param {FilterState} state
 * @returns {string}
 */
export function countView(state) {
  return state.shown === state.total ? state.total + " variants" : state.shown + " of " + state.total + " variants";
}
