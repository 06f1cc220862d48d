/* vizgen best interfaces: the types of the page "Which Chopsticks is the best game?" (JSDoc only; nothing runs).
 *
 * The page's data file, best-data.js (BestData), is written by vizgen/site/render/best_page.py and typed in
 * vizgen/site/render/payloads.py (core/payloads.d.ts, generated).
 */

/**
 * The page's data, its share units read by their own type.
 * @typedef {Omit<import("../core/payloads").BestData, "units"> & {units: import("../core/util.js").Units}} BestData
 */
/** @typedef {import("../core/payloads").BestShown} BestShown  a distinct game as the page shows it */
/** @typedef {import("../core/payloads").BestAxis} BestAxis  an axis of the scatter */

/**
 * Where the page stands: loading its data, ready, or the data could not be loaded.
 * @typedef {"loading" | "ready" | "failed"} Status
 */

/**
 * The page's state: its data, the wants ticked (keys, in the data's order), the ranking chosen, the scatter's
 * axes (measure keys).
 * @typedef {{status: Status, data: BestData | null, wants: string[], by: string, x: string, y: string}} State
 */

export {};
