"""The same command gives the same bytes: cold or warm cache, any hash seed, thread count, working folder or locale.

The suite checks it on a small catalogue that has every kind of page (a banded graph and its guide, a value map,
the neighbourhood explorer, a code page, the index and the three report pages); the whole catalogue, cold and
warm, is the catalogue lane's (``python -m pytest --catalogue -m catalogue``, a CI job of its own).
"""

from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.builds import small_claims_report, small_maxn_report

ROOT = Path(__file__).resolve().parents[1]
#: a two-player value map, a three-player variant with survival, a cut-off variant
SPECS = ("standard", "standard:players=3,r=3", "cutoff:r=4")
#: every kind of variant page: the banded graph with its guide (standard), a two-player page that opens on the
#: value map (r = 7), the neighbourhood explorer (three players, 3,337 positions), a code page (five players)
KINDS = ("standard", "standard:r=7", "three-players", "five-players")


def _locales() -> tuple[str, str]:
    """Two locales of this machine, a comma-decimal one first where there is one."""
    try:
        have = subprocess.run(["locale", "-a"], capture_output=True, text=True, timeout=30).stdout.split()
    except OSError:
        have = []
    wanted = [name for name in have if name.lower().startswith(("de_de.utf", "fr_fr.utf"))]
    wanted += [name for name in have if name.lower() in ("c.utf8", "c.utf-8")]
    first, second = [*wanted, "C", "C"][:2]
    return first, second


def digest(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def build(cwd: Path, cache: Path, env: dict[str, str], *args: str) -> dict[str, str]:
    """``python -m vizgen build ARGS --out site`` run in ``cwd`` (a relative --out); every file's digest."""
    cwd.mkdir(parents=True, exist_ok=True)
    full = {**os.environ, "PYTHONPATH": str(ROOT), "VIZGEN_CACHE": str(cache), **env}
    run = subprocess.run([sys.executable, "-m", "vizgen", "build", *args, "--quiet", "--out", "site"], cwd=cwd,
                         env=full, capture_output=True, text=True, timeout=1800)
    assert run.returncode == 0 and run.stderr == "", run.stderr
    return digest(cwd / "site")


def environments() -> tuple[dict[str, str], dict[str, str]]:
    first, second = _locales()
    return ({"PYTHONHASHSEED": "1", "OMP_NUM_THREADS": "1", "LC_ALL": first},
            {"PYTHONHASHSEED": "4242", "OMP_NUM_THREADS": "2", "LC_ALL": second})


@pytest.mark.slow
def test_a_partial_build_is_the_same_cold_and_warm_in_other_environments(tmp_path: Path) -> None:
    a, b = environments()
    args = [arg for spec in SPECS for arg in ("--variant", spec)]
    cold = build(tmp_path / "one", tmp_path / "cache", a, *args)
    warm = build(tmp_path / "two" / "deeper", tmp_path / "cache", b, *args)
    other = build(tmp_path / "three", tmp_path / "other-cache", b, *args)
    assert len(cold) > 20 and "maxn.html" not in cold
    assert cold == warm == other


@pytest.mark.catalogue(
    reason="every kind of page built cold and warm (57 s); the whole suite keeps a partial build cold and warm "
           "in other environments, and test_build's byte-identical builds")
@pytest.mark.slow
def test_every_page_kind_is_the_same_cold_and_warm(tmp_path: Path) -> None:
    """A small catalogue with every kind of page and the report pages, built from an empty cache (but the max^n
    report's and the claims' figures, small ones), then again from the full one in another environment: every
    byte equal."""
    a, b = environments()
    small_maxn_report(tmp_path / "cache")
    small_claims_report(tmp_path / "cache")
    args = [arg for spec in KINDS for arg in ("--variant", spec)]
    args += ["--reports", "--family-max-positions", "5000"]
    cold = build(tmp_path / "one", tmp_path / "cache", a, *args)
    warm = build(tmp_path / "two", tmp_path / "cache", b, *args)
    assert {"index.html", "maxn.html", "family.html", "claims.html", "guide/standard.html"} <= set(cold)
    shown = {}
    for slug in ("standard", "standard-r7", "three-players", "five-players"):
        page = (tmp_path / "one" / "site" / "variants" / f"{slug}.html").read_text()
        shown[slug] = tuple(re.search(rf'"{key}":\s*"(\w+)"', page).group(1) for key in ("kind", "view"))
    assert shown == {"standard": ("small", "graph"), "standard-r7": ("small", "map"),
                     "three-players": ("big", "graph"), "five-players": ("code", "graph")}
    assert cold == warm


@pytest.mark.catalogue
def test_the_whole_catalogue_is_the_same_cold_and_warm(tmp_path: Path) -> None:
    """The full catalogue with its report pages, built from an empty cache, then again from the full one in
    another environment: every byte equal."""
    a, b = environments()
    cold = build(tmp_path / "one", tmp_path / "cache", a)
    warm = build(tmp_path / "two", tmp_path / "cache", b)
    assert {"maxn.html", "family.html", "claims.html", "variants/six-players.html"} <= set(cold)
    assert cold == warm
