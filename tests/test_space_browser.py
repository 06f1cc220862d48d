"""The rule space's explorer in a headless browser, served on 127.0.0.1 and from file://: tick rules, read the
answer."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.browsing import NEEDS_BROWSER, served, write_site
from vizgen.analysis.sweep import Base, solve_rule_set
from vizgen.reports.space import space_figures
from vizgen.site.render.assets import environment, shared_files
from vizgen.site.render.space_page import space_files
from vizgen.util.text import format_count

#: one worker runs the module: its site (the rule space's data, 7.6 CPU s) is written once a run, not on each worker
pytestmark = [*NEEDS_BROWSER, pytest.mark.slow, pytest.mark.xdist_group("space_browser")]


@pytest.fixture(scope="module")
def site_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("space-site")
    base = {"root": "", "site_title": "Atlas", "has_space": True,
            "share": {"path": "", "image": "assets/preview.png", "alt": "x"}}
    write_site(root, {**shared_files(), **space_files(environment(), base)})
    return root


@pytest.fixture(scope="module")
def address(site_root: Path) -> Iterator[str]:
    with served(site_root) as url:
        yield url


def _open(new_tab: Callable[..., object], url: str) -> tuple[object, list[str]]:
    """The space page in a new tab, once its first answer is shown; the page errors it raises, collected."""
    page = new_tab()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_function("window.vizgenSpace && window.vizgenSpace.ready", timeout=30000)
    return page, errors


def test_the_explorer_answers_from_a_file_opened_on_disk(new_tab: Callable[..., object], site_root: Path) -> None:
    """Saved to a folder and opened from file:// (no server), the map still loads: it is a data file, not a fetch."""
    page, errors = _open(new_tab, (site_root / "space.html").as_uri())
    answer = page.locator("#space-answer")
    assert answer.is_visible() and "a draw" in answer.inner_text() and "could not be loaded" not in answer.inner_text()
    assert errors == []


def test_ticking_rules_answers_from_the_map(new_tab: Callable[..., object], address: str) -> None:
    page, errors = _open(new_tab, address + "space.html")
    answer = page.locator("#space-answer")
    assert answer.is_visible()
    assert "a draw" in answer.inner_text() and "standard" in answer.inner_text()
    near = space_figures()["nearest_wins"][0]  # the fewest changes from the standard game that make a win
    for change in near["changes"].split(", "):
        rule, _, state = change.rpartition(" ")
        page.get_by_label(rule, exact=True).set_checked(state == "on")  # an on/off rule's box
    text = answer.inner_text()
    words = {"win": "the first player wins", "loss": "the second player wins"}[near["value"]]
    assert words in text and f"in {near['remoteness']} plies" in text, text
    link = answer.get_by_role("link")
    assert link.is_visible()
    assert link.get_attribute("href") == "rules.html?rules=" + near["spec"]
    page.get_by_label("passes", exact=True).set_checked(True)  # with passes, a Logan is one more pass
    assert "Makes no difference here: " in answer.inner_text() and "Logan clause" in answer.inner_text().split(
        "Makes no difference here: ")[1]
    assert errors == [], errors
    assert page.locator("#space-counts").is_visible()


def test_a_refused_combination_says_so(new_tab: Callable[..., object], address: str) -> None:
    page = new_tab()
    page.goto(address + "space.html")
    page.wait_for_function("window.vizgenSpace && window.vizgenSpace.ready", timeout=30000)
    page.get_by_label("cherry bomb", exact=True).set_checked(True)
    page.get_by_label("sudden death", exact=True).set_checked(True)
    said = page.locator("#space-answer").inner_text()
    assert said.startswith("standard:sudden_death=true,cherry_bomb=true: the rules refuse this combination: cherry "
                           "bomb resets the striking hand to 1, which sudden death would then take out"), said
    assert "vizgen sweep" not in said and "cherry_bomb resets" not in said  # the reason itself, in words
    assert page.evaluate("window.vizgenSpace.value") is None
    page.get_by_label("sudden death", exact=True).set_checked(False)
    page.locator("select[name=attack]").select_option(label="self-gain")  # another part of the map
    page.wait_for_function("window.vizgenSpace.spec === 'standard:attack=self-gain,cherry_bomb=true'")
    said = page.locator("#space-answer").inner_text()
    assert "the rules refuse this combination: cherry bomb changes the struck hand, but under self-gain" in said


def test_the_page_file_names_its_data() -> None:
    base = {"root": "", "site_title": "Atlas", "has_space": True,
            "share": {"path": "", "image": "assets/preview.png", "alt": "x"}}
    html = space_files(environment(), base)["space.html"].decode()
    assert 'data-root="" data-source="space-data"' in html and 'src="assets/space.js"' in html


def test_another_part_of_the_map_loads_and_the_costliest_corner_is_answered(new_tab: Callable[..., object],
                                                                            address: str) -> None:
    """Changing overflow loads another part of the map and answers from it; stumps with each player counting their
    own swaps (the corner an earlier map left out: the costliest rule sets of the space) is answered too, with the
    figures the engine gives it."""
    page, errors = _open(new_tab, address + "space.html")
    answer = page.locator("#space-answer")
    page.get_by_label("overflow").select_option("cutoff")
    page.wait_for_function("window.vizgenSpace.spec === 'standard:overflow=cutoff'")
    page.wait_for_function("document.getElementById('space-answer').innerText.includes('positions')")
    assert "cutoff" in answer.inner_text() and "the rules refuse" not in answer.inner_text()
    counted = page.get_by_label("counted by")
    assert counted.is_disabled()  # no swaps: nothing to count
    page.get_by_label("swaps").select_option("2")
    assert counted.is_enabled()
    counted.select_option("player")
    page.get_by_label("stumps (halves)", exact=True).set_checked(True)  # the rule's name in words
    spec = "standard:overflow=cutoff,swaps=2,swap_count=player,stumps=true"
    page.wait_for_function(f"window.vizgenSpace.spec === '{spec}' && window.vizgenSpace.value !== null")
    variant = Base.of("standard").rule_set({"overflow": "cutoff", "swaps": 2, "swap_count": "player", "stumps": True})
    assert variant.spec == spec
    fresh = solve_rule_set(variant)
    shown = answer.inner_text()
    said = {"win": "the first player wins", "loss": "the second player wins", "draw": "a draw"}[fresh["value"]]
    assert answer.is_visible() and shown.startswith(said), shown
    assert f"{format_count(fresh['positions'])} positions" in shown, shown
    assert answer.get_by_role("link").is_visible()
    assert errors == [], errors


def test_on_a_phone_the_contents_are_on_the_first_screen_and_lead_to_the_explorer(
        new_tab: Callable[..., object], address: str) -> None:
    """#48 item 5: the page is many screens tall on a phone (390x844, touch); its contents are on the first
    screen, the explorer named first, and tapping it brings the explorer's question on screen."""
    page = new_tab(phone=True)
    page.goto(address + "space.html")
    page.wait_for_function("window.vizgenSpace && window.vizgenSpace.ready", timeout=30000)
    toc = page.get_by_role("navigation", name="On this page")
    box = toc.bounding_box()
    assert toc.is_visible() and box is not None and 0 <= box["y"] <= 844 - box["height"], box
    links = toc.get_by_role("link")
    assert links.first.inner_text() == "Explore a rule set yourself"
    assert [links.nth(i).inner_text() for i in range(links.count())][1:] == [
        page.locator(f"#{h} h2").inner_text() if h != "extremes" else "The longest forced wins"
        for h in ("effects", "wider", "interactions", "nearest", "extremes")]
    assert page.evaluate("document.documentElement.scrollHeight") > 3 * 844  # a long page: the contents matter
    links.first.tap()
    answer = page.locator("#space-answer")
    page.wait_for_function("location.hash === '#explorer'")
    shown = answer.bounding_box()
    assert answer.is_visible() and shown is not None and 0 <= shown["y"] < 844, shown
    assert "a draw" in answer.inner_text()


def test_the_wider_map_shows_each_space_and_how_a_rule_changes_with_r(new_tab: Callable[..., object],
                                                                      address: str) -> None:
    """#50: the comparison of the recorded spaces is on screen in words: each space by r and players with its
    command and time, and a rule's share of pairs where it changes who wins, in each space, as computed."""
    from vizgen.analysis.words import percent
    from vizgen.reports.space import space_summaries

    page, errors = _open(new_tab, address + "space.html")
    page.get_by_role("navigation", name="On this page").get_by_role("link", name="At other r and with three players"
                                                                    ).click()
    spaces = page.locator("#wider-spaces")
    spaces.scroll_into_view_if_needed()
    assert spaces.is_visible()
    assert page.locator("#wider h2").inner_text() == "At other r and with three players"
    summaries = space_summaries()
    rows = spaces.locator("tbody tr")
    assert rows.count() == len(summaries)
    for k, s in enumerate(summaries):
        cells = rows.nth(k).locator("td")
        players = {2: "two players", 3: "three players"}[s["players"]]
        assert cells.nth(0).inner_text() == f"r = {s['r']}, {players}"
        assert cells.nth(1).inner_text() == format_count(s["rule_sets"])
        assert cells.nth(3).inner_text() == percent(s["counts"]["first"], s["rule_sets"])
        assert s["command"] in cells.nth(8).inner_text()
        assert cells.nth(9).inner_text() == f"{format_count(s['cpu_seconds'])} s"
    effects = page.locator("#wider-effects")
    heads = [h.strip() for h in effects.locator("thead th").all_inner_texts()]
    assert heads[0] == "rule turned on" and len(heads) == 1 + len(summaries)
    logan = effects.locator("tbody tr", has=page.get_by_role("cell", name="Logan clause", exact=True))
    logan.scroll_into_view_if_needed()
    assert logan.is_visible()
    assert logan.locator("td").all_inner_texts()[1:] == [percent(s["shares"].get("Logan clause")) for s in summaries]
    assert errors == [], errors
