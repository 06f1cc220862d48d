"""Headless-Chromium tests of people's games on a variant's page and the rules page (play/ctrl.js, game.js).

At phone size (390x844, touch), each to the end: two people on one device (pass and play), a game by link
between two browser contexts, a game played on the hands entered and reviewed, a three-player game where
you are out early, and the rules page's result card naming its rule set. Same site, server and checks as the
other browser tests (the fixtures of ``tests/conftest.py``). Screenshots go to /work/shots/people/ when that
folder can be made (the lead reads them); the tests assert only what a person sees.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.browsing import Watch, names, served, state, write_site
from tests.solved import code_page_once
from vizgen.site.render import VariantPage, render_site

pytestmark = [pytest.mark.browser, pytest.mark.xdist_group("people")]

PlaywrightTimeout = pytest.importorskip("playwright.sync_api",
                                        reason="the playwright package is not installed").TimeoutError
PHONE = {"width": 390, "height": 844}
SHOTS = Path("/work/shots/people")


def shoot(page: object, name: str, *, wide: bool = False) -> None:
    """A screenshot of the page as it is, for the closing note (skipped where the folder cannot be made); wide:
    one at 1400x900 as well, the phone's size kept after it."""
    with contextlib.suppress(OSError):
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}-390.png"))
        if wide:
            page.set_viewport_size({"width": 1400, "height": 900})
            page.locator("#play").scroll_into_view_if_needed()
            page.screenshot(path=str(SHOTS / f"{name}-1400.png"))
            page.set_viewport_size(PHONE)


@pytest.fixture(scope="module")
def phone_context(browser: object) -> Iterator[Callable[[], object]]:
    """New phone contexts (390x844, touch), each its own storage and clipboard: a friend's phone is another one."""
    made: list[object] = []

    def _new() -> object:
        ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
        made.append(ctx)
        return ctx

    yield _new
    for ctx in made:
        ctx.close()


@pytest.fixture
def phone(phone_context: Callable[[], object], base_url: str) -> Iterator[Callable[..., object]]:
    """Open a page of the site on a phone (a new context unless one is given); no console error, no request
    leaving this machine."""
    opened: list[Watch] = []

    def _open(url: str, ctx: object | None = None, *, ready: str = "window.vizgen && window.vizgen.play && "
                                                                      "window.vizgen.play.ready") -> object:
        page = (ctx or phone_context()).new_page()
        watch = Watch(page)
        opened.append(watch)
        page.goto(url if url.startswith("http") else base_url + url)
        page.wait_for_function(ready, timeout=60000)
        page.evaluate("window.vizgen.play.delay = 0")
        return page

    yield _open
    for watch in opened:
        watch.check(("http://127.0.0.1:",))


def press(page: object, act: str) -> None:
    """Touch the play area's button ``act``, scrolled into the middle of the panel first (the panel is a sheet on
    a phone: it scrolls inside)."""
    button = page.locator(f"#play button[data-act={act}]").first
    for _ in range(20):  # a sheet still sliding in, or a panel drawn again, moves it: scroll again
        button.evaluate("e => e.scrollIntoView({block: 'center'})")
        with contextlib.suppress(PlaywrightTimeout):
            button.tap(timeout=1500)
            return
    button.tap()


def settled(page: object) -> dict:
    """Wait until a person may move here, the game waits for another device or it is over; the game."""
    page.wait_for_function("(s => s && !s.paused && (s.canMove || s.waiting || s.theirs || s.over))"
                           "(window.vizgen.play.state())",
                           timeout=20000)
    page.wait_for_function("s => document.getElementById('panel').dataset.position === s.path[s.path.length - 1]",
                           arg=state(page), timeout=10000)
    return state(page)


def rows(page: object) -> list[int]:
    """The positions the move table's moves lead to."""
    return [int(x) for x in page.locator("#panel tr.move").evaluate_all("rs => rs.map(r => r.dataset.dst)")]


def fastest(data: VariantPage, dsts: list[int], rng: random.Random) -> int:
    """The move that ends the game soonest with best play (a side that loses hurries too): a game of people
    that reaches its end in a few plies."""
    won = [d for d in dsts if data.nodes["winner"][d] >= 0]
    if not won:
        return rng.choice(dsts)
    return min(won, key=lambda d: (int(data.nodes["remoteness"][d]), d))


def tap_move(page: object, dst: int) -> None:
    """Touch the move to ``dst`` in the move table, and wait until it is played."""
    before = len(state(page)["path"])
    page.locator(f'#panel tr.move[data-dst="{dst}"] td.mv a').first.tap()
    page.wait_for_function("n => window.vizgen.play.state().path.length > n", arg=before, timeout=10000)


def touch_hands(page: object, rng: random.Random) -> None:
    """Play one move by touching the hands only: one of the mover's hands, then a lit hand (or a move offered
    under them)."""
    before = len(state(page)["path"])
    mine = page.locator('#panel .board .hand-btn[data-seat="0"]')
    order = list(range(mine.count()))
    rng.shuffle(order)
    for j in order:
        mine.nth(j).tap()
        targets = page.locator("#panel .board .hand-btn.target")
        if targets.count():
            targets.nth(rng.randrange(targets.count())).tap()
            offer = page.locator("#panel .board .board-move")
            if len(state(page)["path"]) == before and offer.count():
                offer.nth(rng.randrange(offer.count())).tap()
            break
        alone = page.locator("#panel .board .board-move")
        if alone.count():
            alone.nth(rng.randrange(alone.count())).tap()
            break
    page.wait_for_function("n => window.vizgen.play.state().path.length > n", arg=before, timeout=10000)


def test_two_people_on_one_device_play_to_the_end_and_the_review_marks_both(
        phone: Callable[..., object], pages: dict[str, VariantPage]) -> None:
    data = pages["tiny"]
    page = phone("variants/standard-r3.html")
    people = page.locator("#play .play-people")
    people.evaluate("e => e.scrollIntoView({block: 'center'})")
    assert page.locator("#play").get_by_text("With people").is_visible() and people.is_visible()
    shoot(page, "people-start", wide=True)
    press(page, "pass")
    game = settled(page)
    assert game["seats"] == ["person", "person"] and game["hidden"] and game["mode"] == "challenge"
    assert "Player 1's move" in page.locator("#play .play-status").inner_text()
    assert "values stay hidden" in page.locator("#play .play-mode-now").inner_text()
    shoot(page, "pass-and-play")
    rng = random.Random(3)
    first = True
    while not game["over"]:
        seat = (len(game["path"]) - 1) % 2
        assert f"Player {seat + 1}'s move" in page.locator("#play .play-status").inner_text()
        dsts = rows(page)
        # player 1 opens with a move that hands the win away (a blunder to mark), then both hurry to the end
        losing = [d for d in dsts if data.nodes["winner"][d] == 0]
        tap_move(page, losing[0] if first and losing else fastest(data, dsts, rng))
        first = False
        game = settled(page)
    end = page.locator("#play .play-end").inner_text()
    assert "has won" in end or "draw" in end.lower()
    review = page.locator("#panel .play-log")
    tallies = review.locator(".play-tally").all_inner_texts()
    assert [t.split(":")[0] for t in tallies] == ["Player 1", "Player 2"]
    assert any(w in " ".join(tallies) for w in ("blunder", "mistake", "inaccurac")), tallies
    assert review.locator(".play-turning").is_visible() and review.locator(".play-chart").count() == 1
    assert review.locator(".play-moves .sym").count() >= 1  # the marks on the moves themselves
    review.locator(".play-tally").first.scroll_into_view_if_needed()
    shoot(page, "pass-and-play-review", wide=True)


def shown_link(page: object) -> str:
    """The link the page offers to send (the words it shows), after its words naming who gets it."""
    box = page.locator("#play .play-send")
    assert box.is_visible()
    return box.locator(".play-link a").inner_text()


def test_a_game_by_link_between_two_phones(phone: Callable[..., object], phone_context: Callable[[], object],
                                           pages: dict[str, VariantPage], base_url: str) -> None:
    data = pages["tiny"]
    rng = random.Random(5)
    a_ctx, b_ctx = phone_context(), phone_context()
    a_ctx.grant_permissions(["clipboard-read", "clipboard-write"])
    # a phone's share sheet, as a phone's browser offers it (headless Chromium has none): what it was given is kept
    a_ctx.add_init_script("navigator.share = (data) => { window.shared = data; return Promise.resolve(); };")
    page = phone("variants/standard-r3.html", a_ctx)
    press(page, "link")
    game = settled(page)
    assert game["mode"] == "link" and game["canMove"]
    turns = 0
    pages_by_seat = {0: page, 1: None}
    while not game["over"]:
        seat = (len(game["path"]) - 1) % 2
        here = pages_by_seat[seat]
        assert f"Player {seat + 1}'s move" in here.locator("#play .play-status").inner_text()
        tap_move(here, fastest(data, rows(here), rng))
        game = settled(here)
        if game["over"]:
            break
        # the board is not live here any more: the page offers the link and waits for the other player
        assert not game["canMove"] and game["waiting"]
        other = 2 - seat
        send = here.locator("#play .play-send").inner_text()
        assert f"Send this link to Player {other}" in send and f"Waiting for Player {other}" in send
        link = shown_link(here)
        if turns == 0:
            press(here, "copy-link")
            assert here.locator("#play .play-copied").inner_text() == "Link copied."
            assert here.evaluate("navigator.clipboard.readText()") == link  # the copied address is the one shown
            press(here, "share")
            assert here.evaluate("window.shared.url") == link
            shoot(here, "link-send", wide=True)
        assert not here.locator('#panel tr.move.play-can').count()  # no move offered on this phone now
        friend = pages_by_seat[1 - seat]
        if friend is None:
            friend = pages_by_seat[1 - seat] = phone(link, b_ctx)
        else:
            friend.goto(link)
            friend.wait_for_function("window.vizgen.play && window.vizgen.play.ready", timeout=20000)
            friend.evaluate("window.vizgen.play.delay = 0")
        game = settled(friend)
        assert game["canMove"] and game["path"] == state(here)["path"]
        assert "checked against the rules, every move legal" in friend.locator("#play").inner_text()
        if turns == 0:
            shoot(friend, "link-opened")
            # the sender reopening their own address is told it is the friend's turn, and cannot move for them
            here.reload()
            here.wait_for_function("window.vizgen.play && window.vizgen.play.ready", timeout=20000)
            mine = settled(here)
            assert not mine["canMove"] and mine["theirs"]
            assert f"Waiting for Player {other}" in here.locator("#play .play-send").inner_text()
            assert f"Player {other}'s move" not in here.locator("#play").inner_text()
            assert not here.locator('#panel tr.move.play-can').count()
        turns += 1
    assert turns >= 2
    # the end reaches both phones: the winner's page offers the final position to send like any other ply
    winner_seat = (len(game["path"]) - 2) % 2
    last, loser = pages_by_seat[winner_seat], pages_by_seat[1 - winner_seat]
    end = last.locator("#play .play-end").inner_text()
    assert "You won" in end and f"player {winner_seat + 1}" in end
    send = last.locator("#play .play-send").inner_text()
    assert f"Send this link to Player {2 - winner_seat} so their page shows the end" in send
    assert "Waiting" not in send
    won_badge = last.locator("#play .play-value .badge")
    assert won_badge.inner_text() == "you won"
    link = shown_link(last)
    shoot(last, "link-end", wide=True)
    loser.goto(link)
    loser.wait_for_function("window.vizgen.play && window.vizgen.play.ready", timeout=20000)
    assert state(loser)["over"] and state(loser)["path"] == game["path"]
    lost = loser.locator("#play .play-end")
    lost.wait_for(timeout=10000)
    assert f"Player {winner_seat + 1} has won: you lost" in lost.inner_text()
    lost_badge = loser.locator("#play .play-value .badge")
    assert lost_badge.inner_text() == "you lost"
    # the badges are coloured from each viewer's side: the winner's is not the loss colour
    colour = "e => getComputedStyle(e).backgroundColor"
    assert won_badge.evaluate(colour) != lost_badge.evaluate(colour)
    assert not loser.locator("#play .play-send").count()  # nothing to send from the loser's page
    loser.locator("#play button[data-act=see-review]").tap()
    review = loser.locator("#panel .play-log #play-review")
    review.wait_for(timeout=10000)
    loser.wait_for_function("() => { const r = document.getElementById('play-review').getBoundingClientRect(); "
                            "return r.top >= 0 && r.bottom <= innerHeight; }", timeout=10000)
    assert loser.locator("#panel .play-log .play-tally").first.is_visible()
    shoot(loser, "link-end-loser", wide=True)
    # the sender reopening their own address after the end: the end again, the link still offered
    last.reload()
    last.wait_for_function("window.vizgen.play && window.vizgen.play.ready", timeout=20000)
    assert "You won" in last.locator("#play .play-end").inner_text() and shown_link(last) == link
    # a tampered link: a move that is not one, and a mode that is not one: each said on the page, no game broken
    bad = phone("variants/standard-r3.html?play=person.person&seed=1&moves=12-11_44-44&mode=link#11-11", b_ctx)
    assert "“44-44” is not a move from" in bad.locator("#play .play-message").inner_text()
    shoot(bad, "link-tampered")
    for query, why in (("play=person.person&mode=__proto__", "mode must be one of"),
                       ("play=person.perfect&mode=link", "a game by link needs two people")):
        bad.goto(base_url + "variants/standard-r3.html?" + query)
        bad.wait_for_function("window.vizgen.play && window.vizgen.play.ready", timeout=20000)
        note = bad.locator("#play .play-message").inner_text()
        assert "could not be read" in note and why in note


def test_a_game_played_on_the_hands_is_entered_and_reviewed(phone: Callable[..., object],
                                                            pages: dict[str, VariantPage]) -> None:
    data = pages["tiny"]
    start = names(data)[int(data.nodes["perfect_move"][names(data).index("11-11")])]  # any position: one ply in
    page = phone(f"variants/standard-r3.html#{start}")
    page.wait_for_function("n => document.getElementById('panel').dataset.position === n", arg=start)
    press(page, "enter")
    game = settled(page)
    assert game["path"] == [start] and game["seats"] == ["person", "person"] and game["hidden"]
    assert "Entering a game played on the hands" in page.locator("#play .play-mode-now").inner_text()
    rng = random.Random(4)
    for ply in range(4):  # both sides, by touching the hands, then by the table: a game that stops midway
        if game["over"]:
            break
        if ply % 2 == 0:
            touch_hands(page, rng)
        else:
            dsts = rows(page)
            tap_move(page, min(dsts, key=lambda d: (int(data.nodes["remoteness"][d]) == 0, d)))
        game = settled(page)
    assert len(game["path"]) == 5 and not game["over"] and game["hidden"]
    assert not page.locator("#panel .play-log .play-tally").count()  # nothing marked before the review
    shoot(page, "enter")
    press(page, "review")
    page.wait_for_function("window.vizgen.play.state().mode === 'review'")
    review = page.locator("#panel .play-log")
    tallies = review.locator(".play-tally").all_inner_texts()
    assert [t.split(":")[0] for t in tallies] == ["Player 1", "Player 2"]
    assert review.locator(".play-moves a.ply").count() == len(game["path"]) - 1
    assert review.locator(".play-turning").is_visible() and review.locator(".play-chart").count() == 1
    assert "The review of the game entered" in page.locator("#play .play-mode-now").inner_text()
    review.locator(".play-tally").first.scroll_into_view_if_needed()
    shoot(page, "enter-review", wide=True)


def line_out(data: VariantPage, depth: int = 18) -> list[int]:
    """Your moves (seat 1 of 3, the perfect players in the others) to a position where you are out, fewest plies."""
    node_names = names(data)
    perfect = data.nodes["perfect_move"]
    start = node_names.index("11-11-11")
    src, dst = data.edges.src, data.edges.dst
    seen = {(start, 0)}
    queue: list[tuple[int, int, list[int]]] = [(start, 0, [])]
    for node, ply, mine in queue:
        hands = node_names[node].split("-")
        if set(hands[(0 - ply) % 3].split(":")[0]) <= {"0"}:
            return mine
        if ply >= depth:
            continue
        kids = [int(perfect[node])] if ply % 3 else sorted({int(d) for d in dst[src == node]})
        for kid in kids:
            if (kid, ply + 1) not in seen:
                seen.add((kid, ply + 1))
                queue.append((kid, ply + 1, [*mine, kid] if ply % 3 == 0 else mine))
    raise AssertionError("no line puts you out")


@pytest.mark.catalogue(
    reason="a three-player game of people played out (25 s); the whole suite keeps five people on a code page "
           "whose out pass by themselves")
def test_out_of_three_players_the_game_ends_with_at_most_one_tap(phone: Callable[..., object],
                                                                 pages: dict[str, VariantPage]) -> None:
    data = pages["three"]
    mine = line_out(data)
    page = phone("variants/three-players.html#11-11-11")
    page.evaluate("window.vizgen.play.delay = 400")  # the computers move at a pace a person watches
    press(page, "open")  # coached play: you, then two perfect players
    for dst in mine:
        game = settled(page)
        assert game["seats"] == ["you", "perfect", "perfect"] and game["canMove"]
        tap_move(page, dst)
    page.locator("#play .play-status.out").wait_for(timeout=20000)  # the perfect players put you out
    shown = page.locator("#play").inner_text()
    assert "You are out" in shown and "Your move" not in shown
    shoot(page, "out", wide=True)
    taps = 0
    skip = page.locator("#play button[data-act=skip]")
    if not state(page)["over"] and skip.count():
        skip.tap()
        taps += 1
    page.wait_for_function("window.vizgen.play.state().over", timeout=60000)
    assert taps <= 1
    end = page.locator("#play .play-end").inner_text()
    assert "You were out" in end or "has won" in end
    box = page.locator("#play").inner_text()
    assert "Your move" not in box
    # a finished game's words: never "no one can force a win", never the workshop's "pass passes"
    assert "no one can force a win" not in box and "passes: you are out" not in box
    # the card gives the ply you were out at, not the game's length
    game = state(page)
    plies = len(game["path"]) - 1
    sentence = page.locator("#play .play-sentence").inner_text()
    out_at = int(sentence.split("at ply ")[1].split(";")[0])
    assert "forced out" in sentence and f"the game ended at ply {plies}" in sentence and out_at <= len(mine) * 3
    assert out_at < plies
    # the review counts your own moves only: the passes played for you after you were out are not in it
    counts = page.locator("#panel .play-counts tbody tr").first
    counts.scroll_into_view_if_needed()
    marked = sum(int(x) for x in counts.locator("td").all_inner_texts()[:-1])  # every mark of yours (not hints)
    assert counts.locator("th").inner_text().startswith("You") and marked == len(mine)
    shoot(page, "out-end", wide=True)


def test_the_rules_page_card_names_the_rule_set_and_people_play_there(phone: Callable[..., object]) -> None:
    spec = "standard:r=2"
    ready = ("window.vizgenRules && window.vizgenRules.ready && window.vizgen && window.vizgen.play && "
             "window.vizgen.play.ready")
    page = phone(f"rules.html?rules={spec}#11-11", ready=ready)
    press(page, "open")  # you against the perfect player, to the end
    game = settled(page)
    while not game["over"]:
        tap_move(page, rows(page)[0])
        game = settled(page)
    card = page.locator("#play .play-sentence").inner_text()
    assert f"on the rules {spec}" in card and "Try your own rules" not in card
    page.locator("#play .play-card").scroll_into_view_if_needed()
    shoot(page, "rules-card")
    # people play there too, the rule set kept in the address
    press(page, "quit")
    press(page, "pass")
    game = settled(page)
    assert game["seats"] == ["person", "person"] and f"rules={spec}" in page.evaluate("location.search")
    assert "Player 1's move" in page.locator("#play .play-status").inner_text()
    shoot(page, "rules-pass", wide=True)


@pytest.fixture(scope="module")
def code_site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A code page of five players (viewer/codemodel.js: moves generated in the browser), served."""
    root = tmp_path_factory.mktemp("people-codes")
    write_site(root / "site", render_site([code_page_once("standard:players=5,r=2")]))
    with served(root, "site/") as url:
        yield url


def test_five_people_on_a_code_page_play_to_the_end_and_the_out_pass_by_themselves(
        phone: Callable[..., object], code_site: str) -> None:
    page = phone(f"{code_site}variants/standard-players5-r2.html#11-11-11-11-11")
    press(page, "pass")
    game = settled(page)
    assert game["seats"] == ["person"] * 5
    rng = random.Random(2)
    taps = said = 0
    while not game["over"] and taps < 400:
        seat = (len(game["path"]) - 1) % 5
        status = page.locator("#play .play-status").inner_text()
        assert f"Player {seat + 1}'s move" in status, status
        said |= 1 << seat
        tap_move(page, rng.choice(rows(page)))
        taps += 1
        game = settled(page)
    assert game["over"], taps
    # every seat was asked on its turn while in; the turns of those out passed with no tap: fewer taps than plies
    assert said == 0b11111 and taps < len(game["path"]) - 1
    assert [t.split(":")[0] for t in page.locator("#panel .play-log .play-tally").all_inner_texts()] == \
        [f"Player {k}" for k in range(1, 6)]
    page.locator("#panel .play-log .play-tally").first.scroll_into_view_if_needed()
    shoot(page, "five-people-review")
