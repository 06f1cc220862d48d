/* vizgen keys: the keyboard in the panel, the panel as a bottom sheet on phones, the variant menu.
 *
 * Arrow keys (or j and k) step through the panel's moves, Enter plays one (it is a link), Backspace or
 * Alt+Left goes back; the focus stays in the panel (panel.js). On a phone (vizgen.css) the panel is a
 * bottom sheet, open after a selection, folded to its first line by its handle; it steps aside while the
 * viewer is out of sight. The variant menu in the header closes on a click elsewhere or Escape.
 */
(function (VZ) {
  "use strict";

  var $ = VZ.util.byId;

  function moveLinks() {
    return Array.prototype.slice.call(document.querySelectorAll("#panel tr.move td.mv a"));
  }

  function wireKeys() {
    var panel = $("panel");
    if (!panel) return;
    panel.addEventListener("keydown", function (ev) {
      if (ev.ctrlKey || ev.metaKey || (ev.target.closest && ev.target.closest("input, select, textarea"))) return;
      var key = ev.key;
      var down = key === "ArrowDown" || key === "j";
      if (down || key === "ArrowUp" || key === "k") {
        var links = moveLinks();
        if (!links.length) return;
        var k = links.indexOf(document.activeElement);
        var next = k < 0 ? (down ? 0 : links.length - 1) : Math.max(0, Math.min(links.length - 1, k + (down ? 1 : -1)));
        links[next].focus();
        ev.preventDefault();
      } else if (key === "Backspace" || (key === "ArrowLeft" && ev.altKey)) {
        ev.preventDefault();
        history.back();
      }
    });
  }

  var phone = null;
  /* Open (or fold) the panel's sheet; on a phone the graph moves up under the header, above the open sheet. */
  function sheet(open) {
    var panel = $("panel");
    if (!panel) return;
    panel.classList.toggle("open", open);
    if (!phone) phone = window.matchMedia ? window.matchMedia("(max-width: 760px)") : { matches: false };
    var g = $("graph");
    if (open && phone.matches && g && Math.abs(g.getBoundingClientRect().top - 64) > 24) {
      g.scrollIntoView({ block: "start" });
    }
    var t = panel.querySelector(".sheet-toggle");
    if (t) t.setAttribute("aria-expanded", String(open));
  }

  function wireSheet() {
    var panel = $("panel");
    var explore = $("explore");
    if (!panel || !explore) return;
    panel.addEventListener("click", function (ev) {
      if (ev.target.closest(".sheet-toggle")) sheet(!panel.classList.contains("open"));
    });
    if (window.IntersectionObserver) {
      new IntersectionObserver(function (entries) {
        panel.classList.toggle("away", !entries[0].isIntersecting);
      }).observe(explore);
    }
  }

  function wireSwitcher() {
    var sw = document.querySelector(".switcher");
    if (!sw) return;
    document.addEventListener("click", function (ev) {
      if (sw.open && !sw.contains(ev.target)) sw.open = false;
    });
    document.addEventListener("keydown", function (ev) {
      if (ev.key === "Escape" && sw.open) sw.open = false;
    });
  }

  VZ.keys = { wireKeys: wireKeys, wireSheet: wireSheet, wireSwitcher: wireSwitcher, sheet: sheet };
})(globalThis.VZ = globalThis.VZ || {});
