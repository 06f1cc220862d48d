/* For tests/test_js.py: decode the blocks of a JSON list [{fields, text, length}] (a file named by the first
 * argument) with wire.js; print, per block, every field's values as JSON. */
import fs from "node:fs";
import { contract } from "../../../vizgen/site/static/js/core/contract.js";
import * as wire from "../../../vizgen/site/static/js/core/wire.js";

const VZ = { contract, wire };
const blocks = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
Promise.all(blocks.map((b) => VZ.wire.read(b.fields, b.text, b.length))).then((read) => {
  const out = read.map((block, k) => {
    const values = {};
    for (const f of blocks[k].fields) values[f.name] = Array.from(block.column(f.name));
    return values;
  });
  process.stdout.write(JSON.stringify(out) + "\n");
});
