/* vizgen space interfaces: the types of the rule space's explorer (JSDoc only; nothing runs).
 *
 * The files the page loads are written by vizgen/site/render/space_page.py: space-data.js (SpaceIndex, which lists
 * every recorded space: SpaceEntry) and each space's parts, space/<space>/part-<k>.js (SpacePart), typed in
 * vizgen/site/render/payloads.py (core/payloads.d.ts, generated).
 */

/**
 * The space's index (space-data.js): its rule book's parameters and its share units read by their own types.
 * @typedef {Omit<import("../core/payloads").SpaceIndex, "book" | "units"> & {
 *   book: import("../rules/engine/rulebook.js").BookData, units: import("../core/util.js").Units}} SpaceIndex
 */
/** @typedef {import("../core/payloads").SpacePart} SpacePart  a space's record's rows of one part */
/** @typedef {import("../core/payloads").SpaceEntry} SpaceEntry  a recorded space: its base rules and its parts */

/**
 * What the form says: the space chosen (its place in the index's spaces), each on/off rule ticked or not, zombies
 * (an axis of the spaces of three players only), and the index chosen on each list.
 * @typedef {{space: number, bits: Record<string, boolean>, zombies: boolean, overflow: number, attack: number,
 *   halvesies: number, swaps: number, counted: string}} Pick
 */

/** @typedef {{rows: Map<number, number>, data: SpacePart}} LoadedPart  a part and its rows by combination */
/**
 * A rule set: its space, its base's name (the spec's first word), its every parameter and its combination.
 * @typedef {{space: SpaceEntry, base: string, params: Params, index: number}} Choice
 */
/** @typedef {import("../rules/engine/rulebook.js").Params} Params */

/**
 * What the map says of a rule set the rules accept.
 * @typedef {object} Found
 * @property {string} value the start's value: W, L or D (two players: the first player's value); with three
 *   players W, L or T (the seat that can force a win) or D (open: nobody can)
 * @property {number} remoteness plies to the end under best play, -1 in a draw
 * @property {number} positions
 * @property {number} draws positions where nobody can force a win
 * @property {number} others how many other rule sets of the space's map give the same game
 * @property {string[]} idle the on/off rules that, turned the other way, give the very same game
 */

/**
 * The answer to the latest question: the rule set's spec, its space (in words, and its players) and, once its
 * part is read, what the space's map says (null: the rules refuse the combination, and `why` says why in the
 * engine's words).
 * @typedef {{spec: string, space: string, players: number, found: Found | null, why: string | null}} Answer
 */

/**
 * Where the explorer stands: loading the space's index, answering (the latest answer shown, if any), or a
 * file that could not be loaded ("index": the map, "part": the part asked about).
 * @typedef {"loading" | "ready" | "index" | "part"} Status
 */

export {};
