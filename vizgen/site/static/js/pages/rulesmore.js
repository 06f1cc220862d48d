/* rulesmore.js, loaded by the rules page once a rule set is solved: its short guide and rules of thumb, the JSON
 * download with the random-play odds and the stats, the comparison with another rule set and the sweeps. The
 * modules it shares with rules.js are that script's own: tools/bundle.mjs makes this bundle one function of them,
 * which hands the page these modules (pages/rules.js's lateScript calls it with its SHARED). */
import * as rulecompare from "../rules/rulecompare.js";
import * as ruledownload from "../rules/ruledownload.js";
import * as ruleguide from "../rules/ruleguide.js";
import * as ruleodds from "../rules/ruleodds.js";
import * as ruleside from "../rules/ruleside.js";
import * as rulestats from "../rules/rulestats.js";
import * as rulethumbs from "../rules/rulethumbs.js";

export { ruleguide, rulethumbs, ruleodds, rulestats, ruledownload, rulecompare, ruleside };
