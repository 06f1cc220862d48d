/* vizgen search: a position from what a person typed, in the search box or the address's fragment.
 *
 * The model finds it (model.find: its notation or a spelling without separators on small pages, the
 * position's code on code pages, where locate also checks that a game reaches it). A position that is not
 * found gets a message saying how to type one.
 * create(app) returns {resolve(text), locate(text), message(text), hint(), wire()}.
 */
(function (VZ) {
  "use strict";

  var $ = VZ.util.byId;

  function create(app) {
    /* The id of a typed position, or undefined (on a code page: its code, reachable or not). */
    function resolve(text) {
      var t = String(text || "").trim();
      return t ? app.model.find(t) : undefined;
    }

    /* A promise of the id of a typed position once known to be one a game reaches (a code page loads its chunk). */
    function locate(text) {
      var model = app.model;
      var id = resolve(text);
      if (id === undefined || !model.lazy) return Promise.resolve(id);
      return model.ensure([id]).then(function () {
        return model.reachable(id) ? id : undefined;
      });
    }

    function message(text) {
      var el = $("search-msg");
      if (!el) return;
      el.textContent = text || "";
      el.classList.toggle("shown", !!text);
    }

    function hint() {
      var ex = app.model.name(app.model.startId);
      var cfg = app.cfg;
      var compact = cfg.r <= 10 && cfg.hands > 0 ? " (or " + ex.replace(/-/g, "").replace(/\/.*$/, "") + ")" : "";
      return "Type the hands of the player to move first, each player's hands in ascending order, like " + ex + compact + ".";
    }

    function wire() {
      var form = $("search");
      if (!form) return;
      form.addEventListener("submit", function (ev) {
        ev.preventDefault();
        var q = $("q").value;
        locate(q).then(function (id) {
          if (id === undefined) message(q.trim() ? "No position “" + q.trim() + "” in this variant. " + hint() : hint());
          else app.go(id);
        });
      });
    }

    return { resolve: resolve, locate: locate, message: message, hint: hint, wire: wire };
  }

  VZ.search = { create: create };
})(globalThis.VZ = globalThis.VZ || {});
