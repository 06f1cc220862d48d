"""Headless-Chromium tests of what a visitor meets: the chooser's words, phones, the keyboard, accessibility.

The site is rendered from real solved variants (standard, self-gain, four
players and roll-over at 7) and the report pages (the max^n page, the family
and the claims, from small reports) into a temporary folder, served on
127.0.0.1 under ``/vizgen/``. Phones are 390 x 844 touch screens; every test
checks that the page logged no console error.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tests.browsing import PHONE, WIDE, Watch, panel_shows, served, write_site
from vizgen.ai.games import perfect_player, play
from vizgen.analysis.solved import solve_variant
from vizgen.reports.claims import claims_report
from vizgen.reports.family import family_figures
from vizgen.reports.guide import guide_figures
from vizgen.reports.maxn import report
from vizgen.site.render import VariantPage, render_site
from vizgen.util.cache import Cache

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.xdist_group("access")]

axe_sync = pytest.importorskip("axe_playwright_python.sync_playwright", reason="axe-playwright-python is missing")

SPECS = ("standard", "self-gain", "misere", "four-players", "standard:r=7", "standard:players=3,r=3")
#: every page of the site, for the overflow test
PAGES = ("index.html", "variants/standard.html", "variants/self-gain.html", "variants/four-players.html",
         "variants/standard-r7.html", "maxn.html", "family.html", "claims.html", "guide/standard.html",
         "guide/self-gain.html", "variants/standard-players3-r3.html")  # its value table held a phone 609 px wide


@pytest.fixture(scope="module")
def access_pages(shared_gather: Callable) -> dict[str, VariantPage]:
    pages = shared_gather(list(SPECS))
    return {p.slug: p for p in pages}


@pytest.fixture(scope="module")
def access_url(tmp_path_factory: pytest.TempPathFactory, access_pages: dict[str, VariantPage]) -> Iterator[str]:
    """The site with its report pages, served; the URL of its root."""
    root = tmp_path_factory.mktemp("www")
    maxn = report(players=(2, 3), depths=(1, 2), timing_players=(2,), timing_depths=(2, 3), games_per_seat=2,
                  budget=0.0)
    family = family_figures(players=[2, 3], rollovers=[3, 5], hands=[1, 2], max_positions=10_000,
                            cache=Cache(tmp_path_factory.mktemp("family")))
    claims = claims_report(Cache(tmp_path_factory.mktemp("claims")), ids=["3", "7", "41", "50"])
    guides = {slug: guide_figures(slug) for slug in ("standard", "self-gain")}
    files = render_site(list(access_pages.values()), maxn=maxn, family=family, claims=claims, guides=guides)
    write_site(root / "vizgen", files)
    with served(root, "vizgen/") as url:
        yield url


@pytest.fixture
def visit(new_tab: Callable[..., Any], access_url: str) -> Iterator[Callable[..., Any]]:
    """Open a page on a desktop (default) or a phone; check for console errors on teardown."""
    opened: list[Watch] = []

    def _visit(url: str, *, phone: bool = False) -> Any:
        page = new_tab(PHONE if phone else WIDE, phone=phone)
        watch = Watch(page)
        opened.append(watch)
        page.goto(access_url + url)
        if url.startswith("variants/"):
            page.wait_for_function("window.vizgen && (window.vizgen.ready || window.vizgen.error)", timeout=30000)
            assert page.evaluate("window.vizgen.error") is None
            page.wait_for_function("document.getElementById('panel').dataset.position")
        return page

    yield _visit
    for watch in opened:
        watch.check(("http://127.0.0.1:",))


def best_move(page: Any) -> dict[str, str]:
    """The first (best) row of the panel's move table: its target, badge text and badge class."""
    return page.evaluate("""() => {
        const row = document.querySelector('#panel tr.move');
        const badge = row.querySelector('.badge');
        return {to: row.querySelector('a.pos').textContent, text: badge.textContent, cls: badge.className,
                star: row.classList.contains('best')};
    }""")


# ---------------------------------------------------------------------------
# item 1: the chooser's words
# ---------------------------------------------------------------------------


def test_best_move_reads_as_a_win_for_the_chooser(visit: Callable) -> None:
    page = visit("variants/standard.html#33-12")
    panel_shows(page, "33-12")
    best = best_move(page)
    assert best["star"] and best["text"].startswith("you win in ") and "win" in best["cls"].split()
    # the position itself is coloured and worded for the player to move there
    assert "win in 3 plies" in page.locator("#panel .pos-head .badge").inner_text()


def test_self_gain_the_player_who_emptied_their_hands_has_won(visit: Callable) -> None:
    page = visit("variants/self-gain.html#44-00")
    panel_shows(page, "44-00")
    over = page.locator("#panel .game-over").inner_text()
    assert "the opponent has won" in over and "Emptying your hands wins" in over
    assert page.locator("#panel .tag.out").count() == 0
    winner = page.locator("#panel .player.winner")
    assert winner.count() == 1 and "Opponent" in winner.inner_text() and winner.locator(".tag.won").count() == 1
    assert winner.locator("svg.hand.dead").count() == 0 and winner.locator("svg.hand.empty").count() == 2
    # the page's rules in words say the same
    assert "that player wins" in page.locator("#rules").inner_text()


def test_misere_the_player_who_emptied_their_hands_has_won(visit: Callable) -> None:
    page = visit("variants/misere.html#00-12")
    panel_shows(page, "00-12")
    assert "the player to move has won" in page.locator("#panel .game-over").inner_text()
    assert page.locator("#panel .player.mover.winner .tag.won").count() == 1
    assert page.locator("#panel .tag.out").count() == 0 and page.locator("#panel svg.hand.dead").count() == 0


def test_self_gain_tells_its_story_and_is_near_the_top(visit: Callable) -> None:
    page = visit("variants/self-gain.html")
    story = page.locator(".story")
    assert "2016" in story.inner_text()
    assert story.locator("a").get_attribute("href") == "https://graphallthethings.com/posts/chopsticks/"
    index = visit("index.html")
    first = index.locator(".card-title a").first
    assert first.get_attribute("href") == "variants/self-gain.html"


def test_four_players_you_and_another_player(visit: Callable) -> None:
    page = visit("variants/four-players.html#03-00-00-03")
    panel_shows(page, "03-00-00-03")
    best = best_move(page)
    assert best["star"] and best["text"] == "you win in 4 more plies" and "win" in best["cls"].split()
    other = page.locator("#panel tr.move:not(.best) .badge").first
    assert other.inner_text().startswith("the player 3 seats on can force a win")
    assert "loss" in other.get_attribute("class").split()
    assert page.locator("#panel .player.mover .tag.you").count() == 1
    # eliminated players are out while the game goes on
    assert page.locator("#panel .tag.out").count() == 2


def test_legend_says_what_colours_mean(visit: Callable) -> None:
    page = visit("variants/standard.html")
    legend = page.locator(".legend").inner_text()
    assert "for the player to move there" in legend and "for you, the player choosing it" in legend


# ---------------------------------------------------------------------------
# item 10: hands above five fingers
# ---------------------------------------------------------------------------


def test_hands_above_five_fingers(visit: Callable, access_pages: dict[str, VariantPage]) -> None:
    names = access_pages["standard-r7"].nodes.plain("position")
    target = next(n for n in names if n.startswith("06-"))
    page = visit(f"variants/standard-r7.html#{target}")
    panel_shows(page, target)
    hands = page.evaluate("""() => [...document.querySelectorAll('#panel .player.mover svg.hand')].map(h => ({
        label: h.getAttribute('aria-label'), cls: h.getAttribute('class'),
        raised: h.querySelectorAll('.finger:not(.fold)').length,
        total: h.querySelector('.total') && h.querySelector('.total').textContent}))""")
    dead, six = hands
    assert "dead" in dead["cls"] and dead["raised"] == 0 and dead["label"].startswith("dead hand")
    assert six == {"label": "6 fingers", "cls": "hand many", "raised": 6, "total": "6"}


# ---------------------------------------------------------------------------
# item 6: phones
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("url", PAGES)
def test_no_horizontal_scroll_on_a_phone(visit: Callable, url: str) -> None:
    page = visit(url, phone=True)
    width = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert width[0] <= width[1] == PHONE["width"], url


def test_a_tap_shows_the_position_on_a_phone(visit: Callable) -> None:
    page = visit("variants/standard.html", phone=True)
    page.evaluate("document.getElementById('graph').scrollIntoView({block: 'start'})")
    page.wait_for_timeout(200)
    # a position other than the start, brought to the middle of the graph at a size a finger can hit
    x, y, name = page.evaluate("""() => {
        const net = window.vizgen.network, m = window.vizgen.model;
        let id = 0;
        while (id === m.startId || m.over(id)) id++;
        net.moveTo({position: net.getPositions([id])[id], scale: 2, animation: false});
        const box = document.querySelector('#graph canvas').getBoundingClientRect();
        const d = net.canvasToDOM(net.getPositions([id])[id]);
        return [box.left + d.x, box.top + d.y, m.notation[id]];
    }""")
    page.touchscreen.tap(x, y)
    panel_shows(page, name)
    page.wait_for_timeout(400)  # the sheet's transition
    title = page.locator("#panel .pos-title").bounding_box()
    assert title["y"] >= 0 and title["y"] + title["height"] <= PHONE["height"]
    hit = page.evaluate("([x, y]) => document.elementFromPoint(x, y).closest('#panel') !== null",
                        [title["x"] + title["width"] / 2, title["y"] + title["height"] / 2])
    assert hit, "the selected position is covered"
    # the first move is in sight too, and the graph still shows above the sheet
    row = page.locator("#panel tr.move").first.bounding_box()
    assert row["y"] + row["height"] <= PHONE["height"]
    graph = page.locator("#graph").bounding_box()
    sheet = page.locator("#panel").bounding_box()
    assert sheet["y"] - max(graph["y"], 0) >= 200


def test_one_finger_scrolls_the_page_on_a_phone(visit: Callable) -> None:
    page = visit("variants/standard.html", phone=True)
    trapped = page.evaluate("""() => {
        let n = 0, all = 0;
        for (let x = 5; x < innerWidth; x += 10) for (let y = 5; y < innerHeight; y += 10) {
            all++;
            const el = document.elementFromPoint(x, y);
            // the sheet's handle alone takes a finger's drag (it raises and lowers the sheet)
            if (el && getComputedStyle(el).touchAction === 'none' && !el.closest('.sheet-toggle')) n++;
        }
        return n / all;
    }""")
    assert trapped == 0
    # one finger drags up over the middle of the graph: the page scrolls
    box = page.locator("#graph").bounding_box()
    x, y = box["x"] + box["width"] / 2, min(box["y"] + box["height"] / 2, PHONE["height"] - 120)
    assert page.evaluate("([x, y]) => document.elementFromPoint(x, y).tagName", [x, y]) == "CANVAS"
    before = page.evaluate("scrollY")
    drag(page, x, y, 0, -25)
    assert page.evaluate("scrollY") > before + 100
    # a sideways drag moves the graph, not the page
    box = page.locator("#graph").bounding_box()
    x, y = box["x"] + box["width"] * 0.8, box["y"] + box["height"] / 2
    page.wait_for_timeout(300)  # let the vertical scroll settle first
    before, view = page.evaluate("[scrollY, window.vizgen.network.getViewPosition().x]")
    drag(page, x, y, -20, 0)
    after, moved = page.evaluate("[scrollY, window.vizgen.network.getViewPosition().x]")
    assert abs(after - before) <= 2 and abs(moved - view) > 50  # a pixel of rounding, not a scroll


def drag(page: Any, x: float, y: float, dx: float, dy: float) -> None:
    """One finger on (x, y), ten steps of (dx, dy), lifted."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for k in range(1, 11):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x + dx * k, "y": y + dy * k}]})
        page.wait_for_timeout(16)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    page.wait_for_timeout(300)


def test_tap_targets_and_legend_on_a_phone(visit: Callable) -> None:
    page = visit("variants/standard.html#12-11", phone=True)
    panel_shows(page, "12-11")
    small = page.evaluate("""() => [...document.querySelectorAll(
            '#panel tr.move td.mv a, #panel a.pos, .toolbar button, .toolbar input[type=search], '
            + '.toolbar label:not(.visually-hidden), #panel button, #panel select')]
        .map(el => [el.textContent || el.id || el.className, el.getBoundingClientRect()])
        .filter(([_, r]) => r.width > 0 && (r.height < 24 || r.width < 24))
        .map(([t, r]) => t + ' ' + Math.round(r.width) + 'x' + Math.round(r.height))""")
    assert small == []
    # the legend is complete for the view shown: the value map's key shows with the map
    hidden_js = """() => [...document.querySelectorAll('.legend > *')]
        .filter(el => document.body.classList.contains('view-map')
            ? !el.matches('.key-edge, .key-shape') : !el.classList.contains('map-only'))
        .filter(el => { const r = el.getBoundingClientRect(); return r.width === 0 || r.right > innerWidth; })
        .map(el => el.textContent)"""
    assert page.evaluate(hidden_js) == [] and page.locator(".legend > *").count() >= 10
    page.locator("#panel .sheet-toggle").click()  # as a visitor does: fold the sheet to reach the view's tabs
    page.locator('.view-tab[data-view="map"]').click()
    page.wait_for_function("document.body.classList.contains('view-map')")
    assert page.evaluate(hidden_js) == []


# ---------------------------------------------------------------------------
# item 7: the keyboard
# ---------------------------------------------------------------------------


def test_keyboard_moves_plays_and_goes_back(visit: Callable) -> None:
    page = visit("variants/standard.html#33-12")
    panel_shows(page, "33-12")
    page.locator("#panel tr.move td.mv a").first.focus()
    page.keyboard.press("ArrowDown")
    second = page.evaluate("document.activeElement.closest('tr.move').querySelector('a.pos').textContent")
    assert second == page.locator("#panel tr.move a.pos").nth(1).inner_text()
    page.keyboard.press("k")
    page.keyboard.press("j")
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none", "no visible focus ring"
    page.keyboard.press("Enter")
    panel_shows(page, second)
    assert page.evaluate("document.getElementById('panel').contains(document.activeElement)")
    page.keyboard.press("ArrowDown")
    assert page.evaluate("document.activeElement.matches('#panel tr.move td.mv a')")
    page.keyboard.press("Backspace")
    panel_shows(page, "33-12")
    assert page.evaluate("document.getElementById('panel').contains(document.activeElement)")
    page.keyboard.press("Enter")
    page.wait_for_function("document.getElementById('panel').dataset.position !== '33-12'")
    page.keyboard.press("Alt+ArrowLeft")
    panel_shows(page, "33-12")
    assert page.evaluate("document.getElementById('panel').contains(document.activeElement)")


# ---------------------------------------------------------------------------
# item 8: axe
# ---------------------------------------------------------------------------


@pytest.mark.catalogue_cases(
    "phone-variants/self-gain.html#44-00", "phone-variants/four-players.html#03-00-00-03",
    "phone-variants/standard.html#33-12", "phone-guide/standard.html",
    reason="axe-core on these pages on a phone (19 s); the whole suite keeps them on a desktop and the index on "
           "a phone")
@pytest.mark.parametrize("url", ["index.html", "variants/standard.html#33-12", "variants/self-gain.html#44-00",
                                 "variants/four-players.html#03-00-00-03", "guide/standard.html"])
@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_axe_finds_nothing_serious(visit: Callable, url: str, phone: bool) -> None:
    page = visit(url, phone=phone)
    results = axe_sync.Axe().run(page)
    bad = [f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
           for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert bad == []


@pytest.mark.catalogue_cases(
    "phone",
    reason="axe-core through a game on a phone (12 s); the whole suite keeps the desktop's, and the index's axe"
           " on a phone")
@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_axe_finds_nothing_serious_in_a_game(visit: Callable, access_pages: dict[str, VariantPage],
                                             phone: bool) -> None:
    """A finished game (the review, the chart, the moves by round, the end) and a challenge under way."""
    data = access_pages["standard"]
    s = solve_variant(data.variant)
    perfect = perfect_player(s.graph, s.forced)
    _, path = play(s.graph, [perfect, perfect])
    line = [*path, perfect.choose(path[-1], None)]
    moves = "_".join(s.graph.notations()[i] for i in line[1:])
    for url in (f"variants/standard.html?play=you.perfect&seed=1&moves={moves}",
                "variants/standard.html?play=you.perfect&seed=1&mode=challenge&moves=12-11_12-12"):
        page = visit(url, phone=phone)
        page.wait_for_function("window.vizgen.play && window.vizgen.play.ready && window.vizgen.play.state()")
        assert page.evaluate("window.vizgen.play.state().over") == url.endswith(moves)
        results = axe_sync.Axe().run(page)
        bad = [f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
               for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
        assert bad == [], url


def test_the_view_tabs_answer_the_arrow_keys(visit: Callable) -> None:
    """The tab list's keys (WAI-ARIA tabs): ← and → move between Graph and Value map and show the view."""
    page = visit("variants/standard.html")
    page.locator('.view-tab[data-view="graph"]').focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function("document.body.classList.contains('view-map')")
    assert page.evaluate("document.activeElement.dataset.view") == "map"
    assert page.locator('.view-tab[data-view="map"]').get_attribute("aria-selected") == "true"
    page.keyboard.press("Home")
    page.wait_for_function("!document.body.classList.contains('view-map')")
    assert page.evaluate("document.activeElement.dataset.view") == "graph"
