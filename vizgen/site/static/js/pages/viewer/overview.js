/* vizgen overview: a big variant's picture of every position (overview.png), marked at the selected
 * position and clickable: a click selects the nearest position (xy.js holds where each one sits).
 * create(app) returns {mark(id), wire()}.
 */
import { byId as $ } from "../core/page.js";

/** @typedef {import("../../viewer/interfaces.js").App} App */
/** @typedef {{ x: number[], y: number[], w: number, h: number }} Places  xy.js: where each position sits, in the picture's pixels */

/**
 * @param {App} app
 * @returns {{ mark(id: number): void, wire(): void }}
 */
function create(app) {
  /** @type {Promise<Places> | null} */
  var xy = null;
  /** @returns {Promise<Places>} */
  function positions() {
    if (!xy) xy = /** @type {Promise<Places>} */ (app.load("xy")); // the site's own file
    return xy;
  }

  /** Put the mark on position id.
   @param {number} id */
  function mark(id) {
    var el = $("overview-mark");
    if (!el) return;
    var mk = el;
    positions().then(function (p) {
      mk.style.left = ((100 * p.x[id]) / p.w).toFixed(3) + "%";
      mk.style.top = ((100 * p.y[id]) / p.h).toFixed(3) + "%";
      mk.hidden = false;
    }).catch(function () {});
  }

  /** The position nearest to a point of the picture (its pixels), or -1.
   @param {Places} p @param {number} px @param {number} py @returns {number} */
  function nearest(p, px, py) {
    var best = -1, bd = Infinity;
    for (var i = 0; i < p.x.length; i++) {
      var dx = p.x[i] - px, dy = p.y[i] - py, dd = dx * dx + dy * dy;
      if (dd < bd) { bd = dd; best = i; }
    }
    return best;
  }

  function wire() {
    var found = $("overview");
    if (!found) return;
    var img = found;
    img.addEventListener("click", function (ev) {
      var rect = img.getBoundingClientRect();
      positions().then(function (p) {
        var best = nearest(p, ((ev.clientX - rect.left) * p.w) / rect.width, ((ev.clientY - rect.top) * p.h) / rect.height);
        if (best >= 0) {
          app.go(best);
          var explore = $("explore");
          if (explore) explore.scrollIntoView({ behavior: "smooth", block: "start" });
        }
      });
    });
  }

  return { mark: mark, wire: wire };
}

export { create };
