"""Recorded runs (``vizgen/reports/recorded.toml``): their schema, their smaller siblings rerun, the family page.

Eight players cannot be solved on this machine, and seven (75 s and 6 GB) would
double a first build, so the family page shows the figures of recorded runs.
Every record holds the command that printed its figures; the records small
enough to repeat are run again through the same command and must give every
figure they hold, and the catalogue lane (``--catalogue``) runs seven players'
command again where the machine's memory allows.
"""

from __future__ import annotations

import datetime
import json
from pathlib import Path
from typing import Any

import pytest

from vizgen.analysis.solved import survival_fits
from vizgen.cli import main
from vizgen.engine.params import estimate_positions
from vizgen.engine.spec import resolve
from vizgen.reports import family
from vizgen.site.render import render_site
from vizgen.site.render.contexts import num
from vizgen.util import sizes
from vizgen.util.cache import Cache

#: the keys every record holds: those of ``vizgen stats --json`` the family page reads
FIGURES = {"positions": int, "moves": int, "forced_win": list, "open": int, "longest_win": int, "greatest_depth": int}
#: the keys a record may hold besides: the rest of the players table's row (TOML has no null: a key of the start
#: left out is null, :func:`vizgen.reports.family.recorded`)
MORE = {"edges": int, "terminal": int, "start": dict, "survive": list, "forced_out": list}
#: records this small are run again by the tests
RERUN = 1_000_000


@pytest.mark.parametrize("spec", sorted(family.recorded()))
def test_every_record_follows_the_schema(spec: str) -> None:
    record = family.recorded()[spec]
    assert set(record) == {"spec", "command", "note", "machine", "date", "figures"}
    assert record["command"] == f"vizgen stats {spec} --json"
    datetime.date.fromisoformat(record["date"])
    figures = record["figures"]
    assert set(FIGURES) <= set(figures) <= set(FIGURES) | set(MORE)
    assert all(isinstance(figures[k], kind) for k, kind in {**FIGURES, **MORE}.items() if k in figures)
    players = resolve(spec).params.players
    assert len(figures["forced_win"]) == players
    assert figures["open"] == figures["positions"] - sum(figures["forced_win"])  # every position is one or the other
    assert 0 < figures["positions"] <= estimate_positions(resolve(spec).params) < figures["moves"]


def test_the_eight_player_record_is_the_issues_run() -> None:
    figures = family.recorded()["standard:players=8"]["figures"]
    assert figures["positions"] == 2_562_890_237 and figures["moves"] == 33_773_199_673
    assert figures["forced_win"] == [287, 234, 186, 143, 105, 72, 44, 35]
    assert (figures["longest_win"], figures["greatest_depth"]) == (9, 31)


@pytest.mark.slow(reason="solves the recorded variants' smaller siblings (1.1 CPU s); out of the fast lane: issue #49")
@pytest.mark.parametrize("spec", sorted(s for s in family.recorded()
                                        if estimate_positions(resolve(s).params) <= RERUN))
def test_smaller_siblings_give_their_recorded_figures_again(spec: str, capsys: pytest.CaptureFixture[str]) -> None:
    """The same command, run again here, prints every recorded figure (so the eight-player record's siblings hold)."""
    record = family.recorded()[spec]
    assert main(record["command"].split()[1:]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert {k: printed[k] for k in record["figures"]} == record["figures"]


@pytest.mark.slow(reason="7.5 CPU s: the family's report gathered over a variant it cannot solve")
def test_family_shows_a_recorded_row_where_it_cannot_solve(tmp_path: Path) -> None:
    figures = family.family_figures(players=[3, 8], rollovers=[3], hands=[1], max_positions=10_000,
                                    players_max_positions=10_000, cache=Cache(tmp_path))
    three, eight = figures["sections"]["players"]
    assert "recorded" not in three and three["stats"]["positions"] == 3337
    assert eight["recorded"]["machine"] == "16 cores, 125 GB of memory"
    assert eight["stats"]["positions"] == 2_562_890_237 and eight["estimate"] == 15**8
    solved = [row for rows in figures["sections"].values() for row in rows if "recorded" not in row]
    assert len(list((tmp_path / "family").iterdir())) == len(solved) == 4  # eight read from the record, not solved
    html = _family_page(figures)
    assert f">{num(2_562_890_237)}<" in html and f"{num(2_562_890_237)} reachable positions, recorded with" in html
    assert f">{num(33_773_199_673)}<" in html and "<b>recorded</b>" in html
    assert "vizgen stats standard:players=8 --json" in html and "16 cores, 125 GB of memory" in html


def test_the_players_sweep_solves_six_and_records_seven_and_eight() -> None:
    assert family.PLAYERS == (2, 3, 4, 5, 6, 7, 8)
    six, seven = (estimate_positions(resolve(f"standard:players={p}").params) for p in (6, 7))
    assert six <= sizes.FAMILY_PLAYERS_MAX_POSITIONS < seven
    assert {"standard:players=7", "standard:players=8"} <= set(family.recorded())


def test_the_seven_player_record_fills_the_whole_row() -> None:
    """Seven players' row shows what a solved row shows: the start, terminal positions, survival per seat."""
    figures = family.recorded()["standard:players=7"]["figures"]
    assert set(figures) == set(FIGURES) | set(MORE)
    assert figures["positions"] == 170_859_156 and figures["edges"] == figures["moves"]
    assert figures["start"]["position"] == "11-11-11-11-11-11-11"
    assert len(figures["survive"]) == len(figures["forced_out"]) == 7
    row = family.variant_figures("standard:players=7")
    assert row["recorded"]["command"] == "vizgen stats standard:players=7 --json"
    assert row["stats"]["start"]["remoteness"] is None or isinstance(row["stats"]["start"]["remoteness"], int)


@pytest.mark.catalogue
def test_the_seven_player_record_is_computed_again(capsys: pytest.CaptureFixture[str]) -> None:
    """The recorded command, run here (about 75 s and 6 GB on two cores): every recorded figure again."""
    record = family.recorded()["standard:players=7"]
    if not survival_fits(resolve(record["spec"])):
        pytest.skip("this machine's memory does not hold seven players with survival")
    assert main(record["command"].split()[1:]) == 0
    printed = json.loads(capsys.readouterr().out)
    assert {k: printed[k] for k in record["figures"]} == record["figures"]


def _family_page(figures: dict[str, Any]) -> str:
    files = render_site([], family=figures, claims=None)
    return files["family.html"].decode()
