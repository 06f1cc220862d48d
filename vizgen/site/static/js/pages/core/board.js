/* vizgen board, the page's side: the touch board (core/board.js) hears its taps, drags and keys from the page
 * through `touch`, and is put back in place, its focus kept, when it is drawn again. The board shown is the
 * panel's (#panel .board).
 */
import { render } from "../../core/html.js";

/** @typedef {import("../../core/board.js").Taps} Taps */
/** @typedef {import("../../core/html.js").Html} Html */

/** @param {EventTarget | null} target @param {string} selector @returns {HTMLElement | null} */
function closest(target, selector) {
  var found = target instanceof Element ? target.closest(selector) : null;
  return found instanceof HTMLElement ? found : null;
}

/**
 * The board's taps, drags and keys on the page: a move's button plays it, Cancel (or Escape) lets the hand go, a
 * hand tapped, or one of yours dragged onto another (the same as tapping one, then the other).
 * @param {Taps} on
 */
function listen(on) {
  document.addEventListener("click", function (ev) {
    var t = closest(ev.target, "#panel .board button");
    if (!t) return;
    if (t.dataset.dst !== undefined) on.play(Number(t.dataset.dst));
    else if (t.dataset.board === "cancel") on.cancel();
    else if (t.dataset.hand !== undefined) on.tap(Number(t.dataset.seat), Number(t.dataset.hand));
  });
  /** @type {{ j: number, x: number, y: number } | null} */
  var drag = null;
  document.addEventListener("pointerdown", function (ev) {
    var t = closest(ev.target, '#panel .board .hand-btn[data-seat="0"]');
    drag = t ? { j: Number(t.dataset.hand), x: ev.clientX, y: ev.clientY } : null;
  });
  document.addEventListener("pointerup", function (ev) {
    if (!drag) return;
    var from = drag;
    drag = null;
    if (Math.abs(ev.clientX - from.x) + Math.abs(ev.clientY - from.y) < 12) return; // a tap: the click handles it
    var t = closest(document.elementFromPoint(ev.clientX, ev.clientY), "#panel .board .hand-btn");
    if (!t || (t.dataset.seat === "0" && Number(t.dataset.hand) === from.j)) return;
    on.drag(from.j, Number(t.dataset.seat), Number(t.dataset.hand));
  });
  document.addEventListener("keydown", function (ev) {
    if (ev.key === "Escape") on.escape();
  });
}

/** Put the board drawn again in place of the one shown, the focus on the first control one of the selectors
 `focus` finds (none: the focus stays where it was).
 @param {Html} board @param {string[]} focus */
function replace(board, focus) {
  var el = document.querySelector("#panel .board");
  if (!el || !el.parentNode) return;
  var wrap = document.createElement("div");
  render(wrap, board);
  var fresh = /** @type {Element} */ (wrap.firstElementChild);
  el.parentNode.replaceChild(fresh, el);
  for (var i = 0; i < focus.length; i++) {
    var f = fresh.querySelector(focus[i]);
    if (f instanceof HTMLElement) {
      f.focus({ preventScroll: true });
      return;
    }
  }
}

/** @type {import("../../core/board.js").BoardPage} */
var touch = { listen: listen, replace: replace };

export { touch };
