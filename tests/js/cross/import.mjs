/* For tests/test_import_cross.py: the game importer (play/import.js) over cases the Python wrote (tests/
 * import_cases.py; the JSON file named by the first argument, a list of variants' cases; the play words the
 * second). Print, per variant: every probe at every position as the importer finds it (the notation reached,
 * "not-a-move" or "illegal"), and each game pasted as one text (the positions reached, or why not) and again with
 * one more move (refused at the ply after the game's end, when it ends). */
import fs from "node:fs";
import { source } from "../importsource.mjs";
import * as I from "../../../vizgen/site/static/js/play/import.js";

const all = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const W = JSON.parse(fs.readFileSync(process.argv[3], "utf8"));

const out = [];
for (const c of all) {
  const src = source(c);
  const probes = {};
  for (const [name, row] of Object.entries(c.positions)) {
    if (!row.probes) continue;
    const d = await src.detail(src.resolve(name));
    const wide = c.start.indexOf(".") >= 0;
    probes[name] = row.probes.map(([text]) => {
      const got = I.find(text, d, c.players, c.gain, wide);
      return [text, typeof got === "number" ? src.name(got) : got];
    });
  }
  const games = [];
  for (const g of c.games) {
    const paste = async (texts) => {
      const r = I.read(texts.join("\n"), c.players, ["person"], W);
      const got = "why" in r ? r : await I.check(src, r, W);
      return "why" in got ? { why: got.why } : { path: [src.name(got.from), ...got.path.map((id) => src.name(id))] };
    };
    games.push([await paste(g.texts), await paste([...g.texts, "1>1"])]);
  }
  out.push({ probes, games });
}
process.stdout.write(JSON.stringify(out) + "\n");
