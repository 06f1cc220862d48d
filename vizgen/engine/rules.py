"""The rules of Chopsticks for every variant: what may happen, position by position or all at once.

Positions and moves as values and text live in :mod:`vizgen.engine.notation` (and are
importable from here). :class:`Rules` compiles a variant's parameters into small lookup tables over one
player's hands and answers, for a whole array of integer-coded positions at once,
which moves exist and where they lead (:meth:`Rules.expand`). ``legal_moves`` asks
the same kernel about a single position, so there is one source of truth.

Position codes: a player's hands are a sorted multiset with an index ``s`` in
``range(M)``; a position with the mover in seat 0 is
``(s_0 + s_1*M + ... + s_{P-1}*M**(P-1)) * (swaps+1) + swap_count``.
"""

from __future__ import annotations

import itertools

import numpy as np

from vizgen.engine import kernel
from vizgen.engine.notation import Hands, Move, Position, PositionError, fmt_hands, legal_words
from vizgen.engine.params import Params
from vizgen.engine.variants import Variant
from vizgen.util.text import quote

__all__ = ["Move", "Position", "PositionError", "Rules", "check_shape"]


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


def check_shape(position: Position, p: Params) -> None:
    """Raise PositionError if ``position`` does not fit the shape of a variant with parameters ``p``.

    It reads the parameters alone, so a position of the wrong shape is refused
    before any table is built or anything solved.

    Examples
    --------
    >>> check_shape(Position.parse("12-11"), Params(players=6))
    Traceback (most recent call last):
    ...
    vizgen.engine.notation.PositionError: '12-11' has 2 players; this variant has 6
    """
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
        """Raise PositionError if ``position`` does not fit this variant's shape (see :func:`check_shape`)."""
        check_shape(position, self.params)

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
        names = np.array([fmt_hands(h, self.wide) for h in self.sets], dtype=object)
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
            hit_src, gain_src)``, described in :mod:`vizgen.engine.kernel`; built once.

        Examples
        --------
        >>> from vizgen.engine.spec import resolve
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

        The compiled kernel (:func:`vizgen.engine.kernel.expand`) that enumeration
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
                            f"{legal_words([m for m, _ in self.successors(position)])}")

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
        >>> from vizgen.engine.spec import resolve
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
        raise PositionError(f"{problem}; {legal_words(legal)}")

    def outcome(self, position: Position) -> int | None:
        """Return the winner's seat (0 = the player to move) if the game is over, else None."""
        winner = int(self.winners(np.array([self.encode(position)]))[0])
        return None if winner < 0 else winner
