/* space.js, the rule space explorer's page: the one place where the explorer (space/ctrl.js) meets the page.
 *
 * It finds the page's form, makes the controller with the page's data loader, draws the views
 * (space/view/*.js) into the form and the answer after every change, reads the boxes into a pick when one
 * changes, and offers window.vizgenSpace, the page's face to tests: {ready, spec, value} (ready: an answer is
 * shown; spec: its rule set; value: the first player's value in words, null where the rules refuse it).
 */
import { render, renderEnd } from "../core/html.js";
import { create } from "./core/loader.js";
import { SpaceCtrl } from "../space/ctrl.js";
import { VALUE_WORDS, answerView } from "../space/view/answer.js";
import { choices } from "../space/view/choices.js";

/** @typedef {import("../space/interfaces.js").SpaceIndex} SpaceIndex */
/** @typedef {import("../space/interfaces.js").Pick} Pick */

/**
 * The boxes and lists of the form, read as a pick.
 * @param {HTMLFormElement} form
 * @param {SpaceIndex} data
 * @returns {Pick}
 */
function readPick(form, data) {
  const field = (/** @type {string} */ name) =>
    /** @type {HTMLInputElement | HTMLSelectElement} */ (form.elements.namedItem(name));
  /** @type {Record<string, boolean>} */
  const bits = {};
  for (const name of data.bools) bits[name] = /** @type {HTMLInputElement} */ (field(name)).checked;
  const swaps = Number(field("swaps").value);
  field("swap_count").disabled = swaps === 0;
  return { bits, overflow: Number(field("overflow").value), attack: Number(field("attack").value),
    halvesies: Number(field("halvesies").value), swaps, counted: field("swap_count").value };
}

/** Set up the explorer on the page, if the page has one. */
function boot() {
  const form = /** @type {HTMLFormElement | null} */ (document.getElementById("space-form"));
  const box = document.getElementById("space-choices");
  const answer = document.getElementById("space-answer");
  if (!form || !box || !answer) return;
  const face = { ready: false, spec: /** @type {string | null} */ (null), value: /** @type {string | null} */ (null) };
  /** @type {any} the page's face to tests (window has no such member in the DOM's types) */
  (window).vizgenSpace = face;
  let drawn = false; // the form's fields are drawn once, when the index is read, and ask the first question
  const ctrl = new SpaceCtrl(create(form.getAttribute("data-root") || ""), () => {
    const data = ctrl.state.data;
    if (!drawn && data) {
      drawn = true;
      renderEnd(box, choices(data));
      form.addEventListener("change", () => ctrl.ask(readPick(form, data)));
      ctrl.ask(readPick(form, data));
    }
    const view = answerView(ctrl.state);
    if (view) render(answer, view);
    const shown = ctrl.state.answer;
    face.ready = shown !== null;
    face.spec = shown && shown.spec;
    face.value = shown && shown.found && VALUE_WORDS[shown.found.value];
  });
  ctrl.start(form.getAttribute("data-source") || "space-data");
}

boot();
