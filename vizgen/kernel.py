"""The compiled kernel (numba): moves, enumeration and retrograde analysis over position codes.

Every function works in the *code space*: the integer code of a position (see
:mod:`vizgen.rules`) is its index in every array, so no position needs a
lookup table and no move is stored. A position's moves are generated from the
rule tables when they are needed (:func:`expand`); its parents are generated
from backward-move tables (the same tables inverted), which replaces a sorted
reverse edge array; :mod:`vizgen.retrograde` works back from the final
positions with them. Compiled functions are cached on disk (``cache=True``).

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
