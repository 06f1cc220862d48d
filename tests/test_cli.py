"""The command line as a user runs it: `python -m vizgen ...` in a subprocess."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys

import pytest

from vizgen.engine.params import Params
from vizgen.engine.variants import REGISTRY

pytestmark = pytest.mark.slow  # each test starts the command line in a subprocess: CI runs them


def vizgen(*args: str, cwd: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "vizgen", *args], capture_output=True, text=True,
                          timeout=300, cwd=cwd)


def stats(spec: str) -> dict:
    result = vizgen("stats", spec, "--json")
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_list_shows_every_variant() -> None:
    result = vizgen("list")
    assert result.returncode == 0
    lines = result.stdout.splitlines()
    assert [line.split()[0] for line in lines] == list(REGISTRY)
    assert all(len(line.split(None, 1)) == 2 for line in lines)


def test_rules_md_section_4_figures_come_out_of_stats() -> None:
    standard = stats("standard")
    assert standard["positions"] == 204
    assert standard["start"] == {"position": "11-11", "value": "draw", "remoteness": None, "verdict": "draw",
                                 "outcome": "draw"}
    assert standard["reachable_of"] == 225  # 15 * 15 two-player positions exist for r = 5
    suicide = stats("suicide")
    assert (suicide["positions"], suicide["draw"], suicide["win"], suicide["terminal"]) == (207, 100, 72, 14)
    assert suicide["loss"] - suicide["terminal"] == 21
    assert suicide["start"]["value"] == "draw"


def test_stats_json_shape_two_players() -> None:
    data = stats("cutoff:r=4")
    assert data["variant"] == "cutoff:r=4"
    assert data["params"]["r"] == 4 and data["params"]["overflow"] == "cutoff"
    assert set(data["params"]) == {field.name for field in dataclasses.fields(Params)}
    assert data["win"] + data["loss"] + data["draw"] == data["positions"]
    assert 0 <= data["random_win_start"] <= 1
    assert set(data["start"]) == {"position", "value", "remoteness", "verdict", "outcome"}


def test_stats_json_shape_more_players() -> None:
    data = stats("three-players:r=3")
    assert len(data["forced_win"]) == 3
    assert sum(data["forced_win"]) + data["open"] == data["positions"]
    assert "win" not in data and "random_win_start" not in data


def test_stats_for_people() -> None:
    result = vizgen("stats", "standard")
    assert result.returncode == 0
    assert "204 reachable" in result.stdout and "loss includes the final positions" in result.stdout
    assert "win includes the final positions" in vizgen("stats", "misere").stdout


def test_final_positions_count_for_the_winner() -> None:
    assert stats("standard")["terminal_win"] == 0
    misere = stats("misere")
    assert misere["terminal_win"] == misere["terminal"] > 0


def test_show_json() -> None:
    result = vizgen("show", "standard", "1211", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["position"] == "12-11"
    assert {m["move"]: m["to"] for m in data["moves"]} == {"1>1": "12-12", "2>1": "13-12"}
    for move in data["moves"]:
        assert set(move) >= {"move", "to", "value", "remoteness", "best"}
    assert "11-11" in data["parents"]


def test_show_best_moves_of_a_won_position() -> None:
    data = json.loads(vizgen("show", "standard", "14-01", "--json").stdout)
    assert (data["value"], data["remoteness"]) == ("win", 1)
    assert [m["move"] for m in data["moves"] if m["best"]] == ["4>1"]
    assert next(m for m in data["moves"] if m["best"])["to"] == "00-14"


def test_show_more_players() -> None:
    data = json.loads(vizgen("show", "three-players", "11-11-11", "--json").stdout)
    assert data["value"] in ("forced", "open") and "winner" in data


@pytest.mark.parametrize(("args", "needle"), [
    (("stats", "standrd"), "did you mean standard"),
    (("stats", "standard:r=1"), "r must be"),
    (("stats", "standard:players=0"), "players must be"),
    (("stats", "standard:hands=0"), "hands must be"),
    (("stats", "standard:colour=red"), "unknown parameter"),
    (("stats", "standard:zombies=true"), "zombies needs"),
    (("show", "standard", "12-3"), "hand"),
    (("show", "standard", "hello"), "not a position"),
    (("show", "standard", "44-00"), "cannot be reached"),
    (("stats", "standard:players=8", "--max-memory", "24GB"), "needs about 73 GB of memory"),
    (("stats", "four-players", "--max-positions", "1000"), "over the limit"),
    (("stats", "missing.toml"), "cannot read"),
])
def test_bad_input_is_one_line_and_exit_2(args: tuple[str, ...], needle: str) -> None:
    result = vizgen(*args)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert needle in result.stderr
    assert result.stdout == ""


def test_broken_toml_file(tmp_path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text("[params\nr = 7\n")
    result = vizgen("stats", str(path))
    assert result.returncode == 2 and "not valid TOML" in result.stderr and "Traceback" not in result.stderr


def test_toml_variant_from_any_directory(tmp_path) -> None:
    (tmp_path / "mine.toml").write_text('title = "Mine"\n[params]\nr = 4\noverflow = "cutoff"\n')
    result = vizgen("stats", "mine.toml", "--json", cwd=str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["params"]["r"] == 4


def test_usage_errors_exit_2() -> None:
    assert vizgen("frobnicate").returncode == 2
    assert vizgen("stats").returncode == 2


def test_an_overridden_variant_names_its_overrides() -> None:
    data = stats("standard:r=7")
    assert "r = 7" in data["title"] and "r = 7" in data["summary"]
    assert "roll-over at 5" not in data["summary"]
    assert stats("standard")["summary"].startswith("The core game")


def test_show_then_plays_moves_first() -> None:
    result = vizgen("show", "standard", "11-11", "--then", "1>1", "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["position"] == "12-11"
    result = vizgen("show", "standard", "11-11", "--then", "1>1", "--then", "1>1", "--then", "2>1", "--json")
    assert json.loads(result.stdout)["position"] == "23-12"
    assert "23-12: " in vizgen("show", "standard", "11-11", "--then", "1>1", "--then", "1>1", "--then", "2>1").stdout


@pytest.mark.parametrize(("moves", "needle"), [
    (("2>2",), "'2>2' is not a legal move at 11-11; legal moves: 1>1"),
    (("1>1", "hello"), "'hello' is not a move: write 1>2, 1>2@2, 1>1@me, 13 -> 22, flip 1, add 1, swap, logan, "
                       "switch or pass; legal moves: 1>1, 2>1"),
])
def test_show_then_with_a_bad_move_is_one_line_naming_the_legal_moves(moves: tuple[str, ...], needle: str) -> None:
    result = vizgen("show", "standard", "11-11", *(arg for m in moves for arg in ("--then", m)))
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.splitlines() == [f"vizgen: error: {needle}"]
