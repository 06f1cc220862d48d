"""Words from the one table, as a visitor reads them in headless Chromium (issue #48 item 4): no page shows a rule's
code name or a share of "0.0 %", in its own text or in what its script writes; the rule space's chart labels fit
their chart on a desktop and on a phone; the explorer says why the rules refuse a combination; the rules page's
comparison names each rule in words."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.browsing import NEEDS_BROWSER, PHONE, WIDE, write_site
from vizgen.analysis.rulebook import RULE_WORDS
from vizgen.engine.params import PARAM_NAMES
from vizgen.reports import family
from vizgen.reports.claims import claims_report
from vizgen.reports.guide import guide_figures
from vizgen.site.render import VariantPage, render_site
from vizgen.util.cache import Cache

#: one worker runs the module: its site (the family, the claims, the guide) is made once a run, not on each worker
pytestmark = [*NEEDS_BROWSER, pytest.mark.xdist_group("words_browser")]

#: what a visitor never reads: a rule's code name (a spec's, ``sudden_death``; ``misere`` without its accent) or
#: a share that rounds to nothing written as nothing ("0.0 %": a share that is not zero reads "under 0.1 %")
CODE_NAMES = re.compile(r"\b(?:" + "|".join(n for n in PARAM_NAMES if n != RULE_WORDS[n] and "_" in n) +
                        r"|misere)\b|(?<![\d.])0\.0\s*%")

#: a page's visible text once its script has drawn it, with every option of its menus; a spec written as the
#: address writes it (in a ``<code>``, "standard:sudden_death=true") is notation, not a name, and is left out
VISIBLE = """() => {
  const hide = document.createElement("style");
  hide.textContent = "code { display: none !important; }";
  document.head.append(hide);
  const text = document.body.innerText;
  hide.remove();
  return text + "\\n" + [...document.querySelectorAll("option")].map((o) => o.textContent).join("\\n");
}"""


def test_the_pattern_finds_code_names_and_empty_shares() -> None:
    for text in ("sudden_death", "the same rules with one_point_switch toggled", "0.0 %", "0.0\u202f%", "misere"):
        assert CODE_NAMES.search(text), text
    for text in ("sudden death", "one-point switch", "misère", "under 0.1\u202f%", "10.0 %", "100.0 %", "r = 5"):
        assert not CODE_NAMES.search(text), text


@pytest.fixture(scope="module")
def site_root(tmp_path_factory: pytest.TempPathFactory, site_pages: dict[str, VariantPage]) -> Path:
    """The session's variants with every page besides: the guide, the family, the claims (claims 8 and 53 of one
    source, 51 of another between them) and the rule space."""
    root = tmp_path_factory.mktemp("words")
    members = family.family_figures(players=[2, 3], rollovers=[3], hands=[2], max_positions=10_000,
                                    players_max_positions=10_000, cache=Cache(tmp_path_factory.mktemp("family")))
    files = render_site(list(site_pages.values()), guides={"standard": guide_figures("standard")}, family=members,
                        claims=claims_report(None, ids=["1", "3", "8", "51", "53"]))
    write_site(root / "vizgen", files)
    return root


def _settled(page: Any) -> None:
    """Wait until the page's script has drawn what it draws at first: its ready flag, where it has one."""
    page.wait_for_load_state("networkidle")
    page.wait_for_function("!window.vizgen || window.vizgen.ready || window.vizgen.error", timeout=30000)
    page.wait_for_function("!document.getElementById('space-form') || (window.vizgenSpace && "
                           "window.vizgenSpace.ready)", timeout=30000)


@pytest.mark.catalogue(
    reason="every page's drawn text read in the browser (25 s); the whole suite keeps every built page's words read "
           "from its files (test_public_words) and the pages' words from the one table, checked under Node (test_js)")
def test_no_page_shows_a_code_name_or_an_empty_share(new_tab: Callable[..., Any], base_url: str,
                                                     site_root: Path) -> None:
    pages = sorted(p.relative_to(site_root / "vizgen").as_posix() for p in (site_root / "vizgen").rglob("*.html"))
    assert {"index.html", "space.html", "rules.html", "claims.html", "family.html", "guide/standard.html",
            "variants/standard.html", "variants/three-players.html"} <= set(pages)
    found = {}
    for name in [*pages, "rules.html?rules=standard&compare=standard:overflow=cutoff"]:
        tab = new_tab()
        tab.goto(base_url + name)
        _settled(tab)
        text = tab.evaluate(VISIBLE)
        assert len(text) > 200, name
        if CODE_NAMES.search(text):
            found[name] = sorted({m.group(0) for m in CODE_NAMES.finditer(text)})
        tab.close()
    assert found == {}


def test_the_rules_page_compares_with_a_rule_named_in_words(new_tab: Callable[..., Any], base_url: str) -> None:
    tab = new_tab()
    tab.goto(base_url + "rules.html?rules=standard")
    _settled(tab)
    menu = tab.locator("#rules-compare")
    options = menu.locator("option").all_inner_texts()
    assert "the same rules with one-point switch on" in options and "the same rules with misère on" in options
    assert "the same rules with transfers off" in options  # the standard rules have transfers: turning them off
    menu.select_option("one_point_switch")
    tab.wait_for_function("window.vizgenRules.compare && window.vizgenRules.compare.spec", timeout=60000)
    assert tab.locator("#rules-compare-out").is_visible()


@pytest.mark.parametrize("screen", [WIDE, PHONE], ids=["desktop", "phone"])
def test_the_space_charts_labels_fit_their_chart(new_tab: Callable[..., Any], base_url: str,
                                                 screen: dict[str, int]) -> None:
    """Every text of the rule space's charts (the rules' names, the shares, the axis) is inside its chart's box,
    measured in the browser: "own swap count" is not cut to "ount"."""
    tab = new_tab(screen, phone=screen is PHONE)
    tab.goto(base_url + "space.html")
    _settled(tab)
    labels = tab.locator("#effect-chart svg text").all_text_contents()
    assert "own swap count" in labels and "one-point switch" in labels and "sudden death" in labels
    outside = tab.evaluate("""() => [...document.querySelectorAll("svg.chart")].flatMap((svg) => {
        const box = svg.getBoundingClientRect();
        return [...svg.querySelectorAll("text")].map((t) => [t.textContent, t.getBoundingClientRect()])
          .filter(([, r]) => r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5
                  || r.bottom > box.bottom + 0.5).map(([words, r]) => [words, r.left - box.left, box.right - r.right]);
      })""")
    assert outside == []


def test_the_claims_are_shown_number_by_number(new_tab: Callable[..., Any], base_url: str) -> None:
    """Under "The claims, number by number" a reader on a phone opens each source and reads the claims' numbers in
    ascending order (issue #48 item 9: the page once read 37, 38, 39, 2, 3, grouped by the sources' codes)."""
    tab = new_tab(phone=True)
    tab.goto(base_url + "claims.html")
    section = tab.locator("#claims")
    for summary in section.locator("details.source-group > summary").all():
        summary.click()
    heads = [h for h in section.locator("article.claim h3 > span:first-child").all() if h.is_visible()]
    shown = [h.inner_text() for h in heads]
    assert shown == ["Claim 1", "Claim 3", "Claim 8", "Claim 51", "Claim 53"], shown
    sources = section.locator("details.source-group > summary > b").all_inner_texts()
    assert len(sources) == 5 and sources[2] == sources[4]  # claim 53's source again, after claim 51's


@pytest.mark.parametrize("compare", ["standard:overflow=cutoff", "standard:r=6"])
def test_a_comparison_fits_a_phone_and_breaks_specs_only_between_rules(new_tab: Callable[..., Any], base_url: str,
                                                                      compare: str) -> None:
    """On a 390 px phone the rules page with a comparison scrolls no wider than the screen (it once read 393 px),
    and a rule set's name in the comparison's headers breaks after its colon or a comma, never inside a rule
    ("standard:r=" / "6" once)."""
    tab = new_tab(phone=True)
    tab.goto(base_url + f"rules.html?rules=standard&compare={compare}")
    tab.wait_for_function("window.vizgenRules && window.vizgenRules.compare && window.vizgenRules.compare.figures",
                          timeout=60000)
    out = tab.locator("#rules-compare-out")
    assert out.is_visible() and compare in out.inner_text()
    assert tab.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    pieces = tab.evaluate("""() => [...document.querySelectorAll("#rules-compare-out th code")].flatMap((code) =>
        [...code.childNodes].filter((n) => n.nodeType === 3).map((n) => {
          const range = document.createRange();
          range.selectNodeContents(n);
          return [n.textContent, new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size];
        }))""")
    assert compare.split(":")[1] in [text for text, _ in pieces]  # the rule, a piece of its own
    assert [text for text, lines in pieces if lines != 1] == []
