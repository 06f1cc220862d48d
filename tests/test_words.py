"""The word table: every solved position reads in words that agree with its value."""

from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.solved import solved_once
from vizgen.analysis import words
from vizgen.site.render import contract


@pytest.mark.parametrize("spec", ["standard", "misere", "self-gain", "standard:players=3,r=3"])
def test_verdicts_agree_with_the_solution(spec: str) -> None:
    solved = solved_once(spec)
    g, f = solved.graph, solved.forced
    codes = words.verdicts(g.players, f.winner, g.terminal)
    for code, winner, term, value in zip(codes.tolist(), f.winner.tolist(), g.terminal.tolist(), f.value.tolist()):
        verdict = words.VERDICTS[code]
        assert verdict.over == term
        assert words.VALUES[code] == value
        assert {"win": 1, "draw": 0, "loss": -1}[verdict.cls] == value
        assert ("{k:" in verdict.long) == (g.players > 2 and winner > 0)


@given(st.integers(0, len(words.VERDICTS) - 1), st.integers(0, 99), st.integers(1, 6))
def test_say_fills_every_placeholder(code: int, n: int, k: int) -> None:
    text = words.say(code, n, k)
    assert "{" not in text and text
    if "{n}" in words.VERDICTS[code].long:
        assert str(n) in text


def test_browser_gets_the_same_templates() -> None:
    shipped = contract.data()["verdicts"]
    assert [v["long"] for v in shipped] == [v.long for v in words.VERDICTS]
    assert np.array_equal(words.VALUES, [{"win": 1, "draw": 0, "loss": -1}[v["cls"]] for v in shipped])


@pytest.mark.parametrize("spec", ["standard", "suicide", "misere", "self-gain", "standard:players=3,r=3"])
def test_a_move_reads_from_the_choosers_point_of_view(spec: str) -> None:
    """A move is good for its chooser exactly when the position it leads to is good for them."""
    solved = solved_once(spec)
    g, f = solved.graph, solved.forced
    dst = g.indices
    code, n, k = words.choices(g.players, f.winner[dst], g.terminal[dst], f.remoteness[dst])
    chooser = g.players - 1  # seat of the chooser, counted from the player to move after the move
    for c, w, r, steps, seat in zip(code.tolist(), f.winner[dst].tolist(), f.remoteness[dst].tolist(), n.tolist(),
                                    k.tolist()):
        choice = words.CHOICES[c]
        assert choice.cls == ("win" if w == chooser else "draw" if w < 0 else "loss")
        assert steps == r
        if w >= 0 and w != chooser:
            assert (seat - 1) % g.players == w  # the seat as the chooser counts it
    # in a won position the optimal moves, and only they among the winning ones, read as wins for the chooser
    from vizgen.analysis.solved import best_edges

    best = best_edges(solved)
    won = f.winner[g.sources] == 0
    assert all(words.CHOICES[c].cls == "win" for c in code[best & won].tolist())


def test_standard_33_12_best_move_is_a_win_for_the_chooser() -> None:
    from vizgen.analysis.figures import describe

    solved = solved_once("standard")
    facts = describe(solved, solved.graph.node_of(solved.graph.rules.parse("33-12")))
    assert facts["verdict"] == "win in 3 plies"
    assert [m["for_you"] for m in facts["moves"] if m["best"]] == ["you win in 2 more plies"]


@pytest.mark.slow
def test_four_players_best_move_reads_you_win_in_4() -> None:
    from vizgen.analysis.figures import describe

    solved = solved_once("four-players")
    facts = describe(solved, solved.graph.node_of(solved.graph.rules.parse("03-00-00-03")))
    assert [m["for_you"] for m in facts["moves"] if m["best"]] == ["you win in 4 more plies"]


@pytest.mark.parametrize(("spec", "emptied_wins"), [("standard", False), ("misere", True), ("self-gain", True),
                                                     ("self-gain:misere=true", False), ("cutoff:players=3", False)])
def test_who_won_a_finished_game(spec: str, emptied_wins: bool) -> None:
    """The panel names the winner of a finished game from the solution: the player who emptied their hands
    exactly where the rules make that a win (self-gain, misère), never "out" there."""
    solved = solved_once(spec)
    g, f = solved.graph, solved.forced
    for node in np.flatnonzero(g.terminal).tolist():
        hands = g.position(node).hands
        emptied = [k for k, h in enumerate(hands) if not any(h)]
        winner = int(f.winner[node])
        assert winner >= 0 and emptied
        assert (winner in emptied) == emptied_wins, (spec, hands, winner)


def test_browser_words_are_templates_of_n_and_k() -> None:
    table = words.for_browser()
    for group in ("over", "hands"):
        for text in table[group].values():
            assert set(re.findall(r"\{(\w*)\}", text)) <= {"n", "k"}
    assert words.legend(2).keys() == words.legend(3).keys()
    assert not any(key.endswith("-n") for key in words.legend(4))
