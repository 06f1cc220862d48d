"""Refuse before you work: a position, a move and a variant's size are checked before anything is solved.

The solvers are replaced by tripwires: a bad input must be refused (exit 2,
one line) without reaching them. max^n searches within a bound, names the
deepest depth that fits when it would pass it, and answers exactly below it.
"""

from __future__ import annotations

import math

import pytest

import vizgen.analysis.solved as solved_module
import vizgen.engine.graph as graph_module
from vizgen.ai.maxn import maxn_table
from vizgen.ai.search import SearchTooLarge, choose
from vizgen.cli import main
from vizgen.engine.graph import enumerate_graph
from vizgen.engine.params import INT_RANGE, VariantError
from vizgen.engine.rules import Rules
from vizgen.engine.spec import resolve
from vizgen.util.sizes import HAND_SETS_MAX
from vizgen.util.text import format_count


def _tripwire(name: str):
    def tripped(*args: object, **kwargs: object) -> None:
        raise AssertionError(f"{name} ran before the input was checked")

    return tripped


@pytest.fixture
def no_enumeration(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(graph_module, "enumerate_graph", _tripwire("the enumeration"))
    monkeypatch.setattr(solved_module, "enumerate_graph", _tripwire("the enumeration"))


@pytest.fixture
def no_solve(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(solved_module, "solve_forced", _tripwire("the solver"))


@pytest.mark.parametrize(("args", "says"), [
    (["show", "six-players", "11-11"], "'11-11' has 2 players; this variant has 6"),
    (["show", "standard:players=7", "11-11"], "this variant has 7"),
    (["maxn", "six-players", "11-11", "--depth", "1"], "this variant has 6"),
    (["show", "four-hands", "11-11"], "each player has 4 hand(s)"),
    (["show", "standard:r=3", "15-11"], "a hand holds 0 to 2 fingers"),
    (["show", "swaps", "12-11/s5"], "swap count must be 0..1"),
    (["show", "six-players", "11-11-11-11-11-11", "--then", "9>9@1"], "not a legal move"),
    (["show", "standard", "11-11", "--then", "1>1", "--then", "1>1@me"], "legal moves"),
])
def test_the_position_and_the_moves_are_checked_before_any_enumeration(
        no_enumeration: None, capsys: pytest.CaptureFixture[str], args: list[str], says: str) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err, err


def test_an_unreachable_position_is_refused_before_the_solve(no_solve: None,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "standard", "44-44"]) == 2
    assert "cannot be reached from the start 11-11" in capsys.readouterr().err


def test_moves_played_first_lead_where_they_say(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "standard", "11-11", "--then", "1>1", "--then", "2>1", "--json"]) == 0
    assert '"position": "13-12"' in capsys.readouterr().out


@pytest.mark.parametrize("spec", ["standard", "three-players", "standard:players=3,r=3", "swaps"])
def test_a_bounded_search_names_the_deepest_depth_that_fits_and_answers_exactly_there(spec: str) -> None:
    graph = enumerate_graph(resolve(spec))
    rules, start = graph.rules, graph.position(graph.start)
    limit = 400
    with pytest.raises(SearchTooLarge, match=r"depth \d+ is the deepest that fits there") as caught:
        choose(rules, start, 60, max_states=limit)
    deepest = caught.value.deepest
    assert deepest >= 1
    made = choose(rules, start, deepest, max_states=limit)  # fits, and is the exact max^n move
    table = maxn_table(graph, deepest)
    assert made.to == graph.position(int(table.choice[graph.start]))
    assert made.value == tuple(table.value[graph.start].tolist())
    with pytest.raises(SearchTooLarge):
        choose(rules, start, deepest + 1, max_states=limit)


def test_the_default_bound_lets_the_small_variants_search_to_the_top_depth() -> None:
    rules = Rules(resolve("standard"))
    assert choose(rules, rules.start(), 100).move is not None  # 204 positions: at most 20,400 pairs


@pytest.mark.parametrize(("hands", "r"), [(2, 44), (2, 45), (3, 17), (3, 18), (4, 10), (4, 11), (1, 100),
                                          (2, 100), (32, 100)])
def test_a_player_holds_at_most_a_thousand_hand_sets(hands: int, r: int) -> None:
    assert INT_RANGE["r"][1] >= r
    sets = math.comb(r + hands - 1, hands)
    if sets <= HAND_SETS_MAX:
        assert resolve(f"standard:hands={hands},r={r}").params.r == r
    else:
        with pytest.raises(VariantError, match=f"at most {format_count(HAND_SETS_MAX)} are taken"):
            resolve(f"standard:hands={hands},r={r}")
