"""The best Chopsticks (#46 item 3): the ranking, the composite, the wants, the standard's rank and improvements,
checked against plain loops over dictionaries (a second implementation, here) on small judged spaces, real (rule
sets of the r = 5 space judged by ``vizgen judge``'s code) and made up (Hypothesis)."""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.node import run_node
from vizgen.reports import best
from vizgen.reports.best import MEASURES, WANTS, WEIGHTS, Judgements, best_figures, composite, games_of, ranked
from vizgen.reports.judge import one_change
from vizgen.reports.space import load_record, rule_axes, space_specs, standard_index
from vizgen.site.render.best_page import best_data

KEYS = [m.key for m in MEASURES]


def _row_of(data: dict) -> dict[str, float]:
    """``vizgen judge --json``'s measures as the page's columns (NaN where not judged)."""
    m = data.get("measures", {})

    def get(name: str, who: str) -> float:
        v = m.get(name, {}).get(who)
        return math.nan if v is None else float(v)

    out = {k: get(*k.split(".")) for k in KEYS if "." in k}
    out["skill_depth"] = float(data["skill_depth"]["levels"]) if "skill_depth" in data else math.nan
    out["positions"] = float(data["complexity"]["positions"])
    return out


@cache
def real(wide: bool = True) -> Judgements:
    """The standard game and (``wide``) its rule sets one change away and two changes away through the first,
    judged exactly (those of up to 3,000 positions)."""
    from vizgen.analysis.solved import solve_variant
    from vizgen.engine.spec import resolve
    from vizgen.reports.judge import judge

    record = load_record()
    index = np.asarray(record["index"])
    games = np.asarray(record["game"])
    positions = np.asarray(record["positions"])
    s = standard_index()
    one = [i for i in one_change(s)]
    chosen = sorted({s, *one, *one_change(one[0])}) if wide else [s]
    rows = np.searchsorted(index, chosen)
    keep = [(c, r) for c, r in zip(chosen, rows) if r < index.size and index[r] == c and positions[r] <= 3000]
    columns: dict[str, list[float]] = {k: [] for k in KEYS}
    for spec in space_specs([c for c, _ in keep]):
        solved = solve_variant(resolve(spec))
        for k, v in _row_of(judge(solved.graph, solved.forced)).items():
            columns[k].append(v)
    return Judgements(np.array([c for c, _ in keep]), games[[r for _, r in keep]],
                      {k: np.array(v) for k, v in columns.items()})


# the plain second implementation ----------------------------------------------------------------------------------

def plain_composite(row: dict[str, float]) -> float:
    parts = {"balance.middle": 1 - abs(row["balance.middle"]), "drawishness.middle": 1 - row["drawishness.middle"],
             "skill_depth": row["skill_depth"] / 8, "drama.random": row["drama.random"],
             "decisiveness.middle": row["decisiveness.middle"]}
    return 100 * sum(WEIGHTS[k] * parts[k] for k in WEIGHTS)


def plain_wants(row: dict[str, float], wants: tuple[str, ...]) -> bool:
    tests = {"fair": abs(row["balance.middle"]) <= 0.1, "rarely-drawn": row["drawishness.middle"] <= 0.05,
             "short": row["duration.middle"] <= 20, "deep": row["skill_depth"] >= 5}
    return all(tests[w] for w in wants)  # NaN compares False: a game not judged does not pass


def plain_games(j: Judgements) -> dict[int, dict]:
    """Each game's simplest rule set (fewest changes from the standard, then the smallest combination)."""
    standard = rule_axes(np.array([standard_index()]))
    out: dict[int, dict] = {}
    for k, (i, g) in enumerate(zip(j.index.tolist(), j.game.tolist())):
        axes = rule_axes(np.array([i]))
        changes = sum(int(a[0] != s[0]) for a, s in zip(axes, standard))
        row = {key: float(j.columns[key][k]) for key in j.columns}
        row.update(index=i, changes=changes, composite=plain_composite(row))
        if g not in out or (changes, i) < (out[g]["changes"], out[g]["index"]):
            out[g] = {**row, "n": out.get(g, {}).get("n", 0)}
        out[g]["n"] += 1
    return out


def plain_score(row: dict, by: str) -> float:
    if by == "composite":
        return row["composite"]
    m = next(m for m in MEASURES if m.key == by)
    x = row[by]
    return {"low": -x, "high": x, "zero": -abs(x)}[m.better]


def plain_ranked(j: Judgements, by: str, wants: tuple[str, ...]) -> list[int]:
    """The combinations of the top games, best first."""
    rows = [r for r in plain_games(j).values() if plain_wants(r, wants) and not math.isnan(plain_score(r, by))]
    tie = lambda r: -1.0 if math.isnan(r["composite"]) else r["composite"]  # noqa: E731
    rows.sort(key=lambda r: (-plain_score(r, by), -tie(r), r["changes"], r["index"]))
    return [r["index"] for r in rows[:best.TOP]]


# the tests -----------------------------------------------------------------------------------------------------------

@pytest.mark.slow(reason="judges the standard game: 1.2 CPU s (the fast lane's budget)")
def test_the_composite_of_the_standard_game_is_the_worked_example() -> None:
    j = real(wide=False)
    at = int(np.flatnonzero(j.index == standard_index())[0])
    row = {k: float(v[at]) for k, v in j.columns.items()}
    assert (row["balance.middle"], row["skill_depth"]) == (0.090, 5.0) or abs(row["balance.middle"] - 0.09) < 5e-4
    assert abs(float(composite({k: v[at:at + 1] for k, v in j.columns.items()})[0]) - plain_composite(row)) < 1e-9
    assert round(plain_composite(row), 1) == 80.0  # docs/JUDGE.md's worked example


def test_the_weights_sum_to_one_and_the_depth_is_scaled_by_the_ladder() -> None:
    assert abs(sum(WEIGHTS.values()) - 1) < 1e-12 and best.DEEPEST == 8


@pytest.mark.slow  # judges 44 rule sets (about 20 s of CPU)
def test_rankings_agree_with_the_plain_loops_on_judged_rule_sets() -> None:
    j = real()
    games = games_of(j)
    plain = plain_games(j)
    assert games.row.size == len(plain)
    for wants in best._all_wants():
        for by in ("composite", *KEYS):
            got = [int(j.index[games.row[g]]) for g in ranked(games, by, wants)]
            assert got == plain_ranked(j, by, wants), (by, wants)


def check_rank_and_improvements(j: Judgements) -> None:
    """The standard game's rank on each measure, and the games one and two changes away that score more."""
    f = best_figures(j)
    plain = plain_games(j)
    game_of = dict(zip(j.index.tolist(), j.game.tolist()))
    std = plain[game_of[standard_index()]]
    assert f["rows"][f["standard"]]["spec"] == space_specs([std["index"]])[0]
    for r in f["ranks"]:
        if r["rank"] is None:
            assert math.isnan(plain_score(std, r["key"]))
            continue
        scores = [plain_score(x, r["key"]) for x in plain.values() if not math.isnan(plain_score(x, r["key"]))]
        assert r["rank"] == 1 + sum(s > plain_score(std, r["key"]) + 1e-12 for s in scores)
        assert r["of"] == len(scores)
    near = {i for i in one_change(standard_index()) if i in game_of}
    two = {k for i in near for k in one_change(i) if k in game_of} - near - {standard_index()}
    for found, key in ((near, "better_one"), (two, "better_two")):
        games = {game_of[i] for i in found}
        better = sorted((round(plain[g]["composite"], 4) for g in games
                         if plain[g]["composite"] > std["composite"] + 1e-9), reverse=True)[:3]
        assert [f["rows"][k]["composite"] for k in f[key]] == better, key


@pytest.mark.slow  # judges 44 rule sets (about 20 s of CPU)
def test_the_standard_games_rank_and_improvements() -> None:
    check_rank_and_improvements(real())


@pytest.mark.slow  # judges 44 rule sets (about 20 s of CPU)
def test_every_list_passes_its_wants_and_the_counts_agree() -> None:
    check_lists(real())


def check_lists(j: Judgements) -> None:
    f = best_figures(j)
    plain = plain_games(j)
    for key, n in f["passing"].items():
        wants = tuple(w for w in key.split(",") if w)
        assert n == sum(plain_wants(r, wants) and not math.isnan(r["composite"]) for r in plain.values())
        for row in (f["rows"][k] for k in f["lists"][key + "|composite"]):
            values = dict(zip(KEYS, row["values"]))
            assert plain_wants({k: math.nan if v is None else v for k, v in values.items()}, wants)


@cache
def _known() -> frozenset[int]:
    """The combinations of the space's rule sets."""
    return frozenset(load_record()["index"])


def made_up(rows: list[tuple], spread: bool) -> Judgements:
    """Made-up measures on the standard's combination and those one change away (and, ``spread``, two), a game
    each row's first number (the rows of one game sharing the first row's measures); -1 a depth not judged."""
    s = standard_index()
    known = _known()  # rule sets of the space only (the rules refuse some combinations)
    near = sorted({s, *one_change(s), *(one_change(one_change(s)[0]) if spread else [])} & known)
    combos = [s, *[c for c in near if c != s]][:len(rows)]
    rows = rows[:len(combos)]
    games = np.array([r[0] for r in rows])
    first: dict[int, int] = {}
    for k, g in enumerate(games.tolist()):
        first.setdefault(g, k)
    pick = lambda c: np.array([rows[first[g]][c] for g in games.tolist()], dtype=float)  # noqa: E731
    depth = pick(6)
    depth[depth < 0] = np.nan
    order = np.argsort(combos)
    columns = {"balance.middle": pick(1), "drawishness.middle": pick(2), "duration.middle": pick(3),
               "decisiveness.middle": pick(4), "drama.random": pick(5), "skill_depth": depth, "positions": pick(3) * 7}
    return Judgements(np.array(combos)[order], games[order], {k: v[order] for k, v in columns.items()})


ROWS = st.lists(st.tuples(st.integers(0, 40), st.floats(-1, 1), st.floats(0, 1), st.integers(1, 60),
                          st.floats(0, 1), st.floats(0, 1), st.integers(0, 8) | st.just(-1)), min_size=2, max_size=60)


@pytest.mark.slow(reason="Hypothesis over made-up spaces: 0.7 CPU s (the fast lane's budget)")
@settings(max_examples=12, deadline=None)
@given(ROWS)
def test_the_standard_rank_improvements_and_lists_agree_on_made_up_spaces(rows) -> None:
    j = made_up(rows, spread=True)
    check_rank_and_improvements(j)
    check_lists(j)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 5), st.floats(-1, 1), st.floats(0, 1), st.integers(1, 60),
                          st.floats(0, 1), st.floats(0, 1), st.integers(0, 8) | st.just(-1)), min_size=2, max_size=30),
       st.sets(st.sampled_from([w.key for w in WANTS])), st.sampled_from(["composite", *KEYS]))
def test_rankings_agree_with_the_plain_loops_on_made_up_spaces(rows, wants, by) -> None:
    """Made-up measures on the combinations near the standard's, the ranking the plain loops'."""
    j = made_up(rows, spread=False)
    got = [int(j.index[games_of(j).row[g]]) for g in ranked(games_of(j), by, tuple(sorted(wants)))]
    assert got == plain_ranked(j, by, tuple(sorted(wants)))


def test_the_pages_script_picks_the_pythons_ranking(tmp_path: Path) -> None:
    """best/ctrl.js's lists, read from the page's data file, are the Python's ranking for every set of wants and
    every ranking (cross/best.mjs), on a made-up space of games near the standard."""
    rng = np.random.default_rng(46)
    rows = [(int(rng.integers(0, 30)), float(rng.uniform(-1, 1)), float(rng.uniform(0, 1)), int(rng.integers(1, 40)),
             float(rng.uniform(0, 1)), float(rng.uniform(0, 1)), int(rng.integers(-1, 9))) for _ in range(40)]
    j = made_up(rows, spread=True)
    data = best_data(best_figures(j), "covered")
    asks = [[list(wants), by] for wants in best._all_wants() for by in ("composite", *KEYS)]
    job = tmp_path / "job.json"
    job.write_text(json.dumps({"data": data, "asks": asks}))
    out = [json.loads(line) for line in run_node("tests/js/cross/best.mjs", job).splitlines()]
    games = games_of(j)
    for (wants, by), got in zip(asks, out, strict=True):
        expected = space_specs([int(j.index[games.row[g]]) for g in ranked(games, by, tuple(wants))])
        assert got["specs"] == expected, (wants, by)
        assert got["passing"] == int(np.count_nonzero(best.passes(games, tuple(wants)) & ~np.isnan(games.composite)))


def test_the_built_in_variants_are_scored_or_said_why_not() -> None:
    """Every built-in variant: in the space and judged, its game's composite rank (the plain loops'); in the space
    but not judged, said so; outside the space (more players, another r...), said why."""
    from vizgen.engine.variants import REGISTRY
    from vizgen.reports.judge import space_index

    rng = np.random.default_rng(7)
    rows = [(k, float(rng.uniform(-1, 1)), float(rng.uniform(0, 1)), int(rng.integers(1, 40)),
             float(rng.uniform(0, 1)), float(rng.uniform(0, 1)), int(rng.integers(0, 9))) for k in range(45)]
    j = made_up(rows, spread=True)
    f = best_figures(j)
    plain = plain_games(j)
    game_of = dict(zip(j.index.tolist(), j.game.tolist()))
    said = {v["slug"]: v for v in f["variants"]}
    assert list(said) == list(REGISTRY)
    for slug, variant in REGISTRY.items():
        v, index = said[slug], space_index(variant.params)
        if index is None:
            assert v["row"] is None and v["why"].startswith("not in the r = 5 two-player space: "), v
        elif index not in game_of:
            assert v["row"] is None and v["why"].startswith("not judged yet"), v
        else:
            mine = plain[game_of[index]]
            assert v["why"] is None and f["rows"][v["row"]]["composite"] == round(mine["composite"], 4)
            assert v["rank"] == 1 + sum(r["composite"] > mine["composite"] + 1e-12 for r in plain.values())
    assert said["standard"]["rank"] is not None
    assert said["three-players"]["why"] == "not in the r = 5 two-player space: it has 3 players; the space has two"


@pytest.mark.slow  # lays out and renders two variant pages
def test_each_variant_page_links_to_its_row_on_the_best_page(shared_gather: Callable) -> None:
    """With the best page (scored), a variant page links "How this variant scores" to its row there, and the best
    page has that row: a score and rank, or why it is not scored; without it, no link."""
    import re

    from vizgen.site.render import render_variants
    from vizgen.site.render.assets import environment
    from vizgen.site.render.best_page import best_files, best_of_record

    pages = shared_gather(["standard", "three-players"])
    files, _ = render_variants(pages, scored=True, workers=1)
    base = {"root": "", "site_title": "Atlas", "share": {"path": "", "image": "x.png", "alt": "x"}}
    best_page = best_files(environment(), base, *best_of_record([p.variant for p in pages]))["best.html"].decode()
    for page in pages:
        html = files[page.slug][f"variants/{page.slug}.html"].decode()
        assert f'<a class="guide-link" href="../best.html#v-{page.slug}">How this variant scores</a>' in html
        row = re.search(f'<tr id="v-{page.slug}">(.*?)</tr>', best_page, re.S)
        assert row is not None
        text = row.group(1)
        assert ("points" in text and " of " in text) if page.slug == "standard" else \
            "not in the r = 5 two-player space: it has 3 players" in text
    plain, _ = render_variants(pages[:1], workers=1)
    assert "How this variant scores" not in plain["standard"]["variants/standard.html"].decode()
