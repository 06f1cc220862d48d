"""What a position means, defined once: every verdict, choice and mark code, its value class and its words.

A position's solution (who can force a win, in how many plies, whether the game is over) falls in one of the
:data:`VERDICTS`; a move, read by the player choosing it, in one of the :data:`CHOICES`; a move played, compared
with the best one, takes one of the :data:`MARKS`. Each code's index is what the data files, the command line
and the browser carry; each entry says its value class (:data:`CLASSES`: ``win``, ``draw`` or ``loss``, which is
also its colour's key in :mod:`vizgen.site.drawing.theme`) and its words. :func:`verdicts` and :func:`choices` classify
every position at once; :func:`table` is the whole table as data, for the browser. Nothing downstream reads a
meaning back out of the words: it reads the code.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

import numpy as np

__all__ = [
    "CHOICES", "CLASSES", "GAME_VALUES", "MARKS", "SEAT", "VALUES", "VERDICTS", "WHO", "Mark", "ValueClass", "Verdict",
    "choice_code", "choices", "class_of_value", "game_value_key", "mark_code", "table", "verdict_code", "verdict_n",
    "verdicts",
]


@dataclass(frozen=True)
class ValueClass:
    """A value for the player concerned, as the site shows it.

    Attributes
    ----------
    key : str
        ``win``, ``draw`` (or open, or holding on) or ``loss``.
    value : int
        +1, 0 or -1.
    rank : int
        The order of the classes for the player: 2 win, 1 held, 0 lost (a mark compares ranks).
    palette : str
        Its fill's key in the theme's palettes; ``{palette}-soft``, ``-ink`` and ``-edge`` are its badge and
        outline, ``label`` the key of the text on its fill.
    label : str
    """

    key: str
    value: int
    rank: int
    palette: str
    label: str


#: the value classes, by key
CLASSES: dict[str, ValueClass] = {
    "win": ValueClass("win", 1, 2, "win", "on-value"),
    "draw": ValueClass("draw", 0, 1, "draw", "on-draw"),
    "loss": ValueClass("loss", -1, 0, "loss", "on-value"),
}


def class_of_value(value: int) -> str:
    """The class of a value for the player concerned (+1, 0, -1).

    Examples
    --------
    >>> class_of_value(1), class_of_value(0), class_of_value(-3)
    ('win', 'draw', 'loss')
    """
    return "win" if value > 0 else "loss" if value < 0 else "draw"


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
        Templates for the panel and for tables (see :func:`vizgen.analysis.units.fill`); ``{n}`` is the
        remoteness in plies, ``{k}`` the seat (counted from the player to move) that can force or has won.
    """

    key: str
    cls: str
    over: bool
    long: str
    short: str


#: another player named from the reader's side (the player to move, or the one choosing a move): ``{k}`` is
#: the seat counted from the reader (:func:`vizgen.analysis.units.fill`)
WHO = "{k:the next player|the player after next|the player # seats on}"
#: the same seat in a word, for a table's column or a list by seat
SEAT = "{k:next|after next|# seats on}"

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
    Verdict("other-forces", "loss", False, WHO + " can force a win in {n} {ply|plies}",
            WHO + " can force a win in {n} {ply|plies}"),
    Verdict("mover-won", "win", True, "game over: the player to move has won", "won"),
    Verdict("other-won", "loss", True, "game over: " + WHO + " has won", WHO + " has won"),
    # what the others could do together, not what will happen: they do not play as a coalition
    Verdict("mover-out", "loss", False, "the others together could force the player to move out within {n} "
            "{ply|plies}", "others could force out in {n} {ply|plies}"),
    Verdict("mover-survives", "draw", False, "the player to move survives whatever the others do", "survives"),
    Verdict("mover-is-out", "loss", False, "out: the player to move has no live hand and passes", "out"),
)
_CODE = {v.key: i for i, v in enumerate(VERDICTS)}
#: the value for the player to move of each verdict: +1 win, 0 draw or open, -1 loss
VALUES = np.array([CLASSES[v.cls].value for v in VERDICTS], dtype=np.int8)

#: what a move means for the player choosing it (the chooser's point of view); ``{n}`` counts the plies
#: still to come after the move, ``{k}`` is a seat counted from the chooser
CHOICES: tuple[Verdict, ...] = (
    Verdict("draw", "draw", False, "draw", "draw"),
    Verdict("you-win", "win", False, "you win in {n} more {ply|plies}", "you win in {n} more {ply|plies}"),
    Verdict("you-lose", "loss", False, "you lose in {n} more {ply|plies}", "you lose in {n} more {ply|plies}"),
    Verdict("you-win-now", "win", True, "you win: the game ends", "you win now"),
    Verdict("you-lose-now", "loss", True, "you lose: the game ends", "you lose now"),
    Verdict("open", "draw", False, "no one can force a win", "no one can force a win"),
    Verdict("other-forces", "loss", False, WHO + " can force a win in {n} more {ply|plies}",
            WHO + " can force a win in {n} more {ply|plies}"),
    Verdict("other-wins-now", "loss", True, WHO + " wins: the game ends", WHO + " wins now"),
    Verdict("you-out", "loss", False, "the others together could force you out within {n} more {ply|plies}",
            "others could force you out in {n} {ply|plies}"),
    Verdict("you-survive", "draw", False, "you survive whatever the others do", "you survive"),
    Verdict("you-are-out", "loss", False, "you are out: you have no live hand", "you are out"),
)
_CHOICE = {v.key: i for i, v in enumerate(CHOICES)}

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
    palette : str
        The colour of its symbol: a key of the theme's palettes (empty for the best move: no symbol).
    keeps : bool
        Whether the move keeps the chooser's value class (a win stays a win, a draw a draw): what a practice puzzle
        accepts (:func:`vizgen.reports.puzzles.accepts`, and the browser's from the contract).
    """

    key: str
    symbol: str
    name: str
    two: str
    more: str
    palette: str
    keeps: bool


#: the marks of a move, from the chooser's point of view; a move's mark code is its index here
MARKS: tuple[Mark, ...] = (
    Mark("best", "", "best move", "keeps your value: the fastest win, a draw kept, or the slowest loss",
         "keeps your value: the fastest win, staying in, or the longest you can hold out", "", keeps=True),
    Mark("inaccuracy", "?!", "inaccuracy", "keeps your value, but wins more slowly or loses sooner than it has to",
         "keeps your value, but wins more slowly or goes out sooner than it has to", "inaccuracy", keeps=True),
    Mark("mistake", "?", "mistake", "turns your win into a draw",
         "gives up your forced win: you still stay in (or no one can force a win)", "mistake", keeps=False),
    Mark("blunder", "??", "blunder", "turns your win or draw into a loss",
         "turns your forced win, or a game you could stay in, into one the others can force you out of "
         "(or another player can force a win)", "loss-ink", keeps=False),
)

#: the sentences of a game's value for the person it is shown to (a key of
#: :data:`vizgen.analysis.play_words.PLAY` each): :func:`game_value_key` says which one a case reads
GAME_VALUES: tuple[str, ...] = ("value-draw", "value-open", "value-win", "value-won", "value-loss", "value-lost",
                                "value-other", "value-other-won", "value-drawn", "value-ended")


def game_value_key(players: int, watched: bool, who: str, over: bool) -> str:
    """The sentence of a game's value for its reader: the person playing, or in a game watched, the seat whose
    values are shown (the other seats named by number: ``{k}``).

    Parameters
    ----------
    players : int
        Players in the game.
    watched : bool
        Nobody plays as "you": the seats are named, not "you".
    who : str
        Who can force (or has) the win: ``none``, ``self`` (the reader) or ``other``.
    over : bool
        The game is over (won, or ended by repetition or the ply cap: then nobody won, and a finished game's
        words say so, never "no one can force a win").

    Returns
    -------
    str
        One of :data:`GAME_VALUES`.

    Examples
    --------
    >>> game_value_key(2, False, "other", False), game_value_key(3, False, "other", True)
    ('value-loss', 'value-other-won')
    >>> game_value_key(2, True, "self", False), game_value_key(3, False, "none", False)
    ('value-other', 'value-open')
    >>> game_value_key(2, False, "none", True), game_value_key(3, True, "none", True)
    ('value-drawn', 'value-ended')
    """
    if who == "none":
        if over:
            return "value-drawn" if players == 2 else "value-ended"
        return "value-draw" if players == 2 else "value-open"
    if watched:
        return "value-other-won" if over else "value-other"
    if who == "self":
        return "value-won" if over else "value-win"
    if over:
        return "value-lost" if players == 2 else "value-other-won"
    return "value-loss" if players == 2 else "value-other"


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
    >>> [(CHOICES[c].key, int(a)) for c, a in zip(code, n)]
    [('you-win', 2), ('you-lose', 4), ('draw', -1)]
    >>> code, n, k = choices(3, np.array([-1]), np.array([False]), np.array([-1]), np.array([6]))
    >>> CHOICES[code[0]].key, int(n[0])
    ('you-out', 6)
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


def verdict_code(key: str) -> int:
    """The code of the verdict named ``key``.

    Examples
    --------
    >>> verdict_code("win"), VERDICTS[verdict_code("other-won")].cls
    (1, 'loss')
    """
    return _CODE[key]


def choice_code(key: str) -> int:
    """The code of the choice named ``key``.

    Examples
    --------
    >>> CHOICES[choice_code("you-lose-now")].cls
    'loss'
    """
    return _CHOICE[key]


def mark_code(key: str) -> int:
    """The code of the mark named ``key``.

    Examples
    --------
    >>> mark_code("blunder"), MARKS[mark_code("mistake")].symbol
    (3, '?')
    """
    return next(i for i, m in enumerate(MARKS) if m.key == key)


def table() -> dict[str, Any]:
    """The meaning table as data (the browser's copy): classes, verdicts, choices and marks, by code.

    Examples
    --------
    >>> t = table()
    >>> t["classes"]["loss"]["rank"], t["verdicts"][1]["cls"], t["marks"][3]["palette"]
    (0, 'win', 'loss-ink')
    """
    return {"classes": {k: asdict(c) for k, c in CLASSES.items()},
            "verdicts": [asdict(v) for v in VERDICTS], "choices": [asdict(v) for v in CHOICES],
            "marks": [asdict(m) for m in MARKS]}
