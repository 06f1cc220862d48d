"""The compiled kernel (numba): moves, enumeration and retrograde analysis over position codes.

Every function works in the *code space*: the integer code of a position (see
:mod:`vizgen.rules`) is its index in every array, so no position needs a
lookup table and no move is stored. A position's moves are generated from the
rule tables when they are needed (:func:`expand`); its parents are generated
from backward-move tables (the same tables inverted), which replaces a sorted
reverse edge array. Compiled functions are cached on disk (``cache=True``).

The rule tables are passed as one tuple ``tables``, built by
:meth:`vizgen.rules.Rules.kernel_tables`:

``(ints, live, swap_ok, own_dst, own_mid, hit_dst, hit_mid, own_src, hit_src, gain_src)``

- ``ints``: int64 scalars, indexed by the ``I_*`` constants below;
- ``live[s]``, ``swap_ok[s]``: per hand set ``s``, whether it has a live hand,
  whether a swap is possible;
- ``own_dst[s, w]``, ``own_mid[s, w]``: the mover's own hands ``s`` become
  ``own_dst`` (a split, self attack or flip) by move ``own_mid`` (-1 pads);
- ``hit_dst[s, u, w]``: striker hands ``s`` against hands ``u`` leave the struck
  hands (self-gain: the striker's) as ``hit_dst``; ``hit_mid[t, s, u, w]`` is the
  move id when the struck player sits ``t`` seats after the mover;
- ``own_src[d, w]``: every ``s`` whose own moves reach ``d``; ``hit_src[s, d, w]``:
  every struck ``u`` that striker ``s`` turns into ``d``; ``gain_src[d, u, w]``:
  every striker ``s`` that becomes ``d`` by striking ``u`` (self-gain).
"""

from __future__ import annotations

import numba as nb
import numpy as np

__all__ = [
    "I_COUNTS",
    "I_END",
    "I_GAIN",
    "I_M",
    "I_MAXDEG",
    "I_MAXPAR",
    "I_P",
    "I_PASSES",
    "I_PASS_MID",
    "I_SWAPS",
    "I_SWAP_MID",
    "I_TOP",
    "N_INTS",
    "compact",
    "enumerate_space",
    "expand",
    "parents",
    "solve_forced_space",
    "solve_survival_space",
    "winners",
]

# positions of the scalars in ``ints``
I_P, I_M, I_COUNTS, I_SWAPS, I_GAIN, I_PASSES, I_END, I_TOP, I_SWAP_MID, I_PASS_MID, I_MAXDEG, I_MAXPAR = range(12)
N_INTS = 12
# I_END: how a game ends. 0: the last live player wins; 1: misere (the first
# player out wins); 2: self-gain (the first player out wins); 3: misere self-gain.


@nb.njit(cache=True)
def _decode(code: int, ints: np.ndarray, seats: np.ndarray) -> int:
    """Fill ``seats`` with the hand-set index of every seat; return the swap count."""
    m, counts = ints[I_M], ints[I_COUNTS]
    base = code // counts
    for i in range(ints[I_P]):
        seats[i] = base % m
        base //= m
    return code % counts


@nb.njit(cache=True)
def _winner(seats: np.ndarray, ints: np.ndarray, live: np.ndarray) -> int:
    """The winner's seat if the game is over at the decoded position, else -1."""
    n_live, first_live, first_dead = 0, -1, -1
    for i in range(ints[I_P]):
        if live[seats[i]]:
            n_live += 1
            if first_live < 0:
                first_live = i
        elif first_dead < 0:
            first_dead = i
    end = ints[I_END]
    if end == 0:
        return max(first_live, 0) if n_live <= 1 else -1
    if first_dead < 0:
        return -1
    return max(first_live, 0) if end == 3 else first_dead


@nb.njit(cache=True)
def _moves(code, count, seats, tables, stamp, dst, mid, new):
    """Every move of the decoded, non-final position ``code``; return how many.

    Fills ``dst`` (child codes), ``mid`` (move ids) and ``new`` (False for a
    move reaching a child an earlier move reached). A child differs from the
    rotated parent in one seat, so ``(seat, new hands)`` identifies it; the
    ``stamp`` array (last entry: a call counter) finds repeats in O(1).
    """
    ints, live, swap_ok, own_dst, own_mid, hit_dst, hit_mid = tables[:7]
    m, counts, top = ints[I_M], ints[I_COUNTS], ints[I_TOP]
    epoch = stamp[-1] + 1
    stamp[-1] = epoch
    rot = code // counts // m
    s0 = seats[0]
    k = 0
    for w in range(own_dst.shape[1]):
        d = own_dst[s0, w]
        if d < 0:
            break
        dst[k] = (rot + d * top) * counts
        mid[k] = own_mid[s0, w]
        new[k] = stamp[d] != epoch
        stamp[d] = epoch
        k += 1
    gain = ints[I_GAIN] != 0
    mul = 1
    for t in range(1, ints[I_P]):
        u = seats[t]
        for w in range(hit_dst.shape[2]):
            d = hit_dst[s0, u, w]
            if d < 0:
                break
            if gain:
                key = d
                dst[k] = (rot + d * top) * counts
            else:
                key = t * m + d if d != u else s0
                dst[k] = (rot + (d - u) * mul + s0 * top) * counts
            mid[k] = hit_mid[t, s0, u, w]
            new[k] = stamp[key] != epoch
            stamp[key] = epoch
            k += 1
        mul *= m
    if swap_ok[s0] and count < ints[I_SWAPS]:
        dst[k] = (rot + s0 * top) * counts + count + 1
        mid[k] = ints[I_SWAP_MID]
        new[k] = True
        k += 1
    if ints[I_PASSES] and not live[s0]:
        dst[k] = (rot + s0 * top) * counts
        mid[k] = ints[I_PASS_MID]
        new[k] = stamp[s0] != epoch
        stamp[s0] = epoch
        k += 1
    return k


@nb.njit(cache=True)
def _parents(code, seats, tables, stamp, out):
    """Every distinct position with a move to ``code``; return how many (final ones included)."""
    ints, live, swap_ok = tables[0], tables[1], tables[2]
    own_src, hit_src, gain_src = tables[7], tables[8], tables[9]
    players, m, counts, top = ints[I_P], ints[I_M], ints[I_COUNTS], ints[I_TOP]
    count = _decode(code, ints, seats)
    last = seats[players - 1]  # the parent's mover
    rest = (code // counts) % top * m  # the parent's seats 1.. (the child's seats 0..P-2)
    if count > 0:  # only a swap leads to a position after swaps
        if swap_ok[last]:
            out[0] = (rest + last) * counts + count - 1
            return 1
        return 0
    epoch = stamp[-1] + 1
    stamp[-1] = epoch
    k = 0
    # a parent differs from (last, child seats 0..P-2) in one seat: key (seat, hands)
    for w in range(own_src.shape[1]):
        s = own_src[last, w]
        if s < 0:
            break
        if stamp[s] != epoch:
            stamp[s] = epoch
            out[k] = rest + s
            k += 1
    mul = m
    for t in range(1, players):
        d = seats[t - 1]
        if ints[I_GAIN]:
            for w in range(gain_src.shape[2]):
                s = gain_src[last, d, w]
                if s < 0:
                    break
                if stamp[s] != epoch:
                    stamp[s] = epoch
                    out[k] = rest + s
                    k += 1
        else:
            for w in range(hit_src.shape[2]):
                u = hit_src[last, d, w]
                if u < 0:
                    break
                key = t * m + u if u != d else last
                if stamp[key] != epoch:
                    stamp[key] = epoch
                    out[k] = rest + last + (u - d) * mul
                    k += 1
        mul *= m
    if ints[I_PASSES] and not live[last] and stamp[last] != epoch:
        stamp[last] = epoch
        out[k] = rest + last
        k += 1
    # none of these moves depends on the swap count: every count is a parent
    for i in range(k - 1, -1, -1):
        base = out[i]
        for j in range(counts):
            out[i * counts + j] = base * counts + j
    return k * counts


@nb.njit(cache=True)
def _parents_of(code, tables):
    ints = tables[0]
    seats = np.empty(ints[I_P], np.int64)
    stamp = np.zeros((ints[I_P] + 1) * ints[I_M] + 1, np.int64)
    out = np.empty(ints[I_MAXPAR] * ints[I_COUNTS], np.int64)
    return out[:_parents(code, seats, tables, stamp, out)].copy()


def parents(code: int, tables: tuple) -> np.ndarray:
    """Return the codes of every position with a move to ``code`` (backward moves), ascending.

    Every position that exists is included, reachable or not, final ones
    too (which have no moves): the caller filters.

    Examples
    --------
    >>> from vizgen.rules import Rules
    >>> from vizgen.variants import resolve
    >>> rules = Rules(resolve("standard"))
    >>> codes = parents(rules.encode(rules.parse("11-22")), rules.kernel_tables())
    >>> sorted(rules.notation(rules.decode(int(c))) for c in codes)
    ['04-11', '13-11', '22-14']
    """
    return np.sort(_parents_of(code, tables))


@nb.njit(cache=True)
def _winners(codes, tables, out):
    seats = np.empty(tables[0][I_P], np.int64)
    for i in range(codes.size):
        _decode(codes[i], tables[0], seats)
        out[i] = _winner(seats, tables[0], tables[1])


def winners(codes: np.ndarray, tables: tuple) -> np.ndarray:
    """Return the winner's seat (int8, 0 = the mover) per code, -1 while the game goes on.

    Examples
    --------
    >>> from vizgen.rules import Rules
    >>> from vizgen.variants import resolve
    >>> rules = Rules(resolve("standard"))
    >>> winners(np.array([rules.encode(rules.parse("00-14"))]), rules.kernel_tables()).tolist()
    [1]
    """
    out = np.empty(len(codes), dtype=np.int8)
    _winners(np.asarray(codes, dtype=np.int64), tables, out)
    return out


@nb.njit(cache=True)
def _expand(codes, tables, src, dst, mid):
    ints = tables[0]
    seats = np.empty(ints[I_P], np.int64)
    stamp = np.zeros((ints[I_P] + 1) * ints[I_M] + 1, np.int64)
    width = ints[I_MAXDEG]
    d = np.empty(width, np.int64)
    md = np.empty(width, np.int32)
    nw = np.empty(width, np.bool_)
    n = 0
    for i in range(codes.size):
        count = _decode(codes[i], ints, seats)
        k = _moves(codes[i], count, seats, tables, stamp, d, md, nw)
        for j in range(k):
            src[n] = i
            dst[n] = d[j]
            mid[n] = md[j]
            n += 1
    return n


def expand(codes: np.ndarray, tables: tuple) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Generate every move of every non-final position in ``codes``.

    Parameters
    ----------
    codes : numpy.ndarray
        Codes of positions where the game is not over.
    tables : tuple
        The rule tables (:meth:`vizgen.rules.Rules.kernel_tables`).

    Returns
    -------
    src, dst, mid : numpy.ndarray
        Per move: the index into ``codes`` it is played from (int64), the code
        it leads to (int64) and its move id (int32).

    Examples
    --------
    >>> from vizgen.rules import Rules
    >>> from vizgen.variants import resolve
    >>> rules = Rules(resolve("standard"))
    >>> src, dst, mid = expand(np.array([rules.encode(rules.start())]), rules.kernel_tables())
    >>> sorted({rules.notation(rules.decode(int(c))) for c in dst})
    ['12-11']
    """
    codes = np.asarray(codes, dtype=np.int64)
    size = codes.size * int(tables[0][I_MAXDEG])
    src, dst, mid = np.empty(size, np.int64), np.empty(size, np.int64), np.empty(size, np.int32)
    n = _expand(codes, tables, src, dst, mid)
    return src[:n], dst[:n], mid[:n]


@nb.njit(cache=True)
def _lowest_bit(word):
    """Index of the lowest set bit of a non-zero uint64."""
    i = 0
    if not word & np.uint64(0xFFFFFFFF):
        word >>= np.uint64(32)
        i += 32
    if not word & np.uint64(0xFFFF):
        word >>= np.uint64(16)
        i += 16
    if not word & np.uint64(0xFF):
        word >>= np.uint64(8)
        i += 8
    while not word & np.uint64(1):
        word >>= np.uint64(1)
        i += 1
    return i


@nb.njit(cache=True)
def _enumerate(start, space, tables):
    ints, live = tables[0], tables[1]
    seats = np.empty(ints[I_P], np.int64)
    stamp = np.zeros((ints[I_P] + 1) * ints[I_M] + 1, np.int64)
    width = ints[I_MAXDEG]
    d = np.empty(width, np.int64)
    md = np.empty(width, np.int32)
    nw = np.empty(width, np.bool_)
    depth = np.full(space, -1, np.int32)
    winner = np.full(space, -1, np.int8)
    outdeg = np.zeros(space, np.uint16)
    words = (space + 63) // 64
    front = np.zeros(words, np.uint64)  # the positions first reached in the last ply
    later = np.zeros(words, np.uint64)
    seen = np.zeros(words, np.uint64)  # a bit per position: small enough to stay in the cache longer
    one = np.uint64(1)
    depth[start] = 0
    front[start >> 6] = one << np.uint64(start & 63)
    seen[start >> 6] = front[start >> 6]
    positions, edges, ply = 1, 0, 0
    busy = True
    while busy:  # one ply at a time, each in code order: children of nearby codes lie near each other
        busy = False
        for wi in range(words):
            bits = front[wi]
            while bits:
                code = wi * 64 + _lowest_bit(bits)
                bits &= bits - one
                count = _decode(code, ints, seats)
                w = _winner(seats, ints, live)
                winner[code] = w
                if w >= 0:
                    continue
                k = _moves(code, count, seats, tables, stamp, d, md, nw)
                deg = 0
                for j in range(k):
                    if nw[j]:
                        deg += 1
                        child = d[j]
                        bit = one << np.uint64(child & 63)
                        if not seen[child >> 6] & bit:
                            seen[child >> 6] |= bit
                            depth[child] = ply + 1
                            later[child >> 6] |= bit
                            positions += 1
                            busy = True
                outdeg[code] = deg
                edges += deg
        front, later = later, front
        later[:] = 0
        ply += 1
    return depth, winner, outdeg, positions, edges


def enumerate_space(start: int, space: int, tables: tuple) -> tuple[np.ndarray, np.ndarray, np.ndarray, int, int]:
    """Breadth-first search from ``start`` over the whole code space.

    Parameters
    ----------
    start : int
        Code of the start position.
    space : int
        Number of codes (every position that exists).
    tables : tuple
        The rule tables.

    Returns
    -------
    depth : numpy.ndarray
        int32 per code: plies from the start on a shortest path, -1 if unreachable.
    winner : numpy.ndarray
        int8 per code: the winner's seat at reachable final positions, else -1.
    outdeg : numpy.ndarray
        uint16 per code: distinct children (0 at final positions).
    positions, edges : int
        Reachable positions and distinct (position, child) pairs.

    Examples
    --------
    >>> from vizgen.rules import Rules
    >>> from vizgen.variants import resolve
    >>> rules = Rules(resolve("standard"))
    >>> enumerate_space(rules.encode(rules.start()), rules.space, rules.kernel_tables())[3]
    204
    """
    depth, winner, outdeg, n, edges = _enumerate(start, space, tables)
    return depth, winner, outdeg, int(n), int(edges)


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


@nb.njit(cache=True)
def compact(mask, values, width):
    """Move the rows of the reachable codes to the front, in place; return the row count.

    ``values`` holds ``width`` entries per code; afterwards its first
    ``n * width`` entries are those of the ``n`` codes where ``mask`` is true,
    in code order. A row never moves up, so no copy is needed.

    Examples
    --------
    >>> values = np.array([5, 6, 7, 8])
    >>> compact(np.array([False, True, False, True]), values, 1), values[:2].tolist()
    (2, [6, 8])
    """
    n = 0
    for code in range(mask.size):
        if mask[code]:
            for j in range(width):
                values[n * width + j] = values[code * width + j]
            n += 1
    return n
