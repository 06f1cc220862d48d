/* rules.js, the rules page's script and its Web Worker (the same file: a worker has no document).
 *
 * "Try your own rules": a rule set from the address or the form, solved on this machine. The page's
 * configuration (<script id="rules-config">) carries the rulebook's data and the words. The rule set lives in the
 * address as a spec string (rules.html?rules=cutoff:death_attack=true); the form (ruleform.js) edits it. The
 * controller (rules/ctrl.js) holds the state and the actions: each change is checked and sized before anything is
 * compiled, then solved by rules/worker.js (a Web Worker, or the page's slices from file://). This entry is the
 * only part that touches the page: it draws the controller's state (rules/view/, ruleresult.js, rulegame.js),
 * turns the page's events into the controller's actions, starts the variant pages' viewer once solved
 * (rules/viewer.js), loads the late part (rulesmore.js: the guide, the download, the comparison and the sweeps) and
 * offers window.vizgenRules to tests: {ready, spec, solution, facts, error, refused, compare, sweep}.
 */
import * as address from "../core/address.js";
import * as contractModule from "../core/contract.js";
import * as htmlModule from "../core/html.js";
import * as shading from "../core/shading.js";
import * as util from "../core/util.js";
import * as movegen from "../rules/engine/movegen.js";
import * as pairwise from "../rules/engine/pairwise.js";
import * as rulebook from "../rules/engine/rulebook.js";
import * as rulecompile from "../rules/engine/rulecompile.js";
import * as rulesolve from "../rules/engine/rulesolve.js";
import { RulesCtrl, STEPS, encSpec } from "../rules/ctrl.js";
import * as rulebadge from "../rules/rulebadge.js";
import * as rulefacts from "../rules/rulefacts.js";
import * as ruleform from "../rules/ruleform.js";
import * as rulegame from "../rules/rulegame.js";
import * as rulegraph from "../rules/rulegraph.js";
import * as rulemap from "../rules/rulemap.js";
import * as rulemaxn from "../rules/rulemaxn.js";
import * as rulemodel from "../rules/rulemodel.js";
import * as rulerecent from "../rules/rulerecent.js";
import * as ruleresult from "../rules/ruleresult.js";
import * as ruletricky from "../rules/ruletricky.js";
import * as solving from "../rules/solving.js";
import { command, sameView } from "../rules/view/same.js";
import { statusView, workingView } from "../rules/view/status.js";
import { addressTable } from "./core/page.js";
import { publish } from "./handle.js";
import { boot as viewerBoot } from "./rules/viewer.js";
import * as worker from "./rules/worker.js";

/**
 * The page's configuration (vizgen/site/render/rules_page.py rules_context), typed by payloads.py's RulesConfig
 * (core/payloads.d.ts); what the data files, the comparison and the download read of it as they read it (the
 * rule book's parameters, the word tables), and the legends' words for the page's [data-legend] elements.
 * @typedef {Omit<import("../core/payloads").RulesConfig, "book" | "words" | "legends" | "columns" | "shading">
 *   & import("../rules/rulemodel.js").ModelConfig & import("../rules/ruleside.js").SideConfig
 *   & import("../rules/ruledownload.js").DownloadConfig
 *   & {legends: Record<string, Record<string, string>>}} RulesConfig
 */
/** The modules of the page's second script (rulesmore.js), as its function returns them. @typedef {typeof import("./rulesmore.js")} Late */
/** @typedef {{ready?: boolean, error?: unknown, go: (node: number) => void}} Viewer the variant pages' viewer */
/**
 * The page put together: its configuration, controller, element lookup and late part.
 * @typedef {{cfg: RulesConfig, ctrl: RulesCtrl, late: Late | null, extra: Promise<void> | null,
 *   drawn: {solved: unknown, shown: number | null, game: unknown, plies: number}}} Page the page put together, and
 *   what of the controller's state its position and game show (drawn again only when that changes)
 */

/** The device's storage, each call of which may throw (storage refused, private mode): the recent rule sets'. */
var STORE = { getItem: function (/** @type {string} */ key) { return localStorage.getItem(key); },
  setItem: function (/** @type {string} */ key, /** @type {string} */ value) { localStorage.setItem(key, value); } };
/** The modules of this script that rulesmore.js uses instead of its own copy, by path: the argument of its
 * function (tools/bundle.mjs checks that the list has every one it imports). */
var SHARED = { "core/contract.js": contractModule, "core/html.js": htmlModule, "core/util.js": util,
  "rules/engine/movegen.js": movegen, "rules/engine/pairwise.js": pairwise, "rules/engine/rulebook.js": rulebook,
  "rules/engine/rulesolve.js": rulesolve, "rules/rulebadge.js": rulebadge, "rules/rulefacts.js": rulefacts,
  "rules/rulegraph.js": rulegraph, "rules/rulemap.js": rulemap, "rules/rulemaxn.js": rulemaxn,
  "rules/ruletricky.js": ruletricky, "rules/solving.js": solving };
/** @param {string} id */
function $(id) {
  return /** @type {HTMLElement} */ (document.getElementById(id));
}
/** @param {string} id */
function field(id) {
  return /** @type {HTMLInputElement} */ ($(id));
}
/** The variant pages' viewer, once started on a solved rule set. */
function viewer() {
  return /** @type {Window & {vizgen?: Viewer}} */ (window).vizgen;
}
/* What the address says for this page (the site's address reader, core/address.js): rules=, compare= and the
   notes of what it left out. */
/** @returns {{rules?: string | null, compare?: string | null, notes: string[]}} */
function readAddress() {
  return address.read(location.search, location.hash, "rules");
}

/* Draw the controller's status line, progress bar and result (while there is one to show). */
/** @param {Page} pg */
function redraw(pg) {
  var state = pg.ctrl.state, status = statusView(state), bar = workingView(state, pg.cfg.words.units);
  if (status) {
    $("rules-status").className = status.cls;
    $("rules-status").textContent = status.text;
    if (state.status && state.status.clear) $("rules-result").hidden = true;
  }
  $("rules-working").hidden = !bar;
  if (bar) {
    /** @type {HTMLProgressElement} */ ($("rules-progress")).value = bar.value;
    $("rules-progress-text").textContent = bar.text;
  }
  $("rules-again").hidden = !state.again;
  var s = state.solved, f = state.facts, game = state.game, drawn = pg.drawn;
  if (!s || !f) return;
  var fresh = drawn.solved !== s;
  if (state.shown !== null && (fresh || drawn.shown !== state.shown)) ruleresult.position($("rules-position"), s, f, state.shown);
  if (game && (fresh || drawn.game !== game || drawn.plies !== game.trail.length + game.marks.length)) {
    rulegame.view($("rules-game"), s, f, game);
  }
  pg.drawn = { solved: s, shown: state.shown, game: game, plies: game ? game.trail.length + game.marks.length : 0 };
}

/* The form: the base, each rule, the spec typed; each change goes to the controller. */
/** @param {Page} pg */
function buildForm(pg) {
  var D = pg.cfg.book, ctrl = pg.ctrl, base = /** @type {HTMLSelectElement} */ ($("rules-base"));
  ruleform.build(D, base, $("rules-axes"));
  base.addEventListener("change", function () {
    ctrl.choose(base.value);
    fillForm(pg);
    changed(pg);
  });
  $("rules-axes").addEventListener("change", function (ev) {
    var el = /** @type {HTMLInputElement} */ (ev.target), name = el.name;
    if (!name) return;
    ctrl.set(name, ruleform.valueOf(D, name, el));
    changed(pg);
  });
  $("rules-spec").addEventListener("change", function () { open(pg, field("rules-spec").value); });
}
/** @param {Page} pg */
function fillForm(pg) {
  ruleform.setRules(pg.cfg.book, pg.ctrl.state.base, pg.ctrl.state.params, $);
}
/** Open the rules `spec` names (else say why, the form kept). @param {Page} pg @param {string} spec */
function open(pg, spec) {
  if (pg.ctrl.read(spec)) {
    fillForm(pg);
    changed(pg, true);
    return;
  }
  fillForm(pg);
  field("rules-spec").value = spec;
}

/* The rules changed (or were opened, `first`): the address, the command, the built-in variant with these rules,
   then check them and solve them. */
/** @param {Page} pg @param {boolean} [first] */
function changed(pg, first) {
  var ctrl = pg.ctrl, spec = ctrl.spec();
  if (ctrl.state.booted && spec !== ctrl.api.spec) {
    location.replace(ctrl.addressOf(spec)); // the viewer shows one rule set a page: other rules are another page
    return;
  }
  field("rules-spec").value = spec;
  if (!first || (readAddress().rules || "") !== spec) history.replaceState(null, "", ctrl.addressOf(spec) + location.hash);
  $("rules-command").textContent = command(spec);
  htmlModule.render($("rules-same"), sameView(ctrl.book.builtin(ctrl.state.params), pg.cfg.book, pg.cfg.root));
  var fit = ctrl.check(/** @type {Navigator & {deviceMemory?: number}} */ (navigator).deviceMemory);
  if (fit) solve(pg, spec, fit);
}

/* Solve the rules chosen; then the result, the late part and the viewer (the page's own short walk and game
   stay if the viewer cannot start). */
/** @param {Page} pg @param {string} spec @param {import("../rules/engine/rulebook.js").Allowance} fit */
function solve(pg, spec, fit) {
  var ctrl = pg.ctrl, api = ctrl.api, params = Object.assign({}, ctrl.state.params);
  ctrl.solve(fit).then(function (ok) {
    if (!ok) return false;
    rulerecent.remember(spec, readable(pg), STORE);
    showRecent(pg);
    return showResult(pg).then(function () {
      if (fit.large) return bigResult();
      return startViewer(pg, spec, params);
    }).then(function () { return true; });
  }).then(function (ok) {
    if (!ok || api.spec !== spec) return;
    api.ready = true;
    document.body.classList.add("rules-ready");
  }).catch(function (e) {
    if (api.spec !== spec) return;
    api.error = String(e.message || e);
    ctrl.say("impossible", "Could not solve these rules here: " + api.error);
  });
}
/* A large rule set solved: its figures and its own short walk and game, not the viewer (drawing every position
   of millions would take longer than solving them) nor the download (as large as the command's). */
function bigResult() {
  $("rules-download").hidden = true;
  $("rules-big").hidden = false;
}

/* The solved rule set's start, counts and start position, the guide (two players, not huge) and the comparison. */
/** @param {Page} pg */
function showResult(pg) {
  var { s, f } = pg.ctrl.solved();
  $("rules-result").hidden = false;
  ruleresult.verdict($("rules-verdict"), s, f);
  ruleresult.counts($("rules-counts"), /** @type {rulefacts.Figures} */ (pg.ctrl.state.figures));
  pg.ctrl.show(s.start);
  $("rules-guide").hidden = true;
  if (s.rules.P === 2 && s.n <= rulemaxn.MAXN_MAX) {
    lateScript(pg).then(function () { if (pg.ctrl.state.solved === s) showGuide(pg); }, function () {});
  }
  return compareWith(pg);
}
/** @param {Page} pg */
function showGuide(pg) {
  var { s, f } = pg.ctrl.solved();
  pg.ctrl.api.guide = /** @type {Late} */ (pg.late).guide(s, f, pg.cfg, /** @type {number} */ (pg.ctrl.state.r), $);
}

/* The variant pages' own viewer on these rules (graph or explorer, panel, search, play). */
/** @param {Page} pg @param {string} spec @param {import("../rules/engine/rulebook.js").Params} params */
function startViewer(pg, spec, params) {
  var ctrl = pg.ctrl, { s, f } = ctrl.solved(), P = s.rules.P, legends = pg.cfg.legends;
  var legend = P === 2 ? legends.two : f.mover ? legends.more : legends.more_plain;
  document.querySelectorAll("[data-legend]").forEach(function (el) {
    el.textContent = legend[el.getAttribute("data-legend") || ""] || "";
  });
  ctrl.state.booted = true;
  if (P !== 2) document.querySelectorAll(".two-only").forEach(function (el) { el.remove(); });
  $("explore").hidden = false;
  return viewerBoot(s, f, pg.cfg, params, spec).then(function (files) {
    // the variant page's script (pages/viewer.js) offers the viewer's boot on the page's handle: it waits for these
    var VZ = /** @type {{VZ?: {bootViewer(f: typeof files): void}}} */ (globalThis).VZ;
    if (VZ) VZ.bootViewer(files);
    return new Promise(function (resolve) {
      var tries = 0;
      (function wait() {
        var v = viewer();
        if ((v && (v.ready || v.error)) || ++tries > 2400) resolve(undefined); // two minutes on a slow device
        else setTimeout(wait, 50);
      })();
    });
  }).then(function () {
    var v = viewer();
    if (v && v.ready) $("rules-fallback").hidden = true;
    else if (v && v.error) $("explore").hidden = true;
  }).catch(function (e) {
    ctrl.api.error = String(e.message || e);
    $("explore").hidden = true;
  });
}

/* The comparison (and the sweep's menu) once the late part is in: a promise that never fails. */
/** @param {Page} pg */
function compareWith(pg) {
  return lateScript(pg).then(function () {
    return /** @type {Late} */ (pg.late).compare(pg.ctrl, pg.cfg, $, { run: worker.run, cancel: worker.cancel }, encSpec, STEPS);
  }).catch(function (e) {
    $("rules-compare-out").textContent = String(e.message || e);
  });
}

/** Whether a spec string can be read (the recent rule sets in storage are checked). @param {Page} pg */
function readable(pg) {
  return function (/** @type {string} */ spec) {
    try {
      pg.ctrl.book.read(spec);
      return true;
    } catch {
      return false;
    }
  };
}
/** @param {Page} pg */
function showRecent(pg) {
  rulerecent.show($("rules-recent"), rulerecent.recent(readable(pg), STORE), function (spec) { return pg.ctrl.addressOf(spec); });
}
/* The late part (rulesmore.js), loaded once, when first needed: its script hands the page a function of the
   modules it shares with this one (tools/bundle.mjs), on the event "vizgen-late" of the element that loads it;
   called with SHARED, it gives the late part's modules. */
/** @param {Page} pg @returns {Promise<void>} */
function lateScript(pg) {
  if (pg.late) return Promise.resolve();
  pg.extra = pg.extra || new Promise(function (resolve, reject) {
    var sc = document.createElement("script");
    sc.src = pg.cfg.root + "assets/rulesmore.js";
    sc.addEventListener("vizgen-late", function (ev) {
      pg.late = /** @type {CustomEvent<(shared: typeof SHARED) => Late>} */ (ev).detail(SHARED);
    });
    sc.onload = function () {
      if (pg.late) resolve();
      else reject(new Error("rulesmore.js did not hand its modules over"));
    };
    sc.onerror = function () { reject(new Error("could not load rulesmore.js")); };
    document.body.appendChild(sc);
  });
  return pg.extra;
}
/* The JSON download of the rule set solved (the late part saves it). */
/** @param {Page} pg */
function save(pg) {
  var ctrl = pg.ctrl, { s, f } = ctrl.solved();
  /** @type {Late} */ (pg.late).download(s, f, pg.cfg, ctrl.book, ctrl.spec());
}

/* A click on a position (the viewer's, or the page's own walk), a move of the game, or a new game. */
/** @param {Page} pg @param {MouseEvent} ev */
function clicked(pg, ev) {
  var t = ev.target;
  if (!(t instanceof Element)) return;
  var node = t.closest("[data-node]");
  if (node) {
    ev.preventDefault();
    var at = Number(node.getAttribute("data-node")), v = viewer();
    if (v && v.ready) {
      v.go(at);
      $("explore").scrollIntoView({ block: "start" });
    } else {
      pg.ctrl.show(at);
      $("rules-position").scrollIntoView({ block: "nearest" });
    }
  }
  var mv = t.closest("[data-play]");
  if (mv) pg.ctrl.play(Number(mv.getAttribute("data-play")));
  if (t.id === "rules-newgame") pg.ctrl.newGame();
}

/* The page's buttons and forms. */
/** @param {Page} pg */
function wireButtons(pg) {
  var ctrl = pg.ctrl;
  $("rules-cancel").addEventListener("click", function () { worker.cancel(); });
  $("rules-again").addEventListener("click", function () { changed(pg, true); });
  document.addEventListener("click", function (ev) { clicked(pg, ev); });
  $("rules-find").addEventListener("submit", function (ev) {
    ev.preventDefault();
    var i = ctrl.find(field("rules-find-text").value);
    $("rules-find-msg").textContent = i < 0 ? "No reachable position is written that way under these rules." : "";
    if (i >= 0) ctrl.show(i);
  });
  $("rules-copy").addEventListener("click", function () {
    var url = location.href, msg = $("rules-copy-msg");
    var done = function () { msg.textContent = "Link copied."; };
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(url).then(done, function () { msg.textContent = url; });
    else msg.textContent = url;
  });
  $("rules-download").addEventListener("click", function () {
    lateScript(pg).then(function () { save(pg); }, function (e) { $("rules-copy-msg").textContent = e.message; });
  });
  $("rules-play").addEventListener("click", function () { ctrl.newGame(); });
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

/* Start the rules page: the controller on the page's configuration, the form, the buttons, the rules of the
   address (or the page's own start). */
function boot() {
  var cfgEl = document.getElementById("rules-config");
  if (!cfgEl) return;
  /** @type {RulesConfig} */
  var cfg = JSON.parse(cfgEl.textContent || "");
  /** @type {Page | null} */
  var made = null;
  var ctrl = new RulesCtrl(cfg.book, function (params, tell, only) {
    return worker.run(params, cfg.worker, tell, only);
  }, function () { if (made) redraw(made); });
  /** @type {Page} */
  var pg = (made = { cfg: cfg, ctrl: ctrl, late: null, extra: null,
    drawn: { solved: null, shown: null, game: null, plies: 0 } });
  /** @type {Window & {vizgenRules?: import("../rules/interfaces.js").RulesApi}} */ (window).vizgenRules = pg.ctrl.api;
  buildForm(pg);
  var read = readAddress();
  pg.ctrl.state.compareSpec = read.compare || null; // checked by ruleside.js, which says so if it cannot be read
  pg.ctrl.state.compareDropped = !pg.ctrl.state.compareSpec && /[?&]compare=/.test(location.search);
  showRecent(pg);
  wireButtons(pg);
  open(pg, read.rules || cfg.from || "standard");
  addressNotes(read.notes);
}

if (typeof document === "undefined") {
  worker.serve(self);
} else {
  address.source(addressTable);
  publish({ contract: contractModule.contract, util: util, shading: shading, movegen: movegen, rulebook: rulebook,
    rulecompile: rulecompile, rulesolve: rulesolve, rulefacts: rulefacts, rulesworker: worker,
    pairwise: pairwise, rulemodel: rulemodel, rulegraph: rulegraph, rulemap: rulemap, rulemaxn: rulemaxn,
    ruletricky: ruletricky });
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", boot);
  else boot();
}
