"""Marks (docs/RULINGS.md): every move's mark against a plain reading over the reference model, and the review's
sentences."""

from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import assume, given, settings

from tests.reference_play import Reference
from tests.solved import solved_once
from tests.strategies import examples, small_variants
from vizgen.analysis import words
from vizgen.analysis.marks import BEST, BLUNDER, HOLD, INACCURACY, LOSS, MISTAKE, edge_marks, say_review, value_classes
from vizgen.analysis.solved import Solved, best_edges, fate, solve_variant
from vizgen.engine.variants import Variant
from vizgen.site.render import contract

#: two and more players, the mover's fate and not (misere, self-gain), zombies, swaps
NAMED = ["standard", "suicide", "swaps", "self-gain", "three-players:r=3", "zombies:r=3", "misere:players=3,r=3",
         "four-players:r=2", "standard:players=3,hands=1,r=4"]


def check_marks(solved: Solved) -> None:
    g = solved.graph
    plain = Reference(**solved.variant.params.as_dict())
    positions = {plain.name(pos): pos for pos in plain.graph}
    names = g.notations()
    assert sorted(positions) == sorted(names)
    got = edge_marks(solved)
    for e, (src, dst) in enumerate(zip(g.sources.tolist(), g.indices.tolist())):
        expected = plain.mark(positions[names[src]], positions[names[dst]])
        assert words.MARKS[got[e]].key == expected, (names[src], names[dst])


@pytest.mark.parametrize("spec", NAMED)
def test_marks_are_the_plain_reading_on_every_edge(spec: str) -> None:
    check_marks(solved_once(spec))


@pytest.mark.slow(reason="the plain reading of every move of drawn variants (1.4 CPU s); out of the fast lane: issue"
                         " #49")
@settings(max_examples=examples(25), deadline=None)
@given(small_variants(max_players=3))
def test_marks_are_the_plain_reading_on_small_variants(variant: Variant) -> None:
    solved = solve_variant(variant)
    assume(solved.graph.n <= 1500)  # the reference solver is slow
    check_marks(solved)


@pytest.mark.parametrize("spec", NAMED)
def test_a_position_is_worth_its_best_move(spec: str) -> None:
    """The best class among a position's moves is its class for the mover, except, without the mover's fate, an
    open position whose every move hands some seat a forced win; the optimal moves keep it, so an inaccuracy
    never changes the class and every other move loses some."""
    solved = solved_once(spec)
    g, f = solved.graph, solved.forced
    p = g.players
    mover = fate(solved, 0)
    before = value_classes(f.winner, 0, mover)
    after = value_classes(f.winner, p - 1, fate(solved, p - 1))[g.indices]
    moving = np.flatnonzero(~g.terminal)
    top = np.maximum.reduceat(after, g.indptr[moving])
    differ = top != before[moving]
    assert (p > 2 and mover is None) or not differ.any()
    assert ((before[moving][differ] == HOLD) & (top[differ] == LOSS)).all()
    marks = edge_marks(solved)
    best = best_edges(solved)
    assert ((marks == BEST) == best).all()
    kept = np.repeat(top, np.diff(g.indptr)[moving])
    assert (after[best] == kept[best]).all()
    assert ((marks == INACCURACY) == (~best & (after == kept))).all()
    assert (after[(marks == MISTAKE) | (marks == BLUNDER)] < kept[(marks == MISTAKE) | (marks == BLUNDER)]).all()


def test_the_review_says_what_a_blunder_let_happen() -> None:
    """01-13 in the standard game: 1>3 lets the opponent kill at once; 1>1 keeps the draw."""
    solved = solved_once("standard")
    g, f = solved.graph, solved.forced
    node = g.node_of(g.rules.parse("01-13"))
    code, n, k = words.choices(2, f.winner[g.indices], g.terminal[g.indices], f.remoteness[g.indices])
    marks = edge_marks(solved)
    lines = {}
    edges = range(int(g.indptr[node]), int(g.indptr[node + 1]))
    best = next(e for e in edges if marks[e] == BEST)
    for e in edges:
        move = g.edge_notations[e][0]
        lines[move] = say_review(move, int(marks[e]), (code[e], n[e], k[e]), g.edge_notations[best][0],
                                 (code[best], n[best], k[best]))
    assert lines["1>3"] == "1>3?? lets them win in 1 ply; 1>1 kept the draw"
    assert lines["1>1"] == "1>1 leads to a draw"


def test_mark_words_ship_to_the_browser() -> None:
    table = words.for_browser()
    assert [m["symbol"] for m in contract.data()["marks"]] == ["", "?!", "?", "??"]
    assert set(table["review"]["played"]) == set(table["review"]["kept"]) == {c.key for c in words.CHOICES}
    for group in ("played", "kept"):
        for text in table["review"][group].values():
            assert set(re.findall(r"\{(\w*)\}", text)) <= {"n", "k"}
