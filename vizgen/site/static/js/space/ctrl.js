/* vizgen space ctrl: the rule space explorer's state and actions. Never touches document or window.
 *
 * The controller reads the space's index (space-data.js), then answers each question (a Pick: the boxes as the
 * page reads them) from the part of the record that holds its combination, loaded when first asked for: the
 * rule set's spec and what the map says of it (interfaces.js's Answer). An older answer that arrives after a
 * newer question is dropped. It loads through the function it is given (core/loader.js's in the page, a table
 * in the Node tests) and calls `redraw` after each change; the views draw from `ctrl.state`.
 */

/** @typedef {import("./interfaces.js").SpaceIndex} SpaceIndex */
/** @typedef {import("./interfaces.js").SpacePart} SpacePart */
/** @typedef {import("./interfaces.js").Pick} Pick */
/** @typedef {import("./interfaces.js").LoadedPart} LoadedPart */
/** @typedef {import("./interfaces.js").Choice} Choice */
/** @typedef {import("./interfaces.js").Answer} Answer */
/** @typedef {import("./interfaces.js").Found} Found */
/** @typedef {import("./interfaces.js").Status} Status */
/** @typedef {import("../core/loader.js").Load} Load */
/** @typedef {import("../rules/engine/rulebook.js").Params} Params */
/** @typedef {import("../rules/engine/rulebook.js").BookData} BookData */

import { Book } from "../rules/engine/rulebook.js";

/**
 * Why the rules refuse the rule set `params` (the standard rules' other parameters kept), in the engine's words
 * (rules/engine/rulebook.js, checked against vizgen/engine/params.py), or null where they accept it.
 * @param {SpaceIndex} data
 * @param {Record<string, unknown>} params
 * @returns {string | null}
 */
export function refusal(data, params) {
  const book = new Book(data.book);
  return book.problem(/** @type {Params} */ ({ ...data.standard, ...params }));
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
 * @param {Pick} pick
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

/**
 * What the map says of the combination `pick` in the part `found`, or null where the rules refuse it.
 * @param {SpaceIndex} data
 * @param {Choice} pick
 * @param {LoadedPart | null} found
 * @returns {Found | null}
 */
export function read(data, pick, found) {
  const row = found ? found.rows.get(pick.index) : undefined;
  if (!found || row === undefined) return null;
  const d = found.data;
  /** @type {string[]} */
  const idle = [];
  data.bools.forEach((name, k) => {
    const bit = 2 ** k;
    const other = found.rows.get(Math.floor(pick.index / bit) % 2 ? pick.index - bit : pick.index + bit);
    if (other !== undefined && d.game[other] === d.game[row]) idle.push(name);
  });
  return { value: d.value[row], remoteness: d.remoteness[row], positions: d.positions[row], draws: d.draws[row],
    others: d.others[row], idle };
}

/** The explorer's state and actions. */
export class SpaceCtrl {
  /**
   * @param {Load} load the data files' payloads by name
   * @param {() => void} redraw called after every change of `state`
   */
  constructor(load, redraw) {
    this.load = load;
    this.redraw = redraw;
    /** @type {{status: Status, data: SpaceIndex | null, answer: Answer | null}} */
    this.state = { status: "loading", data: null, answer: null };
    /** @type {Map<number, Promise<LoadedPart>>} */
    this.parts = new Map();
    this.asked = 0; // the latest question: an older answer that arrives late is not shown
  }

  /**
   * Read the space's index (the form is drawn from it, and asks its first question).
   * @param {string} source the index's data file
   * @returns {Promise<void>}
   */
  start(source) {
    return this.load(source).then((raw) => {
      this.state.data = /** @type {SpaceIndex} */ (raw);
      this.redraw();
    }, () => {
      this.state.status = "index";
      this.redraw();
    });
  }

  /**
   * Answer the boxes' pick (the page asks once the index is read): its spec, and what the map says once the part
   * that holds it is read (nothing to read where the map holds no part there: the rules refuse it).
   * @param {Pick} pick
   * @returns {Promise<void>}
   */
  ask(pick) {
    const data = /** @type {SpaceIndex} */ (this.state.data);
    const choice = combination(data, pick);
    const mine = ++this.asked;
    const k = Math.floor(choice.index / data.block);
    const show = (/** @type {LoadedPart | null} */ found) => {
      if (mine !== this.asked) return;
      this.state.status = "ready";
      const said = read(data, choice, found);
      this.state.answer = { spec: specOf(data, choice.params), found: said,
        why: said ? null : refusal(data, choice.params) };
      this.redraw();
    };
    return (data.parts.includes(k) ? this.part(data, k) : Promise.resolve(null)).then(show, () => {
      if (mine !== this.asked) return;
      this.state.status = "part";
      this.redraw();
    });
  }

  /**
   * Part `k` of the record, loaded once.
   * @param {SpaceIndex} data
   * @param {number} k
   * @returns {Promise<LoadedPart>}
   */
  part(data, k) {
    const known = this.parts.get(k);
    if (known) return known;
    const made = this.load("space/part-" + k).then((raw) => {
      const loaded = /** @type {SpacePart} */ (raw);
      return { rows: rowsOf(loaded, k * data.block), data: loaded };
    });
    this.parts.set(k, made);
    return made;
  }
}
