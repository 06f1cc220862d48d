"""The compiled kernel: moves, enumeration and retrograde analysis over position codes.

Every function works in the *code space*: the integer code of a position (see
:mod:`vizgen.engine.rules`) is its index in every array, so no position needs a
lookup table and no move is stored. A position's moves are generated from the
rule tables when they are needed (:func:`expand`); its parents are generated
from backward-move tables (the same tables inverted), which replaces a sorted
reverse edge array; :mod:`vizgen.engine.retrograde` works back from the final
positions with them. The loops are C, compiled ahead of time from
``vizgen/engine/_kernel.pyx`` (Cython, threads by OpenMP) when the package is
installed; this module holds their Python face.

The rule tables are passed as one tuple ``tables``, built by
:meth:`vizgen.engine.rules.Rules.kernel_tables`:

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

import numpy as np

from vizgen.engine import _kernel

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


def parents(code: int, tables: tuple) -> np.ndarray:
    """Return the codes of every position with a move to ``code`` (backward moves), ascending.

    Every position that exists is included, reachable or not, final ones
    too (which have no moves): the caller filters.

    Examples
    --------
    >>> from vizgen.engine.rules import Rules
    >>> from vizgen.engine.spec import resolve
    >>> rules = Rules(resolve("standard"))
    >>> codes = parents(rules.encode(rules.parse("11-22")), rules.kernel_tables())
    >>> sorted(rules.notation(rules.decode(int(c))) for c in codes)
    ['04-11', '13-11', '22-14']
    """
    return np.sort(_kernel.parents(int(code), _kernel.Tables(tables)))


def winners(codes: np.ndarray, tables: tuple) -> np.ndarray:
    """Return the winner's seat (int8, 0 = the mover) per code, -1 while the game goes on.

    Examples
    --------
    >>> from vizgen.engine.rules import Rules
    >>> from vizgen.engine.spec import resolve
    >>> rules = Rules(resolve("standard"))
    >>> winners(np.array([rules.encode(rules.parse("00-14"))]), rules.kernel_tables()).tolist()
    [1]
    """
    out = np.empty(len(codes), dtype=np.int8)
    _kernel.winners(np.ascontiguousarray(codes, dtype=np.int64), _kernel.Tables(tables), out)
    return out


def expand(codes: np.ndarray, tables: tuple) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Generate every move of every non-final position in ``codes``.

    Parameters
    ----------
    codes : numpy.ndarray
        Codes of positions where the game is not over.
    tables : tuple
        The rule tables (:meth:`vizgen.engine.rules.Rules.kernel_tables`).

    Returns
    -------
    src, dst, mid : numpy.ndarray
        Per move: the index into ``codes`` it is played from (int64), the code
        it leads to (int64) and its move id (int32).

    Examples
    --------
    >>> from vizgen.engine.rules import Rules
    >>> from vizgen.engine.spec import resolve
    >>> rules = Rules(resolve("standard"))
    >>> src, dst, mid = expand(np.array([rules.encode(rules.start())]), rules.kernel_tables())
    >>> sorted({rules.notation(rules.decode(int(c))) for c in dst})
    ['12-11']
    """
    codes = np.ascontiguousarray(codes, dtype=np.int64)
    size = codes.size * int(tables[0][I_MAXDEG])
    src, dst, mid = np.empty(size, np.int64), np.empty(size, np.int64), np.empty(size, np.int32)
    n = _kernel.expand(codes, _kernel.Tables(tables), src, dst, mid)
    return src[:n], dst[:n], mid[:n]


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
    >>> from vizgen.engine.rules import Rules
    >>> from vizgen.engine.spec import resolve
    >>> rules = Rules(resolve("standard"))
    >>> enumerate_space(rules.encode(rules.start()), rules.space, rules.kernel_tables())[3]
    204
    """
    return _kernel.enumerate_space(int(start), int(space), _kernel.Tables(tables))


def compact(mask: np.ndarray, values: np.ndarray, width: int) -> int:
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
    mask = np.ascontiguousarray(mask, dtype=bool).view(np.uint8)
    if not values.flags.c_contiguous or values.size < mask.size * width:
        raise ValueError("compact needs a contiguous array of width entries per code")
    return _kernel.compact(mask, values, int(width))
