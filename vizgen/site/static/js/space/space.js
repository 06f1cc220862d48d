/* vizgen space: the rule space's explorer. Tick rules and read the answer from the recorded map at once.
 *
 * The page's form names its data file (space-data.js, vizgen/site/render/space_page.py): the record's columns (a
 * rule set's combination, the first player's value, the remoteness, positions, drawn positions, its game), the
 * space's axes and the standard rules. The boxes give a combination's index (vizgen.analysis.sweep's
 * space_overrides, read the other way), the map its figures; the rule set's spec links to the rules page.
 *
 * window.vizgenSpace is its face to tests: {ready, spec, value}.
 */
import * as loader from "../core/loader.js";
import * as util from "../core/util.js";
import { esc } from "../core/util.js";

/* Start the rule space explorer */
export function boot() {
  if (typeof document === "undefined") return;
  var form = document.getElementById("space-form");
  if (!form) return;
  var box = document.getElementById("space-choices");
  var answer = document.getElementById("space-answer");
  var api = (window.vizgenSpace = { ready: false, spec: null, value: null });
  var BITS = 15;
  var data = null, rows = null, groups = null;

  function words(name) { return name.replace(/_/g, " "); }

  function control(name, choices) {
    if (choices === null) {
      return '<label><input type="checkbox" name="' + esc(name) + '"> ' + esc(words(name)) + "</label>";
    }
    var opts = choices.map(function (c, k) {
      return '<option value="' + k + '">' + esc(String(c)) + "</option>";
    }).join("");
    return '<label>' + esc(words(name)) + ' <select name="' + esc(name) + '">' + opts + "</select></label>";
  }

  /* The ticked rule set: its parameters and its combination's index. */
  function chosen() {
    var params = {}, bits = 0;
    data.bools.forEach(function (name, k) {
      var input = form.elements.namedItem(name);
      var on = input ? input.checked : data.fixed[name] === true;
      params[name] = on;
      if (on) bits += 1 << k;
    });
    var pick = function (name) { return Number(form.elements.namedItem(name).value); };
    var swapsRow = data.swaps.map(function (s) { return s[1] === "row"; });
    var swapIndex = data.swaps.findIndex(function (s, k) { return swapsRow[k] && s[0] === pick("swaps"); });
    var overflow = pick("overflow"), attack = pick("attack"), halvesies = pick("halvesies");
    params.overflow = data.overflow[overflow];
    params.attack = data.attack[attack];
    params.halvesies = data.halvesies[halvesies];
    params.swaps = data.swaps[swapIndex][0];
    params.swap_count = data.swaps[swapIndex][1];
    var block = ((overflow * data.attack.length + attack) * data.halvesies.length + halvesies) * data.swaps.length;
    return { params: params, index: (block + swapIndex) * Math.pow(2, BITS) + bits };
  }

  function specOf(params) {
    var parts = [];
    data.order.forEach(function (name) {
      if (name in params && params[name] !== data.standard[name]) parts.push(name + "=" + String(params[name]));
    });
    return "standard" + (parts.length ? ":" + parts.join(",") : "");
  }

  function show() {
    var pick = chosen();
    var spec = specOf(pick.params);
    var href = "rules.html?rules=" + encodeURIComponent(spec).replace(/%3A/gi, ":").replace(/%2C/gi, ",")
      .replace(/%3D/gi, "=");
    var row = rows.get(pick.index);
    api.spec = spec;
    if (row === undefined) {
      api.value = null;
      answer.innerHTML = "<code>" + esc(spec) + "</code>: the rules refuse this combination " +
        "(<code>vizgen sweep</code> says why).";
      return;
    }
    var value = { W: "the first player wins", L: "the second player wins", D: "a draw" }[data.value[row]];
    api.value = value;
    var rem = data.remoteness[row];
    var same = groups[data.game[row]] - 1;
    var idle = [];  // the rules that, turned the other way here, give the very same game
    data.bools.forEach(function (name, k) {
      if (name in data.fixed) return;
      var bit = Math.pow(2, k);
      var other = rows.get(Math.floor(pick.index / bit) % 2 ? pick.index - bit : pick.index + bit);
      if (other !== undefined && data.game[other] === data.game[row]) idle.push(words(name));
    });
    var text = "<b>" + esc(value) + "</b>" + (rem >= 0 ? " in " + util.plural(rem, "ply", "plies") : "") + "; " +
      data.positions[row].toLocaleString("en") + " positions, " +
      (100 * data.draws[row] / data.positions[row]).toFixed(1) + " % of them drawn. " +
      (same ? "The same game as " + same.toLocaleString("en") + " other rule set" + (same === 1 ? "" : "s") +
        " of the map. " : "A game no other rule set of the map gives. ") +
      (idle.length ? "Makes no difference here: " + esc(idle.join(", ")) + ". " : "") +
      '<a href="' + esc(href) + '">Solve <code>' + esc(spec) + "</code> on the rules page</a>.";
    answer.innerHTML = text;
  }

  function setup(loaded) {
    data = loaded;
    rows = new Map();
    groups = {};
    var at = 0;
    data.index.forEach(function (gap, k) {
      at += gap;
      rows.set(at, k);
      groups[data.game[k]] = (groups[data.game[k]] || 0) + 1;
    });
    var html = data.bools.filter(function (name) { return !(name in data.fixed); }).map(function (name) {
      return control(name, null);
    });
    html.push(control("overflow", data.overflow), control("attack", data.attack), control("halvesies", data.halvesies),
      control("swaps", data.swaps.filter(function (s) { return s[1] === "row"; }).map(function (s) { return s[0]; })));
    box.insertAdjacentHTML("beforeend", html.join(" "));
    ["transfers", "divisions"].forEach(function (name) {
      var input = form.elements.namedItem(name);
      if (input) input.checked = data.standard[name];
    });
    form.addEventListener("change", show);
    show();
    api.ready = true;
  }

  // a data file (a script calling vizgenLoad), so the page reads it from file:// as from a server
  loader.create(form.getAttribute("data-root") || "")(form.getAttribute("data-source"))
    .then(setup)
    .catch(function () { answer.textContent = "The map could not be loaded."; });
}
