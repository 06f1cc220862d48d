/* vizgen rulespage: "Try your own rules": a rule set from the address or the form, solved on this machine.
 *
 * The page's configuration (<script id="rules-config">) carries the rulebook's data and the words. The rule
 * set lives in the address as a spec string (rules.html?rules=cutoff:death_attack=true); the form (ruleform.js)
 * edits it; each change is checked (rulebook.js, the engine's own refusals) and sized (the engine's estimate)
 * before anything is compiled; then rulesworker.js solves it off the page and the page shows the start's value,
 * the counts and a position with its moves (ruleresult.js), a game against the perfect player (rulegame.js), a
 * comparison with another rule set (any spec: rules.html?rules=A&compare=B) and a sweep of one number
 * (ruleside.js, loaded with rulesmore.js), a link, the JSON download and the recent rule sets (rulerecent.js). A
 * rule set past the page's usual limit is solved where the device reports the memory for it, with a progress
 * bar and a Cancel that ends the worker. This module holds the page's state and wires these together.
 *
 * window.vizgenRules is its face to tests: {ready, spec, solution, facts, error, refused, compare, sweep}.
 */
import * as address from "../core/address.js";
import { contract } from "../core/contract.js";
import { html, render } from "../core/html.js";
import * as util from "../core/util.js";
import * as rulefacts from "./rulefacts.js";
import * as ruleform from "./ruleform.js";
import * as rulegame from "./rulegame.js";
import * as rulemaxn from "./rulemaxn.js";
import * as rulemodel from "./rulemodel.js";
import * as rulerecent from "./rulerecent.js";
import * as ruleresult from "./ruleresult.js";
import * as rulesworker from "./rulesworker.js";
import * as movegen from "./engine/movegen.js";
import * as rulebook from "./engine/rulebook.js";
import * as rulesolve from "./engine/rulesolve.js";

/** @typedef {import("./engine/rulebook.js").Params} Params */
/** @typedef {import("./engine/rulebook.js").Allowance} Allowance */
/** @typedef {import("./engine/rulesolve.js").Solved} Solved */
/** @typedef {import("./rulefacts.js").Facts} Facts */
/** @typedef {import("./rulegame.js").Game} Game */
/**
 * The page's configuration (vizgen/site/rulespage.py rules_context): what the data files, the comparison, the
 * download, the guide and the rules of thumb read, and the legends and the rule set to start from.
 * @typedef {import("./rulemodel.js").ModelConfig & import("./ruleside.js").SideConfig
 *   & import("./ruledownload.js").DownloadConfig & {guide: Record<string, string>,
 *   thumbs: import("./rulethumbs.js").ThumbsData, legends: Record<string, Record<string, string>>, from: string}} RulesConfig
 */
/**
 * The page's state.
 * @typedef {import("./ruleside.js").SideState & {solved: Solved | null, facts: Facts | null, shown: number | null,
 *   game: Game | null, r?: number}} PageState
 */
/**
 * The page's face to tests (window.vizgenRules).
 * @typedef {import("./ruleside.js").SideApi & {ready: boolean, spec: string | null, solution: Solved | null,
 *   facts: Facts | null, error: string | null, refused: string | null, large?: boolean,
 *   guide?: {must: number, thumbs?: string[] | null}}} PageApi
 */
/**
 * The modules of the page's second script (rulesmore.js), handed over on the page's handle.
 * @typedef {{ruleguide: typeof import("./ruleguide.js"), rulethumbs: typeof import("./rulethumbs.js"),
 *   ruleside: typeof import("./ruleside.js"), ruledownload: typeof import("./ruledownload.js")}} Late
 */
/** @typedef {{ready?: boolean, error?: unknown, go: (node: number) => void}} Viewer the variant pages' viewer */

/** Start the rules page (not in its Web Worker, which loads the same script) */
export function boot() {
  if (typeof document === "undefined") return;
  var cfgEl = document.getElementById("rules-config");
  if (!cfgEl) return;
  /** @type {RulesConfig} */
  var cfg = JSON.parse(cfgEl.textContent || "");
  var D = cfg.book, W = cfg.words;
  var book = new rulebook.Book(D);
  var $ = function (/** @type {string} */ id) { return /** @type {HTMLElement} */ (document.getElementById(id)); };
  var field = function (/** @type {string} */ id) { return /** @type {HTMLInputElement} */ ($(id)); };
  var page = /** @type {Window & {vizgenRules?: PageApi, vizgen?: Viewer}} */ (window);
  /** @type {PageApi} */
  var api = (page.vizgenRules = { ready: false, spec: null, solution: null, facts: null, error: null, refused: null });
  /** @type {PageState} */
  var state = { base: "standard", params: book.params("standard"), solved: null, facts: null, shown: null, game: null,
    figures: /** @type {import("./rulefacts.js").Figures} */ (/** @type {unknown} */ (null)) };
  var formSet = false; // whether the form holds rules yet (the standard rules until then)
  // the modules of the page's second script (rulesmore.js: ruledownload, ruleguide, ruleside, rulethumbs), handed
  // over on the page's handle (pages/rulesmore.js) once loaded (downloadScript)
  /** @type {Late | null} */
  var late = null;

  /** The solved rule set and its facts (the views run once it is solved). */
  function solved() {
    return { s: /** @type {Solved} */ (state.solved), f: /** @type {Facts} */ (state.facts) };
  }

  /**
   * What the address says for this page (the site's address reader, core/address.js): rules=, compare= and the
   * notes of what it left out.
   * @returns {{rules?: string | null, compare?: string | null, notes: string[]}}
   */
  function readAddress() {
    return address.read(location.search, location.hash, "rules");
  }
  /* The spec string the address names, or "". */
  function specFromAddress() {
    return readAddress().rules || "";
  }
  /** @param {string} spec */
  function encSpec(spec) {
    return encodeURIComponent(spec).replace(/%3A/gi, ":").replace(/%2C/gi, ",").replace(/%3D/gi, "=");
  }
  /** @param {string} spec */
  function addressOf(spec) {
    return "?rules=" + encSpec(spec) + (state.compareSpec ? "&compare=" + encSpec(state.compareSpec) : "");
  }

  // ------------------------------------------------------------------ the form
  function buildForm() {
    var base = /** @type {HTMLSelectElement} */ ($("rules-base"));
    ruleform.build(D, base, $("rules-axes"));
    base.addEventListener("change", function () {
      state.base = base.value;
      state.params = book.params(base.value);
      fillForm();
      changed();
    });
    $("rules-axes").addEventListener("change", function (ev) {
      var el = /** @type {HTMLInputElement} */ (ev.target), name = el.name;
      if (!name) return;
      state.params[name] = ruleform.valueOf(D, name, el);
      changed();
    });
    $("rules-spec").addEventListener("change", function () { open(field("rules-spec").value); });
  }
  function fillForm() {
    formSet = true;
    ruleform.setRules(D, state.base, state.params);
  }

  // ------------------------------------------------------------------ reading, checking, sizing
  /** @param {string} spec */
  function open(spec) {
    var read;
    try {
      read = book.read(spec);
    } catch (e) {
      // keep the form where it was (the standard rules at first); say why in the engine's words
      if (!formSet) {
        state.params = book.params("standard");
        fillForm();
      }
      api.spec = spec;
      field("rules-spec").value = spec;
      showProblem(spec, /** @type {Error} */ (e).message);
      return;
    }
    state.base = read.base;
    state.params = read.params;
    fillForm();
    changed(true);
  }
  function currentSpec() {
    return book.spec(state.base, state.params);
  }
  /** @param {string} spec */
  function command(spec) {
    return "python -m vizgen build --variant " + spec;
  }
  /** @param {boolean} [first] */
  function changed(first) {
    var spec = currentSpec();
    if (state.booted && spec !== api.spec) {
      // the viewer shows one rule set a page: other rules are another page
      location.replace(addressOf(spec));
      return;
    }
    api.spec = spec;
    field("rules-spec").value = spec;
    if (!first || specFromAddress() !== spec) history.replaceState(null, "", addressOf(spec) + location.hash);
    $("rules-command").textContent = command(spec);
    var same = book.builtin(state.params);
    render($("rules-same"), same
      ? html`These are the rules of the built-in variant <a href="${cfg.root}variants/${same}.html">${
        D.variants[same].title}</a>: its page has the same answers, drawn from the atlas.`
      : html`No built-in variant has exactly these rules.`);
    var why = book.problem(state.params);
    if (why) {
      showProblem(spec, why);
      return;
    }
    var memory = /** @type {Navigator & {deviceMemory?: number}} */ (navigator).deviceMemory;
    var fit = book.allowance(state.params, memory);
    if (!fit.ok) {
      tooBig(fit);
      return;
    }
    api.refused = null;
    solve(spec, fit.size, fit.large);
  }
  /* Refuse a rule set too big for this device, in the words the page has always used; where the device says
     how much memory it has, what these rules would take of it. */
  /** @param {Allowance} fit */
  function tooBig(fit) {
    var count = util.count, L = D.large;
    api.refused = "size";
    var text = "These rules allow up to " + count(fit.size) + " positions: too many to solve " +
      "in a browser (this page takes up to " + count(D.max_positions) + "). Solve them on a " +
      "computer with the command below; the page it builds has every position.";
    if (fit.large && fit.size <= L.max_positions && fit.budget > 0) {
      text += " A device that reports enough memory may solve up to " + count(L.max_positions) + " here: these rules " +
        "would take about " + gigabytes(fit.bytes) + ", more than the " + gigabytes(fit.budget) + " this page allows " +
        "itself of this device's " + gigabytes(fit.budget / L.memory_share) + ".";
    }
    say("too-big", text, true);
  }
  /** @param {number} bytes */
  function gigabytes(bytes) {
    return util.count(bytes / Math.pow(2, 20)) + " MB";
  }
  /**
   * @param {string} spec
   * @param {string} why
   */
  function showProblem(spec, why) {
    api.refused = "rules";
    api.error = why;
    say("impossible", "These rules cannot be played as they stand: " + why + ".", true);
  }
  /**
   * @param {string} kind
   * @param {string} text
   * @param {boolean} [clear]
   */
  function say(kind, text, clear) {
    var el = $("rules-status");
    el.className = "rules-status " + kind;
    el.textContent = text;
    if (clear) {
      $("rules-result").hidden = true;
      api.solution = null;
    }
  }

  // ------------------------------------------------------------------ solving
  /** @type {Record<string, string>} */
  var STEPS = { compile: "compiling the rules", enumerate: "finding every position", solve: "solving",
    survival: "working out who survives", done: "done" };
  /**
   * @param {string} spec
   * @param {number} size
   * @param {boolean} large
   */
  function solve(spec, size, large) {
    var t0 = Date.now();
    api.ready = false;
    api.large = !!large;
    say("working", "Solving " + spec + " (up to " + util.count(size) + " positions) on this device…");
    var params = Object.assign({}, state.params);
    if (large) working(true, 0, "");
    rulesworker.run(params, cfg.worker, function (step, done, total) {
      if (large) working(true, rulesworker.fraction(step, done, total, size), STEPS[step]);
      if (Date.now() - t0 > 300) {
        var far = step === "survival" ? ", " + util.plural(done, "ply", "plies") + " from the end" :
          done > 1 && step !== "done" ? ", " + util.count(done) + " positions so far" : "";
        say("working", "Solving " + spec + ": " + STEPS[step] + far + "…");
      }
    }, large).then(function (solution) {
      if (large) working(false);
      if (api.spec !== spec) return null; // the rules changed meanwhile
      /** @type {Solved} */
      var s = Object.assign(solution, { rules: new movegen.Rules(solution.R) });
      state.solved = api.solution = s;
      state.facts = api.facts = rulefacts.compute(s, W, params);
      state.r = params.r;
      var secs = (Date.now() - t0) / 1000;
      say("solved", "Solved on this device in " + (secs < 0.1 ? "under 0.1" : secs.toFixed(1)) + " s: " +
        util.count(s.n) + " positions, " + util.count(s.edges) + " moves.");
      remember(spec);
      if (large) return showResult().then(bigResult);
      return showResult().then(function () { return startViewer(spec, params); });
    }).then(function () {
      if (api.spec !== spec) return;
      api.ready = true;
      document.body.classList.add("rules-ready");
    }).catch(function (e) {
      if (large) working(false);
      if (api.spec !== spec) return;
      api.error = String(e.message || e);
      if (api.error === "cancelled") {
        api.refused = "cancelled";
        say("too-big", "Stopped: " + spec + " was not solved. Solve it again with the button below, or on a " +
          "computer with the command below.", true);
        $("rules-again").hidden = false;
      } else if (api.error === "no worker") {
        tooBig(book.allowance(params, undefined));
      } else say("impossible", "Could not solve these rules here: " + api.error);
    });
  }
  /* The progress bar and its Cancel button of a large rule set: shown at `share` (0 to 1) of the work, or hidden. */
  /**
   * @param {boolean} on
   * @param {number} [share]
   * @param {string} [step]
   */
  function working(on, share, step) {
    $("rules-working").hidden = !on;
    if (!on) return;
    /** @type {HTMLProgressElement} */ ($("rules-progress")).value = share || 0;
    $("rules-progress-text").textContent = util.pct(share, W.units) + (step ? ": " + step : "");
  }
  /* A large rule set solved: its figures and its own short walk and game, not the viewer (drawing every position
     of millions would take longer than solving them) nor the download (as large as the command's). */
  function bigResult() {
    $("rules-download").hidden = true;
    $("rules-big").hidden = false;
  }

  /* The variant pages' own viewer on these rules (graph or explorer, panel, search, play); the page's own
     short walk and game stay as they are if it cannot start. */
  /**
   * @param {string} spec
   * @param {Params} params
   */
  function startViewer(spec, params) {
    var { s, f } = solved(), P = s.rules.P;
    var legend = P === 2 ? cfg.legends.two : f.mover ? cfg.legends.more : cfg.legends.more_plain;
    document.querySelectorAll("[data-legend]").forEach(function (el) {
      el.textContent = legend[el.getAttribute("data-legend") || ""] || "";
    });
    state.booted = true;
    if (P !== 2) document.querySelectorAll(".two-only").forEach(function (el) { el.remove(); });
    $("explore").hidden = false;
    return rulemodel.boot(s, f, cfg, params, spec).then(function () {
      return new Promise(function (resolve) {
        var tries = 0;
        (function wait() {
          var v = page.vizgen;
          if ((v && (v.ready || v.error)) || ++tries > 2400) resolve(undefined); // two minutes on a slow device
          else setTimeout(wait, 50);
        })();
      });
    }).then(function () {
      if (page.vizgen && page.vizgen.ready) $("rules-fallback").hidden = true;
      else if (page.vizgen && page.vizgen.error) $("explore").hidden = true;
    }).catch(function (e) {
      api.error = String(e.message || e);
      $("explore").hidden = true;
    });
  }

  // ------------------------------------------------------------------ the result
  function showResult() {
    var { s, f } = solved(), P = s.rules.P;
    $("rules-result").hidden = false;
    ruleresult.verdict($("rules-verdict"), s, f);
    state.figures = rulefacts.figures(s, f, W);
    ruleresult.counts($("rules-counts"), state.figures);
    show(s.start);
    $("rules-guide").hidden = true;
    if (P === 2 && s.n <= rulemaxn.MAXN_MAX) downloadScript().then(function () { if (state.solved === s) showGuide(); }, function () {});
    return compareWith();
  }
  function showGuide() {
    var { s, f } = solved(), more = /** @type {Late} */ (late);
    var guide = more.ruleguide.show(s, f, cfg, function (i) { return contract.verdicts[f.verdict[i]].cls; });
    api.guide = Object.assign(guide, { thumbs: more.rulethumbs.show(s, cfg, /** @type {number} */ (state.r)).rules });
  }

  // ------------------------------------------------------------------ one position and its moves
  /** @param {number} i */
  function show(i) {
    var { s, f } = solved();
    state.shown = i;
    ruleresult.position($("rules-position"), s, f, i);
  }
  /** @param {string} text */
  function find(text) {
    var s = solved().s, code = s.rules.find(text);
    return code === undefined ? -1 : rulesolve.nodeOf(s.codes, code);
  }

  // ------------------------------------------------------------------ a game against the perfect player
  function newGame() {
    state.game = rulegame.newGame(solved().s);
    playView();
  }
  function playView() {
    var { s, f } = solved();
    if (state.game) rulegame.view($("rules-game"), s, f, state.game);
  }
  /** @param {number} dst */
  function play(dst) {
    var { s, f } = solved();
    if (state.game && rulegame.play(s, f, state.game, dst)) playView();
  }

  // ------------------------------------------------------------------ compare, sweep (ruleside.js, with rulesmore.js)
  /* The comparison (and the sweep's menu) once the script that makes them is in: a promise that never fails. */
  function compareWith() {
    return downloadScript().then(function () {
      var side = /** @type {Late} */ (late).ruleside;
      side.attach({ cfg: cfg, book: book, state: state, api: api, $: $, currentSpec: currentSpec,
        addressOf: addressOf, encSpec: encSpec, working: working, steps: STEPS });
      side.sweepOptions();
      return side.compareWith();
    }).catch(function (e) {
      $("rules-compare-out").textContent = String(e.message || e);
    });
  }

  // ------------------------------------------------------------------ share, download, recent
  /** @param {string} spec */
  function readable(spec) {
    try {
      book.read(spec);
      return true;
    } catch {
      return false;
    }
  }
  /** @param {string} spec */
  function remember(spec) {
    rulerecent.remember(spec, readable);
    showRecent();
  }
  function showRecent() {
    rulerecent.show($("rules-recent"), rulerecent.recent(readable), addressOf);
  }
  /* The script of the guide and the download (rulesmore.js), loaded once, when first needed. */
  /** @type {Promise<void> | null} */
  var extra = null;
  /** @returns {Promise<void>} */
  function downloadScript() {
    if (late) return Promise.resolve();
    extra = extra || new Promise(function (resolve, reject) {
      var sc = document.createElement("script");
      sc.src = cfg.root + "assets/rulesmore.js";
      sc.onload = function () {
        late = /** @type {{VZ: {rulesmore: Late}}} */ (/** @type {unknown} */ (globalThis)).VZ.rulesmore;
        resolve();
      };
      sc.onerror = function () { reject(new Error("could not load rulesmore.js")); };
      document.body.appendChild(sc);
    });
    return extra;
  }
  function download() {
    downloadScript().then(save, function (e) { $("rules-copy-msg").textContent = e.message; });
  }
  function save() {
    var spec = currentSpec(), { s, f } = solved(), more = /** @type {Late} */ (late);
    var doc = more.ruledownload.doc(s, f, cfg, book, spec);
    var blob = new Blob([more.ruledownload.json(doc)], { type: "application/json" });
    var a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = spec.replace(/[^a-z0-9]+/gi, "-") + ".json";
    document.body.appendChild(a);
    a.click();
    a.remove();
  }

  // ------------------------------------------------------------------ wiring
  function wire() {
    buildForm();
    state.compareSpec = readAddress().compare || null; // checked by ruleside.js, which says so if it cannot be read
    state.compareDropped = !state.compareSpec && /[?&]compare=/.test(location.search);
    showRecent();
    $("rules-cancel").addEventListener("click", function () { rulesworker.cancel(); });
    $("rules-again").addEventListener("click", function () {
      $("rules-again").hidden = true;
      changed(true);
    });
    document.addEventListener("click", function (ev) {
      var t = ev.target;
      if (!(t instanceof Element)) return;
      var node = t.closest("[data-node]");
      if (node) {
        ev.preventDefault();
        var at = Number(node.getAttribute("data-node"));
        var viewer = page.vizgen;
        if (viewer && viewer.ready) {
          viewer.go(at);
          $("explore").scrollIntoView({ block: "start" });
        } else {
          show(at);
          $("rules-position").scrollIntoView({ block: "nearest" });
        }
      }
      var mv = t.closest("[data-play]");
      if (mv) play(Number(mv.getAttribute("data-play")));
      if (t.id === "rules-newgame") newGame();
    });
    $("rules-find").addEventListener("submit", function (ev) {
      ev.preventDefault();
      var i = find(field("rules-find-text").value);
      $("rules-find-msg").textContent = i < 0 ? "No reachable position is written that way under these rules." : "";
      if (i >= 0) show(i);
    });
    $("rules-copy").addEventListener("click", function () {
      var url = location.href;
      var done = function () { $("rules-copy-msg").textContent = "Link copied."; };
      if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(url).then(done, function () { $("rules-copy-msg").textContent = url; });
      else $("rules-copy-msg").textContent = url;
    });
    $("rules-download").addEventListener("click", download);
    $("rules-play").addEventListener("click", newGame);
    var notes = readAddress().notes;
    var spec = specFromAddress() || cfg.from || "standard";
    open(spec);
    addressNotes(notes);
  }

  /* What the address reader left out of the address (a rules= too long or not readable), said above the
     status: the page shows other rules, never in silence. */
  /** @param {string[]} notes */
  function addressNotes(notes) {
    if (!notes.length) return;
    var el = document.createElement("p");
    el.id = "rules-address-note";
    el.className = "rules-address-note";
    el.setAttribute("role", "status");
    el.textContent = notes.join(" ");
    var status = $("rules-status");
    /** @type {ParentNode} */ (status.parentNode).insertBefore(el, status);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", wire);
  else wire();
}
