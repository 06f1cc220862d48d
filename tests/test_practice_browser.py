"""The practice page in a headless browser: solve a puzzle, fail one, a streak to its first mistake, a goal met,
progress kept over a reload, a retry of a game's mistakes; from a sub-path and from file://. Issue #39: hostile
progress (in this browser's storage, or a file) never runs a script and is set aside with a note, and a part of
the address that names nothing here is said."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.address_cases import MARK, NOTED, kind_of, visit
from tests.browsing import NEEDS_BROWSER, PHONE, WIDE, Watch, served
from tests.practice_touch import play_on_hands
from vizgen.analysis import words
from vizgen.reports.puzzles import puzzle_figures
from vizgen.util.cache import Cache

pytestmark = [*NEEDS_BROWSER, pytest.mark.xdist_group("practice_browser")]

SPECS = ["standard", "standard:players=3,r=3"]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory, shared_cache: Path,
          shared_build: Callable[[list[str], Path], Path]) -> tuple[Path, Path]:
    """The site of :data:`SPECS` under ``vizgen/``, built through the run's cache (the session's site laid both
    variants out), and the cache."""
    root = tmp_path_factory.mktemp("www")
    shared_build(SPECS, root / "vizgen")
    return root, shared_cache


@pytest.fixture(scope="module")
def standard(built: tuple[Path, Path]) -> dict:
    return puzzle_figures("standard", Cache(built[1]))


@pytest.fixture(scope="module")
def page(built: tuple[Path, Path], browser: object) -> Iterator[tuple[object, str]]:
    """One phone-sized tab for the module (its progress carries from test to test), the site under a sub-path."""
    with served(built[0], "vizgen/") as url:
        context = browser.new_context(viewport=PHONE)
        tab = context.new_page()
        watch = Watch(tab)
        yield tab, url
        watch.check(("http://127.0.0.1:",))
        context.close()


def _rating(tab: object) -> float:
    return float(tab.locator("[data-rating]").inner_text().replace("\u202f", "").replace("\u2009", ""))


def _board(tab: object, status: str = "play") -> None:
    tab.wait_for_selector(f'.pz-board[data-status="{status}"]', timeout=10000)


def _solve_current(tab: object) -> None:
    """Play the puzzle on the board to its end with the moves the page's own data accepts first."""
    while tab.evaluate("VZ.practiceView.state().cur.state.status") == "play":
        to = tab.evaluate("VZ.practice.good(VZ.practiceView.state().cur.state)[0].to")
        play_on_hands(tab, to)


def _fail_current(tab: object) -> str:
    to = tab.evaluate("""(() => { const s = VZ.practiceView.state().cur.state;
        const ok = VZ.practice.good(s).map(m => m.to);
        return s.nodes[s.at].m.find(m => ok.indexOf(m.to) < 0).to; })()""")
    play_on_hands(tab, to)
    return to


def test_practice_session(page: tuple[object, str], standard: dict) -> None:
    tab, url = page
    draw = next(p for p in standard["puzzles"] if p["kind"] == "draw")
    tab.goto(f"{url}practice.html?variant=standard&puzzle={draw['position']}")
    _board(tab)
    assert _rating(tab) == 1500
    play_on_hands(tab, draw["to"])
    _board(tab, "solved")
    solved_rating = _rating(tab)
    assert solved_rating > 1500
    assert "Solved" in tab.locator(".pz-feedback").inner_text()

    # a wrong move: its mark and the engine's words for what it leads to, then the solution; the rating falls
    other = next(p for p in standard["puzzles"] if p["kind"] == "draw" and p["position"] != draw["position"])
    tab.goto(f"{url}practice.html?variant=standard&puzzle={other['position']}")
    _board(tab)
    wrong = next(m for m in standard["nodes"][other["position"]]["m"] if m["to"] != other["to"])
    play_on_hands(tab, wrong["to"])
    _board(tab, "failed")
    text = tab.locator(".pz-feedback").inner_text()
    assert words.MARKS[wrong["mark"]].name in text
    assert words.say_choice(wrong["choice"], wrong["n"], wrong["k"]) in text
    assert f"The solution: {other['move']}" in text
    assert _rating(tab) < solved_rating
    href = tab.locator(".pz-graph").get_attribute("href")
    assert href == f"variants/standard.html#{other['position']}"

    # a streak to its first mistake
    tab.click('button[data-mode="streak"]')
    _board(tab)
    for _ in range(2):
        _solve_current(tab)
        _board(tab, "solved")
        tab.click('button[data-act="next"]')
        _board(tab)
    _fail_current(tab)
    _board(tab, "failed")
    assert "Streak over at 2" in tab.locator(".pz-feedback").inner_text()
    assert tab.locator("[data-best]").inner_text() == "2"

    # a goal met: win from the longest win against the perfect defender
    tab.click('button[data-mode="goals"]')
    tab.click('button[data-goal-start="standard:1"]')
    tab.wait_for_selector('.pz-goalboard[data-status="play"]')
    while tab.evaluate("VZ.practiceView.state().goal.state.status") == "play":
        to = tab.evaluate("""(() => { const s = VZ.practiceView.state().goal.state;
            return s.table[s.at].m.find(m => m.mark === 0).to; })()""")
        play_on_hands(tab, to)
    tab.wait_for_selector('.pz-goalboard[data-status="met"]')
    assert "Goal met" in tab.locator(".pz-feedback").inner_text()

    # reload: the rating, the best streak and the goal's stars are kept
    rating = _rating(tab)
    tab.goto(f"{url}practice.html?mode=goals")
    tab.wait_for_selector(".pz-goal")
    assert _rating(tab) == rating
    assert tab.locator("[data-best]").inner_text() == "2"
    assert tab.locator('.pz-goal[data-goal="standard:1"] .stars').get_attribute("aria-label") == "3 of 3 stars"


def test_the_plies_left_are_counted_in_words(page: tuple[object, str], standard: dict) -> None:
    """A win puzzle of three plies says 'Win within 3 plies', and after your move and the reply '... 1 ply'
    (it read '1 plies')."""
    tab, url = page
    win = next(p for p in standard["puzzles"] if p["kind"] == "win" and p["plies"] == 3)
    tab.goto(f"{url}practice.html?variant=standard&puzzle={win['position']}")
    _board(tab)
    assert tab.locator(".pz-left").inner_text() == "Win within 3 plies"
    to = tab.evaluate("VZ.practice.good(VZ.practiceView.state().cur.state)[0].to")
    play_on_hands(tab, to)
    tab.wait_for_function("VZ.practiceView.state().cur.state.left === 1 && "
                          "VZ.practiceView.state().cur.state.status === 'play'")
    tab.wait_for_selector(".pz-left")
    assert tab.locator(".pz-left").inner_text() == "Win within 1 ply"
    assert tab.locator(".pz-left").is_visible()


def test_retry_and_the_failed_run(page: tuple[object, str], standard: dict) -> None:
    tab, url = page
    first, second = standard["puzzles"][0]["position"], standard["puzzles"][1]["position"]
    tab.goto(f"{url}practice.html?variant=standard&retry={first}_{second}")
    _board(tab)
    assert "Your mistake 1 of 2" in tab.locator(".pz-prompt").inner_text()
    _fail_current(tab)
    _board(tab, "failed")
    tab.click('button[data-act="next"]')
    _board(tab)
    assert "Your mistake 2 of 2" in tab.locator(".pz-prompt").inner_text()
    # a failed run offers its failed puzzles again
    tab.goto(f"{url}practice.html?variant=standard")
    _board(tab)
    failed = tab.evaluate("VZ.practiceView.state().cur.id")
    _fail_current(tab)
    tab.click('button[data-act="failedrun"]')
    _board(tab)
    assert tab.evaluate("VZ.practiceView.state().cur.id") == failed


def test_from_file_with_the_daily_puzzle_on_the_index(built: tuple[Path, Path], browser: object) -> None:
    folder = built[0] / "vizgen"
    tab = browser.new_page(viewport=WIDE)
    watch = Watch(tab)
    tab.goto((folder / "index.html").as_uri())
    tab.wait_for_function("document.getElementById('daily-text').textContent.indexOf('rated') >= 0")
    shown = tab.locator("#daily-text code").inner_text()
    tab.click("#daily-link")
    _board(tab)
    assert "Puzzle of the day" in tab.locator(".pz-prompt").inner_text()
    assert tab.evaluate("VZ.practiceView.state().cur.state.puzzle.position") == shown  # the index's puzzle
    tab.goto((folder / "variants" / "standard.html").as_uri())
    assert tab.locator('a.guide-link[href="../practice.html?variant=standard"]').count() == 1
    tab.goto((folder / "guide" / "standard.html").as_uri())
    assert tab.locator('a[href="../practice.html?variant=standard"]').count() == 1
    watch.check(("file://",))
    tab.close()


def test_the_daily_card_knows_it_was_solved(built: tuple[Path, Path], browser: object) -> None:
    """On a phone: the index's puzzle of the day says "Solve it"; solved on the practice page, the same card says so
    and offers to see it again (issue #48 slip 6: it once said "Solve it" still)."""
    with served(built[0], "vizgen/") as url:
        context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        tab = context.new_page()
        watch = Watch(tab)
        tab.goto(url + "index.html")
        card = tab.locator("#daily-text")
        tab.wait_for_function("document.getElementById('daily-text').textContent.indexOf('rated') >= 0")
        assert card.get_by_role("link").inner_text() == "Solve it" and "Solved today" not in card.inner_text()
        tab.click("#daily-link")  # the card's title: the card is one link
        _board(tab)
        _solve_current(tab)
        _board(tab, "solved")
        tab.goto(url + "index.html")
        tab.wait_for_function("document.getElementById('daily-text').textContent.indexOf('rated') >= 0")
        card.scroll_into_view_if_needed()
        assert card.is_visible() and "✓ Solved today." in card.inner_text(), card.inner_text()
        assert card.get_by_role("link").inner_text() == "See it again"
        watch.check(("http://127.0.0.1:",))
        context.close()


def _game_with_a_blunder() -> tuple[list[str], str]:
    """A game of standard from the start, you first against the perfect player: your first move that can blunder
    does, every other is the perfect player's; the positions after each ply, and where you blundered."""
    from tests.solved import solved_once
    from vizgen.ai.games import perfect_player
    from vizgen.analysis.marks import BLUNDER, edge_marks

    solved = solved_once("standard")
    g = solved.graph
    names, marks = g.notations(), edge_marks(solved)
    perfect = perfect_player(g, solved.forced)
    node, line, blundered, ply = g.start, [], None, 0
    while not g.terminal[node]:
        edges = range(int(g.indptr[node]), int(g.indptr[node + 1]))
        bad = [e for e in edges if marks[e] == BLUNDER] if ply % 2 == 0 and blundered is None else []
        if bad:
            blundered = names[node]
            node = int(g.indices[bad[0]])
        else:
            node = int(perfect.moves[node])
        line.append(names[node])
        ply += 1
    assert blundered is not None
    return line, blundered


def test_retry_from_your_mistake_at_the_end_of_a_game(page: tuple[object, str]) -> None:
    tab, url = page
    line, blundered = _game_with_a_blunder()
    tab.goto(f"{url}variants/standard.html?play=you.perfect&seed=1&moves={'_'.join(line)}")
    link = tab.locator(".play-retry a")
    link.wait_for(timeout=20000)
    assert link.get_attribute("href") == f"../practice.html?variant=standard&retry={blundered}"
    link.click()
    _board(tab)
    assert "Your mistake 1 of 1" in tab.locator(".pz-prompt").inner_text()
    assert tab.evaluate("VZ.practiceView.state().cur.state.at") == blundered


def test_progress_saved_to_a_file_and_loaded_back(page: tuple[object, str], tmp_path: Path) -> None:
    tab, url = page
    tab.goto(f"{url}practice.html")
    _board(tab)
    tab.click('button[data-act="reset"]')
    _solve_current(tab)  # a first puzzle solved: the rating moves off 1500
    rating = _rating(tab)
    assert rating > 1500
    with tab.expect_download() as got:
        tab.click('button[data-act="export"]')
    saved = tmp_path / "progress.json"
    got.value.save_as(saved)
    assert got.value.suggested_filename == "chopsticks-practice.json"
    tab.click('button[data-act="reset"]')
    assert _rating(tab) == 1500
    bad = tmp_path / "other.json"
    bad.write_text('{"not": "progress"}')
    tab.set_input_files('input[data-act="import"]', str(bad))
    # the file is read in the background: the reset's note ("Progress forgotten.") shows until it is
    tab.wait_for_function("() => document.querySelector('.pz-note')?.textContent.includes('not a progress')")
    assert "not a progress file" in tab.locator(".pz-note").inner_text() and _rating(tab) == 1500
    tab.set_input_files('input[data-act="import"]', str(saved))
    tab.wait_for_function("t => document.querySelector('.pz-note').textContent.indexOf('loaded') >= 0", arg=None)
    assert _rating(tab) == rating
    tab.reload()
    _board(tab)
    assert _rating(tab) == rating


# ---------------------------------------------------------------- issue #39: saved progress is data, never markup

#: progress a visitor may find in this browser or in a file, each with what its note must say was set aside:
#: the issue's cases (markup in a number's place, a history that is not a list, a map that is null) and others
HOSTILE_PROGRESS = {
    "best is markup": ('{"version":1,"rating":{"rating":1500,"rd":350},"best":"<img src=x onerror=\\"window.'
                       + MARK + '=1\\">"}', "your best streak"),
    "history.length is markup": ('{"version":1,"rating":{"rating":1500,"rd":350},"history":{"length":'
                                 '"<img src=x onerror=\\"window.' + MARK + '=1\\">"}}', "your history"),
    "solved is null": ('{"version":1,"rating":{"rating":1500,"rd":350},"solved":null}', "your solved puzzles"),
    "history is a string": ('{"version":1,"rating":{"rating":1500,"rd":350},"history":"x"}', "your history"),
    "__proto__ and constructor": ('{"version":1,"__proto__":{"best":"<svg onload=alert(1)>"},"goals":'
                                  '{"constructor":3,"standard:1":"<b>3</b>"},"solved":{"toString":1}}',
                                  "1 solved puzzle, 2 goals' stars"),
    "not progress at all": ('<script>window.' + MARK + '=1</script>', "could not be read: it is left out"),
}


@pytest.fixture(scope="module")
def clean(browser: object) -> Iterator[object]:
    """A phone's context of its own: the hostile progress never reaches the module's other tab."""
    context = browser.new_context(viewport=PHONE)
    yield context
    context.close()


def _hostile_tab(context: object) -> tuple[object, Watch, list[str]]:
    tab = context.new_page()
    dialogs: list[str] = []
    tab.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    return tab, Watch(tab), dialogs


def _no_script(tab: object, dialogs: list[str]) -> None:
    assert tab.evaluate(f"() => window.{MARK}") is None, "a script from the saved progress ran"
    assert dialogs == []


@pytest.mark.catalogue_cases(
    "best is markup", "history is a string", "history.length is markup", "not progress at all",
    reason="four more kinds of hostile progress (17 s); the whole suite keeps two, and the validator's every "
           "case under Node")
@pytest.mark.parametrize("name", sorted(HOSTILE_PROGRESS))
def test_hostile_progress_in_this_browser_is_set_aside(clean: object, built: tuple[Path, Path], name: str) -> None:
    """The issue's progress in localStorage: no script runs, the page says what it set aside and keeps the rest,
    it plays, and it still loads after a reload (before and after the first answer)."""
    text, words = HOSTILE_PROGRESS[name]
    tab, watch, dialogs = _hostile_tab(clean)
    with served(built[0], "vizgen/") as url:
        tab.goto(f"{url}practice.html")
        _board(tab)
        tab.evaluate("t => localStorage.setItem('vizgen-practice', t)", text)
        for _ in range(2):  # the note says it on every visit until the progress is saved again
            tab.reload()
            _board(tab)
            note = tab.locator(".pz-aside")
            assert note.is_visible() and words in note.inner_text(), note.inner_text()
            assert tab.locator('.pz-aside button[data-act="reset"]').is_visible()
            assert _rating(tab) == 1500 and tab.locator("[data-best]").inner_text() == "0"
            _no_script(tab, dialogs)
        _solve_current(tab)  # the first answer (the issue: "p.history.push is not a function")
        _board(tab, "solved")
        rating = _rating(tab)
        assert rating > 1500
        tab.reload()
        _board(tab)
        assert _rating(tab) == rating
        assert tab.locator(".pz-aside").count() == 0, "the progress saved since holds only what was kept"
        _no_script(tab, dialogs)
        tab.evaluate("() => localStorage.clear()")
        watch.check(("http://127.0.0.1:",))
    tab.close()


def test_hostile_progress_file_is_set_aside(clean: object, built: tuple[Path, Path], tmp_path: Path) -> None:
    """An imported file: its markup is never markup, even in its name; the rest of it is kept; the note's reset
    forgets it."""
    tab, watch, dialogs = _hostile_tab(clean)
    file = tmp_path / f'<img src=x onerror="window.{MARK}=1">.json'
    file.write_text('{"version":1,"rating":{"rating":1621.5,"rd":120},"best":"<img src=x onerror=\\"window.'
                    + MARK + '=1\\">","goals":{"standard:1":2}}')
    with served(built[0], "vizgen/") as url:
        tab.goto(f"{url}practice.html?mode=goals")
        tab.wait_for_selector(".pz-goal")
        tab.set_input_files('input[data-act="import"]', str(file))
        tab.wait_for_selector(".pz-aside")
        note = tab.locator(".pz-aside")
        assert note.is_visible()
        assert f'in <img src=x onerror="window.{MARK}=1">.json could not be read' in note.inner_text()
        assert "your best streak" in note.inner_text() and "The rest is kept." in note.inner_text()
        assert _rating(tab) == 1622  # the rating kept, shown rounded
        assert tab.locator('.pz-goal[data-goal="standard:1"] .stars').get_attribute("aria-label") == "2 of 3 stars"
        assert tab.locator('.pz-goal[data-goal="standard:1"] .stars').inner_text().startswith("★★")
        _no_script(tab, dialogs)
        tab.locator('.pz-aside button[data-act="reset"]').click()
        assert tab.locator(".pz-aside").count() == 0 and _rating(tab) == 1500
        # a file larger than any progress is refused before it is read
        big = tmp_path / "big.json"
        big.write_text(" " * (4 * 1024 * 1024 + 1))
        tab.set_input_files('input[data-act="import"]', str(big))
        tab.wait_for_function("() => document.querySelector('.pz-note')?.textContent.includes('too large')")
        assert tab.locator(".pz-note").is_visible() and _rating(tab) == 1500
        tab.reload()
        tab.wait_for_selector(".pz-goal, .pz-board")
        _no_script(tab, dialogs)
        tab.evaluate("() => localStorage.clear()")
        watch.check(("http://127.0.0.1:",))
    tab.close()


#: issue #39's practice addresses (tests/address_cases.py)
PRACTICE_NOTED = {name: case for name, case in NOTED.items() if case[0] == "practice.html"}


@pytest.mark.catalogue_cases(
    "practice retry=%ZZ", "practice theme=constructor", "practice retry=toString in a list",
    reason="three more bad parts of the address (7 s); the whole suite keeps two, and the parser's every case "
           "under Node")
@pytest.mark.parametrize("name", sorted(PRACTICE_NOTED))
def test_a_part_of_the_address_that_names_nothing_is_said(clean: object, built: tuple[Path, Path],
                                                          name: str) -> None:
    """retry=constructor (alone or in a list), toString, __proto__, a theme or a mode that is not one: the page
    loads (it stayed on "Loading the puzzles…"), says the reader's note a person sees, and plays."""
    path, address, where, words = PRACTICE_NOTED[name]
    with served(built[0], "vizgen/") as url:
        v = visit(clean, f"{url}{path}{address}", kind_of(path), 20.0, note=where, says=words)
    assert v.failure() is None, (name, v.failure())
