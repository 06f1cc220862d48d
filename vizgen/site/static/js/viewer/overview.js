/* vizgen overview: a big variant's picture of every position (overview.png), marked at the selected
 * position and clickable: a click selects the nearest position (xy.js holds where each one sits).
 * create(app) returns {mark(id), wire()}.
 */
import { byId as $ } from "../core/util.js";


function create(app) {
  var xy = null;
  function positions() {
    if (!xy) xy = app.load("xy");
    return xy;
  }

  /* Put the mark on position id. */
  function mark(id) {
    var el = $("overview-mark");
    if (!el) return;
    positions().then(function (p) {
      el.style.left = ((100 * p.x[id]) / p.w).toFixed(3) + "%";
      el.style.top = ((100 * p.y[id]) / p.h).toFixed(3) + "%";
      el.hidden = false;
    }).catch(function () {});
  }

  /* The position nearest to a point of the picture (its pixels), or -1. */
  function nearest(p, px, py) {
    var best = -1, bd = Infinity;
    for (var i = 0; i < p.x.length; i++) {
      var dx = p.x[i] - px, dy = p.y[i] - py, dd = dx * dx + dy * dy;
      if (dd < bd) { bd = dd; best = i; }
    }
    return best;
  }

  function wire() {
    var img = $("overview");
    if (!img) return;
    img.addEventListener("click", function (ev) {
      var rect = img.getBoundingClientRect();
      positions().then(function (p) {
        var best = nearest(p, ((ev.clientX - rect.left) * p.w) / rect.width, ((ev.clientY - rect.top) * p.h) / rect.height);
        if (best >= 0) {
          app.go(best);
          $("explore").scrollIntoView({ behavior: "smooth", block: "start" });
        }
      });
    });
  }

  return { mark: mark, wire: wire };
}

export { create };
