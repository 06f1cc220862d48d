"""Positions and moves as values and as text: ``12-11``, ``1>2``, ``13 -> 22``, ``flip 1``.

A :class:`Position` is a frozen value (``Position.parse("12-11")``, ``str(pos)``);
a :class:`Move` says what the player to move does, and compares by that alone.
Reading is strict: ASCII digits, at most 9 of them to a number, and error
messages quote at most about 80 characters of the input.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from vizgen.util.text import quote

__all__ = ["Hands", "Move", "Position", "PositionError", "fmt_hands", "legal_words"]


class PositionError(ValueError):
    """A position text that is malformed or does not fit the variant."""


Hands = tuple[int, ...]


def fmt_hands(hands: Hands, wide: bool) -> str:
    """Write one player's hands: ``12``, or ``1.10`` when ``wide`` (r > 10).

    Examples
    --------
    >>> fmt_hands((1, 10), True), fmt_hands((1, 2), False)
    ('1.10', '12')
    """
    return ".".join(map(str, hands)) if wide else "".join(map(str, hands))


#: digits in one hand value or count read from text (r is at most 100; this only keeps int() cheap)
_MAX_DIGITS = 9


def _read_hands(part: str, dotted: bool, text: str) -> Hands:
    """One player's hands from ``12`` or ``1.10`` (``dotted``: values separated by ``.``), sorted."""
    if not part or part.startswith(".") or part.endswith(".") or ".." in part:
        raise PositionError(f"{quote(text)} is not a position: empty hand in {quote(part)}")
    values = part.split(".") if dotted else list(part)
    if any(len(v) > _MAX_DIGITS for v in values):
        raise PositionError(f"{quote(text)}: a hand value has more than {_MAX_DIGITS} digits")
    return tuple(sorted(int(v) for v in values))


@dataclass(frozen=True, order=True)
class Position:
    """A position: every player's hands in turn order, the player to move first.

    Attributes
    ----------
    hands : tuple of tuple of int
        One sorted tuple of finger counts per player, the player to move first.
    swaps : int
        How many swaps were played in a row just before this position.
    """

    hands: tuple[Hands, ...]
    swaps: int = 0

    @classmethod
    def parse(cls, text: str, hands: int | None = None) -> Position:
        """Read a position from its notation.

        Parameters
        ----------
        text : str
            ``12-11``, ``1.10-3.4`` (values separated by ``.``), the compact
            ``1211`` (two players, two hands), optionally followed by ``/sN``.
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
        """
        raw = text.strip()
        m = re.fullmatch(r"([0-9.\-]+)(?:/s([0-9]+))?", raw)  # ASCII digits only
        if not m or not m.group(1).strip("-."):
            raise PositionError(f"{quote(text)} is not a position: write it like 12-11 (or 1211)")
        body, count = m.group(1), m.group(2) or "0"
        if len(count) > _MAX_DIGITS:
            raise PositionError(f"{quote(text)}: the swap count has more than {_MAX_DIGITS} digits")
        parts = body.split("-")
        if len(parts) == 1 and "." not in body and len(body) == 4:
            parts = [body[:2], body[2:]]
        players = [_read_hands(part, "." in part or hands == 1, text) for part in parts]
        if len(players) < 2:
            raise PositionError(f"{quote(text)} is not a position: players are separated by '-' (12-11)")
        return cls(tuple(players), int(count))

    def notation(self, wide: bool | None = None) -> str:
        """Return the notation; ``wide`` writes values with ``.`` (used when r > 10)."""
        if wide is None:
            wide = any(v >= 10 for h in self.hands for v in h)
        text = "-".join(fmt_hands(h, wide) for h in self.hands)
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
        hand changes), ``split``, ``flip``, ``swap`` or ``pass``.
    hand : int
        The striking hand's fingers (attack, gain) or the flipped hand's (flip).
    target : int
        The struck hand's fingers.
    seat : int
        The struck player, counted from the mover (0 = the mover's own hand).
    before, after : tuple of int
        The mover's hands before and after a split.
    players : int
        Players in the game (the seat is written only with more than two).
    wide : bool
        Write hand values separated by ``.`` (r > 10).
    """

    kind: str
    hand: int = 0
    target: int = 0
    seat: int = 0
    before: Hands = ()
    after: Hands = ()
    players: int = field(default=2, compare=False)  # formatting only: equality is what the move does
    wide: bool = field(default=False, compare=False)

    @classmethod
    def parse(cls, text: str, players: int = 2, gain: bool = False, wide: bool = False) -> Move:
        """Read a move from its notation (what it says, not whether it is legal).

        Parameters
        ----------
        text : str
            ``1>2`` (your 1 strikes their 2), ``1>2@2`` (the player two seats
            on), ``1>1@me`` (your own other hand), ``13 -> 22`` (a split; values
            separated by ``.`` when r > 10), ``flip 1``, ``swap`` or ``pass``.
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
        >>> str(Move.parse("2>1@me", players=3))
        '2>1@me'
        """
        raw = " ".join(text.split()).lower()
        fmt = {"players": players, "wide": wide}
        if raw in ("swap", "pass"):
            return cls(raw, **fmt)
        digits = f"[0-9]{{1,{_MAX_DIGITS}}}"
        if m := re.fullmatch(rf"flip ({digits})", raw):
            return cls("flip", int(m.group(1)), **fmt)
        if m := re.fullmatch(rf"({digits}) ?> ?({digits})(?: ?@ ?(me|{digits}))?", raw):
            where = m.group(3)
            if where is None and players > 2:
                raise PositionError(f"{quote(text)}: with {players} players name the struck player, "
                                    "e.g. 1>2@1 (the next player) or 1>2@me (your own hand)")
            seat = 0 if where == "me" else int(where or 1)
            return cls("gain" if gain else "attack", int(m.group(1)), int(m.group(2)), seat, **fmt)
        if m := re.fullmatch(r"([0-9.]+) ?-> ?([0-9.]+)", raw):
            before, after = (_read_hands(g, wide or "." in g, text) for g in m.groups())
            return cls("split", before=before, after=after, **fmt)
        raise PositionError(f"{quote(text)} is not a move: write 1>2, 1>2@2, 1>1@me, 13 -> 22, flip 1, "
                            "swap or pass")

    def __str__(self) -> str:
        if self.kind in ("attack", "gain"):
            where = "@me" if self.seat == 0 else (f"@{self.seat}" if self.players > 2 else "")
            return f"{self.hand}>{self.target}{where}"
        if self.kind == "split":
            return f"{fmt_hands(self.before, self.wide)} -> {fmt_hands(self.after, self.wide)}"
        if self.kind == "flip":
            return f"flip {self.hand}"
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
