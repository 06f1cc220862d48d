/* For tests/test_js.py: a game's logic in the browser against the engine's, on a small page's model
 * (model.js) read from its data files (first argument: {name: payload}) with the page's words (second
 * argument) and games played by the Python (third argument: [{line: node ids from the start, limits}]).
 * Prints {marks: per position the mark code of each move (review.js), perfect: per position the move
 * the code pages' perfect player takes (opponents.js), endings: per game how it ends (game.js)}. */
import fs from "node:fs";
import { contract } from "../../../vizgen/site/static/js/core/contract.js";
import * as util from "../../../vizgen/site/static/js/core/util.js";
import * as wire from "../../../vizgen/site/static/js/core/wire.js";
import * as facts from "../../../vizgen/site/static/js/viewer/facts.js";
import { Model } from "../../../vizgen/site/static/js/viewer/model.js";
import * as game from "../../../vizgen/site/static/js/play/game.js";
import * as review from "../../../vizgen/site/static/js/play/review.js";
import * as opponents from "../../../vizgen/site/static/js/play/opponents.js";

const VZ = { contract, util, wire, facts, Model, game, review, opponents };
const files = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const words = JSON.parse(fs.readFileSync(process.argv[3], "utf8"));
const played = JSON.parse(fs.readFileSync(process.argv[4], "utf8"));
const fetch = (name) => Promise.resolve(files[name]);

VZ.Model.open(files.nodes, fetch, words).then(async (model) => {
  const marks = [], perfect = [];
  for (let i = 0; i < model.n; i++) {
    const d = await model.detail(i);
    marks.push(d.moves.map((m) => VZ.review.mark(words, d.moves, m.dst).mark));
    perfect.push(VZ.opponents.optimal(model, d.moves));
  }
  const live = (i) => model.details.get(i).hands.map((h) => h.some((v) => v !== 0));
  const endings = played.map(({ line, limits }) => {
    // the game is over where the referee first ends it, and nowhere before
    for (let k = 0; k < line.length - 1; k++) {
      if (VZ.game.ending(model.P, line.slice(0, k + 1), (i) => model.over(i), (i) => model.winner(i), live, limits)) {
        return { early: k };
      }
    }
    return VZ.game.ending(model.P, line, (i) => model.over(i), (i) => model.winner(i), live, limits);
  });
  process.stdout.write(JSON.stringify({ marks, perfect, endings }) + "\n");
});
