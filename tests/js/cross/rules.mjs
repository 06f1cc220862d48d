/* The browser's rule compiler and solver on rule sets the Python chose (tests/test_rulespage.py).
 * Reads {book, specs, tables, facts, words, thumbs} (facts: one flag per spec); prints one JSON line per spec: {error}
 * when the rules are refused, else {start, n, nodes: [[code, name, winner, remoteness, [[dst, move], ...], out_in...]]},
 * with the rule tables when asked and, where the spec's facts flag is set, the page facts, odds, stats and guide. */
import fs from "node:fs";
import { contract } from "../../../vizgen/site/static/js/core/contract.js";
import * as util from "../../../vizgen/site/static/js/core/util.js";
import * as movegen from "../../../vizgen/site/static/js/rules/engine/movegen.js";
import * as rulebook from "../../../vizgen/site/static/js/rules/engine/rulebook.js";
import * as rulecompile from "../../../vizgen/site/static/js/rules/engine/rulecompile.js";
import * as rulesolve from "../../../vizgen/site/static/js/rules/engine/rulesolve.js";
import * as rulefacts from "../../../vizgen/site/static/js/rules/rulefacts.js";
import * as pairwise from "../../../vizgen/site/static/js/rules/engine/pairwise.js";
import * as rulegraph from "../../../vizgen/site/static/js/rules/rulegraph.js";
import * as rulemaxn from "../../../vizgen/site/static/js/rules/rulemaxn.js";
import * as ruletricky from "../../../vizgen/site/static/js/rules/ruletricky.js";
import * as ruleodds from "../../../vizgen/site/static/js/rules/ruleodds.js";
import * as rulestats from "../../../vizgen/site/static/js/rules/rulestats.js";
import * as ruleguide from "../../../vizgen/site/static/js/rules/ruleguide.js";
import * as rulethumbs from "../../../vizgen/site/static/js/rules/rulethumbs.js";

const VZ = { contract, util, movegen, rulebook, rulecompile, rulesolve, rulefacts, pairwise, rulegraph, rulemaxn, ruletricky, ruleodds, rulestats, ruleguide, rulethumbs };
const job = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
const book = new VZ.rulebook.Book(job.book);
const out = [];
for (const [index, spec] of job.specs.entries()) {
  let read;
  try {
    read = book.read(spec);
  } catch (e) {
    out.push(JSON.stringify({ error: e.message }));
    continue;
  }
  const R = VZ.rulecompile.compile(read.params);
  const s = VZ.rulesolve.solve(R);
  const P = R.ints[0];
  const nodes = [];
  for (let i = 0; i < s.n; i++) {
    const code = s.codes[i];
    const moves = s.final[i] >= 0 ? [] : s.rules.moves(code);
    const row = [code, s.rules.name(code), s.winner[i], s.rem[i], moves.map((m) => [m.dst, R.moves[m.mid]])];
    if (P > 2) for (let k = 0; k < P; k++) row.push(s.outIn[k * s.n + i]);
    nodes.push(row);
  }
  const line = { start: R.start, n: s.n, edges: s.edges, nodes };
  if (job.facts[index]) {
    // the facts a page shows, per node: verdict, its n, choice, its n and k, move score, optimal moves, the perfect
    // player's move, the tricky one's and max^n's at each depth
    s.rules = new VZ.movegen.Rules(R);
    const f = VZ.rulefacts.compute(s, read.params);
    line.facts = [];
    // the trap figure, and the random-play odds as the download rounds them (per node for two players, from
    // the start per seat for more)
    const trick = VZ.ruletricky.tricky(s, f);
    const g = VZ.rulegraph.graph(s);
    line.trap = Array.from(trick.trap);
    const seats = VZ.ruleodds.seats(s, g);
    const mine = P === 2 ? VZ.ruleodds.perfectVsRandom(s, g) : null;
    if (P === 2) {
      line.random_win = Array.from(seats.filter((_, k) => k % 2 === 0), (x) => VZ.ruleodds.pyRound(x, 9));
      line.perfect_win = Array.from(mine, (x) => VZ.ruleodds.pyRound(x, 9));
    }
    // the download's stats block (vizgen stats --json)
    line.stats = VZ.rulestats.stats(spec, read, book, s, f, job.words, seats, mine);
    if (P === 2) {
      // the short guide: the verdict, the must-find positions and the rules of thumb
      line.guide = { verdict: VZ.ruleguide.verdict(s, f), must: VZ.ruleguide.mustFind(s, f),
        thumbs: VZ.rulethumbs.search(s, job.thumbs, read.params.r) };
    }
    if (job.tables) {
      const searched = VZ.rulemaxn.maxn(s);
      for (let i = 0; i < s.n; i++) {
        const moves = VZ.rulegraph.movesOf(s, f, i);
        line.facts.push([f.verdict[i], f.verdictN[i], f.choice[i], f.choiceN[i], f.choiceK[i], f.score[i],
          moves.filter((m) => m.best).length, VZ.rulegraph.perfect(s, moves), trick.tricky[i],
          ...VZ.rulemaxn.MAXN_DEPTHS.map((d) => searched[d][i])]);
      }
    }
  }
  if (job.tables) line.tables = R;
  out.push(JSON.stringify(line));
}
process.stdout.write(out.join("\n") + "\n");
