"""The rules page's engine in the browser, checked against the Python engine (fast lane, under Node).

``rulebook.js`` reads and checks a spec string as :func:`vizgen.engine.spec.resolve` does (the same
refusals, word for word); ``rulecompile.js`` builds the same rule tables as
:meth:`vizgen.engine.rules.Rules.kernel_tables`; ``rulesolve.js`` finds the same reachable positions,
moves, forced winners, remoteness and (three or more players) survival as the compiled kernel. Built-in
variants that fit and 200 seeded random rule sets, the house rules of section 3b included; a difference
names the rule set and the position.
"""

from __future__ import annotations

import functools
import json
import random
from pathlib import Path

import numpy as np
import pytest

from tests.node import run_node
from tests.strategies import examples
from vizgen.ai.games import perfect_player
from vizgen.ai.maxn import maxn_levels, notation_rank
from vizgen.ai.tricky import trap_figure, tricky_player
from vizgen.analysis import words
from vizgen.analysis.facts import position_facts
from vizgen.analysis.figures import stats
from vizgen.analysis.solved import Solved, best_edges, fate, solve_variant
from vizgen.engine import kernel
from vizgen.engine.graph import StateGraph, enumerate_graph
from vizgen.engine.params import VariantError, estimate_positions
from vizgen.engine.rules import Rules
from vizgen.engine.solve import solve_forced, solve_survival
from vizgen.engine.spec import resolve
from vizgen.engine.variants import REGISTRY
from vizgen.reports.guide import _must_find, _verdict, _View
from vizgen.reports.rules_of_thumb import keeping, measure_rule, move_features, search_rules, to_keep
from vizgen.site.data.tables import PLAY_DEPTHS
from vizgen.site.render.rules_page import rulebook_data, thumbs_data

ROOT = Path(__file__).resolve().parents[1]
JS = ROOT / "tests" / "js"


#: the largest rule set (positions that exist) the cross-check solves, to keep the fast lane fast
CROSS_MAX = 1200
#: the largest built-in variant whose page facts are compared too (solving one for its page takes longer)
FACTS_MAX = 1300
#: the random rule sets whose trap figures and random-play odds are compared too: one in this many (the engine's
#: dense linear solves of the odds take a third of a second a rule set)
ODDS_EVERY = 4
TABLES = ("ints", "live", "swap_ok", "own_dst", "own_mid", "hit_dst", "hit_own", "hit_mid", "own_src", "hit_src")


@functools.cache
def random_specs(count: int, seed: int = 27) -> tuple[list[str], list[str]]:
    """``count`` accepted random rule sets of at most :data:`CROSS_MAX` positions, and the refused ones met."""
    rng = random.Random(seed)
    book = rulebook_data()
    accepted: list[str] = []
    refused: list[str] = []
    while len(accepted) < count:
        pairs = {"players": rng.choice([2, 2, 2, 3]), "hands": rng.choice([1, 2, 2, 2, 3]), "r": rng.randint(2, 6),
                 "start": rng.choice([1, 1, 1, 2])}
        for name in ("overflow", "attack", "halvesies", "swap_count", "transfer_scope", "division_scope"):
            if rng.random() < 0.25:
                pairs[name] = rng.choice(book["choices"][name])
        for name in ("self_attack", "transfers", "divisions", "suicide", "meta", "misere", "sudden_death",
                     "integers", "zombies", "death_attack", "self_add", "cherry_bomb", "logan", "passes",
                     "one_point_switch", "stumps"):
            if rng.random() < 0.15:
                pairs[name] = not book["defaults"][name]
        if rng.random() < 0.15:
            pairs["swaps"] = rng.randint(1, 2)
        if rng.random() < 0.1:
            pairs["lives"] = rng.randint(2, 3)
        spec = "standard:" + ",".join(f"{k}={str(v).lower()}" for k, v in pairs.items())
        try:
            variant = resolve(spec)
        except VariantError:
            refused.append(spec)
            continue
        if estimate_positions(variant.params) <= CROSS_MAX:
            accepted.append(spec)
    return accepted, refused


@functools.lru_cache(maxsize=1)
def graph_of(spec: str) -> StateGraph:
    """The Python engine's graph of ``spec`` (the last one kept: the moves and the odds compare the same)."""
    return enumerate_graph(resolve(spec))


@functools.lru_cache(maxsize=1)
def solved_of(spec: str) -> Solved:
    """The Python engine's solution of ``spec`` on :func:`graph_of` (the last one kept)."""
    return solve_variant(resolve(spec), graph=graph_of(spec))


def engine_nodes(spec: str) -> tuple[int, list[list]]:
    """The Python engine's start code and, per reachable position, what the Node script prints."""
    graph = graph_of(spec)
    rules = graph.rules
    forced = solve_forced(graph)
    codes = graph.codes
    out_in = solve_survival(graph).out_in if graph.players > 2 else None
    live = np.flatnonzero(graph.winner < 0)
    src, dst, mid = kernel.expand(codes[live], rules.kernel_tables())
    first = np.searchsorted(src, np.arange(live.size + 1))
    move_names = [str(m) for m in rules.moves]
    moves: dict[int, list] = {int(live[j]): [[int(d), move_names[m]] for d, m in
                                             zip(dst[first[j]:first[j + 1]], mid[first[j]:first[j + 1]])]
                              for j in range(live.size)}
    names = rules.notations(codes)
    rows = []
    for i, code in enumerate(codes.tolist()):
        row = [code, names[i], int(forced.winner[i]), int(forced.remoteness[i]), moves.get(i, [])]
        if out_in is not None:
            row += out_in[i].tolist()
        rows.append(row)
    return rules.encode(rules.start()), rows


def browser(specs: list[str], tmp_path: Path, tables: bool = False, facts: list[bool] | None = None) -> list[dict]:
    """Node's lines for ``specs``: with ``tables`` the rule tables; where ``facts`` is true (one flag per spec) the
    page facts, the trap figure, the random-play odds, the download's stats and the short guide too (with ``tables``,
    the facts of every position)."""
    job = tmp_path / "job.json"
    facts = facts or [False] * len(specs)
    job.write_text(json.dumps({"book": rulebook_data(), "specs": specs, "tables": tables, "facts": facts,
                               "words": words.for_browser() if any(facts) else None, "thumbs": thumbs_data()}))
    return [json.loads(line) for line in run_node(JS / "cross" / "rules.mjs", job).splitlines()]


def compare(spec: str, got: dict) -> None:
    start, rows = engine_nodes(spec)
    assert "error" not in got, (spec, got.get("error"))
    assert got["start"] == start, (spec, "start")
    names = {row[0]: row[1] for row in rows}
    assert [r[0] for r in got["nodes"]] == [r[0] for r in rows], \
        (spec, "reachable positions differ", sorted(set(names) ^ {r[0] for r in got["nodes"]})[:5])
    for mine, theirs in zip(got["nodes"], rows):
        assert mine == theirs, (spec, theirs[1], mine, theirs)


#: the built-in variants small enough for the cross-check: those whose page facts are compared too (every fourth in
#: the fast lane, the others in the slow one: all of them take 10 s of CPU, the Node run's included), and the larger
#: ones (their rules and values only; the slow lane)
_SMALL = [slug for slug, v in REGISTRY.items() if estimate_positions(v.params) <= FACTS_MAX]
BUILTINS = {"small": _SMALL[::4], "small-others": [s for k, s in enumerate(_SMALL) if k % 4],
            "larger": [slug for slug, v in REGISTRY.items() if FACTS_MAX < estimate_positions(v.params) <= 5000]}


@pytest.mark.parametrize("size", [
    "small",
    pytest.param("small-others", marks=pytest.mark.slow(reason="7 s of CPU: the fast lane checks every fourth")),
    pytest.param("larger", marks=pytest.mark.slow)])
def test_builtin_variants_compile_and_solve_as_the_engine(size: str, tmp_path: Path) -> None:
    """Every built-in variant that fits: the same rule tables, positions, moves, values and remoteness; the small
    ones' page facts, trap figures, odds, stats and guide too."""
    specs = BUILTINS[size]
    facts = size != "larger"
    got = browser(specs, tmp_path, tables=True, facts=[facts] * len(specs))
    for spec, line in zip(specs, got, strict=True):
        rules = Rules(resolve(spec))
        expected = dict(zip(TABLES, (np.asarray(t).astype(np.int64).tolist() for t in rules.kernel_tables())))
        for name in TABLES:
            assert line["tables"][name] == expected[name], (spec, name)
        assert line["tables"]["sets"] == rules.names, spec
        assert line["tables"]["hands"] == rules.hand_numbers, spec
        assert line["tables"]["moves"] == [str(m) for m in rules.moves], spec
        assert line["tables"]["kinds"] == [m.kind for m in rules.moves], spec
        compare(spec, line)
        if facts:
            compare_facts(spec, line["facts"])
            compare_odds(spec, line)


#: the built-in two-player variants the rules page's guide covers whose guide the fast lane does not compare (solving
#: them for it takes seconds)
GUIDED = [slug for slug, v in REGISTRY.items() if v.params.players == 2 and estimate_positions(v.params) > FACTS_MAX]


@pytest.mark.catalogue_cases(
    "kitchen-sink",
    reason="the kitchen sink under Node (15 s); the whole suite keeps four hands and signed integers")
@pytest.mark.slow
@pytest.mark.parametrize("spec", GUIDED)
def test_large_builtin_rules_of_thumb_as_the_engine(spec: str, tmp_path: Path) -> None:
    """The rules of thumb of the larger built-in two-player variants the rules page's guide covers (the fast lane
    compares the others', and the random rule sets')."""
    [line] = browser([spec], tmp_path, facts=[True])
    assert "error" not in line, (spec, line.get("error"))
    compare_thumbs(spec, solved_of(spec), line["guide"]["thumbs"])


def compare_odds(spec: str, got: dict) -> None:
    """The trap figure per position, the random-play odds as a download writes them (two players, nine digits:
    vizgen.site.data.tables) and the download's stats block (vizgen.analysis.figures.stats: more players, each seat's
    odds from the start to twelve digits)."""
    solved = solved_of(spec)
    names = solved.graph.notations()
    trap = trap_figure(solved).tolist()
    for i, (mine, theirs) in enumerate(zip(got["trap"], trap, strict=True)):
        assert mine == theirs, (spec, names[i], "trap", mine, theirs)
    if solved.graph.players == 2:
        for name in ("random_win", "perfect_win"):
            theirs = [round(float(x), 9) for x in getattr(solved, name).tolist()]
            for i, (a, b) in enumerate(zip(got[name], theirs, strict=True)):
                assert a == b, (spec, names[i], name, a, b)
    assert got["stats"] == stats(solved, spec), spec
    if solved.graph.players == 2:
        compare_guide(spec, solved, got["guide"])


def compare_guide(spec: str, solved: Solved, got: dict) -> None:
    """The short guide's verdict, must-find positions (vizgen.reports.guide; the browser lists them in notation
    order, which is the built guide's order when no practice game reaches any) and rules of thumb (the same rules in
    the same order, each alone and the share after it, the same doubles: vizgen.reports.rules_of_thumb)."""
    compare_thumbs(spec, solved, got["thumbs"])
    view = _View(solved)
    assert got["verdict"] == _verdict(view), spec
    theirs = _must_find(view, np.zeros(solved.graph.n))
    assert [m["position"] for m in got["must"]] == [m["position"] for m in theirs], spec
    for mine, want in zip(got["must"], theirs, strict=True):
        mine = {k: v for k, v in mine.items() if k != "node"}
        assert mine == {k: v for k, v in want.items() if k != "reach"}, (spec, want["position"], mine, want)


def compare_thumbs(spec: str, solved: Solved, got: dict) -> None:
    """The browser's rules of thumb against :func:`vizgen.reports.rules_of_thumb.search_rules`, exactly."""
    feats, when = move_features(solved.graph)
    keep, where = keeping(solved), to_keep(solved)
    chosen, shares = search_rules(solved)
    want = [{**r.as_dict(), **measure_rule(solved, r, feats, when, keep, where), "share_after": after}
            for r, after in zip(chosen, shares[1:])]
    assert [r["text"] for r in got["rules"]] == [r["text"] for r in want], spec
    for mine, theirs in zip(got["rules"], want, strict=True):
        assert {k: v for k, v in mine.items() if k != "node"} == theirs, (spec, mine, theirs)
    assert (got["base"], got["positions"]) == (shares[0], int(where.sum())), spec


def compare_facts(spec: str, got: list[list]) -> None:
    """The facts a page shows (vizgen.analysis.facts), the optimal moves and the computer players' moves."""
    solved = solved_of(spec)
    g = solved.graph
    f = position_facts(solved)
    best = np.bincount(g.sources[best_edges(solved)], minlength=g.n)
    perfect = perfect_player(g, solved.forced, notation_rank(g), fate(solved, g.players - 1)).moves
    maxn = {t.depth: t.player.moves for t in maxn_levels(g, max(PLAY_DEPTHS)) if t.depth in PLAY_DEPTHS}
    tricky = tricky_player(g, solved.forced, trap_figure(solved), notation_rank(g), fate(solved, g.players - 1)).moves
    names = g.notations()
    for i, mine in enumerate(got):
        theirs = [int(f.verdict[i]), int(f.verdict_n[i]), int(f.choice[i]), int(f.choice_n[i]), int(f.choice_k[i]),
                  int(f.score[i]), int(best[i]), int(perfect[i]), int(tricky[i]),
                  *(int(maxn[d][i]) for d in PLAY_DEPTHS)]
        assert mine == theirs, (spec, names[i], mine, theirs)


@pytest.mark.slow(reason="Node solves 50 random rule sets against the engine (3 CPU s; the built-in variants stay"
                         " in the fast lane); out of the fast lane: issue #49")
def test_random_rule_sets_solve_as_the_engine(tmp_path: Path) -> None:
    """200 seeded random rule sets (section 3a and 3b; the fast lane's profile takes the first quarter): every
    position's moves, value and remoteness; on one in :data:`ODDS_EVERY` the trap figure and the random-play odds
    too."""
    specs, _ = random_specs(examples(200))
    odds = [k % ODDS_EVERY == 0 for k in range(len(specs))]
    for spec, line, facts in zip(specs, browser(specs, tmp_path, facts=odds), odds):
        compare(spec, line)
        if facts:
            compare_odds(spec, line)


def test_refusals_are_the_engines_words(tmp_path: Path) -> None:
    """Random impossible combinations and bad values: the browser refuses each with the engine's sentence."""
    _, refused = random_specs(200)
    refused = [*refused[:150], "standard:players=1", "standard:r=101", "standard:overflow=wrap", "standard:r=x",
                               "standard:swaps=true", "standard:hands=9,r=9", "standard:zombies=true",
                               "standard:r=3,start=3", "standard:lives=3", "standard:r=7,r=8",
               "standard:foo=1", "standard:r"]
    for spec, line in zip(refused, browser(refused, tmp_path)):
        with pytest.raises(VariantError) as err:
            resolve(spec)
        if "unknown parameter" in str(err.value):
            assert line["error"].startswith(str(err.value).split(" (did you mean")[0].split(";")[0]), spec
        else:
            assert line.get("error") == str(err.value), spec


#: the sweeps solved in Node and in the Python engine: (rule set, number); the fast lane takes the first group, the
#: slow lane the second (all of them take 4 s of CPU and twice or thrice that on the clock of a busy machine)
SWEEPS = {"fast": (("standard:r=3", "r"), ("standard:players=3,r=3", "start"), ("misere:r=3", "start")),
          "others": (("standard", "start"), ("standard:sudden_death=true,start=2,r=3", "lives"),
                     ("standard:r=3", "hands"), ("standard:r=3", "swaps"), ("cutoff:r=3,death_attack=true", "r"))}
#: the positions a cross-checked sweep solves in all
SWEEP_LIMIT = 3000


@pytest.mark.parametrize("group", [
    "fast", pytest.param("others", marks=pytest.mark.slow(
        reason="the same check on five more sweeps: 2.6 s of CPU, 7 s on a busy clock; the fast lane takes three"))])
def test_sweeps_and_figures_are_the_engines(tmp_path: Path, group: str) -> None:
    """A sweep's points (rulecompare.js sweepPlan: valid values, the limit kept) and each point's figures as the page
    shows them side by side and charts them: the start and its value for the first player, the positions, the moves,
    the positions won, drawn (open) and lost for the player to move, the games over and the longest forced win."""
    sweeps = SWEEPS[group]
    job = tmp_path / "job.json"
    job.write_text(json.dumps({"book": rulebook_data(), "words": words.for_browser(), "limit": SWEEP_LIMIT,
                               "sweeps": [list(s) for s in sweeps]}))
    lines = [json.loads(line) for line in run_node(JS / "cross" / "sweep.mjs", job).splitlines()]
    assert len(lines) == len(sweeps)
    for (spec, name), line in zip(sweeps, lines, strict=True):
        points = line["points"]
        assert len(points) >= 2, (spec, name)
        assert sum(estimate_positions(resolve(p["spec"]).params) for p in points) <= SWEEP_LIMIT
        values = [p["value"] for p in points]
        assert values == sorted(set(values)) and getattr(resolve(spec).params, name) in values, (spec, name)
        for p in points:
            variant = resolve(p["spec"])  # the engine takes the spec the point links to
            assert getattr(variant.params, name) == p["value"], p["spec"]
            solved = solve_variant(variant)
            g = solved.graph
            f = position_facts(solved)
            cls = [words.VERDICTS[int(v)].cls for v in f.verdict]
            wins = solved.forced.winner >= 0
            want = {"players": g.players, "start": g.notations()[g.start], "cls": cls[g.start],
                    "words": words.say(f.verdict[g.start], f.verdict_n[g.start], f.winner[g.start], short=True),
                    "n": g.n, "edges": int(g.sources.size), "win": cls.count("win"), "draw": cls.count("draw"),
                    "loss": cls.count("loss"), "over": int((g.winner >= 0).sum()),
                    "longest": int(solved.forced.remoteness[wins].max(initial=0))}
            assert p["figures"] == want, (p["spec"], p["figures"], want)
