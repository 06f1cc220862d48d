"""Headless-Chromium tests of a game pasted into a variant's page (issue #48 item 6: play/import.js, the import
box under the play box), at phone size (390x844, touch): a 20-ply game tapped in and reviewed on one phone, then
pasted on another, as moves in the notation ``vizgen show --then`` reads and as the first phone's link, gives the
same review, word for word; a bad move is named with its ply in one line, the paste kept and nothing else changed.
Same site, server and checks as the other browser tests (the fixtures of ``tests/conftest.py``).
"""

from __future__ import annotations

import contextlib
import itertools
import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.browsing import Watch, names, state
from vizgen.engine.rules import Rules
from vizgen.engine.spec import resolve
from vizgen.site.render import VariantPage

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("people")]

axe_sync = pytest.importorskip("axe_playwright_python.sync_playwright", reason="axe-playwright-python is missing")
PlaywrightTimeout = pytest.importorskip("playwright.sync_api",
                                        reason="the playwright package is not installed").TimeoutError
PHONE = {"width": 390, "height": 844}
SHOTS = Path("/work/shots/import")
READY = "window.vizgen && window.vizgen.play && window.vizgen.play.ready"


@pytest.fixture
def phone(browser: object, base_url: str) -> Iterator[Callable[[str], object]]:
    """Open a page of the site on a new phone (390x844, touch); no console error, no request leaving this machine."""
    opened: list[tuple[object, Watch]] = []

    def _open(url: str) -> object:
        ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        page = ctx.new_page()
        opened.append((ctx, Watch(page)))
        page.goto(base_url + url)
        page.wait_for_function(READY, timeout=60000)
        return page

    yield _open
    for ctx, watch in opened:
        watch.check(("http://127.0.0.1:",))
        ctx.close()


def shoot(page: object, name: str) -> None:
    """Screenshots of the page at 390x844 and 1400x900 (skipped where the folder cannot be made)."""
    with contextlib.suppress(OSError):
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}-390.png"))
        page.set_viewport_size({"width": 1400, "height": 900})
        page.screenshot(path=str(SHOTS / f"{name}-1400.png"))
        page.set_viewport_size(PHONE)


def tap(locator: object) -> None:
    """Touch a control, scrolled into the middle first (on a phone the panel is a sheet that scrolls inside)."""
    for _ in range(20):
        locator.evaluate("e => e.scrollIntoView({block: 'center'})")
        with contextlib.suppress(PlaywrightTimeout):
            locator.tap(timeout=1500)
            return
    locator.tap()


def tapped_game(page: object, data: VariantPage, plies: int) -> list[str]:
    """A game of ``plies`` plies entered on the page by touching the move table (random moves that neither end
    the game nor come back to a position of it); its positions, the start first."""
    tap(page.locator("#play button[data-act=enter]"))
    page.wait_for_function("window.vizgen.play.state() && window.vizgen.play.state().mode === 'analyse'")
    rng = random.Random(20)
    for _ in range(plies):
        path = state(page)["path"]
        dsts = [int(x) for x in page.locator("#panel tr.move").evaluate_all("rs => rs.map(r => r.dataset.dst)")]
        fresh = [d for d in dsts if int(data.nodes["remoteness"][d]) != 0 and names(data)[d] not in path]
        dst = rng.choice(sorted(fresh or dsts))
        page.locator(f'#panel tr.move[data-dst="{dst}"] td.mv a').first.tap()
        page.wait_for_function("n => window.vizgen.play.state().path.length > n", arg=len(path), timeout=10000)
    return list(state(page)["path"])


def moves_of(path: list[str]) -> list[str]:
    """The moves between the positions, in the notation ``vizgen show --then`` reads (the Python's)."""
    rules = Rules(resolve("standard"))
    out = []
    for here, there in itertools.pairwise(path):
        out.append(next(str(m) for m, child in rules.successors(rules.parse(here)) if rules.notation(child) == there))
    return out


def review_seen(page: object) -> dict[str, object]:
    """What a person reads of a game's review: where it stands, the players' tallies, the moves with their marks,
    the turning point and the chart's caption."""
    page.wait_for_function("window.vizgen.play.state().mode === 'review'")
    log = page.locator("#panel .play-log")
    log.locator(".play-tally").first.wait_for()
    assert log.is_visible()
    return {"now": page.locator("#play .play-mode-now").inner_text(),
            "tallies": log.locator(".play-tally").all_inner_texts(),
            "moves": log.locator(".play-moves").inner_text(), "turning": log.locator(".play-turning").inner_text(),
            "log": log.inner_text()}


def paste(page: object, text: str) -> None:
    """Open the import box, paste ``text`` and touch "Review this game"."""
    box = page.locator(".play-import")
    if box.get_attribute("open") is None:
        tap(box.locator("summary"))
    area = box.locator("textarea[data-import]")
    if len(text) > 2000:  # pasted at once (Playwright's fill is made for typing lengths)
        area.evaluate("(e, t) => { e.value = t; e.dispatchEvent(new Event('input', {bubbles: true})); }", text)
    else:
        area.fill(text)
    tap(box.locator('button[data-act="import"]'))


def test_a_pasted_game_gives_the_review_of_the_same_game_tapped_in(phone: Callable[[str], object],
                                                                   pages: dict[str, VariantPage]) -> None:
    data = pages["standard"]
    tapped = phone("variants/standard.html#11-11")
    path = tapped_game(tapped, data, 20)
    assert len(path) == 21 and path[0] == "11-11"
    tap(tapped.locator("#play button[data-act=review]"))
    seen = review_seen(tapped)
    assert [t.split(":")[0] for t in seen["tallies"]] == ["Player 1", "Player 2"]
    link = tapped.url

    # another phone: the same game pasted as moves, one a line, numbered, in the Python's notation
    other = phone("variants/standard.html")
    box = other.locator(".play-import")
    assert box.locator("summary").inner_text() == "Import a game"
    tap(box.locator("summary"))
    assert "as vizgen show --then reads them" in box.inner_text()
    moves = moves_of(path)
    paste(other, "\n".join(f"{k + 1}. {m}" for k, m in enumerate(moves)))
    assert review_seen(other) == seen
    assert state(other)["path"] == path
    assert not other.locator(".play-import-box").is_visible(), "the box gives way to the game"
    shoot(other, "pasted-review")

    # and as the first phone's link
    third = phone("variants/standard.html")
    paste(third, link)
    assert review_seen(third) == seen


def test_a_bad_move_is_named_with_its_ply_and_nothing_else_changes(phone: Callable[[str], object]) -> None:
    page = phone("variants/standard.html")
    moves = moves_of(["11-11", "12-11", "12-12", "23-12", "12-14", "34-12", "02-34"])
    before = page.url
    text = "\n".join([*moves, "9>9", "1>1"])
    paste(page, text)
    said = page.locator(".play-import-message")
    said.wait_for()
    assert said.is_visible()
    page.wait_for_function("""() => { const r = document.querySelector('.play-import-message').getBoundingClientRect();
        return r.top >= 0 && r.bottom <= window.innerHeight; }""")  # on the screen, where the visitor looks
    assert said.inner_text() == "Ply 7: “9>9” is not a legal move from 02-34."
    assert page.locator(".play-import textarea").input_value() == text, "the paste kept, to be mended"
    assert page.url == before and state(page) is None, "no game started, the address as it was"
    found = axe_sync.Axe().run(page).response["violations"]
    serious = [v["id"] for v in found if v["impact"] in ("serious", "critical")]
    assert serious == []
    shoot(page, "bad-move")
    paste(page, "<img src=x onerror=\"window.__pwned=1\">")
    assert said.inner_text().startswith("Ply 1: “<img src=x onerror=\"window.__pwned=1\">” is not a move: write 1>2")
    assert page.evaluate("window.__pwned") is None and page.locator(".play-import img").count() == 0
    paste(page, "1>1\n" * 6000)
    assert said.inner_text() == "That is too long for a game: at most 20000 characters (24000 pasted)."
    paste(page, "   ")
    assert said.inner_text() == "Paste a game first: its moves or its link."
    paste(page, moves[0])  # mended: a game of one ply opens in review
    page.wait_for_function("window.vizgen.play.state() && window.vizgen.play.state().mode === 'review'")
    assert state(page)["path"] == ["11-11", "12-11"]
