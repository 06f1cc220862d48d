"""Issue #37's puzzles in a headless browser at phone size (390x844, touch): a puzzle solved by touching the hands
(no move-list button pressed) and a wrong move on the hands marked as wrong; the hands of signed-integer (negative),
stumps (halves) and lives puzzles drawn; the difficulty choice moving the next puzzle's rating band; a streak
rising; the storm (three minutes, a miss's cost, a run's bonus, its puzzles listed at the end, the day's and the
week's bests) on an injected clock; the history chart; a goal's end words saying why it ended."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.browsing import NEEDS_BROWSER, PHONE, Watch, served
from tests.practice_touch import play_on_hands
from vizgen.reports.puzzles import puzzle_figures
from vizgen.util.cache import Cache

pytestmark = [*NEEDS_BROWSER, pytest.mark.xdist_group("practice_puzzles_browser")]

SPECS = ["standard", "signed-integers", "stumps", "lives"]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory, shared_cache: Path,
          shared_build: Callable[[list[str], Path], Path]) -> tuple[Path, Path]:
    """The site of :data:`SPECS`, built through the run's cache (the classic game's layout is most likely there;
    the board's module lays out the other three), and the cache."""
    root = tmp_path_factory.mktemp("www")
    return shared_build(SPECS, root), shared_cache


@pytest.fixture
def phone(built: tuple[Path, Path], browser: object) -> Iterator[tuple[object, str]]:
    """A fresh phone tab (touch) on the site: nothing stored."""
    with served(built[0]) as url:
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        tab = context.new_page()
        watch = Watch(tab)
        yield tab, url
        watch.check(("http://127.0.0.1:",))
        context.close()


def _good(tab: object) -> str:
    return str(tab.evaluate("VZ.practice.good(VZ.practiceView.state().cur.state)[0].to"))


def _bad(tab: object) -> str:
    return str(tab.evaluate("""(() => { const s = VZ.practiceView.state().cur.state;
        const ok = VZ.practice.good(s).map(m => m.to);
        return s.nodes[s.at].m.find(m => ok.indexOf(m.to) < 0).to; })()"""))


def _rating_shown(tab: object) -> int:
    """The puzzle's rating as the page shows it ("puzzle rated 1 408")."""
    text = tab.locator(".pz-board .pz-meta").inner_text()
    found = re.search(r"puzzle rated ([\d\u2009\u202f]+)", text)
    assert found, text
    return int(re.sub(r"\D", "", found.group(1)))


def _band(says: object) -> list[int]:
    """The ratings the difficulty words name ("Next puzzles rated 1 650 to 1 950, around ...")."""
    found = re.search(r"rated ([\d\u2009\u202f]+) to ([\d\u2009\u202f]+),", says.inner_text())
    assert found, says.inner_text()
    return [int(re.sub(r"\D", "", n)) for n in found.groups()]


def _solve_on_hands(tab: object) -> None:
    while tab.evaluate("VZ.practiceView.state().cur.state.status") == "play":
        play_on_hands(tab, _good(tab))


def test_a_puzzle_solved_and_one_failed_on_the_hands(phone: tuple[object, str], built: tuple[Path, Path]) -> None:
    tab, url = phone
    standard = puzzle_figures("standard", Cache(built[1]))
    win = next(p for p in standard["puzzles"] if p["kind"] == "win" and p["plies"] >= 3)
    tab.goto(f"{url}practice.html?variant=standard&puzzle={win['position']}")
    tab.wait_for_selector('.pz-board[data-status="play"] .hand-btn')
    assert tab.locator(".pz-hint .pz-move").first.is_hidden(), "the move list is folded away"
    tab.locator('.hand-btn[data-seat="0"]').first.click()
    assert tab.locator(".board-say").inner_text().startswith("Now tap")  # board words: the next step
    tab.locator(".board-cancel").click()
    _solve_on_hands(tab)
    tab.wait_for_selector('.pz-board[data-status="solved"]')
    feedback = tab.locator(".pz-feedback").inner_text()
    assert "Solved!" in feedback and "✓" in feedback
    assert tab.locator(".pz-feedback").is_visible()
    assert tab.evaluate("VZ.practiceView.state().cur.state.played.length") >= 3  # played through the line
    # a wrong move on the hands: said wrong, with the solution, the hands it used outlined
    tab.locator('button[data-act="next"]').click()
    tab.wait_for_selector('.pz-board[data-status="play"] .hand-btn')
    play_on_hands(tab, _bad(tab))
    tab.wait_for_selector('.pz-board[data-status="failed"]')
    wrong = tab.locator(".pz-feedback .pz-wrong")
    assert wrong.is_visible() and wrong.inner_text().startswith("✗")
    assert re.search(r"is an? (inaccuracy|mistake|blunder)", wrong.inner_text())
    assert "The solution:" in tab.locator(".pz-feedback").inner_text()
    assert tab.locator(".pz-hands .hand-btn").count() == 0, "the hands no longer take a move"


@pytest.mark.catalogue_cases(
    "lives-:",
    reason="lives' puzzles (3 s); the whole suite keeps negatives' and halves', and lives on the board")
@pytest.mark.parametrize(("slug", "needle"), [("signed-integers", "−"), ("stumps", "½"), ("lives", ":")])
def test_puzzles_of_negatives_halves_and_lives_draw_their_hands(phone: tuple[object, str], built: tuple[Path, Path],
                                                                 slug: str, needle: str) -> None:
    tab, url = phone
    data = puzzle_figures(slug, Cache(built[1]))
    position = next(p["position"] for p in data["puzzles"] if needle in p["position"])
    tab.goto(f"{url}practice.html?variant={slug}&puzzle={position}")
    tab.wait_for_selector('.pz-board[data-status="play"]')
    pictures = tab.locator(".pz-board .pz-hands svg.hand")
    assert pictures.count() == 4
    for k in range(4):
        assert pictures.nth(k).is_visible()
    shown = tab.locator(".pz-board .pz-hands").inner_text()
    if needle in "−½":
        assert needle in shown, shown  # the number under a negative or a half hand
    else:
        assert re.search(r"\d lives? left", shown), shown  # the lives kept with a player
    names = [tab.locator(".pz-hands .hand-btn").nth(k).get_attribute("aria-label") for k in range(4)]
    assert all(n and ("finger" in n or "dead" in n) for n in names), names
    _solve_on_hands(tab)
    tab.wait_for_selector('.pz-board[data-status="solved"]')
    assert "Solved!" in tab.locator(".pz-feedback").inner_text()


def test_the_difficulty_moves_the_next_puzzles_band_and_is_kept(phone: tuple[object, str]) -> None:
    tab, url = phone
    tab.goto(f"{url}practice.html")
    tab.wait_for_selector('.pz-board[data-status="play"]')
    says = tab.locator("[data-level-says]")
    assert _band(says) == [1350, 1650]
    first = tab.evaluate("VZ.practiceView.state().cur.id")
    tab.locator('button[data-level="harder"]').click()
    tab.wait_for_selector('button[data-level="harder"][aria-pressed="true"]')
    assert _band(says) == [1650, 1950], says.inner_text()
    # the unanswered puzzle on the board is swapped for one of the harder band
    tab.wait_for_function("(first) => VZ.practiceView.state().cur.id !== first", arg=first)
    for _ in range(3):
        assert 1650 <= _rating_shown(tab) <= 1950
        tab.locator('button[data-act="giveup"]').click()
        tab.locator('button[data-act="next"]').click()
        tab.wait_for_selector('.pz-board[data-status="play"]')
        low, high = _band(says)
        assert low <= _rating_shown(tab) <= high
    first = tab.evaluate("VZ.practiceView.state().cur.id")
    tab.locator('button[data-level="easier"]').click()
    tab.wait_for_function("(first) => VZ.practiceView.state().cur.id !== first", arg=first)
    low, high = _band(says)
    assert high < 1500 and low <= _rating_shown(tab) <= high
    # kept in this browser, and a stored value that is not a level reads normal
    tab.reload()
    tab.wait_for_selector('button[data-level="easier"][aria-pressed="true"]')
    tab.evaluate("localStorage.setItem('vizgen-practice-level', '<img src=x onerror=alert(1)>')")
    tab.reload()
    tab.wait_for_selector('button[data-level="normal"][aria-pressed="true"]')


def test_the_streak_rises_puzzle_by_puzzle(phone: tuple[object, str]) -> None:
    tab, url = phone
    tab.goto(f"{url}practice.html?mode=streak")
    tab.wait_for_selector('.pz-board[data-status="play"]')
    seen = []
    for _ in range(4):
        seen.append(_rating_shown(tab))
        _solve_on_hands(tab)
        tab.locator('button[data-act="next"]').click()
        tab.wait_for_selector('.pz-board[data-status="play"]')
    seen.append(_rating_shown(tab))
    assert all(b > a for a, b in itertools.pairwise(seen)), seen
    assert tab.locator("[data-streak]").inner_text() == "4"


def _storm_answer(tab: object, ok: bool) -> None:
    """Answer the storm's puzzle on the board on the hands, to its end: right (the next comes) or wrong (a miss)."""
    first = tab.evaluate("VZ.practiceView.state().cur.id")
    if not ok:
        play_on_hands(tab, _bad(tab))
    playing = "id => { const c = VZ.practiceView.state().cur; return c.id === id && c.state.status === 'play'; }"
    while ok and tab.evaluate(playing, first):  # a solved puzzle brings the next at once
        play_on_hands(tab, _good(tab))
    tab.wait_for_function("id => VZ.practiceView.state().cur && VZ.practiceView.state().cur.id !== id", arg=first)


def test_three_minutes_on_an_injected_clock(phone: tuple[object, str]) -> None:
    tab, url = phone
    tab.goto(f"{url}practice.html")
    tab.wait_for_selector('.pz-board[data-status="play"]')
    tab.locator('button[data-mode="timed"]').click()
    lead = tab.locator(".pz-timed").inner_text()
    assert "three minutes" in lead
    tab.evaluate("window.fakeNow = 0; VZ.practiceView.state().now = () => window.fakeNow")
    tab.locator('button[data-act="timed"]').click()
    tab.wait_for_selector('.pz-board[data-status="play"]')
    assert tab.locator("[data-clock]").inner_text() == "3:00"
    assert tab.locator(".pz-clock").is_visible()
    _storm_answer(tab, True)
    tab.wait_for_function("VZ.practiceView.state().timed.run.solved === 1")
    assert "1 solved" in tab.locator(".pz-clock").inner_text()
    tab.evaluate("window.fakeNow = 175500")
    tab.wait_for_function("document.querySelector('[data-clock]').textContent === '0:05'")
    play_on_hands(tab, _bad(tab))  # a miss with 5 s left costs more than is left: the storm is over
    end = tab.locator("[data-timed-end]")
    end.wait_for()
    assert end.inner_text() == "You solved 1 in the storm · best ever 1"
    tab.reload()
    tab.wait_for_selector(".pz-board")
    assert tab.evaluate("JSON.parse(localStorage.getItem('vizgen-practice')).timed") == 1


def test_a_storm_with_two_misses_ends_with_its_list_of_puzzles(phone: tuple[object, str]) -> None:
    """A storm on the page's clock: a miss takes 10 s off, five solved in a row give 3 s back, a second miss; at
    the end the run's seven puzzles are listed, the two missed first; one reviewed on the board and back; the
    day's and the week's bests kept across a reload, and stored bests that are not bests left out with a note."""
    tab, url = phone
    tab.goto(f"{url}practice.html?mode=timed")
    start = tab.locator('button[data-act="timed"]')
    start.wait_for()
    lead = tab.locator(".pz-timed").inner_text()
    assert "A miss costs 10 seconds of the clock; every 5 solved in a row add 3 seconds." in lead
    assert "Today: best 0 in 0 runs · this week: best 0 · best ever 0" in lead
    # the page's clock, held by the test: Monday 23 November 2026, 09:00 local time
    tab.evaluate("window.fakeNow = new Date(2026, 10, 23, 9).getTime();"
                 "VZ.practiceView.state().now = () => window.fakeNow")
    start.click()
    tab.wait_for_selector('.pz-board[data-status="play"]')
    clock, line = tab.locator("[data-clock]"), tab.locator(".pz-clock")
    assert clock.inner_text() == "3:00"
    _storm_answer(tab, False)
    assert clock.inner_text() == "2:50"
    assert "✗ the last one missed: 10 seconds off the clock" in line.inner_text()
    for k in range(5):
        _storm_answer(tab, True)
        assert f"{k + 1} solved · {k + 1} in a row" in line.inner_text()
    assert clock.inner_text() == "2:53"
    assert "✓ 5 in a row: 3 seconds added" in line.inner_text()
    tab.evaluate("window.fakeNow += 60000")
    _storm_answer(tab, False)
    assert clock.inner_text() == "1:43"
    assert "5 solved · 0 in a row" in line.inner_text()
    tab.evaluate("window.fakeNow += 103000")
    end = tab.locator("[data-timed-end]")
    end.wait_for()
    assert end.is_visible()
    # the run's headline wholly on the phone's screen when the clock runs out (#48 slip 7), not above it
    assert tab.evaluate("(r => r.top >= 0 && r.bottom <= innerHeight)"
                        "(document.querySelector('[data-timed-end]').getBoundingClientRect())")
    assert end.inner_text() == "You solved 5 in the storm · best ever 5"
    assert tab.locator("[data-storm-beat]").inner_text() == "Your best today. Your best this week."
    assert tab.locator("[data-storm-bests]").inner_text() == "Today: best 5 in 1 run · this week: best 5 · best ever 5"
    listed = tab.locator(".pz-storm-list")
    assert listed.locator("h2").inner_text() == "The storm's puzzles, the missed first"
    rows = listed.locator("li")
    assert rows.count() == 7
    said = [rows.nth(k).inner_text() for k in range(7)]
    assert [s.startswith("✗ missed") for s in said] == [True, True] + [False] * 5, said
    assert all(s.startswith("✓ solved") for s in said[2:]), said
    assert all(re.search(r" · rated [\d\u202f]+ Review$", s) for s in said), said
    rows.nth(0).scroll_into_view_if_needed()
    assert rows.nth(0).is_visible()
    # the first missed puzzle reviewed on the board (not rated), then back to the list
    missed = rows.nth(0).get_attribute("data-storm-puzzle")
    rows.nth(0).locator("button").click()
    tab.wait_for_selector('.pz-board[data-status="play"]')
    tab.wait_for_function("document.querySelector('.pz-board').getBoundingClientRect().top < 200")
    assert tab.locator(".pz-board .pz-meta").is_visible()
    assert tab.evaluate("VZ.practiceView.state().cur.id") == missed
    assert "A puzzle you missed in the storm (not rated)" in tab.locator(".pz-board").inner_text()
    _solve_on_hands(tab)
    back = tab.locator('button[data-act="next"]')
    assert back.inner_text() == "Back to the storm's puzzles"
    back.click()
    end.wait_for()
    assert tab.locator(".pz-storm-list li").count() == 7
    assert tab.evaluate("JSON.parse(localStorage.getItem('vizgen-practice')).history.length") == 0
    # kept: the next day, today's best starts afresh and the week's stays
    tab.reload()
    tab.locator('button[data-mode="timed"]').click()
    tab.evaluate("VZ.practiceView.state().now = () => new Date(2026, 10, 24, 9).getTime()")
    tab.locator('button[data-mode="timed"]').click()
    assert tab.locator("[data-storm-bests]").inner_text() == "Today: best 0 in 0 runs · this week: best 5 · best ever 5"
    # stored bests that are not bests: left out, said, never drawn as markup
    tab.evaluate("""(() => { const p = JSON.parse(localStorage.getItem('vizgen-practice'));
        p.storm.day = '<img src=x onerror="window.__pwned=1">';
        localStorage.setItem('vizgen-practice', JSON.stringify(p)); })()""")
    tab.goto(f"{url}practice.html?mode=timed")
    tab.locator('button[data-act="timed"]').wait_for()
    assert "your storm bests of the day and the week" in tab.locator(".pz-aside").inner_text()
    assert "Today: best 0 in 0 runs · this week: best 0 · best ever 5" in tab.locator(".pz-timed").inner_text()
    assert tab.evaluate("window.__pwned") is None
    assert tab.locator(".pz-main img").count() == 0


def test_the_history_chart_draws_your_puzzles(phone: tuple[object, str]) -> None:
    tab, url = phone
    tab.goto(f"{url}practice.html?variant=standard")
    tab.wait_for_selector('.pz-board[data-status="play"]')
    assert "Solve or fail a rated puzzle" in tab.locator(".pz-chart").inner_text()
    _solve_on_hands(tab)
    tab.locator('button[data-act="next"]').click()
    tab.wait_for_selector('.pz-board[data-status="play"]')
    play_on_hands(tab, _bad(tab))
    tab.wait_for_selector('.pz-board[data-status="failed"]')
    chart = tab.locator(".pz-chart")
    chart.scroll_into_view_if_needed()
    assert tab.locator(".pz-chart svg.pz-rating-chart").is_visible()
    label = tab.locator(".pz-chart svg.pz-rating-chart").get_attribute("aria-label")
    assert "2 puzzles, 1 solved, 1 failed" in label
    text = chart.inner_text()
    assert "Your puzzles by theme" in text and re.search(r"\d solved · \d failed", text)


def test_a_goal_says_why_it_ended(phone: tuple[object, str]) -> None:
    tab, url = phone
    tab.goto(f"{url}practice.html?mode=goals")
    tab.locator('button[data-goal-start="standard:0"]').click()
    tab.wait_for_selector('.pz-goalboard[data-status="play"] .hand-btn')
    while tab.evaluate("VZ.practiceView.state().goal.state.status") == "play":
        to = tab.evaluate("""(() => { const s = VZ.practiceView.state().goal.state;
            return s.table[s.at].m.find(m => m.mark === 0).to; })()""")
        play_on_hands(tab, to)
    tab.wait_for_selector('.pz-goalboard[data-status="met"]')
    head = tab.locator(".pz-goalboard .pz-prompt").inner_text()
    ply = tab.evaluate("VZ.practiceView.state().goal.state.ply")
    assert head.startswith(f"Goal met at ply {ply} of 40: ")
    assert ("drawn by repetition" in head) or ("you held it for 40 plies" in head), head
    assert "Goal met at ply" in tab.locator(".pz-feedback").inner_text()


def test_a_puzzle_answered_from_the_keyboard(built: tuple[Path, Path], browser: object) -> None:
    """The hands are buttons with names: a strike played with the keyboard alone (focus, Enter, focus, Enter)."""
    standard = puzzle_figures("standard", Cache(built[1]))
    win = next(p for p in standard["puzzles"] if p["kind"] == "win" and p["plies"] == 1 and ">" in p["line"][0])
    hand, target = win["line"][0].split(">")
    with served(built[0]) as url:
        context = browser.new_context(viewport={"width": 1400, "height": 900})
        tab = context.new_page()
        tab.goto(f"{url}practice.html?variant=standard&puzzle={win['position']}")
        mine = tab.get_by_role("button", name=re.compile(rf"^You, to move: {hand} fingers?$")).first
        mine.focus()
        tab.keyboard.press("Enter")
        assert tab.locator(".hand-btn.chosen").count() == 1
        theirs = tab.get_by_role("button", name=re.compile(rf"^Opponent: {target} fingers?$")).first
        theirs.focus()
        tab.keyboard.press("Enter")
        tab.wait_for_selector('.pz-board[data-status="solved"]')
        assert "Solved!" in tab.locator(".pz-feedback").inner_text()
        context.close()
