"""Both themes in the browser: every visible text reads at 4.5:1 or more in the light and the dark theme, the
dark theme follows the system or the header's toggle (remembered), and every colour drawn follows it too."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browsing import DESKTOP, NEEDS_BROWSER
from vizgen.site.drawing import theme

pytestmark = NEEDS_BROWSER

#: measures, in the page, the contrast of every visible text against what it is drawn on (WCAG ratio)
TEXT_CONTRAST = (Path(__file__).parent / "browser_text_contrast.js").read_text()
#: a page of each kind the test site has: the index, a two-player page (graph and value map), a small
#: three-player page and a big one (the explorer and its overview picture)
PAGES = ("index.html", "variants/standard.html", "variants/standard-players3-r3.html", "variants/three-players.html")


def _open(browser: object, url: str, scheme: str) -> object:
    page = browser.new_page(viewport=DESKTOP, color_scheme=scheme)
    page.goto(url)
    page.wait_for_load_state("load")
    if "variants/" in url:
        page.wait_for_function("window.vizgen && (window.vizgen.ready || window.vizgen.error)", timeout=20000)
    return page


@pytest.mark.catalogue_cases(
    "variants/standard-players3-r3.html-light", "variants/three-players.html-light",
    "variants/three-players.html-dark", "variants/standard.html-dark",
    reason="four more pages and themes (12 s); the whole suite keeps three players at r = 3 dark and the classic"
           " game light")
@pytest.mark.parametrize("scheme", theme.THEMES)
@pytest.mark.parametrize("path", PAGES)
def test_text_reads_in_both_themes(browser: object, base_url: str, path: str, scheme: str) -> None:
    page = _open(browser, base_url + path + ("#12-11" if path == "variants/standard.html" else ""), scheme)
    try:
        assert page.evaluate("getComputedStyle(document.documentElement).colorScheme") == scheme
        paper = page.evaluate("getComputedStyle(document.body).backgroundColor")
        r, g, b = theme.rgb(theme.PALETTES[scheme]["paper"])
        assert paper == f"rgb({r}, {g}, {b})"
        measured = page.evaluate(TEXT_CONTRAST)
        assert len(measured) > 20
        low = [m for m in measured if m[0] < 4.5]
        assert low == [], low[:5]
    finally:
        page.close()


def test_the_toggle_is_remembered_and_redraws_every_colour(browser: object, base_url: str) -> None:
    context = browser.new_context(viewport=DESKTOP, color_scheme="light")
    page = context.new_page()
    try:
        page.goto(base_url + "variants/three-players.html")
        page.wait_for_function("window.vizgen && window.vizgen.ready", timeout=20000)
        overview = page.locator("#overview")
        assert overview.get_attribute("src").endswith("/overview.png")
        page.click("#theme-toggle")
        assert page.evaluate("document.documentElement.dataset.theme") == "dark"
        assert page.get_attribute("#theme-toggle", "aria-pressed") == "true"
        assert overview.get_attribute("src").endswith("/overview-dark.png")  # a PNG is drawn once per theme
        dark = theme.DARK["paper"]
        assert page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--paper').trim()") == dark
        page.reload()
        page.wait_for_function("window.vizgen && window.vizgen.ready", timeout=20000)
        assert page.evaluate("document.documentElement.dataset.theme") == "dark"  # remembered
        assert page.locator("#overview").get_attribute("src").endswith("/overview-dark.png")
        page.click("#theme-toggle")
        assert page.evaluate("localStorage.getItem('vizgen-theme')") == "light"
    finally:
        context.close()


def test_the_value_map_and_the_graph_take_the_dark_palette(browser: object, base_url: str) -> None:
    context = browser.new_context(viewport=DESKTOP, color_scheme="dark")
    page = context.new_page()
    try:
        page.goto(base_url + "variants/standard.html#11-11")
        page.wait_for_function("window.vizgen && window.vizgen.ready", timeout=20000)
        page.evaluate("window.vizgen.view === 'map' || document.querySelector('.view-tab[data-view=map]').click()")
        page.wait_for_function("window.vizgen.map")
        # the map's cells: each is a colour of the dark theme's shades, none of the light one's
        fills = page.evaluate("window.vizgen.map.colours().filter(Boolean)")
        config = page.evaluate("window.vizgen.config.themes")
        assert config == {"light": theme.LIGHT, "dark": theme.DARK}
        from vizgen.site.drawing.valuemap import shade_colours
        dark = {c for cs in shade_colours(theme.DARK).values() for c in cs}
        light = {c for cs in shade_colours(theme.LIGHT).values() for c in cs}
        assert fills and set(fills) <= dark and not set(fills) & light
        page.click("#theme-toggle")
        fills = page.evaluate("window.vizgen.map.colours().filter(Boolean)")
        assert set(fills) <= light
        # the graph's positions: the light palette's value colours after the toggle
        page.click(".view-tab[data-view=graph]")
        page.wait_for_function("window.vizgen.network")
        colours = page.evaluate("Object.values(window.vizgen.network.body.nodes).map(n => n.options.color && "
                                "n.options.color.background).filter(Boolean)")
        assert set(colours) & {theme.LIGHT["win"], theme.LIGHT["loss"], theme.LIGHT["draw"]}
        assert not set(colours) & {theme.DARK["win"], theme.DARK["loss"], theme.DARK["draw"]}
    finally:
        context.close()
