"""The rule space's record and page (:mod:`vizgen.reports.space`, ``space.html``): the record re-solved (a random
sample of rule sets on every run: 20 in the fast lane, 1,000 in the slow one, all of them in the catalogue lane),
its figures checked against the record's own rows, the page rendered from it."""

from __future__ import annotations

import gzip
import itertools
import json
import random
import re

import numpy as np
import pytest

from vizgen.analysis.sweep import (
    SPACE_ACCEPTED,
    SPACE_SIZE,
    Base,
    Task,
    local_cores,
    solve_rule_set,
    space_overrides,
    sweep,
)
from vizgen.engine.params import VariantError
from vizgen.reports.space import (
    SPACES,
    VALUES,
    Space,
    SpaceSummary,
    _record_of,
    load_record,
    main,
    recorded_spaces,
    space_figures,
    space_specs,
    space_summary,
    space_tasks,
)
from vizgen.site.render.assets import environment
from vizgen.site.render.space_page import SPACE_DATA, SPACE_PAGE, space_data, space_files, wider_context

BASE = Base.of("standard")


def _held_when_accepted(base: Base, held: set[int], combinations: list[int]) -> None:
    """Each of these combinations is in a record (``held``) exactly when the rules accept it around ``base``."""
    for i in combinations:
        try:
            base.rule_set(space_overrides(i))
        except VariantError:
            assert i not in held, i
        else:
            assert i in held, i


def _check_rows(rows: list[int]) -> None:
    """Solve the r = 5 record's rows again: every figure equal, and one game id exactly when one digest."""
    _check_space_rows(Space(), rows)


#: the recorded spaces but the r = 5 two-player one (the tests above): r = 2 to 4, three players
WIDER = [s for s in recorded_spaces() if s != Space()]
#: the letter of a row: two players by the first player's value, three by the seat that can force a win
_LETTER = {**{v: k for k, v in VALUES.items()}, "open": "D"}


def _letter(fresh: dict[str, object]) -> str:
    """A fresh solve's value as the record writes it (:data:`vizgen.reports.space.VALUES`; W, L, T by seat)."""
    return "WLT"[int(str(fresh["winner"]))] if fresh["value"] == "forced" else _LETTER[str(fresh["value"])]


def _check_space_rows(space: Space, rows: list[int]) -> None:
    """Solve rows of a wider space's record again: every figure equal, one game id exactly when one digest."""
    record = load_record(space.record)
    base = Base.of(space.base)
    digests: dict[int, str] = {}
    for k in rows:
        variant = base.rule_set(space_overrides(record["index"][k]))
        fresh = solve_rule_set(variant)
        assert record["value"][k] == _letter(fresh), variant.spec
        assert record["remoteness"][k] == (-1 if fresh["remoteness"] is None else fresh["remoteness"]), variant.spec
        assert record["positions"][k] == fresh["positions"], variant.spec
        assert record["draws"][k] == round(fresh["draw_share"] * fresh["positions"]), variant.spec
        assert digests.setdefault(record["game"][k], fresh["game"]) == fresh["game"], variant.spec
    assert len(set(digests.values())) == len(digests)


@pytest.mark.slow(reason="30 rule sets of each wider record solved again (1.2 CPU s with r = 2 alone, more as records "
                         "come); the fast lane re-solves the r = 5 record's draw through the same code")
def test_each_wider_record_resolves_a_random_sample() -> None:
    """30 rule sets of each recorded space at another r or with three players, drawn afresh every run, solved
    again; 200 combinations drawn are in the record exactly when the rules accept them, and the record's refused
    combinations, counted by reason, make up the rest of its space. One test for every wider record, so that a
    record committed later is sampled too (its id in the fast lane's record stays)."""
    seed = random.randrange(2**32)
    rng = random.Random(seed)
    for space in WIDER:
        record = load_record(space.record)
        assert (record["r"], record["players"], record["combinations"]) == (space.r, space.players, space.size)
        assert record["command"] == space.command and record["base"] == space.base
        assert record["omitted"] == space.omitted
        assert record["rule_sets"] + sum(record["refused"].values()) == space.size
        held = set(record["index"])
        base = Base.of(space.base)
        try:
            _check_space_rows(space, rng.sample(range(record["rule_sets"]), 30))
            _held_when_accepted(base, held, rng.sample(range(space.size), 200))
        except AssertionError as exc:
            raise AssertionError(f"{space.record}, sample seed {seed}: {exc}") from None


@pytest.mark.catalogue
@pytest.mark.parametrize("space", WIDER, ids=lambda s: s.record.removesuffix(".json.gz"))
def test_each_wider_record_resolves_entirely(space: Space) -> None:
    """Each wider space solved again on every local core by the record's own tasks: every rule set's figures and
    game, and the refused combinations by reason, as recorded."""
    record = load_record(space.record)
    figures, refused = sweep(space_tasks(space), processes=local_cores())
    fresh = _record_of(figures, {})
    for key in ("rule_sets", "index", "value", "remoteness", "positions", "draws", "game"):
        assert fresh[key] == record[key], key
    assert refused == record["refused"]


def test_a_three_player_slice_is_recorded_by_the_seat_that_can_force_a_win() -> None:
    """Three players: a row's letter is the seat that can force a win (W, L, T) or D where none can, zombies the
    slowest axis; the slices' rows solved again one by one."""
    space = Space(4, 3)
    lo = 2_097_664  # cut-off, self-gain, one swap: forced wins for the first player among them
    tasks = [Task(space.base, lo=lo, hi=lo + 48), Task(space.base, lo=SPACE_SIZE, hi=SPACE_SIZE + 48)]
    figures, refused = sweep(tasks)
    record = _record_of(figures, {})
    assert record["rule_sets"] + sum(refused.values()) == 96
    assert refused["misere self-gain is defined for two players only"] == 16
    assert set(record["value"]) <= set("WLTD") and "W" in record["value"] and "D" in record["value"]
    at = list(itertools.accumulate(record["index"]))
    assert sum(i >= SPACE_SIZE for i in at) > 0
    base = Base.of(space.base)
    for k in range(record["rule_sets"]):
        fresh = solve_rule_set(base.rule_set(space_overrides(at[k])))
        assert record["value"][k] == _letter(fresh), fresh["spec"]
        assert ("zombies=true" in fresh["spec"]) == (at[k] >= SPACE_SIZE), fresh["spec"]


@pytest.mark.parametrize(("argv", "said"), [
    (["--r", "8"], "argument --r: must be from 2 to 7, got '8'"),
    (["--r", "1"], "argument --r: must be from 2 to 7, got '1'"),
    (["--r", "five"], "argument --r: not a whole number: 'five'"),
    (["--players", "4"], "argument --players: must be from 2 to 3, got '4'"),
    (["--players", "1"], "argument --players: must be from 2 to 3, got '1'"),
    (["--players", "2.5"], "argument --players: not a whole number: '2.5'"),
    (["--max-memory", "lots"], "argument --max-memory: not an amount of memory: give bytes or a number with a unit, "
                               "e.g. 100GB or 64GiB, got 'lots'"),
], ids=["r-8", "r-1", "r-five", "players-4", "players-1", "players-2.5", "max-memory-lots"])
def test_bad_sizes_exit_2_with_one_line(argv: list[str], said: str, capsys: pytest.CaptureFixture[str],
                                        tmp_path) -> None:
    """A bad --r, --players or --max-memory: the usage and one line saying what is wrong (as every program of
    vizgen's says it, tests/test_module_help.py), exit code 2, nothing written, before any work."""
    with pytest.raises(SystemExit) as stopped:
        main([*argv, "--out", str(tmp_path / "x.json.gz")])
    assert stopped.value.code == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].startswith("usage: python -m vizgen.reports.space") and err[-1] == (
        f"python -m vizgen.reports.space: error: {said}")
    assert list(tmp_path.iterdir()) == []


def test_the_spaces_files_commands_and_axes() -> None:
    """Each space of the page names its own file and command; zombies is an axis only with three players, and a
    two-player space's record says why it is left out, in the rules' words."""
    assert [s.record for s in SPACES] == ["space_r2.json.gz", "space_r3.json.gz", "space_r4.json.gz",
                                          "space_r5.json.gz", "space_p3_r4.json.gz"]
    assert Space().command == "python -m vizgen.reports.space" and Space(3).command.endswith(" --r 3")
    assert Space(4, 3).size == 2 * SPACE_SIZE == 2 * Space(2).size
    with pytest.raises(VariantError) as refused:
        Base.of("standard:r=3").rule_set({"zombies": True})
    assert Space(3).omitted == {"zombies": str(refused.value)}
    assert [t.base for t in space_tasks(Space(7))[:1]] == ["standard:r=7"]


@pytest.mark.slow(reason="reads every recorded space's whole record (a few seconds of CPU)")
def test_the_comparison_counts_each_space_again() -> None:
    """A space's row of the comparison, counted again from its record's letters and a rule's pairs one by one."""
    for space in recorded_spaces():
        record = load_record(space.record)
        s = space_summary(space, record)
        assert s["counts"] == {"first": record["value"].count("W"), "second": record["value"].count("L"),
                               "third": record["value"].count("T"), "nobody": record["value"].count("D")}
        row = dict(zip(record["index"], range(record["rule_sets"])))
        bit = 1 << 11  # logan
        pairs = changed = 0
        for i, k in row.items():
            if i & bit or i + bit not in row:
                continue
            pairs += 1
            changed += record["value"][k] != record["value"][row[i + bit]]
        assert s["shares"]["Logan clause"] == changed / pairs, space


@pytest.mark.parametrize("size", [8, pytest.param(200, marks=pytest.mark.slow(
    reason="200 rule sets solved, 10 CPU s (the fast lane draws 8: 20 took 1 to 2.7 CPU s, as the draw falls)")),
    pytest.param(1000, marks=pytest.mark.catalogue(
        reason="a minute of CPU: 1,000 rule sets solved; the whole suite draws 200, afresh each run (issue #49)"))])
def test_record_resolves_a_random_sample(size: int) -> None:
    """Rule sets of the record, drawn afresh every run, solved again (the seed is in the message of a failure)."""
    seed = random.randrange(2**32)
    rows = random.Random(seed).sample(range(load_record()["rule_sets"]), size)
    try:
        _check_rows(rows)
    except AssertionError as exc:
        raise AssertionError(f"sample seed {seed}: {exc}") from None


@pytest.mark.catalogue
def test_record_resolves_entirely() -> None:
    """The whole space solved again on every local core (the record's own command, about an hour on two cores):
    every rule set's figures and game as recorded."""
    record = load_record()
    fresh = _record_of(sweep(space_tasks(), processes=local_cores())[0], {})
    for key in ("rule_sets", "index", "value", "remoteness", "positions", "draws", "game"):
        assert fresh[key] == record[key], key


@pytest.mark.catalogue
def test_record_is_the_whole_space() -> None:
    """Every combination of the space is in the record exactly when the rules accept it, and the rules accept
    SPACE_ACCEPTED of them (the count the page and the docs give)."""
    held = set(load_record()["index"])
    accepted = 0
    for task in space_tasks():
        for i in range(task.lo, task.hi):
            try:
                BASE.rule_set(space_overrides(i))
            except VariantError:
                assert i not in held
            else:
                accepted += 1
                assert i in held, i
    assert accepted == SPACE_ACCEPTED == len(held)


@pytest.mark.slow(reason="checks 3,000 combinations against the record (1.1 CPU s); out of the fast lane: issue #49")
def test_record_holds_every_combination_the_rules_accept_on_a_sample() -> None:
    """The whole space, not a part of it: 3,000 combinations drawn afresh each run are in the record exactly when
    the rules accept them (the catalogue lane checks every one)."""
    record = load_record()
    assert record["index"] == sorted(set(record["index"]))
    _held_when_accepted(BASE, set(record["index"]), random.Random().sample(range(SPACE_SIZE), 3000))


@pytest.mark.slow(reason="counts the record's 954,368 rows one by one (5 CPU s); out of the fast lane: issue #49")
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
    logan = next(e for e in f["effects"] if e["name"] == "logan")
    assert (logan["pairs"], logan["changed"], logan["same_game"]) == (pairs, changed, same)
    near = f["nearest_wins"][0]
    assert near["value"] != "draw" and len(near["changes"].split(", ")) == f["nearest"]
    assert f["longest"][0]["remoteness"] == max(record["remoteness"])
    assert space_specs([6]) == ["standard"]


@pytest.mark.catalogue(
    reason="the space page's data of 954,368 rule sets rendered (12 s); the whole suite keeps the page opened in"
           " the browser (test_space_browser) and its figures against the record's rows")
@pytest.mark.slow(reason="renders the page's data from the whole record, 954,368 rule sets, and gzips its parts: "
                        "about 10 s of CPU")
def test_page_opens_with_the_counts_and_loads_little() -> None:
    files = space_files(environment(), {"root": "", "site_title": "Atlas", "has_space": True,
                                        "share": {"path": "", "image": "assets/preview.png", "alt": "x"}})
    html = files[SPACE_PAGE].decode()
    f = space_figures()
    num = environment().filters["num"]
    text = re.sub(r"[ \t\n]+", " ", re.sub(r"<[^>]+>", " ", html))
    assert f"the first player can force a win in {num(f['counts']['win'])}" in text
    assert f"They make {num(f['games'])} distinct games" in text
    assert f"here: {num(f['rule_sets'])} rule sets. It refuses the other {num(SPACE_SIZE - SPACE_ACCEPTED)}" in text
    assert f"{num(f['cpu_seconds'])} s of CPU, {int(f['wall_seconds'] / 60 + 0.5)} minutes on the clock" in text
    parts = {name: data for name, data in files.items() if name.startswith("space/")}
    # the page loads the index and one part at a time: each well under the 2 MB the issue allows in all
    assert len(gzip.compress(files[SPACE_DATA])) < 20_000
    assert max(len(gzip.compress(data)) for data in parts.values()) < 500_000
    index = json.loads(files[SPACE_DATA].decode().removeprefix("vizgenLoad(").removesuffix(");\n").split(",", 1)[1])
    combinations = []
    for k in index["parts"]:
        name, payload = parts[f"space/part-{k}.js"].decode().removeprefix("vizgenLoad(").removesuffix(
            ");\n").split(",", 1)
        assert json.loads(name) == f"space/part-{k}"
        combinations += (np.cumsum(json.loads(payload)["index"]) - 1 + k * index["block"]).tolist()
    assert combinations == load_record()["index"]
    assert 'href="rules.html?rules=standard%3A' in html


def test_the_rules_page_and_the_index_say_the_space_is_whole() -> None:
    """The rules page's line and the index's card give the count of the whole space, as the page does."""
    from vizgen.site.render.contexts import index_context
    from vizgen.site.render.rules_page import rules_context

    env = environment()
    base = {"root": "", "site_title": "Atlas", "has_space": True, "space_size": SPACE_ACCEPTED, "has_family": True,
            "has_claims": True,
            "share": {"path": "rules.html", "image": "assets/preview.png", "alt": "x"}}
    said = f"Every two-player rule set at r = 5, {env.filters['num'](SPACE_ACCEPTED)} of them"
    page = env.get_template("rules.html").render({**base, **rules_context("Atlas")})
    assert said + ", is already solved" in page
    index = env.get_template("index.html").render({**index_context([], "Atlas"), **base})
    card = f"Every two-player rule set at r = 5 solved, {env.filters['num'](SPACE_ACCEPTED)} of them:"
    assert card in index


@pytest.mark.slow(reason="Node over a sample of the space's combinations (3 CPU s); out of the fast lane: issue #49")
def test_the_explorer_reads_the_boxes_as_the_python_numbers_the_space(tmp_path) -> None:
    """space/space.js turns ticked boxes into the combination's index and its spec exactly as vizgen.analysis.sweep
    does, on 400 combinations drawn afresh every run."""
    from tests.node import run_node
    from vizgen.analysis.sweep import SPACE_BOOLS, SPACE_SIZE
    from vizgen.engine.params import ATTACKS, HALVESIES, OVERFLOWS

    data = json.loads(space_data(load_record())[SPACE_DATA].decode().split(",", 1)[1].removesuffix(");\n"))
    rng = random.Random()
    indices = [rng.randrange(SPACE_SIZE) for _ in range(400)]
    picks = []
    for i in indices:
        o = space_overrides(i)
        picks.append({"bits": {name: o[name] for name in SPACE_BOOLS}, "overflow": OVERFLOWS.index(o["overflow"]),
                      "attack": ATTACKS.index(o["attack"]), "halvesies": HALVESIES.index(o["halvesies"]),
                      "swaps": o["swaps"], "counted": o["swap_count"]})
    job = tmp_path / "job.json"
    job.write_text(json.dumps({"data": data, "picks": picks}))
    out = [json.loads(line) for line in run_node("tests/js/cross/space.mjs", job).splitlines()]
    for i, got in zip(indices, out, strict=True):
        o = space_overrides(i)
        assert got["index"] == i, (i, got)
        try:
            spec = BASE.rule_set(o).spec
        except VariantError:
            continue
        assert got["spec"] == spec, (i, got)


def _summary(r: int, players: int, shares: dict[str, float]) -> SpaceSummary:
    return SpaceSummary(r=r, players=players, combinations=10, rule_sets=8, refused=2,
                        counts={"first": 1, "second": 1, "third": 0, "nobody": 6}, games=5, shares=shares,
                        command=Space(r, players).command, date="2026-11-29", machine="x86_64, 2 processes",
                        cpu_seconds=100, wall_seconds=60)


def test_the_comparison_orders_rules_by_the_largest_two_player_r_and_says_what_a_third_player_changes() -> None:
    """The comparison's rows follow the largest two-player r's shares; a rule a space does not have is a dash
    (None); where two and three players share an r, the rules a third player moves most come first, and zombies
    (three players only) is named as new."""
    two3 = _summary(3, 2, {"misère": 0.5, "passes": 0.1})
    two4 = _summary(4, 2, {"misère": 0.2, "passes": 0.3})
    three4 = _summary(4, 3, {"misère": 0.25, "passes": 0.0, "zombies": 0.4})
    w = wider_context([two3, two4, three4])
    assert [s["label"] for s in w["spaces"]] == ["r = 3, two players", "r = 4, two players", "r = 4, three players"]
    assert [(row["rule"], row["shares"]) for row in w["rules"]] == [
        ("passes", [0.1, 0.3, 0.0]), ("misère", [0.5, 0.2, 0.25]), ("zombies", [None, None, 0.4])]
    assert w["third"] == {"r": 4, "rules": [{"rule": "passes", "two": 0.3, "three": 0.0},
                                            {"rule": "misère", "two": 0.2, "three": 0.25}], "new": ["zombies"]}
    assert wider_context([two3])["third"] is None
