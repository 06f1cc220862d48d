"""Words: how a solved value reads, defined once for the command line and the site.

A position's solution falls in one of the :data:`VERDICTS`, a move in one of the :data:`CHOICES` and a move
played takes one of the :data:`MARKS`: the meaning table, codes, value classes and their words, is
:mod:`vizgen.analysis.meaning` (re-exported here); this module holds the site's other words and fills the
templates in (:func:`say`). The site ships the meaning table to the browser in its generated contract
(:mod:`vizgen.site.render.contract`) and the other words per page (:func:`for_browser`); the browser only fills in the
``{n}`` (a count), ``{k}`` (a seat) and ``{ply|plies}`` (the unit agreeing with
``{n}``) placeholders, as :func:`fill` does. Every count says its unit: see
:data:`UNITS`, :func:`plies`, :func:`ply_note`, :func:`percent` and :func:`count`.
"""

from __future__ import annotations

from typing import Any, TypedDict

from vizgen.analysis.meaning import (
    CHOICES,
    CLASSES,
    MARKS,
    VALUES,
    VERDICTS,
    WHO,
    Mark,
    Verdict,
    choices,
    verdict_n,
    verdicts,
)
from vizgen.analysis.play_words import MOVE_WORDS, NOTATION, PLAY, say_move
from vizgen.engine.ending import PLY_CAP, REPETITIONS

__all__ = [
    "BANDS", "CHOICES", "CLASSES", "ENDING", "HANDS", "LEGEND", "MARKS", "MOVE_WORDS", "NOTATION", "OVER", "PLAY",
    "PRACTICE", "REVIEW", "SEATS", "SHEET", "UNITS", "VALUES", "VERDICTS",
    "Mark", "Review", "Verdict", "choices", "count", "fill", "for_browser", "game_end_rule", "legend", "percent",
    "plies", "ply_note", "say", "say_choice", "say_move", "seat_name", "seat_words",
    "verdict_n", "verdicts",
]


# Units: every count a visitor reads says its unit, one way across the site, the command line and the downloads
# (the ply, written out: "win in 3 plies"; templates write ``{n} {ply|plies}``). The table and the functions that
# write counts, plies and shares are in vizgen/analysis/units.py, re-exported here for every page and command.
from vizgen.analysis.units import UNITS, count, fill, percent, plies, ply_note

#: seat names, counted from the player to move; ``{k}`` is the seat
SEATS = {"mover": "To move", "opponent": "Opponent", "next": "Next", "other": "{k:Next|After next|# seats on}"}

#: a finished game in the panel: who won (``{k}`` a seat counted from the player to move) and why; the tags
#: beside a player's name
OVER = {
    "mover": "Game over: the player to move has won.",
    "opponent": "Game over: the opponent has won.",
    "other": "Game over: " + WHO + " has won.",
    "emptied": "Emptying your hands wins in this variant.",
    "last": "The last player with a live hand wins.",
    "tag-won": "winner",
    "tag-out": "out",
    "tag-you": "you",
}

_ORDINAL = {2: "second", 3: "third", 4: "fourth"}

#: how a game played out ends besides a win (docs/RULINGS.md): the rule, and what the panel says when a game ends so
ENDING = {
    "rule": (f"The same position with the same player to move for the {_ORDINAL[REPETITIONS]} time ends the game "
             f"in a draw, and so does reaching {PLY_CAP} plies."),
    "shared": "With three or more players, the players still in share the draw; a player already out has lost.",
    "repetition": (f"Draw by repetition: the same position with the same player to move for the "
                   f"{_ORDINAL[REPETITIONS]} time."),
    "cap": f"Draw: {PLY_CAP} plies played.",
    "tag-shared": "shares the draw",
}


#: a game's review in one sentence per move: what the move played did (``played``, keyed like :data:`CHOICES`),
#: and, when it was not the best, what the best move would have done (``kept``); ``{n}`` counts the plies after
#: the move, ``{k}`` a seat from the chooser; ``sentence`` and ``better`` put them together with the moves
class Review(TypedDict):
    """The words of a game's review (:data:`REVIEW`)."""

    played: dict[str, str]
    kept: dict[str, str]
    sentence: str
    better: str


REVIEW: Review = {
    "played": {
        "draw": "leads to a draw", "you-win": "wins in {n} {ply|plies}",
        "you-lose": "lets them win in {n} {ply|plies}",
        "you-win-now": "wins at once", "you-lose-now": "loses at once",
        "open": "leaves no one able to force a win",
        "other-forces": "lets " + WHO + " force a win in {n} {ply|plies}",
        "other-wins-now": "lets " + WHO + " win at once",
        "you-out": "lets the others together force you out within {n} {ply|plies} if they all try",
        "you-survive": "keeps you in whatever the others do", "you-are-out": "passes: you are out",
    },
    "kept": {
        "draw": "kept the draw", "you-win": "won in {n} {ply|plies}", "you-lose": "held out for {n} {ply|plies}",
        "you-win-now": "won at once", "you-lose-now": "lost at once", "open": "kept the game open",
        "other-forces": "held out for {n} {ply|plies}", "other-wins-now": "lost at once",
        "you-out": "held out for {n} {ply|plies}", "you-survive": "kept you in whatever the others do",
        "you-are-out": "passed: you were out",
    },
    "sentence": "{move}{mark} {played}",
    "better": "; {best} {kept}",
}

#: how a hand is pictured, for screen readers and under pictures of more than five fingers
HANDS = {"fingers": "{n} fingers", "finger": "1 finger", "dead": "dead hand: a fist", "empty": "empty hand",
         "half": "{n} fingers: the half is a stump", "negative": "minus {n}: a negative hand, drawn upside down",
         # what the rules keep with a player (lives, the one-point switch, own swaps) and with a position
         "lives": "{n} {life|lives} left", "used": "switch used", "own": "{n} own {swap|swaps} in a row",
         "swaps": "{n} {swap|swaps} in a row just played"}

#: the practice page's own words (practice/*.js): how a goal ended and why (``goal-*``), the difficulty choice
#: (``level-*``: against your rating), the storm (the timed mode: ``timed-*``, ``storm-*``), the hint and the history
#: chart
PRACTICE = {
    "goal-met": "Goal met at ply {n} of {plies}",
    "goal-missed": "Goal missed at ply {n} of {plies}",
    "why-won": "you won the game.",
    "why-held": "you held it for {n} {ply|plies}, the whole goal.",
    "why-repeat": "the same position came up a third time: the game is drawn by repetition, the draw held.",
    "why-mistake": "that move gives up your win.",
    "why-blunder": "that move lets them win.",
    "why-slow": "your win no longer fits in the plies allowed.",
    "why-lost": "the game is over against you.",
    "level": "Difficulty",
    "level-easier": "easier", "level-normal": "normal", "level-harder": "harder",
    "level-says": "Next puzzles rated {lo} to {hi}, around your rating {n}",
    "hint": "Show the moves (a hint)",
    "hint-note": "A move here counts as your answer.",
    "timed": "Storm",
    "timed-lead": ("Solve as many puzzles as you can in three minutes. A miss costs {miss} seconds of the clock; "
                   "every {every} solved in a row add {bonus} seconds. At the end every puzzle of the run is listed "
                   "to review, the missed first. Storm puzzles move no rating."),
    "timed-start": "Start the storm",
    "timed-left": "left",
    "timed-solved": "solved",
    "timed-row": "in a row",
    "timed-end": "You solved {n} in the storm · best ever {best}",
    "timed-again": "Another storm",
    "timed-last-ok": "✓ the last one solved", "timed-last-no": "✗ the last one missed: {miss} seconds off the clock",
    "timed-last-bonus": "✓ {every} in a row: {bonus} seconds added",
    "storm-bests": "Today: best {day} in {n} {run|runs} · this week: best {week} · best ever {ever}",
    "storm-new-day": "Your best today.", "storm-new-week": "Your best this week.",
    "storm-list": "The storm's puzzles, the missed first",
    "storm-missed": "✗ missed", "storm-solved": "✓ solved", "storm-rated": "rated {r}", "storm-open": "Review",
    "storm-review-missed": "A puzzle you missed in the storm (not rated)",
    "storm-review-solved": "A puzzle you solved in the storm (not rated)",
    "storm-back": "Back to the storm's puzzles",
    "chart": "Your puzzles",
    "chart-none": "Solve or fail a rated puzzle and your rating over time shows here, with your puzzles by theme.",
    "chart-rating": "Your rating after each rated puzzle",
    "chart-themes": "Your puzzles by theme",
    "chart-solved": "solved", "chart-failed": "failed", "chart-theme": "theme", "chart-after": "rating after",
    "chart-puzzle": "puzzle", "chart-result": "result",
}

#: the handle of the position panel on phones (a bottom sheet), for screen readers
SHEET = "Show or fold the selected position"

#: the banded picture's block names (``-n``: three or more players) and what its rows count (:data:`LEGEND`'s
#: ``bands``)
BANDS = {"draw": "draws", "win": "wins", "loss": "losses", "draw-n": "open", "win-n": "forced wins",
         "loss-n": "another can force a win", "from": "rows: plies from the start", "to": "rows: plies to the end"}

#: the graph's legend in plain words: what a position's colour says, for two players and for more; ``bands``:
#: :data:`BANDS`
LEGEND: dict[str, str | dict[str, str]] = {
    "lead": "A position's colour is its value for the player to move there, with perfect play:",
    "win": "they win", "loss": "they lose", "draw": "draw",
    "win-n": "they can force a win", "loss-n": "another player can force a win", "draw-n": "no one can",
    "win-f": "they can force a win", "draw-f": "they survive whatever the others do",
    "loss-f": "the others together can force them out (or one of them can force a win)",
    "over": "game over", "start": "start", "best": "optimal move", "other": "other move",
    "out": "moves from the selected position", "in": "moves into it",
    "moves": "In the panel each move reads for you, the player choosing it: green is good for you.",
    "bands": BANDS,
}


def say_choice(code: int, n: int, seat: int, short: bool = False) -> str:
    """Fill in a choice's template (see :func:`choices`).

    Examples
    --------
    >>> say_choice(6, 4, 2), say_choice(1, 1, -1)
    ('the player after next can force a win in 4 more plies', 'you win in 1 more ply')
    """
    choice = CHOICES[int(code)]
    return fill(choice.short if short else choice.long, n=int(n), k=int(seat))


def say(code: int, remoteness: int, seat: int, short: bool = False) -> str:
    """Fill in a verdict's template.

    Examples
    --------
    >>> say(7, 4, 2), say(1, 1, -1)
    ('the player after next can force a win in 4 plies', 'win in 1 ply')
    """
    verdict = VERDICTS[int(code)]
    return fill(verdict.short if short else verdict.long, n=int(remoteness), k=int(seat))


def seat_name(seat: int, players: int) -> str:
    """Name a seat counted from the player to move.

    Examples
    --------
    >>> seat_name(1, 2), seat_name(3, 4)
    ('Opponent', '3 seats on')
    """
    if seat == 0:
        return SEATS["mover"]
    if players == 2:
        return SEATS["opponent"]
    return SEATS["next"] if seat == 1 else fill(SEATS["other"], k=seat)


def seat_words(players: int) -> dict[str, list[str]]:
    """Per seat counted from the player to move, its name and the words of a game it has won (for the browser).

    Examples
    --------
    >>> seat_words(3)["names"], seat_words(2)["won"][1]
    (['To move', 'Next', 'After next'], 'Game over: the opponent has won.')
    """
    won = [OVER["mover"] if s == 0 else OVER["opponent"] if players == 2 else fill(OVER["other"], k=s)
           for s in range(players)]
    return {"names": [seat_name(s, players) for s in range(players)], "won": won}


def legend(players: int, fate: bool = False) -> dict[str, str | dict[str, str]]:
    """The legend's words for a game of ``players`` players (the value keys of :data:`LEGEND` chosen).

    ``fate``: the colours show the mover's fate (forced win, survives, forced out) rather than who can force a win.

    Examples
    --------
    >>> legend(2)["win"], legend(4)["win"], legend(4, fate=True)["draw"]
    ('they win', 'they can force a win', 'they survive whatever the others do')
    """
    keys = ("win", "loss", "draw")
    out = {k: v for k, v in LEGEND.items() if not k.endswith(("-n", "-f"))}
    if players > 2:
        out.update({k: LEGEND[f"{k}-{'f' if fate else 'n'}"] for k in keys})
    return out


def game_end_rule(players: int) -> str:
    """How a game ends besides a win, for a game of ``players`` players (:data:`ENDING`).

    Examples
    --------
    >>> game_end_rule(2).startswith("The same position with the same player to move for the third time ends")
    True
    >>> game_end_rule(3).endswith("the players still in share the draw; a player already out has lost.")
    True
    """
    return ENDING["rule"] if players == 2 else f"{ENDING['rule']} {ENDING['shared']}"


def for_browser() -> dict[str, Any]:
    """The word tables the site's script reads besides the meaning table (it fills in ``{n}`` and ``{k}`` only).

    The meaning table (:func:`vizgen.analysis.meaning.table`: the classes, verdicts, choices and marks and
    their words) reaches the browser once, in the generated contract (:mod:`vizgen.site.render.contract`);
    the seats' words are per game (:func:`seat_words`).

    Examples
    --------
    >>> for_browser()["review"]["played"]["you-win"], "verdicts" in for_browser()
    ('wins in {n} {ply|plies}', False)
    """
    return {"ply": UNITS["ply"], "plies": UNITS["plies"], "units": UNITS, "play": PLAY,
            "moves": MOVE_WORDS, "notation": NOTATION, "over": OVER, "hands": HANDS, "sheet": SHEET, "ending": ENDING,
            "seats": SEATS, "review": REVIEW}
