"""The rules of Chopsticks for every variant: what may happen, position by position or all at once.

Positions and moves as values and text live in :mod:`vizgen.engine.notation` (and are
importable from here); what one player's hands can become, kind by kind, in
:mod:`vizgen.engine.hands`. :class:`Rules` compiles a variant's parameters into small lookup
tables over one player's states and answers, for a whole array of integer-coded positions at
once, which moves exist and where they lead (:meth:`Rules.expand`). ``legal_moves`` asks the
same kernel about a single position, so there is one source of truth.

Position codes: a player's state (their hands, and what the house rules keep with them) has an
index ``s`` in ``range(M)`` (:func:`vizgen.engine.hands.seat_states`); a position with the mover
in seat 0 is ``(s_0 + s_1*M + ... + s_{P-1}*M**(P-1)) * counts + swap_count``, where ``counts``
is the number of swap counts in a row (``swaps + 1``, or 1 when each player counts their own).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np

from vizgen.engine import kernel
from vizgen.engine.hands import (
    Seat,
    add_results,
    can_swap,
    fingers,
    flip_results,
    hand_domain,
    live_hands,
    seat_states,
    self_strike_results,
    split_results,
    strike_targets,
    striker_after,
    striking_values,
    struck_after,
)
from vizgen.engine.notation import Hands, Move, MoveFormat, Position, PositionError, Value, fmt_hands, legal_words
from vizgen.engine.params import Params
from vizgen.engine.variants import Variant
from vizgen.util.text import quote

__all__ = ["Move", "Position", "PositionError", "Rules", "check_shape"]


#: the hit tables and splits of recent parameter sets, by the parameters they read (a sweep of many rule sets
#: builds the same ones again and again: :func:`_hit_key`, :func:`_split_key`); entries kept at most
MEMO_SIZE = 256
_hits: dict[tuple[Any, ...], tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
_splits: dict[tuple[Any, ...], list[Hands]] = {}


def _hit_key(p: Params) -> tuple[Any, ...]:
    """Every parameter :meth:`Rules._hit_tables` reads: the states (r, hands, the values, lives, the switch, own
    swaps), what a strike does (attack, overflow, death attack, cherry bomb, zombies) and sudden death."""
    return (p.r, p.hands, p.overflow, p.signed, p.stumps, p.lives, p.one_point_switch, p.swaps if p.own_swaps else 0,
            p.attack, p.death_attack, p.cherry_bomb, p.sudden_death, p.zombies, p.start)


def _split_key(p: Params) -> tuple[Any, ...]:
    """Every parameter :func:`vizgen.engine.hands.split_results` reads."""
    return (p.r, p.hands, p.signed, p.stumps, p.meta, p.transfers, p.divisions, p.suicide, p.halvesies,
            p.transfer_scope, p.division_scope)


def _remember(memo: dict[tuple[Any, ...], Any], key: tuple[Any, ...], value: Any) -> Any:
    """Keep ``value`` under ``key``, the oldest entry dropped beyond MEMO_SIZE; return the value."""
    if len(memo) >= MEMO_SIZE:
        del memo[next(iter(memo))]
    memo[key] = value
    return value


def _splits_of(hands: Hands, p: Params) -> list[Hands]:
    """:func:`vizgen.engine.hands.split_results`, remembered by the hands and the parameters it reads."""
    key = (hands, _split_key(p))
    found = _splits.get(key)
    return found if found is not None else _remember(_splits, key, split_results(hands, p))


@lru_cache(maxsize=4096)
def _seat_marks(seat: Seat) -> str:
    """A state's marks (lives, the switch, own swaps) as its notation writes them after the hands."""
    return Position((seat.hands,), 0, (seat.lives,) if seat.lives else (), (seat.used,), (seat.own,)).marks(0)


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
    >>> check_shape(Position.parse("11-11"), Params(sudden_death=True, lives=3))
    Traceback (most recent call last):
    ...
    vizgen.engine.notation.PositionError: '11-11': write each player's lives left after a colon, e.g. 11:3-11:3
    """
    problem = _shape_problem(position, p)
    if problem is not None:
        raise PositionError(quote(str(position)) + problem)


def _shape_problem(position: Position, p: Params) -> str | None:
    """What is wrong with ``position``'s shape, as the words that follow the position (None: nothing); the
    position is written only when it is wrong."""
    if len(position.hands) != p.players:
        return f" has {len(position.hands)} players; this variant has {p.players}"
    domain = set(hand_domain(p))
    for hands in position.hands:
        if len(hands) != p.hands:
            return f": each player has {p.hands} hand(s) in this variant"
        if any(v not in domain for v in hands):
            halves = " (halves too)" if p.stumps else ""
            held = f"a hand holds {1 - p.r if p.signed else 0} to {p.r - 1} fingers{halves} in this variant"
            if any(Fraction(v).denominator != 1 for v in hands) and not p.stumps:
                return f": halves need stumps; {held}"
            if any(v < 0 for v in hands) and not p.signed:
                return f": negative hands need signed integers (integers under cutoff); {held}"
            return f": {held}"
        if tuple(sorted(hands)) != hands:
            return ": hands must be sorted"
    if not 0 <= position.swaps <= (0 if p.own_swaps else p.swaps):
        return f": swap count must be 0..{0 if p.own_swaps else p.swaps}"
    if p.lives > 1:
        start = "-".join([f"{str(p.start) * p.hands}:{p.lives}"] * p.players)
        if not position.lives:
            return f": write each player's lives left after a colon, e.g. {start}"
        if any(not 1 <= k <= p.lives for k, h in zip(position.lives, position.hands) if live_hands(h)):
            return f": a player in the game has 1 to {p.lives} lives left"
    elif position.lives:
        return ": this variant counts no lives (lives = 1)"
    if position.used and not p.one_point_switch:
        return ": this variant has no one-point switch"
    if position.own and not p.own_swaps:
        return ": this variant counts no player's own swaps (swap_count = row)"
    if any(k > p.swaps for k in position.own):
        return f": a player's own swaps in a row are 0..{p.swaps}"
    for seat, hands in enumerate(position.hands):
        kept = (position.lives and position.lives[seat]) or (position.used and position.used[seat]) or \
            (position.own and position.own[seat])
        if not live_hands(hands) and kept:
            return ": a player who is out keeps no lives, switch or swap count"
    return None


class Rules:
    """A variant's rules compiled for fast, vectorised move generation.

    Parameters
    ----------
    variant : Variant
        The variant whose parameters are in force.

    Attributes
    ----------
    states : list of Seat
        Every state one player can be in (:func:`seat_states`); a position's code numbers them.
    sets : list of tuple of Value
        The hands of every state.
    names : list of str
        The notation of every state (its hands and marks, ``11:3``).
    fingers : numpy.ndarray
        float64, the fingers every state shows (:func:`fingers`).
    hand_numbers : list of list of float or int
        The hands of every state as plain numbers (a half as 0.5), for JSON.
    """

    def __init__(self, variant: Variant) -> None:
        p = variant.params
        self.variant = variant
        self.params = p
        self.players = p.players
        self.wide = p.r > 10
        self.states: list[Seat] = seat_states(p)
        self.sets: list[Hands] = [s.hands for s in self.states]
        self._index: dict[tuple[Hands, int, bool, int], int] = {s: i for i, s in enumerate(self.states)}
        self.m = len(self.states)
        self.counts = 1 if p.own_swaps else p.swaps + 1
        self.space: int = self.m ** p.players * self.counts
        self.zero = self._index[Seat((0,) * p.hands)]
        self._live_of = {h: live_hands(h) > 0 for h in self.sets}
        self._fingers_of = {h: fingers(h) for h in self.sets}
        self._start_hands = (p.start,) * p.hands
        self.live = np.array([live_hands(h) > 0 for h in self.sets])
        self.fingers = np.array([float(fingers(h)) for h in self.sets])
        self.names = [fmt_hands(s.hands, self.wide) + self._marks(s) for s in self.states]
        self.hand_numbers = [[float(v) if isinstance(v, Fraction) else v for v in h] for h in self.sets]
        self.moves: list[Move] = []
        self._move_ids: dict[Move, int] = {}
        self._tables: tuple[np.ndarray, ...] | None = None
        self._build_tables()

    @staticmethod
    def _marks(seat: Seat) -> str:
        return _seat_marks(seat)

    # -- tables --------------------------------------------------------------
    def _mid(self, move: Move) -> int:
        if move not in self._move_ids:
            self._move_ids[move] = len(self.moves)
            self.moves.append(move)
        return self._move_ids[move]

    def _norm(self, hands: Hands, lives: int, used: bool, own: int) -> int:
        """Index of a player's new state: out when every hand is dead; the sudden-death rule (a life lost).

        Called once per move of every pair of states while the tables are built, so it reads
        precomputed tables of the hands (``_live_of``, ``_fingers_of``) and looks states up by plain tuples.
        """
        if self.params.sudden_death and self._fingers_of[hands] == 1:
            return self._index[(self._start_hands, lives - 1, used, own)] if lives > 1 else self.zero
        return self._index[(hands, lives, used, own)] if self._live_of[hands] else self.zero

    def _own_moves(self, seat: Seat, mv: MoveFormat) -> list[tuple[Seat, Move]]:
        """The mover's moves that change only their own state, each with the state it leaves (before the rule
        of sudden death): splits, self attacks, flips, then the house rules' moves."""
        p, hands = self.params, seat.hands
        mine = seat._replace(own=0)  # any move but a swap ends a player's own run of swaps
        out = [(mine._replace(hands=new), Move("split", before=hands, after=new, **mv))
               for new in _splits_of(hands, p)]
        if p.self_attack:
            kind = "gain" if p.attack == "self-gain" else "attack"
            out += [(mine._replace(hands=new), Move(kind, a, b, 0, **mv))
                    for a, b, new in self_strike_results(hands, p)]
        if p.integers:
            out += [(mine._replace(hands=new), Move("flip", v, **mv)) for v, new in flip_results(hands, p)]
        if not live_hands(hands):
            return out
        if p.self_add:
            out += [(mine._replace(hands=new), Move("add", v, **mv)) for v, new in add_results(hands, p)]
        if p.logan and live_hands(hands) == 1:
            out.append((mine, Move("logan", **mv)))
        if p.passes:
            out.append((mine, Move("pass", **mv)))
        if p.one_point_switch and not seat.used and live_hands(hands) == 1 and sum(hands) == 1:
            out.append((mine._replace(used=True), Move("switch", **mv)))
        if p.own_swaps and can_swap(hands) and seat.own < p.swaps:
            out.append((seat._replace(own=seat.own + 1), Move("swap", **mv)))
        return out

    def _hit_tables(self, values: list[Value]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The strikes of every pair of states: ``(dst, own, ab)``, each ``(m, m, width)`` int32, -1 pads.

        Entry ``[i, j, k]`` is the ``k``-th strike of a player in state ``i`` on one in state ``j`` (the striker's
        values ``a`` ascending, then the struck values ``b``): the struck player's new state, the striker's and
        ``a * n + b`` (value indices). A dead striker strikes only as a zombie, with a phantom 1, and stays as it
        is. What a strike leaves the struck player depends on ``(a, b)`` and their state, and the striker on
        ``(a, b)`` and its own (:func:`~vizgen.engine.hands.struck_after`,
        :func:`~vizgen.engine.hands.striker_after`): each side is worked out once per state and value, and numpy
        puts them together for every pair.
        """
        p, m, n = self.params, self.m, len(values)
        index = {v: k for k, v in enumerate(values)}
        phantom = (1,) if p.zombies else ()
        strikers = [striking_values(s.hands if self._live_of[s.hands] else phantom) for s in self.states]
        targets = [strike_targets(s.hands, p) if self._live_of[s.hands] else [] for s in self.states]
        wa, wb = max(map(len, strikers)), max(map(len, targets))
        strike_with = sorted(set().union(*strikers), key=index.__getitem__)
        theirs = np.full((n, m, max(wb, 1)), -1, dtype=np.int32)  # [a, j, kb]: the struck player's new state
        for j, s in enumerate(self.states):
            for kb, b in enumerate(targets[j]):
                for a in strike_with:
                    theirs[index[a], j, kb] = self._norm(struck_after(a, b, s.hands, p), s.lives, s.used, s.own)
        struck_values = sorted(set().union(*targets), key=index.__getitem__)
        mine = np.full((m, max(wa, 1), n), -1, dtype=np.int32)  # [i, ka, b]: the striker's new state
        for i, s in enumerate(self.states):
            for ka, a in enumerate(strikers[i]):
                for b in struck_values:
                    mine[i, ka, index[b]] = self._norm(striker_after(a, b, s.hands, p), s.lives, s.used, 0) \
                        if self._live_of[s.hands] else self.zero
        a_of, b_of = np.zeros((m, max(wa, 1)), dtype=np.int32), np.zeros((m, max(wb, 1)), dtype=np.int32)
        for i in range(m):
            a_of[i, :len(strikers[i])] = [index[a] for a in strikers[i]]
            b_of[i, :len(targets[i])] = [index[b] for b in targets[i]]
        na, nb = np.array([len(x) for x in strikers]), np.array([len(x) for x in targets])
        dst, own, ab = (np.full((m, m, max(1, wa * wb)), -1, dtype=np.int32) for _ in range(3))
        for ka in range(wa):
            rows = np.flatnonzero(na > ka)[:, None]
            for kb in range(wb):
                cols = np.flatnonzero(nb > kb)[None, :]
                slot = ka * nb[cols] + kb
                sa, sb = a_of[rows, ka], b_of[cols, kb]
                dst[rows, cols, slot] = theirs[sa, cols, kb]
                own[rows, cols, slot] = mine[rows, ka, sb]
                ab[rows, cols, slot] = sa * n + sb
        return dst, own, ab

    def _build_tables(self) -> None:
        p, m, players = self.params, self.m, self.players
        mv = MoveFormat(players=players, wide=self.wide)
        own = [[(self._norm(*new), self._mid(move)) for new, move in self._own_moves(seat, mv)]
               for seat in self.states]
        self.own_dst, self.own_mid = self._pad(own)
        values = hand_domain(p)
        key = _hit_key(p)
        hits = _hits.get(key)
        if hits is None:
            hits = self._hit_tables(values)
            for table in hits:
                table.flags.writeable = False  # shared by every Rules of the same key
            _remember(_hits, key, hits)
        self.hit_dst, self.hit_own, self.hit_ab = hits
        kind = "gain" if p.attack == "self-gain" else "attack"
        self.hit_mid = np.array(
            [[self._mid(Move(kind, a, b, seat, **mv)) if a and (b or p.death_attack) else -1
              for a in values for b in values] for seat in range(players)],
            dtype=np.int32,
        )
        self.swap_ok = np.array([can_swap(h) for h in self.sets]) if p.swaps and not p.own_swaps else np.zeros(m, bool)
        self.swap_mid = self._mid(Move("swap", **mv))
        self.pass_mid = self._mid(Move("pass", **mv))

    @staticmethod
    def _pad(rows: list[list[tuple[int, int]]]) -> tuple[np.ndarray, ...]:
        """The rows as ``(n_rows, width)`` int32 arrays, one per entry of a row's tuples; -1 pads."""
        width = max(1, max(len(r) for r in rows))
        parts = len(next((r[0] for r in rows if r), (0, 0)))
        out = np.full((parts, len(rows), width), -1, dtype=np.int32)
        for i, row in enumerate(rows):
            if row:
                out[:, i, :len(row)] = np.array(row, dtype=np.int32).T
        return tuple(out)

    # -- codes ---------------------------------------------------------------
    def seats(self, codes: np.ndarray) -> tuple[np.ndarray, list[np.ndarray]]:
        """Split codes into (swap counts, [state index of seat 0, seat 1, ...])."""
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
        for seat in reversed(range(self.players)):
            base = base * self.m + self._index[self._seat(position, seat)]
        return base * self.counts + position.swaps

    @staticmethod
    def _seat(position: Position, seat: int) -> Seat:
        return Seat(position.hands[seat], position.lives[seat] if position.lives else 0,
                    bool(position.used and position.used[seat]), position.own[seat] if position.own else 0)

    def decode(self, code: int) -> Position:
        """Return the position with integer code ``code``."""
        count, seats = self.seats(np.array([code]))
        states = [self.states[int(s[0])] for s in seats]
        return Position(tuple(s.hands for s in states), int(count[0]),
                        tuple(s.lives for s in states) if self.params.lives > 1 else (),
                        tuple(s.used for s in states), tuple(s.own for s in states))

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
        names = np.array(self.names, dtype=object)
        count, seats = self.seats(codes)
        text = names[seats[0]]
        for s in seats[1:]:
            text = text + "-" + names[s]
        if self.counts > 1:
            text = np.where(count > 0, text + "/s" + count.astype(str).astype(object), text)
        return list(text)

    def start(self) -> Position:
        """Return the start position: every hand holds ``start`` fingers (and every player every life)."""
        p = self.params
        return Position(((p.start,) * p.hands,) * p.players, 0, (p.lives,) * p.players if p.lives > 1 else ())

    # -- the kernel ----------------------------------------------------------
    def kernel_tables(self) -> tuple[np.ndarray, ...]:
        """Return the rule tables in the form the compiled kernel takes.

        Returns
        -------
        tuple
            ``(ints, live, swap_ok, own_dst, own_mid, hit_dst, hit_own, hit_mid, own_src,
            hit_src)``, described in :mod:`vizgen.engine.kernel`; built once.

        Examples
        --------
        >>> from vizgen.engine.spec import resolve
        >>> Rules(resolve("standard")).kernel_tables()[0][:2].tolist()  # players, player states
        [2, 15]
        """
        if self._tables is None:
            self._tables = self._compile()
        return self._tables

    def forward_tables(self) -> tuple[np.ndarray, ...]:
        """Return the rule tables without the backward moves, which can take far longer to build than the rest.

        Enough for :func:`vizgen.engine.kernel.enumerate_space`, ``expand``, ``children`` and ``winners``; the
        backward tables are empty (every entry -1), so ``parents`` and the code-space solvers of
        :mod:`vizgen.engine.retrograde` need :meth:`kernel_tables`. :func:`vizgen.engine.retrograde.solve_forced_graph`
        solves from the children instead (the rule-space sweep, :mod:`vizgen.analysis.sweep`).

        Examples
        --------
        >>> from vizgen.engine.spec import resolve
        >>> rules = Rules(resolve("standard"))
        >>> fast, full = rules.forward_tables(), rules.kernel_tables()
        >>> all((a == b).all() for a, b in zip(fast[1:8], full[1:8])), int(fast[8].max()), int(fast[9].max())
        (True, -1, -1)
        """
        if self._tables is not None:
            return self._tables
        m = self.m
        return self._assemble(np.full((m, 1), -1, np.int32), np.full((m, m, 2), -1, np.int32))

    def _compile(self) -> tuple[np.ndarray, ...]:
        m = self.m
        # backward tables: every move inverted, repeats removed
        s, w = np.nonzero(self.own_dst >= 0)
        own_src = _group(self.own_dst[s, w], s, m)
        s0, u, w = np.nonzero(self.hit_dst >= 0)
        d = self.hit_dst[s0, u, w].astype(np.int64)
        o = self.hit_own[s0, u, w].astype(np.int64)
        pairs = _group(o * m + d, s0 * m + u, m * m)  # (striker, struck) before, by (striker, struck) after
        hit_src = np.stack([np.where(pairs >= 0, pairs // m, -1), np.where(pairs >= 0, pairs % m, -1)], axis=-1)
        return self._assemble(own_src, hit_src.reshape(m, m, -1).astype(np.int32))

    def _assemble(self, own_src: np.ndarray, hit_src: np.ndarray) -> tuple[np.ndarray, ...]:
        """The kernel's tuple of tables, with these backward tables."""
        p, m, players = self.params, self.m, self.players
        ab = np.maximum(self.hit_ab, 0)
        hit_mid = np.where(self.hit_ab >= 0, self.hit_mid[:, ab], -1).astype(np.int32)
        two = bool((self.hit_own != np.arange(m)[:, None, None])[self.hit_dst >= 0].any())
        end = (2 if p.attack == "self-gain" else 0) + (1 if p.misere else 0)
        passes = players > 2 and not p.zombies
        maxdeg = self.own_dst.shape[1] + (players - 1) * self.hit_dst.shape[2] + 2
        maxpar = own_src.shape[1] + (players - 1) * hit_src.shape[2] // 2 + 1
        ints = np.zeros(kernel.N_INTS, dtype=np.int64)
        ints[[kernel.I_P, kernel.I_M, kernel.I_COUNTS, kernel.I_SWAPS, kernel.I_TWO, kernel.I_PASSES,
              kernel.I_END, kernel.I_TOP, kernel.I_SWAP_MID, kernel.I_PASS_MID, kernel.I_MAXDEG,
              kernel.I_MAXPAR]] = [players, m, self.counts, 0 if p.own_swaps else p.swaps, two, passes, end,
                                   m ** (players - 1), self.swap_mid, self.pass_mid, maxdeg, maxpar]
        return (ints, self.live, self.swap_ok, self.own_dst, self.own_mid, self.hit_dst, self.hit_own, hit_mid,
                own_src, hit_src)

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
