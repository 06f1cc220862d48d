/* The site's ES modules (vizgen/site/static/js/, in folders by page), loaded by name as the tests use them, and the
 * fixtures the Python writes (tests/test_js.py checks they are what it writes today). The modules are required
 * as they are (Node 20.19's require() of an ES module: each is the module's namespace, its named exports). */
"use strict";

const fs = require("node:fs");
const path = require("node:path");
const zlib = require("node:zlib");

const MODULES = path.join(__dirname, "..", "..", "vizgen", "site", "static", "js");

/* Each module's folder (a module is named by its file, as the tests name it). */
const FOLDERS = {
  core: ["address", "board", "contract", "hands", "loader", "shading", "theme", "util", "wire"],
  viewer: ["codemodel", "explorer", "facts", "graph", "keys", "main", "model", "overview", "panel", "search", "styles",
    "valuemap", "views"],
  play: ["game", "opponents", "play", "playview", "retry", "review"],
  practice: ["glicko", "practice", "practiceview"],
  "rules/engine": ["movegen", "pairwise", "rulebook", "rulecompile", "rulesolve"],
  rules: ["rulecompare", "ruledownload", "rulefacts", "ruleguide", "rulemodel", "ruleodds", "ruleside", "rulespage",
    "rulestats", "rulesworker", "rulethumbs"],
  index: ["rulefilter"],
  space: ["space"],
};
const WHERE = Object.fromEntries(Object.entries(FOLDERS).flatMap(([f, names]) => names.map((n) => [n, f])));
/* modules whose one export is a class, read by the class's name; and the names the pages' handle gives two */
const CLASSES = { model: "Model", codemodel: "CodeModel", valuemap: "ValueMap" };
const NAMES = { practiceview: "practiceView", playview: "playDraw" };

/* The path of one module by name. */
function modulePath(name) {
  if (!WHERE[name]) throw new Error(`no module ${name} in ${MODULES}`);
  return path.join(MODULES, WHERE[name], name + ".js");
}

/* These modules (file names without .js) and the contract, by name: {contract, util: the namespace of util.js,
   Model: the class of model.js ...}; one object a test file, gathering what each call loads (as a page's handle
   gathers what its scripts offer). */
const loaded = {};
function load(...names) {
  loaded.contract = require(modulePath("contract")).contract;
  for (const name of names) {
    const mod = require(modulePath(name));
    if (CLASSES[name]) loaded[CLASSES[name]] = mod[CLASSES[name]];
    else if (name !== "contract") loaded[NAMES[name] || name] = mod;
  }
  return loaded;
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

module.exports = { load, modulePath, fixture, encodeBlock, MODULES };
