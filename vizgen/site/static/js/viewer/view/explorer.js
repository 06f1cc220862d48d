/* vizgen viewer view/explorer: the explorer's words, as pure functions from the controller's state (ctrl.js) to
 * markup (core/html.js): the trail of the centres visited, and the caption that says what the neighbourhood
 * holds, with the button that shows more of level 2 when some is left out. */
import { html } from "../../core/html.js";
import * as util from "../../core/util.js";

/** @typedef {import("../../core/html.js").Html} Html */
/** @typedef {import("../interfaces.js").PageModel} PageModel */
/** @typedef {import("../interfaces.js").Walk} Walk */

/**
 * The trail: each centre visited, oldest first, a link coloured by its value.
 * @param {PageModel} model
 * @param {ReadonlyArray<number>} trail
 * @returns {Html}
 */
export function trailView(model, trail) {
  return html`<span class="trail-h">Trail:</span> ${trail.map(function (t, k) {
    return html`${k ? html` <span aria-hidden="true">›</span> ` : ""}<a class="pos ${model.cls(t)}" href="#${model.name(t)}">${model.name(t)}</a>`;
  })}`;
}

/**
 * The caption: the centre's moves and the positions that lead to it, level 2 shown of how many, and "show more"
 * (at most `step` more) when level 2 is cut.
 * @param {Walk} v
 * @param {number} step how many more positions "show more" adds at most
 * @returns {Html}
 */
export function captionView(v, step) {
  var plural = util.plural, picked = v.picked;
  var cut = picked.total > picked.shown;
  var text = plural(v.d0.moves.length, "move", "moves") + " from here, " +
    plural(v.d0.parents.length, "position leads", "positions lead") + " here; " +
    (cut ? "showing " + picked.shown + " of the " + picked.total + " positions two steps away."
      : picked.total + " positions two steps away.") +
    " Click any position to move the centre there.";
  var more = cut
    ? html`<button type="button" id="explorer-more" class="explorer-more">show ${Math.min(step, picked.total - picked.shown)} more</button>`
    : "";
  return html`${text}${more}`;
}
