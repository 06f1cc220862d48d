"""Types of the compiled kernel, ``_kernel.pyx`` (Cython): what its Python-facing functions take and return.

A typed memoryview argument (``const int64_t[::1]``) takes any C-contiguous buffer of that item type: a numpy
array of that dtype here. ``seat_bits`` is the kernel's fused type, a bit per seat: uint8 up to eight players,
else uint32, the same for every such argument of one call (``_SeatBits``). The functions are documented in
:mod:`vizgen.engine.kernel`, :mod:`vizgen.engine.retrograde` and :mod:`vizgen.engine.ranges`.
"""

from typing import Any, TypeVar

import numpy as np
from numpy.typing import NDArray

_SeatBits = TypeVar("_SeatBits", np.uint8, np.uint32)

class Tables:
    """The rule tables of :meth:`vizgen.engine.rules.Rules.kernel_tables` as C pointers (the arrays kept alive)."""

    def __new__(cls, tables: tuple[np.ndarray, ...]) -> Tables: ...

class Scratch:
    """Per-thread work space of the loops."""

    def __new__(cls, tables: Tables, threads: int) -> Scratch: ...

def parents(code: int, tables: Tables) -> NDArray[np.int64]: ...
def winners(codes: NDArray[np.int64], tables: Tables, out: NDArray[np.int8]) -> None: ...
def expand(codes: NDArray[np.int64], tables: Tables, src: NDArray[np.int64], dst: NDArray[np.int64],
           mid: NDArray[np.int32]) -> int: ...
def children(codes: NDArray[np.int64], winner: NDArray[np.int8], tables: Tables, node_of: NDArray[np.int32],
             indptr: NDArray[np.int64], indices: NDArray[np.int32]) -> int: ...
def enumerate_space(start: int, space: int, tables: Tables) -> tuple[NDArray[np.int32], NDArray[np.int8],
                                                                     NDArray[np.uint16], int, int]: ...
def compact(mask: NDArray[np.uint8], values: NDArray[Any], width: int) -> int: ...
def explore(start: int, space: int, tables: Tables, node_bytes: int = ..., edge_bytes: int = ...,
            budget: int = ...) -> tuple[NDArray[np.int64], NDArray[np.int8], NDArray[np.int64], NDArray[np.int32]]: ...
def digest_sums(key: NDArray[np.uint64], value: NDArray[np.uint64], indptr: NDArray[np.int64],
                indices: NDArray[np.int32], salt: int) -> int: ...

# _kernel_retrograde.pxi
def forced(tables: Tables, depth: NDArray[np.int32], winner: NDArray[np.int8],
           outdeg: NDArray[np.uint16]) -> tuple[NDArray[np.int8], NDArray[np.int32]]: ...
def survival(tables: Tables, depth: NDArray[np.int32], winner: NDArray[np.int8]) -> NDArray[np.int16]: ...
def forced_graph(indptr: NDArray[np.int64], indices: NDArray[np.int32], winner: NDArray[np.int8],
                 players: int) -> tuple[NDArray[np.int8], NDArray[np.int32]]: ...
def _survival(tables: Tables, depth: NDArray[np.int32], winner: NDArray[np.int8], unknown: NDArray[_SeatBits],
              gone: NDArray[_SeatBits]) -> NDArray[np.int16]: ...

# _kernel_ranges.pxi
def range_expand(front: NDArray[np.int64], tables: Tables, lo: int, winner: NDArray[np.int8],
                 outdeg: NDArray[np.uint16], width: int,
                 parts: int) -> tuple[NDArray[np.uint32], NDArray[np.int64], int]: ...
def range_parents(codes: NDArray[np.int64], tags: NDArray[np.uint32], tables: Tables, width: int,
                  parts: int) -> tuple[NDArray[np.uint32], NDArray[np.uint32], NDArray[np.int64]]: ...
def range_dead(lo: int, tables: Tables, dead: NDArray[np.uint8 | np.uint32]) -> None: ...
def range_survival(offs: NDArray[np.uint32], masks: NDArray[_SeatBits], movers: NDArray[np.uint32],
                   unknown: NDArray[_SeatBits], counter: NDArray[np.uint16], outdeg: NDArray[np.uint16],
                   newbits: NDArray[_SeatBits], out: NDArray[np.int16], plies: int,
                   decided: NDArray[np.int64]) -> None: ...
def range_survival_pull(lo: int, gone: NDArray[_SeatBits], unknown: NDArray[_SeatBits],
                        newbits: NDArray[_SeatBits], out: NDArray[np.int16], plies: int,
                        decided: NDArray[np.int64], tables: Tables) -> int: ...

# _kernel_trap.pxi
def trap_own(indptr: NDArray[np.int64], indices: NDArray[np.int32], score: NDArray[np.int64],
             after: NDArray[np.float64], out: NDArray[np.float64]) -> None: ...
def trap_opponent(indptr: NDArray[np.int64], indices: NDArray[np.int32], here: NDArray[np.int8],
                  there: NDArray[np.int8], chance: NDArray[np.float64], out: NDArray[np.float64]) -> None: ...

# _kernel_chain.pxi
def chain_build(indptr: NDArray[np.int64], indices: NDArray[np.int32], winner: NDArray[np.int8],
                value: NDArray[np.int8], first: NDArray[np.float64], second: NDArray[np.float64],
                start: int) -> tuple[NDArray[np.int64], NDArray[np.int64], NDArray[np.int64], NDArray[np.float64],
                                     NDArray[np.float64], NDArray[np.float64], NDArray[np.int8], int] | None: ...
def chain_plies(optr: NDArray[np.int64], odst: NDArray[np.int64], ow: NDArray[np.float64],
                absorb: NDArray[np.float64], changes: NDArray[np.float64], ahead: NDArray[np.int8], at: int, cap: int,
                measures: bool, sums: NDArray[np.float64], by_ply: NDArray[np.float64]) -> None: ...
