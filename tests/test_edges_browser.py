"""Issue #45, the browser half: no silent rewrite, ever (headless Chromium, at a desktop's and a phone's size).

A number too large for its field is refused with the address reader's note (never rounded or written in
exponent form), a bad fragment beside a game is said, a game record that cannot be read is said in the play box
(on screen, with a button that starts a fresh game, the address kept until then), and a comparison that takes
more than a second says it is solving and how far it has got, with the page's Cancel button.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.browsing import NEEDS_BROWSER, PHONE, WIDE, served, write_site
from vizgen.engine.ending import PLY_CAP
from vizgen.site.data.address_words import LARGEST_SEED, NOTES
from vizgen.site.render import VariantPage, render_site

pytestmark = [*NEEDS_BROWSER, pytest.mark.xdist_group("edges_browser")]

NUMBER = NOTES["game-number"].format(plies=PLY_CAP, seed=LARGEST_SEED)
#: a record that cannot be read, and the words its note holds
RECORDS = {
    "hints=40 nines": ("?play=person.person&mode=link&hints=" + "9" * 40, NUMBER),
    "hints=17 digits": ("?play=person.person&mode=link&hints=1" + "0" * 16, NUMBER),
    "seed past 2**53": ("?play=you.perfect&seed=9007199254740993", NUMBER),
    "mode=foo": ("?play=person.person&mode=foo", "the mode must be one of challenge, link, analyse, review"),
    "seed=abc": ("?play=person.person&seed=abc", NUMBER),
    "play=bob.alice": ("?play=bob.alice", "a player is not one of you, person"),
}
SIZES = {"desktop": WIDE, "phone": PHONE}

#: the element's text if a person can see it: shown, with a box, and inside the window
ON_SCREEN = """s => { const e = document.querySelector(s);
    if (!e || !e.getClientRects().length || getComputedStyle(e).visibility === 'hidden') return '';
    const r = e.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth ? e.innerText : ''; }"""


@pytest.fixture(scope="module")
def edges_url(tmp_path_factory: pytest.TempPathFactory, site_pages: dict[str, VariantPage]) -> Iterator[str]:
    root = tmp_path_factory.mktemp("edges")
    write_site(root / "vizgen", render_site([site_pages["standard"]]))
    with served(root, "vizgen/") as url:
        yield url


def _open(new_tab: Callable[..., object], url: str, size: str) -> object:
    page = new_tab(SIZES[size], phone=size == "phone")
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    page.wait_for_function("window.vizgen && window.vizgen.ready && window.vizgen.play && window.vizgen.play.ready",
                           timeout=30000)
    assert errors == [], errors
    return page


def _seen(page: object, selector: str) -> str:
    """The words a person sees in the element, once it is on screen (waited for), or ""."""
    try:
        page.wait_for_function(f"s => ({ON_SCREEN})(s) !== ''", arg=selector, timeout=5000, polling=50)
    except Exception:  # never on screen: what is asserted
        return ""
    return page.evaluate(ON_SCREEN, selector)


@pytest.mark.catalogue_cases(
    "seed=abc-phone", "mode=foo-phone", "seed past 2**53-phone", "play=bob.alice-phone", "hints=17 digits-phone",
    "hints=40 nines-desktop",
    reason="each bad record on the other screen too (20 s); the whole suite keeps each one once, on a desktop or"
           " a phone")
@pytest.mark.parametrize("size", sorted(SIZES))
@pytest.mark.parametrize("name", sorted(RECORDS))
def test_a_record_that_cannot_be_read_is_said_in_the_play_box(new_tab: Callable[..., object], edges_url: str,
                                                             name: str, size: str) -> None:
    """On screen at 1400x900 and 390x844, in the play box, with a button that starts a fresh game; the address
    keeps the record as it was given (never rewritten to exponent form or dropped) until that game starts."""
    query, says = RECORDS[name]
    page = _open(new_tab, f"{edges_url}variants/standard.html{query}", size)
    said = _seen(page, "#play .play-message")
    assert says in said, (name, size, said)
    assert _seen(page, "#play .play-message button[data-act=fresh]") == "Start a fresh game"
    assert page.evaluate("location.search") == query
    assert "e+" not in page.evaluate("location.href")
    assert page.evaluate("window.vizgen.play.state()") is None
    page.locator("#play .play-message button[data-act=fresh]").click()
    page.wait_for_function("window.vizgen.play.state() !== null")
    assert page.evaluate("new URLSearchParams(location.search).get('play')") == "you.perfect"
    assert page.locator("#play .play-message").count() == 0


@pytest.mark.catalogue_cases("phone", reason="on a phone (5 s); the whole suite keeps the desktop's")
@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_bad_fragment_is_said_game_or_not(new_tab: Callable[..., object], edges_url: str, size: str) -> None:
    """With a game, the game's position is shown and the play box says the fragment was not read; without one,
    the page's message line says so; the payload never runs."""
    bad = "#%3Cimg%20src%3Dx%3E"
    page = _open(new_tab, f"{edges_url}variants/standard.html?play=you.perfect&seed=1{bad}", size)
    assert NOTES["position-game"] in _seen(page, "#play .play-message")
    assert page.evaluate("location.hash") == "#11-11"
    alone = _open(new_tab, f"{edges_url}variants/standard.html{bad}", size)
    alone.wait_for_function("document.getElementById('search-msg').textContent !== ''", timeout=5000)
    assert NOTES["position"] in alone.locator("#search-msg").inner_text()
    assert alone.locator("#search-msg").is_visible()


@pytest.fixture(scope="module")
def rules_site(tmp_path_factory: pytest.TempPathFactory, shared_gather: Callable) -> Path:
    """A site with the rules page, written once for this module's tests."""
    root = tmp_path_factory.mktemp("edges-rules")
    write_site(root, render_site(shared_gather(["standard"])))
    return Path(root)


@pytest.fixture(scope="module")
def rules_url(rules_site: Path) -> Iterator[str]:
    """The rules page over HTTP (a page from file:// gets no Web Worker to solve in)."""
    with served(rules_site) as url:
        yield url


@pytest.mark.catalogue_cases("phone", reason="on a phone (6 s); the whole suite keeps the desktop's")
@pytest.mark.slow
@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_slow_comparison_shows_its_progress_and_cancel_stops_it(new_tab: Callable[..., object], rules_url: str,
                                                                  size: str) -> None:
    """``compare=standard:r=44`` takes about 20 s: within seconds the page's progress bar says it is comparing,
    how far it has got, with the Cancel button on screen; Cancel stops it and says so, and the page goes on."""
    page = new_tab(SIZES[size], phone=size == "phone")
    page.goto(rules_url + "rules.html?rules=standard&compare=standard:r=44")
    page.wait_for_function("document.getElementById('rules-progress-text').textContent.includes('comparing with')",
                           timeout=15000)
    words = _seen(page, "#rules-working")
    assert "comparing with standard:r=44" in words and "%" in words, words
    assert _seen(page, "#rules-cancel") == "Cancel"
    assert "Solving standard:r=44 to compare with" in page.locator("#rules-compare-out").inner_text()
    page.locator("#rules-cancel").click()
    page.wait_for_function("document.getElementById('rules-compare-out').textContent.startsWith('Stopped')",
                           timeout=10000)
    assert page.locator("#rules-compare-out").inner_text() == "Stopped: standard:r=44 was not solved."
    assert not page.locator("#rules-working").is_visible()
    page.wait_for_function("window.vizgenRules.ready", timeout=30000)


#: what the progress line says and how full the bar is, read together
PROGRESS = ("[document.getElementById('rules-progress-text').textContent, "
            "document.getElementById('rules-progress').value]")


#: what a person sees of a comparison under way, read at one moment (a comparison can end between two reads): null
#: until the working line is on screen saying it is comparing with the spec; then its words, the Cancel button's,
#: whether the bar is on screen, the result box's words, and the progress line and bar as :data:`PROGRESS` reads them
COMPARING = f"""spec => {{ const on = {ON_SCREEN};
    const words = on('#rules-working');
    if (!words.includes('comparing with ' + spec)) return null;
    const bar = document.getElementById('rules-progress'), r = bar.getBoundingClientRect();
    return [words, on('#rules-cancel'), bar.getClientRects().length > 0 && r.top >= 0 && r.bottom <= innerHeight,
            document.getElementById('rules-compare-out').innerText,
            document.getElementById('rules-progress-text').textContent, bar.value]; }}"""


def _comparing(page: object, spec: str) -> tuple[str, float]:
    """Wait (the page's own solve and its late script first) until the progress line on screen says the page is
    comparing with ``spec``; then the words and the bar a person sees at that moment, both on screen."""
    words, cancel, bar, out, text, value = page.wait_for_function(COMPARING, arg=spec, timeout=30000,
                                                                   polling=50).json_value()
    assert "%" in words and " s" in words, words
    assert cancel == "Cancel" and bar, (cancel, bar)
    assert f"Solving {spec} to compare with" in out, out
    return text, value


@pytest.mark.catalogue_cases("phone", reason="on a phone (5 s); the whole suite keeps the desktop's")
@pytest.mark.slow
@pytest.mark.parametrize("size", sorted(SIZES))
def test_a_slow_comparison_from_file_says_so_moves_and_ends_in_its_result(new_tab: Callable[..., object],
                                                                       rules_site: Path, size: str) -> None:
    """From ``file://`` (no Web Worker there) a comparison that takes more than a second is solved in slices: its
    words, bar and Cancel button are on screen once the second has passed, the seconds and the bar move while it
    solves (the page paints and answers in between), and its result replaces them."""
    page = new_tab(SIZES[size], phone=size == "phone")
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto((rules_site / "rules.html").as_uri() + "?rules=standard&compare=standard:r=22")
    first = _comparing(page, "standard:r=22")
    page.wait_for_function(f"p => String({PROGRESS}) !== p || window.vizgenRules.compare", arg=str(list(first)),
                           timeout=20000, polling=100)
    page.wait_for_function("window.vizgenRules.compare && window.vizgenRules.compare.spec === 'standard:r=22'",
                           timeout=180000, polling=200)
    said = page.locator("#rules-compare-out").inner_text()
    assert "Under standard:r=22, the start 1.1-1.1 has the same value: draw." in said, said
    assert not page.locator("#rules-working").is_visible()
    page.wait_for_function("window.vizgenRules.ready", timeout=60000)
    assert errors == [], errors


@pytest.mark.slow
def test_cancel_stops_a_comparison_from_file(new_tab: Callable[..., object], rules_site: Path) -> None:
    """From ``file://``, Cancel stops the comparison solved in the page at its next slice, says so, and the page
    goes on (``compare=standard:r=44`` would take minutes: it is still compiling its rules when Cancel comes)."""
    page = new_tab(WIDE)
    page.goto((rules_site / "rules.html").as_uri() + "?rules=standard&compare=standard:r=44")
    words, _bar = _comparing(page, "standard:r=44")
    assert "compiling the rules" in words, words
    page.locator("#rules-cancel").click()
    page.wait_for_function("document.getElementById('rules-compare-out').textContent.startsWith('Stopped')",
                           timeout=10000)
    assert page.locator("#rules-compare-out").inner_text() == "Stopped: standard:r=44 was not solved."
    assert not page.locator("#rules-working").is_visible()
    assert page.evaluate("VZ.rulesworker.busy()") is False
    page.wait_for_function("window.vizgenRules.ready", timeout=60000)
