/* For tests/test_practice_hands.py: every position of the practice data drawn as the page draws it (core/hands.js,
 * the pictures of the touch board), given as one JSON object {position: hands} in the file named by the first
 * argument, with the words (second argument); print per position the pictures drawn: each hand's number as
 * written under it, in order, and whether every picture is a named, well-formed one. */
import fs from "node:fs";
import * as hands from "../../../vizgen/site/static/js/core/hands.js";

const positions = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const words = JSON.parse(fs.readFileSync(process.argv[3], "utf8"));
const app = { W: words, seats: { names: ["To move", "Next", "After next", "3 seats on"], won: [] } };
const out = {};
for (const [position, h] of Object.entries(positions)) {
  const drawn = String(hands.players(app, h, -1, {}));
  const pictures = drawn.match(/<svg class="hand[^"]*"[^>]*role="img" aria-label="[^"]+"/g) || [];
  const numbers = Array.from(drawn.matchAll(/<text class="(?:count|total)[^"]*"[^>]*>([^<]*)<\/text>/g), (m) => m[1]);
  out[position] = { pictures: pictures.length, numbers: numbers, clean: !/NaN|undefined/.test(drawn) };
}
process.stdout.write(JSON.stringify(out) + "\n");
