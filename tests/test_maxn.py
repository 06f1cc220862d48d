"""max^n (docs/RULES.md section 8): the whole-graph programme and the on-demand search
against a plain recursive max^n over the independent reference model."""

from __future__ import annotations

import functools
import itertools
import json
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests import reference as ref
from tests.reference_maxn import plain_maxn
from tests.strategies import examples, small_variants
from vizgen.ai.games import perfect_player, tournament
from vizgen.ai.maxn import WIN, maxn_levels, maxn_player, maxn_table
from vizgen.ai.players import random_player
from vizgen.ai.search import MaxnSearch, choose
from vizgen.engine.graph import enumerate_graph
from vizgen.engine.rules import Rules
from vizgen.engine.solve import solve_forced
from vizgen.engine.spec import resolve
from vizgen.engine.variants import Variant
from vizgen.reports.maxn import move_counts, quality, report

# small variants with 2, 3 and 4 players (a few hundred to a few thousand positions)
SPECS = [
    "standard", "suicide", "misere", "cutoff:r=4", "swaps", "sudden-death", "self-gain", "self-gain-10:r=4",
    "integers", "one-hand", "three-players:r=3", "three-players:r=4", "zombies:r=3", "misere:players=3,r=3",
    "four-players:r=2", "four-players:r=3", "standard:players=4,hands=1,r=4",
]


def as_ref(position) -> tuple:
    return ref.ref_position_of(position)


@functools.cache
def _graph(spec: str):
    return enumerate_graph(resolve(spec))


@settings(max_examples=examples(60), deadline=None)
@given(spec=st.sampled_from(SPECS), pick=st.integers(0, 10**9), depth=st.integers(0, 4))
def test_whole_graph_and_search_equal_the_plain_recursion(spec: str, pick: int, depth: int) -> None:
    graph = _graph(spec)
    params = graph.variant.params.as_dict()
    table = maxn_table(graph, depth)
    search = MaxnSearch(graph.rules)
    for node in {pick % graph.n, graph.start}:
        position = graph.position(node)
        value, child = plain_maxn(params, as_ref(position), depth)
        assert tuple(table.value[node].tolist()) == value
        choice = int(table.choice[node])
        assert (None if choice < 0 else as_ref(graph.position(choice))) == child
        found_value, found_child = search.best(position, depth)
        assert found_value == value
        assert (None if found_child is None else as_ref(found_child)) == child


@pytest.mark.slow(reason="searches drawn variants to depth 3 (0.5 CPU s); out of the fast lane: issue #49")
@settings(max_examples=examples(25), deadline=None)
@given(variant=small_variants(max_players=3))
def test_every_level_equals_the_search_on_random_variants(variant: Variant) -> None:
    """On any small variant, every position and depth 0..3: the programme equals the search."""
    graph = enumerate_graph(variant)
    search = MaxnSearch(graph.rules)
    branching = max(2.0, graph.edges / graph.n)
    for table in maxn_levels(graph, 3):
        # up to 40 positions a level, fewer where the plain search would visit more than about 20,000 positions
        count = int(min(40, max(4, 20_000 / branching ** table.depth)))
        for node in range(0, graph.n, max(1, graph.n // count)):
            value, child = search.best(graph.position(node), table.depth)
            assert tuple(table.value[node].tolist()) == value
            assert (int(table.choice[node]) < 0) == (child is None)
            if child is not None:
                assert graph.position(int(table.choice[node])) == child


@pytest.mark.parametrize("spec", ["standard", "three-players:r=3", "four-players:r=3"])
def test_levels_obey_the_definition_everywhere(spec: str) -> None:
    """Each level from the one below: finals keep the evaluation, others take the mover's best child."""
    graph = _graph(spec)
    levels = list(maxn_levels(graph, 4))
    final = graph.terminal
    players = graph.players
    assert (levels[0].value[final].max(axis=1) == WIN).all()
    for below, table in itertools.pairwise(levels):
        assert (table.value[final] == levels[0].value[final]).all()
        for node in np.flatnonzero(~final):
            kids = graph.successors(node)
            best = below.value[kids, players - 1].max()
            assert below.value[table.choice[node], players - 1] == best
            assert (table.value[node] == np.roll(below.value[table.choice[node]], 1)).all()


def test_choices_and_choose_agree_on_the_move() -> None:
    graph = _graph("three-players:r=3")
    choices = maxn_player(graph, 2).moves
    rules = graph.rules
    for node in range(0, graph.n, 7):
        made = choose(rules, graph.position(node), 2)
        if graph.terminal[node]:
            assert made.move is None and made.to is None and choices[node] == -1
            continue
        assert made.to == graph.position(int(choices[node]))
        assert rules.play(graph.position(node), made.move) == made.to
        moves = [str(m) for m, after in rules.successors(graph.position(node)) if after == made.to]
        assert str(made.move) == min(moves)


def test_depth_is_checked() -> None:
    graph = _graph("standard")
    with pytest.raises(ValueError):
        maxn_player(graph, 0)
    with pytest.raises(ValueError):
        MaxnSearch(graph.rules).best(graph.position(graph.start), -1)


# -- the command line ---------------------------------------------------------

def vizgen(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "vizgen", *args], capture_output=True, text=True, timeout=300)


@pytest.mark.slow  # runs the command line in a subprocess
@pytest.mark.parametrize(("spec", "position", "depth"), [
    ("standard", "11-11", 1), ("standard", "12-11", 3), ("standard", "1211", 5), ("misere", "11-11", 4),
    ("three-players:r=3", "11-11-11", 3), ("four-players:r=3", "11-11-11-11", 2),
])
def test_maxn_json_on_known_positions(spec: str, position: str, depth: int) -> None:
    result = vizgen("maxn", spec, position, "--depth", str(depth), "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    rules = Rules(resolve(spec))
    pos = rules.parse(position)
    value, child = plain_maxn(rules.params.as_dict(), as_ref(pos), depth)
    assert set(data) == {"position", "depth", "value", "move", "to"}
    assert data["position"] == rules.notation(pos) and data["depth"] == depth
    assert data["value"] == list(value)
    to = rules.parse(data["to"])
    assert as_ref(to) == child
    assert data["move"] == min(str(m) for m, after in rules.successors(pos) if after == to)


@pytest.mark.slow  # runs the command line in a subprocess
def test_maxn_json_on_a_final_position() -> None:
    graph = _graph("standard")
    final = graph.notations()[int(np.flatnonzero(graph.terminal)[0])]
    data = json.loads(vizgen("maxn", "standard", final, "--depth", "2", "--json").stdout)
    assert data["move"] is None and data["to"] is None
    assert sorted(data["value"]) == [0, WIN]


@pytest.mark.slow  # runs the command line in a subprocess
def test_maxn_text_output() -> None:
    result = vizgen("maxn", "standard", "12-11", "--depth", "2")
    assert result.returncode == 0
    assert "1>1" in result.stdout and "12-12" in result.stdout


@pytest.mark.slow  # runs the command line in a subprocess
@pytest.mark.parametrize("args", [
    ("standard", "11-11", "--depth", "0"), ("standard", "11-11", "--depth", "two"),
    ("standard", "11-11", "--depth", "1000"), ("standard", "55-11", "--depth", "2"),
    ("standard", "44-44", "--depth", "2"), ("standard", "1-1-1", "--depth", "2"),
])
def test_maxn_bad_depth_or_position_is_one_line(args: tuple[str, ...]) -> None:
    result = vizgen("maxn", *args)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("vizgen: error:")


# -- the report: perfect player, quality, tournament, branching ---------------

@functools.cache
def _solved(spec: str):
    graph = _graph(spec)
    return graph, solve_forced(graph)


def plain_perfect(graph, forced, node: int) -> int:
    """The perfect player by its definition in docs/RULINGS.md, one position at a time."""
    players, names = graph.players, graph.notations()

    def key(child: int) -> tuple:
        w, rem = int(forced.winner[child]), int(forced.remoteness[child])
        rank = 2 if w == players - 1 else 1 if w < 0 else 0  # mover wins > open > another seat wins
        speed = -rem if rank == 2 else rem if rank == 0 else 0  # fastest win, slowest loss
        return (-rank, -speed, names[child])

    return min((int(c) for c in graph.successors(node)), key=key)


@pytest.mark.parametrize("spec", ["standard", "suicide", "misere", "three-players:r=3", "four-players:r=3"])
def test_perfect_player_follows_its_definition_and_keeps_every_value(spec: str) -> None:
    graph, forced = _solved(spec)
    perfect = perfect_player(graph, forced).moves
    for node in range(graph.n):
        assert perfect[node] == (-1 if graph.terminal[node] else plain_perfect(graph, forced, node))
    q = quality(graph, forced, perfect)
    assert q["kept"] == q["positions"] and q["critical_kept"] == q["critical"]


@settings(max_examples=examples(30), deadline=None)
@given(spec=st.sampled_from(["standard", "suicide", "three-players:r=3", "four-players:r=2"]),
       pick=st.integers(0, 10**9), seed=st.integers(0, 2**32))
def test_perfect_player_wins_within_the_remoteness(spec: str, pick: int, seed: int) -> None:
    """From a forced win, the perfect player beats any opponents within the remoteness."""
    graph, forced = _solved(spec)
    wins = np.flatnonzero((forced.winner == 0) & ~graph.terminal)
    node = int(wins[pick % wins.size])
    perfect = perfect_player(graph, forced).moves
    rng = np.random.default_rng(seed)
    for ply in range(int(forced.remoteness[node])):
        kids = graph.successors(node)
        node = int(perfect[node]) if ply % graph.players == 0 else int(kids[rng.integers(kids.size)])
        if graph.terminal[node]:
            break
    assert graph.terminal[node] and (ply + 1 + int(graph.winner[node])) % graph.players == 0


def test_quality_counts_by_brute_force() -> None:
    graph, forced = _solved("three-players:r=3")
    choice = maxn_player(graph, 2).moves
    q = quality(graph, forced, choice)
    players = graph.players

    def seat(child: int) -> int:  # forced winner of a child, from the parent's mover
        w = int(forced.winner[child])
        return -1 if w < 0 else (w + 1) % players

    kept = critical = critical_kept = unkeepable = 0
    for node in np.flatnonzero(~graph.terminal):
        value = int(forced.winner[node])
        keeps = [seat(int(c)) == value for c in graph.successors(node)]
        ok = seat(int(choice[node])) == value or not any(keeps)
        crit = any(keeps) and not all(keeps)
        kept += ok
        critical += crit
        critical_kept += ok and crit
        unkeepable += value < 0 and not any(keeps)
    assert (q["kept"], q["critical"], q["critical_kept"]) == (kept, critical, critical_kept)
    assert q["unkeepable"] == unkeepable
    assert q["positions"] == int((~graph.terminal).sum())


def test_tournament_is_seeded_and_adds_up() -> None:
    graph, forced = _solved("three-players:r=3")
    player, chance = maxn_player(graph, 2), random_player(graph)
    first = tournament(graph, player, chance, 4, seed=3)
    again = tournament(graph, player, chance, 4, seed=3)
    assert first[0] == again[0] and (first[1] == again[1]).all()
    score, visits = first
    assert score["games"] == 12 == score["wins"] + score["draws"] + score["losses"]
    assert visits.sum() == score["plies"] and (visits[graph.terminal] == 0).all()
    capped, _ = tournament(graph, player, perfect_player(graph, forced), 1, seed=3, cap=5)
    assert capped["plies"] <= 3 * 5


def test_move_counts_by_brute_force() -> None:
    graph = _graph("three-players:r=3")
    moves, pairs = move_counts(graph)
    rules = graph.rules
    for node in range(0, graph.n, 11):
        position = graph.position(node)
        listed = rules.legal_moves(position)
        assert moves[node] == len(listed)
        expect = 0
        for m in listed:
            if m.kind == "attack" and m.seat > 0:
                expect += position.hands[0].count(m.hand) * position.hands[m.seat].count(m.target)
            else:
                expect += 1
        assert pairs[node] == expect


def test_report_is_json_and_deterministic_apart_from_timing() -> None:
    small = {"players": (2, 3), "depths": (1, 3), "timing_players": (2,), "timing_depths": (2, 3),
             "games_per_seat": 2, "budget": 0.0}
    first, again = report(**small), report(**small)
    assert json.loads(json.dumps(first)) == json.loads(json.dumps(again | {"timing": first["timing"]}))
    assert [(q["players"], q["depth"]) for q in first["quality"]] == [(2, 1), (2, 3), (3, 1), (3, 3)]
    assert [b["paper"] for b in first["branching"]] == [5, 9]
    assert [(t["depth"], t["paper_cached"]) for t in first["timing"]] == [(2, "0.001"), (3, "0.001")]
    standard = first["timing"][0]
    assert standard["search_states"] > 0 and standard["graph_seconds"] >= 0
