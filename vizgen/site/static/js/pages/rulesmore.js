/* rulesmore.js, loaded by the rules page once a rule set is solved: its short guide and rules of thumb, the JSON
 * download with the random-play odds and the stats, the comparison with another rule set and the sweeps. The
 * modules it shares with rules.js are that script's own: tools/bundle.mjs makes this bundle one function of them,
 * which hands the page these modules (pages/rules.js's lateScript calls it with its SHARED). */
import { contract } from "../core/contract.js";
import * as rulecompare from "../rules/rulecompare.js";
import * as ruledownload from "../rules/ruledownload.js";
import * as ruleguide from "../rules/ruleguide.js";
import * as ruleodds from "../rules/ruleodds.js";
import * as ruleside from "../rules/ruleside.js";
import * as rulestats from "../rules/rulestats.js";
import * as rulethumbs from "../rules/rulethumbs.js";

/** @typedef {import("../rules/engine/rulesolve.js").Solved} Solved */
/** @typedef {import("../rules/rulefacts.js").Facts} Facts */
/** @typedef {import("./rules.js").RulesConfig} RulesConfig */

/** The short guide and the rules of thumb of a two-player rule set drawn into the page (`$`: its element of an
   id), as the tests read them: {must, thumbs}.
   @param {Solved} s @param {Facts} f @param {RulesConfig} cfg @param {number} r
   @param {(id: string) => HTMLElement} $ @returns {{must: number, thumbs: string[] | null}} */
function guide(s, f, cfg, r, $) {
  var shown = ruleguide.show(s, f, cfg, function (i) { return contract.verdicts[f.verdict[i]].cls; }, $);
  return Object.assign(shown, { thumbs: rulethumbs.show(s, cfg, r, $).rules });
}

/** The JSON download of the rule set solved (ruledownload.js's document), saved as <spec>.json.
   @param {Solved} s @param {Facts} f @param {RulesConfig} cfg @param {import("../rules/engine/rulebook.js").Book} book
   @param {string} spec */
function download(s, f, cfg, book, spec) {
  var blob = new Blob([ruledownload.json(ruledownload.doc(s, f, cfg, book, spec))], { type: "application/json" });
  var a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = spec.replace(/[^a-z0-9]+/gi, "-") + ".json";
  document.body.appendChild(a);
  a.click();
  a.remove();
}
/** The page's timers, handed to the comparison. */
var CLOCK = { later: function (/** @type {() => void} */ fn, /** @type {number} */ ms) { return setTimeout(fn, ms); },
  every: function (/** @type {() => void} */ fn, /** @type {number} */ ms) { return setInterval(fn, ms); },
  stop: function (/** @type {number} */ id) { clearTimeout(id); clearInterval(id); } };
/** The comparison with another rule set and the sweeps' menu, attached to the page (ruleside.js) over its
   controller, configuration and element lookup (`$`), with the page's solver (the worker's run and cancel:
   pages/rules/worker.js, the page's own) and the spec's encoding and the steps' words of rules/ctrl.js; resolves
   once the comparison the address asks for is drawn.
   @param {import("../rules/ctrl.js").RulesCtrl} ctrl @param {RulesConfig} cfg @param {(id: string) => HTMLElement} $
   @param {{run: typeof import("./rules/worker.js").run, cancel: () => boolean}} worker
   @param {(spec: string) => string} encSpec @param {Record<string, string>} steps @returns {Promise<void>} */
function compare(ctrl, cfg, $, worker, encSpec, steps) {
  ruleside.attach({ cfg: cfg, book: ctrl.book, state: ctrl.state, api: ctrl.api, $: $,
    currentSpec: function () { return ctrl.spec(); }, addressOf: function (spec) { return ctrl.addressOf(spec); },
    encSpec: encSpec, steps: steps,
    working: function (on, share, step) { ctrl.working(on ? share || 0 : null, step); },
    compare: function (other, spec, tell) { return ctrl.compare(other, spec, tell); },
    solve: function (params, tell) { return worker.run(params, cfg.worker, tell); }, cancel: worker.cancel,
    keepAddress: function () { history.replaceState(null, "", ctrl.addressOf(ctrl.spec()) + location.hash); },
    onClick: function (handler) { document.addEventListener("click", handler); }, clock: CLOCK });
  ruleside.sweepOptions();
  return ruleside.compareWith();
}

export { ruleguide, rulethumbs, ruleodds, rulestats, ruledownload, rulecompare, ruleside, guide, download, compare };
