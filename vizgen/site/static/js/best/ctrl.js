/* vizgen best ctrl: the state and actions of the page "Which Chopsticks is the best game?". Never touches
 * document or window.
 *
 * The controller reads the page's data (best-data.js) through the function it is given (core/loader.js's in the
 * page, a table in the Node tests) and keeps what the visitor chose: the wants ticked, the ranking, the scatter's
 * axes. The ranked lists are the Python's (vizgen/reports/best.py, one list a set of wants and a ranking): the
 * page picks the list, it never ranks again. It calls `redraw` after each change; the views draw from `ctrl.state`.
 */

/** @typedef {import("./interfaces.js").BestData} BestData */
/** @typedef {import("./interfaces.js").BestShown} BestShown */
/** @typedef {import("./interfaces.js").State} State */
/** @typedef {import("../core/loader.js").Load} Load */

/**
 * The key of a set of wants as the data names its lists: the wants in the data's order, joined by commas
 * (vizgen/reports/best.py's _mask_key); wants the data does not know are left out.
 * @param {BestData} data
 * @param {string[]} wants
 * @returns {string}
 */
export function wantsKey(data, wants) {
  return data.wants.filter((w) => wants.includes(w.key)).map((w) => w.key).join(",");
}

/**
 * The games ranked for these wants on `by` (a measure's key or "composite"), best first; none where the data has
 * no such list.
 * @param {BestData} data
 * @param {string[]} wants
 * @param {string} by
 * @returns {BestShown[]}
 */
export function rankedRows(data, wants, by) {
  const ids = data.lists[wantsKey(data, wants) + "|" + by] || [];
  return ids.map((k) => data.rows[k]);
}

/**
 * How many distinct games give all these wants (and have a score).
 * @param {BestData} data
 * @param {string[]} wants
 * @returns {number}
 */
export function passing(data, wants) {
  return data.passing[wantsKey(data, wants)] || 0;
}

/** The page's state and actions. */
export class BestCtrl {
  /**
   * @param {Load} load the data file's payload by name
   * @param {() => void} redraw called after every change of `state`
   */
  constructor(load, redraw) {
    this.load = load;
    this.redraw = redraw;
    /** @type {State} */
    this.state = { status: "loading", data: null, wants: [], by: "composite", x: "", y: "" };
  }

  /**
   * Read the page's data; the wants start as the family's unless `wants` are given, the axes as the first two.
   * @param {string} source the data file's name
   * @param {string[] | null} wants the wants already ticked, if any
   * @returns {Promise<void>}
   */
  start(source, wants) {
    return this.load(source).then((raw) => {
      const data = /** @type {BestData} */ (raw);
      this.state = { status: "ready", data, wants: wants || data.family, by: this.state.by,
        x: data.axes[0].key, y: data.axes[1].key };
      this.redraw();
    }, () => {
      this.state.status = "failed";
      this.redraw();
    });
  }

  /**
   * Tick these wants (keys the data does not know are dropped).
   * @param {string[]} wants
   */
  want(wants) {
    const data = this.state.data;
    this.state.wants = data ? data.wants.map((w) => w.key).filter((k) => wants.includes(k)) : [];
    this.redraw();
  }

  /**
   * Rank by a measure's key, or "composite" (a key the data does not know is ignored).
   * @param {string} by
   */
  rankBy(by) {
    const data = this.state.data;
    if (data && data.measures.some((m) => m.key === by)) this.state.by = by;
    this.redraw();
  }

  /**
   * The scatter's axes (keys the data's axes do not hold are ignored).
   * @param {string} x
   * @param {string} y
   */
  axes(x, y) {
    const data = this.state.data;
    const ok = (/** @type {string} */ k) => !!data && data.axes.some((a) => a.key === k);
    if (ok(x)) this.state.x = x;
    if (ok(y)) this.state.y = y;
    this.redraw();
  }
}
