"""No workshop words on public pages: every built page's visible text, and the words the pages' script shows.

Issue numbers, seeds, internal phrases and a raw ``max^n`` (pages write max<sup>n</sup> or "max-n") belong
to the workshop: the code, its tests and its notes, not what a visitor reads.
"""

from __future__ import annotations

import json

import pytest

from tests.page_text import WORKSHOP, strings, visible
from vizgen.analysis import meaning, words
from vizgen.reports import family
from vizgen.reports.claims import claims_report, load_claims
from vizgen.reports.guide import guide_figures
from vizgen.site.render import VariantPage, contract, render_site


def test_the_pattern_finds_workshop_words() -> None:
    for text in ("measured for issue #21", "see #7.", "seed 19", "max^n depth 2", "walked by neighbourhood"):
        assert WORKSHOP.search(text), text
    for text in ("links like #12-11 go to a position", "max-n depth 2", "the perfect player", "#play",
                 '"Multiplayer Chopsticks Game using Max^N Algorithm"'):
        assert not WORKSHOP.search(text), text


@pytest.fixture(scope="module")
def site(site_pages: dict[str, VariantPage]) -> dict[str, bytes]:
    # the family page with its recorded runs (seven and eight players: read, not solved) and the claims page
    # with a claim from an outside source and one of the atlas's own (the whole claims file is scanned below)
    members = family.family_figures(players=[2, 7, 8], rollovers=[3], hands=[2], max_positions=10_000,
                                    players_max_positions=10_000)
    return render_site(list(site_pages.values()), guides={"standard": guide_figures("standard")},
                       family=members, claims=claims_report(None, ids=["1", "51"]))


@pytest.mark.slow
def test_no_built_page_shows_workshop_words(site: dict[str, bytes]) -> None:
    pages = {name: visible(data) for name, data in site.items() if name.endswith(".html")}
    assert {"index.html", "guide/standard.html", "family.html", "claims.html"} <= set(pages) and len(pages) >= 8
    assert "recorded" in pages["family.html"] and "16 cores" in pages["family.html"]  # the records' notes shown
    found = {name: WORKSHOP.findall(text) for name, text in pages.items() if WORKSHOP.search(text)}
    assert not found, found


def test_the_scripts_words_show_no_workshop_words() -> None:
    shown = strings({**words.for_browser(), **meaning.table()})
    assert len(shown) > 100
    found = [s for s in shown if WORKSHOP.search(s)]
    assert not found, found
    assert not WORKSHOP.search(json.dumps(words.seat_words(4)))


def test_the_claims_words_show_no_workshop_words() -> None:
    """Every text of the claims file (sources, claims, notes, explanations): the claims page shows them."""
    shown = strings(load_claims())
    assert len(shown) > 100
    found = [s for s in shown if WORKSHOP.search(s)]
    assert not found, found


def test_the_recorded_runs_notes_show_no_workshop_words() -> None:
    """The family page shows each recorded run's note, command and machine."""
    shown = strings(list(family.recorded().values()))
    assert any("threads" in s for s in shown)
    found = [s for s in shown if WORKSHOP.search(s)]
    assert not found, found


def test_verdicts_name_the_other_seats_from_the_readers_side() -> None:
    """No "+2 can force a win" or "player +2 has won": every verdict names the seat from the reader's side, the
    same words in the tables (Python) and the panel (the browser fills the same templates: util.test.mjs)."""
    shipped = contract.data()
    templates = [t for table in ("verdicts", "choices") for v in shipped[table] for t in (v["long"], v["short"])]
    templates += list(words.REVIEW["played"].values()) + list(words.OVER.values())
    for k in (1, 2, 3):
        said = [words.fill(t, n=4, k=k) for t in templates]
        assert not [s for s in said if "+" in s or "{" in s], said
    other = next(i for i, v in enumerate(words.VERDICTS) if v.key == "other-forces")
    assert [words.say(other, 4, k) for k in (1, 2, 3)] == [
        "the next player can force a win in 4 plies", "the player after next can force a win in 4 plies",
        "the player 3 seats on can force a win in 4 plies"]
    assert words.seat_words(4)["won"][2] == "Game over: the player after next has won."
    assert words.seat_words(4)["names"] == ["To move", "Next", "After next", "3 seats on"]
