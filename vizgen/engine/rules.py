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

import itertools
from dataclasses import dataclass
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


#: the hit tables and the hands' own moves of recent parameter sets, by the parameters they read (a sweep of many
#: rule sets builds the same ones again and again: :func:`_hit_key`, :func:`_hand_moves`); entries kept at most
MEMO_SIZE = 256
#: hit tables kept at most: three tables of (states x states x strikes), up to 200 MB a key at 1,000 states
HIT_MEMO_SIZE = 8
_hits: dict[tuple[Any, ...], tuple[np.ndarray, np.ndarray, np.ndarray]] = {}
_hand_memo: dict[tuple[Any, ...], tuple[np.ndarray, np.ndarray, np.ndarray, list[Move]]] = {}
_two: dict[tuple[Any, ...], bool] = {}


def _hit_key(p: Params) -> tuple[Any, ...]:
    """Every parameter :meth:`Rules._hit_tables` reads: the states (r, hands, the values, lives, the switch, own
    swaps), what a strike does (attack, overflow, death attack, cherry bomb, zombies) and sudden death."""
    return (p.r, p.hands, p.overflow, p.signed, p.stumps, p.lives, p.one_point_switch, p.swaps if p.own_swaps else 0,
            p.attack, p.death_attack, p.cherry_bomb, p.sudden_death, p.zombies, p.start)


def _hand_key(kind: str, p: Params) -> tuple[Any, ...]:
    """Every parameter the hands' moves of ``kind`` read (:func:`_hand_moves`), beside r, the hands and the values."""
    if kind == "split":  # what vizgen.engine.hands.split_results reads
        return (p.meta, p.transfers, p.divisions, p.suicide, p.halvesies, p.transfer_scope, p.division_scope)
    if kind == "self":
        return (p.overflow, p.attack, p.cherry_bomb)
    return (p.overflow,) if kind == "add" else ()


def _remember(memo: dict[tuple[Any, ...], Any], key: tuple[Any, ...], value: Any, size: int = MEMO_SIZE) -> Any:
    """Keep ``value`` under ``key``, the oldest entry dropped beyond ``size`` entries; return the value."""
    if len(memo) >= size:
        del memo[next(iter(memo))]
    memo[key] = value
    return value


def _hand_moves(kind: str, p: Params, mv: MoveFormat,
                hands: list[Hands]) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[Move]]:
    """The moves of ``kind`` (``split``, ``self`` attacks, ``flip`` or ``add``) from every one of ``hands``.

    Returns ``(indptr, to, move, moves)``: hands ``h``'s moves are entries ``indptr[h]`` to ``indptr[h + 1]``
    of ``to`` (the new hands, an index of ``hands``) and ``move`` (an index of ``moves``), in the order the
    rules list them (:mod:`vizgen.engine.hands`). Remembered by the parameters they read.

    Examples
    --------
    >>> p = Params(r=3)
    >>> hands = [(0, 0), (0, 1), (0, 2), (1, 1), (1, 2), (2, 2)]
    >>> indptr, to, move, moves = _hand_moves("split", p, MoveFormat(players=2, wide=False), hands)
    >>> [hands[int(t)] for t in to[indptr[2]:indptr[3]]], [str(m) for m in moves]
    ([(1, 1)], ['02 -> 11'])
    """
    key = (kind, p.r, p.hands, p.signed, p.stumps, p.integers, *_hand_key(kind, p), mv["players"], mv["wide"])
    found = _hand_memo.get(key)
    if found is not None:
        return found
    index = {h: k for k, h in enumerate(hands)}
    ids: dict[Move, int] = {}
    to: list[int] = []
    move: list[int] = []
    indptr = [0]
    for h in hands:
        if kind == "split":
            pairs = [(new, Move("split", before=h, after=new, **mv)) for new in split_results(h, p)]
        elif kind == "self":
            strike = "gain" if p.attack == "self-gain" else "attack"
            pairs = [(new, Move(strike, a, b, 0, **mv)) for a, b, new in self_strike_results(h, p)]
        elif kind == "flip":
            pairs = [(new, Move("flip", v, **mv)) for v, new in flip_results(h, p)]
        else:
            pairs = [(new, Move("add", v, **mv)) for v, new in add_results(h, p)]
        for new, mov in pairs:
            to.append(index[new])
            move.append(ids.setdefault(mov, len(ids)))
        indptr.append(len(to))
    out = (np.array(indptr, np.int64), np.array(to, np.int64), np.array(move, np.int64), list(ids))
    _remember(_hand_memo, key, out)
    return out


@lru_cache(maxsize=16)
def _no_parents(m: int) -> tuple[np.ndarray, np.ndarray]:
    """Backward tables with every entry -1 (:meth:`Rules.explore_tables`), read-only, one pair for each size."""
    own, hit = np.full((m, 1), -1, np.int32), np.full((m, m, 2), -1, np.int32)
    own.flags.writeable = hit.flags.writeable = False
    return own, hit


@lru_cache(maxsize=2)
def _no_strike_ids(shape: tuple[int, ...]) -> np.ndarray:
    """A strike move-id table with every entry -1 (:meth:`Rules.explore_tables`), read-only; the last two shapes
    kept (a sweep meets one shape for many rule sets in a row, and one can take 40 MB)."""
    table = np.full(shape, -1, np.int32)
    table.flags.writeable = False
    return table


@lru_cache(maxsize=4096)
def _seat_marks(seat: Seat) -> str:
    """A state's marks (lives, the switch, own swaps) as its notation writes them after the hands."""
    return Position((seat.hands,), 0, (seat.lives,) if seat.lives else (), (seat.used,), (seat.own,)).marks(0)


@dataclass(frozen=True)
class _StateTables:
    """What the rules keep of one player's states, shared by every rule set with the same states (read-only)."""

    states: tuple[Seat, ...]
    index: dict[Seat, int]
    zero: int
    all_hands: list[Hands]  # every sorted hands of the values: a state's, or one a move leaves before sudden death
    hand_of: np.ndarray  # a state's hands, as an index of all_hands
    grid: np.ndarray  # a state by its hands, lives (less one), switch used and own swaps; -1: no such state
    hands_live: np.ndarray
    hands_one: np.ndarray  # hands of one finger in all (sudden death)
    hands_swap: np.ndarray
    start_hand: int
    live: np.ndarray
    fingers: np.ndarray
    names: tuple[str, ...]
    hand_numbers: tuple[tuple[float | int, ...], ...]


@lru_cache(maxsize=64)
def _state_tables(r: int, hands: int, signed: bool, stumps: bool, lives: int, switch: bool, own_swaps: int,
                  start: int) -> _StateTables:
    """The states of the rule sets with these parameters (``own_swaps`` -1: swaps are counted in a row), and
    their tables; remembered, as a sweep meets the same few again and again."""
    p = Params(r=r, hands=hands, integers=signed, overflow="cutoff" if signed else "rollover", stumps=stumps,
               lives=lives, sudden_death=lives > 1, one_point_switch=switch, swaps=max(own_swaps, 0),
               swap_count="player" if own_swaps >= 0 else "row", start=start)
    states = tuple(seat_states(p))
    all_hands = list(itertools.combinations_with_replacement(hand_domain(p), hands))
    hand_index = {h: k for k, h in enumerate(all_hands)}
    hand_of = np.array([hand_index[s.hands] for s in states], np.int64)
    grid = np.full((len(all_hands), max(lives, 1), 2, own_swaps + 1 if own_swaps >= 0 else 1), -1, np.int64)
    for k, s in enumerate(states):
        grid[hand_of[k], max(s.lives - 1, 0), int(s.used), s.own] = k
    wide = r > 10
    out = _StateTables(
        states=states, index={s: i for i, s in enumerate(states)}, zero=states.index(Seat((0,) * hands)),
        all_hands=all_hands, hand_of=hand_of, grid=grid,
        hands_live=np.array([live_hands(h) > 0 for h in all_hands]),
        hands_one=np.array([fingers(h) == 1 for h in all_hands]),
        hands_swap=np.array([can_swap(h) for h in all_hands]), start_hand=hand_index[(start,) * hands],
        live=np.array([live_hands(s.hands) > 0 for s in states]),
        fingers=np.array([float(fingers(s.hands)) for s in states]),
        names=tuple(fmt_hands(s.hands, wide) + _seat_marks(s) for s in states),
        hand_numbers=tuple(tuple(float(v) if isinstance(v, Fraction) else v for v in s.hands) for s in states))
    for array in (hand_of, grid, out.hands_live, out.hands_one, out.hands_swap, out.live, out.fingers):
        array.flags.writeable = False
    return out


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
        shared = _state_tables(p.r, p.hands, p.signed, p.stumps, p.lives, p.one_point_switch,
                               p.swaps if p.own_swaps else -1, p.start)
        self.states: list[Seat] = list(shared.states)
        self.sets: list[Hands] = [s.hands for s in self.states]
        self._index: dict[Seat, int] = shared.index
        self.m = len(self.states)
        self.counts = 1 if p.own_swaps else p.swaps + 1
        self.space: int = self.m ** p.players * self.counts
        self.zero = shared.zero
        self._all_hands, self._hand_of, self._grid = shared.all_hands, shared.hand_of, shared.grid
        self._hands_live, self._hands_one, self._hands_swap = shared.hands_live, shared.hands_one, shared.hands_swap
        self._start_hand = shared.start_hand
        self.live, self.fingers = shared.live, shared.fingers
        self.names = list(shared.names)
        self.hand_numbers = [list(h) for h in shared.hand_numbers]
        self.moves: list[Move] = []
        self._move_ids: dict[Move, int] = {}
        self._tables: tuple[np.ndarray, ...] | None = None
        self._build_tables()

    # -- tables --------------------------------------------------------------
    def _mid(self, move: Move) -> int:
        if move not in self._move_ids:
            self._move_ids[move] = len(self.moves)
            self.moves.append(move)
        return self._move_ids[move]

    def _own_table(self, mv: MoveFormat) -> tuple[np.ndarray, np.ndarray]:
        """The mover's moves that change only their own state, ``(own_dst, own_mid)``, each ``(m, width)`` int32.

        Row ``s`` lists state ``s``'s moves in order: splits, self attacks, flips, then (a live player only) adds,
        the Logan, a pass, the one-point switch and an own swap; the new state after the rule of sudden death.
        Move ids are given in order of first appearance, row by row. What a move does to the hands is worked
        out once per hands (:func:`_hand_moves`, remembered by the parameters it reads); numpy carries it to
        every state (lives, the switch, own swaps) and applies the rule of sudden death.
        """
        p, m = self.params, self.m
        hand_of = self._hand_of
        live = self._hands_live[hand_of]
        one = np.array([live_hands(h) == 1 for h in self._all_hands])[hand_of]
        lone_one = np.array([live_hands(h) == 1 and sum(h) == 1 for h in self._all_hands])[hand_of]
        used = np.array([s.used for s in self.states])
        own = np.array([s.own for s in self.states])
        states = np.arange(m)
        kinds = [kind for kind, on in (("split", True), ("self", p.self_attack), ("flip", p.integers),
                                       ("add", p.self_add)) if on]
        src: list[np.ndarray] = []
        new_hand: list[np.ndarray] = []
        new_used: list[np.ndarray] = []
        new_own: list[np.ndarray] = []
        move: list[np.ndarray] = []
        moves: list[Move] = []
        for kind in kinds:
            indptr, to, local, listed = _hand_moves(kind, p, mv, self._all_hands)
            rows = states[live] if kind == "add" else states
            counts = np.diff(indptr)[hand_of[rows]]
            at = np.repeat(indptr[hand_of[rows]] - np.cumsum(counts) + counts, counts) + np.arange(counts.sum())
            s = np.repeat(rows, counts)
            src.append(s)
            new_hand.append(to[at])
            new_used.append(used[s])
            new_own.append(np.zeros(s.size, np.int64))
            move.append(local[at] + len(moves))
            moves += listed
        alone = (("logan", live & one if p.logan else None, False), ("pass", live if p.passes else None, False),
                 ("switch", live & lone_one & ~used if p.one_point_switch else None, True),
                 ("swap", live & self._hands_swap[hand_of] & (own < p.swaps) if p.own_swaps else None, False))
        for kind, where, switch in alone:
            if where is None:
                continue
            s = states[where]
            src.append(s)
            new_hand.append(hand_of[s])
            new_used.append(np.ones(s.size, bool) if switch else used[s])
            new_own.append(own[s] + 1 if kind == "swap" else np.zeros(s.size, np.int64))
            move.append(np.full(s.size, len(moves)))
            moves.append(Move(kind, **mv))
        s_all = np.concatenate(src)
        order = np.argsort(s_all, kind="stable")  # row by row, each row's moves in the order above
        s_all = s_all[order]
        dst = self._norm_all(np.concatenate(new_hand)[order], np.array([st.lives for st in self.states])[s_all],
                             np.concatenate(new_used)[order], np.concatenate(new_own)[order])
        listed_ids, first, mids = np.unique(np.concatenate(move)[order], return_index=True, return_inverse=True)
        ids = np.empty(first.size, np.int64)
        for k in np.argsort(first):  # ids by first appearance
            ids[k] = self._mid(moves[int(listed_ids[k])])
        counts = np.bincount(s_all, minlength=m)
        col = np.arange(s_all.size) - np.repeat(np.cumsum(counts) - counts, counts)
        own_dst = np.full((m, max(1, int(counts.max(initial=0)))), -1, np.int32)
        own_mid = np.full_like(own_dst, -1)
        own_dst[s_all, col] = dst
        own_mid[s_all, col] = ids[mids.reshape(-1)]
        return own_dst, own_mid

    def _norm_all(self, hands: np.ndarray, lives: np.ndarray, used: np.ndarray, own: np.ndarray) -> np.ndarray:
        """The index of every new state, given as hands (an index of ``_all_hands``) and the marks it keeps: out
        when every hand is dead; under sudden death, a hand of one finger in all costs a life (back to the start's
        hands, or out at the last life)."""
        p = self.params
        grid = self._grid
        lives_at = np.maximum(lives - 1, 0) if p.lives > 1 else np.zeros_like(lives)
        out = grid[hands, lives_at, used.astype(np.int64), own]
        if p.sudden_death:
            hit = self._hands_one[hands]
            back = np.where(lives > 1, grid[self._start_hand, np.maximum(lives - 2, 0), used.astype(np.int64), own],
                            self.zero)
            out = np.where(hit, back, out)
        return np.where(self._hands_live[hands], out, self.zero).astype(np.int32)

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
        hand_index = {h: k for k, h in enumerate(self._all_hands)}
        phantom = (1,) if p.zombies else ()
        live = [bool(x) for x in self._hands_live]
        by_hands = {k: (striking_values(h if live[k] else phantom), strike_targets(h, p) if live[k] else [])
                    for k, h in ((int(k), self._all_hands[k]) for k in np.unique(self._hand_of))}
        strikers = [by_hands[int(k)][0] for k in self._hand_of]
        targets = [by_hands[int(k)][1] for k in self._hand_of]
        wa, wb = max(map(len, strikers)), max(map(len, targets))
        strike_with = sorted(set().union(*strikers), key=index.__getitem__)
        struck_values = sorted(set().union(*targets), key=index.__getitem__)
        # what a strike leaves the hands, once per hands: the struck side [a, hands, kb], the striker [hands, ka, b]
        struck = np.full((n, len(self._all_hands), max(wb, 1)), -1, np.int64)
        striking = np.full((len(self._all_hands), max(wa, 1), n), -1, np.int64)
        for k, (with_values, target_values) in by_hands.items():
            h = self._all_hands[k]
            for kb, b in enumerate(target_values):
                for a in strike_with:
                    struck[index[a], k, kb] = hand_index[struck_after(a, b, h, p)]
            if live[k]:
                for ka, a in enumerate(with_values):
                    for b in struck_values:
                        striking[k, ka, index[b]] = hand_index[striker_after(a, b, h, p)]
        lives = np.array([s.lives for s in self.states])
        used = np.array([s.used for s in self.states])
        own_swaps = np.array([s.own for s in self.states])
        theirs = struck[:, self._hand_of, :]  # [a, j, kb]: the struck player's new state
        at = np.nonzero(theirs >= 0)
        theirs = np.full(theirs.shape, -1, np.int32)
        theirs[at] = self._norm_all(struck[:, self._hand_of, :][at], lives[at[1]], used[at[1]], own_swaps[at[1]])
        mine = np.full((m, max(wa, 1), n), -1, dtype=np.int32)  # [i, ka, b]: the striker's new state
        for i, s in enumerate(strikers):  # a dead striker (a zombie) stays as it is: out
            if not self._hands_live[self._hand_of[i]]:
                mine[i, :len(s), [index[b] for b in struck_values]] = self.zero
        after = striking[self._hand_of]
        at = np.nonzero(after >= 0)
        mine[at] = self._norm_all(after[at], lives[at[0]], used[at[0]], np.zeros(at[0].size, np.int64))
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
        self.own_dst, self.own_mid = self._own_table(mv)
        values = hand_domain(p)
        key = _hit_key(p)
        hits = _hits.get(key)
        if hits is None:
            hits = self._hit_tables(values)
            for table in hits:
                table.flags.writeable = False  # shared by every Rules of the same key
            _remember(_hits, key, hits, HIT_MEMO_SIZE)
        self.hit_dst, self.hit_own, self.hit_ab = hits
        two = _two.get(key)  # whether a strike changes the striker too
        self.two = _remember(_two, key, bool((self.hit_own != np.arange(m)[:, None, None])[self.hit_dst >= 0].any())) \
            if two is None else two
        kind = "gain" if p.attack == "self-gain" else "attack"
        self.hit_mid = np.array(
            [[self._mid(Move(kind, a, b, seat, **mv)) if a and (b or p.death_attack) else -1
              for a in values for b in values] for seat in range(players)],
            dtype=np.int32,
        )
        self.swap_ok = np.array([can_swap(h) for h in self.sets]) if p.swaps and not p.own_swaps else np.zeros(m, bool)
        self.swap_mid = self._mid(Move("swap", **mv))
        self.pass_mid = self._mid(Move("pass", **mv))

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

    def explore_tables(self) -> tuple[np.ndarray, ...]:
        """Return the rule tables :func:`vizgen.engine.kernel.explore` reads: no backward moves, no strike move ids.

        ``explore`` lists each position's distinct children, never the moves that reach them. So the backward
        tables, which can take far longer to build than the rest, are empty (every entry -1), and so are the
        strikes' move ids (a table of players x states x states x strikes that would be gathered afresh for every
        rule set: a fifth of the rule-space sweep's time in its costliest corner); both shared and read-only.
        Everything else is :meth:`kernel_tables`'s. Only for ``explore`` (and ``winners``): ``expand``,
        ``children`` and the solvers of :mod:`vizgen.engine.retrograde` need :meth:`kernel_tables`.

        Examples
        --------
        >>> from vizgen.engine.spec import resolve
        >>> rules = Rules(resolve("standard"))
        >>> fast, full = rules.explore_tables(), rules.kernel_tables()
        >>> all((a == b).all() for a, b in zip(fast[1:7], full[1:7]))  # the ints differ in the parents' width
        True
        >>> int(fast[7].max()), int(fast[8].max()), int(fast[9].max()), fast[7].shape == full[7].shape
        (-1, -1, -1, True)
        """
        if self._tables is not None:
            return self._tables
        own_src, hit_src = _no_parents(self.m)
        return self._assemble(own_src, hit_src, ids=False)

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

    def _assemble(self, own_src: np.ndarray, hit_src: np.ndarray, ids: bool = True) -> tuple[np.ndarray, ...]:
        """The kernel's tuple of tables, with these backward tables (and without the strikes' move ids unless
        ``ids``)."""
        p, m, players = self.params, self.m, self.players
        hit_mid = np.append(self.hit_mid, np.full((players, 1), -1, np.int32), axis=1)[:, self.hit_ab] if ids \
            else _no_strike_ids((players, *self.hit_ab.shape))  # -1: no strike
        end = (2 if p.attack == "self-gain" else 0) + (1 if p.misere else 0)
        passes = players > 2 and not p.zombies
        maxdeg = self.own_dst.shape[1] + (players - 1) * self.hit_dst.shape[2] + 2
        maxpar = own_src.shape[1] + (players - 1) * hit_src.shape[2] // 2 + 1
        ints = np.zeros(kernel.N_INTS, dtype=np.int64)
        ints[[kernel.I_P, kernel.I_M, kernel.I_COUNTS, kernel.I_SWAPS, kernel.I_TWO, kernel.I_PASSES,
              kernel.I_END, kernel.I_TOP, kernel.I_SWAP_MID, kernel.I_PASS_MID, kernel.I_MAXDEG,
              kernel.I_MAXPAR]] = [players, m, self.counts, 0 if p.own_swaps else p.swaps, self.two, passes, end,
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
