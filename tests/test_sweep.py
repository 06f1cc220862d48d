"""The rule-space sweep (:mod:`vizgen.analysis.sweep`, ``python -m vizgen sweep``): its fast solve against the
per-variant path of ``vizgen stats`` and against the naive reference, the game digest's meaning, the command."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.crosscheck import reference_side
from tests.strategies import examples
from vizgen.analysis.figures import stats
from vizgen.analysis.solved import solve_variant
from vizgen.analysis.sweep import SPACE_SIZE, Base, Task, plan, run_task, solve_rule_set, space_overrides, sweep
from vizgen.engine.params import Params, VariantError, check, player_states
from vizgen.engine.spec import resolve

#: the per-variant path builds the backward tables, which take seconds and gigabytes beyond this many states
SMALL_STATES = 60


def _space_rule_set(index: int, base: str = "standard"):
    """The rule set of combination ``index`` around ``base``, or None if the rules refuse it."""
    try:
        return Base.of(base).rule_set(space_overrides(index))
    except VariantError:
        return None


def _same_as_stats(variant) -> None:
    fast = solve_rule_set(variant)
    full = stats(solve_variant(variant), variant.spec)
    assert fast["positions"] == full["positions"]
    assert fast["moves"] == full["edges"]
    assert fast["value"] == full["start"]["value"]
    assert fast["remoteness"] == full["start"]["remoteness"]
    assert fast["draw_share"] == round(full["draw"] / full["positions"], 12)


@settings(deadline=None, max_examples=examples(40))
@given(st.integers(0, SPACE_SIZE - 1))
def test_fast_solve_matches_stats_across_the_space(index: int) -> None:
    """Any rule set of the r = 5 space small enough for the per-variant path: the same figures as ``stats``."""
    variant = _space_rule_set(index)
    if variant is None or player_states(variant.params) > SMALL_STATES:
        return
    _same_as_stats(variant)


def test_space_is_what_check_accepts() -> None:
    """The combinations decode to every axis value, and the share the rules accept is the issue's 954,368 in
    2,752,512 (a sample of 4,000 here; the catalogue lane counts them all)."""
    rng = random.Random(38)
    sample = rng.sample(range(SPACE_SIZE), 4000)
    accepted = 0
    for i in sample:
        try:
            check(Params(**space_overrides(i)))
            accepted += 1
        except VariantError:
            pass
    assert abs(accepted / 4000 - 954_368 / 2_752_512) < 0.03
    assert {space_overrides(i)["swaps"] for i in sample} == {0, 1, 2, 3}


@pytest.mark.catalogue
def test_space_count_is_the_issues() -> None:
    """Every combination checked: 954,368 accepted."""
    accepted = 0
    for i in range(SPACE_SIZE):
        try:
            check(Params(**space_overrides(i)))
            accepted += 1
        except VariantError:
            pass
    assert accepted == 954_368


@pytest.mark.slow
@pytest.mark.xdist_group("reference")
@pytest.mark.parametrize("size", [5, pytest.param(25, marks=pytest.mark.catalogue(
    reason="25 rule sets by the naive reference: minutes (the whole suite checks the first 5)"))])
def test_fast_solve_matches_the_reference(size: int) -> None:
    """A sample of the space around r = 3 against the naive reference: positions, moves, every position's
    forced winner and remoteness at the start, and the draw share."""
    rng = random.Random(5)
    done = 0
    while done < size:
        variant = _space_rule_set(rng.randrange(SPACE_SIZE), "standard:r=3")
        if variant is None or player_states(variant.params) > SMALL_STATES:
            continue
        fast = solve_rule_set(variant)
        rf = reference_side(variant.spec)
        assert fast["positions"] == rf["n"], variant.spec
        assert fast["moves"] == len(rf["edges"]), variant.spec
        winner, rem = rf["forced"][rf["start"]]
        assert fast["value"] == ("draw" if winner is None else ("win" if winner == 0 else "loss")), variant.spec
        assert fast["remoteness"] == rem, variant.spec
        draws = sum(1 for w, _ in rf["forced"].values() if w is None)
        assert fast["draw_share"] == round(draws / rf["n"], 12), variant.spec
        done += 1


@pytest.mark.slow
@pytest.mark.xdist_group("reference")
def test_same_digest_is_the_same_game() -> None:
    """Rule sets with one digest have, in the reference, the same positions, moves, finals and values; rule sets
    with different digests differ in one of them."""
    specs = ["standard:r=3", "standard:r=3,logan=true", "standard:r=3,passes=true", "standard:r=3,cherry_bomb=true",
             "standard:r=3,death_attack=true", "standard:r=3,self_attack=true", "standard:r=3,integers=true",
             "standard:r=3,misere=true", "standard:r=3,overflow=cutoff", "standard:r=3,overflow=cutoff,integers=true",
             "standard:r=3,meta=true", "standard:r=3,overflow=cutoff,meta=true"]
    digests = {s: solve_rule_set(resolve(s))["game"] for s in specs}

    def game(spec: str) -> tuple:
        rf = reference_side(spec)
        return rf["start"], frozenset(rf["positions"]), frozenset(rf["edges"]), tuple(sorted(rf["forced"].items()))

    games = {s: game(s) for s in specs}
    for a in specs:
        for b in specs:
            assert (digests[a] == digests[b]) == (games[a] == games[b]), (a, b)
    assert digests["standard:r=3"] == digests["standard:r=3,meta=true"]  # at r = 3 no meta split is ever possible


def test_refused_combinations_are_listed_with_the_reason() -> None:
    figures, refused = run_task(Task("standard", ((("cherry_bomb", "true"), ("sudden_death", "true")),)))
    assert refused == {}
    assert figures == [{"spec": "standard:cherry_bomb=true,sudden_death=true",
                        "refused": figures[0]["refused"]}]
    with pytest.raises(VariantError):
        check(resolve("standard").params.__class__(cherry_bomb=True, sudden_death=True))
    assert figures[0]["refused"].startswith("cherry_bomb resets the striking hand")


def test_plan_checks_every_input_first() -> None:
    for bad in (["logan=maybe"], ["bogus=1"], ["logan"], ["logan=true,true"], ["logan=true", "logan=false"]):
        with pytest.raises(VariantError):
            plan(["standard"], bad)
    with pytest.raises(VariantError):
        plan(["nope"])
    with pytest.raises(VariantError):
        plan(["standard"], ["logan=true"], whole=True)
    assert sum(t.size for t in plan(["standard", "cutoff"], ["logan=false,true", "swaps=0,1,2"])) == 12


@pytest.mark.slow(reason="solves a slice of the space (0.6 CPU s); out of the fast lane: issue #49")
def test_space_slice_reports_its_rule_sets_and_refusals() -> None:
    figures, refused = run_task(Task("standard", lo=0, hi=256))
    assert len(figures) + sum(refused.values()) == 256
    assert [f["combination"] for f in figures] == sorted(f["combination"] for f in figures)
    assert all(_space_rule_set(f["combination"]).spec == f["spec"] for f in figures)


def vizgen(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "vizgen", *args], capture_output=True, text=True, timeout=600)


@pytest.mark.slow
def test_sweep_command_matches_stats() -> None:
    """The issue's example: four rule sets, each with the figures of ``vizgen stats``."""
    done = vizgen("sweep", "standard", "--vary", "logan=false,true", "--vary", "cherry_bomb=false,true", "--json")
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["spec"] for r in rows] == ["standard", "standard:cherry_bomb=true", "standard:logan=true",
                                        "standard:cherry_bomb=true,logan=true"]
    for row in rows:
        full = json.loads(vizgen("stats", row["spec"], "--json").stdout)
        assert (row["positions"], row["value"], row["remoteness"]) == \
            (full["positions"], full["start"]["value"], full["start"]["remoteness"])
        assert row["params"] == full["params"]


@pytest.mark.slow
def test_sweep_on_dask_gives_the_same_json() -> None:
    args = ["sweep", "standard", "cutoff", "--vary", "self_add=false,true", "--vary", "passes=false,true", "--json"]
    here = vizgen(*args)
    there = vizgen(*args, "--workers", "2")
    assert here.returncode == there.returncode == 0, there.stderr
    assert here.stdout == there.stdout
    assert len(here.stdout.splitlines()) == 8


@pytest.mark.slow(reason="starts worker processes (1 CPU s); out of the fast lane: issue #49")
def test_local_processes_give_the_same_figures() -> None:
    tasks = plan(["standard:r=3"], ["logan=false,true", "self_add=false,true", "misere=false,true"])
    tasks = [Task(t.base, (o,)) for t in tasks for o in t.overrides]
    assert sweep(tasks, processes=2) == sweep(tasks)


@pytest.mark.slow
@pytest.mark.parametrize("args", [["sweep", "nope"], ["sweep", "standard", "--vary", "r=x"],
                                  ["sweep", "standard", "--workers", "0"],
                                  ["sweep", "standard", "--workers", "2", "--cluster", "127.0.0.1:1"]])
def test_bad_input_is_one_line_and_exit_2(args: list[str]) -> None:
    done = vizgen(*args)
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr



@pytest.mark.slow(reason="solves every rule set another solver published (1.1 CPU s); out of the fast lane: issue #49")
def test_sweep_agrees_with_other_solvers_start_values() -> None:
    """Every start value another solver published (squivix and the rest, ``claims.toml``) in a claim whose
    verdict is agreement: the sweep finds the same, all the specs in one sweep."""
    import tomllib
    from importlib import resources

    claims = tomllib.loads((resources.files("vizgen.reports") / "claims.toml").read_text())["claim"]
    held = {}
    for claim in claims:
        if not claim.get("verdict", "").startswith("agree"):
            continue
        for item in claim.get("checks", []):
            if "position" not in item and "value" in item.get("theirs", {}) and "players" not in item["spec"]:
                held[item["spec"]] = item["theirs"]["value"]
    assert len(held) >= 10
    figures, _ = sweep(plan(sorted(held)))
    named = {Base.of(s).rule_set({}).spec: v for s, v in sorted(held.items())}  # as the sweep writes them
    assert {f["spec"]: f["value"] for f in figures} == named


@pytest.mark.slow(reason="compiles 300 drawn rule sets twice (2 CPU s); out of the fast lane: issue #49")
def test_remembered_tables_are_the_tables_built_afresh() -> None:
    """The rule compile's memos (hit tables, the hands' own moves and the states, by the parameters they read)
    change nothing: rule sets built one after another, each memo warm from the others, have the tables, moves and
    states of a build from cold memos."""
    from vizgen.engine import rules as rules_module

    rng = random.Random(11)
    variants = [v for v in (_space_rule_set(rng.randrange(SPACE_SIZE)) for _ in range(300))
                if v is not None and player_states(v.params) <= SMALL_STATES]
    warm = [rules_module.Rules(v) for v in variants]
    for variant, rules in zip(variants, warm):
        rules_module._hits.clear()
        rules_module._two.clear()
        rules_module._hand_memo.clear()
        rules_module._state_tables.cache_clear()
        cold = rules_module.Rules(variant)
        assert all(np.array_equal(a, b) for a, b in zip(rules.explore_tables(), cold.explore_tables())), variant.spec
        assert np.array_equal(rules.hit_mid, cold.hit_mid) and np.array_equal(rules.hit_ab, cold.hit_ab), variant.spec
        assert (rules.moves, rules.names, rules.states) == (cold.moves, cold.names, cold.states), variant.spec


@pytest.mark.slow(reason="enumerates drawn rule sets two ways (0.6 CPU s); out of the fast lane: issue #49")
@settings(max_examples=40, deadline=None)
@given(st.integers(0, SPACE_SIZE - 1))
def test_explore_lists_the_graph_enumeration_and_children_give(index: int) -> None:
    """The sweep's one-pass search (`kernel.explore`) reaches the positions the breadth-first enumeration
    reaches, with the same winners and the same distinct children (node ids aside)."""
    from vizgen.engine import kernel
    from vizgen.engine.rules import Rules

    variant = _space_rule_set(index)
    if variant is None or player_states(variant.params) > 2 * SMALL_STATES:
        return
    rules = Rules(variant)
    tables = rules.kernel_tables()
    start = rules.encode(rules.start())
    codes, winner, indptr, indices = kernel.explore(start, rules.space, rules.explore_tables())
    depth, final, _, n, edges = kernel.enumerate_space(start, rules.space, tables)
    reached = np.flatnonzero(depth >= 0)
    assert codes[0] == start and np.array_equal(np.sort(codes), reached) and indices.size == edges
    node_of = np.full(rules.space, -1, np.int32)
    node_of[reached] = np.arange(n, dtype=np.int32)
    ptr, kids = kernel.children(reached, final[reached], tables, node_of, edges)
    assert np.array_equal(winner, final[codes])
    for i, code in enumerate(codes):
        mine = sorted(int(codes[k]) for k in indices[indptr[i]:indptr[i + 1]])
        node = node_of[code]
        assert mine == sorted(int(reached[k]) for k in kids[ptr[node]:ptr[node + 1]]), (variant.spec, int(code))


@settings(max_examples=30, deadline=None)
@given(st.integers(1, 60), st.integers(0, 2**32 - 1))
def test_digest_sums_are_the_formula_written_in_numpy(n: int, seed: int) -> None:
    """The compiled digest sum is the digest's formula (`sweep._mix` over numpy's wrapping uint64), written
    here the slow way: nodes, then every move."""
    from vizgen.analysis.sweep import _mix
    from vizgen.engine import kernel

    rng = np.random.default_rng(seed)
    key = rng.integers(0, 2**63, n, dtype=np.uint64) * np.uint64(2) + rng.integers(0, 2, n, dtype=np.uint64)
    value = rng.integers(0, 2**40, n, dtype=np.uint64)
    degree = rng.integers(0, 5, n)
    indptr = np.concatenate([[0], np.cumsum(degree)]).astype(np.int64)
    indices = rng.integers(0, n, int(indptr[-1])).astype(np.int32)
    salt = int(rng.integers(0, 2**63)) * 2 + 1
    with np.errstate(over="ignore"):
        nodes = _mix(_mix(key ^ np.uint64(salt)) + value)
        src = np.repeat(key, degree)
        moves = _mix(_mix(src ^ np.uint64(salt)) * np.uint64(0xD6E8FEB86659FD93) + key[indices])
    expected = (int(nodes.sum(dtype=np.uint64)) + int(moves.sum(dtype=np.uint64))) % 2**64
    assert kernel.digest_sums(key, value, indptr, indices, salt) == expected
