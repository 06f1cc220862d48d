/* The rules page's sweeps and figures on rule sets the Python chose (tests/test_rulespage.py).
 * Reads {book, words, sweeps: [[spec, name]]}; prints one JSON line per sweep: {points: [{value, spec, figures}]},
 * each point solved as the page solves it (rulecompile.js, rulesolve.js, rulefacts.js and its figures). */
"use strict";

const fs = require("node:fs");
const { load } = require("../load.js");

const VZ = load("util", "movegen", "rulebook", "rulecompile", "rulesolve", "rulefacts", "rulecompare");
const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const book = new VZ.rulebook.Book(job.book);
for (const [spec, name] of job.sweeps) {
  const read = book.read(spec);
  const plan = VZ.rulecompare.sweepPlan(book, read.base, read.params, name, job.limit);
  const points = plan.map((p) => {
    const s = VZ.rulesolve.solve(VZ.rulecompile.compile(p.params));
    s.rules = new VZ.movegen.Rules(s.R);
    const f = VZ.rulefacts.compute(s, job.words, p.params);
    return { value: p.value, spec: p.spec, figures: VZ.rulefacts.figures(s, f, job.words) };
  });
  console.log(JSON.stringify({ points }));
}
