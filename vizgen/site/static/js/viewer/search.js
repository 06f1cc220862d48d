/* vizgen search: a position from what a person typed, in the search box or the address's fragment.
 *
 * The model finds it (model.find: its notation or a spelling without separators on small pages, the
 * position's code on code pages, where locate also checks that a game reaches it). Hands may be typed in any
 * order inside a player's group ("21-11" finds 12-11): each group is put in the notation's order by looking it
 * up among the hand sets the page knows (the rule tables' sets and hands on code pages, the groups of the
 * notations on small pages), every order of each set's hands leading to it. A position that is not found gets a
 * message saying how to type one (hint; the controller, ctrl.js, says it).
 * create(page) returns {resolve(text), locate(text), hint()}.
 */
import * as util from "../core/util.js";

/**
 * What the search reads: the page's model and configuration (the controller, ctrl.js).
 * @typedef {{ readonly model: import("./interfaces.js").PageModel, readonly cfg: import("./interfaces.js").Config }} Page
 */
/**
 * What the viewer asks of the search.
 * @typedef {{ resolve(text: string): number | undefined, locate(text: string): Promise<number | undefined>,
 *   hint(): string }} Search
 */

/**
 * A position from what a person typed.
 * @param {Page} app
 * @returns {Search}
 */
function create(app) {
  /** @type {Map<string, string> | null} */
  var orders = null; // every order of every hand set, written as the set is -> the set's notation

  /** Every order of a list.
   @param {string[]} list @returns {string[][]} */
  function permutations(list) {
    if (list.length < 2) return [list.slice()];
    /** @type {string[][]} */
    var out = [];
    list.forEach(function (x, i) {
      permutations(list.slice(0, i).concat(list.slice(i + 1))).forEach(function (p) { out.push([x].concat(p)); });
    });
    return out;
  }
  /** The hand sets of the page: [notation, hands as written] (rule tables on code pages, notations else).
   @returns {Array<[string, string[]]>} */
  function handSets() {
    var R = app.model.rules && app.model.rules.R;
    if (R) {
      var tables = R;
      return R.sets.map(function (name, s) { return /** @type {[string, string[]]} */ ([name, tables.hands[s].map(String)]); });
    }
    /** @type {Set<string>} */
    var seen = new Set();
    /** @type {Array<[string, string[]]>} */
    var out = [];
    (app.model.notation || []).forEach(function (name) {
      name.replace(/\/s\d+$/, "").split("-").forEach(function (g) {
        if (!seen.has(g)) { seen.add(g); out.push([g, g.indexOf(".") >= 0 ? g.split(".") : g.split("")]); }
      });
    });
    return out;
  }
  /** @returns {Map<string, string>} */
  function orderIndex() {
    if (orders) return orders;
    /** @type {Array<[string, string]>} */
    var pairs = [];
    handSets().forEach(function (set) {
      var name = set[0], sep = set[1].join("") === name ? "" : ".";
      permutations(set[1]).forEach(function (p) { pairs.push([p.join(sep), name]); });
    });
    orders = util.unambiguous(pairs);
    return orders;
  }
  /** A typed position with each player's hands put in the notation's order, or null if a group is unknown.
   @param {string} text @returns {string | null} */
  function inOrder(text) {
    var t = String(text).trim(), suffix = "";
    var sw = /\/s\d+$/.exec(t);
    if (sw) { suffix = sw[0]; t = t.slice(0, sw.index); }
    var groups = t.split(/[\s-]+/).filter(Boolean);
    var P = app.model.P || app.cfg.players || 0;
    if (groups.length === 1 && P > 1 && groups[0].length % P === 0 && groups[0].indexOf(".") < 0) {
      var w = groups[0].length / P, one = groups[0];
      groups = [];
      for (var i = 0; i < P; i++) groups.push(one.slice(i * w, (i + 1) * w));
    }
    var index = orderIndex();
    var named = groups.map(function (g) { return index.get(g); });
    return named.every(function (g) { return g !== undefined; }) ? named.join("-") + suffix : null;
  }

  /** The id of a typed position, or undefined (on a code page: its code, reachable or not).
   @param {string} text @returns {number | undefined} */
  function resolve(text) {
    var t = String(text || "").trim();
    if (!t) return undefined;
    var id = app.model.find(t);
    if (id !== undefined) return id;
    var sorted = inOrder(t);
    return sorted === null ? undefined : app.model.find(sorted);
  }

  /** A promise of the id of a typed position once known to be one a game reaches (a code page loads its chunk).
   @param {string} text @returns {Promise<number | undefined>} */
  function locate(text) {
    var model = app.model;
    var id = resolve(text);
    if (id === undefined || !model.lazy || !model.ensure) return Promise.resolve(id);
    var code = id;
    return model.ensure([code]).then(function () {
      return model.reachable && model.reachable(code) ? code : undefined;
    });
  }

  /** @returns {string} */
  function hint() {
    var ex = app.model.name(app.model.startId);
    var cfg = app.cfg;
    var compact = cfg.r !== undefined && cfg.r <= 10 && cfg.hands !== undefined && cfg.hands > 0 ? " (or " + ex.replace(/-/g, "").replace(/\/.*$/, "") + ")" : "";
    return "Type the hands of the player to move first, then the next player's, like " + ex + compact +
      " (each player's hands in any order).";
  }

  return { resolve: resolve, locate: locate, hint: hint };
}

export { create };
