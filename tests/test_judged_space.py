"""The judged r = 5 record (:mod:`vizgen.reports.judged_space`, #46): a game's measures are its rule sets' (two
rule sets of one game judged apart agree), the committed record judged again on a random sample of its games (a
few in the fast lane, more in the slow one, all of them in the catalogue lane), ``vizgen judge --json`` against the
record, and the record's command."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.strategies import examples
from vizgen.analysis.sweep import Base, space_overrides
from vizgen.cli import main as vizgen
from vizgen.engine.graph import enumerate_graph
from vizgen.engine.solve import solve_forced
from vizgen.reports.judge import MEASURES, PLAYERS, Judged, judge
from vizgen.reports.judged_space import (
    COMMAND,
    NONE_WON,
    UNITS,
    JudgedSpace,
    by_exact_value,
    dumps,
    game_rows,
    judged_rule_set,
    load_judged,
    loads,
    main,
    over_bound,
    record_judged,
    representatives,
)
from vizgen.reports.space import load_record
from vizgen.util import sizes
from vizgen.util.text import format_count

BASE = Base.of("standard")
#: the largest games the fast lane judges again (a few hundredths of a CPU second each)
FAST_MAX_POSITIONS = 2_000


def _judged(combination: int) -> Judged:
    graph = enumerate_graph(BASE.rule_set(space_overrides(combination)))
    return judge(graph, solve_forced(graph))


def _games() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    record = load_record()
    return (np.asarray(record["index"], np.int64), np.asarray(record["game"], np.int64),
            np.asarray(record["positions"], np.int64))


def _shared_games(max_positions: int) -> list[int]:
    """The games of two rule sets or more, of up to ``max_positions`` positions."""
    _, game, positions = _games()
    counts = np.bincount(game)
    small = np.zeros(counts.size, bool)
    small[game[positions <= max_positions]] = True
    return [int(g) for g in np.flatnonzero((counts >= 2) & small)]


def _same(a: Judged, b: Judged) -> None:
    """Every figure of two judges alike but the names and the games nearby (floats to 1e-12)."""
    assert a["complexity"]["positions"] == b["complexity"]["positions"]
    assert a["complexity"]["moves"] == b["complexity"]["moves"]
    assert a["complexity"].get("moves_per_position") == b["complexity"].get("moves_per_position")
    assert a.get("skill_depth") == b.get("skill_depth")
    assert {k: v for k, v in a["skipped"].items() if k != "nearby"} == \
        {k: v for k, v in b["skipped"].items() if k != "nearby"}
    for m in MEASURES:
        for p in PLAYERS:
            x, y = a.get("measures", {}).get(m, {}).get(p), b.get("measures", {}).get(m, {}).get(p)
            assert (x is None) == (y is None), (m, p)
            if x is not None and y is not None:
                assert x == pytest.approx(y, rel=1e-12, abs=1e-12), (m, p)
    if "random_play" in a:
        assert a["random_play"]["seats"] == pytest.approx(b["random_play"]["seats"], abs=1e-12)


@pytest.mark.slow(reason="enumerates and judges two rule sets a game on eight games: about 2 CPU s "
                         "(the fast lane's budget)")
@settings(max_examples=examples(8), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_two_rule_sets_of_one_game_are_judged_alike(data: st.DataObject) -> None:
    """Every measure but the games nearby is a function of the game: the representative (the game's first rule
    set) and another rule set of the same game, drawn at random among the games of two rule sets or more,
    enumerated and judged apart, give the same figures (the record judges each game once on that claim)."""
    index, game, _ = _games()
    g = data.draw(st.sampled_from(_shared_games(FAST_MAX_POSITIONS)), label="game")
    rows = np.flatnonzero(game == g)
    other = data.draw(st.sampled_from([int(r) for r in rows[1:]]), label="other row")
    assert int(index[rows[0]]) == representatives(g + 1)[g]
    _same(_judged(int(index[rows[0]])), _judged(int(index[other])))


@pytest.mark.slow(reason="reads every column of the whole record: about 1.2 CPU s (the fast lane's budget)")
def test_the_record_belongs_to_the_space() -> None:
    """The record names the space it judges (its command, rule sets and games are the space record's), its
    representatives are each game's first rule set, every column has a figure a game, and every null is counted
    under ``skipped`` with its reason."""
    record, space = load_judged(), load_record()
    assert record["command"] == COMMAND
    assert record["space"] == {"command": space["command"], "rule_sets": space["rule_sets"],
                               "games": max(space["game"]) + 1}
    assert 0 < record["games"] <= record["space"]["games"]
    assert record["representative"] == representatives(record["games"])
    assert record["units"] == UNITS and record["reasons"][0] == {}
    assert record["max_positions"] == sizes.JUDGE_RECORD_MAX_POSITIONS  # made by the command's defaults
    columns = record["columns"]
    named: dict[str, list[int] | list[int | None]] = {"positions": columns["positions"], "moves": columns["moves"],
             "moves_per_position": columns["moves_per_position"], "skill_depth": columns["skill_depth"],
             "skill_chain": columns["skill_chain"], "reason": columns["reason"],
             **{f"{m}.{p}": columns["measures"][m][p] for m in MEASURES for p in PLAYERS}}
    for name, column in named.items():
        assert len(column) == record["games"], name
        assert sum(record["skipped"].get(name, {}).values()) == sum(x is None for x in column), name
    assert record["cpu_seconds"] > 0 and record["wall_seconds"] > 0


@pytest.mark.slow(reason="gzips the whole record (1.9 MB, 343,608 games) again: about 4 CPU s (the fast lane's budget)")
def test_the_record_file_is_written_as_read() -> None:
    """The committed file is byte for byte what the command writes of the record it holds (the same record gives
    the same bytes)."""
    from vizgen.reports.judged_space import _path

    raw = _path().read_bytes()
    assert dumps(loads(raw)) == raw


def _rejudged(sample: list[int]) -> None:
    """The sample's games judged again from their representatives: their columns as recorded."""
    record = load_judged()
    fresh = [_judged(record["representative"][g]) for g in sample]
    columns, reasons, _ = game_rows(fresh)
    for k, g in enumerate(sample):
        kept = record["columns"]
        for name in ("positions", "moves", "moves_per_position", "skill_depth", "skill_chain"):
            assert columns[name][k] == kept[name][g], (g, name)
        for m in MEASURES:
            for p in PLAYERS:
                assert columns["measures"][m][p][k] == kept["measures"][m][p][g], (g, m, p)
        assert reasons[columns["reason"][k]] == record["reasons"][kept["reason"][g]], g


def _sample(count: int, max_positions: int) -> list[int]:
    """``count`` games of the record drawn afresh, of up to ``max_positions`` positions and played through the
    chains (within the record's bound)."""
    record = load_judged()
    most = min(max_positions, record["max_positions"])
    small = [g for g in range(record["games"]) if record["columns"]["positions"][g] <= most]
    return random.Random().sample(small, min(count, len(small)))


@pytest.mark.slow(reason="reads the whole judged record (343,608 games) to draw from: the fast lane's budget; the "
                         "fast lane re-solves the map's record instead (test_space)")
def test_a_few_games_of_the_record_judged_again() -> None:
    """Three games drawn afresh each run (of up to 2,000 positions), judged again: as recorded."""
    _rejudged(_sample(3, FAST_MAX_POSITIONS))


@pytest.mark.catalogue(
    reason="40 games of the record judged again (42 s); the whole suite keeps a few, and the catalogue lane "
           "judges the whole record again")
@pytest.mark.slow(reason="judges 40 games of the record again (about 10 CPU s)")
def test_more_games_of_the_record_judged_again() -> None:
    """Forty games drawn afresh each run of those the record plays through the chains, judged again: as recorded
    (the catalogue lane judges them all)."""
    _rejudged(_sample(40, 10**7))


@pytest.mark.slow(reason="runs vizgen judge on a rule set: 0.5 CPU s (the fast lane's budget)")
def test_vizgen_judge_json_is_the_records(capsys: pytest.CaptureFixture[str]) -> None:
    """``vizgen judge SPEC --json`` of a rule set of the record (not its game's representative) gives the record's
    figures for it, at the record's precision, and the same games nearby."""
    record = load_judged()
    index, game, positions = _games()
    most = min(FAST_MAX_POSITIONS, record["max_positions"])
    representatives = set(record["representative"])
    rows = [int(r) for r in np.flatnonzero((game < record["games"]) & (positions <= most))
            if int(index[r]) not in representatives]
    combination = int(index[random.Random().choice(rows)])
    spec = BASE.rule_set(space_overrides(combination)).spec
    assert vizgen(["judge", spec, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    mine = judged_rule_set(combination)
    assert mine is not None
    assert data["complexity"]["nearby"] == mine["nearby"]
    assert (data["complexity"]["positions"], data["complexity"]["moves"]) == (mine["positions"], mine["moves"])
    assert data["complexity"]["moves_per_position"] == mine["moves_per_position"]
    assert data.get("skill_depth", {}).get("levels") == mine["skill_depth"]
    assert data.get("skill_depth", {}).get("chain") == mine["skill_chain"]
    for m in MEASURES:
        for p in PLAYERS:
            value, kept = data.get("measures", {}).get(m, {}).get(p), mine["measures"][m][p]
            assert (value is None) == (kept is None), (m, p)
            if value is not None and kept is not None:
                assert abs(value - kept) <= 0.5 / UNITS[m] + 1e-12, (spec, m, p, value, kept)


@pytest.mark.slow(reason="reads the record for rule sets in and out of it: 0.3 CPU s (the fast lane's budget)")
def test_a_rule_set_outside_the_space_or_the_slice() -> None:
    """A combination the rules refuse is a KeyError; one whose game the record does not reach is None."""
    index, game, _ = _games()
    refused = int(np.flatnonzero(np.diff(index) > 1)[0] + index[0] + 1)  # the first combination the rules refuse
    assert refused not in set(index.tolist())
    with pytest.raises(KeyError, match="not a rule set"):
        judged_rule_set(refused)
    record = load_judged()
    short = JudgedSpace(**{**record, "games": 1})
    assert judged_rule_set(int(index[np.flatnonzero(game == 1)[0]]), short) is None


@pytest.mark.slow(reason="enumerates and judges six games of up to 2,000 positions: about 2 CPU s (the fast lane's "
                         "budget)")
@settings(max_examples=examples(6), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_perfect_play_read_off_the_exact_value_is_the_chains(data: st.DataObject) -> None:
    """A game over the record's bound is judged by perfect play read off the start's exact value and remoteness
    (:func:`by_exact_value`): on games won by the first player, by the second and drawn, drawn afresh, the chain of
    the perfect player against itself gives the same figures."""
    index, _, positions = _games()
    space = load_record()
    value = data.draw(st.sampled_from("WLD"), label="value")
    rows = np.flatnonzero((np.frombuffer(space["value"].encode(), np.uint8) == ord(value))
                          & (positions <= FAST_MAX_POSITIONS))
    row = int(data.draw(st.sampled_from(rows.tolist()), label="row"))
    graph = enumerate_graph(BASE.rule_set(space_overrides(int(index[row]))))
    played = judge(graph, solve_forced(graph), random_play=False)["measures"]
    read = by_exact_value(int(positions[row]), value, int(space["remoteness"][row]), 0)["measures"]
    assert {m: read[m]["perfect"] for m in MEASURES} == {m: played[m]["perfect"] for m in MEASURES}


@pytest.mark.slow(reason="reads every game of the whole record and of the space's: a few CPU s (the fast lane's "
                         "budget)")
def test_every_game_over_the_bound_is_judged_by_its_size_and_perfect_play() -> None:
    """The whole record: a game over its ``max_positions`` has its positions and perfect play only, the rest null
    for that reason; every game's perfect-play figures, played through the chain or not, are those of its start's
    exact value in the space record (a won start: plus or minus one point, no draw, the remoteness in plies, settled
    from the first ply, no drama, no swing; a drawn one: no point either way, always drawn)."""
    record, space = load_judged(), load_record()
    bound, c = record["max_positions"], record["columns"]
    first: dict[int, int] = {}  # each game's first row in the space record
    for r, g in enumerate(space["game"]):
        if g < record["games"] and g not in first:
            first[g] = r
    reason = over_bound(bound)
    for g in range(record["games"]):
        r = first[g]
        won = space["value"][r] != "D"
        expected = {"balance": {"W": 10_000, "L": -10_000, "D": 0}[space["value"][r]],
                    "drawishness": 0 if won else 10_000, "duration": space["remoteness"][r] if won else None,
                    "decisiveness": 0 if won else None, "drama": 0 if won else None, "swings": 0}
        assert {m: c["measures"][m]["perfect"][g] for m in MEASURES} == expected, g
        over = c["positions"][g] > bound
        assert c["positions"][g] == space["positions"][r]
        assert (c["moves"][g] is None) == over and (c["skill_depth"][g] is None) >= over, g
        assert (c["measures"]["balance"]["random"][g] is None) == over, g
        assert (record["reasons"][c["reason"][g]].get("random") == reason) == over, g


def test_the_null_counts_say_why() -> None:
    """A drawn-by-perfect-play game's won-game figures are null, counted as none won."""
    record = load_judged()
    drawn = record["columns"]["measures"]["drawishness"]["perfect"].count(UNITS["drawishness"])
    assert record["skipped"]["duration.perfect"].get(NONE_WON, 0) >= drawn


def test_the_command_answers_help_and_refuses_unknown_options(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    assert "--games" in capsys.readouterr().out
    with pytest.raises(SystemExit) as done:
        main(["--fast"])
    assert done.value.code == 2
    assert "unrecognized arguments: --fast" in capsys.readouterr().err
    with pytest.raises(SystemExit) as done:
        main(["--max-positions", "0"])
    assert done.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1].startswith(f"{COMMAND}: error: argument --max-positions: ")


def _without_times(record: JudgedSpace) -> dict[str, object]:
    return {k: v for k, v in record.items() if k not in ("cpu_seconds", "wall_seconds", "machine", "date")}


@pytest.mark.slow(reason="judges a slice twice: 0.5 CPU s (the fast lane's budget)")
def test_a_slice_resumed_is_the_slice_judged_at_once(tmp_path: Path) -> None:
    """``--games 2`` then ``--games 4 --resume`` writes the record ``--games 4`` writes (but the times), in this
    process (a slice of a few games runs without workers)."""
    once, twice = tmp_path / "once.json.gz", tmp_path / "twice.json.gz"
    assert main(["--games", "4", "--workers", "1", "--out", str(once)]) == 0
    assert main(["--games", "2", "--workers", "1", "--out", str(twice)]) == 0
    assert loads(twice.read_bytes())["games"] == 2
    assert main(["--games", "4", "--workers", "1", "--out", str(twice), "--resume"]) == 0
    assert _without_times(loads(twice.read_bytes())) == _without_times(loads(once.read_bytes()))


@pytest.mark.slow(reason="writes the whole record to a file: about 4 CPU s (the fast lane's budget)")
def test_resume_refuses_a_file_that_is_not_a_judged_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--resume`` over a file that is not this command's record of this space: one line, exit 2, the file kept."""
    other = tmp_path / "other.json.gz"
    raw = dumps({**load_judged(), "command": "python -m something.else"})
    other.write_bytes(raw)
    assert main(["--games", "2", "--workers", "1", "--out", str(other), "--resume"]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    assert other.read_bytes() == raw


@pytest.mark.slow(reason="writes the whole record to a file: about 2 CPU s (the fast lane's budget)")
def test_resume_refuses_a_record_of_another_bound(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A record whose games were played up to another ``--max-positions`` is not continued with this one (its games
    would be judged two ways): one line naming the bound to resume it with, exit 2, the file kept."""
    other = tmp_path / "other.json.gz"
    raw = dumps({**load_judged(), "max_positions": 300})
    other.write_bytes(raw)
    assert main(["--games", "2", "--workers", "1", "--out", str(other), "--resume"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.rstrip().endswith("resume it with --max-positions 300")
    assert other.read_bytes() == raw


@pytest.mark.slow(reason="judges a slice twice through the command: about 2 CPU s (the fast lane's budget)")
def test_a_checkpoint_is_the_record_of_the_games_so_far() -> None:
    """With a checkpoint (``--every``), each record handed over is a slice of the final one: its first games, with
    their columns, reasons and null counts as a record of that many games has them."""
    saved: list[JudgedSpace] = []
    final = record_judged(70, workers=1, progress=False, checkpoint=saved.append, every=0.0)
    assert [r["games"] for r in saved] == [64, 70] and final["games"] == 70
    first = saved[0]
    assert first["representative"] == final["representative"][:64]
    assert first["columns"]["measures"]["drama"]["random"] == final["columns"]["measures"]["drama"]["random"][:64]
    assert first["columns"]["reason"] == final["columns"]["reason"][:64]
    assert _without_times(saved[1]) == _without_times(final)


@pytest.mark.slow(reason="starts the command in a process of its own and stops it")
def test_ctrl_c_stops_it_with_one_line_and_nothing_written(tmp_path: Path) -> None:
    """Ctrl-C while it judges: one line, exit 130, no file and no litter."""
    import signal

    out = tmp_path / "judged.json.gz"
    process = subprocess.Popen([sys.executable, "-m", "vizgen.reports.judged_space", "--games", "3000",
                                "--workers", "1", "--out", str(out)], stderr=subprocess.PIPE, text=True)
    time.sleep(6)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert err.strip().splitlines()[-1] == f"vizgen: stopped (Ctrl-C): {out} left as it was"
    assert list(tmp_path.iterdir()) == []


@pytest.mark.slow(reason="starts the command in a process of its own and stops it after a checkpoint")
def test_ctrl_c_after_a_checkpoint_keeps_the_games_judged(tmp_path: Path) -> None:
    """With ``--every 1``, Ctrl-C after the first checkpoints leaves the record of the games judged by the last one
    (a slice ``--resume`` continues), says so in one line, and leaves no litter."""
    import signal

    out = tmp_path / "judged.json.gz"
    process = subprocess.Popen([sys.executable, "-m", "vizgen.reports.judged_space", "--games", "3000",
                                "--workers", "1", "--every", "1", "--out", str(out)], stderr=subprocess.PIPE,
                               text=True)
    deadline = time.time() + 120
    while not out.exists() and time.time() < deadline:
        time.sleep(0.5)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130
    kept = loads(out.read_bytes())
    assert 0 < kept["games"] < 3000
    assert err.strip().splitlines()[-1] == (f"vizgen: stopped (Ctrl-C): {out} holds the first "
                                            f"{format_count(kept['games'])} games (--resume goes on)")
    assert list(tmp_path.iterdir()) == [out]


@pytest.mark.catalogue
def test_the_whole_record_judged_again() -> None:
    """The record's own command's work done again on every local core: every game's columns as recorded."""
    from vizgen.analysis.sweep import local_cores

    record = load_judged()
    fresh = record_judged(record["games"], workers=local_cores(), progress=False,
                          max_positions=record["max_positions"])
    assert fresh["columns"] == record["columns"]
    assert fresh["reasons"] == record["reasons"] and fresh["skipped"] == record["skipped"]
    assert fresh["representative"] == record["representative"]


@pytest.mark.slow(reason="judges 200 games on two worker processes: about 6 CPU s")
def test_the_record_counts_its_workers_cpu_once() -> None:
    """The record's CPU seconds are the run's: this process's and its two workers', as the system counts them
    (the workers, ended by the end of the run, are not counted again from what they reported)."""
    import resource

    def spent() -> float:
        own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
        return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime

    before = spent()
    record = record_judged(200, workers=2, progress=False)
    measured = spent() - before
    assert measured > 1.0
    assert 0.8 * measured - 1 <= record["cpu_seconds"] <= measured + 1, (record["cpu_seconds"], measured)
