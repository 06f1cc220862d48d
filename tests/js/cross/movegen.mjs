/* For tests/test_js.py: every code's moves ([dst, mid] in order) and parents (sorted) by movegen.js, one
 * JSON line per code of the space, from the rules.js payload in the file named by the first argument. */
import fs from "node:fs";
import { contract } from "../../../vizgen/site/static/js/core/contract.js";
import * as util from "../../../vizgen/site/static/js/core/util.js";
import * as movegen from "../../../vizgen/site/static/js/rules/engine/movegen.js";

const VZ = { contract, util, movegen };
const rules = new VZ.movegen.Rules(JSON.parse(fs.readFileSync(process.argv[2], "utf8")));
const out = [];
for (let code = 0; code < rules.space; code++) {
  const moves = rules.moves(code).map((m) => [m.dst, m.mid]);
  const parents = rules.parents(code).sort((a, b) => a - b);
  out.push(JSON.stringify([moves, parents]));
}
process.stdout.write(out.join("\n") + "\n");
