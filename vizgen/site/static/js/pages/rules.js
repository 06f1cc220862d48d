/* rules.js, the rules page's script and its Web Worker (the same file: a worker has no document). */
import * as contractModule from "../core/contract.js";
import * as htmlModule from "../core/html.js";
import * as shading from "../core/shading.js";
import * as util from "../core/util.js";
import * as movegen from "../rules/engine/movegen.js";
import * as pairwise from "../rules/engine/pairwise.js";
import * as rulebook from "../rules/engine/rulebook.js";
import * as rulecompile from "../rules/engine/rulecompile.js";
import * as rulesolve from "../rules/engine/rulesolve.js";
import * as rulebadge from "../rules/rulebadge.js";
import * as rulefacts from "../rules/rulefacts.js";
import * as rulegraph from "../rules/rulegraph.js";
import * as rulemap from "../rules/rulemap.js";
import * as rulemaxn from "../rules/rulemaxn.js";
import * as rulemodel from "../rules/rulemodel.js";
import { boot } from "../rules/rulespage.js";
import * as rulesworker from "../rules/rulesworker.js";
import * as ruletricky from "../rules/ruletricky.js";
import { publish } from "./handle.js";

if (typeof document === "undefined") {
  rulesworker.serve();
} else {
  publish({ contract: contractModule.contract, util: util, shading: shading, movegen: movegen, rulebook: rulebook,
    rulecompile: rulecompile, rulesolve: rulesolve, rulefacts: rulefacts, rulesworker: rulesworker,
    pairwise: pairwise, rulemodel: rulemodel, rulegraph: rulegraph, rulemap: rulemap, rulemaxn: rulemaxn,
    ruletricky: ruletricky,
    // the modules of this script that rulesmore.js reads instead of its own copy (tools/bundle.mjs checks the list)
    rulesShared: { "core/contract.js": contractModule, "core/html.js": htmlModule, "core/util.js": util, "rules/engine/movegen.js": movegen,
      "rules/engine/pairwise.js": pairwise, "rules/engine/rulebook.js": rulebook, "rules/engine/rulesolve.js": rulesolve,
      "rules/rulebadge.js": rulebadge, "rules/rulefacts.js": rulefacts, "rules/rulegraph.js": rulegraph, "rules/rulemap.js": rulemap,
      "rules/rulemaxn.js": rulemaxn, "rules/ruletricky.js": ruletricky, "rules/rulesworker.js": rulesworker } });
  boot();
}
