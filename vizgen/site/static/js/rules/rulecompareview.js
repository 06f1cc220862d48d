/* vizgen rulecompareview: the rules page's comparison of the solved rule set with another (ruleside.js attaches
 * it): the standard rules, one rule toggled or any rule set (compare=B in the address: any spec rules= takes),
 * both rule sets' figures side by side (rulecompare.js) and the positions whose value changes; a compare= that
 * cannot be read is said with the address's note (vizgen/site/address_words.py) and the engine's reason.
 */
import { html, render } from "../core/html.js";
import * as rulebadge from "./rulebadge.js";
import * as rulecompare from "./rulecompare.js";
import * as rulemap from "./rulemap.js";
import * as solving from "./solving.js";
import * as util from "../core/util.js";

/** @typedef {import("./ruleside.js").SidePage} SidePage */
/** @typedef {import("./engine/rulebook.js").Params} Params */
/** @typedef {import("./engine/rulesolve.js").Solved} Solved */
/** @typedef {import("./interfaces.js").Comparison} Comparison */

/** @type {SidePage} */
var P;

/** @param {string} id */
function field(id) {
  return /** @type {HTMLInputElement} */ (P.$(id));
}
/** @param {string} id */
function menu(id) {
  return /** @type {HTMLSelectElement} */ (P.$(id));
}

/**
 * Take the page's state and helpers; fill the menu and read compare=.
 * @param {SidePage} page
 */
function attach(page) {
  P = page;
  compareOptions();
}

/**
 * A toggle's option in words, from the rules as they are now: "the same rules with one-point switch on" (the
 * rule's name from the Python's one table, vizgen.analysis.rulebook.RULE_WORDS, shipped in the rule book).
 * @param {string} name
 * @returns {string}
 */
function toggleWords(name) {
  var D = P.cfg.book, on = !(P.state.params && P.state.params[name]);
  return "the same rules with " + (Object.prototype.hasOwnProperty.call(D.words, name) ? D.words[name] : name) +
    (on ? " on" : " off");
}

/** Say each toggle's option as the rules are now (on where the rules have it off, and off where on). */
function sayToggles() {
  Array.prototype.forEach.call(menu("rules-compare").options, function (/** @type {HTMLOptionElement} */ o) {
    if (o.value !== "base" && o.value !== "spec") o.textContent = toggleWords(o.value);
  });
}

function compareOptions() {
  var D = P.cfg.book, state = P.state, sel = menu("rules-compare");
  var toggles = D.names.filter(function (name) { return typeof D.defaults[name] === "boolean"; });
  render(sel, html`<option value="base">the standard rules (same players, hands and r)</option>${
    toggles.map(function (name) { return html`<option value="${name}">${toggleWords(name)}</option>`; })
  }<option value="spec">another rule set (type its rules)</option>`);
  // compare=B from the address: any spec rules= takes; one that cannot be read is said, never dropped quietly
  var given = state.compareSpec;
  if (state.compareDropped) compareNote(P.cfg.notes.compare);
  else if (given) {
    field("rules-compare-spec").value = given;
    var why = useCompare(given);
    if (why) compareNote(P.cfg.notes.compare + " (" + why + ".)");
    else sel.value = "spec";
  }
  P.$("rules-compare-other").hidden = sel.value !== "spec";
  sel.addEventListener("change", function () {
    var typed = sel.value === "spec";
    P.$("rules-compare-other").hidden = !typed;
    compareNote("");
    state.compareSpec = null;
    if (typed) {
      var bad = field("rules-compare-spec").value.trim() ? useCompare(field("rules-compare-spec").value) : null;
      if (bad) compareNote("That rule set cannot be compared: " + bad + ".");
      field("rules-compare-spec").focus();
    }
    P.keepAddress();
    compareWith();
  });
  field("rules-compare-spec").addEventListener("change", function () {
    compareNote("");
    var bad = useCompare(field("rules-compare-spec").value);
    if (bad) compareNote("That rule set cannot be compared: " + bad + ".");
    P.keepAddress();
    compareWith();
  });
}

/**
 * Compare with the rule set `text` names from now on: null, or why it cannot be read (the engine's words).
 * @param {string} text
 * @returns {string | null}
 */
function useCompare(text) {
  var state = P.state;
  try {
    var read = P.book.read(text);
    state.compareSpec = P.book.spec(read.base, read.params);
    state.compareParams = read.params;
    return null;
  } catch (e) {
    state.compareSpec = null;
    return /** @type {Error} */ (e).message;
  }
}
/** @param {string} text */
function compareNote(text) {
  P.$("rules-compare-note").textContent = text;
  P.$("rules-compare-note").hidden = !text;
  P.api.compareNote = text || null;
}
/**
 * The rule set chosen under "compare with": {params, spec}, or a sentence to show instead.
 * @returns {{params: Params, spec: string} | string}
 */
function compareTarget() {
  var state = P.state, book = P.book, which = menu("rules-compare").value;
  if (which === "spec") {
    if (!state.compareSpec) return "Type the rules to compare with as the address writes them, e.g. standard:r=6.";
    return { params: Object.assign({}, /** @type {Params} */ (state.compareParams)), spec: state.compareSpec };
  }
  var other = Object.assign({}, state.params);
  if (which === "base") {
    other = Object.assign(book.params("standard"), { players: state.params.players, hands: state.params.hands,
      r: state.params.r });
  } else other[which] = !other[which];
  return { params: other, spec: book.spec("standard", other) };
}

/** How long a comparison's solve goes on, in milliseconds, before the page says how far it has got. */
var SLOW_MS = 1000;
/**
 * A comparison's solve that takes longer than SLOW_MS says so: the page's progress bar (with its Cancel button)
 * at the top, where a person is looking, and a line in the comparison, each with how far it has got and the
 * seconds it has taken (the compile tells its rows, the solve its positions); both go on the solve's progress
 * (`tell`, what the page's solver reports, from the worker or the page's slices) and are taken down by `stop`.
 * @param {string} otherSpec @param {number} size the positions the rule set allows @param {HTMLElement} out
 * @returns {{tell: import("./engine/rulesolve.js").Progress, stop: () => void}}
 */
function progress(otherSpec, size, out) {
  var t0 = Date.now(), shown = false, stopped = false;
  /** @type {[string, number, number]} */
  var last = ["compile", 0, 1];
  function draw() {
    if (stopped) return;
    shown = true;
    var step = last[0], done = last[1];
    var words = P.steps[step] || step, secs = Math.floor((Date.now() - t0) / 1000);
    var far = done > 1 && (step === "enumerate" || step === "solve") ? ", " + util.count(done) + " positions so far" : "";
    P.working(true, solving.fraction(step, done, last[2], size), "comparing with " + otherSpec + ": " + words +
      ", " + secs + " s");
    out.textContent = "Solving " + otherSpec + " to compare with (up to " + util.count(size) + " positions): " + words +
      far + ", " + secs + " s so far… The Cancel button at the top stops it.";
  }
  var timer = P.clock.later(function () {
    draw();
    timer = P.clock.every(draw, SLOW_MS);
  }, SLOW_MS);
  return {
    tell: function (step, done, total) {
      last = [step, done, total];
      if (shown || Date.now() - t0 >= SLOW_MS) draw();
    },
    stop: function () {
      stopped = true;
      P.clock.stop(timer);
      if (shown) P.working(false);
    },
  };
}

/**
 * Solve the rule set chosen under "compare with" and show both rule sets' figures side by side, and the
 * positions whose value changes.
 * @returns {Promise<void>}
 */
function compareWith() {
  var state = P.state, api = P.api, D = P.cfg.book, book = P.book;
  sayToggles();
  var s = state.solved;
  if (!s) return Promise.resolve();
  var solved = s;
  var out = P.$("rules-compare-out");
  var target = compareTarget();
  if (typeof target === "string") {
    out.textContent = target;
    return Promise.resolve();
  }
  var other = target.params, otherSpec = target.spec;
  if (D.names.every(function (k) { return other[k] === state.params[k]; })) {
    render(out, menu("rules-compare").value === "spec" ? html`<p>${otherSpec} are your rules: choose another rule set to compare.</p>`
      : html`<p>Your rules are the standard rules for ${state.params.players} players, ${
        state.params.hands} hands and r = ${state.params.r}: choose a rule to toggle to compare.</p>`);
    api.compare = { spec: otherSpec, changed: 0, sentence: out.textContent || "", figures: null };
    return Promise.resolve();
  }
  var why = book.problem(other);
  if (why) {
    render(out, html`<p>${otherSpec} cannot be played: ${why}.</p>`);
    return Promise.resolve();
  }
  var size = book.estimate(other);
  if (size > D.max_positions) {
    render(out, html`<p>${otherSpec} allows up to ${util.count(size)} positions: too big to solve beside your rules here (this comparison takes up to ${
      util.count(D.max_positions)}).</p>`);
    return Promise.resolve();
  }
  out.textContent = "Solving " + otherSpec + "…";
  var slow = progress(otherSpec, size, out);
  return P.compare(other, otherSpec, slow.tell).then(function (c) {
    slow.stop();
    if (!c || state.solved !== solved) return;
    var f = /** @type {import("./rulefacts.js").Facts} */ (state.facts);
    render(out, html`${sideTable(c)}${changedTable(solved, f, c)}`);
    api.compare = { spec: otherSpec, changed: c.changed.length, sentence: c.sentence, figures: c.figures };
    var cells = c.each ? rulemap.differ(solved, f, c.other, c.facts) : null;
    if (cells && !state.booted) {
      // the value map shows the same comparison (made once, with the viewer)
      P.cfg.compare = [{ slug: otherSpec, title: otherSpec, cells: cells.cells, value: cells.value }];
    }
  }, function (e) {
    slow.stop();
    if (state.solved !== solved) return;
    out.textContent = String(e.message) === "cancelled" ? "Stopped: " + otherSpec + " was not solved." :
      "Could not solve " + otherSpec + " here: " + String(e.message || e);
  });
}

/**
 * A rule set's spec as notation that a narrow column breaks only after its colon and commas, never inside a
 * rule's text ("standard:r=" / "6" once).
 * @param {string} spec
 */
function breakable(spec) {
  return html`<code class="spec">${spec.split(/(?<=[:,])/).map(function (part, k) {
    return k ? html`<wbr>${part}` : html`${part}`;
  })}</code>`;
}

/**
 * Both rule sets' figures side by side (the ones that differ marked ≠), and the comparison's sentence.
 * @param {Comparison} c
 */
function sideTable(c) {
  var rows = rulecompare.sideBySide(c.figures[0], c.figures[1], P.cfg.words.units);
  var differ = rows.filter(function (r) { return r.differ; }).length;
  return html`<div class="rules-side-wrap"><table class="data rules-side"><caption>${
    differ ? "Marked ≠: the " + util.plural(differ, "figure", "figures") + " that differ." :
      "Every figure is the same."}</caption><thead><tr><th scope="col">Figure</th><th scope="col">Your rules<br>${
    breakable(P.currentSpec())}</th><th scope="col">Compared with<br>${breakable(c.spec)}</th></tr></thead><tbody>${
    rows.map(function (r) {
      /**
       * @param {string} text
       * @param {import("./rulefacts.js").ClassKey | null} k
       */
      var cell = function (text, k) {
        return html`<td${r.cls ? "" : html` class="num"`}>${k ? rulebadge.classBadge(k, text) : text}</td>`;
      };
      return html`<tr class="${r.differ ? "differ" : "same"}"><th scope="row">${r.label}${
        r.differ ? html` <span class="differs" title="differs">≠</span>` : ""}</th>${
        cell(r.a, r.cls && r.cls[0])}${cell(r.b, r.cls && r.cls[1])}</tr>`;
    })}</tbody></table></div><p>${c.sentence}</p>`;
}

/**
 * The positions whose value changes (the first 40), each with its value here and under the other rules.
 * @param {Solved} solved @param {import("./rulefacts.js").Facts} f @param {Comparison} c
 */
function changedTable(solved, f, c) {
  var list = c.changed;
  if (!list.length) return "";
  return html`<div class="rules-side-wrap"><table class="data"><thead><tr><th scope="col">Position</th><th scope="col">Here</th><th scope="col">Under ${
    breakable(c.spec)}</th></tr></thead><tbody>${list.slice(0, 40).map(function (pair) {
    var name = solved.rules.name(solved.codes[pair[0]]);
    return html`<tr><td><a href="#" data-node="${pair[0]}">${name}</a></td><td>${
      rulebadge.verdictBadge(solved, f, pair[0])}</td><td>${rulebadge.verdictBadge(c.other, c.facts, pair[1])}</td></tr>`;
  })}</tbody></table></div>${list.length > 40 ? html`<p>… and ${util.count(list.length - 40)} more.</p>` : ""}`;
}

export { attach, compareWith };
