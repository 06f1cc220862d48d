"""The word table: every solved position reads in words that agree with its value."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from vizgen import words
from vizgen.analysis import solve_variant
from vizgen.variants import resolve


@pytest.mark.parametrize("spec", ["standard", "misere", "self-gain", "standard:players=3,r=3"])
def test_verdicts_agree_with_the_solution(spec: str) -> None:
    solved = solve_variant(resolve(spec))
    g, f = solved.graph, solved.forced
    codes = words.verdicts(g.players, f.winner, g.terminal)
    for code, winner, term, value in zip(codes.tolist(), f.winner.tolist(), g.terminal.tolist(), f.value.tolist()):
        verdict = words.VERDICTS[code]
        assert verdict.over == term
        assert words.VALUES[code] == value
        assert {"win": 1, "draw": 0, "loss": -1}[verdict.cls] == value
        assert ("{k}" in verdict.long) == (g.players > 2 and winner > 0)


@given(st.integers(0, len(words.VERDICTS) - 1), st.integers(0, 99), st.integers(1, 6))
def test_say_fills_every_placeholder(code: int, n: int, k: int) -> None:
    text = words.say(code, n, k)
    assert "{" not in text and text
    if "{n}" in words.VERDICTS[code].long:
        assert str(n) in text


def test_browser_gets_the_same_templates() -> None:
    shipped = words.for_browser()["verdicts"]
    assert [v["long"] for v in shipped] == [v.long for v in words.VERDICTS]
    assert np.array_equal(words.VALUES, [{"win": 1, "draw": 0, "loss": -1}[v["cls"]] for v in shipped])
