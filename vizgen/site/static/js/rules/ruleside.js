/* vizgen ruleside: the rules page's comparison with another rule set and its sweep of one number.
 *
 * Loaded with rulesmore.js once a rule set is solved (pages/rules.js's compareWith). attach(page) hands the page's
 * state and helpers once to the comparison (rulecompareview.js: the standard rules, one rule toggled or any rule
 * set, compare=B in the address) and the sweep (rulesweepview.js: r, swaps, lives, start or hands, solved again
 * in the worker one value after another, and charted); this module is their one door for the page.
 */
import * as rulecompareview from "./rulecompareview.js";
import * as rulesweepview from "./rulesweepview.js";

/** @typedef {import("./engine/rulebook.js").Book} Book */
/** @typedef {import("./engine/rulebook.js").BookData} BookData */
/** @typedef {import("./engine/rulebook.js").Params} Params */
/** @typedef {import("./engine/rulesolve.js").Solved} Solved */
/** @typedef {import("./rulefacts.js").Facts} Facts */
/** @typedef {import("./rulefacts.js").Figures} Figures */
/**
 * The rules page's state that the comparison and the sweep read and write (the controller's, rules/ctrl.js).
 * @typedef {import("./interfaces.js").RulesState} SideState
 */
/**
 * The page's face to tests (window.vizgenRules) where the comparison and the sweep say what they did.
 * @typedef {object} SideApi
 * @property {{spec: string, changed: number, sentence: string, figures: Figures[] | null} | null} [compare]
 * @property {string | null} [compareNote]
 * @property {import("./rulesweepview.js").SweepRun | null} [sweep]
 */
/**
 * What they read of the page's configuration.
 * @typedef {object} SideConfig
 * @property {BookData} book
 * @property {{units: import("./rulecompare.js").Units}} words
 * @property {import("../core/payloads").RulesConfig["notes"]} notes
 * @property {import("../core/payloads").RulesConfig["worker"]} worker the worker's script
 * @property {import("./rulemap.js").Compared[]} [compare] the value map's comparison (set here)
 */
/**
 * The page's state and helpers (pages/rules.js, over its controller).
 * @typedef {object} SidePage
 * @property {SideConfig} cfg
 * @property {Book} book
 * @property {SideState} state
 * @property {SideApi} api
 * @property {(id: string) => HTMLElement} $
 * @property {() => string} currentSpec
 * @property {(spec: string) => string} addressOf
 * @property {(spec: string) => string} encSpec
 * @property {(on: boolean, share?: number, step?: string) => void} working the page's progress bar and its Cancel
 *   button (a large rule set's): shown at `share` (0 to 1) of the work with `step` in words, or hidden
 * @property {Record<string, string>} steps the solver's steps in words
 * @property {(params: Params, tell: import("./engine/rulesolve.js").Progress) =>
 *   Promise<import("./solving.js").Solution>} solve solve a rule set where the page does not freeze (the worker,
 *   else the page's slices)
 * @property {() => boolean} cancel stop every solve under way (the Cancel button's)
 * @property {() => void} keepAddress write the rules and the comparison chosen into the address (its hash kept)
 * @property {(handler: (ev: MouseEvent) => void) => void} onClick hear every click on the page
 * @property {{later: (fn: () => void, ms: number) => number, every: (fn: () => void, ms: number) => number,
 *   stop: (id: number) => void}} clock the page's timers: once after `ms`, every `ms`, and stopped
 * @property {(other: Params, spec: string, tell: import("./engine/rulesolve.js").Progress) =>
 *   Promise<import("./interfaces.js").Comparison | null>} compare solve `other` (named `spec`) and compare it with
 *   the rules solved (the controller's compare): null if those changed meanwhile
 */

var attached = false;

/**
 * Take the page's state and helpers once; the first time, fill the menus and read compare= (the page keeps it in
 * state.compareSpec).
 * @param {SidePage} page
 */
function attach(page) {
  if (attached) return;
  attached = true;
  rulecompareview.attach(page);
  rulesweepview.attach(page);
}

var compareWith = rulecompareview.compareWith, sweepOptions = rulesweepview.sweepOptions, sweep = rulesweepview.sweep;

export { attach, compareWith, sweepOptions, sweep };
