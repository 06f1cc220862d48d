"""The rules page in a headless browser, opened from ``file://``: rule sets solved on the spot.

``rules.html?rules=...`` solves the rule set in the page, shows the start's value and hands the solution to
the variant pages' own viewer (graph, panel, play); a challenge game is marked and reviewed; the page's JSON
download has the stats block, the columns and, position by position, every value ``vizgen build --variant`` writes
in its own; a rule set too
big for a browser, and one that cannot be played, are refused in words that name the command or the reason.
"""

from __future__ import annotations

import gzip
import json
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from tests.browsing import NEEDS_BROWSER, write_site
from vizgen.analysis.solved import solve_variant
from vizgen.analysis.units import percent
from vizgen.analysis.words import plies
from vizgen.engine.params import VariantError
from vizgen.engine.spec import resolve
from vizgen.reports.guide import _must_find, _verdict, _View
from vizgen.reports.lessons import VERDICT_WORDS
from vizgen.reports.rules_of_thumb import measure_rule, move_features, search_rules, to_keep
from vizgen.site.render import render_site

#: the browser tests are skipped, saying why, where Playwright is not installed
PlaywrightTimeout = pytest.importorskip("playwright.sync_api",
                                        reason="the playwright package is not installed").TimeoutError

pytestmark = [*NEEDS_BROWSER, pytest.mark.slow, pytest.mark.xdist_group("rulespage_browser")]

#: a two-player rule set with a house rule of section 3b, and a three-player one
SPECS = ("cutoff:death_attack=true", "standard:players=3,r=3")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory, shared_gather: Callable) -> Path:
    pages = shared_gather(list(SPECS))
    root = tmp_path_factory.mktemp("rules-site")
    write_site(root, render_site(pages))
    return root


@pytest.fixture
def rules_page(new_tab: Callable[..., object], site: Path) -> Callable[[str], object]:
    def _open(spec: str) -> object:
        page = new_tab()
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto((site / "rules.html").as_uri() + "?rules=" + spec)
        page.wait_for_function("window.vizgenRules && (window.vizgenRules.ready || window.vizgenRules.refused)",
                               timeout=60000)
        assert errors == [], errors
        return page

    return _open


def built_download(site: Path, spec: str) -> dict:
    slug = resolve(spec).slug
    folder = site / "variants" / slug
    path = next(p for p in (folder / f"{slug}.json", folder / f"{slug}.json.gz") if p.exists())
    blob = path.read_bytes()
    return json.loads(gzip.decompress(blob) if path.suffix == ".gz" else blob)


@pytest.mark.parametrize("spec", SPECS)
def test_a_rule_set_is_solved_drawn_played_and_downloaded(rules_page: Callable, site: Path, spec: str) -> None:
    page = rules_page(spec)
    built = built_download(site, spec)
    n = len(built["nodes"])
    # the graph (or explorer) of the variant pages, on these rules
    page.wait_for_function("window.vizgen && window.vizgen.ready && window.vizgen.network", timeout=20000)
    assert page.evaluate("window.vizgen.model.n") == n
    start = built["stats"]["start"]["position"]
    assert page.evaluate("vizgenRules.solution.rules.name(vizgenRules.solution.codes[vizgenRules.solution.start])") \
        == start
    verdict = page.locator("#rules-verdict").inner_text()
    assert start in verdict and len(verdict) > len(start) + 10
    # remembered on this machine; compared with the standard rules, on the value map too (two players)
    assert spec in page.evaluate("JSON.parse(localStorage.getItem('vizgen-rules-recent'))")
    page.wait_for_function("window.vizgenRules.compare")
    changed = page.evaluate("vizgenRules.compare.changed")
    if built["stats"]["params"]["players"] == 2:
        assert f"{changed} change" in page.locator("#rules-compare-out").inner_text()
        page.locator('.view-tab[data-view="map"]').click()
        page.wait_for_function("document.body.classList.contains('view-map')")
        assert f"({changed} differ)" in page.locator("#vmap-compare").inner_text()
        page.locator('.view-tab[data-view="graph"]').click()
    # the short guide (two players): the verdict in the built guide's words and every must-find position
    if built["stats"]["params"]["players"] == 2:
        page.wait_for_function("window.vizgenRules.guide")
        view = _View(solve_variant(resolve(spec)))
        v, must = _verdict(view), _must_find(view, np.zeros(n))
        head = VERDICT_WORDS["draw"].format(start=v["start"]) if v["winner"] < 0 else VERDICT_WORDS["win"].format(
            who="first" if v["winner"] == 0 else "second", start=v["start"], plies=plies(v["plies"]))
        tail = VERDICT_WORDS["must"].format(total=len(must)) if must else VERDICT_WORDS["none"]
        assert page.locator("#rules-guide-verdict").inner_text() == head + VERDICT_WORDS["room"].format(**v) + tail
        assert page.evaluate("vizgenRules.guide.must") == len(must)
        shown = page.eval_on_selector_all("#rules-guide-must tbody tr td:first-child",
                                          "cells => cells.map(c => c.textContent)")
        assert shown == [m["position"] for m in must][:len(shown)] and len(shown) == min(len(must), 400)
        # the rules of thumb: the built guide's rules, in its order, with its figures
        solved = solve_variant(resolve(spec))
        chosen, shares = search_rules(solved)
        assert chosen, spec  # the rule sets checked here have some
        texts = page.eval_on_selector_all("#rules-thumbs-list .rule-text", "ps => ps.map(p => p.textContent)")
        assert texts == [r.text() for r in chosen] == page.evaluate("vizgenRules.guide.thumbs")
        feats, when = move_features(solved.graph)
        figures = page.eval_on_selector_all("#rules-thumbs-list .rule-figures", "ps => ps.map(p => p.textContent)")
        for r, after, shown_figures in zip(chosen, shares[1:], figures, strict=True):
            alone = measure_rule(solved, r, feats, when)
            assert shown_figures.startswith(f"Alone, it applies at {alone['applies']:,} position"), shown_figures
            assert f"keep the value {percent(alone['accuracy'])} of the time there, against " \
                   f"{percent(alone['baseline'])} for a random move. With the rules above it: {percent(after)}." \
                   in shown_figures, shown_figures
        lead = page.locator("#rules-thumbs-lead").inner_text()
        assert f"over the {int(to_keep(solved).sum()):,} positions" in lead
        assert f"keeps the value {percent(shares[0])} of the time; following all {len(chosen)} rules, " \
               f"{percent(shares[-1])}." in lead
    # the same values, position by position, as the build's download
    with page.expect_download() as got:
        page.locator("#rules-download").click()
    mine = json.loads(Path(got.value.path()).read_text())
    assert len(mine["nodes"]) == n
    assert mine["columns"] == built["columns"], spec
    assert mine["stats"] == built["stats"], spec
    for row, theirs in zip(mine["nodes"], built["nodes"]):
        assert row == theirs, (spec, theirs["position"], {k: (v, theirs.get(k)) for k, v in row.items()
                                                          if theirs.get(k) != v})
    assert mine["edges"] == built["edges"], spec
    # a challenge game against the perfect player, marked move by move and reviewed at the end
    page.evaluate("window.vizgen.play.delay = 0")
    try:  # once in CI, on a loaded machine, the button was not there 30 s on: say what the play area held
        page.wait_for_function("window.vizgen.play.ready && document.querySelector('#play button[data-act=start]')",
                               timeout=60000)
    except PlaywrightTimeout:
        raise AssertionError(page.evaluate("""() => ({ready: window.vizgen.play.ready,
            message: window.vizgen.play.message, panel: document.getElementById('panel').dataset.position,
            play: (document.getElementById('play') || {}).outerHTML})""")) from None
    page.locator("#play button[data-act=start]").click()
    for _ in range(60):
        page.wait_for_function("(s => s && !s.paused && (s.yourTurn || s.over))(window.vizgen.play.state())",
                               timeout=60000)
        state = page.evaluate("window.vizgen.play.state()")
        if state["over"]:
            break
        assert state["challenge"] and state["hidden"]
        page.locator("#panel tr.move td.mv a").first.click()
        page.wait_for_function("n => window.vizgen.play.state().path.length > n", arg=len(state["path"]))
    assert page.locator("#play .play-mark").count() >= 1
    if state["over"]:
        assert page.locator("#panel .play-counts").count() == 1  # the review of a finished game


def test_a_built_in_variant_is_named(rules_page: Callable) -> None:
    page = rules_page("standard:overflow=cutoff")
    assert "Cutoff" in page.locator("#rules-same").inner_text()
    assert page.locator("#rules-same a").get_attribute("href") == "variants/cutoff.html"


def test_too_big_for_a_browser_names_the_command(rules_page: Callable) -> None:
    page = rules_page("standard:players=7")
    assert page.evaluate("vizgenRules.refused") == "size"
    status = page.locator("#rules-status").inner_text()
    assert "too many to solve in a browser" in status
    assert page.locator("#rules-command").inner_text() == "python -m vizgen build --variant standard:players=7"


def test_an_impossible_combination_gets_the_engines_reason(rules_page: Callable) -> None:
    page = rules_page("standard:zombies=true")
    with pytest.raises(VariantError) as err:
        resolve("standard:zombies=true")
    assert str(err.value) in page.locator("#rules-status").inner_text()


def test_the_index_and_every_variant_page_link_here(site: Path) -> None:
    assert 'href="rules.html"' in (site / "index.html").read_text()
    for spec in SPECS:
        html = (site / "variants" / f"{resolve(spec).slug}.html").read_text()
        assert 'href="../rules.html?rules=' in html
