import test from "node:test";
import assert from "node:assert/strict";
import { fixture, encodeBlock } from "./load.mjs";
import { contract } from "../../vizgen/site/static/js/core/contract.js";
import * as util from "../../vizgen/site/static/js/core/util.js";
import * as wire from "../../vizgen/site/static/js/core/wire.js";
import * as factsModule from "../../vizgen/site/static/js/viewer/facts.js";
import * as movegen from "../../vizgen/site/static/js/rules/engine/movegen.js";
import { CodeModel } from "../../vizgen/site/static/js/viewer/codemodel.js";

const VZ = { contract, util, wire, facts: factsModule, movegen, CodeModel };
const WORDS = fixture("words.json");
const R = fixture("players3-r3-rules.json");
const RULES = new VZ.movegen.Rules(R);

/* Made-up facts over the code space: every fifth code unreachable, every verdict in turn. */
function factsOf(code) {
  if (code % 5 === 0) return null;
  return {
    verdict: code % VZ.contract.verdicts.length,
    winner: code % 3 === 2 ? -1 : code % 3, verdict_n: code % 11, choice: code % VZ.contract.choices.length,
    choice_k: code % 3 - 1, choice_n: code % 13, score: code % 6, depth: code % 9, forced_out_in: code % 4 - 1,
  };
}
function block() {
  const columns = {};
  R.fields.forEach((f) => { columns[f.name] = []; });
  for (let code = 0; code < R.space; code++) {
    const facts = factsOf(code);
    R.fields.forEach((f) => columns[f.name].push(facts ? facts[f.name] : -1));
  }
  return encodeBlock(R.fields, columns);
}
const DATA = block();

function model() {
  const asked = [];
  const m = new VZ.CodeModel(R, (name) => { asked.push(name); return Promise.resolve(DATA); }, WORDS);
  return { m, asked };
}

test("the chunks load once, and a code no game reaches is not a position", async () => {
  const { m, asked } = model();
  assert.equal(R.chunk >= R.space, true);
  await Promise.all([m.ensure([1, 2]), m.ensure([3])]);
  assert.deepEqual(asked, ["d0"]);
  assert.equal(m.reachable(5), false);
  assert.equal(m.reachable(6), true);
  assert.equal(m.reachable(-1), false);
  assert.equal(m.reachable(R.space), false);
  assert.equal(m.reachable(6.5), false);
});

test("a position's facts, as on small pages", async () => {
  const { m } = model();
  await m.ensure([0]);
  for (let code = 0; code < R.space; code++) {
    const facts = factsOf(code);
    if (!facts) continue;
    const v = VZ.contract.verdicts[facts.verdict];
    assert.equal(m.cls(code), v.cls);
    assert.equal(m.over(code), v.over);
    assert.equal(m.winner(code), facts.winner);
    assert.equal(m.remoteness(code), facts.winner >= 0 ? facts.verdict_n : -1);
    assert.equal(m.words(code), VZ.util.fill(v.long, { n: facts.verdict_n, k: facts.winner }));
  }
});

test("a detail: moves grouped by target with every name, optimal by score; parents that a game reaches", async () => {
  const { m } = model();
  let seen = 0;
  for (let code = 0; code < R.space; code++) {
    if (!factsOf(code)) continue;
    const d = await m.detail(code);
    assert.equal(d.id, code);
    assert.deepEqual(d.hands, RULES.hands(code));
    if (m.over(code)) {
      assert.deepEqual(d.moves, []);
    } else {
      const names = new Map();
      RULES.moves(code).forEach((mv) => {
        if (!names.has(mv.dst)) names.set(mv.dst, []);
        names.get(mv.dst).push(R.moves[mv.mid]);
      });
      assert.deepEqual(d.moves.map((mv) => [mv.dst, mv.names]), [...names.entries()]);
      const top = Math.max(...d.moves.map((mv) => factsOf(mv.dst) ? factsOf(mv.dst).score : -1));
      for (const mv of d.moves) {
        const t = factsOf(mv.dst) || { score: -1, choice: -1, choice_n: -1, choice_k: -1 };
        assert.deepEqual([mv.best, mv.choice, mv.n, mv.k], [t.score === top, t.choice, t.choice_n, t.choice_k]);
      }
      seen += d.moves.length;
    }
    const parents = RULES.parents(code).filter((p) => factsOf(p) && !m.over(p)).sort((a, b) => a - b);
    assert.deepEqual(d.parents, parents);
    const facts = factsOf(code);
    assert.deepEqual(d.values, [facts.depth, facts.forced_out_in < 0 ? null : facts.forced_out_in]);
  }
  assert.ok(seen > 100);
});

test("links: the moves without values, none at the end of a game", async () => {
  const { m } = model();
  const start = R.start;
  const links = m.links(start); // before any chunk is known
  assert.deepEqual(links.parents, []);
  assert.ok(links.moves.length > 0 && links.moves.every((mv) => mv.best === false && mv.names.length > 0));
  await m.ensure([start]);
  const over = [...Array(R.space).keys()].find((c) => factsOf(c) && m.over(c));
  assert.deepEqual(m.links(over).moves, []);
});
