/* vizgen space: the rule space's explorer. Tick rules and read the answer from the recorded map at once.
 *
 * The page's form names its data file (space-data.js, vizgen/site/render/space_page.py); ruleset.js reads a rule
 * set's index, spec and row from it. Here: the form's boxes, drawn from the space's axes, and the answer under
 * them; the rule set's spec links to the rules page.
 *
 * window.vizgenSpace is its face to tests: {ready, spec, value}.
 */
import { html, render, renderEnd } from "../core/html.js";
import * as loader from "../core/loader.js";
import * as util from "../core/util.js";
import * as ruleset from "./ruleset.js";

/** @typedef {import("./ruleset.js").SpaceData} SpaceData */
/** @typedef {import("../core/html.js").Html} Html */
/** @typedef {{ ready: boolean, spec: string | null, value: string | null }} SpaceApi */

/** A rule's name in words.
 @param {string} name @returns {string} */
function words(name) { return name.replace(/_/g, " "); }

/** A rule's control: a box for a rule that is on or off, else a list of its choices.
 @param {string} name @param {ReadonlyArray<unknown> | null} choices @returns {Html} */
function control(name, choices) {
  if (choices === null) {
    return html`<label><input type="checkbox" name="${name}"> ${words(name)}</label>`;
  }
  var opts = choices.map(function (c, k) {
    return html`<option value="${k}">${String(c)}</option>`;
  });
  return html`<label>${words(name)} <select name="${name}">${opts}</select></label>`;
}

/* Start the rule space explorer */
export function boot() {
  if (typeof document === "undefined") return;
  var formEl = document.getElementById("space-form");
  var boxEl = document.getElementById("space-choices");
  var answerEl = document.getElementById("space-answer");
  if (!(formEl instanceof HTMLFormElement) || !boxEl || !answerEl) return;
  var form = formEl, box = boxEl, answer = answerEl;
  /** @type {SpaceApi} */
  var api = { ready: false, spec: null, value: null };
  /** @type {{ vizgenSpace?: SpaceApi }} */ (/** @type {unknown} */ (window)).vizgenSpace = api;

  /** The form's control of this name, if any.
   @param {string} name @returns {HTMLInputElement | HTMLSelectElement | null} */
  function field(name) {
    var el = form.elements.namedItem(name);
    return el instanceof HTMLInputElement || el instanceof HTMLSelectElement ? el : null;
  }

  /** The form's choices.
   @param {SpaceData} data @returns {import("./ruleset.js").Choices} */
  function choices(data) {
    /** @type {Record<string, boolean>} */
    var bools = {};
    data.bools.forEach(function (name) {
      var input = field(name);
      bools[name] = input instanceof HTMLInputElement ? input.checked : data.fixed[name] === true;
    });
    var pick = function (/** @type {string} */ name) {
      var el = field(name);
      return Number(el ? el.value : undefined);
    };
    return { bools: bools, overflow: pick("overflow"), attack: pick("attack"), halvesies: pick("halvesies"), swaps: pick("swaps") };
  }

  /** @param {SpaceData} data @param {ReturnType<typeof ruleset.record>} rec */
  function show(data, rec) {
    var pick = ruleset.chosen(data, choices(data));
    var spec = ruleset.specOf(data, pick.params);
    var href = "rules.html?rules=" + encodeURIComponent(spec).replace(/%3A/gi, ":").replace(/%2C/gi, ",")
      .replace(/%3D/gi, "=");
    var row = rec.rows.get(pick.index);
    api.spec = spec;
    if (row === undefined) {
      api.value = null;
      render(answer, html`<code>${spec}</code>: the rules refuse this combination (<code>vizgen sweep</code> says why).`);
      return;
    }
    /** @type {Record<string, string>} */
    var said = { W: "the first player wins", L: "the second player wins", D: "a draw" };
    var value = said[data.value[row]];
    api.value = value;
    var rem = data.remoteness[row];
    var same = rec.groups[data.game[row]] - 1;
    var idle = ruleset.idle(data, rec.rows, pick.index, row).map(words); // the rules that make no difference here
    render(answer, html`<b>${value}</b>${rem >= 0 ? " in " + util.plural(rem, "ply", "plies") : ""}; ${data.positions[row].toLocaleString("en")} positions, ${(100 * data.draws[row] / data.positions[row]).toFixed(1)} % of them drawn. ${same ? "The same game as " + same.toLocaleString("en") + " other rule set" + (same === 1 ? "" : "s") +
        " of the map. " : "A game no other rule set of the map gives. "}${idle.length ? "Makes no difference here: " + idle.join(", ") + ". " : ""}<a href="${href}">Solve <code>${spec}</code> on the rules page</a>.`);
  }

  /** @param {unknown} loaded space-data.js's payload (the site's own file) */
  function setup(loaded) {
    var data = /** @type {SpaceData} */ (loaded);
    var rec = ruleset.record(data);
    var controls = data.bools.filter(function (name) { return !(name in data.fixed); }).map(function (name) {
      return control(name, null);
    });
    controls.push(control("overflow", data.overflow), control("attack", data.attack), control("halvesies", data.halvesies),
      control("swaps", data.swaps.filter(function (s) { return s[1] === "row"; }).map(function (s) { return s[0]; })));
    renderEnd(box, html`${controls.map(function (c, k) { return html`${k ? " " : ""}${c}`; })}`);
    ["transfers", "divisions"].forEach(function (name) {
      var input = field(name);
      if (input instanceof HTMLInputElement) input.checked = /** @type {boolean} */ (data.standard[name]);
    });
    form.addEventListener("change", function () { show(data, rec); });
    show(data, rec);
    api.ready = true;
  }

  // a data file (a script calling vizgenLoad), so the page reads it from file:// as from a server
  loader.create(form.getAttribute("data-root") || "")(form.getAttribute("data-source") || "")
    .then(setup)
    .catch(function () { answer.textContent = "The map could not be loaded."; });
}
