"""Every puzzle draws its hands (issue #37): the practice data ships each position's hands (``h``, read by the
engine's notation reader), and the page's pictures of hands (core/hands.js, the touch board's) draw each of
them: one picture a hand, its number as the notation writes it. Halves (stumps), negatives (signed integers),
lives and three players included; the catalogue-marked test runs over every variant with puzzles."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.node import run_node
from tests.solved import solved_once
from vizgen.analysis import words
from vizgen.engine.notation import Position, fmt_value
from vizgen.engine.spec import resolve
from vizgen.engine.variants import REGISTRY, Variant
from vizgen.reports.puzzles import practised, puzzle_figures, puzzle_set
from vizgen.site.render.assets import environment
from vizgen.site.render.practice_page import hands_of, practice_context, practice_files

ROOT = Path(__file__).resolve().parents[1]
SPECS = ["standard", "signed-integers", "stumps", "lives", "standard:players=3,r=3"]


def _payload(data: bytes) -> Any:
    """The payload of a data file (``vizgenLoad(name, payload);``)."""
    text = data.decode()
    return json.loads(text[text.index(",") + 1:text.rindex(")")])


def _shipped(variants: list[Variant], sets: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Each variant's practice data file as the page reads it: its puzzles and the positions it ships."""
    files = practice_files(variants, sets, {})
    return {v.slug: _payload(files[f"practice/{v.slug}.js"]) for v in variants}


def _check_drawn(shipped: dict[str, dict[str, Any]], variants: list[Variant], tmp_path: Path) -> int:
    """Every puzzle's position and every position a puzzle visits has hands, and the page draws them: one picture a
    hand, the numbers the notation's. Returns how many positions were drawn."""
    every: dict[str, list[list[float]]] = {}
    expected: dict[str, list[str]] = {}
    for v in variants:
        data = shipped[v.slug]
        nodes = data["table"] if data["nodes"] is None else data["nodes"]
        assert set(data["puzzles"]) <= set(nodes), v.slug
        for position, node in nodes.items():
            read = Position.parse(position, v.params.hands)
            assert node["h"] == hands_of(position, v.params.hands), position
            assert len(node["h"]) == v.params.players and all(len(h) == v.params.hands for h in node["h"]), position
            every[position] = node["h"]
            expected[position] = [fmt_value(x) for hand in read.hands for x in hand]
    (tmp_path / "hands.json").write_text(json.dumps(every))
    (tmp_path / "words.json").write_text(json.dumps(words.for_browser()))
    drawn = json.loads(run_node(ROOT / "tests" / "js" / "cross" / "practice_hands.mjs", tmp_path / "hands.json",
                                tmp_path / "words.json"))
    for position, h in every.items():
        got = drawn[position]
        assert got["clean"], position
        assert got["pictures"] == sum(len(hand) for hand in h), position
        assert got["numbers"] == expected[position], (position, got["numbers"])
    return len(every)


@pytest.mark.slow(reason="7 CPU s: every puzzle position of the catalogue drawn")
def test_every_puzzle_position_ships_its_hands_and_draws_them(tmp_path: Path) -> None:
    """Halves, negatives, lives and three players: each position's hands are the engine's, and each is drawn."""
    variants = [resolve(s) for s in SPECS]
    sets = {v.slug: {"players": v.params.players, **puzzle_set(solved_once(v.spec))} for v in variants}
    shipped = _shipped(variants, sets)
    assert all(shipped[v.slug]["puzzles"] for v in variants)
    signed = shipped["signed-integers"]
    nodes = signed["table"] or signed["nodes"]
    assert any(v < 0 for node in nodes.values() for hand in node["h"] for v in hand), "a negative hand"
    stumps = shipped["stumps"]
    assert any(v != int(v) for node in (stumps["table"] or stumps["nodes"]).values() for hand in node["h"]
               for v in hand), "a half"
    assert any(re.search(r":\d", p) for p in shipped["lives"]["puzzles"]), "a position with lives"
    assert _check_drawn(shipped, variants, tmp_path) > 1000


@pytest.mark.catalogue
def test_every_variant_with_puzzles_draws_every_puzzles_hands(tmp_path: Path) -> None:
    """Over the catalogue: every puzzle's hands drawn; and the About section's calibration table (what the page
    shows, practice_context) has no band holding more than a third of the puzzles, the easy ones counted and said."""
    every = [v for v in REGISTRY.values() if practised(v) is None]
    sets = {v.slug: puzzle_figures(v) for v in every}
    variants = [v for v in every if sets[v.slug]["puzzles"]]
    assert len(variants) > 10
    assert _check_drawn(_shipped(variants, {v.slug: sets[v.slug] for v in variants}), variants, tmp_path) > 10000
    ctx = practice_context(every, sets, {}, "Atlas")
    assert ctx["calibration"] and sum(row["puzzles"] for row in ctx["calibration"]) == ctx["total"]
    assert max(row["puzzles"] for row in ctx["calibration"]) <= ctx["total"] / 3, ctx["calibration"]
    assert ctx["dropped"] > 0 and ctx["easy"] > 0
    page = environment().get_template("practice.html").render({**ctx, "share": {"path": "practice.html"}})
    assert f"{words.count(ctx['dropped'])} must-find positions with just two moves" in page
    assert re.search(r'<table class="data report-table pz-calibration">', page)


@pytest.mark.slow(reason="solves and renders the practice page of a variant (2 CPU s); out of the fast lane: issue #49")
def test_the_about_section_says_how_many_positions_are_too_easy_and_why() -> None:
    """Positions whose only other move loses at once are dropped (two moves) or marked easy (more), and the About
    section says how many of each and why, with numbers written as the site writes them."""
    variants = [resolve(s) for s in SPECS]
    sets = {v.slug: {"players": v.params.players, **puzzle_set(solved_once(v.spec))} for v in variants}
    ctx = practice_context(variants, sets, {}, "Atlas")
    assert ctx["dropped"] == sum(data["dropped"] for data in sets.values()) > 0
    easy = sum("easy" in p["themes"] for data in sets.values() for p in data["puzzles"])
    assert ctx["easy"] == easy > 0
    page = environment().get_template("practice.html").render({**ctx, "share": {"path": "practice.html"}})
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", page))
    assert (f"{words.count(ctx['dropped'])} must-find positions with just two moves, the other letting the opponent "
            "win at once, are not asked: a look one move ahead shows the answer") in text
    assert f"{words.count(easy)} puzzles with more moves, every other one losing at once, are marked easy" in text
