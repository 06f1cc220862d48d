# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True, initializedcheck=False
"""The compiled engine (Cython, OpenMP): moves, enumeration and retrograde analysis over position codes.

The Python-facing functions and their documentation are in :mod:`vizgen.engine.kernel`
and :mod:`vizgen.engine.retrograde`; this module holds the loops they call. Every long
loop runs without the GIL and looks for Ctrl-C about every million positions
(``_check``), so a KeyboardInterrupt propagates within a fraction of a second.
The breadth-first loops (enumeration, survival) share each ply's positions
between the OpenMP threads; a position's results are written by the thread
that owns it, or through atomic operations, so the output does not depend on
the number of threads or their timing.
"""

from cpython.exc cimport PyErr_CheckSignals
from cython.parallel cimport prange
from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint16_t, uint32_t, uint64_t, uintptr_t
from libc.stdlib cimport free, malloc, realloc
from libc.string cimport memcpy, memset

import numpy as np

cimport openmp

cdef extern from *:
    """
    #include <stdint.h>
    static inline int vz_ctz(uint64_t x) { return __builtin_ctzll(x); }
    /* a / d for a < 2**32 and 1 < d < 2**32, with magic = 2**64 / d rounded up (Lemire, Kaser, Kurz 2019) */
    static inline uint64_t vz_div(uint64_t a, uint64_t magic) {
        return (uint64_t)(((unsigned __int128)magic * a) >> 64);
    }
    /* atomic or: the bits before */
    static inline uint64_t vz_or64(uint64_t *p, uint64_t bits) {
        return __atomic_fetch_or(p, bits, __ATOMIC_RELAXED);
    }
    """
    int vz_ctz(uint64_t x) noexcept nogil
    uint64_t vz_div(uint64_t a, uint64_t magic) noexcept nogil
    uint64_t vz_or64(uint64_t *p, uint64_t bits) noexcept nogil

#: bitmap words per slice of a ply between two looks for Ctrl-C (a million codes)
cdef int64_t SLICE = 1 << 14
#: below this many bitmap words (65,536 codes) a loop runs in one thread: starting a team of threads for every
#: ply of a small space costs more than the work, and far more on a busy machine, where the other threads wait
#: for a core at every barrier
cdef int64_t TEAM_WORDS = 1 << 10


cdef inline int _team(int64_t words, int threads) noexcept nogil:
    """Threads for the loops over ``words`` bitmap words: one for a small space, else every thread."""
    return 1 if words < TEAM_WORDS else threads


ctypedef struct Tab:
    int64_t p, m, counts, swaps, two, passes, end, top, swap_mid, pass_mid, maxdeg, maxpar
    const uint8_t *live
    const uint8_t *swap_ok
    const int32_t *own_dst
    const int32_t *own_mid
    const int32_t *hit_dst
    const int32_t *hit_own
    const int32_t *hit_mid
    const int32_t *own_src
    const int32_t *hit_src
    int64_t own_w, hit_w, own_src_w, hit_src_w
    int64_t stamp_size  # (P + 1) * M keys and the call counter
    bint small  # every code is under 2**32: division by multiplication (m_magic, counts_magic)
    uint64_t m_magic, counts_magic


cdef class Tables:
    """The rule tables of :meth:`vizgen.engine.rules.Rules.kernel_tables` as C pointers (the arrays kept alive)."""

    cdef Tab t
    cdef tuple keep

    def __cinit__(self, tables):
        ints = np.ascontiguousarray(tables[0], dtype=np.int64)
        arrays = [np.ascontiguousarray(a, dtype=np.uint8 if i < 2 else np.int32) for i, a in enumerate(tables[1:])]
        self.keep = (ints, *arrays)
        cdef const int64_t[::1] v = ints
        self.t.p, self.t.m, self.t.counts, self.t.swaps = v[0], v[1], v[2], v[3]
        self.t.two, self.t.passes, self.t.end, self.t.top = v[4], v[5], v[6], v[7]
        self.t.swap_mid, self.t.pass_mid, self.t.maxdeg, self.t.maxpar = v[8], v[9], v[10], v[11]
        live, swap_ok, own_dst, own_mid, hit_dst, hit_own, hit_mid, own_src, hit_src = arrays
        self.t.live = <const uint8_t *> _address(live)
        self.t.swap_ok = <const uint8_t *> _address(swap_ok)
        self.t.own_dst = <const int32_t *> _address(own_dst)
        self.t.own_mid = <const int32_t *> _address(own_mid)
        self.t.hit_dst = <const int32_t *> _address(hit_dst)
        self.t.hit_own = <const int32_t *> _address(hit_own)
        self.t.hit_mid = <const int32_t *> _address(hit_mid)
        self.t.own_src = <const int32_t *> _address(own_src)
        self.t.hit_src = <const int32_t *> _address(hit_src)
        self.t.own_w = own_dst.shape[1]
        self.t.hit_w = hit_dst.shape[2]
        self.t.own_src_w = own_src.shape[1]
        self.t.hit_src_w = hit_src.shape[2]  # (striker, struck) pairs per entry
        self.t.stamp_size = (self.t.p + 1) * self.t.m + 1
        self.t.small = int(ints[2]) * int(ints[7]) * int(ints[1]) < 2 ** 32 and self.t.m > 1  # codes < counts M^P
        if self.t.small:
            self.t.m_magic = (2 ** 64 - 1) // self.t.m + 1
            self.t.counts_magic = (2 ** 64 - 1) // self.t.counts + 1 if self.t.counts > 1 else 0


cdef uintptr_t _address(array):
    return <uintptr_t> array.__array_interface__["data"][0]


cdef int _check() except -1 nogil:
    """Run Python's signal handlers (Ctrl-C raises KeyboardInterrupt here)."""
    with gil:
        return PyErr_CheckSignals()


cdef int64_t _lines(int64_t n):
    """``n`` rounded up to a multiple of 64, plus 64: a thread's part of a buffer of entries up to 8 bytes."""
    return (n + 63) // 64 * 64 + 64


cdef class Scratch:
    """Per-thread work space: seats, the repeat stamps, and room for one position's moves or parents."""

    cdef int64_t *seats
    cdef int64_t *stamp
    cdef int64_t *dst
    cdef int32_t *mid
    cdef uint8_t *new
    cdef int64_t *par
    cdef int64_t seats_n, stamp_n, deg_n, par_n

    def __cinit__(self, Tables tables, int threads):
        cdef Tab *t = &tables.t
        # each thread's part rounded up to whole cache lines and one more: no two threads write one line
        self.seats_n, self.stamp_n, self.deg_n = _lines(t.p), _lines(t.stamp_size), _lines(t.maxdeg)
        self.par_n = _lines(t.maxpar * t.counts)
        self.seats = <int64_t *> malloc(threads * self.seats_n * sizeof(int64_t))
        self.stamp = <int64_t *> malloc(threads * self.stamp_n * sizeof(int64_t))
        self.dst = <int64_t *> malloc(threads * self.deg_n * sizeof(int64_t))
        self.mid = <int32_t *> malloc(threads * self.deg_n * sizeof(int32_t))
        self.new = <uint8_t *> malloc(threads * self.deg_n * sizeof(uint8_t))
        self.par = <int64_t *> malloc(threads * self.par_n * sizeof(int64_t))
        if not (self.seats and self.stamp and self.dst and self.mid and self.new and self.par):
            raise MemoryError()
        memset(self.stamp, 0, threads * self.stamp_n * sizeof(int64_t))

    def __dealloc__(self):
        free(self.seats)
        free(self.stamp)
        free(self.dst)
        free(self.mid)
        free(self.new)
        free(self.par)


cdef inline int64_t _decode(int64_t code, const Tab *t, int64_t *seats) noexcept nogil:
    """Fill ``seats`` with the hand-set index of every seat; return the swap count."""
    cdef int64_t base, i, q
    if not t.small:
        base = code // t.counts
        for i in range(t.p):
            seats[i] = base % t.m
            base = base // t.m
        return code % t.counts
    cdef int64_t whole = code if t.counts == 1 else <int64_t> vz_div(code, t.counts_magic)
    base = whole
    for i in range(t.p):
        q = <int64_t> vz_div(base, t.m_magic)
        seats[i] = base - q * t.m
        base = q
    return code - whole * t.counts


cdef inline int8_t _winner(const int64_t *seats, const Tab *t) noexcept nogil:
    """The winner's seat if the game is over at the decoded position, else -1."""
    cdef int64_t i, n_live = 0, first_live = -1, first_dead = -1
    for i in range(t.p):
        if t.live[seats[i]]:
            n_live += 1
            if first_live < 0:
                first_live = i
        elif first_dead < 0:
            first_dead = i
    if t.end == 0:
        return <int8_t> (max(first_live, 0) if n_live <= 1 else -1)
    if first_dead < 0:
        return -1
    return <int8_t> (max(first_live, 0) if t.end == 3 else first_dead)


cdef int64_t _moves(int64_t code, int64_t count, const int64_t *seats, const Tab *t, int64_t *stamp,
                    int64_t *dst, int32_t *mid, uint8_t *new) noexcept nogil:
    """Every move of the decoded, non-final position ``code``; return how many.

    Fills ``dst`` (child codes), ``mid`` (move ids) and ``new`` (0 for a move
    reaching a child an earlier move reached). Most children differ from the
    rotated parent in one seat, so ``(seat, new state)`` identifies them; the
    ``stamp`` array (last entry: a call counter) finds repeats in O(1). A strike
    that changes both the striker and the struck player (``t.two``) is compared with
    the children before it. With ``mid`` NULL only ``dst`` is filled, repeats included.
    """
    cdef int64_t m = t.m, counts = t.counts, top = t.top
    cdef bint full = mid != NULL
    cdef int64_t epoch = stamp[t.stamp_size - 1] + 1
    stamp[t.stamp_size - 1] = epoch
    cdef int64_t rot = 0  # the seats after the mover, moved down one place
    cdef int64_t s0 = seats[0]
    cdef int64_t k = 0, w, d, u, o, j, key, mul = 1, seat
    for seat in range(t.p - 1, 0, -1):
        rot = rot * m + seats[seat]
    for w in range(t.own_w):
        d = t.own_dst[s0 * t.own_w + w]
        if d < 0:
            break
        dst[k] = (rot + d * top) * counts
        if full:
            mid[k] = t.own_mid[s0 * t.own_w + w]
            new[k] = stamp[d] != epoch
            stamp[d] = epoch
        k += 1
    for seat in range(1, t.p):
        u = seats[seat]
        for w in range(t.hit_w):
            d = t.hit_dst[(s0 * m + u) * t.hit_w + w]
            if d < 0:
                break
            o = t.hit_own[(s0 * m + u) * t.hit_w + w] if t.two else s0
            dst[k] = (rot + (d - u) * mul + o * top) * counts
            if full:
                mid[k] = t.hit_mid[((seat * m + s0) * m + u) * t.hit_w + w]
                if o == s0 or d == u:
                    key = o if d == u else seat * m + d  # no seat or the mover's changed; or seat ``seat`` alone
                    new[k] = stamp[key] != epoch
                    stamp[key] = epoch
                else:
                    new[k] = 1
                    for j in range(k):
                        if dst[j] == dst[k]:
                            new[k] = 0
                            break
            k += 1
        mul *= m
    if t.swap_ok[s0] and count < t.swaps:
        dst[k] = (rot + s0 * top) * counts + count + 1
        if full:
            mid[k] = <int32_t> t.swap_mid
            new[k] = 1
        k += 1
    if t.passes and not t.live[s0]:
        dst[k] = (rot + s0 * top) * counts
        if full:
            mid[k] = <int32_t> t.pass_mid
            new[k] = stamp[s0] != epoch
            stamp[s0] = epoch
        k += 1
    return k


cdef int64_t _parents(int64_t code, int64_t *seats, const Tab *t, int64_t *stamp, int64_t *out) noexcept nogil:
    """Every distinct position with a move to ``code``; return how many (final ones included).

    A parent differs from (its mover's state ``last``, the child's seats
    0..P-2) in the mover's seat, in one other seat, or in both (a strike that
    changes the striker too). Parents that differ in the mover's seat alone
    (``rest + s``: own moves, strikes that leave the struck player as they were) can
    repeat and are found with the ``stamp`` array (its last entry: a call counter);
    the others are listed once by the tables.
    """
    cdef int64_t players = t.p, m = t.m, counts = t.counts, top = t.top
    cdef int64_t count = _decode(code, t, seats)
    cdef int64_t last = seats[players - 1]  # the parent's mover
    cdef int64_t whole = code if counts == 1 else (code - count) // counts
    cdef int64_t rest = (whole - last * top) * m  # the parent's seats 1.. (the child's seats 0..P-2)
    cdef int64_t k = 0, w, s, u, d, mul, seat, i, j, base, epoch
    cdef const int32_t *pair
    if count > 0:  # only a swap leads to a position after swaps
        if t.swap_ok[last]:
            out[0] = (rest + last) * counts + count - 1
            return 1
        return 0
    epoch = stamp[t.stamp_size - 1] + 1
    stamp[t.stamp_size - 1] = epoch
    for w in range(t.own_src_w):
        s = t.own_src[last * t.own_src_w + w]
        if s < 0:
            break
        stamp[s] = epoch
        out[k] = rest + s
        k += 1
    mul = m
    for seat in range(players - 1):
        d = seats[seat]
        pair = t.hit_src + (last * m + d) * t.hit_src_w
        for w in range(0, t.hit_src_w, 2):
            s = pair[w]
            if s < 0:
                break
            u = pair[w + 1]
            if u != d:
                out[k] = rest + s + (u - d) * mul
                k += 1
            elif stamp[s] != epoch:
                stamp[s] = epoch
                out[k] = rest + s
                k += 1
        mul *= m
    if t.passes and not t.live[last] and stamp[last] != epoch:
        out[k] = rest + last
        k += 1
    if counts > 1:  # none of these moves depends on the swap count: every count is a parent
        for i in range(k - 1, -1, -1):
            base = out[i]
            for j in range(counts):
                out[i * counts + j] = base * counts + j
    return k * counts


def parents(int64_t code, Tables tables):
    """The codes of every position with a move to ``code``, in generation order (int64)."""
    cdef Scratch scratch = Scratch(tables, 1)
    cdef int64_t n = _parents(code, scratch.seats, &tables.t, scratch.stamp, scratch.par)
    out = np.empty(n, np.int64)
    cdef int64_t[::1] o = out
    cdef int64_t i
    for i in range(n):
        o[i] = scratch.par[i]
    return out


def winners(const int64_t[::1] codes, Tables tables, int8_t[::1] out):
    """Fill ``out`` with the winner's seat per code, -1 while the game goes on."""
    cdef Scratch scratch = Scratch(tables, 1)
    cdef int64_t i
    with nogil:
        for i in range(codes.shape[0]):
            _decode(codes[i], &tables.t, scratch.seats)
            out[i] = _winner(scratch.seats, &tables.t)
            if (i & 0xFFFFF) == 0xFFFFF:
                _check()


def expand(const int64_t[::1] codes, Tables tables, int64_t[::1] src, int64_t[::1] dst, int32_t[::1] mid):
    """Fill ``src``, ``dst``, ``mid`` with every move of every code; return how many moves."""
    cdef Scratch scratch = Scratch(tables, 1)
    cdef const Tab *t = &tables.t
    cdef int64_t i, j, k, count, n = 0
    with nogil:
        for i in range(codes.shape[0]):
            count = _decode(codes[i], t, scratch.seats)
            k = _moves(codes[i], count, scratch.seats, t, scratch.stamp, scratch.dst, scratch.mid, scratch.new)
            for j in range(k):
                src[n] = i
                dst[n] = scratch.dst[j]
                mid[n] = scratch.mid[j]
                n += 1
            if (i & 0xFFFFF) == 0xFFFFF:
                _check()
    return n


def children(const int64_t[::1] codes, const int8_t[::1] winner, Tables tables, const int32_t[::1] node_of,
             int64_t[::1] indptr, int32_t[::1] indices):
    """Fill the CSR pair (``indptr``, ``indices``) of every code's distinct children, as node ids by increasing
    code (``node_of`` maps a code to its node, in code order); a final position (``winner`` >= 0) has none.
    Return how many children in all, or -1 when ``indices`` has no room for them."""
    cdef Scratch scratch = Scratch(tables, 1)
    cdef const Tab *t = &tables.t
    cdef int64_t i, j, k, b, lo, count, n = 0, room = indices.shape[0]
    cdef int32_t kid
    cdef bint over = False
    with nogil:
        indptr[0] = 0
        for i in range(codes.shape[0]):
            if winner[i] < 0:
                count = _decode(codes[i], t, scratch.seats)
                k = _moves(codes[i], count, scratch.seats, t, scratch.stamp, scratch.dst, scratch.mid, scratch.new)
                lo = n
                for j in range(k):
                    if not scratch.new[j]:
                        continue
                    if n == room:
                        over = True
                        break
                    kid = node_of[scratch.dst[j]]
                    b = n  # insertion into the sorted children so far: a position has a few dozen at most
                    while b > lo and indices[b - 1] > kid:
                        indices[b] = indices[b - 1]
                        b -= 1
                    indices[b] = kid
                    n += 1
                if over:
                    break
            indptr[i + 1] = n
            if (i & 0xFFFFF) == 0xFFFFF:
                _check()
    return -1 if over else n


def enumerate_space(int64_t start, int64_t space, Tables tables):
    """Breadth-first search over the code space: ``(depth, winner, outdeg, positions, edges)``."""
    cdef const Tab *t = &tables.t
    cdef int threads = openmp.omp_get_max_threads()
    cdef Scratch scratch = Scratch(tables, threads)
    depth_a = np.full(space, -1, np.int32)
    winner_a = np.full(space, -1, np.int8)
    outdeg_a = np.zeros(space, np.uint16)
    cdef int64_t words = (space + 63) // 64
    cdef int team = _team(words, threads)
    front_a = np.zeros(words, np.uint64)  # the positions first reached in the last ply
    later_a = np.zeros(words, np.uint64)
    seen_a = np.zeros(words, np.uint64)  # a bit per position: small enough to stay in the cache longer
    cdef int32_t[::1] depth = depth_a
    cdef int8_t[::1] winner = winner_a
    cdef uint16_t[::1] outdeg = outdeg_a
    cdef uint64_t[::1] front_v = front_a, later_v = later_a, seen_v = seen_a
    cdef uint64_t *front = &front_v[0]
    cdef uint64_t *later = &later_v[0]
    cdef uint64_t *seen = &seen_v[0]
    cdef uint64_t *swap
    cdef int64_t positions = 1, edges = 0, found = 1, ply = 0, lo, hi, wi, code, count, k, j, deg, child, tid
    cdef uint64_t bits, bit
    cdef int8_t w
    cdef int64_t *seats
    cdef int64_t *stamp
    cdef int64_t *d
    cdef int32_t *md
    cdef uint8_t *nw
    depth[start] = 0
    front[start >> 6] = (<uint64_t> 1) << (start & 63)
    seen[start >> 6] = front[start >> 6]
    with nogil:
        while found:  # one ply at a time, each in code order: children of nearby codes lie near each other
            found = 0
            lo = 0
            while lo < words:
                hi = min(lo + SLICE, words)
                for wi in prange(lo, hi, schedule="dynamic", chunksize=16, num_threads=team):
                    bits = front[wi]
                    if not bits:
                        continue
                    tid = openmp.omp_get_thread_num()
                    seats = scratch.seats + tid * scratch.seats_n
                    stamp = scratch.stamp + tid * scratch.stamp_n
                    d = scratch.dst + tid * scratch.deg_n
                    md = scratch.mid + tid * scratch.deg_n
                    nw = scratch.new + tid * scratch.deg_n
                    while bits:
                        code = wi * 64 + vz_ctz(bits)
                        bits = bits & (bits - 1)
                        count = _decode(code, t, seats)
                        w = _winner(seats, t)
                        winner[code] = w
                        if w >= 0:
                            continue
                        k = _moves(code, count, seats, t, stamp, d, md, nw)
                        deg = 0
                        for j in range(k):
                            if nw[j]:
                                deg = deg + 1
                                child = d[j]
                                bit = (<uint64_t> 1) << (child & 63)
                                if not (seen[child >> 6] & bit) and not (vz_or64(seen + (child >> 6), bit) & bit):
                                    depth[child] = <int32_t> (ply + 1)
                                    vz_or64(later + (child >> 6), bit)
                                    positions += 1
                                    found += 1
                        outdeg[code] = <uint16_t> deg
                        edges += deg
                _check()
                lo += SLICE
            swap = front
            front = later
            later = swap
            memset(later, 0, words * sizeof(uint64_t))
            ply += 1
    return depth_a, winner_a, outdeg_a, positions, edges


def compact(const uint8_t[::1] mask, values, int64_t width):
    """Move the rows of the codes where ``mask`` is set to the front of ``values``, in place; return how many."""
    cdef uint8_t[::1] v = values.view(np.uint8)
    cdef int64_t size = values.itemsize * width, n = 0, code
    with nogil:
        for code in range(mask.shape[0]):
            if mask[code]:
                if n != code:  # rows never overlap: n < code
                    memcpy(&v[n * size], &v[code * size], size)
                n += 1
    return n


cdef int _grow(void **buf, int64_t *room, int64_t need, size_t item) except -1 nogil:
    """Make ``*buf`` hold at least ``need`` items of ``item`` bytes (doubling); MemoryError if it can't."""
    cdef int64_t r = room[0]
    cdef void *more
    if need <= r:
        return 0
    while r < need:
        r *= 2
    more = realloc(buf[0], r * item)
    if more == NULL:
        with gil:
            raise MemoryError()
    buf[0] = more
    room[0] = r
    return 0


def explore(int64_t start, int64_t space, Tables tables, int64_t node_bytes=0, int64_t edge_bytes=0,
            int64_t budget=0):
    """Breadth-first search from ``start`` that lists the graph as it goes, in one thread:
    ``(codes, winner, indptr, indices)``, node ids in the order first reached (the start is node 0), each
    node's distinct children in the order its moves reach them. With a ``budget`` (bytes, 0: none), it stops
    with ``MemoryError(nodes, edges)`` as soon as ``node_bytes`` a node and ``edge_bytes`` an edge listed so far
    pass it."""
    cdef const Tab *t = &tables.t
    cdef Scratch scratch = Scratch(tables, 1)
    node_a = np.full(space, -1, np.int32)
    cdef int32_t[::1] node_of = node_a
    cdef int64_t room_n = 1024, room_e = 4096, n = 1, e = 0, q = 0, code, count, k, j
    cdef int32_t kid
    cdef int8_t w
    cdef int64_t *codes = <int64_t *> malloc(room_n * sizeof(int64_t))
    cdef int8_t *winner = <int8_t *> malloc(room_n * sizeof(int8_t))
    cdef int64_t *indptr = <int64_t *> malloc((room_n + 1) * sizeof(int64_t))
    cdef int32_t *indices = <int32_t *> malloc(room_e * sizeof(int32_t))
    cdef int64_t room_w = room_n, room_p = room_n + 1
    try:
        if not (codes and winner and indptr and indices):
            raise MemoryError()
        codes[0] = start
        node_of[start] = 0
        indptr[0] = 0
        with nogil:
            while q < n:
                code = codes[q]
                count = _decode(code, t, scratch.seats)
                w = _winner(scratch.seats, t)
                _grow(<void **> &winner, &room_w, q + 1, sizeof(int8_t))
                winner[q] = w
                if w < 0:
                    k = _moves(code, count, scratch.seats, t, scratch.stamp, scratch.dst, scratch.mid, scratch.new)
                    _grow(<void **> &indices, &room_e, e + k, sizeof(int32_t))
                    for j in range(k):
                        if not scratch.new[j]:
                            continue
                        kid = node_of[scratch.dst[j]]
                        if kid < 0:
                            _grow(<void **> &codes, &room_n, n + 1, sizeof(int64_t))
                            kid = <int32_t> n
                            node_of[scratch.dst[j]] = kid
                            codes[n] = scratch.dst[j]
                            n += 1
                        indices[e] = kid
                        e += 1
                q += 1
                _grow(<void **> &indptr, &room_p, q + 1, sizeof(int64_t))
                indptr[q] = e
                if budget > 0 and node_bytes * n + edge_bytes * e > budget:
                    with gil:
                        raise MemoryError(n, e)
                if (q & 0xFFFFF) == 0:
                    _check()
        del node_a, node_of
        codes_a, winner_a = np.empty(n, np.int64), np.empty(n, np.int8)
        indptr_a, indices_a = np.empty(n + 1, np.int64), np.empty(e, np.int32)
        _copy_out(codes_a, codes, n * sizeof(int64_t))
        _copy_out(winner_a, winner, n * sizeof(int8_t))
        _copy_out(indptr_a, indptr, (n + 1) * sizeof(int64_t))
        _copy_out(indices_a, indices, e * sizeof(int32_t))
        return codes_a, winner_a, indptr_a, indices_a
    finally:
        free(codes)
        free(winner)
        free(indptr)
        free(indices)


cdef void _copy_out(out, const void *src, size_t size):
    """Copy ``size`` bytes from ``src`` into the numpy array ``out``."""
    cdef uint8_t[::1] view = out.view(np.uint8)
    if size:
        memcpy(&view[0], src, size)


cdef inline uint64_t _mix64(uint64_t x) noexcept nogil:
    """SplitMix64's finaliser (the sweep's ``_mix``): each output bit depends on every input bit."""
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL
    return x ^ (x >> 31)


def digest_sums(const uint64_t[::1] key, const uint64_t[::1] value, const int64_t[::1] indptr,
                const int32_t[::1] indices, uint64_t salt):
    """The game digest's sum for one salt: over the nodes and over the moves, wrapping (see the sweep's digest)."""
    cdef uint64_t total = 0, here
    cdef int64_t i, e, n = key.shape[0]
    with nogil:
        for i in range(n):
            total += _mix64(_mix64(key[i] ^ salt) + value[i])
            here = _mix64(key[i] ^ salt) * 0xD6E8FEB86659FD93ULL
            for e in range(indptr[i], indptr[i + 1]):
                total += _mix64(here + key[indices[e]])
    return total


include "_kernel_retrograde.pxi"

include "_kernel_ranges.pxi"
include "_kernel_trap.pxi"
include "_kernel_chain.pxi"
