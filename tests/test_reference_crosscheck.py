"""Cross-check the fast engine against the naive reference in ``reference.py``.

For many small variants, the engine and the independent reference must agree
on the reachable positions (by notation), the edges, the terminal winners, the
forced-win seat and remoteness of every position; for two players, the
random-play and perfect-vs-random probabilities; for more players, who the
others can force out (and in how many plies) and every seat's random-play odds.  The reference is also
checked on its own against the published figures of the reference (shared/spec/RULES.md section 4,
docs/FIGURES.md) and a few moves spelled out in the rules text.
"""

from __future__ import annotations

from collections import Counter

import pytest

import vizgen.util.sizes
from tests import reference as ref
from tests.crosscheck import PROB_TOL, diff, engine_graph, engine_side, reference_random, reference_side, set_diff
from vizgen.engine.random_play import perfect_vs_random, random_play, random_play_seats
from vizgen.engine.solve import solve_survival
from vizgen.engine.spec import resolve

# seconds each: out of the fast lane, in CI; on one worker, so each rule set's reference is worked out once a run
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("reference")]

# Each registry variant at a small size, then combinations of parameters.
REGISTRY_CASES = [
    "standard",
    "suicide",
    "meta",
    "transfers-only",
    "divisions-only",
    "no-splits",
    "halvesies",
    "swaps",
    "self-attack",
    "integers",
    "cutoff",
    "misere",
    "sudden-death",
    "suns",
    "r2",
    "r3",
    "r4",
    "r6",
    "r7",
    "r8",
    "r9",
    "one-hand",
    "three-hands:r=4",
    "four-hands:r=3",
    "three-players:r=3",
    "three-players:r=4",
    "zombies:r=3",
    "zombies:r=4",
    "four-players:r=2",
    "four-players:r=3",
    "self-gain",
    "self-gain-10:r=4",
]

COMBINATION_CASES = [
    # roll-over numbers and hands
    "standard:r=2",
    "standard:r=3",
    "standard:r=4",
    "standard:r=6",
    "standard:hands=1,r=7",
    "standard:hands=1,r=11",
    "standard:hands=1,r=12",
    "standard:hands=3,r=3",
    "standard:hands=3,r=4,suicide=true",
    "standard:hands=3,r=4,meta=true",
    "standard:hands=3,r=4,halvesies=near",
    "standard:hands=4,r=3,suicide=true",
    # more players and zombies
    "standard:players=3,r=2",
    "standard:players=3,r=3,hands=3",
    "standard:players=3,r=3,suicide=true",
    "standard:players=3,r=3,sudden_death=true",
    "standard:players=3,r=3,misere=true",
    "standard:players=3,r=4,misere=true",
    "standard:players=3,r=3,overflow=cutoff",
    "standard:players=3,r=3,meta=true",
    "standard:players=3,r=3,self_attack=true",
    "standard:players=3,r=3,integers=true",
    "standard:players=3,r=3,swaps=1",
    "standard:players=3,r=3,start=2",
    "standard:players=4,r=3,suicide=true",
    "standard:players=3,r=3,zombies=true",
    "standard:players=3,r=3,zombies=true,overflow=cutoff",
    "standard:players=3,r=3,zombies=true,sudden_death=true",
    "standard:players=3,r=3,zombies=true,suicide=true",
    "standard:players=3,r=3,zombies=true,hands=1",
    "standard:players=3,r=4,zombies=true,hands=1",
    "standard:players=3,r=3,zombies=true,swaps=1",
    "standard:players=3,r=3,zombies=true,start=2",
    "standard:players=4,r=2,zombies=true",
    # swaps
    "standard:swaps=1",
    "standard:swaps=2",
    "standard:swaps=3,r=4",
    "standard:swaps=1,integers=true",
    "standard:swaps=2,suicide=true",
    "standard:swaps=1,hands=3,r=4",
    # split rules
    "standard:halvesies=near",
    "standard:halvesies=near,r=6",
    "standard:halvesies=even,suicide=true",
    "standard:halvesies=near,meta=true",
    "standard:halvesies=even,meta=true,suicide=true",
    "standard:meta=true,suicide=true",
    "standard:meta=true,suicide=true,r=7",
    "standard:meta=true,divisions=false",
    "standard:meta=true,transfers=false",
    "standard:meta=true,transfers=false,divisions=false,suicide=true",
    # integers and self attack
    "standard:integers=true,r=3",
    "standard:integers=true,r=4",
    "standard:integers=true,r=6",
    "standard:integers=true,suicide=true",
    "standard:self_attack=true,overflow=cutoff",
    "standard:self_attack=true,suicide=true,r=4",
    "standard:self_attack=true,integers=true",
    "standard:self_attack=true,hands=3,r=4",
    # scoring rules
    "standard:misere=true,sudden_death=true",
    "standard:misere=true,r=4",
    "standard:misere=true,suicide=true",
    "standard:misere=true,overflow=cutoff",
    "standard:sudden_death=true,meta=true,suicide=true",
    "standard:sudden_death=true,self_attack=true,integers=true",
    "standard:sudden_death=true,hands=3,r=4",
    "standard:overflow=cutoff,r=6",
    "standard:overflow=cutoff,suicide=true",
    "standard:overflow=cutoff,hands=3,r=4",
    # self-gain
    "self-gain:r=3",
    "self-gain:r=5",
    "self-gain:r=7",
    "self-gain:misere=true",
    "self-gain:overflow=cutoff",
    "self-gain:self_attack=true",
    "self-gain:hands=1,r=7",
    "self-gain:hands=3,r=3",
    "self-gain:sudden_death=true",
    "self-gain:integers=true",
    "self-gain:players=3,r=3",
    "standard:attack=self-gain,r=4",
    # start values
    "standard:start=2",
    "standard:start=3,r=6",
    "standard:start=2,hands=3,r=4",
    "standard:start=4",
]

CASES = REGISTRY_CASES + COMBINATION_CASES


def _parse_value(raw: str):
    if raw in ("true", "false"):
        return raw == "true"
    if raw.isdigit():
        return int(raw)
    return raw


# ---------------------------------------------------------------------------
# cross-checks
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("spec", CASES)
def test_positions(spec: str) -> None:
    eng, rf = engine_side(spec), reference_side(spec)
    assert rf["n"] <= 2000, "keep the cases small"
    assert eng["n_names"] == eng["n"], "engine notations are not one-to-one"
    assert eng["start"] == rf["start"]
    assert eng["positions"] == rf["positions"], set_diff("positions", eng["positions"], rf["positions"])


@pytest.mark.parametrize("spec", CASES)
def test_edges(spec: str) -> None:
    eng, rf = engine_side(spec), reference_side(spec)
    assert eng["edges"] == rf["edges"], set_diff("edges", eng["edges"], rf["edges"])


@pytest.mark.parametrize("spec", CASES)
def test_terminal_winners(spec: str) -> None:
    eng, rf = engine_side(spec), reference_side(spec)
    assert eng["terminal"] == rf["terminal"], diff("terminal winners", eng["terminal"], rf["terminal"])


@pytest.mark.parametrize("spec", CASES)
def test_forced_wins(spec: str) -> None:
    eng, rf = engine_side(spec), reference_side(spec)
    assert eng["forced"] == rf["forced"], diff("forced (winner, remoteness)", eng["forced"], rf["forced"])


def _two_player_cases() -> list[str]:
    return [s for s in CASES if resolve(s).params.players == 2]


@pytest.fixture(params=["dense", "sparse"])
def linear_solver(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Both ways of solving the linear systems: numpy's dense LU (small systems) and scipy's sparse BiCGSTAB."""
    if request.param == "sparse":
        monkeypatch.setattr(vizgen.util.sizes, "DENSE_MAX_UNKNOWNS", 0)
    return request.param


def _compare_probabilities(label: str, spec: str, key: str, solver) -> None:
    rf = reference_random(spec)
    if key not in rf:
        pytest.skip("too many positions for the reference's random-play iteration")
    graph, names = engine_graph(spec)
    values = solver(graph)
    assert len(values) == graph.n
    engine = {names[i]: float(values[i]) for i in range(graph.n)}
    assert set(engine) == set(rf[key])
    bad = {k: (engine[k], rf[key][k]) for k in engine if abs(engine[k] - rf[key][k]) > PROB_TOL}
    shown = dict(sorted(bad.items())[:12])
    assert not bad, f"{label}: {len(bad)} positions differ (engine, reference): {shown}"


@pytest.mark.catalogue_cases(
    "dense-r9",
    reason="random play on the densest variant at r = 9 (9 s); the whole suite keeps r = 8 and the others")
@pytest.mark.parametrize("spec", _two_player_cases())
def test_random_play(spec: str, linear_solver: str) -> None:
    _compare_probabilities("random play", spec, "random", random_play)


@pytest.mark.parametrize("spec", _two_player_cases())
def test_perfect_vs_random(spec: str, linear_solver: str) -> None:
    _compare_probabilities("perfect vs random", spec, "pvr", perfect_vs_random)


def _multiplayer_cases() -> list[str]:
    return [s for s in CASES if resolve(s).params.players > 2]


@pytest.mark.parametrize("spec", _multiplayer_cases())
def test_survival(spec: str) -> None:
    """Who the others can force out, and in how many plies, per position and seat."""
    graph, names = engine_graph(spec)
    table = solve_survival(graph).out_in
    engine = {names[i]: tuple(None if d < 0 else int(d) for d in table[i]) for i in range(graph.n)}
    rf = reference_side(spec)["survival"]
    assert engine == rf, diff("survival (plies per seat)", engine, rf)


@pytest.mark.parametrize("spec", _multiplayer_cases())
def test_random_play_seats(spec: str, linear_solver: str) -> None:
    """Every seat's chance under random play, with three and more players."""
    rf = reference_random(spec)
    if "random_seats" not in rf:
        pytest.skip("too many positions for the reference's random-play iteration")
    graph, names = engine_graph(spec)
    values = random_play_seats(graph)
    bad = {names[i]: (values[i].tolist(), rf["random_seats"][names[i]]) for i in range(graph.n)
           if max(abs(a - b) for a, b in zip(values[i], rf["random_seats"][names[i]])) > PROB_TOL}
    assert not bad, f"random play per seat: {len(bad)} positions differ: {dict(sorted(bad.items())[:6])}"


@pytest.mark.parametrize("spec", [s for s in CASES if s.startswith("standard:")])
def test_spec_parameters_match_reference(spec: str) -> None:
    """The engine reads a spec string's overrides as the reference does."""
    overrides = {}
    for item in spec.partition(":")[2].split(","):
        key, _, raw = item.partition("=")
        overrides[key] = _parse_value(raw)
    assert resolve(spec).params.as_dict() == ref.ref_params(**overrides)


# ---------------------------------------------------------------------------
# the reference on its own: the published figures (docs/FIGURES.md) and moves from the rules text
# ---------------------------------------------------------------------------


def _pos(text: str, swaps: int = 0) -> tuple:
    """Parse ``12-11`` (single-digit values) into a reference position."""
    return ref.ref_position(*(tuple(int(c) for c in part) for part in text.split("-")), swaps=swaps)


def _kids(params: dict, text: str) -> set[str]:
    return {ref.ref_notation(k, params["r"]) for k in ref.ref_children(params, _pos(text))}


def _classes(params: dict) -> tuple[int, Counter]:
    graph = ref.ref_graph(params)
    solved = ref.ref_solve(params, graph)
    counts: Counter = Counter()
    for pos, kids in graph.items():
        winner = solved[pos][0]
        if not kids:
            counts["terminal"] += 1
        elif winner is None:
            counts["draw"] += 1
        elif winner == 0:
            counts["win"] += 1
        else:
            counts["loss"] += 1
    return len(graph), counts


def test_reference_standard_figures() -> None:
    params = ref.ref_params()
    n, counts = _classes(params)
    assert n == 204
    graph = ref.ref_graph(params)
    assert ref.ref_solve(params, graph)[ref.ref_start(params)] == (None, None)
    assert sum(counts.values()) == 204


def test_reference_suicide_figures() -> None:
    params = ref.ref_params(suicide=True)
    n, counts = _classes(params)
    assert n == 207
    assert counts == Counter(draw=100, win=72, loss=21, terminal=14)
    graph = ref.ref_graph(params)
    assert ref.ref_solve(params, graph)[ref.ref_start(params)] == (None, None)


def test_reference_all_positions_r5() -> None:
    assert len(ref.ref_all_positions(ref.ref_params())) == 15 * 15


def test_reference_moves_from_rules_text() -> None:
    std = ref.ref_params()
    assert _kids(std, "11-11") == {"12-11"}  # the four attacks are one edge
    assert "11-22" in _kids(std, "13-11")  # transfer 13 -> 22
    assert "11-23" in _kids(std, "14-11")  # transfer 14 -> 23
    assert "11-13" in _kids(std, "04-11") and "11-22" in _kids(std, "04-11")
    assert "11-11" in _kids(std, "02-11")  # division 02 -> 11
    assert "11-04" not in _kids(std, "13-11")  # no suicide split
    assert "11-12" not in _kids(std, "12-11")  # a mere swap is not a move
    assert _kids(std, "34-11") >= {"01-34", "14-34"} and "11-11" not in _kids(std, "34-11")
    assert ref.ref_winner(std, _pos("00-14")) == 1
    sui = ref.ref_params(suicide=True)
    assert "11-02" in _kids(sui, "11-11")
    assert "11-03" in _kids(sui, "12-11")
    assert "11-04" in _kids(sui, "13-11") and "11-04" in _kids(sui, "22-11")
    meta = ref.ref_params(meta=True)
    assert "11-11" in _kids(meta, "34-11")
    assert "11-12" in _kids(meta, "44-11")
    cut = ref.ref_params(overflow="cutoff")
    assert "01-24" in _kids(cut, "24-13")  # 4 + 3 = 7 dies instead of rolling to 2
    half = ref.ref_params(halvesies="even")
    assert _kids(half, "04-11") & {"11-13", "11-22"} == {"11-22"}
    ints = ref.ref_params(integers=True)
    assert {"11-11", "11-44"} <= _kids(ints, "14-11")
    gain = ref.ref_params(attack="self-gain", transfers=False, divisions=False)
    assert _kids(gain, "14-12") == {"12-01", "12-11", "12-24", "12-34"}
    assert ref.ref_winner(gain, _pos("12-00")) == 1  # reaching zero wins
    swaps = ref.ref_params(swaps=1)
    assert "11-12/s1" in _kids(swaps, "12-11")
    after_swap = ref.ref_children(swaps, _pos("12-11", 1))  # a second swap in a row is over the cap
    assert after_swap and all(kid[-1] == 0 for kid in after_swap)


def test_reference_degenerate_cases() -> None:
    # r = 2: every attack kills a hand
    r2 = ref.ref_params(r=2)
    assert _kids(r2, "11-11") == {"01-11"}
    # H = 1: the hand values follow a Fibonacci sequence modulo r
    one = ref.ref_params(hands=1, r=7)
    pos = ref.ref_start(one)
    seen = [ref.ref_notation(pos, 7)]
    while ref.ref_children(one, pos):
        (pos,) = ref.ref_children(one, pos)
        seen.append(ref.ref_notation(pos, 7))
    assert seen == ["1-1", "2-1", "3-2", "5-3", "1-5", "6-1", "0-6"]


def test_reference_notation() -> None:
    assert ref.ref_notation(ref.ref_position((1, 10), (3, 4)), 11) == "1.10-3.4"
    assert ref.ref_notation(ref.ref_position((1, 2), (1, 1), swaps=1), 5) == "12-11/s1"
    assert ref.ref_notation(ref.ref_position((0, 0), (1, 1), (1, 2)), 5) == "00-11-12"
    assert ref.ref_notation(ref.ref_position((1, 1), (0, 1), lives=(3, 2), used=(False, True)), 5) == "11:3-01:2u"
    assert ref.ref_notation(ref.ref_position((-1, ref.HALF), (1, 1), own=(1, 0)), 5) == "−10½:s1-11"
