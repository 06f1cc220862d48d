"""Shared set-up: the compiled kernel warmed once, and real solved variants made into site pages."""

from __future__ import annotations

import pytest

from vizgen.analysis import describe, solve_variant
from vizgen.build import gather
from vizgen.render import VariantPage
from vizgen.variants import resolve

#: the classic game, a tiny one, a small three-player one and a big three-player one (the explorer)
SITE_SPECS = ("standard", "standard:r=3", "standard:players=3,r=3", "three-players")


@pytest.fixture(scope="session")
def site_pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, VariantPage]:
    """Pages of :data:`SITE_SPECS` by slug, solved and laid out for real."""
    pages = gather(list(SITE_SPECS), cache_dir=tmp_path_factory.mktemp("layouts"))
    return {p.slug: p for p in pages}


def pytest_sessionstart(session: pytest.Session) -> None:
    """Compile the numba kernel into its on-disk cache before any test runs.

    On a fresh clone the first command compiles the kernel (10-15 s). Tests that
    run the command line in a subprocess with a capped address space or a time
    bound would otherwise pay that, in whichever order they run.
    """
    for spec in ("standard", "standard:players=3,r=3", "standard:swaps=1,r=3"):
        solved = solve_variant(resolve(spec))
        describe(solved, solved.graph.start)  # parents come from the kernel's backward moves
