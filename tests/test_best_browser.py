"""The page "Which Chopsticks is the best game?" in headless Chromium, on a phone and a desktop: the family's
question answered in three taps from the index (the index's card, "Play it", the play box's "Start"), the wants ticked
and the list ranked again, the scatter's dot a link that plays its rule set, from file:// and under a sub-path,
and axe-core finding nothing serious."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browsing import NEEDS_BROWSER, PHONE, WIDE, served, write_site
from vizgen.analysis.sweep import SPACE_ACCEPTED
from vizgen.reports.best import FAMILY, best_figures, judgements, ranked
from vizgen.site.render.assets import environment, shared_files
from vizgen.site.render.best_page import best_files, best_of_record, family_pick
from vizgen.site.render.contexts import index_context
from vizgen.site.render.rules_page import rules_context

pytestmark = [*NEEDS_BROWSER, pytest.mark.slow, pytest.mark.xdist_group("best_browser")]


@pytest.fixture(scope="module")
def site_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The index, the best page and the rules page (no variant pages: the index lists none)."""
    root = tmp_path_factory.mktemp("best-site")
    env = environment()
    base = {"root": "", "site_title": "Atlas", "has_family": True, "has_claims": False, "has_space": True,
            "space_size": SPACE_ACCEPTED, "share": {"path": "", "image": "assets/preview.png", "alt": "x"}}
    figures, meta = best_of_record()
    files = {**shared_files(), **best_files(env, base, figures, meta)}
    files["index.html"] = env.get_template("index.html").render(
        {**index_context([], "Atlas"), **base, "best": family_pick(figures, meta)}).encode()
    files["rules.html"] = env.get_template("rules.html").render({**base, **rules_context("Atlas")}).encode()
    write_site(root / "vizgen", files)
    return root


@pytest.fixture(scope="module")
def address(site_root: Path) -> Iterator[str]:
    with served(site_root, "vizgen/") as url:
        yield url


def _family() -> list[str]:
    """The family's list as the Python ranks it: the specs, best first."""
    from vizgen.reports.best import games_of
    from vizgen.reports.space import space_specs

    j = judgements()
    games = games_of(j)
    return space_specs([int(j.index[games.row[g]]) for g in ranked(games, "composite", FAMILY)])


def _ready(page: Any) -> None:
    page.wait_for_function("window.vizgenBest && window.vizgenBest.ready", timeout=30000)


def _start_a_game(page: Any, phone: bool) -> None:
    """On the rules page, the play box's first button (a challenge against the perfect player): on a phone its
    sheet is opened first (a tap); then the visitor's turn."""
    page.wait_for_function("window.vizgen && window.vizgen.play && window.vizgen.play.ready && "
                           "document.querySelector('#play button[data-act=start]')", timeout=60000)
    page.evaluate("window.vizgen.play.delay = 0")
    if phone:
        page.evaluate("document.getElementById('explore').scrollIntoView()")
        page.locator("#panel .sheet-toggle").tap()
    start = page.locator("#play button[data-act=start]")
    start.evaluate("e => e.scrollIntoView({block: 'center'})")
    assert start.is_visible()
    (start.tap if phone else start.click)()
    page.wait_for_function("(s => s && !s.paused && (s.yourTurn || s.over))(window.vizgen.play.state())",
                           timeout=30000)
    assert page.evaluate("window.vizgen.play.state().yourTurn")  # the game is on: the visitor moves first


def test_the_family_plays_a_fair_short_rarely_drawn_game_in_three_taps(new_tab: Callable[..., Any],
                                                                       address: str) -> None:
    """On a desktop, from the index: the card (tap 1), the ranked list's first "Play it" (tap 2), the rules
    page's play box (tap 3): a game of that rule set against the perfect player."""
    page = new_tab(WIDE)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(address + "index.html")
    page.get_by_role("link", name="Which Chopsticks is the best game?").click()  # tap 1
    page.wait_for_url("**/best.html")
    _ready(page)
    heading = page.get_by_role("heading", name="Our family wants a game that is fair, rarely drawn and over in 20 "
                                               "plies")
    assert heading.is_visible()
    family = page.locator("#family-list")
    expected = _family()
    assert expected, "the judged record has no fair, rarely drawn, short game"
    rows = family.locator("tbody tr")
    assert rows.count() == len(expected)
    first = rows.first
    assert first.is_visible() and first.locator("td").first.inner_text() == "1"
    words = family.inner_text()
    assert "points" in words and "plies" in words  # every value with its unit
    play = first.get_by_role("link", name="Play it")
    assert play.get_attribute("href") == "rules.html?rules=" + expected[0]
    play.click()  # tap 2
    page.wait_for_function("window.vizgenRules && window.vizgenRules.ready", timeout=60000)
    assert page.evaluate("window.vizgenRules.spec") == expected[0]
    _start_a_game(page, phone=False)  # tap 3
    assert errors == [], errors


def test_on_a_phone_the_index_plays_the_familys_best_game_in_three_taps(new_tab: Callable[..., Any],
                                                                        address: str) -> None:
    """On a phone, the index's card names the family's best game with its own "Play it" (tap 1); the rules page's
    sheet (tap 2) and its play box (tap 3) start the game. The card's link reaches the ranked list too."""
    page = new_tab(PHONE, phone=True)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(address + "index.html")
    pick = page.locator("#best-pick")
    pick.scroll_into_view_if_needed()
    assert pick.is_visible() and "Fair, rarely drawn and over in 20 plies" in pick.inner_text()
    expected = _family()
    play = pick.get_by_role("link", name="Play it")
    assert play.get_attribute("href") == "rules.html?rules=" + expected[0]
    play.tap()  # tap 1
    page.wait_for_function("window.vizgenRules && window.vizgenRules.ready", timeout=60000)
    assert page.evaluate("window.vizgenRules.spec") == expected[0]
    _start_a_game(page, phone=True)  # taps 2 and 3
    page.goto(address + "index.html")
    page.get_by_role("link", name="Which Chopsticks is the best game?").tap()
    page.wait_for_url("**/best.html")
    _ready(page)
    assert page.locator("#family-list tbody tr").first.get_by_role("link", name="Play it").is_visible()
    assert errors == [], errors


def test_ticking_wants_ranks_again_and_the_list_is_the_pythons(new_tab: Callable[..., Any], address: str) -> None:
    page = new_tab(WIDE)
    page.goto(address + "best.html")
    _ready(page)
    figures = best_figures(judgements())
    rows = figures["rows"]
    shown = page.evaluate("window.vizgenBest.shown")
    assert shown == [rows[k]["spec"] for k in figures["lists"]["fair,rarely-drawn,short|composite"]]
    count = page.locator("#best-count")
    assert f"{figures['passing']['fair,rarely-drawn,short']}" in count.inner_text().replace("\u202f", "")
    page.get_by_label("over in 20 plies").set_checked(False)
    page.get_by_label("deep").set_checked(True)
    page.get_by_label("rank by").select_option("skill_depth")
    page.wait_for_function("document.getElementById('best-count').textContent.includes('skill depth')")
    shown = page.evaluate("window.vizgenBest.shown")
    assert shown == [rows[k]["spec"] for k in figures["lists"]["fair,rarely-drawn,deep|skill_depth"]]
    table = page.locator("#best-list table")
    assert table.is_visible() and "skill depth" in table.locator("thead").inner_text()
    assert "levels" in table.locator("tbody tr").first.inner_text()


@pytest.mark.catalogue_cases("phone", reason="on a phone (6 s); the whole suite keeps the desktop's")
@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_a_dot_of_the_scatter_plays_its_rule_set(new_tab: Callable[..., Any], address: str, phone: bool) -> None:
    page = new_tab(PHONE if phone else WIDE, phone=phone)
    page.goto(address + "best.html")
    _ready(page)
    svg = page.locator("#best-scatter svg")
    svg.scroll_into_view_if_needed()
    assert svg.is_visible()
    text = svg.text_content()
    assert "skill depth, levels" in text and "drawishness (middle play), chance" in text
    box = svg.bounding_box()
    assert box["width"] <= (PHONE if phone else WIDE)["width"]
    # a dot drawn on top where it is (dots of one skill depth share a column): the one a pointer there reaches
    k = page.evaluate("""() => [...document.querySelectorAll('#best-scatter a.dot')].findIndex(a => {
        const r = a.querySelector('circle').getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return hit && hit.closest('a') === a; })""")
    assert k >= 0
    dot = page.locator("#best-scatter a.dot").nth(k)
    href = dot.get_attribute("href")
    assert href.startswith("rules.html?rules=standard")
    label = dot.get_attribute("aria-label")
    assert "points" in label and "Play it" in label
    (dot.tap if phone else dot.click)()
    page.wait_for_function("window.vizgenRules && window.vizgenRules.ready", timeout=60000)
    assert "rules=" + page.evaluate("window.vizgenRules.spec") in href.replace("%2C", ",")
    page.go_back()
    _ready(page)
    page.locator("#scatter-form").get_by_label("across").select_option("balance.middle")
    page.wait_for_function("document.querySelector('#best-scatter svg').textContent.includes('balance (middle play)')")
    assert page.locator("#best-scatter a.dot-standard").count() == 1


def test_the_page_works_from_a_file_opened_on_disk(new_tab: Callable[..., Any], site_root: Path) -> None:
    page = new_tab(WIDE)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto((site_root / "vizgen" / "best.html").as_uri())
    _ready(page)
    assert page.locator("#best-list table").is_visible()
    assert "could not be loaded" not in page.locator("#best-list").inner_text()
    # how much of the space the record covers, beside every ranking and the scatter (the record may be a slice)
    from vizgen.reports.judged_space import load_judged

    judged = load_judged()
    said = "Judged so far: " if judged["games"] < judged["space"]["games"] else "Judged: all "
    for where in ("#best-coverage", "#family", "#top", "#standard", "#variants", "#best-list", "#best-scatter"):
        line = page.locator(where + " .coverage" if where != "#best-coverage" else where).first
        assert line.is_visible() and said in line.inner_text(), where
    record = page.locator("#best-record").inner_text()
    assert "python -m vizgen.reports.judged_space" in record and " s on the clock" in record
    assert errors == []


@pytest.mark.catalogue_cases(
    "phone",
    reason="axe-core on a phone (7 s); the whole suite keeps the desktop's, and the phone's three taps")
@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_axe_finds_nothing_serious_and_nothing_scrolls_sideways(new_tab: Callable[..., Any], address: str,
                                                                phone: bool) -> None:
    axe_sync = pytest.importorskip("axe_playwright_python.sync_playwright", reason="axe-playwright-python is missing")
    page = new_tab(PHONE if phone else WIDE, phone=phone)
    page.goto(address + "best.html")
    _ready(page)
    results = axe_sync.Axe().run(page)
    serious = [v["id"] for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert serious == [], results.generate_report()
    assert page.evaluate("document.documentElement.scrollWidth") <= (PHONE if phone else WIDE)["width"]
