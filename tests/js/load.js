/* The site's modules loaded into globalThis.VZ as a page has them (vizgen/site/render/assets.py joins them),
 * and the fixtures the Python writes (tests/test_js.py checks they are what it writes today). */
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const zlib = require("node:zlib");

const MODULES = path.join(__dirname, "..", "..", "vizgen", "site", "static", "js");

/* Load these modules (file names without .js), in order, after the contract (contract.js, generated from the
   Python: every script that reads it has it first); returns the namespace. */
function load(...names) {
  for (const name of ["contract", ...names]) require(path.join(MODULES, name + ".js"));
  return globalThis.VZ;
}

/* A fixture of tests/js/fixtures, parsed. */
function fixture(name) {
  return JSON.parse(fs.readFileSync(path.join(__dirname, "fixtures", name), "utf8"));
}

/* A block of the wire written as vizgen/site/render/wire.py documents it (for tests that make up their own
   data): each value plus one, in byte planes: every field's low byte, then the second byte of the wider
   ones ...; zlib, base64. */
function encodeBlock(fields, columns) {
  const bytes = [];
  const widest = Math.max(0, ...fields.map((f) => f.width));
  for (let b = 0; b < widest; b++) {
    for (const f of fields) {
      if (f.width > b) for (const v of columns[f.name]) bytes.push(Math.floor((v + 1) / 256 ** b) % 256);
    }
  }
  return zlib.deflateSync(Buffer.from(bytes)).toString("base64");
}

module.exports = { load, fixture, encodeBlock, MODULES };
