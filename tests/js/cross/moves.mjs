/* For tests/test_js.py: a small page's model (model.js) read from its data files, given as one JSON object
 * {name: payload} (nodes, c0, c1 ...) in the file named by the first argument, with the words as the page
 * has them (second argument); print, per position, every move as [dst, best, choice, n, k] and the
 * position's verdict in words. */
import fs from "node:fs";
import { contract } from "../../../vizgen/site/static/js/core/contract.js";
import * as util from "../../../vizgen/site/static/js/core/util.js";
import * as wire from "../../../vizgen/site/static/js/core/wire.js";
import * as facts from "../../../vizgen/site/static/js/viewer/facts.js";
import { Model } from "../../../vizgen/site/static/js/viewer/model.js";

const VZ = { contract, util, wire, facts, Model };
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
