"""Headless-Chromium tests of the documentation's link in the site's header (issue #49): on a site built with
``--docs``, every page's header shows "Docs" on one line with the rest, on a desktop and on a phone, and it
leads to the documentation's home, under a sub-path and from ``file://``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.browsing import PHONE, WIDE, served

pytest.importorskip("playwright.sync_api", reason="the playwright package is not installed")

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.xdist_group("docs-browser")]

#: the header's visible children, each with its box's top and its words
HEADER = """() => [...document.querySelector('.site-header').children].filter((e) => e.offsetParent)
    .map((e) => ({cls: e.className, top: Math.round(e.getBoundingClientRect().top),
                  bottom: Math.round(e.getBoundingClientRect().bottom), right: e.getBoundingClientRect().right}))"""


@pytest.fixture(scope="module")
def site(docs_site: Path) -> Path:
    """A site of the classic game built with its documentation (the web root's sub-folder ``vizgen/``): the run's
    (``docs_site``, tests/conftest.py)."""
    return docs_site


@pytest.fixture(scope="module")
def base_url(site: Path) -> Iterator[str]:
    with served(site, "vizgen/") as url:
        yield url


@pytest.mark.catalogue_cases(
    "variants/standard.html-desktop", "rules.html-desktop", "index.html-phone", "variants/standard.html-phone",
    "guide/standard.html-phone",
    reason="five more pages and screens (13 s); the whole suite keeps the index on a desktop and the rules page "
           "on a phone")
@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
@pytest.mark.parametrize("path", ["index.html", "variants/standard.html", "rules.html", "guide/standard.html"])
def test_the_header_shows_the_docs_on_one_line_and_leads_to_them(new_tab: Callable[..., object], base_url: str,
                                                                 path: str, phone: bool) -> None:
    page = new_tab(PHONE if phone else WIDE, phone=phone)
    page.goto(base_url + path)  # type: ignore[attr-defined]
    link = page.get_by_role("link", name="Docs")  # type: ignore[attr-defined]
    link.wait_for(state="visible")
    boxes = page.evaluate(HEADER)  # type: ignore[attr-defined]
    width = (PHONE if phone else WIDE)["width"]
    assert all(b["right"] <= width for b in boxes), boxes  # on screen
    assert max(b["top"] for b in boxes) < min(b["bottom"] for b in boxes), f"the header wraps: {boxes}"
    if not phone:
        assert link.inner_text().strip() == "Docs"
    link.click()
    page.wait_for_url("**/vizgen/docs/index.html")  # type: ignore[attr-defined]
    heading = page.get_by_role("heading", level=1)  # type: ignore[attr-defined]
    assert heading.is_visible() and heading.inner_text().rstrip("¶").strip() == "vizgen: the Chopsticks atlas"


def test_the_docs_open_from_file(new_tab: Callable[..., object], site: Path) -> None:
    page = new_tab(WIDE)
    page.goto((site / "vizgen" / "variants" / "standard.html").as_uri())  # type: ignore[attr-defined]
    page.get_by_role("link", name="Docs").click()  # type: ignore[attr-defined]
    page.get_by_role("link", name="Command line").first.click()  # type: ignore[attr-defined]
    page.wait_for_url("**/docs/reference/cli.html")  # type: ignore[attr-defined]
    heading = page.get_by_role("heading", name="vizgen build").first  # type: ignore[attr-defined]
    heading.wait_for(state="visible")  # the page loads after the click: waited for, not raced
    assert heading.is_visible()
