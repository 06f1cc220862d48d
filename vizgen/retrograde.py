"""The compiled retrograde analysis (numba): forced wins and survival over position codes.

Both work back from the final positions one ply at a time, finding parents
with the kernel's backward-move tables (:mod:`vizgen.kernel`); ``tables`` is
:meth:`vizgen.rules.Rules.kernel_tables`. Compiled functions are cached on disk.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from vizgen.kernel import I_COUNTS, I_M, I_MAXPAR, I_P, _decode, _lowest_bit, _parents

__all__ = ["solve_forced_space", "solve_survival_space"]


@nb.njit(cache=True)
def _push(queue, tail, code):
    if tail == queue.size:
        bigger = np.empty(2 * queue.size, np.int64)
        bigger[:tail] = queue[:tail]
        queue = bigger
    queue[tail] = code
    return queue


@nb.njit(cache=True)
def _forced(tables, depth, winner, outdeg):
    ints = tables[0]
    players, space = ints[I_P], depth.size
    others = players - 1
    seats = np.empty(players, np.int64)
    stamp = np.zeros((players + 1) * ints[I_M] + 1, np.int64)
    parents = np.empty(ints[I_MAXPAR] * ints[I_COUNTS], np.int64)
    win = winner.copy()
    rem = np.full(space, -1, np.int32)
    pending = np.empty(space * others, np.uint16)  # per (position, seat 1..P-1): children not yet won
    queue = np.empty(1024, np.int64)
    tail = 0
    for code in range(space):
        if depth[code] < 0:
            continue
        if win[code] >= 0:
            rem[code] = 0
            queue = _push(queue, tail, code)
            tail += 1
        else:
            pending[code * others:(code + 1) * others] = outdeg[code]
    head = 0
    while head < tail:  # first in, first out: remoteness never decreases along the queue
        child = queue[head]
        head += 1
        seat = (win[child] + 1) % players  # the child's winner, seen from a parent
        plies = rem[child] + 1
        for i in range(_parents(child, seats, tables, stamp, parents)):
            p = parents[i]
            if depth[p] < 0 or win[p] >= 0:
                continue
            if seat != 0:
                j = p * others + seat - 1
                pending[j] -= 1
                if pending[j] != 0:
                    continue
            win[p] = seat
            rem[p] = plies
            queue = _push(queue, tail, p)
            tail += 1
    return win, rem


def solve_forced_space(tables: tuple, depth: np.ndarray, winner: np.ndarray,
                       outdeg: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Retrograde analysis over the code space: who can force a win, in how many plies.

    A position is won for its mover as soon as one child is won for the same
    player (fewest plies); for another seat once every child is (the last one
    found gives the most plies). At most one seat can force a win, so one value
    per position is kept, with one uint16 counter per position and other seat.

    Parameters
    ----------
    tables : tuple
        The rule tables.
    depth, winner, outdeg : numpy.ndarray
        From :func:`enumerate_space`.

    Returns
    -------
    win : numpy.ndarray
        int8 per code: the seat that can force a win, -1 if none (or unreachable).
    rem : numpy.ndarray
        int32 per code: remoteness of that win, -1 where there is none.

    Examples
    --------
    >>> from vizgen.kernel import enumerate_space
    >>> from vizgen.rules import Rules
    >>> from vizgen.variants import resolve
    >>> rules = Rules(resolve("standard"))
    >>> tables = rules.kernel_tables()
    >>> depth, winner, outdeg, _, _ = enumerate_space(rules.encode(rules.start()), rules.space, tables)
    >>> int(solve_forced_space(tables, depth, winner, outdeg)[0][rules.encode(rules.start())])
    -1
    """
    return _forced(tables, depth, winner, outdeg)


@nb.njit(cache=True)
def _survival(tables, depth, winner, outdeg):
    ints, live = tables[0], tables[1]
    players, space = ints[I_P], depth.size
    seats = np.empty(players, np.int64)
    stamp = np.zeros((players + 1) * ints[I_M] + 1, np.int64)
    parents = np.empty(ints[I_MAXPAR] * ints[I_COUNTS], np.int64)
    out = np.full(space * players, -1, np.int16)  # plies in which the others force the seat out
    unknown = np.zeros(space, np.uint8)  # per position, a bit per seat still to decide
    pending = outdeg.copy()  # the mover as target: children where it is not yet forced out
    words = (space + 63) // 64
    front = np.zeros(words, np.uint64)
    later = np.zeros(words, np.uint64)
    one = np.uint64(1)
    for code in range(space):
        if depth[code] < 0:
            continue
        _decode(code, ints, seats)
        for k in range(players):
            if not live[seats[k]]:
                out[code * players + k] = 0
                front[code >> 6] |= one << np.uint64(code & 63)
            elif winner[code] < 0:  # at a final position a live seat survives
                unknown[code] |= 1 << k
    plies = 0
    busy = True
    while busy:
        busy = False
        for wi in range(words):
            bits = front[wi]
            while bits:
                code = wi * 64 + _lowest_bit(bits)
                bits &= bits - one
                mask = 0
                for k in range(players):
                    if out[code * players + k] == plies:
                        mask |= 1 << ((k + 1) % players)  # seat k here is seat k + 1 in a parent
                for i in range(_parents(code, seats, tables, stamp, parents)):
                    p = parents[i]
                    todo = mask & unknown[p]
                    if not todo:
                        continue
                    if todo & 1:  # the target moves: out only once every child is
                        pending[p] -= 1
                        if pending[p] != 0:
                            todo ^= 1
                    if not todo:
                        continue
                    unknown[p] ^= todo
                    while todo:
                        seat = _lowest_bit(np.uint64(todo))
                        todo &= todo - 1
                        out[p * players + seat] = plies + 1
                    later[p >> 6] |= one << np.uint64(p & 63)
                    busy = True
        front, later = later, front
        later[:] = 0
        plies += 1
        if plies > 32766:
            raise OverflowError("survival remoteness does not fit int16")
    return out


def solve_survival_space(tables: tuple, depth: np.ndarray, winner: np.ndarray, outdeg: np.ndarray) -> np.ndarray:
    """For every position and seat: can the others together force that seat out, and how fast.

    A seat with no live hand is out (0 plies). Where the seat is to move it is
    forced out once every child forces it out (it delays the most); where
    another seat moves, as soon as one child does (the coalition hurries).
    Works one ply at a time with bitmaps of the positions reached in the last
    ply; every seat of a position is handled with one parent generation.

    Parameters
    ----------
    tables : tuple
        The rule tables.
    depth, winner, outdeg : numpy.ndarray
        From :func:`enumerate_space`.

    Returns
    -------
    numpy.ndarray
        int16, shape ``(space * players,)``: entry ``code * players + seat`` is
        the plies in which the others can force that seat out (the seat
        delaying, the others hurrying), -1 if the seat survives whatever they do.

    Examples
    --------
    >>> from vizgen.kernel import enumerate_space
    >>> from vizgen.rules import Rules
    >>> from vizgen.variants import resolve
    >>> rules = Rules(resolve("standard:players=3,r=3"))
    >>> tables = rules.kernel_tables()
    >>> start = rules.encode(rules.start())
    >>> depth, winner, outdeg, _, _ = enumerate_space(start, rules.space, tables)
    >>> solve_survival_space(tables, depth, winner, outdeg).reshape(-1, 3)[start].tolist()
    [6, 7, 5]
    """
    return _survival(tables, depth, winner, outdeg)
