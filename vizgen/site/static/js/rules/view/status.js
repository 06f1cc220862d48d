/* vizgen rules view/status: the rules page's status line and progress bar, from the controller's state. */
import * as util from "../../core/util.js";

/** @typedef {import("../interfaces.js").RulesState} RulesState */

/**
 * The status line's class and words, or null before there is one.
 * @param {RulesState} state
 * @returns {{cls: string, text: string} | null}
 */
function statusView(state) {
  var st = state.status;
  return st ? { cls: "rules-status " + st.kind, text: st.text } : null;
}

/**
 * The progress bar's value and the words beside it (how far, in the site's units, and the step), or null when
 * the bar is down.
 * @param {RulesState} state
 * @param {import("../rulecompare.js").Units} units
 * @returns {{value: number, text: string} | null}
 */
function workingView(state, units) {
  var w = state.working;
  return w ? { value: w.share, text: util.pct(w.share, units) + (w.step ? ": " + w.step : "") } : null;
}

export { statusView, workingView };
