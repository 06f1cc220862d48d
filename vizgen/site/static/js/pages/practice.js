/* practice.js, the practice page's script (and the index's: it draws the puzzle of the day into the index's
 * card, #daily-text): the one place where the practice app (practice/ctrl.js) meets the page.
 *
 * The practice page's inline script calls VZ.practiceView.init(root, idx, cfg): it makes the controller with the
 * page's loader, the browser's storage and clock, and a redraw that renders the views (practice/view/*.js) into
 * #practice; the touch board (practice/handboard.js) the views draw the hands on; turns the page's clicks and
 * choices into the controller's actions; beats the timed run's clock; and saves the progress as a file.
 * VZ.practiceView.state() is the controller's state, the page's face to tests.
 */
import * as address from "../core/address.js";
import * as board from "../core/board.js";
import { touch } from "./core/board.js";
import { contract } from "../core/contract.js";
import * as hands from "../core/hands.js";
import { render } from "../core/html.js";
import * as loader from "./core/loader.js";
import { addressTable } from "./core/page.js";
import * as util from "../core/util.js";
import { PracticeCtrl } from "../practice/ctrl.js";
import * as daily from "../practice/daily.js";
import * as glicko from "../practice/glicko.js";
import * as handboard from "../practice/handboard.js";
import { params } from "../practice/params.js";
import * as practice from "../practice/practice.js";
import { pageView } from "../practice/view/page.js";
import { publish } from "./handle.js";

/** @typedef {import("../practice/interfaces.js").Index} Index */
/** @typedef {import("../practice/interfaces.js").State} State */
/** @typedef {import("../practice/practice.js").Store} Store */
/** The page's configuration: the data folder and a loader of it. @typedef {{ data: string, load?: (name: string) => Promise<unknown> }} Cfg */

/** @type {PracticeCtrl | null} */
let current = null;

/** The page's state (the browser tests read it). @returns {State} */
function state() {
  if (!current) throw new Error("practice: the page has not started");
  return current.state;
}

/** The browser's storage, or null where it is refused (a privacy setting): progress then lasts the visit. @returns {Store | null} */
function storage() {
  try {
    return globalThis.localStorage;
  } catch {
    return null;
  }
}

/** Save the progress as a small file (the visitor's download). @param {string} text */
function download(text) {
  const blob = new Blob([text], { type: "application/json" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = "chopsticks-practice.json";
  document.body.appendChild(a);
  a.click();
  setTimeout(() => { URL.revokeObjectURL(a.href); a.remove(); }, 0);
}

/**
 * What a button does, by its data attributes.
 * @param {PracticeCtrl} ctrl @param {HTMLElement} t
 */
function act(ctrl, t) {
  const a = t.dataset.act;
  ctrl.heard();
  if (t.dataset.mode) ctrl.setMode(t.dataset.mode);
  else if (t.dataset.level) ctrl.setLevel(t.dataset.level);
  else if (a === "timed") ctrl.startTimed();
  else if (t.dataset.review) ctrl.reviewStorm(t.dataset.review).then(() => { // the board, above the list, in view
    const b = document.querySelector(".pz-board");
    if (b) b.scrollIntoView({ block: "start" });
  });
  else if (t.dataset.to) ctrl.played(t.dataset.to);
  else if (t.dataset.goalStart) ctrl.openGoal(t.dataset.goalStart);
  else if (a === "next") ctrl.nextPuzzle();
  else if (a === "again") ctrl.again();
  else if (a === "giveup") ctrl.giveUp();
  else if (a === "failedrun") ctrl.failedRun();
  else if (a === "goalagain") ctrl.goalAgain();
  else if (a === "allgoals") ctrl.allGoals();
  else if (a === "goals") ctrl.goals();
  else if (a === "export") download(ctrl.progressText());
  else if (a === "reset") ctrl.reset();
  else if (a === "keep") ctrl.keep();
}

/** The page's clicks and changes. @param {PracticeCtrl} ctrl @param {HTMLElement} root */
function bind(ctrl, root) {
  root.addEventListener("click", (ev) => {
    const t = ev.target instanceof Element ? ev.target.closest("button") : null;
    if (t) act(ctrl, t);
  });
  root.addEventListener("change", (ev) => {
    const t = ev.target;
    if (!(t instanceof HTMLInputElement || t instanceof HTMLSelectElement)) return;
    const which = t.dataset.filter;
    if (which === "variant" || which === "theme") {
      ctrl.filter(which, t.value);
    } else if (t.dataset.act === "import" && t instanceof HTMLInputElement && t.files && t.files[0]) {
      ctrl.importProgress(t.files[0]);
    }
  });
}

/**
 * Start the page: root (#practice), idx (practice/index.js's payload), cfg {data: the data folder, load: a
 * loader of it (loader), made when not given}.
 * @param {HTMLElement} root @param {Index} idx @param {Cfg} cfg @returns {Promise<void>}
 */
function init(root, idx, cfg) {
  const ui = { board: handboard.create(idx.words, (to) => { if (current) current.played(to); }, touch), filtersOpen: false,
    left: 0 };
  /** @type {ReturnType<typeof setInterval> | null} */
  let ticker = null;
  const ctrl = new PracticeCtrl(idx, { load: cfg.load || loader.create(cfg.data), storage: storage(),
    now: () => Date.now(), redraw: () => redraw() });
  const beat = () => {
    const face = ctrl.tick();
    const el = root.querySelector("[data-clock]");
    if (face !== null && el) el.textContent = face;
  };
  /** Draw the page from the state; the timed run's clock beats while a run lasts. */
  function redraw() {
    const details = root.querySelector("details.pz-filters");
    if (details instanceof HTMLDetailsElement) ui.filtersOpen = details.open; // the fold as the visitor left it
    ui.left = ctrl.pool().length;
    render(root, pageView(ctrl.state, ui));
    const running = ctrl.state.timed !== null && !ctrl.state.timed.done;
    if (running && ticker === null) ticker = setInterval(beat, 250);
    if (!running && ticker !== null) {
      clearInterval(ticker);
      ticker = null;
      const end = root.querySelector("[data-timed-end]"); // the run just ended: its headline wholly on screen
      if (end) end.scrollIntoView({ block: "center" });
    }
  }
  current = ctrl;
  bind(ctrl, root);
  return ctrl.start(params(location.search, location.hash));
}

address.source(addressTable);
publish({ contract: contract, util: util, loader: loader, board: board, hands: hands, glicko: glicko,
  practice: practice, practiceView: { init, params, state } });

const dailyCard = typeof document === "undefined" ? null : document.getElementById("daily-text");
// the index: the puzzle of the day, and whether you solved it
if (dailyCard) daily.show(dailyCard, loader.create("practice/"), storage());
