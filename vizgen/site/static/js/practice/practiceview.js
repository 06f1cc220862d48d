/* vizgen practiceview: the practice page (practice.html): puzzles with filters, the rating, the streak, the
 * daily puzzle, goals against the computer, retries of your mistakes and the progress kept in this browser.
 *
 * The data are the build's (vizgen/site/render/practice_page.py): practice/index.js (every puzzle in brief,
 * the variants, the themes and the words) and practice/<slug>.js per variant (its puzzles' positions and
 * moves, its goals and, for the small variants, every position). This module starts the page (the page's
 * inline script calls init): it reads the address (params.js), sets up the state (session.js) and turns the
 * visitor's clicks and choices into the session's actions; views.js draws, practice.js holds the rules.
 */
import { own } from "../core/util.js";
import { addressNote, params } from "./params.js";
import * as session from "./session.js";

/** @typedef {import("./session.js").Index} Index */
/** @typedef {import("./session.js").Cfg} Cfg */
/** @typedef {import("./session.js").VariantData} VariantData */
/** @typedef {import("./practice.js").Node} Node */

/**
 * What a button does, by its data attributes.
 * @param {HTMLElement} t
 */
function act(t) {
  var app = session.state();
  var a = t.dataset.act;
  app.notes = []; // the address's notes were read: the visitor has moved on
  if (t.dataset.mode) session.setMode(t.dataset.mode);
  else if (t.dataset.level) session.setLevel(t.dataset.level);
  else if (a === "timed") session.startTimed();
  else if (t.dataset.to) (app.mode === "goals" ? session.onGoalMove : session.onMove)(t.dataset.to);
  else if (t.dataset.goalStart) session.openGoal(t.dataset.goalStart);
  else if (a === "next") session.nextPuzzle();
  else if (a === "again") session.again();
  else if (a === "giveup") session.giveUp();
  else if (a === "failedrun") session.failedRun();
  else if (a === "goalagain") session.goalAgain();
  else if (a === "allgoals") session.allGoals();
  else if (a === "goals") session.goals();
  else if (a === "export") session.exportProgress();
  else if (a === "reset") session.reset();
  else if (a === "keep") session.keep();
}

/** The page's clicks and changes. @param {HTMLElement} root */
function bind(root) {
  root.addEventListener("click", function (ev) {
    var t = ev.target instanceof Element ? ev.target.closest("button") : null;
    if (t) act(t);
  });
  root.addEventListener("change", function (ev) {
    var t = ev.target;
    if (!(t instanceof HTMLInputElement || t instanceof HTMLSelectElement)) return;
    var which = t.dataset.filter;
    if (which === "variant" || which === "theme") {
      session.filter(which, t.value);
    } else if (t.dataset.act === "import" && t instanceof HTMLInputElement && t.files && t.files[0]) {
      session.importProgress(t.files[0]);
    }
  });
}

var MODES = ["puzzles", "goals", "streak", "daily", "timed"];

/**
 * A position of a variant's data: its node (table: every position, when shipped; nodes: the puzzles'), or
 * null. Own properties only: "constructor" names no position.
 * @param {VariantData} d @param {string} position @returns {Node | null}
 */
function nodeOf(d, position) {
  var n = own(d.table, position) ? d.table[position] : own(d.nodes, position) ? d.nodes[position] : null;
  return n && Array.isArray(n.m) ? n : null;
}

/**
 * Start the page: root (#practice), idx (practice/index.js's payload), cfg {data: the data folder, load: a
 * loader of it (loader), made when not given}. A part of the address that names nothing here is left out
 * with the reader's note, as one it could not read.
 * @param {HTMLElement} root @param {Index} idx @param {Cfg} cfg @returns {Promise<void>}
 */
function init(root, idx, cfg) {
  var app = session.create(root, idx, cfg);
  bind(root);
  var q = params(location.search, location.hash);
  var notes = q.notes.slice();
  /** @param {string} key */
  var note = function (key) {
    var text = addressNote(key);
    if (notes.indexOf(text) < 0) notes.push(text);
  };
  app.notes = notes;
  if (q.variant && session.variantOf(q.variant)) app.variant = q.variant;
  else if (q.variant) note("variant");
  if (q.theme && own(idx.themes, q.theme)) app.theme = q.theme;
  else if (q.theme) note("theme");
  if ((q.retry || q.puzzle) && !app.variant) note("puzzle");
  if (q.mode && MODES.indexOf(q.mode) < 0) note("practice-mode");
  if (q.retry && app.variant) {
    var list = q.retry.split("_").filter(Boolean);
    var slug = app.variant;
    return session.dataOf(slug).then(function (d) {
      var known = list.filter(function (pos) {
        var n = nodeOf(d, pos);
        return n && n.m.length > 1;
      });
      if (known.length < list.length || !list.length) note("puzzle");
      app.retry = { slug: slug, list: known, at: 0, missing: list.length - known.length };
      return session.setMode("retry");
    });
  }
  if (q.puzzle && app.variant) {
    var e = app.byId.get(app.variant + ":" + q.puzzle);
    if (e) return session.open(e);
    note("puzzle");
  }
  if (q.mode === "goals" || q.mode === "streak" || q.mode === "daily" || q.mode === "timed") return session.setMode(q.mode);
  return session.nextPuzzle();
}

/** The page's state (the browser tests read it). */
var state = session.state;

export { init, params, state };
