"""The wire (:mod:`vizgen.site.render.wire`): the one per-position format of every page, and its limits."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.wire_blocks import read_block
from vizgen import cli
from vizgen.analysis import words
from vizgen.analysis.facts import position_facts
from vizgen.analysis.solved import solve_variant
from vizgen.engine.spec import resolve
from vizgen.site.render import wire
from vizgen.site.render.wire import POSITION_FIELDS, Field, WireError, encode, fact_columns, fields_of, spec


@pytest.mark.parametrize("spec_", ["standard", "standard:players=3,r=3", "misere:players=3,r=3"])
def test_blocks_read_back_every_fact(spec_: str) -> None:
    facts = position_facts(solve_variant(resolve(spec_)))
    fields = fields_of(facts)
    got = read_block(spec(fields), encode(fields, fact_columns(facts), facts.players), len(facts))
    for f in fields:
        assert (got[f.name] == getattr(facts, f.name)).all(), f.name
    # the mover's fate travels only where the page reads it (not in misère, where going out wins)
    assert ("forced_out_in" in got) == (spec_ == "standard:players=3,r=3")


def test_a_value_that_does_not_fit_is_refused_not_wrapped() -> None:
    plies = Field("depth", 2, "plies from the start", "plies")
    assert read_block(spec([plies]), encode([plies], {"depth": np.array([-1, 65534])}, 2), 2)["depth"].tolist() == \
        [-1, 65534]
    with pytest.raises(WireError, match=r"depth = 65535 does not fit the wire: the field takes -1 to 65534"):
        encode([plies], {"depth": np.array([3, 65535])}, 2)
    with pytest.raises(WireError, match=r"depth = -2 does not fit"):
        encode([plies], {"depth": np.array([-2])}, 2)
    seat = next(f for f in POSITION_FIELDS if f.name == "winner")
    encode([seat], {"winner": np.array([-1, 0, 3])}, 4)
    with pytest.raises(WireError, match=r"winner = 4 does not fit the wire: the field takes -1 to 3"):
        encode([seat], {"winner": np.array([4])}, 4)
    with pytest.raises(WireError, match="differ in length"):
        encode(POSITION_FIELDS[:2], {"verdict": np.zeros(3), "winner": np.zeros(2)}, 2)


def test_the_fields_hold_every_verdict_choice_and_seat() -> None:
    """The limits are the word tables and the number of players, not the values of one variant."""
    by_bound = {f.bound: f for f in POSITION_FIELDS}
    assert len(words.VERDICTS) - 1 <= by_bound["verdicts"].largest
    assert len(words.CHOICES) - 1 <= by_bound["choices"].largest
    assert by_bound["seats"].largest >= 32 - 1  # the most players a variant may have


def test_a_verdict_table_too_long_for_its_field_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    verdict = POSITION_FIELDS[0]
    monkeypatch.setattr(words, "VERDICTS", words.VERDICTS * 25)
    must = len(words.VERDICTS) - 1  # the table made 25 times longer above
    with pytest.raises(WireError, match=rf"verdict holds values up to 254 in 1 byte\(s\), but it must take {must}"):
        encode([verdict], {"verdict": np.array([0])}, 2)


@pytest.mark.slow(reason="builds a site until the wire breaks (2 CPU s); out of the fast lane: issue #49")
def test_the_build_stops_with_one_line(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(wire.words, "CHOICES", words.CHOICES * 30)
    monkeypatch.setenv("VIZGEN_CACHE", str(tmp_path / "cache"))
    out = tmp_path / "site"
    code = cli.main(["build", "--quiet", "--no-reports", "--variant", "standard:r=3", "--out", str(out)])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "vizgen: error: the wire's field choice" in err
    assert not out.exists()
