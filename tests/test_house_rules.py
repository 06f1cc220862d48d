"""The house rules of the rules spec's section 3b, in the fast lane: every axis against the naive reference.

For each axis (and for random combinations of them with the classic ones) the engine and the reference
model of ``tests/reference.py``, written separately from the kernel's tables, agree on every reachable
position (by notation), every edge, every final winner and every forced win with its remoteness (survival
too with more players). Then the notation of the new position state round-trips, the readings the spec gives
hold move by move, and every combination that makes no sense is refused with its reason.
"""

from __future__ import annotations

import functools
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests import reference as ref
from tests.crosscheck import diff, engine_graph, engine_side, reference_side, set_diff
from tests.strategies import examples
from vizgen.engine.graph import enumerate_graph
from vizgen.engine.notation import Position, PositionError
from vizgen.engine.params import VariantError, estimate_positions
from vizgen.engine.rules import Rules
from vizgen.engine.solve import solve_survival
from vizgen.engine.spec import resolve

#: every axis at a size the reference solves in a second or two, alone and with the rules it touches
AXIS_CASES = [
    "standard:death_attack=true",
    "cutoff:death_attack=true",
    "standard:death_attack=true,self_attack=true,r=4",
    "standard:self_add=true",
    "cutoff:self_add=true",
    "misere:self_add=true",
    "standard:cherry_bomb=true",
    "cutoff:cherry_bomb=true,self_attack=true",
    "standard:logan=true",
    "standard:logan=true,swaps=1",
    "standard:passes=true",
    "standard:passes=true,swaps=2",
    "standard:one_point_switch=true,r=4",
    "standard:one_point_switch=true,r=4,suicide=true",
    "standard:swaps=2,swap_count=player,r=4",
    "standard:swaps=1,swap_count=player,cherry_bomb=true,r=4",
    "cutoff:integers=true,r=3",
    "cutoff:integers=true,r=4,self_attack=true",
    "cutoff:integers=true,r=4,sudden_death=true",
    "standard:stumps=true,r=3",
    "standard:stumps=true,r=3,meta=true",
    "cutoff:stumps=true,r=2,integers=true,halvesies=near",
    "standard:sudden_death=true,lives=2,r=4",
    "standard:sudden_death=true,lives=3,r=3",
    "standard:hands=3,r=4,transfer_scope=two",
    "standard:hands=3,r=4,division_scope=one-to-one",
    "standard:hands=3,r=4,division_scope=one-to-many",
    "standard:hands=4,r=3,division_scope=one-to-one,transfer_scope=two",
    # more players: survival too
    "standard:players=3,r=3,death_attack=true,cherry_bomb=true",
    "standard:players=3,r=3,zombies=true,death_attack=true,self_add=true",
    "standard:players=3,r=3,sudden_death=true,lives=2",
    "standard:players=3,r=3,passes=true,logan=true",
    "standard:players=3,r=3,swaps=1,swap_count=player",
    "standard:players=3,r=2,integers=true,overflow=cutoff",
    # every option that adds a move, at once
    "standard:r=4," + ",".join(f"{k}=true" for k in ("death_attack", "self_add", "cherry_bomb", "logan", "passes",
                                                        "one_point_switch", "self_attack", "suicide", "meta",
                                                        "integers")),
]


def _agree(spec: str) -> None:
    eng, rf = engine_side(spec), reference_side(spec)
    assert eng["n_names"] == eng["n"], "engine notations are not one-to-one"
    assert eng["start"] == rf["start"]
    assert eng["positions"] == rf["positions"], set_diff("positions", eng["positions"], rf["positions"])
    assert eng["edges"] == rf["edges"], set_diff("edges", eng["edges"], rf["edges"])
    assert eng["terminal"] == rf["terminal"], diff("terminal winners", eng["terminal"], rf["terminal"])
    assert eng["forced"] == rf["forced"], diff("forced (winner, remoteness)", eng["forced"], rf["forced"])
    if rf["params"]["players"] > 2:
        graph, names = engine_graph(spec)
        table = solve_survival(graph).out_in
        ours = {names[i]: tuple(None if d < 0 else int(d) for d in table[i]) for i in range(graph.n)}
        assert ours == rf["survival"], diff("survival", ours, rf["survival"])


#: the fast lane checks every third case of :data:`AXIS_CASES` (all 35 take 7 CPU s), the whole suite all of them
_THIRDS = [spec if i % 3 == 0 else pytest.param(spec, marks=pytest.mark.slow(
    reason="the fast lane checks every third case: issue #49")) for i, spec in enumerate(AXIS_CASES)]


@pytest.mark.parametrize("spec", _THIRDS)
def test_every_axis_agrees_with_the_reference(spec: str) -> None:
    _agree(spec)


@st.composite
def house_specs(draw: st.DrawFn) -> str:
    """Random combinations of the house rules with the classic rules they meet most."""
    players = draw(st.sampled_from([2, 2, 2, 3]))
    hands = draw(st.sampled_from([2, 2, 3] if players == 2 else [1, 2]))
    r = draw(st.integers(2, {1: 6, 2: 4, 3: 3}[hands]))
    flags = {name: draw(st.booleans()) for name in ("death_attack", "self_add", "cherry_bomb", "logan", "passes",
                                                    "one_point_switch", "stumps", "suicide", "self_attack",
                                                    "integers", "misere", "sudden_death", "meta")}
    params = {"players": players, "hands": hands, "r": r, **flags,
              "overflow": draw(st.sampled_from(["rollover", "cutoff"])),
              "swaps": draw(st.integers(0, 2)), "start": draw(st.integers(1, r - 1))}
    if params["swaps"]:
        params["swap_count"] = draw(st.sampled_from(["row", "player"]))
    if params["sudden_death"]:
        params["lives"] = draw(st.integers(1, 3))
        params["cherry_bomb"] = False
    if hands >= 3:
        params["transfer_scope"] = draw(st.sampled_from(["any", "two"]))
        params["division_scope"] = draw(st.sampled_from(["any", "one-to-one", "one-to-many"]))
    return "standard:" + ",".join(f"{k}={str(v).lower()}" for k, v in params.items())


#: the largest code space a random combination may have here, where the naive reference must solve it in the fast
#: lane (the slow lane's property tests go to tests.strategies.MAX_SPACE)
FAST_SPACE = 1500


@settings(max_examples=examples(10), deadline=None,
          suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(house_specs())
def test_random_combinations_agree_with_the_reference(spec: str) -> None:
    try:
        variant = resolve(spec)
    except VariantError:
        return  # a combination that makes no sense: test_nonsense_is_refused checks the reasons
    if estimate_positions(variant.params) > FAST_SPACE:
        return
    _agree(spec)


@pytest.mark.parametrize("spec", ["lives", "standard:stumps=true,r=4", "signed-integers:r=4", "one-point-switch",
                                  pytest.param("standard:r=3,stumps=true,integers=true,overflow=cutoff,"
                                               "one_point_switch=true", marks=pytest.mark.slow),  # 17,000 positions
                                  "standard:swaps=2,swap_count=player,r=4", "standard:players=3,r=3,sudden_death=true,"
                                  "lives=2,one_point_switch=true"])
def test_every_position_s_notation_round_trips(spec: str) -> None:
    """Each reachable position is written once, and reading what is written gives the same position and code."""
    graph = enumerate_graph(resolve(spec))
    rules = graph.rules
    names = graph.notations()
    assert len(set(names)) == graph.n
    for code, name in zip(graph.codes.tolist(), names):
        position = rules.decode(code)
        assert rules.notation(position) == name
        assert rules.parse(name) == position
        assert rules.encode(Position.parse(name, rules.params.hands)) == code


@functools.cache
def _rules(spec: str) -> Rules:
    return Rules(resolve(spec))


def _children(spec: str, text: str) -> dict[str, str]:
    """Every legal move at a position, by its notation, with the position it leads to."""
    rules = _rules(spec)
    return {str(m): rules.notation(after) for m, after in rules.successors(rules.parse(text))}


def test_the_readings_move_by_move() -> None:
    """The section-3b rules, spelled out on positions (docs/RULINGS.md gives the readings)."""
    # a live hand strikes a dead hand: it comes back with the striker's fingers
    assert _children("death-attack", "12-03")["2>0"] == "23-12"
    assert "1>0" not in _children("standard", "12-03")
    # one finger onto your own hand; the usual overflow, so a hand (or a player) can knock itself out
    assert _children("self-adding", "14-11")["add 4"] == "11-01"
    assert _children("self-adding", "04-11")["add 4"] == "11-00"
    assert Rules(resolve("self-adding")).outcome(Rules(resolve("self-adding")).parse("11-00")) == 0
    # exactly r explodes: the struck hand dies and the striking hand goes back to 1
    assert _children("cherry-bomb", "14-12")["4>1"] == "02-11"
    assert _children("standard", "14-12")["4>1"] == "02-14"
    # the Logan clause and passing keep the hands as they are
    assert _children("logan", "03-12")["logan"] == "12-03"
    assert "logan" not in _children("logan", "13-12")
    assert _children("passes", "13-12")["pass"] == "12-13"
    # the one-point switch: once a game, a lone 1; the position remembers it was used
    assert _children("one-point-switch", "01-12")["switch"] == "12-01:u"
    assert "switch" not in _children("one-point-switch", "01:u-12")
    # signed hands: v -> -v, a sum of 0 or of r or more either way dies, splits only while no hand is negative
    signed = _children("signed-integers", "−12-13")
    assert signed["flip −1"] == "13-12" and signed["−1>1"] == "03-−12" and signed["2>3"] == "01-−12"
    assert not any(" -> " in m for m in signed)
    # stumps: a lone 1 splits into two halves, which add as halves
    assert _children("stumps", "01-12")["01 -> ½½"] == "12-½½"
    assert _children("stumps", "½½-12")["½>1"] == "1½2-½½"
    # lives: one finger left costs a life and the hands go back to the start; with none left, out
    assert _children("lives", "11:3-14:2")["1>4"] == "11:1-11:3"
    assert _children("lives", "11:3-14:1")["1>4"] == "00-11:3"
    assert _children("lives", "12:1-11:3")["1>1"] == "12:3-12:1"
    # scopes with three hands: a single transfer changes two hands; a partition spreads one hand over dead ones
    assert "123 -> 222" in _children("single-transfer", "123-111")
    assert "114 -> 222" not in _children("single-transfer", "114-111")
    assert "114 -> 222" in _children("three-hands", "114-111")
    assert "004 -> 112" in _children("partition", "004-111") and "033 -> 222" not in _children("partition", "033-111")
    assert "033 -> 222" in _children("three-hands", "033-111")
    assert "004 -> 112" not in _children("three-hands:division_scope=one-to-one", "004-111")
    # own swap counts: each player's own run, reset by their next other move
    own = _children("standard:swaps=1,swap_count=player", "12-13")
    assert own["swap"] == "13-12:s1"
    assert "swap" not in _children("standard:swaps=1,swap_count=player", "12:s1-13")


@pytest.mark.parametrize(("spec", "text", "split", "after"), [
    ("standard:stumps=true", "1½3½-11", "1½3½ -> ½4½", "11-½4½"),
    ("standard:stumps=true,meta=true,suicide=true", "14½-11", "14½ -> 00½", "11-00½"),
], ids=["a-hand-of-r-less-a-half", "meta-leaves-a-half"])
def test_the_two_stumps_readings(spec: str, text: str, split: str, after: str) -> None:
    """The two readings an outside solver took otherwise (issue #50; docs/RULINGS.md, stumps): with halves a hand
    holds up to ``r - ½`` (it dies at ``r``), and meta shares out ``T - r`` when it is more than nothing, so ½ with
    stumps. The engine's moves there are the reference's, move by move."""
    assert _children(spec, text)[split] == after
    rules = _rules(spec)
    params = ref.ref_params(**rules.params.as_dict())
    position = rules.parse(text)
    theirs = {ref.ref_notation(kid, params["r"]) for kid in ref.ref_children(params, ref.ref_position_of(position))}
    assert set(_children(spec, text).values()) == theirs


def test_halves_and_negatives_are_written_and_read() -> None:
    half = Fraction(1, 2)
    assert Position.parse("½½-11").hands == ((half, half), (1, 1))
    assert Position.parse("hh-11") == Position.parse("½½-11")
    assert Position.parse("00½-11").hands[0] == (0, half) and str(Position.parse("00½-11")) == "00½-11"
    assert Position.parse("~12-11") == Position.parse("−12-11") and str(Position.parse("~12-11")) == "−12-11"
    assert str(Position.parse("11:3-01:u")) == "11:3-01:u"
    with pytest.raises(PositionError, match="lives"):
        Rules(resolve("lives")).parse("11-11")
    with pytest.raises(PositionError, match="halves need stumps"):
        Rules(resolve("standard")).parse("½½-11")
    with pytest.raises(PositionError, match="negative hands need signed integers"):
        Rules(resolve("standard")).parse("−12-11")


@pytest.mark.parametrize(("spec", "reason"), [
    ("standard:lives=3", "sudden_death"),
    ("three-hands:transfer_scope=two,transfers=false", "transfers=false"),
    ("standard:transfer_scope=two", "hands >= 3"),
    ("standard:division_scope=one-to-one", "hands >= 3"),
    ("standard:swap_count=player", "swaps=0"),
    ("self-gain:cherry_bomb=true", "self-gain"),
    ("self-gain:death_attack=true", "self-gain"),
    ("one-hand:logan=true", "hands >= 2"),
    ("one-hand:stumps=true", "hands >= 2"),
    ("standard:stumps=true,divisions=false", "division"),
    ("sudden-death:cherry_bomb=true", "two players going out"),
    ("standard:lives=10,sudden_death=true", "1 to 9"),
    ("standard:transfer_scope=three", "any, two"),
])
def test_nonsense_is_refused(spec: str, reason: str) -> None:
    with pytest.raises(VariantError, match=reason):
        resolve(spec)
