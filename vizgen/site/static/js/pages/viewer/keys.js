/* vizgen keys: the keyboard in the panel, the panel as a bottom sheet on phones, the variant menu.
 *
 * Arrow keys (or j and k) step through the panel's moves, Enter plays one (it is a link), Backspace or
 * Alt+Left goes back; the focus stays in the panel (panel.js). On a phone (vizgen.css) the panel is a
 * bottom sheet with three heights: its first line (peek), half the screen (open after a selection) and the
 * whole screen under the header (full); its handle drags it between them (it snaps to the nearest) or, tapped,
 * folds and opens it. It steps aside while the viewer is out of sight. The variant menu in the header closes on a click elsewhere or Escape.
 */
import { byId as $ } from "../core/page.js";


/** @returns {HTMLElement[]} the panel's moves' links */
function moveLinks() {
  return Array.from(/** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#panel tr.move td.mv a")));
}
/** Whether an event comes from inside a form field.
 @param {Event} ev @returns {boolean} */
function inField(ev) {
  return ev.target instanceof Element && !!ev.target.closest("input, select, textarea");
}
/** Whether an event comes from the sheet's handle.
 @param {Event} ev @returns {boolean} */
function onHandle(ev) {
  return ev.target instanceof Element && !!ev.target.closest(".sheet-toggle");
}

function wireKeys() {
  var found = $("panel");
  if (!found) return;
  var panel = found;
  /* j and k work as soon as the page opens: from anywhere but a form field, they step into the panel's moves */
  document.addEventListener("keydown", function (ev) {
    if (ev.defaultPrevented || ev.ctrlKey || ev.metaKey || ev.altKey || (ev.target instanceof Node && panel.contains(ev.target))) return;
    if ((ev.key !== "j" && ev.key !== "k") || inField(ev)) {
      return;
    }
    var links = moveLinks();
    if (!links.length) return;
    links[ev.key === "j" ? 0 : links.length - 1].focus();
    ev.preventDefault();
  });
  panel.addEventListener("keydown", function (ev) {
    if (ev.ctrlKey || ev.metaKey || inField(ev)) return;
    var key = ev.key;
    var down = key === "ArrowDown" || key === "j";
    if (down || key === "ArrowUp" || key === "k") {
      var links = moveLinks();
      if (!links.length) return;
      var k = document.activeElement instanceof HTMLElement ? links.indexOf(document.activeElement) : -1;
      var next = k < 0 ? (down ? 0 : links.length - 1) : Math.max(0, Math.min(links.length - 1, k + (down ? 1 : -1)));
      links[next].focus();
      ev.preventDefault();
    } else if (key === "Backspace" || (key === "ArrowLeft" && ev.altKey)) {
      ev.preventDefault();
      history.back();
    }
  });
}

/** @type {{ matches: boolean } | null} */
var phone = null;
/** @returns {boolean} */
function isPhone() {
  if (!phone) phone = window.matchMedia ? window.matchMedia("(max-width: 760px)") : { matches: false };
  return phone.matches;
}
/** Set the sheet's height: "peek", "half" or "full".
 @param {HTMLElement} panel @param {"peek" | "half" | "full"} state */
function setSheet(panel, state) {
  panel.classList.toggle("open", state !== "peek");
  panel.classList.toggle("full", state === "full");
  var t = panel.querySelector(".sheet-toggle");
  if (t) t.setAttribute("aria-expanded", String(state !== "peek"));
}
/** Open (or fold) the panel's sheet; on a phone the graph moves up under the header, above the open sheet. A
   sheet at full height stays so.
   @param {boolean} open */
function sheet(open) {
  var panel = $("panel");
  if (!panel) return;
  setSheet(panel, !open ? "peek" : panel.classList.contains("full") ? "full" : "half");
  var g = $("graph");
  if (open && isPhone() && g && Math.abs(g.getBoundingClientRect().top - 64) > 24) {
    g.scrollIntoView({ block: "start" });
  }
}

/* On a phone, open the sheet to the whole screen under the header (a game: the board, the turn and the moves
   at once); its handle still folds it to show the graph. */
function expand() {
  var panel = $("panel");
  if (panel && isPhone()) setSheet(panel, "full");
}

/** The handle drags the sheet: it follows the finger and, let go, snaps to the nearest of its three heights.
 @param {HTMLElement} panel */
function wireDrag(panel) {
  /** @type {{ y: number, h: number, moved: boolean } | null} */
  var drag = null, swallow = false;
  panel.addEventListener("pointerdown", function (ev) {
    if (!isPhone() || !onHandle(ev)) return;
    drag = { y: ev.clientY, h: panel.getBoundingClientRect().height, moved: false };
    if (ev.target instanceof Element && ev.target.setPointerCapture) ev.target.setPointerCapture(ev.pointerId);
  });
  panel.addEventListener("pointermove", function (ev) {
    if (!drag) return;
    var dy = ev.clientY - drag.y;
    if (!drag.moved && Math.abs(dy) < 6) return;
    drag.moved = true;
    panel.classList.add("dragging");
    panel.style.maxHeight = Math.max(48, Math.min(window.innerHeight, drag.h - dy)) + "px";
    ev.preventDefault();
  });
  function end() {
    if (!drag) return;
    var moved = drag.moved;
    drag = null;
    if (!moved) return;
    var h = panel.getBoundingClientRect().height, vh = window.innerHeight;
    panel.style.maxHeight = "";
    panel.classList.remove("dragging");
    var heights = { peek: 0, half: 0.5 * vh, full: vh };
    /** @type {"peek" | "half" | "full"} */
    var best = "peek";
    /** @type {Array<"peek" | "half" | "full">} */ (["peek", "half", "full"]).forEach(function (k) {
      if (Math.abs(heights[k] - h) < Math.abs(heights[best] - h)) best = k;
    });
    setSheet(panel, best);
    swallow = true; // the click that ends a drag is not a tap
  }
  panel.addEventListener("pointerup", end);
  panel.addEventListener("pointercancel", end);
  panel.addEventListener("click", function (ev) {
    if (!onHandle(ev)) return;
    if (swallow) { swallow = false; return; }
    setSheet(panel, panel.classList.contains("open") ? "peek" : "half");
  });
}

function wireSheet() {
  var panel = $("panel");
  var explore = $("explore");
  if (!panel || !explore) return;
  var sheetEl = panel;
  wireDrag(panel);
  if (window.IntersectionObserver) {
    new IntersectionObserver(function (entries) {
      sheetEl.classList.toggle("away", !entries[0].isIntersecting);
    }).observe(explore);
  }
}

function wireSwitcher() {
  var found = document.querySelector(".switcher");
  if (!(found instanceof HTMLDetailsElement)) return;
  var sw = found;
  document.addEventListener("click", function (ev) {
    if (sw.open && !(ev.target instanceof Node && sw.contains(ev.target))) sw.open = false;
  });
  document.addEventListener("keydown", function (ev) {
    if (ev.key === "Escape" && sw.open) sw.open = false;
  });
}

export { wireKeys, wireSheet, wireSwitcher, sheet, expand };
