/* The best page's lists as best/ctrl.js picks them from the page's data, for the wants and rankings the Python
 * chose (tests/test_best.py). Reads {data: best-data.js's payload, asks: [[wants, by]]}; prints one JSON line an
 * ask: the specs listed, best first, and how many games pass. */
import fs from "node:fs";
import { passing, rankedRows } from "../../../vizgen/site/static/js/best/ctrl.js";

const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
for (const [wants, by] of job.asks) {
  console.log(JSON.stringify({ specs: rankedRows(job.data, wants, by).map((r) => r.spec), passing: passing(job.data, wants) }));
}
