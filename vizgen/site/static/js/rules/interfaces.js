/* vizgen rules interfaces: the rules page's types (JSDoc only): its controller's state, its face to tests, the
 * solver it is given and a comparison's answer. */

/** @typedef {import("./engine/rulebook.js").Params} Params */
/** @typedef {import("./engine/rulesolve.js").Solved} Solved */
/** @typedef {import("./engine/rulesolve.js").Progress} Progress */
/** @typedef {import("./rulefacts.js").Facts} Facts */
/** @typedef {import("./rulefacts.js").Figures} Figures */
/** @typedef {import("./rulegame.js").Game} Game */

/**
 * Solves a rule set: a promise of its solution, told how far it has got; with `only` (a large rule set) in a
 * Web Worker or not at all (pages/rules/worker.js's run, with the worker's script).
 * @typedef {(params: Params, tell: Progress, only: boolean) => Promise<import("./solving.js").Solution>} Solver
 */

/**
 * The status line: its kind (working, solved, too-big, impossible), its words, and whether the result is hidden.
 * @typedef {{kind: string, text: string, clear: boolean}} Status
 */

/**
 * The rules page's state (RulesCtrl): the rules chosen, the rule set solved and its facts and figures, the node
 * shown, the game, the status line, the progress bar (share 0 to 1, the step in words), whether a cancelled solve
 * may be started again, whether the rules have been set yet; and what the comparison and the sweep keep
 * (ruleside.js's SideState).
 * @typedef {object} RulesState
 * @property {string} base
 * @property {Params} params
 * @property {Solved | null} solved
 * @property {Facts | null} facts
 * @property {Figures | null} figures
 * @property {number | null} shown
 * @property {Game | null} game
 * @property {Status | null} status
 * @property {{share: number, step: string} | null} working
 * @property {boolean} again
 * @property {boolean} formSet
 * @property {number} [r]
 * @property {boolean} [booted] whether the viewer has started (the map's comparison is made before)
 * @property {string | null} [compareSpec] the rule set compared with, as a spec string
 * @property {Params} [compareParams]
 * @property {boolean} [compareDropped] a compare= in the address that could not be read
 */

/**
 * The page's face to tests (window.vizgenRules).
 * @typedef {import("./ruleside.js").SideApi & {ready: boolean, spec: string | null, solution: Solved | null,
 *   facts: Facts | null, error: string | null, refused: string | null, large?: boolean,
 *   guide?: {must: number, thumbs?: string[] | null}}} RulesApi
 */

/**
 * A comparison: the other rule set solved and its facts, its spec, both rule sets' figures (yours first), the
 * sentence on the start, the node pairs [here, there] whose value changes, and whether positions were compared.
 * @typedef {object} Comparison
 * @property {Solved} other
 * @property {Facts} facts
 * @property {string} spec
 * @property {[Figures, Figures]} figures
 * @property {string} sentence
 * @property {Array<[number, number]>} changed
 * @property {boolean} each
 */

export {};
