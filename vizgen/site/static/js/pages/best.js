/* best.js, the page "Which Chopsticks is the best game?": the one place where its app (best/ctrl.js) meets the
 * page.
 *
 * It finds the page's forms, makes the controller with the page's data loader, reads the boxes of what a group
 * wants, the ranking and the scatter's axes into the controller when one changes, draws the views
 * (best/view/*.js) after every change, and offers window.vizgenBest, the page's face to tests: {ready, shown}
 * (ready: the data is read and the list drawn; shown: the specs the list shows, best first).
 */
import { render } from "../core/html.js";
import { create } from "./core/loader.js";
import { BestCtrl, rankedRows } from "../best/ctrl.js";
import { listView } from "../best/view/list.js";
import { scatterView } from "../best/view/scatter.js";

/**
 * A form's field by name.
 * @param {HTMLFormElement} form
 * @param {string} name
 * @returns {HTMLSelectElement}
 */
function field(form, name) {
  return /** @type {HTMLSelectElement} */ (form.elements.namedItem(name));
}

/**
 * The wants ticked on the form.
 * @param {HTMLFormElement} form
 * @returns {string[]}
 */
function ticked(form) {
  return [...form.querySelectorAll("input[name=want]")].filter((box) => /** @type {HTMLInputElement} */ (box).checked)
    .map((box) => /** @type {HTMLInputElement} */ (box).value);
}

/** Set up the page's app, if the page has it. */
function boot() {
  const form = /** @type {HTMLFormElement | null} */ (document.getElementById("best-form"));
  const axes = /** @type {HTMLFormElement | null} */ (document.getElementById("scatter-form"));
  const list = document.getElementById("best-list");
  const scatter = document.getElementById("best-scatter");
  if (!form || !axes || !list || !scatter) return;
  const face = { ready: false, shown: /** @type {string[]} */ ([]) };
  /** @type {any} the page's face to tests (window has no such member in the DOM's types) */
  (window).vizgenBest = face;
  const ctrl = new BestCtrl(create(form.getAttribute("data-root") || ""), () => {
    const state = ctrl.state;
    render(list, listView(state));
    render(scatter, scatterView(state));
    face.ready = state.status !== "loading";
    face.shown = state.data ? rankedRows(state.data, state.wants, state.by).map((r) => r.spec) : [];
  });
  form.addEventListener("change", () => {
    ctrl.want(ticked(form));
    ctrl.rankBy(field(form, "by").value);
  });
  axes.addEventListener("change", () => ctrl.axes(field(axes, "x").value, field(axes, "y").value));
  ctrl.start(form.getAttribute("data-source") || "best-data", ticked(form)).then(() => {
    ctrl.rankBy(field(form, "by").value);
    ctrl.axes(field(axes, "x").value, field(axes, "y").value);
  });
}

boot();
