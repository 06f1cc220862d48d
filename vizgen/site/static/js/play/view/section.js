/* vizgen play view, the play box (in the panel, below the hands): the heading and tools, the seats, what the box
 * says of a record that cannot be read (with a button that starts a fresh game), a link just copied, the
 * evaluation bar (evalbar.js) and where the game stands.
 */
import { html } from "../../core/html.js";
import { evalbar } from "./evalbar.js";
import { status } from "./status.js";
import { head, seats } from "./tools.js";

/** @typedef {import("../../core/html.js").Html} Html */
/** @typedef {import("../interfaces.js").Ctx} Ctx */
/** @typedef {import("../interfaces.js").Box} Box */

/** The play box. @param {Box} box @param {Ctx} ctx @returns {Html} */
export function section(box, ctx) {
  var g = box.game, W = ctx.W;
  return html`${head(g, ctx)}${seats(box.seats, g, box.kinds, ctx)}${
    box.message ? html`<p class="play-message" role="status">${box.message}${
      g ? "" : html` <button type="button" data-act="fresh">${W.fresh}</button>`}</p>` : ""}${
    box.copied ? html`<p class="play-copied" role="status">${W.copied}</p>` : ""}${
    g && ctx.evaluation ? evalbar(ctx.evaluation, ctx.role(g, ctx.evaluation.seat), W) : ""}${g ? status(g, ctx) : ""}`;
}
