/* The space explorer's reading of the boxes on combinations the Python chose (tests/test_space.py).
 * Reads {data: the index file's payload, picks: [pick]}; prints one JSON line a pick: {index, spec},
 * as space/ctrl.js works them out. */
import fs from "node:fs";
import { combination, specOf } from "../../../vizgen/site/static/js/space/ctrl.js";

const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
for (const pick of job.picks) {
  const chosen = combination(job.data, pick);
  console.log(JSON.stringify({ index: chosen.index, spec: specOf(job.data, chosen.params) }));
}
