"""Words: how a solved value reads, defined once for the command line and the site.

A position's solution (who can force a win, in how many plies, whether the game
is over) falls in one of the :data:`VERDICTS`; :func:`verdicts` picks it for
every position at once and :func:`say` fills in its template. The site ships
the same table to the browser (:func:`for_browser`), which only fills in the
``{n}`` (a count), ``{k}`` (a seat) and ``{ply|plies}`` (the unit agreeing with
``{n}``) placeholders, as :func:`fill` does. Every count says its unit: see
:data:`UNITS`, :func:`plies`, :func:`ply_note`, :func:`percent` and :func:`count`.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

import numpy as np

from vizgen.analysis.play_words import MOVE_WORDS, NOTATION, PLAY, say_move
from vizgen.engine.ending import PLY_CAP, REPETITIONS

__all__ = [
    "CHOICES", "ENDING", "HANDS", "LEGEND", "MARKS", "MOVE_WORDS", "NOTATION", "OVER", "PLAY", "REVIEW", "SEATS",
    "SHEET", "UNITS", "VALUES", "VERDICTS",
    "Mark", "Verdict", "choices", "count", "fill", "for_browser", "game_end_rule", "legend", "percent", "plies",
    "ply_note", "say", "say_choice", "say_move", "seat_name", "seat_words",
    "verdict_n", "verdicts",
]


# Units: every count a visitor reads says its unit, one way across the site, the command line and the downloads
# (the ply, written out: "win in 3 plies"; templates write ``{n} {ply|plies}``). The table and the functions that
# write counts, plies and shares are in vizgen/analysis/units.py, re-exported here for every page and command.
from vizgen.analysis.units import UNITS, count, fill, percent, plies, ply_note


@dataclass(frozen=True)
class Verdict:
    """One way a position can stand, as words.

    Attributes
    ----------
    key : str
        A stable name (``win``, ``other-won`` ...).
    cls : str
        The value class for the player to move: ``win``, ``draw`` or ``loss`` (theme colour).
    over : bool
        The game is over.
    long, short : str
        Templates for the panel and for tables (see :func:`fill`); ``{n}`` is the remoteness in plies, ``{k}``
        the seat (counted from the player to move) that can force or has won.
    """

    key: str
    cls: str
    over: bool
    long: str
    short: str


#: every verdict; a position's verdict code is its index here
VERDICTS: tuple[Verdict, ...] = (
    Verdict("draw", "draw", False, "draw", "draw"),
    Verdict("win", "win", False, "win in {n} {ply|plies}", "win in {n} {ply|plies}"),
    Verdict("loss", "loss", False, "loss in {n} {ply|plies}", "loss in {n} {ply|plies}"),
    Verdict("won", "win", True, "won: game over", "won"),
    Verdict("lost", "loss", True, "lost: game over", "lost"),
    Verdict("open", "draw", False, "open: no player can force a win", "open"),
    Verdict("mover-forces", "win", False, "the player to move can force a win in {n} {ply|plies}",
            "forced win in {n} {ply|plies}"),
    Verdict("other-forces", "loss", False, "player +{k} can force a win in {n} {ply|plies}",
            "+{k} can force a win in {n} {ply|plies}"),
    Verdict("mover-won", "win", True, "game over: the player to move has won", "won"),
    Verdict("other-won", "loss", True, "game over: player +{k} has won", "+{k} has won"),
    # what the others could do together, not what will happen: they do not play as a coalition
    Verdict("mover-out", "loss", False, "the others together could force the player to move out within {n} "
            "{ply|plies}", "others could force out in {n} {ply|plies}"),
    Verdict("mover-survives", "draw", False, "the player to move survives whatever the others do", "survives"),
    Verdict("mover-is-out", "loss", False, "out: the player to move has no live hand and passes", "out"),
)
_CODE = {v.key: i for i, v in enumerate(VERDICTS)}
#: the value for the player to move of each verdict: +1 win, 0 draw or open, -1 loss
VALUES = np.array([{"win": 1, "draw": 0, "loss": -1}[v.cls] for v in VERDICTS], dtype=np.int8)

#: what a move means for the player choosing it (the chooser's point of view); ``{n}`` counts the plies
#: still to come after the move, ``{k}`` is a seat counted from the chooser
CHOICES: tuple[Verdict, ...] = (
    Verdict("draw", "draw", False, "draw", "draw"),
    Verdict("you-win", "win", False, "you win in {n} more {ply|plies}", "you win in {n} more {ply|plies}"),
    Verdict("you-lose", "loss", False, "you lose in {n} more {ply|plies}", "you lose in {n} more {ply|plies}"),
    Verdict("you-win-now", "win", True, "you win: the game ends", "you win now"),
    Verdict("you-lose-now", "loss", True, "you lose: the game ends", "you lose now"),
    Verdict("open", "draw", False, "no one can force a win", "no one can force a win"),
    Verdict("other-forces", "loss", False, "player +{k} can force a win in {n} more {ply|plies}",
            "+{k} can force a win in {n} more {ply|plies}"),
    Verdict("other-wins-now", "loss", True, "player +{k} wins: the game ends", "+{k} wins now"),
    Verdict("you-out", "loss", False, "the others together could force you out within {n} more {ply|plies}",
            "others could force you out in {n} {ply|plies}"),
    Verdict("you-survive", "draw", False, "you survive whatever the others do", "you survive"),
    Verdict("you-are-out", "loss", False, "you are out: you have no live hand", "you are out"),
)
_CHOICE = {v.key: i for i, v in enumerate(CHOICES)}

#: seat names, counted from the player to move; ``{k}`` is the seat
SEATS = {"mover": "To move", "opponent": "Opponent", "next": "Next (+1)", "other": "Player +{k}"}

#: a finished game in the panel: who won (``{k}`` a seat counted from the player to move) and why; the tags
#: beside a player's name
OVER = {
    "mover": "Game over: the player to move has won.",
    "opponent": "Game over: the opponent has won.",
    "other": "Game over: player +{k} has won.",
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


@dataclass(frozen=True)
class Mark:
    """How a move played compares with the best one, for the player who chose it (docs/RULINGS.md).

    Attributes
    ----------
    key : str
        ``best``, ``inaccuracy``, ``mistake`` or ``blunder``.
    symbol : str
        Written after the move: ``?!``, ``?``, ``??`` (none for the best move).
    name : str
        The mark in words.
    two, more : str
        What it means, with two players and with three or more.
    """

    key: str
    symbol: str
    name: str
    two: str
    more: str


#: the marks of a move, from the chooser's point of view; a move's mark code is its index here
MARKS: tuple[Mark, ...] = (
    Mark("best", "", "best move", "keeps your value: the fastest win, a draw kept, or the slowest loss",
         "keeps your value: the fastest win, staying in, or the longest you can hold out"),
    Mark("inaccuracy", "?!", "inaccuracy", "keeps your value, but wins more slowly or loses sooner than it has to",
         "keeps your value, but wins more slowly or goes out sooner than it has to"),
    Mark("mistake", "?", "mistake", "turns your win into a draw",
         "gives up your forced win: you still stay in (or no one can force a win)"),
    Mark("blunder", "??", "blunder", "turns your win or draw into a loss",
         "turns your forced win, or a game you could stay in, into one the others can force you out of "
         "(or another player can force a win)"),
)

#: a game's review in one sentence per move: what the move played did (``played``, keyed like :data:`CHOICES`),
#: and, when it was not the best, what the best move would have done (``kept``); ``{n}`` counts the plies after
#: the move, ``{k}`` a seat from the chooser; ``sentence`` and ``better`` put them together with the moves
REVIEW = {
    "played": {
        "draw": "leads to a draw", "you-win": "wins in {n} {ply|plies}",
        "you-lose": "lets them win in {n} {ply|plies}",
        "you-win-now": "wins at once", "you-lose-now": "loses at once",
        "open": "leaves no one able to force a win",
        "other-forces": "lets player +{k} force a win in {n} {ply|plies}",
        "other-wins-now": "lets player +{k} win at once",
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

#: the handle of the position panel on phones (a bottom sheet), for screen readers
SHEET = "Show or fold the selected position"

#: the graph's legend in plain words: what a position's colour says, for two players and for more; ``bands``: the
#: banded picture's block names (``-n``: three or more players) and what its rows count
LEGEND = {
    "lead": "A position's colour is its value for the player to move there, with perfect play:",
    "win": "they win", "loss": "they lose", "draw": "draw",
    "win-n": "they can force a win", "loss-n": "another player can force a win", "draw-n": "no one can",
    "win-f": "they can force a win", "draw-f": "they survive whatever the others do",
    "loss-f": "the others together can force them out (or one of them can force a win)",
    "over": "game over", "start": "start", "best": "optimal move", "other": "other move",
    "out": "moves from the selected position", "in": "moves into it",
    "moves": "In the panel each move reads for you, the player choosing it: green is good for you.",
    "bands": {"draw": "draws", "win": "wins", "loss": "losses", "draw-n": "open", "win-n": "forced wins",
              "loss-n": "another can force a win", "from": "rows: plies from the start",
              "to": "rows: plies to the end"},
}


def verdicts(players: int, winner: np.ndarray, terminal: np.ndarray, out_in: np.ndarray | None = None) -> np.ndarray:
    """Return the verdict code of every position.

    With three or more players, ``out_in`` (the plies in which the others
    together can force the player to move out, -1 if it survives whatever they
    do; see :func:`vizgen.analysis.solved.fate`) splits the open positions into the
    mover's fate: forced out, or survives.

    Parameters
    ----------
    players : int
        Players in the game.
    winner, terminal : numpy.ndarray
        Per position, the seat that can force a win (-1 none) and whether the game is over.
    out_in : numpy.ndarray, optional
        Per position, the mover's fate (more players only).

    Returns
    -------
    numpy.ndarray
        int8 indices into :data:`VERDICTS`.

    Examples
    --------
    >>> [VERDICTS[c].key for c in verdicts(2, np.array([0, 1, -1]), np.array([False, True, False]))]
    ['win', 'lost', 'draw']
    >>> [VERDICTS[c].key for c in verdicts(3, np.array([-1, -1, -1]), np.zeros(3, bool), np.array([4, -1, 0]))]
    ['mover-out', 'mover-survives', 'mover-is-out']
    """
    winner = np.asarray(winner)
    terminal = np.asarray(terminal, dtype=bool)
    if players == 2:
        keys = np.select([terminal & (winner == 0), terminal, winner == 0, winner > 0],
                         [_CODE["won"], _CODE["lost"], _CODE["win"], _CODE["loss"]], _CODE["draw"])
    else:
        keys = np.select([terminal & (winner == 0), terminal & (winner > 0), winner == 0, winner > 0],
                         [_CODE["mover-won"], _CODE["other-won"], _CODE["mover-forces"], _CODE["other-forces"]],
                         _CODE["open"])
        if out_in is not None:
            out_in = np.asarray(out_in)
            fates = np.select([out_in == 0, out_in > 0], [_CODE["mover-is-out"], _CODE["mover-out"]],
                              _CODE["mover-survives"])
            keys = np.where(keys == _CODE["open"], fates, keys)
    return keys.astype(np.int8)


def verdict_n(codes: np.ndarray, remoteness: np.ndarray, out_in: np.ndarray | None = None) -> np.ndarray:
    """Return the number each verdict's ``{n}`` reads: the remoteness, or the plies to a forced exit.

    Examples
    --------
    >>> verdict_n(verdicts(3, np.array([0, -1]), np.array([False, False]), np.array([2, 5])), np.array([3, -1]),
    ...           np.array([2, 5])).tolist()
    [3, 5]
    """
    remoteness = np.asarray(remoteness)
    if out_in is None:
        return remoteness
    return np.where(np.asarray(codes) == _CODE["mover-out"], out_in, remoteness)


def choices(players: int, winner: np.ndarray, terminal: np.ndarray, remoteness: np.ndarray,
            out_in: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Read moves from the chooser's point of view, given the positions they lead to.

    Parameters
    ----------
    players : int
        Players in the game.
    winner, terminal, remoteness : numpy.ndarray
        The solution of each move's target position, for the player to move *there*.
    out_in : numpy.ndarray, optional
        More players: per target, the plies in which the others together can
        force the *chooser* (the seat just before the player to move there) out,
        -1 if it survives whatever they do. Splits "no one can force a win".

    Returns
    -------
    code, n, k : numpy.ndarray
        Per move, the index into :data:`CHOICES`, the plies still to come after
        the move (or to the chooser's forced exit), and the seat counted from the chooser.

    Examples
    --------
    >>> code, n, k = choices(2, np.array([1, 0, -1]), np.array([False, False, False]), np.array([2, 4, -1]))
    >>> [say_choice(c, a, b) for c, a, b in zip(code, n, k)]
    ['you win in 2 more plies', 'you lose in 4 more plies', 'draw']
    >>> code, n, k = choices(3, np.array([-1]), np.array([False]), np.array([-1]), np.array([6]))
    >>> say_choice(code[0], n[0], k[0])
    'the others together could force you out within 6 more plies'
    """
    winner = np.asarray(winner)
    terminal = np.asarray(terminal, dtype=bool)
    remoteness = np.asarray(remoteness)
    mine = winner == players - 1  # the chooser sits just before the player to move there
    if players == 2:
        code = np.select([terminal & mine, terminal, mine, winner >= 0],
                         [_CHOICE["you-win-now"], _CHOICE["you-lose-now"], _CHOICE["you-win"], _CHOICE["you-lose"]],
                         _CHOICE["draw"])
    else:
        code = np.select([terminal & mine, terminal, mine, winner >= 0],
                         [_CHOICE["you-win-now"], _CHOICE["other-wins-now"], _CHOICE["you-win"],
                          _CHOICE["other-forces"]], _CHOICE["open"])
        if out_in is not None:
            out_in = np.asarray(out_in)
            fates = np.select([out_in == 0, out_in > 0], [_CHOICE["you-are-out"], _CHOICE["you-out"]],
                              _CHOICE["you-survive"])
            code = np.where(code == _CHOICE["open"], fates, code)
            remoteness = np.where(code == _CHOICE["you-out"], out_in, remoteness)
    seat = np.where(winner >= 0, (winner + 1) % players, -1)
    return code.astype(np.int8), remoteness, seat


def say_choice(code: int, n: int, seat: int, short: bool = False) -> str:
    """Fill in a choice's template (see :func:`choices`).

    Examples
    --------
    >>> say_choice(6, 4, 2), say_choice(1, 1, -1)
    ('player +2 can force a win in 4 more plies', 'you win in 1 more ply')
    """
    choice = CHOICES[int(code)]
    return fill(choice.short if short else choice.long, n=int(n), k=int(seat))


def say(code: int, remoteness: int, seat: int, short: bool = False) -> str:
    """Fill in a verdict's template.

    Examples
    --------
    >>> say(7, 4, 2), say(1, 1, -1)
    ('player +2 can force a win in 4 plies', 'win in 1 ply')
    """
    verdict = VERDICTS[int(code)]
    return fill(verdict.short if short else verdict.long, n=int(remoteness), k=int(seat))


def seat_name(seat: int, players: int) -> str:
    """Name a seat counted from the player to move.

    Examples
    --------
    >>> seat_name(1, 2), seat_name(3, 4)
    ('Opponent', 'Player +3')
    """
    if seat == 0:
        return SEATS["mover"]
    if players == 2:
        return SEATS["opponent"]
    return SEATS["next"] if seat == 1 else SEATS["other"].format(k=seat)


def seat_words(players: int) -> dict[str, list[str]]:
    """Per seat counted from the player to move, its name and the words of a game it has won (for the browser).

    Examples
    --------
    >>> seat_words(3)["names"], seat_words(2)["won"][1]
    (['To move', 'Next (+1)', 'Player +2'], 'Game over: the opponent has won.')
    """
    won = [OVER["mover"] if s == 0 else OVER["opponent"] if players == 2 else OVER["other"].format(k=s)
           for s in range(players)]
    return {"names": [seat_name(s, players) for s in range(players)], "won": won}


def legend(players: int, fate: bool = False) -> dict[str, str]:
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


def for_browser() -> dict:
    """The word tables the site's script reads (it fills in ``{n}`` and ``{k}`` only; seats: :func:`seat_words`).

    Examples
    --------
    >>> for_browser()["verdicts"][1]["long"]
    'win in {n} {ply|plies}'
    """
    return {"verdicts": [asdict(v) for v in VERDICTS], "choices": [asdict(v) for v in CHOICES],
            "ply": UNITS["ply"], "plies": UNITS["plies"], "units": UNITS, "play": PLAY,
            "moves": MOVE_WORDS, "notation": NOTATION, "over": OVER, "hands": HANDS, "sheet": SHEET, "ending": ENDING,
            "limits": {"repetitions": REPETITIONS, "cap": PLY_CAP},
            "marks": [asdict(m) for m in MARKS], "review": REVIEW}
