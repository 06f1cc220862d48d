"""The report pages' charts in headless Chromium: every text of their drawings readable on a phone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browsing import NEEDS_BROWSER, write_site
from vizgen.reports import family
from vizgen.reports.maxn import report
from vizgen.site.render import render_site
from vizgen.util.cache import Cache

pytestmark = NEEDS_BROWSER


@pytest.fixture(scope="module")
def small_family(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The family page's figures over a few small sweeps (four charts)."""
    return family.family_figures(players=[2, 3, 6], rollovers=[3, 5], hands=[1, 2], max_positions=10_000,
                                 players_max_positions=10_000, cache=Cache(tmp_path_factory.mktemp("family")))


#: the smallest a chart's text may be drawn on a phone, in CSS pixels
SMALLEST_TEXT = 11


def test_chart_text_is_readable_on_a_phone(browser: object, tmp_path: Path, small_family: dict[str, Any]) -> None:
    """Every text of the family and max-n pages' drawings (axes, ticks, legends) is at least 11 px on a
    390x844 phone, and on a desktop screen."""
    maxn = report(players=(2, 3), depths=(1, 2), timing_players=(2,), timing_depths=(2, 3), games_per_seat=2,
                  budget=0.0)
    write_site(tmp_path, render_site([], family=small_family, maxn={**maxn, "timing_measured": "on a test machine"}))
    measure = """() => [...document.querySelectorAll('svg text')].filter(t => t.getClientRects().length).map(t => {
        const m = t.getScreenCTM();
        return parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b); })"""
    for width, height in ((390, 844), (1400, 900)):
        page = browser.new_page(viewport={"width": width, "height": height})
        for name in ("family.html", "maxn.html"):
            page.goto((tmp_path / name).as_uri())
            sizes = page.evaluate(measure)
            assert name != "family.html" or len(sizes) > 40, sizes  # the four charts are drawn
            assert min(sizes, default=SMALLEST_TEXT) >= SMALLEST_TEXT, (name, width, min(sizes))
        page.close()
