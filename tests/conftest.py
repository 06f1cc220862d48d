"""Shared set-up: real solved variants made into site pages."""

from __future__ import annotations

import pytest

from vizgen.site.build import gather
from vizgen.site.render import VariantPage

#: the classic game, a tiny one, a small three-player one and a big three-player one (the explorer)
SITE_SPECS = ("standard", "standard:r=3", "standard:players=3,r=3", "three-players")


@pytest.fixture(scope="session")
def site_pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, VariantPage]:
    """Pages of :data:`SITE_SPECS` by slug, solved and laid out for real."""
    pages = gather(list(SITE_SPECS), cache_dir=tmp_path_factory.mktemp("layouts"))
    return {p.slug: p for p in pages}

