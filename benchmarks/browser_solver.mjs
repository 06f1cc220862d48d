// The rules page's solver under Node: compile, enumerate and solve rule sets as the browser does.
//
// Usage: node benchmarks/browser_solver.mjs BOOK.json SPEC... (BOOK.json: vizgen.site.render.rules_page.rulebook_data(),
// written by benchmarks/browser_solver.py, which runs this beside the Python engine). Prints one JSON line per
// spec: positions, and CPU milliseconds to compile the rules and to enumerate and solve them (the best of three
// runs after one warm-up, as a page that solves a second rule set runs warm).
/* global process, console */
import fs from "node:fs";
import { Book } from "../vizgen/site/static/js/rules/engine/rulebook.js";
import { compile } from "../vizgen/site/static/js/rules/engine/rulecompile.js";
import { solve } from "../vizgen/site/static/js/rules/engine/rulesolve.js";

const [bookFile, ...specs] = process.argv.slice(2);
const book = new Book(JSON.parse(fs.readFileSync(bookFile, "utf8")));

function cpu() {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}
for (const spec of specs) {
  const params = book.read(spec).params;
  let best = null;
  const runs = book.estimate(params) > 500000 ? 1 : 3;
  for (let k = 0; k <= runs; k++) {
    const t0 = cpu();
    const R = compile(params);
    const t1 = cpu();
    const s = solve(R);
    const t2 = cpu();
    const run = { spec, positions: s.n, space: R.space, compile_ms: t1 - t0, solve_ms: t2 - t1, total_ms: t2 - t0 };
    if (k > 0 && (best === null || run.total_ms < best.total_ms)) best = run;
  }
  console.log(JSON.stringify(best));
}
