/* For tests/test_js.py: every code's moves ([dst, mid] in order) and parents (sorted) by movegen.js, one
 * JSON line per code of the space, from the rules.js payload in the file named by the first argument. */
"use strict";

const fs = require("node:fs");
const { load } = require("../load.js");

const VZ = load("util", "movegen");
const rules = new VZ.movegen.Rules(JSON.parse(fs.readFileSync(process.argv[2], "utf8")));
const out = [];
for (let code = 0; code < rules.space; code++) {
  const moves = rules.moves(code).map((m) => [m.dst, m.mid]);
  const parents = rules.parents(code).sort((a, b) => a - b);
  out.push(JSON.stringify([moves, parents]));
}
process.stdout.write(out.join("\n") + "\n");
