/* vizgen solving: a rule set's solve as steps (rulecompile.js, then rulesolve.js) and how far it has got.
 *
 * working(params) is the solve as a generator of its progress ([step, done, total]), returning the solution (the
 * compiled tables and every node's arrays); work(params, tell) runs it at once; fraction() reads how far it has
 * got, 0 to 1. Where it runs (a Web Worker, or the page's slices between paints) is the page's business:
 * pages/rules/worker.js, handed to the controller as its solver.
 */
import * as rulecompile from "./engine/rulecompile.js";
import * as rulesolve from "./engine/rulesolve.js";

/** @typedef {import("./engine/rulebook.js").Params} Params */
/** @typedef {import("./engine/rulesolve.js").Progress} Progress */
/** @typedef {import("./engine/rulesolve.js").Solved} Solved */
/** @typedef {import("./engine/rulesolve.js").Step} Step how far a solve has got: [step, done, total] */
/** @typedef {Omit<Solved, "rules">} Solution a solve's result: the solution without its Rules (made again) */
/* The solution's arrays (a worker hands them over, not copies). */
/** @type {Array<"codes" | "depth" | "winner" | "rem" | "outdeg" | "final" | "outIn">} */
var ARRAYS = ["codes", "depth", "winner", "rem", "outdeg", "final", "outIn"];

/* The solve of `params` as a generator of how far it has got ([step, done, total]), returning the solution: the
   compile (rulecompile.js, told a row of states at a time), then the positions found and solved (rulesolve.js). */
/**
 * @param {Params} params
 * @returns {Generator<Step, Solution, void>}
 */
function* working(params) {
  var R = yield* rulecompile.compiling(params);
  yield ["compile", 1, 1];
  var s = yield* rulesolve.solving(R);
  return { R: R, n: s.n, edges: s.edges, start: s.start, codes: s.codes, depth: s.depth, winner: s.winner,
    rem: s.rem, outdeg: s.outdeg, final: s.final, outIn: s.outIn };
}

/* The solve of `params` at once (in the worker), `tell` told how far it has got. */
/**
 * @param {Params} params
 * @param {Progress} tell
 * @returns {Solution}
 */
function work(params, tell) {
  var steps = working(params), next = steps.next();
  while (!next.done) {
    tell.apply(null, next.value);
    next = steps.next();
  }
  return next.value;
}

/* How far a solve has got, from 0 to 1, from the solver's progress (step, done, total) and the positions that
   exist (`size`): compiling the rules the first fifth (a large r's compile is most of the work), finding the
   positions up to a half, solving them most of the rest, survival the end. */
/**
 * @param {string} step
 * @param {number} done
 * @param {number} total
 * @param {number} size
 * @returns {number}
 */
function fraction(step, done, total, size) {
  if (step === "compile") return 0.2 * Math.min(1, done / Math.max(total, 1));
  if (step === "enumerate") return 0.2 + 0.3 * Math.min(1, done / Math.max(size, 1));
  if (step === "solve") return 0.5 + 0.4 * Math.min(1, done / Math.max(total, 1));
  if (step === "survival") return 0.9 + 0.09 * (1 - 1 / (1 + done / 10));
  return 1;
}

export { working, work, fraction, ARRAYS };
