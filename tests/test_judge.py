"""The judge's measures (#46): against a plain second implementation, against games played out, and against
``vizgen stats``; ``vizgen judge``'s command line."""

from __future__ import annotations

import json
import time

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings

from tests.reference_judge import plain_match, sampled_match
from tests.strategies import examples, small_variants
from vizgen.ai.games import perfect_player
from vizgen.analysis.solved import solve_variant
from vizgen.analysis.sweep import SPACE_BOOLS, Base, solve_rule_set, space_overrides
from vizgen.cli import main
from vizgen.engine.graph import enumerate_graph
from vizgen.engine.params import ATTACKS, HALVESIES, OVERFLOWS, VariantError, estimate_positions
from vizgen.engine.solve import solve_forced
from vizgen.engine.spec import resolve
from vizgen.engine.variants import Variant
from vizgen.reports.judge import MIDDLE, Players, games_nearby, judge, match, outcomes
from vizgen.reports.puzzle_rating import ladder_chances
from vizgen.reports.space import load_record

FIELDS = ("first", "second", "draw", "mean_plies", "median_plies", "drama", "decisiveness", "swings")


def _players(variant: Variant, ladder: bool = False) -> Players:
    graph = enumerate_graph(variant)
    return Players.of(graph, solve_forced(graph), ladder=ladder)


#: the largest rule sets drawn for the games played out: 86 % of the r = 5 space (its largest, a million positions,
#: take gigabytes to enumerate)
DRAWN_MAX_POSITIONS = 20_000
#: and the largest code space (estimate_positions): the engine's rule tables of
#: standard:overflow=cutoff,self_attack=true,suicide=true,halvesies=near,swaps=2,misere=true,sudden_death=true,
#: integers=true,logan=true,one_point_switch=true,swap_count=player,stumps=true (833,569) ask for 10.4 GiB
DRAWN_MAX_SPACE = 200_000


def _space_rule_sets(count: int, seed: int) -> list[Variant]:
    """``count`` rule sets drawn at random from the r = 5 rule space's record, of up to
    :data:`DRAWN_MAX_POSITIONS` positions and :data:`DRAWN_MAX_SPACE` codes."""
    record = load_record()
    rows = np.flatnonzero(np.asarray(record["positions"]) <= DRAWN_MAX_POSITIONS)
    picked = np.random.default_rng(seed).choice(rows, size=count + count // 4, replace=False)
    base = Base.of("standard")
    drawn = [base.rule_set(space_overrides(record["index"][k])) for k in picked]
    kept = [v for v in drawn if estimate_positions(v.params) <= DRAWN_MAX_SPACE][:count]
    assert len(kept) == count
    return kept


def _agrees(exact: object, plain: object) -> None:
    """Every field the same to 1e-12 (the chain is exact to about that; the sums differ in order only)."""
    for name in FIELDS:
        a, b = getattr(exact, name), getattr(plain, name)
        assert (a is None) == (b is None), name
        if a is not None:
            assert a == pytest.approx(b, rel=1e-12, abs=1e-12), name


@settings(max_examples=examples(6), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_variants(max_players=2))
def test_the_kernels_chain_agrees_with_the_plain_implementation(variant: Variant) -> None:
    """The compiled ply loop (:func:`vizgen.engine.kernel.chain_plies`) against the dictionaries on small rule
    sets, to 1e-12: random play against itself and perfect play against random play, over a short cap."""
    players = _players(variant)
    if players.graph.n > 250:
        return  # the plain implementation's dictionaries: the smallest rule sets in the fast lane
    _agrees(match(players, players.random, players.random, cap=16),
            plain_match(players, players.random, players.random, 16))
    _agrees(match(players, players.perfect, players.random, cap=16),
            plain_match(players, players.perfect, players.random, 16))


@pytest.mark.slow(reason="random and perfect play against the dictionaries (0.8 CPU s); out of the fast lane: issue"
                         " #49")
@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_variants(max_players=2))
def test_the_chain_agrees_with_the_plain_implementation(variant: Variant) -> None:
    """Random play and perfect play on small rule sets: every field the same as the dictionaries' ply by ply."""
    players = _players(variant)
    if players.graph.n > 700:
        return  # the plain implementation's dictionaries: small rule sets only
    for chances in (players.random, players.perfect):
        _agrees(match(players, chances, chances, cap=24), plain_match(players, chances, chances, 24))
    _agrees(match(players, players.perfect, players.random, cap=24),
            plain_match(players, players.perfect, players.random, 24))


@pytest.mark.slow(reason="plays the softmax ladder's long games (2 CPU s); out of the fast lane: issue #49")
@pytest.mark.parametrize("spec", ["standard", "cutoff", "standard:r=3,misere=true"])
def test_the_ladder_agrees_with_the_plain_implementation(spec: str) -> None:
    """The softmax players, whose games go round for long: the full cap, against the dictionaries."""
    players = _players(resolve(spec), ladder=True)
    middle, low = players.ladder[MIDDLE], players.ladder[1]
    _agrees(match(players, middle, low), plain_match(players, middle, low, 200))


def test_the_shares_alone_are_the_full_matchs() -> None:
    """The skill depth's lighter match (``measures=False``) has the full match's shares and plies."""
    players = _players(resolve("standard"), ladder=True)
    for first, second in ((players.ladder[2], players.ladder[1]), (players.random, players.perfect)):
        full, light = match(players, first, second), match(players, first, second, measures=False)
        assert (light.first, light.second, light.draw, light.median_plies) == \
            (full.first, full.second, full.draw, full.median_plies)
        assert light.drama is None and light.decisiveness is None


def test_the_players_are_the_projects() -> None:
    """The ladder's chances are the puzzle ratings' players'; the perfect player's move is the site's."""
    solved = solve_variant(resolve("standard"))
    players = Players.of(solved.graph, solved.forced)
    for mine, theirs in zip(players.ladder, ladder_chances(solved.graph), strict=True):
        assert np.array_equal(mine, theirs)
    g = solved.graph
    moves = perfect_player(g, solved.forced).moves
    chosen = g.indices[players.perfect == 1]
    assert np.array_equal(chosen, moves[g.sources[players.perfect == 1]])
    assert np.array_equal(np.bincount(g.sources, players.perfect, minlength=g.n), (moves >= 0).astype(float))


@pytest.mark.slow(reason="runs vizgen stats and the judge on the standard game (1.2 CPU s); out of the fast lane:"
                         " issue #49")
def test_random_play_shares_equal_stats(capsys: pytest.CaptureFixture[str]) -> None:
    """The standard game's random-play shares from the judge are ``vizgen stats standard``'s."""
    assert main(["stats", "standard", "--json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert main(["judge", "standard", "--json"]) == 0
    judged = json.loads(capsys.readouterr().out)
    assert judged["random_play"]["seats"][0] == stats["random_win_start"]
    solved = solve_variant(resolve("standard"))
    players = Players.of(solved.graph, solved.forced, ladder=False)
    first, second, never = outcomes(players, players.random, players.random)
    assert first == pytest.approx(float(solved.random_win[solved.graph.start]), abs=1e-12)
    assert never == pytest.approx(0.0, abs=1e-12) and first + second == pytest.approx(1.0)
    # the capped game's shares approach them: a random game of the standard game outlasts 200 plies rarely
    capped = match(players, players.random, players.random)
    assert 0 < capped.draw < 1e-3 and capped.first == pytest.approx(first, abs=capped.draw)


def _sampled_agrees(players: Players, first: np.ndarray, second: np.ndarray, seed: int, games: int) -> None:
    exact = match(players, first, second)
    sample = sampled_match(players, first, second, 200, games, np.random.default_rng(seed))
    spec = players.graph.variant.spec
    for name in ("first", "second", "draw", "swings", "drama", "decisiveness"):
        estimate = getattr(sample, name)
        if estimate is None:  # too few won games to estimate it
            continue
        value, width = estimate
        assert abs(getattr(exact, name) - value) <= width + 1e-9, (spec, name, getattr(exact, name), value, width)
    assert sample.median_agrees(exact.median_plies), (spec, exact.median_plies)


@pytest.mark.slow(reason="plays thousands of games out (2 CPU s); out of the fast lane: issue #49")
def test_games_played_out_agree_on_a_few_rule_sets() -> None:
    """The fast lane's sample of the Monte Carlo check: three rule sets of the r = 5 space, random play."""
    for k, variant in enumerate(_space_rule_sets(3, seed=46)):
        players = _players(variant)
        _sampled_agrees(players, players.random, players.random, seed=k, games=2000)


#: the 200 rule sets of the issue's check in four quarters, run as four tests: the whole suite's two workers share
#: them (one test of 70 CPU s kept a worker busy for 109 s of a loaded run; issue #49)
QUARTERS = 4


@pytest.mark.catalogue_cases(
    "1", "2", "3",
    reason="the second to fourth quarter of the 200 rule sets (33 s); the whole suite keeps the first 50")
@pytest.mark.slow(reason="200 rule sets enumerated, solved and played out 2,000 times (70 CPU s in all)")
@pytest.mark.parametrize("quarter", range(QUARTERS))
def test_games_played_out_agree_on_200_rule_sets(quarter: int) -> None:
    """The issue's check: for 200 random rule sets of the r = 5 space, games played out by random players agree
    with every exact measure within its confidence interval (4.5 sigmas), and by the ladder's middle against
    random play on every tenth (a quarter of the 200 each)."""
    drawn = _space_rule_sets(200, seed=4646)
    size = len(drawn) // QUARTERS
    for k, variant in enumerate(drawn[quarter * size:(quarter + 1) * size], start=quarter * size):
        players = _players(variant, ladder=k % 10 == 0)
        _sampled_agrees(players, players.random, players.random, seed=k, games=2000)
        if players.ladder:
            _sampled_agrees(players, players.ladder[MIDDLE], players.random, seed=1000 + k, games=2000)


def test_judge_gives_every_measure() -> None:
    solved = solve_variant(resolve("standard"))
    data = judge(solved.graph, solved.forced)
    assert set(data["measures"]) == {"balance", "drawishness", "duration", "decisiveness", "drama", "swings"}
    for figures in data["measures"].values():
        assert set(figures) == {"random", "middle", "perfect"}
    assert data["measures"]["drawishness"]["perfect"] == 1.0  # the standard game is a draw
    assert data["measures"]["balance"]["perfect"] == 0.0
    assert data["skipped"] == {}
    assert 1 <= data["skill_depth"]["levels"] <= 8 and data["skill_depth"]["chain"][0] == "picks at random"
    assert data["complexity"]["positions"] == solved.graph.n
    assert data["complexity"]["nearby"] == games_nearby(solved.variant.params) == {"rule_sets": 22, "games": 22}


def test_a_rule_set_outside_the_map_is_judged_without_the_games_nearby() -> None:
    graph = enumerate_graph(resolve("standard:r=4"))
    data = judge(graph, solve_forced(graph))
    assert data["complexity"]["nearby"] is None and "record" in data["skipped"]["nearby"]
    assert set(data["skipped"]) == {"nearby"}


@pytest.mark.parametrize(("spec", "balance"), [("standard:r=2", 1.0), ("standard:r=3,misere=true", -1.0)])
def test_perfect_play_of_a_won_game_lasts_its_remoteness(spec: str, balance: float) -> None:
    """A rule set one player wins: perfect play wins it in the start's remoteness, settled from the start."""
    graph = enumerate_graph(resolve(spec))
    forced = solve_forced(graph)
    players = Players.of(graph, forced, ladder=False)
    m = match(players, players.perfect, players.perfect)
    assert (m.balance, m.draw, m.drama, m.decisiveness, m.swings) == (balance, 0.0, 0.0, 0.0, 0.0)
    assert m.median_plies == m.mean_plies == forced.remoteness[graph.start]


def test_more_players_are_judged_by_the_measures_that_apply(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["judge", "standard:players=3,r=3"]) == 0
    out = capsys.readouterr().out
    assert "random play   seat+0" in out and "not judged    balance, drawishness" in out


def test_judge_prints_what_each_value_means(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["judge", "standard"]) == 0
    out = capsys.readouterr().out
    assert "balance       +0.018" in out and "0 is fair" in out
    assert "duration      20 plies" in out and "skill depth   5 levels" in out


@pytest.mark.parametrize(("argv", "words"), [
    (["judge", "nonsense"], "unknown variant"),
    (["judge", "standard:r=1"], "r"),
    (["judge", "standard:r=40,hands=5"], "possible hands"),
    (["judge", "standard", "--max-positions", "100"], "100"),
])
def test_bad_input_is_one_line_and_exit_2(argv: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    began = time.perf_counter()
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("vizgen: error: ") and words in err
    assert time.perf_counter() - began < 10  # refused before any heavy work


@pytest.mark.parametrize("spec", ["standard", "standard:overflow=cutoff,swaps=2,swap_count=player,logan=true"])
def test_games_nearby_are_the_distinct_games_one_rule_away(spec: str) -> None:
    """Every rule set one change away solved again: its game told apart by the sweep's digest, as the record does."""
    variant = resolve(spec)
    params = variant.params
    near = []
    changes = [{name: not getattr(params, name)} for name in SPACE_BOOLS]
    changes += [{"overflow": v} for v in OVERFLOWS if v != params.overflow]
    changes += [{"attack": v} for v in ATTACKS if v != params.attack]
    changes += [{"halvesies": v} for v in HALVESIES if v != params.halvesies]
    changes += [{"swaps": n} for n in range(4) if n != params.swaps]
    if params.swaps:
        changes.append({"swap_count": "player" if params.swap_count == "row" else "row"})
    base = Base.of("standard")
    own = solve_rule_set(variant)["game"]
    for change in changes:
        try:
            near.append(solve_rule_set(base.rule_set({**space_overrides(0), **_space_params(params), **change})))
        except VariantError:
            continue
    assert games_nearby(params) == {"rule_sets": len(near), "games": len({f["game"] for f in near} - {own})}


def _space_params(params: object) -> dict[str, object]:
    names = (*SPACE_BOOLS, "overflow", "attack", "halvesies", "swaps", "swap_count")
    return {name: getattr(params, name) for name in names}


@pytest.mark.slow(reason="judges rule sets at three bounds: 1.3 CPU s (the fast lane's budget)")
def test_a_rule_set_over_the_bounds_is_judged_by_the_measures_that_fit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Over the ladder's bound: the measures of random and perfect play, no middle player and no skill depth, and
    ``skipped`` says so; over the chain's: complexity alone. The measures kept are the full judge's."""
    from vizgen.util import sizes

    solved = solve_variant(resolve("standard"))
    full = judge(solved.graph, solved.forced)
    monkeypatch.setattr(sizes, "JUDGE_LADDER_MAX_POSITIONS", solved.graph.n - 1)
    lighter = judge(solved.graph, solved.forced)
    assert set(lighter["skipped"]) == {"middle", "skill_depth"} and "softmax ladder" in lighter["skipped"]["middle"]
    assert "skill_depth" not in lighter
    for name, figures in lighter["measures"].items():
        assert set(figures) == {"random", "perfect"}
        assert figures == {who: full["measures"][name][who] for who in ("random", "perfect")}
    assert lighter["random_play"] == full["random_play"]
    monkeypatch.setattr(sizes, "RANDOM_MAX_STATES", 2 * solved.graph.n - 1)
    least = judge(solved.graph, solved.forced)
    assert "measures" not in least and "random_play" not in least
    assert least["skipped"]["balance"] == least["skipped"]["skill_depth"] == "over the play chain's size limit"
    assert least["complexity"] == full["complexity"]
