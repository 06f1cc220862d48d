/* vizgen play view, the evaluation bar (issue #48 item 8): the value of the position the game is at, for the
 * player to move there (win, draw or loss and the plies to the end), in its verdict's words and class (the
 * contract's), beside a bar filled by the class's rank (a win full, a draw half, a loss empty). The words are
 * always shown: colour never alone.
 */
import { contract } from "../../core/contract.js";
import { html } from "../../core/html.js";
import { fill as say } from "../../core/util.js";

/** @typedef {import("../../core/html.js").Html} Html */
/** @typedef {import("../interfaces.js").Evaluation} Evaluation */

/**
 * The bar and its words: "Player 1 to move: win in 5 plies".
 * @param {Evaluation} ev the value (PlayCtrl.evaluation) @param {string} name the seat to move, named
 * @param {Record<string, string>} W words.PLAY @returns {Html}
 */
export function evalbar(ev, name, W) {
  var top = Object.keys(contract.classes).length - 1;
  var share = Math.round((100 * contract.classes[ev.cls].rank) / top);
  var words = say(W.evalbar, { name: name, verdict: ev.words });
  return html`<div class="play-evalbar"><span class="play-evalbar-track" aria-hidden="true"><span class="play-evalbar-fill ${
    ev.cls}" style="width:${share}%"></span></span><p class="play-evalbar-words ${ev.cls}">${words}</p></div>`;
}
