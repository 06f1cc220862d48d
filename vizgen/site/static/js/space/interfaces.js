/* vizgen space interfaces: the types of the rule space's explorer (JSDoc only; nothing runs).
 *
 * The files the page loads are written by vizgen/site/render/space_page.py: space-data.js (SpaceIndex) and
 * space/part-<k>.js (SpacePart), typed in vizgen/site/render/payloads.py (core/payloads.d.ts, generated).
 */

/**
 * The space's index (space-data.js): its rule book's parameters and its share units read by their own types.
 * @typedef {Omit<import("../core/payloads").SpaceIndex, "book" | "units"> & {
 *   book: import("../rules/engine/rulebook.js").BookData, units: import("../core/util.js").Units}} SpaceIndex
 */
/** @typedef {import("../core/payloads").SpacePart} SpacePart  the record's rows of one part (space/part-<k>.js) */

/**
 * What the boxes say: each on/off rule ticked or not, and the index chosen on each list.
 * @typedef {{bits: Record<string, boolean>, overflow: number, attack: number, halvesies: number, swaps: number,
 *   counted: string}} Pick
 */

/** @typedef {{rows: Map<number, number>, data: SpacePart}} LoadedPart  a part and its rows by combination */
/** @typedef {{params: Record<string, unknown>, index: number}} Choice  a rule set and its combination */

/**
 * What the map says of a rule set the rules accept.
 * @typedef {object} Found
 * @property {string} value the first player's value at the start: W, L or D
 * @property {number} remoteness plies to the end under best play, -1 in a draw
 * @property {number} positions
 * @property {number} draws positions where nobody can force a win
 * @property {number} others how many other rule sets of the map give the same game
 * @property {string[]} idle the on/off rules that, turned the other way, give the very same game
 */

/**
 * The answer to the latest question: the rule set's spec and, once its part is read, what the map says
 * (null: the rules refuse the combination, and `why` says why in the engine's words).
 * @typedef {{spec: string, found: Found | null, why: string | null}} Answer
 */

/**
 * Where the explorer stands: loading the space's index, answering (the latest answer shown, if any), or a
 * file that could not be loaded ("index": the map, "part": the part asked about).
 * @typedef {"loading" | "ready" | "index" | "part"} Status
 */

export {};
