"""The tricky perfect player (docs/RULINGS.md): its trap figure against a plain recomputation over the reference
model, and its moves always among the optimal ones."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.reference_play import Reference
from tests.solved import solved_once
from tests.strategies import examples, small_variants
from vizgen.ai.games import perfect_player
from vizgen.ai.tricky import SCALE, trap_chances, trap_figure, tricky_player
from vizgen.analysis.marks import value_classes
from vizgen.analysis.solved import Solved, best_edges, fate, solve_variant
from vizgen.engine import kernel
from vizgen.engine.graph import enumerate_graph
from vizgen.engine.solve import arrival_scores, solve_forced, solve_survival
from vizgen.engine.variants import Variant
from vizgen.util import sizes

NAMED = ["standard", "suicide", "self-gain", "misere", "three-players:r=3", "zombies:r=3", "misere:players=3,r=3",
         "four-players:r=2", "standard:players=3,hands=1,r=4"]


def check_chances(solved: Solved, rounds: int) -> None:
    g = solved.graph
    plain = Reference(**solved.variant.params.as_dict())
    positions = {plain.name(pos): pos for pos in plain.graph}
    expected = np.array([plain.trap(positions[name], rounds) for name in g.notations()])
    chance = trap_chances(solved, rounds)
    np.testing.assert_allclose(chance, expected, rtol=0, atol=1e-12)
    figure = trap_figure(solved, rounds)
    assert (np.abs(figure - expected * SCALE) <= 0.5 + 1e-9).all()


@pytest.mark.parametrize("spec", NAMED)
@pytest.mark.parametrize("rounds", [1, 2, 3])
def test_trap_chances_are_the_plain_recomputation(spec: str, rounds: int) -> None:
    check_chances(solved_once(spec), rounds)


@pytest.mark.slow
@settings(max_examples=examples(25), deadline=None)
@given(variant=small_variants(max_players=3), rounds=st.integers(1, 3))
def test_trap_chances_on_small_variants(variant: Variant, rounds: int) -> None:
    solved = solve_variant(variant)
    assume(solved.graph.n <= 1500)  # the reference solver is slow
    check_chances(solved, rounds)


@pytest.mark.parametrize("spec", ["standard", "three-players:r=4", "four-players:r=2"])
def test_children_listed_by_the_kernel_give_the_same_figure(spec: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The way of big graphs (children from the kernel, no edge arrays) gives the same chances."""
    solved = solved_once(spec)
    expected = trap_chances(solved, 2)
    graph = enumerate_graph(solved.variant)  # edge arrays never built
    fresh = Solved(graph=graph, forced=solve_forced(graph), random_win=None, perfect_win=None,
                   survival=solve_survival(graph) if graph.players > 2 else None)
    monkeypatch.setattr(sizes, "TRICKY_OWN_EDGES_OVER", 0)
    np.testing.assert_allclose(trap_chances(fresh, 2), expected, rtol=0, atol=1e-15)
    assert "_edges" not in graph.__dict__


def _numpy_own(indptr: np.ndarray, indices: np.ndarray, score: np.ndarray, after: np.ndarray) -> np.ndarray:
    """The player's own move as array code (what the kernel's loop replaced): the best chance among the best scores."""
    out = np.zeros(after.size)
    nodes = np.flatnonzero(np.diff(indptr) > 0)
    first = indptr[nodes] - indptr[nodes[0]]
    kids = indices[indptr[nodes[0]]:]
    top = np.maximum.reduceat(score[kids], first)
    src = np.repeat(np.arange(nodes.size), np.diff(np.append(first, kids.size)))
    out[nodes] = np.maximum.reduceat(np.where(score[kids] == top[src], after[kids], -1.0), first)
    return out


def _numpy_opponent(indptr: np.ndarray, indices: np.ndarray, here: np.ndarray, there: np.ndarray,
                    chance: np.ndarray) -> np.ndarray:
    """An opponent's move as array code: the mean of 1 (a better class) or the chance after, over the moves."""
    out = np.zeros(chance.size)
    nodes = np.flatnonzero(np.diff(indptr) > 0)
    first = indptr[nodes] - indptr[nodes[0]]
    kids = indices[indptr[nodes[0]]:]
    degree = np.diff(np.append(first, kids.size))
    value = np.where(there[kids] > here[np.repeat(nodes, degree)], 1.0, chance[kids])
    out[nodes] = np.add.reduceat(value, first) / degree
    return out


@settings(max_examples=examples(30), deadline=None)
@given(degrees=st.lists(st.integers(0, 300), min_size=1, max_size=12), seed=st.integers(0, 2**32 - 1))
def test_the_kernel_loops_are_the_array_code_to_the_bit(degrees: list[int], seed: int) -> None:
    """Means over up to 300 children (numpy's pairwise sums of 8, 128 and more), ties of scores, chances anywhere
    in [0, 1] and at its ends: the compiled loops give every bit numpy gives."""
    assume(sum(degrees) > 0)
    rng = np.random.default_rng(seed)
    n = len(degrees)
    indptr = np.concatenate([[0], np.cumsum(degrees)]).astype(np.int64)
    indices = rng.integers(0, n, int(indptr[-1])).astype(np.int32)
    chance = np.where(rng.random(n) < 0.3, rng.integers(0, 2, n) / rng.integers(1, 4, n), rng.random(n))
    score = rng.integers(-3, 4, n).astype(np.int64)
    here, there = rng.integers(0, 3, n).astype(np.int8), rng.integers(0, 3, n).astype(np.int8)
    assert kernel.trap_own(indptr, indices, score, chance).tobytes() == \
        _numpy_own(indptr, indices, score, chance).tobytes()
    assert kernel.trap_opponent(indptr, indices, here, there, chance).tobytes() == \
        _numpy_opponent(indptr, indices, here, there, chance).tobytes()


@pytest.mark.parametrize("spec", ["four-players:r=3", pytest.param("three-players", marks=pytest.mark.slow),
                                  pytest.param("standard:players=5,r=3", marks=pytest.mark.slow)])
def test_trap_chances_are_the_array_code_to_the_bit(spec: str) -> None:
    """On real graphs (up to 30 children a position), the same chances to the bit as the array code: the figures
    and so the pages do not change."""
    solved = solved_once(spec)
    g, f = solved.graph, solved.forced
    classes = [value_classes(f.winner, seat, fate(solved, seat)) for seat in range(g.players)]
    score = arrival_scores(g.players, f, fate(solved, g.players - 1))
    chance = np.zeros(g.n)
    for left in range(2):
        if left:
            chance = _numpy_own(g.indptr, g.indices, score, chance)
        for seat in range(1, g.players):
            chance = _numpy_opponent(g.indptr, g.indices, classes[seat], classes[seat - 1], chance)
    assert trap_chances(solved, 2).tobytes() == chance.tobytes()


@pytest.mark.parametrize("spec", [*NAMED, "standard:r=7", "cutoff:misere=true", "four-players:r=3",
                                  pytest.param("three-players", marks=pytest.mark.slow)])
def test_the_tricky_player_stays_in_the_optimal_set(spec: str) -> None:
    """At every position: an optimal move, and among the optimal moves one to the highest figure, ties to the
    smallest notation; the perfect player's optimal set, read with the same mover's fate."""
    solved = solved_once(spec)
    g, f = solved.graph, solved.forced
    out_in = fate(solved, g.players - 1)
    figure = trap_figure(solved)
    choice = tricky_player(g, f, figure, out_in=out_in).moves
    perfect = perfect_player(g, f, out_in=out_in).moves
    best = best_edges(solved)
    names = g.notations()
    assert ((choice == -1) == g.terminal).all()
    for node in np.flatnonzero(~g.terminal):
        lo, hi = int(g.indptr[node]), int(g.indptr[node + 1])
        optimal = g.indices[lo:hi][best[lo:hi]].tolist()
        assert choice[node] in optimal and perfect[node] in optimal
        top = max(int(figure[c]) for c in optimal)
        assert choice[node] == min((c for c in optimal if figure[c] == top), key=lambda c: names[c])


def test_the_tricky_player_differs_from_the_perfect_one_on_standard() -> None:
    """Not the perfect player under another name: where they differ, the tricky move leads to a higher figure."""
    solved = solved_once("standard")
    g, f = solved.graph, solved.forced
    figure = trap_figure(solved)
    choice, perfect = tricky_player(g, f, figure).moves, perfect_player(g, f).moves
    differ = np.flatnonzero(choice != perfect)
    assert differ.size > 0
    assert (figure[choice[differ]] > figure[perfect[differ]]).all()


def test_rounds_are_checked() -> None:
    with pytest.raises(ValueError, match="rounds"):
        trap_chances(solved_once("standard"), 0)


def test_chances_are_worked_out_once_per_solved_variant_and_rounds() -> None:
    solved = solve_variant(solved_once("standard").variant)
    first = trap_chances(solved)
    assert trap_chances(solved) is first and trap_chances(solved, 1) is not first
    assert not first.flags.writeable
    again = solve_variant(solved.variant)  # another solve of the same rules: its own, equal chances
    assert trap_chances(again) is not first
    np.testing.assert_array_equal(trap_chances(again), first)
