/* The rules page's sweeps and figures on rule sets the Python chose (tests/test_rulespage.py).
 * Reads {book, words, sweeps: [[spec, name]]}; prints one JSON line per sweep: {points: [{value, spec, figures}]},
 * each point solved as the page solves it (rulecompile.js, rulesolve.js, rulefacts.js and its figures). */
import fs from "node:fs";
import { contract } from "../../../vizgen/site/static/js/core/contract.js";
import * as util from "../../../vizgen/site/static/js/core/util.js";
import * as movegen from "../../../vizgen/site/static/js/rules/engine/movegen.js";
import * as rulebook from "../../../vizgen/site/static/js/rules/engine/rulebook.js";
import * as rulecompile from "../../../vizgen/site/static/js/rules/engine/rulecompile.js";
import * as rulesolve from "../../../vizgen/site/static/js/rules/engine/rulesolve.js";
import * as rulefacts from "../../../vizgen/site/static/js/rules/rulefacts.js";
import * as rulecompare from "../../../vizgen/site/static/js/rules/rulecompare.js";

const VZ = { contract, util, movegen, rulebook, rulecompile, rulesolve, rulefacts, rulecompare };
const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const book = new VZ.rulebook.Book(job.book);
for (const [spec, name] of job.sweeps) {
  const read = book.read(spec);
  const plan = VZ.rulecompare.sweepPlan(book, read.base, read.params, name, job.limit);
  const points = plan.map((p) => {
    const s = VZ.rulesolve.solve(VZ.rulecompile.compile(p.params));
    s.rules = new VZ.movegen.Rules(s.R);
    const f = VZ.rulefacts.compute(s, p.params);
    return { value: p.value, spec: p.spec, figures: VZ.rulefacts.figures(s, f) };
  });
  console.log(JSON.stringify({ points }));
}
