/* For tests/test_js.py: decode the blocks of a JSON list [{fields, text, length}] (a file named by the first
 * argument) with wire.js; print, per block, every field's values as JSON. */
"use strict";

const fs = require("node:fs");
const { load } = require("../load.js");

const VZ = load("wire");
const blocks = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
Promise.all(blocks.map((b) => VZ.wire.read(b.fields, b.text, b.length))).then((read) => {
  const out = read.map((block, k) => {
    const values = {};
    for (const f of blocks[k].fields) values[f.name] = Array.from(block.column(f.name));
    return values;
  });
  process.stdout.write(JSON.stringify(out) + "\n");
});
