/* vizgen space: the rule space's explorer. Tick rules and read the answer from the recorded map at once.
 *
 * The page's form names its data (vizgen/site/render/space_page.py): space-data.js holds the space's axes, the
 * standard rules and which parts exist; part k (space/part-<k>.js) holds the
 * record's rows of the combinations k * block .. (k + 1) * block - 1 (a rule set's combination, the first player's
 * value, the remoteness, positions, drawn positions, its game within the part and how many other rule sets share
 * it). The boxes give a combination's index (vizgen.analysis.sweep's space_overrides, read the other way); the
 * part it lies in is loaded when first asked for; the rule set's spec links to the rules page.
 *
 * window.vizgenSpace is its face to tests: {ready, spec, value}.
 */
import { html, render, renderEnd } from "../core/html.js";
import { create } from "../core/loader.js";
import { count, plural } from "../core/util.js";

/**
 * @typedef {object} SpaceIndex
 * @property {string[]} bools the on/off rules, in the order of their bits
 * @property {[number, string][]} swaps swaps and how they are counted, in index order
 * @property {string[]} overflow
 * @property {string[]} attack
 * @property {string[]} halvesies
 * @property {string[]} order every parameter, in the order a spec writes them
 * @property {Record<string, unknown>} standard the standard rules' parameters
 * @property {number} block combinations a part covers
 * @property {number[]} parts the parts that exist
 * @property {number} rule_sets
 */

/**
 * @typedef {object} SpacePart
 * @property {number[]} index each row's combination: gaps from the part's start (the first from -1)
 * @property {string} value a letter a row: W, L or D (the first player's value at the start)
 * @property {number[]} remoteness plies to the end under best play, -1 in a draw
 * @property {number[]} positions
 * @property {number[]} draws positions where nobody can force a win
 * @property {number[]} game the row's game, numbered within the part
 * @property {number[]} others how many other rule sets of the map give the same game
 */

/** @typedef {{rows: Map<number, number>, data: SpacePart}} LoadedPart */
/** @typedef {{params: Record<string, unknown>, index: number}} Choice */

const VALUE_WORDS = /** @type {Record<string, string>} */ (
  { W: "the first player wins", L: "the second player wins", D: "a draw" });

/** @param {string} name */
function words(name) {
  return name.replace(/_/g, " ");
}

/**
 * A rule set's spec: the standard rules with every parameter that differs from them.
 * @param {SpaceIndex} data
 * @param {Record<string, unknown>} params
 * @returns {string}
 */
export function specOf(data, params) {
  /** @type {string[]} */
  const parts = [];
  for (const name of data.order) {
    if (name in params && params[name] !== data.standard[name]) parts.push(name + "=" + String(params[name]));
  }
  return "standard" + (parts.length ? ":" + parts.join(",") : "");
}

/**
 * The combination of the chosen parameters (vizgen.analysis.sweep.space_overrides read the other way).
 * @param {SpaceIndex} data
 * @param {{bits: Record<string, boolean>, overflow: number, attack: number, halvesies: number, swaps: number,
 *   counted: string}} pick
 * @returns {Choice}
 */
export function combination(data, pick) {
  /** @type {Record<string, unknown>} */
  const params = {};
  let bits = 0;
  data.bools.forEach((name, k) => {
    params[name] = pick.bits[name] === true;
    if (params[name]) bits += 2 ** k;
  });
  const counted = pick.swaps === 0 ? "row" : pick.counted;
  const swapIndex = data.swaps.findIndex((s) => s[0] === pick.swaps && s[1] === counted);
  params.overflow = data.overflow[pick.overflow];
  params.attack = data.attack[pick.attack];
  params.halvesies = data.halvesies[pick.halvesies];
  params.swaps = pick.swaps;
  params.swap_count = counted;
  const block = ((pick.overflow * data.attack.length + pick.attack) * data.halvesies.length + pick.halvesies) *
    data.swaps.length + swapIndex;
  return { params, index: block * data.block + bits };
}

/**
 * The rows of a part by their combination.
 * @param {SpacePart} part
 * @param {number} first the part's first combination
 * @returns {Map<number, number>}
 */
export function rowsOf(part, first) {
  const rows = new Map();
  let at = first - 1;
  part.index.forEach((gap, k) => {
    at += gap;
    rows.set(at, k);
  });
  return rows;
}

/** Set up the explorer on the page, if the page has one. */
export function boot() {
  if (typeof document === "undefined") return;
  const formEl = document.getElementById("space-form");
  const boxEl = document.getElementById("space-choices");
  const answerEl = document.getElementById("space-answer");
  if (!formEl || !boxEl || !answerEl) return;
  const form = /** @type {HTMLFormElement} */ (formEl);
  const box = /** @type {HTMLElement} */ (boxEl);
  const answer = /** @type {HTMLElement} */ (answerEl);
  const api = { ready: false, spec: /** @type {string | null} */ (null), value: /** @type {string | null} */ (null) };
  /** @type {any} the page's face to tests (window has no such member in the DOM's types) */
  (window).vizgenSpace = api;
  const load = create(form.getAttribute("data-root") || "");
  /** @type {Map<number, Promise<LoadedPart>>} */
  const parts = new Map();
  let asked = 0; // the latest question: an older answer that arrives late is not shown

  /**
   * @param {SpaceIndex} data
   * @param {number} k
   * @returns {Promise<LoadedPart>}
   */
  function part(data, k) {
    const known = parts.get(k);
    if (known) return known;
    const made = load("space/part-" + k).then((/** @type {unknown} */ raw) => {
      const loaded = /** @type {SpacePart} */ (raw);
      return { rows: rowsOf(loaded, k * data.block), data: loaded };
    });
    parts.set(k, made);
    return made;
  }

  /** @param {string} name */
  function field(name) {
    return /** @type {HTMLInputElement | HTMLSelectElement} */ (form.elements.namedItem(name));
  }

  /** @param {SpaceIndex} data */
  function chosen(data) {
    /** @type {Record<string, boolean>} */
    const bits = {};
    for (const name of data.bools) bits[name] = /** @type {HTMLInputElement} */ (field(name)).checked;
    const swaps = Number(field("swaps").value);
    field("swap_count").disabled = swaps === 0;
    return combination(data, { bits, overflow: Number(field("overflow").value), attack: Number(field("attack").value),
      halvesies: Number(field("halvesies").value), swaps, counted: field("swap_count").value });
  }

  /**
   * @param {SpaceIndex} data
   * @param {Choice} pick
   * @param {LoadedPart | null} found
   */
  function show(data, pick, found) {
    api.ready = true; // the first answer is shown
    const spec = specOf(data, pick.params);
    const href = "rules.html?rules=" + encodeURIComponent(spec).replace(/%3A/gi, ":").replace(/%2C/gi, ",")
      .replace(/%3D/gi, "=");
    const link = html`<a href="${href}">Solve <code>${spec}</code> on the rules page</a>.`;
    api.spec = spec;
    api.value = null;
    const row = found ? found.rows.get(pick.index) : undefined;
    if (!found || row === undefined) {
      render(answer, html`<code>${spec}</code>: the rules refuse this combination (<code>vizgen sweep</code> says why).`);
      return;
    }
    const d = found.data;
    const value = VALUE_WORDS[d.value[row]];
    api.value = value;
    const rem = d.remoteness[row];
    const others = d.others[row];
    /** @type {string[]} */
    const idle = []; // the rules that, turned the other way here, give the very same game
    data.bools.forEach((name, k) => {
      const bit = 2 ** k;
      const other = found.rows.get(Math.floor(pick.index / bit) % 2 ? pick.index - bit : pick.index + bit);
      if (other !== undefined && d.game[other] === d.game[row]) idle.push(words(name));
    });
    const drawn = (100 * d.draws[row] / d.positions[row]).toFixed(1);
    render(answer, html`<b>${value}</b>${rem >= 0 ? " in " + plural(rem, "ply", "plies") : ""};
      ${count(d.positions[row])} positions, ${drawn} % of them drawn.
      ${others ? `The same game as ${plural(others, "other rule set", "other rule sets")} of the map.` :
        "A game no other rule set of the map gives."}
      ${idle.length ? `Makes no difference here: ${idle.join(", ")}.` : ""} ${link}`);
  }

  /** @param {SpaceIndex} data */
  function ask(data) {
    const pick = chosen(data);
    const mine = ++asked;
    const k = Math.floor(pick.index / data.block);
    if (!data.parts.includes(k)) {
      show(data, pick, null);
      return;
    }
    part(data, k).then((found) => {
      if (mine === asked) show(data, pick, found);
    }).catch(() => {
      if (mine === asked) answer.textContent = "This part of the map could not be loaded.";
    });
  }

  /**
   * @param {string} name
   * @param {string} label
   * @param {string[]} choices
   */
  function select(name, label, choices) {
    return html`<label>${label} <select name="${name}">${choices.map((c, k) =>
      html`<option value="${k}">${c}</option>`)}</select></label>`;
  }

  /** @param {SpaceIndex} data */
  function setup(data) {
    const boxes = data.bools.map((name) => html`<label><input type="checkbox" name="${name}"> ${words(name)}</label>`);
    const swapCounts = [...new Set(data.swaps.map((s) => s[0]))];
    renderEnd(box, html`${boxes} ${select("overflow", "overflow", data.overflow)}
      ${select("attack", "attack", data.attack)} ${select("halvesies", "halvesies", data.halvesies)}
      <label>swaps <select name="swaps">${swapCounts.map((n) => html`<option value="${n}">${n}</option>`)}</select></label>
      <label>counted by <select name="swap_count"><option value="row">anyone</option><option value="player">each player</option></select></label>`);
    for (const name of data.bools) {
      /** @type {HTMLInputElement} */ (field(name)).checked = data.standard[name] === true;
    }
    form.addEventListener("change", () => ask(data));
    ask(data);
  }

  load(form.getAttribute("data-source") || "space-data")
    .then((/** @type {unknown} */ raw) => setup(/** @type {SpaceIndex} */ (raw)))
    .catch(() => { answer.textContent = "The map could not be loaded."; });
}

