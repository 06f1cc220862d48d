"""The hostile title in headless Chromium: the value map's compare list shows it literally, and nothing runs."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.browsing import NEEDS_BROWSER
from tests.hostile_site import SHOWN, build_hostile_site, make_folder

pytestmark = NEEDS_BROWSER


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = make_folder(tmp_path_factory.mktemp("hostile"))
    return build_hostile_site(folder, tmp_path_factory.mktemp("out") / "site", tmp_path_factory.mktemp("cache"))


@pytest.mark.slow
def test_the_browser_shows_the_title_literally_in_the_compare_list(site: Path, new_tab: Callable) -> None:
    page = new_tab()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("dialog", lambda d: errors.append(f"a dialog opened: {d.message}"))
    page.goto((site / "variants" / "standard.html").as_uri())
    page.wait_for_function("window.vizgen && (window.vizgen.ready || window.vizgen.error)", timeout=20000)
    page.locator('.view-tab[data-view="map"]').click()
    page.wait_for_function("window.vizgen.map")
    options = page.locator("#vmap-compare option").all_text_contents()
    assert any(o.startswith(SHOWN) for o in options), options
    assert page.locator("#vmap-compare marquee").count() == 0 and not errors, errors
