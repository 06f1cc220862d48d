/* The space explorer's reading of the form on combinations the Python chose (tests/test_space.py).
 * Reads {data: the index file's payload, picks: [pick]}; prints one JSON line a pick: {index, spec, why},
 * as space/ctrl.js works them out in the pick's space (why: the rules' reason for refusing it, or null). */
import fs from "node:fs";
import { combination, refusal, specOf } from "../../../vizgen/site/static/js/space/ctrl.js";

const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
for (const pick of job.picks) {
  const chosen = combination(job.data, pick);
  console.log(JSON.stringify({ index: chosen.index, spec: specOf(job.data, chosen), why: refusal(job.data, chosen) }));
}
