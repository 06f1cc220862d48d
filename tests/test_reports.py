"""The family in figures and the claims page: numbers from the engine, cache, charts, pages and links."""

from __future__ import annotations

import copy
import posixpath
import re
from pathlib import Path
from typing import Any

import pytest

from tests.browsing import links_of
from tests.builds import small_maxn_report
from vizgen.analysis import figures, solved, words
from vizgen.engine.params import estimate_positions
from vizgen.engine.spec import resolve
from vizgen.reports import family
from vizgen.reports.claims import claims_report, load_claims
from vizgen.site import build
from vizgen.site.drawing import theme
from vizgen.site.render import VariantPage, render_site
from vizgen.site.render.charts import Series, line_chart
from vizgen.site.render.contexts import num
from vizgen.util.cache import Cache

#: one worker runs the module: its module site (11 s) was set up on both workers
pytestmark = pytest.mark.xdist_group("reports")

SMALL = {"players": [2, 3, 6], "rollovers": [3, 5], "hands": [1, 2]}
#: solve up to this many possible positions, the players sweep too (six players are listed with their size)
LIMITS = {"max_positions": 10_000, "players_max_positions": 10_000}
#: compared with a fresh solve: every figure the family page shows
KEYS = ("positions", "reachable_of", "edges", "terminal", "win", "loss", "draw", "forced_win", "open",
        "longest_win", "greatest_depth", "start")


@pytest.fixture(scope="module")
def small_family(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return family.family_figures(**SMALL, **LIMITS, cache=Cache(tmp_path_factory.mktemp("family")))


@pytest.fixture(scope="module")
def small_claims(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Four claims: agreeing, two positions, disagreeing, unreachable."""
    return claims_report(Cache(tmp_path_factory.mktemp("claims")), ids=["3", "7", "41", "50"])


@pytest.fixture(scope="module")
def site(site_pages: dict[str, VariantPage], small_family: dict[str, Any],
         small_claims: dict[str, Any]) -> dict[str, bytes]:
    return render_site(list(site_pages.values()), family=small_family, claims=small_claims)


def test_family_numbers_are_the_engines(small_family: dict[str, Any]) -> None:
    """Every solved row's figures equal :func:`vizgen.analysis.figures.stats` of a fresh solve; rows over the
    limit carry the size instead."""
    sections = small_family["sections"]
    assert [r["x"] for r in sections["players"]] == SMALL["players"]
    assert [r["spec"] for r in sections["cutoff"]] == ["cutoff:r=3", "cutoff:r=5"]
    for rows in sections.values():
        for row in rows:
            assert row["estimate"] == estimate_positions(resolve(row["spec"]).params)
            if row["estimate"] > 10_000:
                assert row["stats"] is None
                continue
            fresh = figures.stats(solved.solve_variant(resolve(row["spec"])), row["spec"])
            assert {k: row["stats"].get(k) for k in KEYS} == {k: fresh.get(k) for k in KEYS}, row["spec"]
    assert sections["players"][2]["stats"] is None  # six players: 11 million possible positions


def test_family_cache(tmp_path: Path, small_family: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """The cache returns what a fresh computation does, one entry per variant, and is read back, not recomputed."""
    first = family.family_figures(**SMALL, **LIMITS, cache=Cache(tmp_path))
    files = sorted((tmp_path / "family").iterdir())
    assert len(files) == 8  # the solved rows only, one per spec
    monkeypatch.setattr(family, "_solve", lambda spec, limit: pytest.fail(f"{spec} solved again"))
    again = family.family_figures(**SMALL, **LIMITS, cache=Cache(tmp_path))
    monkeypatch.undo()
    assert first == again == small_family == family.family_figures(**SMALL, **LIMITS)
    assert sorted((tmp_path / "family").iterdir()) == files


def test_line_chart() -> None:
    """Deterministic SVG with its text alternative; a missing value breaks the line; theme colours."""
    series = [Series("a", "accent", [(1, 10.0), (2, None), (3, 1000.0), (4, 100.0)]), Series("b", "loss", [(1, 5.0)])]
    svg = line_chart(series, title="T <&>", x_label="x", y_label="y", log_y=True)
    assert svg == line_chart(series, title="T <&>", x_label="x", y_label="y", log_y=True)
    assert "<title>T &lt;&amp;&gt;</title>" in svg
    desc = re.search(r"<desc>(.*)</desc>", svg).group(1)
    assert desc == "a: 1 → 10, 3 → 1000, 4 → 100; b: 1 → 5"
    assert svg.count("<polyline") == 3  # a's two runs and b's single point
    assert theme.PALETTE["accent"] in svg and theme.PALETTE["loss"] in svg
    assert ">1k</text>" in svg  # log ticks are powers of ten


@pytest.mark.slow
def test_pages_and_links(site: dict[str, bytes]) -> None:
    """Both pages exist, the index links to them, and every relative link resolves to a file of the site."""
    assert "family.html" in site and "claims.html" in site and "space.html" in site
    index_links = links_of(site["index.html"])
    assert "family.html" in index_links and "claims.html" in index_links and "space.html" in index_links
    for page in ("family.html", "claims.html", "space.html", "index.html"):
        for link in links_of(site[page]):
            if re.match(r"^https?:", link):
                assert page == "claims.html", link  # sources are cited by address
                continue
            path = link.split("#")[0].split("?")[0]  # a query (the invitation to play) is read by the page
            if path:
                assert posixpath.normpath(posixpath.join(posixpath.dirname(page), path)) in site, (page, link)


@pytest.mark.slow
def test_family_page_shows_the_figures(site: dict[str, bytes], small_family: dict[str, Any]) -> None:
    """Every solved row's counts are on the page; a row links to its variant page or names its command."""
    html = site["family.html"].decode()
    for name, rows in small_family["sections"].items():
        for row in rows:
            s = row["stats"]
            if s is None:
                assert f"up to {num(row['estimate'])} positions" in html
                assert f"vizgen stats {row['spec']}" in html
                continue
            shown = [num(s["positions"])]
            shown += [num(s["edges"]), num(s["terminal"])] if name in ("players", "hands") else []
            if s["params"]["players"] == 2:
                shown += [words.percent(s["draw"], s["positions"]), str(s["longest_win"])]
            for text in shown:
                assert f">{text}<" in html, (row["spec"], text)
    # standard (players=2, r=5, hands=2) and standard:r=3 have pages in this site; cutoff:r=3 does not
    assert 'href="variants/standard.html"' in html and 'href="variants/standard-r3.html"' in html
    assert "vizgen stats cutoff:r=3" in html and "vizgen stats standard:hands=1" in html
    assert html.count("<svg class=\"chart\"") == 4 and html.count("<desc>") == 4


@pytest.mark.slow
def test_claims_page(site: dict[str, bytes], small_claims: dict[str, Any]) -> None:
    """Each claim with its source link, numbers, verdict and explanation; the closed form's table."""
    html = site["claims.html"].decode()
    data = load_claims()
    for c in small_claims["claims"]:
        assert f'id="claim-{c["id"]}"' in html
        assert data["sources"][c["source"]]["title"].replace('"', "&#34;") in html
        assert c["verdict"] in html
    assert 'href="#D1"' in html and 'id="D1"' in html and 'id="D4"' in html
    assert "cannot be reached" not in html  # claim 50 shows "reachable: no", not an error
    assert "<td>yes</td><td>no</td>" in html


@pytest.mark.slow
def test_claims_page_closed_form(site_pages: dict[str, VariantPage], tmp_path: Path) -> None:
    """The closed form's table: the formula and our count for every r from 3 to 23, all equal."""
    report = claims_report(Cache(tmp_path), ids=["52"])
    (form,) = report["closed_forms"]
    assert [row["r"] for row in form["rows"]] == list(range(3, 24)) and form["agrees"]
    html = render_site(list(site_pages.values()), claims=report)["claims.html"].decode()
    for row in form["rows"]:
        assert html.count(f">{num(row['ours'])}<") >= 2  # the formula's row and ours
    assert "holds for every r checked" in html


@pytest.mark.slow(reason="renders the site's pages with the claims report (4 CPU s); out of the fast lane: issue #49")
def test_claims_are_read_in_the_order_of_their_numbers(site_pages: dict[str, VariantPage], tmp_path: Path) -> None:
    """The page's table lists the claims as a reader counts them, wherever the data file holds them (claim 53
    sits before 25-32 there: the page once read 1-24, 53, 25, 33-52)."""
    ids = ["53", "33", "25-32", "24"]
    assert [c["id"] for c in load_claims()["claim"] if c["id"] in ids] == ["24", "25-32", "33", "53"]
    html = render_site(list(site_pages.values()), claims=claims_report(Cache(tmp_path), ids=ids))["claims.html"]
    summary = html.decode().split('<section id="summary">', 1)[1].split("</section>", 1)[0]
    read = re.findall(r'<tr><td><a href="#claim-[^"]+">([^<]+)</a>', summary)
    assert read == ["24", "25-32", "33", "53"]


@pytest.mark.slow
def test_without_reports(site_pages: dict[str, VariantPage]) -> None:
    """No data, no pages and no links to them."""
    site = render_site(list(site_pages.values()))
    assert "family.html" not in site and "claims.html" not in site
    assert b"family.html" not in site["index.html"]


@pytest.mark.slow
def test_build_adds_reports_only_when_asked(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            small_family: dict[str, Any], small_claims: dict[str, Any]) -> None:
    """``build --variant X`` leaves the reports out unless ``reports=True`` (the catalogue build adds them)."""
    monkeypatch.setattr(build, "family_figures", lambda **kw: small_family)
    monkeypatch.setattr(build, "claims_report", lambda cache: small_claims)
    small_maxn_report(tmp_path / "cache")  # read, not computed (a minute)
    kw = {"cache_dir": tmp_path / "cache", "progress": False}
    build.build_site(["standard:r=3"], tmp_path / "a", **kw)
    assert not (tmp_path / "a" / "family.html").exists()
    build.build_site(["standard:r=3"], tmp_path / "b", reports=True, **kw)
    assert (tmp_path / "b" / "family.html").is_file() and (tmp_path / "b" / "claims.html").is_file()


@pytest.mark.slow
def test_survival_shares_shown_when_stats_has_them(site_pages: dict[str, VariantPage],
                                                   small_family: dict[str, Any]) -> None:
    """The engine branch adds ``survive`` / ``forced_out`` per seat to ``stats``: the players table shows them."""
    data = copy.deepcopy(small_family)
    three = data["sections"]["players"][1]["stats"]
    three["survive"], three["forced_out"] = [0.5, 0.25, 0.125], [0.0, 0.5, 0.75]
    html = render_site(list(site_pages.values()), family=data)["family.html"].decode()
    assert "survive 50.0\u202f% · 25.0\u202f% · 12.5\u202f%" in html and "forced out 0\u202f%" in html


@pytest.mark.catalogue(
    reason="the report pages rendered a second time (12 s); the whole suite keeps test_build's byte-identical "
           "builds")
@pytest.mark.slow
def test_reports_are_deterministic(site_pages: dict[str, VariantPage], site: dict[str, bytes],
                                   small_family: dict[str, Any], small_claims: dict[str, Any]) -> None:
    again = render_site(list(site_pages.values()), family=copy.deepcopy(small_family),
                        claims=copy.deepcopy(small_claims))
    assert again == site
