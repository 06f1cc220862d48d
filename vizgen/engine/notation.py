"""Positions and moves as values and as text: ``12-11``, ``1>2``, ``13 -> 22``, ``flip 1``.

A :class:`Position` is a frozen value (``Position.parse("12-11")``, ``str(pos)``);
a :class:`Move` says what the player to move does, and compares by that alone.
Reading is strict: ASCII digits, at most 9 of them to a number, and error
messages quote at most about 80 characters of the input.

Hand values are whole numbers, or halves with stumps (written ``½``: ``1½``; ``h`` is read as
``½``), negative with signed hands (written with the minus sign ``−``: ``−2``; ``~`` is read as
``−``). What the rules keep with a player's hands follows a colon: lives left (``11:3``), the
one-point switch used (``01:u``) and the player's own swaps in a row (``12:s1``); swaps in a row
by anyone follow the whole position (``12-11/s1``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TypedDict

from vizgen.util.text import quote

__all__ = ["HALF", "MINUS", "Hands", "Move", "MoveFormat", "Position", "PositionError", "Value", "fmt_hands",
           "fmt_value", "legal_words"]

#: a hand value: a whole number of fingers, or a half (stumps) as a Fraction with denominator 2
Value = int | Fraction
Hands = tuple[Value, ...]
#: how a half and a negative value are written (and the ASCII spellings read as them)
HALF, MINUS = "½", "−"
_ASCII = str.maketrans({"h": HALF, "~": MINUS})


class MoveFormat(TypedDict):
    """How a :class:`Move` is written, given to it as keywords: ``Move("swap", **fmt)``."""

    players: int
    wide: bool


class PositionError(ValueError):
    """A position text that is malformed or does not fit the variant."""


def fmt_value(value: Value) -> str:
    """Write one hand value: ``3``, ``1½``, ``½``, ``−2``.

    Examples
    --------
    >>> fmt_value(3), fmt_value(Fraction(3, 2)), fmt_value(Fraction(1, 2)), fmt_value(-2), fmt_value(Fraction(-1, 2))
    ('3', '1½', '½', '−2', '−½')
    """
    sign = MINUS if value < 0 else ""
    if isinstance(value, int):
        return f"{sign}{abs(value)}"
    whole, half = divmod(abs(value) * 2, 2)
    return f"{sign}{'' if half and not whole else int(whole)}{HALF if half else ''}"


def fmt_hands(hands: Hands, wide: bool) -> str:
    """Write one player's hands: ``12``, or ``1.10`` when ``wide`` (r > 10).

    Written together, a half that follows a whole number is written ``0½`` (``00½`` is 0 and ½; ``0½``
    alone is one hand of ½): a ``½`` always belongs to the digit before it.

    Examples
    --------
    >>> fmt_hands((1, 10), True), fmt_hands((1, 2), False), fmt_hands((-1, Fraction(5, 2)), False)
    ('1.10', '12', '−12½')
    >>> half = Fraction(1, 2)
    >>> fmt_hands((half, half), False), fmt_hands((0, half), False), fmt_hands((-1, half), False)
    ('½½', '00½', '−10½')
    """
    if wide:
        return ".".join(fmt_value(v) for v in hands)
    text = ""
    for v in hands:
        part = fmt_value(v)
        text += "0" + part if part.startswith(HALF) and text[-1:].isdigit() else part
    return text


#: digits in one hand value or count read from text (r is at most 100; this only keeps int() cheap)
_MAX_DIGITS = 9
_VALUE = rf"{MINUS}?(?:[0-9]{{1,{_MAX_DIGITS}}}{HALF}?|{HALF})"
_COMPACT_VALUE = rf"{MINUS}?(?:[0-9]{HALF}?|{HALF})"


def _value(token: str) -> Value:
    """A value from its text (already in ``½``/``−`` spelling)."""
    sign = -1 if token.startswith(MINUS) else 1
    token = token.lstrip(MINUS)
    half = token.endswith(HALF)
    whole = int(token.rstrip(HALF) or 0)
    value = Fraction(2 * whole + half, 2) * sign
    return int(value) if value.denominator == 1 else value


def _read_hands(part: str, dotted: bool, text: str) -> Hands:
    """One player's hands from ``12`` or ``1.10`` (``dotted``: values separated by ``.``), sorted."""
    if not part or part.startswith(".") or part.endswith(".") or ".." in part:
        raise PositionError(f"{quote(text)} is not a position: empty hand in {quote(part)}")
    if dotted:
        tokens = part.split(".")
        if any(not re.fullmatch(_VALUE, t) for t in tokens):
            if any(len(t.strip(MINUS + HALF)) > _MAX_DIGITS for t in tokens):
                raise PositionError(f"{quote(text)}: a hand value has more than {_MAX_DIGITS} digits")
            raise PositionError(f"{quote(text)} is not a position: {quote(part)} is not a list of hand values")
    else:
        tokens = re.findall(_COMPACT_VALUE, part)
        if "".join(tokens) != part:
            raise PositionError(f"{quote(text)} is not a position: {quote(part)} is not a list of hand values")
    return tuple(sorted(_value(t) for t in tokens))


def _read_marks(marks: str, text: str) -> tuple[int | None, bool, int]:
    """What follows a player's colon: ``(lives or None, switch used, own swaps)``."""
    m = re.fullmatch(rf"([0-9]{{1,{_MAX_DIGITS}}})?(u)?(?:s([0-9]{{1,{_MAX_DIGITS}}}))?", marks)
    if not marks or not m:
        raise PositionError(f"{quote(text)}: after a player's colon come their lives left, u (the one-point "
                            "switch used) and s with their own swaps in a row, e.g. 11:3 or 01:u or 12:s1")
    return (None if m.group(1) is None else int(m.group(1))), bool(m.group(2)), int(m.group(3) or 0)


@dataclass(frozen=True, order=True)
class Position:
    """A position: every player's hands in turn order, the player to move first.

    Attributes
    ----------
    hands : tuple of tuple of Value
        One sorted tuple of finger counts per player, the player to move first.
    swaps : int
        How many swaps were played in a row just before this position.
    lives : tuple of int
        Lives left per player (0 for a player who is out) where the rules count lives, else empty.
    used : tuple of bool
        Per player, whether they used the one-point switch; empty while nobody has.
    own : tuple of int
        Per player, their own swaps in a row (``swap_count = player``); empty while all are 0.
    """

    hands: tuple[Hands, ...]
    swaps: int = 0
    lives: tuple[int, ...] = ()
    used: tuple[bool, ...] = ()
    own: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        # one value, one spelling: nothing used and no own swap are written as empty tuples
        if not any(self.used):
            object.__setattr__(self, "used", ())
        if not any(self.own):
            object.__setattr__(self, "own", ())

    @classmethod
    def parse(cls, text: str, hands: int | None = None) -> Position:
        """Read a position from its notation.

        Parameters
        ----------
        text : str
            ``12-11``, ``1.10-3.4`` (values separated by ``.``), the compact
            ``1211`` (two players, two hands), optionally followed by ``/sN``; halves
            ``1½`` (or ``1h``), negative values ``−2`` (or ``~2``); a player's marks after a
            colon: ``11:3`` (lives left), ``01:u`` (switch used), ``12:s1`` (own swaps).
        hands : int, optional
            Hands per player, if known: with one hand, ``0-10`` is read as the
            values 0 and 10.

        Returns
        -------
        Position
            The position, each player's hands sorted.

        Raises
        ------
        PositionError
            If the text is not a position.

        Examples
        --------
        >>> Position.parse("11:3-01:2u")
        Position(hands=((1, 1), (0, 1)), swaps=0, lives=(3, 2), used=(False, True), own=())
        >>> str(Position.parse("~1h2-11")), str(Position.parse("h1-11"))
        ('−1½2-11', '½1-11')
        """
        raw = text.strip().translate(_ASCII)
        m = re.fullmatch(rf"([0-9.\-{HALF}{MINUS}:us]+?)(?:/s([0-9]+))?", raw)  # ASCII digits only
        if not m or not m.group(1).strip("-."):
            raise PositionError(f"{quote(text)} is not a position: write it like 12-11 (or 1211)")
        body, count = m.group(1), m.group(2) or "0"
        if len(count) > _MAX_DIGITS:
            raise PositionError(f"{quote(text)}: the swap count has more than {_MAX_DIGITS} digits")
        parts = body.split("-")
        if len(parts) == 1 and re.fullmatch("[0-9]{4}", body):
            parts = [body[:2], body[2:]]
        if len(parts) < 2:
            raise PositionError(f"{quote(text)} is not a position: players are separated by '-' (12-11)")
        players, marks = [], []
        for part in parts:
            hands_text, colon, mark_text = part.partition(":")
            players.append(_read_hands(hands_text, "." in hands_text or hands == 1, text))
            marks.append(_read_marks(mark_text, text) if colon else (None, False, 0))
        lives = tuple(m[0] or 0 for m in marks) if any(m[0] is not None for m in marks) else ()
        return cls(tuple(players), int(count), lives, tuple(m[1] for m in marks), tuple(m[2] for m in marks))

    def marks(self, seat: int) -> str:
        """What follows player ``seat``'s hands: ``:3``, ``:u``, ``:3us1``, or nothing.

        Examples
        --------
        >>> Position(((1, 1), (0, 0)), lives=(2, 0), used=(True, False)).marks(0)
        ':2u'
        """
        text = (str(self.lives[seat]) if self.lives and self.lives[seat] else "") + \
            ("u" if self.used and self.used[seat] else "") + \
            (f"s{self.own[seat]}" if self.own and self.own[seat] else "")
        return f":{text}" if text else ""

    def notation(self, wide: bool | None = None) -> str:
        """Return the notation; ``wide`` writes values with ``.`` (used when r > 10)."""
        if wide is None:
            # mypy: abs(a Value) gives object
            wide = any(abs(v) >= 10 for h in self.hands for v in h)  # type: ignore[operator]
        text = "-".join(fmt_hands(h, wide) + self.marks(k) for k, h in enumerate(self.hands))
        return f"{text}/s{self.swaps}" if self.swaps else text

    def __str__(self) -> str:
        return self.notation()


@dataclass(frozen=True)
class Move:
    """One move, described by what the player to move does.

    Attributes
    ----------
    kind : str
        ``attack`` (the struck hand changes), ``gain`` (self-gain: the striking
        hand changes), ``split``, ``flip``, ``add`` (one finger onto a hand of your own),
        ``swap`` (two live hands swapped), ``logan`` (the lone live hand swapped with a dead
        one), ``switch`` (the one-point switch), or ``pass``.
    hand : Value
        The striking hand's fingers (attack, gain) or the flipped (flip) or added-to (add) hand's.
    target : Value
        The struck hand's fingers (0: a dead hand).
    seat : int
        The struck player, counted from the mover (0 = the mover's own hand).
    before, after : tuple of Value
        The mover's hands before and after a split.
    players : int
        Players in the game (the seat is written only with more than two).
    wide : bool
        Write hand values separated by ``.`` (r > 10).
    """

    kind: str
    hand: Value = 0
    target: Value = 0
    seat: int = 0
    before: Hands = ()
    after: Hands = ()
    players: int = field(default=2, compare=False)  # formatting only: equality is what the move does
    wide: bool = field(default=False, compare=False)

    #: moves written as one word
    WORDS = ("swap", "pass", "logan", "switch")

    @classmethod
    def parse(cls, text: str, players: int = 2, gain: bool = False, wide: bool = False) -> Move:
        """Read a move from its notation (what it says, not whether it is legal).

        Parameters
        ----------
        text : str
            ``1>2`` (your 1 strikes their 2), ``1>2@2`` (the player two seats
            on), ``1>1@me`` (your own other hand), ``1>0`` (a dead hand), ``13 -> 22`` (a split;
            values separated by ``.`` when r > 10), ``flip 1``, ``add 3``, ``swap``, ``logan``,
            ``switch`` or ``pass``; halves and negative values as in positions (``1½``, ``−2``).
        players : int
            Players in the game: with two, ``1>2`` strikes the opponent; with
            more, the struck player must be named with ``@k``.
        gain : bool
            Self-gain rules: a strike changes the striking hand (kind ``gain``).
        wide : bool
            Write the move back with ``.`` between values.

        Returns
        -------
        Move
            The move described; :meth:`Rules.parse_move` checks it is legal.

        Raises
        ------
        PositionError
            If the text is not a move.

        Examples
        --------
        >>> Move.parse("13 -> 22") == Move("split", before=(1, 3), after=(2, 2))
        True
        >>> str(Move.parse("2>1@me", players=3)), str(Move.parse("~1>h")), str(Move.parse("01 -> hh"))
        ('2>1@me', '−1>½', '01 -> ½½')
        >>> Move.parse(" Switch ") == Move("switch")
        True
        """
        words = " ".join(text.split()).lower()
        fmt = MoveFormat(players=players, wide=wide)
        if words in cls.WORDS:  # before "h" is read as a half: "switch"
            return cls(words, **fmt)
        raw = words.translate(_ASCII)
        if m := re.fullmatch(rf"(flip|add) ({_VALUE})", raw):
            return cls(m.group(1), _value(m.group(2)), **fmt)
        if m := re.fullmatch(rf"({_VALUE}) ?> ?({_VALUE})(?: ?@ ?(me|[0-9]{{1,{_MAX_DIGITS}}}))?", raw):
            where = m.group(3)
            if where is None and players > 2:
                raise PositionError(f"{quote(text)}: with {players} players name the struck player, "
                                    "e.g. 1>2@1 (the next player) or 1>2@me (your own hand)")
            seat = 0 if where == "me" else int(where or 1)
            return cls("gain" if gain else "attack", _value(m.group(1)), _value(m.group(2)), seat, **fmt)
        if m := re.fullmatch(rf"([0-9.{HALF}{MINUS}]+) ?-> ?([0-9.{HALF}{MINUS}]+)", raw):
            before, after = (_read_hands(g, wide or "." in g, text) for g in m.groups())
            return cls("split", before=before, after=after, **fmt)
        raise PositionError(f"{quote(text)} is not a move: write 1>2, 1>2@2, 1>1@me, 13 -> 22, flip 1, add 1, "
                            "swap, logan, switch or pass")

    def __str__(self) -> str:
        if self.kind in ("attack", "gain"):
            where = "@me" if self.seat == 0 else (f"@{self.seat}" if self.players > 2 else "")
            return f"{fmt_value(self.hand)}>{fmt_value(self.target)}{where}"
        if self.kind == "split":
            return f"{fmt_hands(self.before, self.wide)} -> {fmt_hands(self.after, self.wide)}"
        if self.kind in ("flip", "add"):
            return f"{self.kind} {fmt_value(self.hand)}"
        return self.kind


#: legal moves named in one error message
_NAMED_MOVES = 24


def legal_words(legal: list[Move]) -> str:
    """Name the legal moves for an error message; say so when the game is over.

    Examples
    --------
    >>> legal_words([Move("attack", 1, 1, 1), Move("swap")])
    'legal moves: 1>1, swap'
    >>> legal_words([])
    'no move is legal there: the game is over'
    """
    if not legal:
        return "no move is legal there: the game is over"
    names = [str(m) for m in legal[:_NAMED_MOVES]]
    more = f" ... ({len(legal)} in all)" if len(legal) > _NAMED_MOVES else ""
    return f"legal moves: {', '.join(names)}{more}"
