/* For tests/test_js.py: a small page's model (model.js) read from its data files, given as one JSON object
 * {name: payload} (nodes, c0, c1 ...) in the file named by the first argument, with the words as the page
 * has them (second argument); print, per position, every move as [dst, best, choice, n, k] and the
 * position's verdict in words. */
"use strict";

const fs = require("node:fs");
const { load } = require("../load.js");

const VZ = load("util", "wire", "facts", "model");
const files = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const words = JSON.parse(fs.readFileSync(process.argv[3], "utf8"));
const fetch = (name) => Promise.resolve(files[name]);

VZ.Model.open(files.nodes, fetch, words).then(async (model) => {
  const out = [];
  for (let i = 0; i < model.n; i++) {
    const d = await model.detail(i);
    out.push([model.words(i), d.moves.map((m) => [m.dst, m.best, m.choice, m.n, m.k])]);
  }
  process.stdout.write(JSON.stringify(out) + "\n");
});
