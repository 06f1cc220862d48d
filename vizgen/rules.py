"""The rules of Chopsticks for every variant: positions, moves and what may happen.

A :class:`Position` is a frozen value (``Position.parse("12-11")``, ``str(pos)``).
:class:`Rules` compiles a variant's parameters into small lookup tables over one
player's hands and answers, for a whole array of integer-coded positions at once,
which moves exist and where they lead (:meth:`Rules.expand`). ``legal_moves`` asks
the same kernel about a single position, so there is one source of truth.

Position codes: a player's hands are a sorted multiset with an index ``s`` in
``range(M)``; a position with the mover in seat 0 is
``(s_0 + s_1*M + ... + s_{P-1}*M**(P-1)) * (swaps+1) + swap_count``.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field

import numpy as np

from vizgen import kernel
from vizgen.variants import Params, Variant, quote

__all__ = ["Move", "Position", "PositionError", "Rules"]


class PositionError(ValueError):
    """A position text that is malformed or does not fit the variant."""


Hands = tuple[int, ...]


def _fmt_hands(hands: Hands, wide: bool) -> str:
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
        text = "-".join(_fmt_hands(h, wide) for h in self.hands)
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
            return f"{_fmt_hands(self.before, self.wide)} -> {_fmt_hands(self.after, self.wide)}"
        if self.kind == "flip":
            return f"flip {self.hand}"
        return self.kind


# -- what one player's hands can become: the rules in words, one kind at a time --

def _overflow(total: int, p: Params) -> int:
    if total < p.r:
        return total
    return total - p.r if p.overflow == "rollover" else 0


def _replace(hands: Hands, old: int, new: int) -> Hands:
    i = hands.index(old)
    return tuple(sorted((*hands[:i], new, *hands[i + 1:])))


def _live(hands: Hands) -> int:
    return sum(1 for v in hands if v)


def split_results(hands: Hands, p: Params) -> list[Hands]:
    """Return every hand set a split (or a meta split) of ``hands`` may leave.

    The kind is read from the live hands before and after: the same number is a
    transfer, more is a division, fewer needs ``suicide``; halvesies filters.
    """
    total, live = sum(hands), _live(hands)
    totals = [total] + ([total - p.r] if p.meta and total - p.r >= 1 else [])
    out = []
    for tot in totals:
        for new in itertools.combinations_with_replacement(range(p.r), p.hands):
            if sum(new) != tot or new == hands or _live(new) == 0:
                continue
            after = _live(new)
            allowed = p.transfers if after == live else (p.divisions if after > live else p.suicide)
            spread = max(new) - min(new)
            if (p.halvesies == "even" and spread != 0) or (p.halvesies == "near" and spread > 1):
                continue
            if allowed:
                out.append(new)
    return out


def strike_results(striker: Hands, struck: Hands, p: Params) -> list[tuple[int, int, Hands]]:
    """Return ``(a, b, new_struck)`` for every striking value ``a`` on live value ``b``."""
    return [
        (a, b, _replace(struck, b, _overflow(a + b, p)))
        for a in sorted(set(v for v in striker if v))
        for b in sorted(set(v for v in struck if v))
    ]


def gain_results(striker: Hands, struck: Hands, p: Params) -> list[tuple[int, int, Hands]]:
    """Return ``(a, b, new_striker)``: self-gain, the striking hand becomes ``a + b``."""
    return [
        (a, b, _replace(striker, a, _overflow(a + b, p)))
        for a in sorted(set(v for v in striker if v))
        for b in sorted(set(v for v in struck if v))
    ]


def self_strike_results(hands: Hands, p: Params) -> list[tuple[int, int, Hands]]:
    """Return ``(a, b, new_hands)`` for a live hand striking the mover's other live hand."""
    out = {}
    for i, j in itertools.permutations(range(len(hands)), 2):
        a, b = hands[i], hands[j]
        if a and b:
            changed = _overflow(a + b, p)
            new = list(hands)
            new[i if p.attack == "self-gain" else j] = changed
            out[(a, b)] = tuple(sorted(new))
    return [(a, b, new) for (a, b), new in sorted(out.items())]


def flip_results(hands: Hands, p: Params) -> list[tuple[int, Hands]]:
    """Return ``(v, new_hands)`` for flipping one live hand ``v`` to ``r - v``."""
    return [(v, _replace(hands, v, p.r - v)) for v in sorted(set(hands)) if v and 2 * v != p.r]


def can_swap(hands: Hands) -> bool:
    """Whether the hands hold two unequal live values (a swap is possible)."""
    return len(set(v for v in hands if v)) >= 2


def _group(keys: np.ndarray, values: np.ndarray, n_keys: int) -> np.ndarray:
    """Table of the distinct ``values`` of every key, ascending: ``(n_keys, width)`` int32, -1 pads."""
    span = int(values.max(initial=0)) + 1
    k, v = np.divmod(np.unique(np.asarray(keys, np.int64) * span + values), span)
    counts = np.bincount(k, minlength=n_keys)
    table = np.full((n_keys, max(1, int(counts.max(initial=0)))), -1, dtype=np.int32)
    col = np.arange(k.size) - np.repeat(np.cumsum(counts) - counts, counts)
    table[k, col] = v
    return table


class Rules:
    """A variant's rules compiled for fast, vectorised move generation.

    Parameters
    ----------
    variant : Variant
        The variant whose parameters are in force.
    """

    def __init__(self, variant: Variant) -> None:
        p = variant.params
        self.variant = variant
        self.params = p
        self.players = p.players
        self.wide = p.r > 10
        self.sets: list[Hands] = list(itertools.combinations_with_replacement(range(p.r), p.hands))
        self.index = {h: i for i, h in enumerate(self.sets)}
        self.m = len(self.sets)
        self.counts = p.swaps + 1
        self.space = self.m ** p.players * self.counts
        self.zero = self.index[(0,) * p.hands]
        self.live = np.array([_live(h) > 0 for h in self.sets])
        self.moves: list[Move] = []
        self._move_ids: dict[Move, int] = {}
        self._tables: tuple | None = None
        self._build_tables()

    # -- tables --------------------------------------------------------------
    def _mid(self, move: Move) -> int:
        if move not in self._move_ids:
            self._move_ids[move] = len(self.moves)
            self.moves.append(move)
        return self._move_ids[move]

    def _norm(self, hands: Hands) -> int:
        """Index of ``hands`` after elimination by sudden death."""
        if self.params.sudden_death and sum(hands) == 1:
            hands = (0,) * self.params.hands
        return self.index[hands]

    def _build_tables(self) -> None:
        p, m, players = self.params, self.m, self.players
        mv = dict(players=players, wide=self.wide)
        own: list[list[tuple[int, int]]] = []
        for hands in self.sets:
            row = [(self._norm(new), self._mid(Move("split", before=hands, after=new, **mv)))
                   for new in split_results(hands, p)]
            if p.self_attack:
                kind = "gain" if p.attack == "self-gain" else "attack"
                row += [(self._norm(new), self._mid(Move(kind, a, b, 0, **mv)))
                        for a, b, new in self_strike_results(hands, p)]
            if p.integers:
                row += [(self._norm(new), self._mid(Move("flip", v, **mv))) for v, new in flip_results(hands, p)]
            own.append(row)
        self.own_dst, self.own_mid = self._pad(own)
        # hit[i, j]: striker hands i against hands j -> (changed hands, a*r+b)
        zombie = (1,) if p.zombies else None
        hit: list[list[tuple[int, int]]] = []
        for i, j in itertools.product(range(m), repeat=2):
            striker = zombie if (i == self.zero and zombie) else self.sets[i]
            if p.attack == "self-gain":
                res = gain_results(striker, self.sets[j], p)
            else:
                res = strike_results(striker, self.sets[j], p)
            hit.append([(self._norm(new), a * p.r + b) for a, b, new in res])
        dst, ab = self._pad(hit)
        self.hit_dst = dst.reshape(m, m, -1)
        self.hit_ab = ab.reshape(m, m, -1)
        kind = "gain" if p.attack == "self-gain" else "attack"
        self.hit_mid = np.array(
            [[self._mid(Move(kind, a, b, seat, **mv)) if a and b else -1
              for a in range(p.r) for b in range(p.r)] for seat in range(players)],
            dtype=np.int32,
        )
        self.swap_ok = np.array([can_swap(h) for h in self.sets]) if p.swaps else np.zeros(m, bool)
        self.swap_mid = self._mid(Move("swap", **mv))
        self.pass_mid = self._mid(Move("pass", **mv))

    @staticmethod
    def _pad(rows: list[list[tuple[int, int]]]) -> tuple[np.ndarray, np.ndarray]:
        width = max(1, max(len(r) for r in rows))
        dst = np.full((len(rows), width), -1, dtype=np.int32)
        aux = np.full((len(rows), width), -1, dtype=np.int32)
        for i, row in enumerate(rows):
            for k, (d, a) in enumerate(row):
                dst[i, k], aux[i, k] = d, a
        return dst, aux

    # -- codes ---------------------------------------------------------------
    def seats(self, codes: np.ndarray) -> tuple[np.ndarray, list[np.ndarray]]:
        """Split codes into (swap counts, [hand index of seat 0, seat 1, ...])."""
        codes = np.asarray(codes, dtype=np.int64)
        base, count = np.divmod(codes, self.counts)
        out = []
        for _ in range(self.players):
            base, s = np.divmod(base, self.m)
            out.append(s)
        return count, out

    def encode(self, position: Position) -> int:
        """Return the integer code of a position (checked with :meth:`check`)."""
        self.check(position)
        base = 0
        for hands in reversed(position.hands):
            base = base * self.m + self.index[hands]
        return base * self.counts + position.swaps

    def decode(self, code: int) -> Position:
        """Return the position with integer code ``code``."""
        count, seats = self.seats(np.array([code]))
        return Position(tuple(self.sets[int(s[0])] for s in seats), int(count[0]))

    def check(self, position: Position) -> None:
        """Raise PositionError if ``position`` does not fit this variant's shape."""
        p = self.params
        shown = quote(str(position))
        if len(position.hands) != p.players:
            raise PositionError(f"{shown} has {len(position.hands)} players; this variant has {p.players}")
        for hands in position.hands:
            if len(hands) != p.hands:
                raise PositionError(f"{shown}: each player has {p.hands} hand(s) in this variant")
            if any(not 0 <= v < p.r for v in hands):
                raise PositionError(f"{shown}: a hand holds 0 to {p.r - 1} fingers when r = {p.r}")
            if tuple(sorted(hands)) != hands:
                raise PositionError(f"{shown}: hands must be sorted")
        if not 0 <= position.swaps <= p.swaps:
            raise PositionError(f"{shown}: swap count must be 0..{p.swaps}")

    def parse(self, text: str) -> Position:
        """Read and check a position for this variant (values with ``.`` when r > 10)."""
        position = Position.parse(text, self.params.hands)
        self.check(position)
        return position

    def notation(self, position: Position) -> str:
        """Return the notation of ``position`` for this variant."""
        return position.notation(self.wide)

    def notations(self, codes: np.ndarray) -> list[str]:
        """Return the notation of every code in ``codes``."""
        names = np.array([_fmt_hands(h, self.wide) for h in self.sets], dtype=object)
        count, seats = self.seats(codes)
        text = names[seats[0]]
        for s in seats[1:]:
            text = text + "-" + names[s]
        if self.counts > 1:
            text = np.where(count > 0, text + "/s" + count.astype(str).astype(object), text)
        return list(text)

    def start(self) -> Position:
        """Return the start position: every hand holds ``start`` fingers."""
        p = self.params
        return Position(((p.start,) * p.hands,) * p.players, 0)

    # -- the kernel ----------------------------------------------------------
    def kernel_tables(self) -> tuple:
        """Return the rule tables in the form the compiled kernel takes.

        Returns
        -------
        tuple
            ``(ints, live, swap_ok, own_dst, own_mid, hit_dst, hit_mid, own_src,
            hit_src, gain_src)``, described in :mod:`vizgen.kernel`; built once.

        Examples
        --------
        >>> from vizgen.variants import resolve
        >>> Rules(resolve("standard")).kernel_tables()[0][:2].tolist()  # players, hand sets
        [2, 15]
        """
        if self._tables is None:
            self._tables = self._compile()
        return self._tables

    def _compile(self) -> tuple:
        p, m, players = self.params, self.m, self.players
        gain = p.attack == "self-gain"
        width = self.hit_dst.shape[2]
        ab = np.maximum(self.hit_ab, 0)
        hit_mid = np.where(self.hit_ab >= 0, self.hit_mid[:, ab], -1).astype(np.int32)
        # backward tables: every move inverted, repeats removed
        s, w = np.nonzero(self.own_dst >= 0)
        own_src = _group(self.own_dst[s, w], s, m)
        s0, u, w = np.nonzero(self.hit_dst >= 0)
        d = self.hit_dst[s0, u, w].astype(np.int64)
        hit_src = _group(s0 * m + d, u, m * m).reshape(m, m, -1) if not gain else np.full((1, 1, 1), -1, np.int32)
        gain_src = _group(d * m + u, s0, m * m).reshape(m, m, -1) if gain else np.full((1, 1, 1), -1, np.int32)
        end = (2 if gain else 0) + (1 if p.misere else 0)
        passes = players > 2 and not p.zombies
        maxdeg = self.own_dst.shape[1] + (players - 1) * width + 2
        maxpar = own_src.shape[1] + (players - 1) * max(hit_src.shape[2], gain_src.shape[2]) + 1
        ints = np.zeros(kernel.N_INTS, dtype=np.int64)
        ints[[kernel.I_P, kernel.I_M, kernel.I_COUNTS, kernel.I_SWAPS, kernel.I_GAIN, kernel.I_PASSES,
              kernel.I_END, kernel.I_TOP, kernel.I_SWAP_MID, kernel.I_PASS_MID, kernel.I_MAXDEG,
              kernel.I_MAXPAR]] = [players, m, self.counts, p.swaps, gain, passes, end, m ** (players - 1),
                                   self.swap_mid, self.pass_mid, maxdeg, maxpar]
        return (ints, self.live, self.swap_ok, self.own_dst, self.own_mid, self.hit_dst, hit_mid,
                own_src, hit_src, gain_src)

    def winners(self, codes: np.ndarray) -> np.ndarray:
        """Return, per code, the winner's seat if the game is over there, else -1.

        Parameters
        ----------
        codes : numpy.ndarray
            Integer position codes.

        Returns
        -------
        numpy.ndarray
            int8 seat offsets from the player to move (0 = the mover), -1 while
            the game goes on.
        """
        return kernel.winners(codes, self.kernel_tables())

    def expand(self, codes: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Generate every move of every (non-final) position in ``codes``.

        The compiled kernel (:func:`vizgen.kernel.expand`) that enumeration
        and the solvers use.

        Parameters
        ----------
        codes : numpy.ndarray
            Codes of positions where the game is not over.

        Returns
        -------
        src : numpy.ndarray
            Index into ``codes`` of the position each move is played from.
        dst : numpy.ndarray
            Code of the position each move leads to (the next player to move first).
        mid : numpy.ndarray
            Move id: ``rules.moves[mid]`` describes the move.
        """
        return kernel.expand(codes, self.kernel_tables())

    # -- one position at a time ---------------------------------------------
    def successors(self, position: Position) -> list[tuple[Move, Position]]:
        """Return every legal move of ``position`` with the position it leads to.

        Parameters
        ----------
        position : Position
            A position of this variant.

        Returns
        -------
        list of (Move, Position)
            Sorted by move notation; empty when the game is over.
        """
        code = np.array([self.encode(position)])
        if self.winners(code)[0] >= 0:
            return []
        _, dst, mid = self.expand(code)
        pairs = [(self.moves[i], self.decode(int(c))) for c, i in zip(dst, mid)]
        return sorted(pairs, key=lambda pair: str(pair[0]))

    def legal_moves(self, position: Position) -> list[Move]:
        """Return the legal moves of ``position`` (none when the game is over)."""
        return [move for move, _ in self.successors(position)]

    def play(self, position: Position, move: Move) -> Position:
        """Return the position after ``move``; raise PositionError if it is not legal."""
        for legal, after in self.successors(position):
            if legal == move:
                return after
        raise PositionError(f"{move} is not a legal move at {self.notation(position)}; "
                            f"{_legal_words([m for m, _ in self.successors(position)])}")

    def parse_move(self, position: Position, text: str) -> Move:
        """Read a move at ``position`` and return it as the legal move it names.

        Parameters
        ----------
        position : Position
            Where the move is played.
        text : str
            The move's notation (see :meth:`Move.parse`).

        Returns
        -------
        Move
            The legal move equal to the one written (``rules.play`` plays it).

        Raises
        ------
        PositionError
            If the text is not a move or not a legal one there; the message
            names the legal moves.

        Examples
        --------
        >>> from vizgen.variants import resolve
        >>> rules = Rules(resolve("standard"))
        >>> start = rules.start()
        >>> rules.notation(rules.play(start, rules.parse_move(start, "1>1")))
        '12-11'
        """
        legal = [m for m, _ in self.successors(position)]
        try:
            wanted = Move.parse(text, self.players, self.params.attack == "self-gain", self.wide)
        except PositionError as exc:
            problem = str(exc)
        else:
            for move in legal:
                if move == wanted:
                    return move
            problem = f"{quote(text)} is not a legal move at {self.notation(position)}"
        raise PositionError(f"{problem}; {_legal_words(legal)}")

    def outcome(self, position: Position) -> int | None:
        """Return the winner's seat (0 = the player to move) if the game is over, else None."""
        winner = int(self.winners(np.array([self.encode(position)]))[0])
        return None if winner < 0 else winner


#: legal moves named in one error message
_NAMED_MOVES = 24


def _legal_words(legal: list[Move]) -> str:
    """``legal moves: 1>1, 1>2`` for an error message (the game over: say so)."""
    if not legal:
        return "no move is legal there: the game is over"
    names = [str(m) for m in legal[:_NAMED_MOVES]]
    more = f" ... ({len(legal)} in all)" if len(legal) > _NAMED_MOVES else ""
    return f"legal moves: {', '.join(names)}{more}"
