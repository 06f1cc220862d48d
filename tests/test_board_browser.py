"""Headless-Chromium tests of the board (vizgen/site/static/js/board.js): games played by touching hands only.

A challenge hides every value, mark and colour until the game ends and the review then shows them; the
board plays standard, four players and the house rules' new hands (lives, stumps, signed hands); on a
390 x 844 phone the hands, whose turn it is and the moves sit on the first screen during a game; Play
again starts a new game; the result card's picture downloads. Same site, server and checks as the other
browser tests (``tests/conftest.py``): no console error, no request leaving 127.0.0.1.
"""

from __future__ import annotations

import itertools
import random
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.browsing import line_to_a_drawn_blunder, names, open_game, panel_shows, state, visible_values
from vizgen.analysis.words import MARKS
from vizgen.site.render import VariantPage

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("board")]

#: the house rules' new hands, each with a position that shows them
AXES = {"lives": "11:3-12:2", "stumps": "½1-11", "signed-integers": "−12-11"}


@pytest.fixture(scope="module")
def pages(site_pages: dict[str, VariantPage], shared_gather: Callable) -> dict[str, VariantPage]:
    """Standard, four players and the variants of the new hands."""
    more = shared_gather(["four-players", *AXES])
    return {"standard": site_pages["standard"], **{p.slug: p for p in more}}


def your_turn(page: object) -> dict:
    """Wait until it is your move or the game is over, the panel at the game's position; return the game."""
    page.wait_for_function("(s => s && !s.paused && (s.yourTurn || s.over))(window.vizgen.play.state())",
                           timeout=20000)
    panel_shows(page, state(page)["path"][-1])
    page.wait_for_function("s => !s.yourTurn || document.querySelector('#panel .board.touch')", arg=state(page))
    return state(page)


def touch_a_move(page: object, rng: random.Random) -> None:
    """Play one move by touching hands only: one of your hands, then a lit hand (or, offered, a move under
    them), else a move of the whole player under the hands."""
    mine = page.locator('#panel .board .hand-btn[data-seat="0"]')
    order = list(range(mine.count()))
    rng.shuffle(order)
    for j in order:
        mine.nth(j).click()
        targets = page.locator("#panel .board .hand-btn.target")
        if targets.count():
            before = len(state(page)["path"])
            targets.nth(rng.randrange(targets.count())).click()
            offer = page.locator("#panel .board .board-move")
            if len(state(page)["path"]) == before and offer.count():
                offer.nth(rng.randrange(offer.count())).click()
            return
        alone = page.locator("#panel .board .board-move")
        if alone.count():
            alone.nth(rng.randrange(alone.count())).click()
            return
    page.locator("#panel .board .board-cancel").click()
    page.locator("#panel .board .board-move").first.click()


def play_out(page: object, rng: random.Random, turns: int = 200) -> dict:
    """Touch moves until the game ends (at most ``turns`` of yours); every ply played must be a move."""
    for _ in range(turns):
        game = your_turn(page)
        if game["over"]:
            return game
        touch_a_move(page, rng)
        page.wait_for_function("n => window.vizgen.play.state().line.length > n", arg=len(game["path"]))
    return your_turn(page)


def headers_belong(page: object) -> None:
    """Every table of the panel and the game: a header per column, over its column (a screen reader's
    reading of the header association, not only axe's rules): each body row has as many cells as the
    header row, column headers say scope="col", a row's own header scope="row"."""
    tables = page.evaluate("""() => Array.from(document.querySelectorAll('#panel table')).map(t => ({
        cls: t.className,
        heads: Array.from(t.tHead ? t.tHead.rows[t.tHead.rows.length - 1].cells : []).map(c => [c.colSpan, c.scope]),
        rows: Array.from(t.tBodies).flatMap(b => Array.from(b.rows)).map(r => Array.from(r.cells).map(c =>
            [c.colSpan, c.tagName, c.scope]))}))""")
    assert tables
    for t in tables:
        width = sum(span for span, _ in t["heads"])
        assert all(scope == "col" for _, scope in t["heads"]), t
        for row in t["rows"]:
            assert sum(span for span, _, _ in row) == width, t
            assert all(scope == "row" for _, tag, scope in row if tag == "TH"), t


def legal_line(data: VariantPage, line: list[str]) -> None:
    ids = [names(data).index(p) for p in line]
    for a, b in itertools.pairwise(ids):
        assert ((data.edges.src == a) & (data.edges.dst == b)).any(), (a, b)


def test_a_game_on_standard_by_touching_hands_only(open_page: Callable, pages: dict[str, VariantPage]) -> None:
    page = open_game(open_page, "variants/standard.html")
    page.locator("#play button[data-act=open]").click()  # coached play
    game = your_turn(page)
    assert not game["challenge"] and "Coached play" in page.locator("#play .play-mode-now").inner_text()
    # a chosen hand lights the hands it can reach, each saying what the move means for you in words
    page.locator('#panel .board .hand-btn[data-seat="0"]').first.click()
    assert page.locator('#panel .board .hand-btn[data-seat="0"][aria-pressed="true"]').count() == 1
    lit = page.locator("#panel .board .hand-btn.target .hand-says .badge")
    assert lit.count() == 2 and lit.all_inner_texts() == ["draw", "draw"]
    page.keyboard.press("Escape")  # let go
    assert page.locator("#panel .board .hand-btn.target").count() == 0
    # the move table's moves read in words too (hover and focus), the board's words
    link = page.locator("#panel tr.move td.mv a").first
    assert link.get_attribute("data-words") == "your 1 strikes their 1"
    assert link.get_attribute("aria-label") == "1>1: your 1 strikes their 1"
    headers_belong(page)
    # a hand dragged onto another plays the same move as two taps
    src = page.locator('#panel .board .hand-btn[data-seat="0"]').first.bounding_box()
    dst = page.locator('#panel .board .hand-btn[data-seat="1"]').first.bounding_box()
    page.mouse.move(src["x"] + src["width"] / 2, src["y"] + src["height"] / 2)
    page.mouse.down()
    page.mouse.move(dst["x"] + dst["width"] / 2, dst["y"] + dst["height"] / 2, steps=5)
    page.mouse.up()
    page.wait_for_function("window.vizgen.play.state().line.length > 1")
    assert state(page)["path"][1] == "12-11"
    game = play_out(page, random.Random(2))
    headers_belong(page)  # the review's table too
    assert game["over"] and game["end"]["reason"] == "won"  # these taps lose to the perfect player
    assert page.locator("#panel .pos-head .badge").inner_text() == "you lost"  # for you, not "lost: game over"
    legal_line(pages["standard"], game["path"])
    assert page.locator("#play .play-end").count() == 1 and page.locator(".play-counts").count() == 1


@pytest.mark.catalogue(
    reason="a four-player game by touch (20 s); the whole suite keeps the classic game's, and four players' "
           "seats in test_play_browser")
@pytest.mark.slow
def test_a_game_on_four_players_by_touching_hands_only(open_page: Callable, pages: dict[str, VariantPage]) -> None:
    page = open_game(open_page, "variants/four-players.html")
    # game seed 2 and these touches: a 48-ply game that player 4 wins after your blunder (?? at ply 45)
    page.evaluate("window.vizgen.play.start(['you', 'perfect', 'random', 'perfect'], 2, false)")
    your_turn(page)
    # the seats are named by who plays them, on the board itself
    who = page.locator("#panel .board .player .who").all_inner_texts()
    assert [w.split(" (")[0] for w in who] == ["You", "Perfect player", "Random player", "Perfect player"]
    game = play_out(page, random.Random(1))
    assert game["over"] and game["end"]["reason"] == "won"
    head = page.locator("#panel .pos-head .badge").inner_text()  # the seats named, never "+2 has won"
    assert head == "you won" or re.fullmatch(r"player [234] won", head), head
    assert page.locator("#play .play-end").count() == 1
    # the review reads the marks the moves show: never "your value never changed" beside your ?! ?? marks
    mine = [int(x) for x in page.locator(".play-counts tr.human td").all_inner_texts()]  # best ?! ? ?? hints
    turning = page.locator(".play-turning").inner_text()
    assert sum(mine[1:4]), mine  # this game has moves of yours marked
    assert "never changed" not in turning and "?" in turning, (mine, turning)
    # one sentence a person can read: "..., when you moved: 3>4?? lets them win ..." (it read "when you played
    # 3>4?? lets them win", a move's review sentence dropped into another sentence)
    assert re.search(r"(until ply \d+, when|all game, but at ply \d+) (you|player \d) moved: \S+\?", turning), turning
    moves = page.evaluate("""async (path) => {
      const out = [];  // every position's moves, as the page reads them
      for (const name of path) {
        const d = await window.vizgen.model.detail(await window.vizgen.locate(name));
        out.push(d.moves.map((m) => window.vizgen.model.name(m.dst)));
      }
      return out;
    }""", game["path"][:-1])
    for (a, b), targets in zip(itertools.pairwise(game["path"]), moves, strict=True):  # every ply a move of the rules
        assert b in targets, (a, b)


def test_a_challenge_hides_every_mark_until_the_end(open_page: Callable, pages: dict[str, VariantPage]) -> None:
    data = pages["standard"]
    line, blunder, _ = line_to_a_drawn_blunder(data)
    seats = ["you", "perfect"] if (len(line) - 1) % 2 == 0 else ["perfect", "you"]
    moves = "_".join(names(data)[i] for i in line[1:])
    page = open_game(open_page, f"variants/standard.html?play={'.'.join(seats)}&seed=1&mode=challenge&moves={moves}")
    game = your_turn(page)
    assert game["hidden"] and visible_values(page) == []
    # the table has no value column at all, and its headers sit over their columns
    heads = page.locator("#panel table.moves thead th").all_inner_texts()
    assert heads == ["move", "to"]
    headers_belong(page)
    # the blunder, played on the hands; the perfect player then waits, so the position after it can be read
    page.evaluate("window.vizgen.play.delay = 60000")
    name = page.locator(f'#panel tr.move[data-dst="{blunder}"] td.mv a').inner_text()
    mv = page.evaluate("n => VZ.board.parse(n, 2, false)", name)
    page.locator(f'#panel .board .hand-btn[data-seat="0"][data-value="{mv["hand"]:g}"]').first.click()
    assert page.locator("#panel .board .hand-says .badge").count() == 0  # no target says its value
    if mv["kind"] == "split":
        page.locator('#panel .board .hand-btn.target[data-seat="0"]').first.click()
        page.locator(f'#panel .board .board-move[data-dst="{blunder}"]').click()
    else:
        page.locator(f'#panel .board .hand-btn[data-seat="{mv["seat"]}"][data-value="{mv["target"]:g}"]').first.click()
    page.wait_for_function("n => window.vizgen.play.state().line.length > n", arg=len(line))
    panel_shows(page, names(data)[blunder])
    page.wait_for_selector("#play .play-status.thinking")
    # nothing says it was a blunder: no mark, no value word, no colour
    assert page.locator("#play .play-mark, #play .play-value, .play-moves .sym, .play-chart").count() == 0
    assert visible_values(page) == []
    assert "??" not in page.locator("#panel").inner_text()
    # played to the end: the review shows the blunder
    page.evaluate("window.vizgen.play.delay = 0")
    page.evaluate("window.vizgen.play.seek(window.vizgen.play.state().path.length - 1)")
    game = play_out(page, random.Random(1))
    assert game["over"] and not game["hidden"]
    blunder_ply = len(line) - 1
    mark = page.locator(f'.play-moves a.ply[data-ply="{blunder_ply + 1}"] .sym')
    assert mark.inner_text() == next(m.symbol for m in MARKS if m.key == "blunder")
    you = page.locator(".play-counts tbody tr.human td").all_inner_texts()
    assert int(you[[m.key for m in MARKS].index("blunder")]) >= 1
    assert visible_values(page)
    headers_belong(page)


def test_phone_the_board_and_the_moves_on_the_first_screen(new_tab: Callable[..., object], base_url: str) -> None:
    page = new_tab(phone=True)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base_url + "variants/standard.html")
    page.wait_for_function("window.vizgen && window.vizgen.play && window.vizgen.play.ready", timeout=20000)
    page.evaluate("window.vizgen.play.delay = 0")
    page.locator("#play button[data-act=start]").tap()
    rng = random.Random(3)
    for _ in range(4):
        game = your_turn(page)
        if game["over"]:
            break
        top = page.evaluate("document.getElementById('panel').scrollTop")
        boxes = page.evaluate("""() => ['#panel .board .hand-btn', '#panel table.moves tr.move',
            '#play .play-status.turn'].map(s => Array.from(document.querySelectorAll(s)).map(e => {
                const r = e.getBoundingClientRect();
                const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
                return [r.top, r.bottom, e.contains(hit) || hit === e];
            }))""")
        for kind in boxes:
            assert kind, boxes
            for top_px, bottom_px, seen in kind:
                assert top_px >= 0 and bottom_px <= 844 and seen, boxes
        mine = page.locator('#panel .board .hand-btn[data-seat="0"]')
        assert mine.first.bounding_box()["height"] >= 44  # a finger's tap
        touch_a_move(page, rng)
        page.wait_for_function("n => window.vizgen.play.state().line.length > n", arg=len(game["path"]))
        your_turn(page)
        assert page.evaluate("document.getElementById('panel').scrollTop") == top  # the view does not jump
    # the graph stays reachable: the handle folds the sheet
    page.locator("#panel .sheet-toggle").tap()
    page.wait_for_function("!document.getElementById('panel').classList.contains('open')")
    assert not errors, errors


def test_play_again_and_the_result_card(open_page: Callable, pages: dict[str, VariantPage], base_url: str) -> None:
    page = open_game(open_page, "variants/standard.html")
    page.locator("#play button[data-act=start]").click()
    game = play_out(page, random.Random(5))
    assert game["over"]
    sentence = page.locator("#play .play-sentence").inner_text()
    plies = game["end"]["plies"]
    assert sentence in (f"I lost to the perfect player on Standard after {plies} plies.",
                        f"I held the draw for {plies} plies against the perfect player on Standard.")
    with page.expect_download() as got:
        page.locator("#play button[data-act=card]").click()
    picture = got.value
    assert picture.suggested_filename == "standard-game.png"
    data = Path(picture.path()).read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 10000
    # the end-of-game area keeps a place for other add-ons' links
    assert page.locator("#play .play-after .play-after-more").count() == 1
    # Play again: a new game, the same players and way of playing
    finished = page.url.replace(base_url, "")
    old = state(page)
    page.locator("#play button[data-act=again]").click()
    game = your_turn(page)
    assert game["seats"] == old["seats"] and game["challenge"] and len(game["path"]) == 1 and not game["over"]
    assert "moves=" not in page.url and "mode=challenge" in page.url
    # sides swapped: the perfect player moves first, and its move is played
    page = open_game(open_page, finished)
    assert state(page)["over"]
    page.locator("#play button[data-act=again-swapped]").click()
    game = your_turn(page)
    assert game["seats"] == ["perfect", "you"] and len(game["path"]) == 2 and game["yourTurn"]


@pytest.mark.catalogue_cases(
    "stumps",
    reason="stumps' hands (10 s); the whole suite keeps signed integers' and lives', and stumps' puzzles drawn")
@pytest.mark.parametrize("slug", list(AXES))
def test_the_new_hands_on_the_board(open_page: Callable, pages: dict[str, VariantPage], slug: str) -> None:
    page, _ = open_page(f"variants/{slug}.html#{AXES[slug]}")
    panel_shows(page, AXES[slug])
    board = page.locator("#panel .board")
    if slug == "lives":
        assert board.locator(".player.mover .tag.lives").inner_text().lower() == "3 lives left"
        assert board.locator(".player:not(.mover) .tag.lives").inner_text().lower() == "2 lives left"
    if slug == "stumps":
        stump = board.locator('.hand-btn[data-seat="0"][data-value="½"]')
        assert stump.locator(".finger.stump").count() == 1
        assert stump.locator("svg").get_attribute("aria-label") == "½ fingers: the half is a stump"
    if slug == "signed-integers":
        neg = board.locator('.hand-btn[data-seat="0"][data-value="−1"]')
        assert neg.locator("svg.hand.negative").count() == 1 and neg.locator(".count").text_content() == "−1"
        neg.click()
        flips = board.locator(".board-move").all_inner_texts()
        assert any(t.startswith("you flip your −1") for t in flips), flips
        board.locator(".board-move").first.click()
        page.wait_for_function("document.getElementById('panel').dataset.position !== '−12-11'")
    # a game by touching hands only, a dozen of your moves
    page.evaluate("window.vizgen.play.delay = 0")
    page.evaluate("window.vizgen.play.start(['you', 'perfect'], 3, false)")
    game = play_out(page, random.Random(7), turns=12)
    legal_line(pages[slug], game["path"])
    assert len(game["path"]) >= 3
