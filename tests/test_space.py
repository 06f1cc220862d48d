"""The rule space's record and page (:mod:`vizgen.reports.space`, ``space.html``): the record re-solved (a random
sample of 1,000 rule sets on every run, all of them in the catalogue lane), its figures checked against the
record's own rows, the page rendered from it."""

from __future__ import annotations

import gzip
import json
import random
import re

import numpy as np
import pytest

from vizgen.analysis.sweep import Base, solve_rule_set, space_overrides
from vizgen.engine.params import VariantError
from vizgen.reports.space import FIXED, VALUES, load_record, space_figures, space_specs, space_tasks
from vizgen.site.render.assets import environment
from vizgen.site.render.space_page import SPACE_DATA, SPACE_PAGE, space_files

BASE = Base.of("standard")


def _check_rows(rows: list[int]) -> None:
    """Solve the record's rows again: every figure equal, and one game id exactly when one digest."""
    record = load_record()
    digests: dict[int, str] = {}
    for k in rows:
        variant = BASE.rule_set(space_overrides(record["index"][k]))
        fresh = solve_rule_set(variant)
        assert VALUES[record["value"][k]] == fresh["value"], variant.spec
        assert record["remoteness"][k] == (-1 if fresh["remoteness"] is None else fresh["remoteness"]), variant.spec
        assert record["positions"][k] == fresh["positions"], variant.spec
        assert record["draws"][k] == round(fresh["draw_share"] * fresh["positions"]), variant.spec
        assert digests.setdefault(record["game"][k], fresh["game"]) == fresh["game"], variant.spec
    assert len(set(digests.values())) == len(digests)


def test_record_resolves_a_random_sample() -> None:
    """1,000 rule sets of the record, drawn afresh every run, solved again."""
    seed = random.randrange(2**32)
    rows = random.Random(seed).sample(range(load_record()["rule_sets"]), 1000)
    try:
        _check_rows(rows)
    except AssertionError as exc:
        raise AssertionError(f"sample seed {seed}: {exc}") from None


@pytest.mark.catalogue
def test_record_resolves_entirely() -> None:
    _check_rows(list(range(load_record()["rule_sets"])))


@pytest.mark.catalogue
def test_record_is_the_whole_mapped_space() -> None:
    """Every combination of the mapped space is in the record or refused by the rules."""
    held = set(load_record()["index"])
    for task in space_tasks():
        for i in range(task.lo, task.hi):
            try:
                BASE.rule_set(space_overrides(i))
            except VariantError:
                assert i not in held
            else:
                assert i in held


def test_record_keeps_the_fixed_axes() -> None:
    record = load_record()
    assert record["fixed"] == FIXED
    assert record["index"] == sorted(set(record["index"]))
    for i in random.Random(1).sample(record["index"], 300):
        assert all(space_overrides(i)[k] == v for k, v in FIXED.items())


def test_figures_agree_with_the_rows() -> None:
    """The page's counts and a rule's effect, counted again from the record's rows one by one."""
    record, f = load_record(), space_figures()
    assert f["rule_sets"] == record["rule_sets"] == sum(f["counts"].values())
    assert f["counts"]["win"] == record["value"].count("W")
    assert f["games"] == len(set(record["game"]))
    row = dict(zip(record["index"], range(record["rule_sets"])))
    bit = 1 << 11  # logan
    pairs = changed = same = 0
    for i, k in row.items():
        if i & bit or i + bit not in row:
            continue
        pairs += 1
        changed += record["value"][k] != record["value"][row[i + bit]]
        same += record["game"][k] == record["game"][row[i + bit]]
    logan = next(e for e in f["effects"] if e["rule"] == "logan")
    assert (logan["pairs"], logan["changed"], logan["same_game"]) == (pairs, changed, same)
    near = f["nearest_wins"][0]
    assert near["value"] != "draw" and len(near["changes"].split(", ")) == f["nearest"]
    assert f["longest"][0]["remoteness"] == max(record["remoteness"])
    assert space_specs([6]) == ["standard"]


def test_page_opens_with_the_counts_and_loads_little() -> None:
    files = space_files(environment(), {"root": "", "site_title": "Atlas", "has_space": True,
                                        "share": {"path": "", "image": "assets/preview.png", "alt": "x"}})
    html = files[SPACE_PAGE].decode()
    f = space_figures()
    num = environment().filters["num"]
    text = re.sub(r"[ \t\n]+", " ", re.sub(r"<[^>]+>", " ", html))
    assert f"the first player can force a win in {num(f['counts']['win'])}" in text
    assert f"They make {num(f['games'])} distinct games" in text
    assert len(gzip.compress(files[SPACE_DATA])) < 2_000_000
    name, payload = files[SPACE_DATA].decode().removeprefix("vizgenLoad(").removesuffix(");\n").split(",", 1)
    assert json.loads(name) == "space-data"
    data = json.loads(payload)
    assert list(np.cumsum(data["index"])) == load_record()["index"]
    assert 'href="rules.html?rules=standard%3A' in html
