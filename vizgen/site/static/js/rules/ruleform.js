/* vizgen ruleform: the rules page's form: a menu of the built-in variants to start from and one control a rule
 * parameter (a checkbox, a number in its bounds or a menu of its choices, with its one-line doc), filled from
 * the rules shown. The page (pages/rules.js) listens to it.
 */
import { html, render } from "../core/html.js";

/** @typedef {import("./engine/rulebook.js").BookData} BookData */
/** @typedef {import("./engine/rulebook.js").Params} Params */

/**
 * The control of parameter `name`.
 * @param {BookData} D
 * @param {string} name
 */
function control(D, name) {
  var def = D.defaults[name], id = "ax-" + name;
  var input;
  if (typeof def === "boolean") input = html`<input type="checkbox" id="${id}" name="${name}">`;
  else if (typeof def === "number") {
    var r = D.ranges[name];
    input = html`<input type="number" id="${id}" name="${name}" min="${r[0]}" max="${r[1]}" step="1">`;
  } else {
    input = html`<select id="${id}" name="${name}">${D.choices[name].map(function (c) {
      return html`<option value="${c}">${c}</option>`;
    })}</select>`;
  }
  return html`<div class="axis"><label for="${id}"><code>${name}</code></label>${input}<p class="axis-doc">${
    D.axes[name]}</p></div>`;
}

/**
 * Draw the variants' menu into `base` and the controls into `axes`.
 * @param {BookData} D
 * @param {Element} base
 * @param {Element} axes
 */
function build(D, base, axes) {
  render(base, html`${Object.keys(D.variants).map(function (slug) {
    return html`<option value="${slug}">${D.variants[slug].title}</option>`;
  })}`);
  render(axes, html`${D.names.map(function (name) { return control(D, name); })}`);
}

/**
 * Set the form to rules `params` from variant `base`.
 * @param {BookData} D
 * @param {string} base
 * @param {Params} params
 * @param {(id: string) => HTMLElement} $ the page's element of an id
 */
function setRules(D, base, params, $) {
  /** @type {HTMLSelectElement} */ ($("rules-base")).value = base;
  D.names.forEach(function (name) {
    var el = /** @type {HTMLInputElement} */ ($("ax-" + name)), v = params[name];
    if (el.type === "checkbox") el.checked = !!v;
    else el.value = String(v);
  });
}

/**
 * The value a control holds, as parameter `name` takes it.
 * @param {BookData} D
 * @param {string} name
 * @param {HTMLInputElement} el
 * @returns {import("./engine/rulebook.js").Value}
 */
function valueOf(D, name, el) {
  var def = D.defaults[name];
  return typeof def === "boolean" ? el.checked : typeof def === "number" ? Number(el.value) : el.value;
}

export { build, setRules, valueOf };
