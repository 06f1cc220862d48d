"""Headless-Chromium tests of the rendered site.

The site is rendered from real solved variants (``tests/conftest.py``) into
a temporary folder, served by a ``http.server`` thread on 127.0.0.1 under the
sub-path ``/vizgen/`` (as GitHub Pages serves a project site), and one page is
also opened from ``file://``. Every test checks that the page logged no
console error and that no request left 127.0.0.1 or the local files.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from tests.browsing import (
    NEEDS_BROWSER,
    PAGE_BUDGET,
    WIDE,
    click_node,
    fragment,
    names,
    out_degree,
    panel_shows,
)
from vizgen.analysis.rulebook import rule_tags
from vizgen.site.data.address_words import NOTES
from vizgen.site.render import VariantPage, render_site
from vizgen.site.render.datafiles import CHUNK_SIZE

pytestmark = NEEDS_BROWSER

# ---------------------------------------------------------------------------
# tests
# ---------------------------------------------------------------------------


def test_index(open_page: Callable, pages: dict[str, VariantPage]) -> None:
    page, _ = open_page("index.html", wait_ready=False)
    assert page.locator(".group-title").count() == len({p.variant.group for p in pages.values()})
    assert page.locator(".card").count() == len(pages)
    for slug in (p.slug for p in pages.values()):
        img = page.locator(f'img[src^="variants/{slug}/thumb."]')
        img.scroll_into_view_if_needed()
        page.wait_for_function("el => el.complete && el.naturalWidth > 0", arg=img.element_handle())
    page.locator('.card-title a[href="variants/standard.html"]').click()
    page.wait_for_function("window.vizgen && window.vizgen.ready", timeout=20000)
    assert page.url.endswith("/vizgen/variants/standard.html")


def _cards_seen(page: object) -> list[str]:
    """The variant pages of the index's cards a person sees: laid out, with a box on the page."""
    cards = page.locator("article.card")
    seen = []
    for i in range(cards.count()):
        card = cards.nth(i)
        box = card.bounding_box()
        if card.is_visible() and box is not None and box["width"] > 0 and box["height"] > 0:
            href = card.locator(".card-title a").get_attribute("href")
            seen.append(href.removeprefix("variants/").removesuffix(".html"))
    return sorted(seen)


@pytest.mark.catalogue_cases(
    "phone",
    reason="on a phone (5 s); the whole suite keeps the desktop's, and the phone's index keeping its filter")
@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_index_filters_by_rule(new_tab: Callable, base_url: str, pages: dict[str, VariantPage], phone: bool) -> None:
    """Ticking rules keeps the cards that change them all; typed words narrow further; a group left empty hides.

    Counted as a person sees them: a card hidden by the filter must take no room on the page (the cards' own
    ``display: flex`` once overrode the ``hidden`` attribute, so only whole groups ever hid).
    """
    page = new_tab(phone=phone)
    page.goto(base_url + "index.html")
    page.wait_for_function("document.getElementById('rule-count') && document.getElementById('rule-count').textContent")
    total = len(pages)
    slugs = sorted(p.slug for p in pages.values())
    assert _cards_seen(page) == slugs
    assert page.locator("#rule-count").inner_text() == f"{total} variants"
    changes = {p.slug: {key for key, _ in rule_tags(p.variant.params)} for p in pages.values()}
    more = page.locator("#rule-more summary")
    assert page.locator(".rule-box").first.is_visible() is not phone  # on a phone the boxes fold away
    if phone:
        more.click()  # "More filters" opens them
    page.locator(".rule-box", has_text="more players").locator("input").check()
    players = sorted(slug for slug, keys in changes.items() if "players" in keys)
    assert _cards_seen(page) == players and 0 < len(players) < total
    assert page.locator("#rule-count").inner_text() == f"{len(players)} of {total} variants"
    page.locator(".rule-box", has_text="other roll-over number").locator("input").check()
    both = sorted(slug for slug, keys in changes.items() if {"players", "r"} <= keys)
    assert _cards_seen(page) == both and len(both) == 1
    groups = page.locator("section.group")
    assert sum(groups.nth(i).is_visible() for i in range(groups.count())) == 1
    page.locator("#rule-words").fill("zebra")
    assert _cards_seen(page) == [] and page.locator("#rule-none").is_visible()
    assert sum(groups.nth(i).is_visible() for i in range(groups.count())) == 0
    for box in page.locator(".rule-box input").all():
        box.uncheck()
    page.locator("#rule-words").fill("three")
    three = sorted(p.slug for p in pages.values() if "three" in f"{p.variant.title} {p.variant.summary}".lower())
    assert _cards_seen(page) == three and 0 < len(three) < total
    assert page.locator("#rule-count").inner_text() == f"{len(three)} of {total} variants"
    page.locator("#rule-words").fill("")
    assert _cards_seen(page) == slugs and not page.locator("#rule-none").is_visible()


def test_index_on_a_phone_shows_results_under_the_words_and_keeps_the_filter(
        new_tab: Callable, base_url: str, pages: dict[str, VariantPage]) -> None:
    """#48 item 5: at 390x844, typing a word shows the first matching card on screen; the filter lives in the
    address, so reloading (or sharing) it keeps the words and the ticks; a tick the page has not is left out."""
    page = new_tab(phone=True)
    page.goto(base_url + "index.html")
    page.wait_for_function("document.getElementById('rule-count') && document.getElementById('rule-count').textContent")
    box = page.locator("#rule-words")
    box.tap()  # as a person does: the page brings the box to the top of the screen
    page.keyboard.type("three")
    three = sorted(p.slug for p in pages.values() if "three" in f"{p.variant.title} {p.variant.summary}".lower())
    assert _cards_seen(page) == three and three
    first = page.locator("article.card[data-rules]:visible").first
    top = first.bounding_box()
    assert top is not None and 0 <= top["y"] <= 844 - 80, top  # its title, at least, on screen
    assert first.locator(".card-title").is_visible()
    assert "words=three" in page.url
    page.reload()
    page.wait_for_function("document.getElementById('rule-count') && document.getElementById('rule-count').textContent")
    assert page.locator("#rule-words").input_value() == "three" and _cards_seen(page) == three
    page.goto(base_url + "index.html?ticks=players.nonsense&words=%3Cb%3E")
    page.wait_for_function("document.getElementById('rule-count') && document.getElementById('rule-count').textContent")
    assert page.locator(".rule-box", has_text="more players").is_visible()  # a tick from the address: unfolded
    assert page.locator(".rule-box", has_text="more players").locator("input").is_checked()
    assert page.locator("#rule-words").input_value() == "<b>" and page.locator("#rule-none").is_visible()
    assert page.locator("#rule-none").inner_text().startswith("No variant here")
    # the tick the index does not have is said, not dropped in silence; a clean address says nothing
    note = page.locator("#rule-note")
    assert note.is_visible() and note.inner_text() == NOTES["filter-rules"]
    page.goto(base_url + "index.html?ticks=players")
    page.wait_for_function("document.getElementById('rule-count') && document.getElementById('rule-count').textContent")
    assert not page.locator("#rule-note").is_visible()


def test_graph_draws_and_click_node(open_page: Callable, pages: dict[str, VariantPage]) -> None:
    data = pages["standard"]
    page, _ = open_page("variants/standard.html")
    panel_shows(page, "11-11")  # no fragment: the start is shown
    assert fragment(page) == ""
    assert page.locator("#graph canvas").count() == 1
    page.wait_for_function("window.vizgen.drawn === true")
    counts = page.evaluate(  # positions have number ids; the banded picture's words are text nodes besides
        "[window.vizgen.network.body.data.nodes.get({filter: (d) => typeof d.id === 'number'}).length,"
        " window.vizgen.network.body.data.edges.length, window.vizgen.network.body.data.nodes.length]"
    )
    bands = page.evaluate("window.vizgen.model.bands.length")
    assert counts == [len(data.nodes), len(data.edges.src), len(data.nodes) + bands] and bands > 0
    assert page.evaluate("window.vizgen.network.physics.options.enabled") is False
    target = "12-11"
    click_node(page, names(data).index(target))
    panel_shows(page, target)
    assert fragment(page) == target
    assert page.locator("#panel tr.move").count() == out_degree(data, target)
    assert page.locator("#panel .players .hand").count() == 4
    assert page.locator("#panel .badge").first.inner_text() == "draw"
    assert page.evaluate("window.vizgen.network.getSelectedNodes()") == [names(data).index(target)]


def test_moves_parents_and_history(open_page: Callable, pages: dict[str, VariantPage]) -> None:
    data = pages["standard"]
    page, _ = open_page("variants/standard.html#11-11")
    panel_shows(page, "11-11")
    trail = ["11-11"]
    for _ in range(3):  # walk three moves, each time the first listed
        link = page.locator("#panel tr.move td.mv a").first
        dst = link.get_attribute("href")[1:]
        link.click()
        panel_shows(page, dst)
        assert fragment(page) == dst
        trail.append(dst)
    # a parent leads back
    parent = page.locator("#panel .parents a.pos").first
    target = parent.inner_text()
    here = names(data).index(trail[-1])
    assert names(data).index(target) in data.edges.src[data.edges.dst == here].tolist()
    parent.click()
    panel_shows(page, target)
    trail.append(target)
    # back and forward retrace the walk
    for expected in reversed(trail[:-1]):
        page.go_back()
        panel_shows(page, expected)
        assert fragment(page) == expected
    page.go_forward()
    panel_shows(page, trail[1])
    # the graph follows the selection
    assert page.evaluate("window.vizgen.network.getSelectedNodes()") == [names(data).index(trail[1])]


def test_deep_link_and_search(open_page: Callable, pages: dict[str, VariantPage]) -> None:
    data = pages["standard"]
    page, _ = open_page("variants/standard.html#12-11")
    panel_shows(page, "12-11")
    # a position deeper in the game, typed three ways
    target = next(s for s in names(data) if s[0] != s[1] and s[:2] != "00")
    for typed in (target.replace("-", ""), target.replace("-", " "), f" {target} "):
        page.fill("#q", "")
        page.locator("#search button").click()
        assert page.locator("#search-msg").inner_text()  # empty search: a hint
        page.fill("#q", typed)
        page.press("#q", "Enter")
        panel_shows(page, target)
        assert fragment(page) == target
        assert page.locator("#search-msg").inner_text() == ""
        page.evaluate("location.hash = '#12-11'")
        panel_shows(page, "12-11")
    page.fill("#q", "99-99")
    page.press("#q", "Enter")
    msg = page.locator("#search-msg")
    assert "No position" in msg.inner_text() and "99-99" in msg.inner_text()
    assert fragment(page) == "12-11"
    # an unknown fragment says so too, and the compact form in the URL works
    page.evaluate("location.hash = '#77-77'")
    page.wait_for_function("document.getElementById('search-msg').textContent.includes('77-77')")
    page.evaluate("t => { location.hash = '#' + t; }", target.replace("-", ""))
    panel_shows(page, target)
    assert fragment(page) == target  # the compact form is rewritten to the notation


def test_unknown_deep_link_shows_the_start(open_page: Callable, pages: dict[str, VariantPage]) -> None:
    data = pages["standard"]
    page, _ = open_page("variants/standard.html#99-99")
    panel_shows(page, names(data)[data.start])
    page.wait_for_function("document.getElementById('search-msg').textContent.includes('99-99')")


#: what a page may transfer before it is usable (issue #10)
@pytest.mark.catalogue(
    reason="the bytes fetched until ready, the index and every variant page opened afresh (11 s); the whole suite "
           "keeps the same pages' gzip budgets (test_readable_browser)")
def test_every_page_is_usable_within_its_byte_budget(browser: object, base_url: str,
                                                      pages: dict[str, VariantPage]) -> None:
    """Bytes transferred until ``vizgen.ready``, with an empty cache, on every variant page and the index."""
    for url in ["index.html", *(f"variants/{p.slug}.html" for p in pages.values())]:
        context = browser.new_context(viewport=WIDE)
        tab = context.new_page()
        sizes: list[int] = []
        tab.on("response", lambda r, sizes=sizes: sizes.append(len(r.body())))
        tab.goto(base_url + url)
        tab.wait_for_function("!window.vizgen || window.vizgen.ready || window.vizgen.error", timeout=20000)
        assert 0 < sum(sizes) < PAGE_BUDGET, (url, sum(sizes))
        context.close()


def test_file_url(open_page: Callable, site_root: Path, pages: dict[str, VariantPage]) -> None:
    url = (site_root / "vizgen" / "variants" / "standard.html").as_uri() + "#12-11"
    page, watch = open_page(url)
    panel_shows(page, "12-11")
    link = page.locator("#panel tr.move td.mv a").first
    dst = link.get_attribute("href")[1:]
    link.click()
    panel_shows(page, dst)
    page.go_back()
    panel_shows(page, "12-11")
    assert any(u.endswith("/variants/standard/c0.js") for u in watch.requests)
    # the index works from file:// too
    page.goto((site_root / "vizgen" / "index.html").as_uri())
    assert page.locator(".card").count() == len(pages)


def test_big_explorer(open_page: Callable, pages: dict[str, VariantPage]) -> None:
    data = pages["three"]
    page, watch = open_page("variants/three-players.html")
    panel_shows(page, "11-11-11")
    explored = page.evaluate("window.vizgen.explored")
    assert explored["centre"] == data.start and explored["level1"] > 0 and explored["level2"] > 0
    shown = page.evaluate("window.vizgen.network.body.data.nodes.length")
    assert shown == 1 + explored["level1"] + explored["level2"]
    assert page.evaluate("window.vizgen.network.physics.options.enabled") is False
    assert "two steps away" in page.locator("#explorer-caption").inner_text()
    # click a neighbour in the explorer: it becomes the centre
    child = int(data.edges.dst[data.edges.src == data.start][0])
    click_node(page, child)
    panel_shows(page, names(data)[child])
    page.wait_for_function("id => window.vizgen.explored.centre === id", arg=child)
    assert fragment(page) == names(data)[child]
    # a move in the panel, then back
    link = page.locator("#panel tr.move td.mv a").first
    dst = link.get_attribute("href")[1:]
    link.click()
    panel_shows(page, dst)
    page.wait_for_function("id => window.vizgen.explored.centre === id", arg=names(data).index(dst))
    page.go_back()
    panel_shows(page, names(data)[child])
    # deep link to a position in a later chunk, by search
    far = names(data)[-1]
    page.fill("#q", far.replace("-", ""))
    page.press("#q", "Enter")
    panel_shows(page, far)
    last_chunk = (len(data.nodes) - 1) // CHUNK_SIZE
    assert any(u.endswith(f"/variants/three-players/c{last_chunk}.js") for u in watch.requests)
    # the overview picture: a click explores the position under the mouse
    img = page.locator("#overview")
    img.scroll_into_view_if_needed()
    box = img.bounding_box()
    before = page.evaluate("window.vizgen.selections")
    page.mouse.click(box["x"] + box["width"] * 0.5, box["y"] + box["height"] * 0.5)
    page.wait_for_function("n => window.vizgen.selections > n", arg=before)
    assert page.locator("#overview-mark").is_visible()


def test_deep_link_big(open_page: Callable, pages: dict[str, VariantPage]) -> None:
    data = pages["three"]
    target = names(data)[len(data.nodes) // 2]
    page, _ = open_page(f"variants/three-players.html#{target}")
    panel_shows(page, target)
    assert page.evaluate("window.vizgen.explored.centre") == len(data.nodes) // 2


def test_tables_link_to_positions(open_page: Callable, pages: dict[str, VariantPage]) -> None:
    data = pages["tiny"]
    table = data.nodes
    page, _ = open_page("variants/standard-r3.html")
    panel_shows(page, names(data)[data.start])
    # a position that wins in one ply, clicked in the tables
    win1 = names(data)[int(np.flatnonzero((table["winner"] == 0) & (table["remoteness"] == 1))[0])]
    page.locator(f'#positions a.pos[href="#{win1}"]').click()
    panel_shows(page, win1)
    assert "win in 1 ply" in page.locator("#panel .badge").first.inner_text()
    # its winning move ends the game: no moves there, and the panel says so
    over = [m for m in page.locator("#panel tr.move td:nth-child(3) a").all_inner_texts()
            if table["terminal"][names(data).index(m)]]
    page.locator(f'#panel tr.move td.mv a[href="#{over[0]}"]').click()
    panel_shows(page, over[0])
    assert page.locator("#panel tr.move").count() == 0
    assert page.locator("#panel .players .hand.dead").count() >= 2


def test_a_column_added_in_python_shows_in_the_panel(open_page: Callable, site_root: Path, base_url: str,
                                                    tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """One function in tables.COLUMN_MAKERS is all it takes for a figure to reach the position panel."""
    from vizgen.analysis import solved as analysis
    from vizgen.site.build import gather
    from vizgen.site.data import tables

    def outdegree(solved: analysis.Solved) -> list[tuple[tables.Column, np.ndarray]]:
        column = tables.Column("outdegree", "Moves here", "int", "count", "How many positions one move leads to.")
        return [(column, np.diff(solved.graph.indptr))]

    monkeypatch.setattr(tables, "COLUMN_MAKERS", [*tables.COLUMN_MAKERS, outdegree])
    (data,) = gather(["standard"], cache_dir=tmp_path)
    for name, blob in render_site([data]).items():
        path = site_root / "extra" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(blob)
    page, _ = open_page(base_url.replace("/vizgen/", "/extra/") + "variants/standard.html#12-11")
    panel_shows(page, "12-11")
    fact = page.locator('#panel [data-column="outdegree"]')
    assert fact.locator("dt").inner_text() == "Moves here"
    assert fact.locator(".fact-num").inner_text() == str(out_degree(data, "12-11"))


def test_an_add_on_that_comes_after_the_panel_still_gets_it(open_page: Callable,
                                                             pages: dict[str, VariantPage]) -> None:
    """The rules page loads play.js after vizgen.js, which may have filled the panel already: the add-on's
    onPanel is called at once with the panel shown, so its section (the game) is never missing."""
    page, _ = open_page("variants/standard.html")
    page.wait_for_function("document.getElementById('panel').dataset.position")
    seen = page.evaluate("""() => { const seen = [];
        window.vizgen.onPanel((panel, id) => seen.push([panel.id, id])); return seen; }""")
    assert seen == [["panel", pages["standard"].start]]
