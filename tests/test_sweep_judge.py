"""``vizgen sweep --judge`` (#46): every line of a sweep carries the judge's measures, the same numbers as
``vizgen judge SPEC --json``, here, on local processes and on Dask."""

from __future__ import annotations

import json
import time

import pytest

from vizgen.analysis.sweep import Task, _local, plan, run_task, solve_rule_set, sweep, sweep_memory
from vizgen.cli import main
from vizgen.engine.spec import resolve
from vizgen.reports.judge import JUDGE_LEGEND, judge_brief, judge_rule_set
from vizgen.util import sizes

SWEEP = ["sweep", "standard:r=3", "standard", "--vary", "swaps=0,1", "--judge"]


def _judged(spec: str, capsys: pytest.CaptureFixture[str]) -> dict:
    assert main(["judge", spec, "--json"]) == 0
    judged: dict = json.loads(capsys.readouterr().out)
    return judged


@pytest.mark.slow(reason="a sweep and vizgen judge for each of its rule sets: 1.3 CPU s (the fast lane's budget)")
def test_each_json_line_carries_vizgen_judges_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*SWEEP, "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [f["spec"] for f in lines] == ["standard:r=3", "standard:r=3,swaps=1", "standard", "standard:swaps=1"]
    for figures in lines:
        assert figures["judge"] == _judged(figures["spec"], capsys)
        assert figures["judge"]["complexity"]["positions"] == figures["positions"]
    assert lines[2]["judge"]["measures"]["duration"]["random"] == 20  # docs/JUDGE.md's worked example


def test_each_text_line_shows_the_measures_in_the_judges_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(SWEEP) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[:len(JUDGE_LEGEND)] == JUDGE_LEGEND
    assert "balance (points): the first player's score less the second's" in out[1] and "0 is fair" in out[1]
    rows = out[len(JUDGE_LEGEND):]
    assert len(rows) == 4
    for row in rows:
        spec = row.split()[0]
        brief = judge_brief(_judged(spec, capsys))
        assert row.endswith("drawn; " + brief)
    standard = next(row for row in rows if row.startswith("standard "))
    assert "random / middle / perfect play: balance +0.018 / +0.090 / 0 points" in standard
    assert "duration 20 plies / 37 plies / none won" in standard and "skill depth 5 levels" in standard


def test_a_rule_set_whose_graph_outgrows_the_memory_is_judged_by_what_fits() -> None:
    variant = resolve("standard:logan=true")
    figures = solve_rule_set(variant)  # the sweep's lean solve fits where the judge's graph does not
    judged = judge_rule_set(variant, figures, sizes.Memory(1000, "--max-memory"))
    assert judged["complexity"] == {"positions": figures["positions"], "moves": figures["moves"],
                                    "nearby": {"rule_sets": 22, "games": 22}}
    assert "measures" not in judged and "skill_depth" not in judged
    assert "outgrew --max-memory" in judged["skipped"]["balance"]
    assert judge_brief(judged).startswith("not judged: moves per position, balance, drawishness")


@pytest.mark.parametrize(("argv", "words"), [
    (["sweep", "nonsense", "--judge"], "unknown variant"),
    (["sweep", "standard", "--judge", "--vary", "r=1,x"], "r"),
])
def test_bad_input_is_one_line_and_exit_2(argv: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    began = time.perf_counter()
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("vizgen: error: ") and words in err
    assert capsys.readouterr().out == ""
    assert time.perf_counter() - began < 10  # refused before any work


def _tasks() -> list[Task]:
    memory = sweep_memory()
    return [Task(t.base, (o,), memory=memory, judge=judge_rule_set)
            for t in plan(["standard:r=3"], ["logan=false,true", "swaps=0,1"]) for o in t.overrides]


@pytest.mark.slow(reason="starts worker processes: out of the fast lane (issue #49)")
def test_local_processes_judge_as_this_process_does() -> None:
    tasks = _tasks()
    assert [result for _, result in _local(tasks, 2)] == [run_task(t) for t in tasks]


@pytest.mark.slow(reason="starts a local Dask cluster")
def test_dask_workers_judge_as_this_process_does() -> None:
    tasks = _tasks()
    assert sweep(tasks, workers=2, judge=judge_rule_set) == sweep(tasks, judge=judge_rule_set)
