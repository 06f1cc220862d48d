/* What the Node tests share: the fixtures the Python writes (tests/test_js.py checks they are what it writes
 * today) and a block of the wire made up by a test. The tests import the site's ES modules
 * (vizgen/site/static/js/) themselves. */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const MODULES = path.join(HERE, "..", "..", "vizgen", "site", "static", "js");

/* A fixture of tests/js/fixtures, parsed. */
export function fixture(name) {
  return JSON.parse(fs.readFileSync(path.join(HERE, "fixtures", name), "utf8"));
}

/* A block of the wire written as vizgen/site/render/wire.py documents it (for tests that make up their own
   data): each value plus one, in byte planes: every field's low byte, then the second byte of the wider
   ones ...; zlib, base64. */
export function encodeBlock(fields, columns) {
  const bytes = [];
  const widest = Math.max(0, ...fields.map((f) => f.width));
  for (let b = 0; b < widest; b++) {
    for (const f of fields) {
      if (f.width > b) for (const v of columns[f.name]) bytes.push(Math.floor((v + 1) / 256 ** b) % 256);
    }
  }
  return zlib.deflateSync(Buffer.from(bytes)).toString("base64");
}

