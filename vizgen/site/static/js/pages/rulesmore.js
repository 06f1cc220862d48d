/* rulesmore.js, loaded by the rules page once a rule set is solved: its short guide and rules of thumb, the JSON
 * download with the random-play odds and the stats, the comparison with another rule set and the sweeps. The
 * modules it shares with rules.js are that script's own, read from the page's handle (tools/bundle.mjs). */
import * as rulecompare from "../rules/rulecompare.js";
import * as ruledownload from "../rules/ruledownload.js";
import * as ruleguide from "../rules/ruleguide.js";
import * as ruleodds from "../rules/ruleodds.js";
import * as ruleside from "../rules/ruleside.js";
import * as rulestats from "../rules/rulestats.js";
import * as rulethumbs from "../rules/rulethumbs.js";
import { publish } from "./handle.js";

var more = { ruleguide: ruleguide, rulethumbs: rulethumbs, ruleodds: ruleodds, rulestats: rulestats,
  ruledownload: ruledownload, rulecompare: rulecompare, ruleside: ruleside };
publish(Object.assign({ rulesmore: more }, more));
