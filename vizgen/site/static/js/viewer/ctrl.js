/* vizgen viewer ctrl: the viewer's state and actions. Never touches document, window or vis-network.
 *
 * It holds which position is shown (select, settled: the face's selected and selections), the explorer's walk on
 * a big page (walk: the centre's neighbourhood, level 1 and level 2 under a cap that "show more" raises, and the
 * trail of the centres visited), the search (a typed position found, or the words that say how to type one), the
 * message line's words, and whether a click on a position is a move an add-on takes over (the face's
 * onMoveClick). It is given the page's model once the data is read (open) and a `redraw` it calls after each
 * change of `state`; the views (viewer/view/*.js) draw from `state`, the drawing (graph.js, explorer.js,
 * valuemap.js) and the page's entry (pages/viewer.js, main.js) do the rest.
 */
import * as util from "../core/util.js";
import { create as createSearch } from "./search.js";

/** @typedef {import("./interfaces.js").PageModel} PageModel */
/** @typedef {import("./interfaces.js").Config} Config */
/** @typedef {import("./interfaces.js").MoveHook} MoveHook */
/** @typedef {import("./interfaces.js").Near} Near */
/** @typedef {import("./interfaces.js").Picked} Picked */
/** @typedef {import("./interfaces.js").Walk} Walk */
/** @typedef {import("./interfaces.js").ViewerState} ViewerState */

/** Level 2's positions at first, and how many "show more" adds. */
export const MAX_LEVEL2 = 140;
/** The centres the trail keeps, newest last. */
export const TRAIL = 14;

/** Level 2: the new neighbours of each level-1 position, at most cap in all, shared fairly.
 @param {number} id @param {ReadonlyArray<number>} level1 @param {ReadonlyArray<Near>} details @param {number} cap
 @returns {Picked} */
export function pickLevel2(id, level1, details, cap) {
  const placed = new Set([id].concat(level1));
  const perU = Math.max(3, Math.floor(cap / Math.max(level1.length, 1)));
  /** @type {Set<number>} */
  const total = new Set();
  let shown = 0;
  const take = details.map((du) => {
    /** @type {number[]} */
    const fresh = [];
    du.moves.forEach((m) => { if (!placed.has(m.dst) && fresh.indexOf(m.dst) < 0) fresh.push(m.dst); });
    du.parents.forEach((p) => { if (!placed.has(p) && fresh.indexOf(p) < 0) fresh.push(p); });
    fresh.forEach((v) => total.add(v));
    const mine = fresh.slice(0, Math.min(perU, Math.max(0, cap - shown)));
    mine.forEach((v) => placed.add(v));
    shown += mine.length;
    return mine;
  });
  return { take, total: total.size, shown };
}

/** The trail after visiting centre id: going back to one it holds cuts it there; at most TRAIL long.
 @param {ReadonlyArray<number>} trail @param {number} id @returns {number[]} */
export function nextTrail(trail, id) {
  const at = trail.indexOf(id);
  const next = at >= 0 ? trail.slice(0, at + 1) : trail.concat([id]);
  return next.length > TRAIL ? next.slice(next.length - TRAIL) : next;
}

/** The viewer's state and actions. */
export class ViewerCtrl {
  /**
   * @param {Config} cfg the page's configuration
   * @param {() => void} redraw called after each change of `state`
   */
  constructor(cfg, redraw) {
    this.cfg = cfg;
    this.redraw = redraw;
    /** @type {PageModel | null} */
    this.opened = null;
    /** @type {MoveHook[]} the add-ons' move hooks (the face's onMoveClick) */
    this.moveHooks = [];
    /** @type {ViewerState} */
    this.state = { selected: null, selections: 0, message: "", trail: [], cap: MAX_LEVEL2, walk: null, hideValues: false };
    this.walks = 0; // a walk that ends after a newer one began is dropped
    this.finder = createSearch(this);
  }

  /** The page's model, read from its data (open).
   @returns {PageModel} */
  get model() {
    if (!this.opened) throw new Error("the viewer's data is not read yet");
    return this.opened;
  }

  /** The page's data is read: its model.
   @param {PageModel} model */
  open(model) {
    this.opened = model;
    this.state.cap = this.level2Start();
  }

  /** Level 2 starts with MAX_LEVEL2 positions, or none on a code page (each costs a data chunk there).
   @returns {number} */
  level2Start() {
    return this.model.lazy ? 0 : MAX_LEVEL2;
  }

  /** Show position id: it is the selected one from now on (the message line cleared).
   @param {number} id */
  select(id) {
    this.state.selected = id;
    this.state.message = "";
    this.redraw();
  }

  /** Position id is drawn everywhere it is shown: one more selection, if it is still the one selected.
   @param {number} id */
  settled(id) {
    if (this.state.selected === id) this.state.selections++;
  }

  /** Say something on the message line ("" clears it).
   @param {string} text */
  say(text) {
    this.state.message = text;
    this.redraw();
  }

  /** Hide every value (a challenge), or show them again.
   @param {boolean} on */
  hide(on) {
    this.state.hideValues = on;
    this.redraw();
  }

  /** A click on position `to`: true when it is a move from the shown position that an add-on takes over.
   @param {number} to @returns {boolean} */
  moveTaken(to) {
    const from = this.state.selected;
    const d = from === null ? null : this.model.details.get(from);
    if (from === null || !d || !d.moves.some((m) => m.dst === to)) return false;
    return this.moveHooks.some((fn) => fn(from, to) === true);
  }

  /** The id of a typed position, or undefined (on a code page: its code, reachable or not).
   @param {string} text @returns {number | undefined} */
  resolve(text) {
    return this.finder.resolve(text);
  }

  /** A promise of the id of a typed position once known to be one a game reaches.
   @param {string} text @returns {Promise<number | undefined>} */
  locate(text) {
    return this.finder.locate(text);
  }

  /** How to type a position, with the start's notation as the example.
   @returns {string} */
  hint() {
    return this.finder.hint();
  }

  /** What the search box asks: the position typed, or undefined with the message line saying how to type one.
   @param {string} typed @returns {Promise<number | undefined>} */
  search(typed) {
    const q = typed.trim();
    return this.locate(q).then((id) => {
      if (id === undefined) this.say(q ? "No position “" + q + "” in this variant. " + this.hint() : this.hint());
      return id;
    });
  }

  /** The explorer's walk: centre on position id. Its moves' targets (optimal ones first, unless a challenge hides
     which are optimal) and the positions that lead to it make level 1; level 2 their new neighbours, at most the
     cap (back to its start for a new centre; a code page loads the chunks of the level 2 it shows). Resolves to
     the neighbourhood, or null when a newer walk began meanwhile.
     @param {number} id @returns {Promise<Walk | null>} */
  walk(id) {
    const mine = ++this.walks;
    const model = this.model, s = this.state;
    if (!s.walk || s.walk.id !== id) s.cap = this.level2Start();
    return model.detail(id).then((d0) => {
      /** @type {Set<number>} */
      const seen = new Set([id]);
      /** @type {number[]} */
      const children = [];
      (s.hideValues ? d0.moves : util.bestFirst(d0.moves)).forEach((m) => {
        if (!seen.has(m.dst)) { seen.add(m.dst); children.push(m.dst); }
      });
      const parents = d0.parents.filter((p) => {
        if (seen.has(p)) return false;
        seen.add(p);
        return true;
      });
      const level1 = children.concat(parents);
      const links = model.links;
      // a code page knows the moves of level 1 without their values, and loads only the level 2 it draws
      /** @type {Promise<Near[]>} */
      const got = model.lazy && links ? Promise.resolve(level1.map((u) => links.call(model, u)))
        : Promise.all(level1.map((u) => model.detail(u)));
      return got.then((details) => {
        const picked = pickLevel2(id, level1, details, s.cap);
        const wanted = picked.take.reduce((all, t) => all.concat(t), /** @type {number[]} */ ([]));
        const ready = model.lazy && wanted.length && model.ensure ? model.ensure(wanted) : Promise.resolve();
        return ready.then(() => {
          if (mine !== this.walks) return null;
          s.trail = nextTrail(s.trail, id);
          s.walk = { id, d0, nc: children.length, level1, details, picked };
          this.redraw();
          return s.walk;
        });
      });
    });
  }

  /** "Show more": level 2 grows by MAX_LEVEL2 around the same centre.
   @returns {Promise<Walk | null>} */
  more() {
    const w = this.state.walk;
    if (!w) return Promise.resolve(null);
    this.state.cap += MAX_LEVEL2;
    return this.walk(w.id);
  }
}
