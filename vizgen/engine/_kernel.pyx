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


ctypedef struct Tab:
    int64_t p, m, counts, swaps, gain, passes, end, top, swap_mid, pass_mid, maxdeg, maxpar
    const uint8_t *live
    const uint8_t *swap_ok
    const int32_t *own_dst
    const int32_t *own_mid
    const int32_t *hit_dst
    const int32_t *hit_mid
    const int32_t *own_src
    const int32_t *hit_src
    const int32_t *gain_src
    int64_t own_w, hit_w, own_src_w, hit_src_w, gain_src_w
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
        self.t.gain, self.t.passes, self.t.end, self.t.top = v[4], v[5], v[6], v[7]
        self.t.swap_mid, self.t.pass_mid, self.t.maxdeg, self.t.maxpar = v[8], v[9], v[10], v[11]
        live, swap_ok, own_dst, own_mid, hit_dst, hit_mid, own_src, hit_src, gain_src = arrays
        self.t.live = <const uint8_t *> _address(live)
        self.t.swap_ok = <const uint8_t *> _address(swap_ok)
        self.t.own_dst = <const int32_t *> _address(own_dst)
        self.t.own_mid = <const int32_t *> _address(own_mid)
        self.t.hit_dst = <const int32_t *> _address(hit_dst)
        self.t.hit_mid = <const int32_t *> _address(hit_mid)
        self.t.own_src = <const int32_t *> _address(own_src)
        self.t.hit_src = <const int32_t *> _address(hit_src)
        self.t.gain_src = <const int32_t *> _address(gain_src)
        self.t.own_w = own_dst.shape[1]
        self.t.hit_w = hit_dst.shape[2]
        self.t.own_src_w = own_src.shape[1]
        self.t.hit_src_w = hit_src.shape[2]
        self.t.gain_src_w = gain_src.shape[2]
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
    reaching a child an earlier move reached). A child differs from the
    rotated parent in one seat, so ``(seat, new hands)`` identifies it; the
    ``stamp`` array (last entry: a call counter) finds repeats in O(1).
    With ``mid`` NULL only ``dst`` is filled, repeats included.
    """
    cdef int64_t m = t.m, counts = t.counts, top = t.top
    cdef bint full = mid != NULL
    cdef int64_t epoch = stamp[t.stamp_size - 1] + 1
    stamp[t.stamp_size - 1] = epoch
    cdef int64_t rot = 0  # the seats after the mover, moved down one place
    cdef int64_t s0 = seats[0]
    cdef int64_t k = 0, w, d, u, key, mul = 1, seat
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
            if t.gain:
                key = d
                dst[k] = (rot + d * top) * counts
            else:
                key = seat * m + d if d != u else s0
                dst[k] = (rot + (d - u) * mul + s0 * top) * counts
            if full:
                mid[k] = t.hit_mid[((seat * m + s0) * m + u) * t.hit_w + w]
                new[k] = stamp[key] != epoch
                stamp[key] = epoch
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

    A parent differs from (its mover's hands ``last``, the child's seats
    0..P-2) in one seat. The tables list distinct hands per entry, so a
    parent can repeat only where no seat changes (``rest + last``), and with
    self-gain, where only the mover's hands do (``rest + s``, found with the
    ``stamp`` array: its last entry is a call counter).
    """
    cdef int64_t players = t.p, m = t.m, counts = t.counts, top = t.top
    cdef int64_t count = _decode(code, t, seats)
    cdef int64_t last = seats[players - 1]  # the parent's mover
    cdef int64_t whole = code if counts == 1 else (code - count) // counts
    cdef int64_t rest = (whole - last * top) * m  # the parent's seats 1.. (the child's seats 0..P-2)
    cdef int64_t k = 0, w, s, u, d, mul, seat, i, j, base, epoch
    cdef bint unmoved = False  # rest + last is listed
    if count > 0:  # only a swap leads to a position after swaps
        if t.swap_ok[last]:
            out[0] = (rest + last) * counts + count - 1
            return 1
        return 0
    if t.gain:  # every move changes only the mover's hands: parents rest + s
        epoch = stamp[t.stamp_size - 1] + 1
        stamp[t.stamp_size - 1] = epoch
        for w in range(t.own_src_w):
            s = t.own_src[last * t.own_src_w + w]
            if s < 0:
                break
            stamp[s] = epoch
            out[k] = rest + s
            k += 1
        for seat in range(players - 1):
            d = seats[seat]
            for w in range(t.gain_src_w):
                s = t.gain_src[(last * m + d) * t.gain_src_w + w]
                if s < 0:
                    break
                if stamp[s] != epoch:
                    stamp[s] = epoch
                    out[k] = rest + s
                    k += 1
        unmoved = stamp[last] == epoch
    else:
        for w in range(t.own_src_w):
            s = t.own_src[last * t.own_src_w + w]
            if s < 0:
                break
            out[k] = rest + s
            k += 1
            unmoved = unmoved or s == last
        mul = m
        for seat in range(players - 1):
            d = seats[seat]
            for w in range(t.hit_src_w):
                u = t.hit_src[(last * m + d) * t.hit_src_w + w]
                if u < 0:
                    break
                if u != d:
                    out[k] = rest + last + (u - d) * mul
                    k += 1
                elif not unmoved:
                    unmoved = True
                    out[k] = rest + last
                    k += 1
            mul *= m
    if t.passes and not t.live[last] and not unmoved:
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


def enumerate_space(int64_t start, int64_t space, Tables tables):
    """Breadth-first search over the code space: ``(depth, winner, outdeg, positions, edges)``."""
    cdef const Tab *t = &tables.t
    cdef int threads = openmp.omp_get_max_threads()
    cdef Scratch scratch = Scratch(tables, threads)
    depth_a = np.full(space, -1, np.int32)
    winner_a = np.full(space, -1, np.int8)
    outdeg_a = np.zeros(space, np.uint16)
    cdef int64_t words = (space + 63) // 64
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
                for wi in prange(lo, hi, schedule="dynamic", chunksize=16):
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


cdef int _enqueue(int64_t **queue, int64_t *size, int64_t tail, int64_t code) noexcept nogil:
    """Put ``code`` at ``tail`` of the queue, doubling it when full; return -1 if memory ran out."""
    cdef int64_t *bigger
    if tail == size[0]:
        bigger = <int64_t *> realloc(queue[0], 2 * size[0] * sizeof(int64_t))
        if not bigger:
            return -1
        queue[0], size[0] = bigger, 2 * size[0]
    queue[0][tail] = code
    return 0


def forced(Tables tables, const int32_t[::1] depth, const int8_t[::1] winner, const uint16_t[::1] outdeg):
    """Forced wins and their remoteness per code: ``(win, rem)``."""
    cdef const Tab *t = &tables.t
    cdef Scratch scratch = Scratch(tables, 1)
    cdef int64_t players = t.p, space = depth.shape[0], others = t.p - 1
    win_a = np.array(winner, dtype=np.int8)
    rem_a = np.full(space, -1, np.int32)
    # per (position, seat 1..P-1): children won for that seat so far; zeros from calloc are only paged in
    # where a count is made, which is rare with three or more players
    won_a = np.zeros(space * others, np.uint16)
    cdef int8_t[::1] win = win_a
    cdef int32_t[::1] rem = rem_a
    cdef uint16_t[::1] won = won_a
    cdef int64_t size = 1 << 16, head = 0, tail = 0, code, child, seat, plies, i, j, p, n
    cdef int64_t *queue = <int64_t *> malloc(size * sizeof(int64_t))
    if not queue:
        raise MemoryError()
    try:
        with nogil:
            for code in range(space):
                if depth[code] < 0:
                    continue
                if win[code] >= 0:
                    rem[code] = 0
                    if _enqueue(&queue, &size, tail, code) < 0:
                        with gil:
                            raise MemoryError()
                    tail += 1
            while head < tail:  # first in, first out: remoteness never decreases along the queue
                child = queue[head]
                head += 1
                if (head & 0xFFFFF) == 0:
                    _check()
                seat = (win[child] + 1) % players  # the child's winner, seen from a parent
                plies = rem[child] + 1
                n = _parents(child, scratch.seats, t, scratch.stamp, scratch.par)
                for i in range(n):
                    p = scratch.par[i]
                    if depth[p] < 0 or win[p] >= 0:
                        continue
                    if seat != 0:
                        j = p * others + seat - 1
                        won[j] += 1
                        if won[j] != outdeg[p]:
                            continue
                    win[p] = <int8_t> seat
                    rem[p] = <int32_t> plies
                    if _enqueue(&queue, &size, tail, p) < 0:
                        with gil:
                            raise MemoryError()
                    tail += 1
    finally:
        free(queue)
    return win_a, rem_a


ctypedef fused seat_bits:  # a bit per seat: one byte up to eight players, else four
    uint8_t
    uint32_t


def survival(Tables tables, const int32_t[::1] depth, const int8_t[::1] winner):
    """Plies in which the others force each seat out, per ``seat * space + code`` (int16, -1: survives)."""
    bits = np.uint8 if tables.t.p <= 8 else np.uint32
    return _survival(tables, depth, winner, np.zeros(depth.shape[0], bits), np.zeros(depth.shape[0], bits))


def _survival(Tables tables, const int32_t[::1] depth, const int8_t[::1] winner, seat_bits[::1] unknown,
              seat_bits[::1] gone):
    # One ply at a time, every position with a seat still undecided looks at its children (``gone``: the
    # seats out in each position as of the last ply). Each thread writes only the positions of its own
    # bitmap words, so nothing needs an atomic operation; the children of neighbouring codes lie near
    # each other, so the reads mostly hit the cache.
    cdef const Tab *t = &tables.t
    cdef int threads = openmp.omp_get_max_threads()
    cdef Scratch scratch = Scratch(tables, threads)
    cdef int64_t players = t.p, space = depth.shape[0]
    out_a = np.full(space * players, -1, np.int16)  # plies in which the others force the seat out
    cdef int64_t words = (space + 63) // 64
    later_a = np.zeros(words, np.uint64)  # the positions with a seat decided in this ply
    cdef int16_t[::1] out = out_a
    cdef uint64_t[::1] later = later_a
    cdef int64_t plies = 0, found = 1, lo, hi, wi, code, count, k, j, seat, tid
    cdef uint64_t bits
    cdef seat_bits one = 1, every = <seat_bits> (((<uint64_t> 1) << players) - 1), any_out, all_out, g, todo
    cdef int64_t *seats
    cdef int64_t *stamp
    cdef int64_t *d
    with nogil:
        lo = 0
        while lo < words:
            hi = min(lo + SLICE, words)
            for wi in prange(lo, hi, schedule="static"):  # a thread owns whole words: no races
                tid = openmp.omp_get_thread_num()
                seats = scratch.seats + tid * scratch.seats_n
                for code in range(wi * 64, min(wi * 64 + 64, space)):
                    if depth[code] < 0:
                        continue
                    _decode(code, t, seats)
                    for k in range(players):
                        if not t.live[seats[k]]:
                            out[k * space + code] = 0
                            gone[code] = gone[code] | (one << k)
                        elif winner[code] < 0:  # at a final position a live seat survives
                            unknown[code] = unknown[code] | (one << k)
            _check()
            lo += SLICE
        while found:
            found = 0
            lo = 0
            while lo < words:
                hi = min(lo + SLICE, words)
                for wi in prange(lo, hi, schedule="dynamic", chunksize=64):
                    tid = openmp.omp_get_thread_num()
                    seats = scratch.seats + tid * scratch.seats_n
                    stamp = scratch.stamp + tid * scratch.stamp_n
                    d = scratch.dst + tid * scratch.deg_n
                    bits = 0
                    for code in range(wi * 64, min(wi * 64 + 64, space)):
                        if not unknown[code]:
                            continue
                        count = _decode(code, t, seats)
                        k = _moves(code, count, seats, t, stamp, d, NULL, NULL)  # repeats do no harm here
                        any_out, all_out = 0, every if k else 0
                        for j in range(k):
                            g = gone[d[j]]
                            any_out = any_out | g
                            all_out = all_out & g
                        # a seat k >= 1 here is seat k - 1 in a child: out once one child has it out (the others
                        # choose); the mover is seat P - 1 in every child: out once all children have it out
                        todo = ((any_out << 1) | ((all_out >> (players - 1)) & one)) & unknown[code]
                        if not todo:
                            continue
                        unknown[code] = unknown[code] & ~todo
                        while todo:
                            seat = vz_ctz(todo)
                            todo = todo & (todo - 1)
                            out[seat * space + code] = <int16_t> (plies + 1)
                        bits = bits | ((<uint64_t> 1) << (code & 63))
                        found += 1
                    later[wi] = bits
                _check()
                lo += SLICE
            lo = 0
            while lo < words:  # the decisions of this ply become what the next one reads
                hi = min(lo + SLICE, words)
                for wi in prange(lo, hi, schedule="static"):
                    bits = later[wi]
                    while bits:
                        code = wi * 64 + vz_ctz(bits)
                        bits = bits & (bits - 1)
                        gone[code] = every & ~unknown[code]  # not final: every seat is out or undecided
                lo += SLICE
            plies += 1
            if plies > 32766:
                with gil:
                    raise OverflowError("survival remoteness does not fit int16")
    return out_a


# -- one range of the code space at a time (the cluster engine, vizgen.engine.ranges) -----------------------
# Single-threaded: a cluster runs one range per worker thread. Each function takes the codes it works on,
# writes what belongs to them, and lists what it must tell the owners of other codes, grouped by owner:
# code ``c`` belongs to range ``c // width`` and travels as its offset ``c % width`` there (uint32).


cdef object _grouped(const int64_t *codes, int64_t n, int64_t width, int64_t parts, int64_t *order):
    """Counting sort of ``codes`` by owning range: ``(offsets uint32, counts int64)``; ``order`` gets each entry's slot."""
    counts_a = np.zeros(parts, np.int64)
    offs_a = np.empty(n, np.uint32)
    cdef int64_t[::1] counts = counts_a
    cdef uint32_t[::1] offs = offs_a
    cdef int64_t i, q, pos = 0, c
    cdef int64_t *starts = <int64_t *> malloc((parts + 1) * sizeof(int64_t))
    if not starts:
        raise MemoryError()
    with nogil:
        for i in range(n):
            counts[codes[i] // width] += 1
        for q in range(parts):
            starts[q] = pos
            pos += counts[q]
        for i in range(n):
            c = codes[i]
            q = c // width
            order[i] = starts[q]
            offs[starts[q]] = <uint32_t> (c - q * width)
            starts[q] += 1
        free(starts)
    return offs_a, counts_a


def range_expand(const int64_t[::1] front, Tables tables, int64_t lo, int8_t[::1] winner, uint16_t[::1] outdeg,
                 int64_t width, int64_t parts):
    """Expand the frontier codes of the range starting at ``lo``: their winner and distinct children are written
    (``winner``, ``outdeg`` at ``code - lo``); return ``(offsets, counts, edges)``, every distinct child of each
    code grouped by owning range."""
    cdef const Tab *t = &tables.t
    cdef Scratch scratch = Scratch(tables, 1)
    cdef int64_t n = front.shape[0], size = max(n * t.maxdeg, 1), i, j, k, count, code, deg, m = 0, edges = 0
    cdef int8_t w
    cdef int64_t *buf = <int64_t *> malloc(size * sizeof(int64_t))
    cdef int64_t *order = <int64_t *> malloc(size * sizeof(int64_t))
    if not buf or not order:
        free(buf)
        free(order)
        raise MemoryError()
    try:
        with nogil:
            for i in range(n):
                code = front[i]
                count = _decode(code, t, scratch.seats)
                w = _winner(scratch.seats, t)
                winner[code - lo] = w
                if w >= 0:
                    continue
                k = _moves(code, count, scratch.seats, t, scratch.stamp, scratch.dst, scratch.mid, scratch.new)
                deg = 0
                for j in range(k):
                    if scratch.new[j]:
                        buf[m] = scratch.dst[j]
                        m += 1
                        deg += 1
                outdeg[code - lo] = <uint16_t> deg
                edges += deg
        offs, counts = _grouped(buf, m, width, parts, order)
    finally:
        free(buf)
        free(order)
    return offs, counts, edges


def range_parents(const int64_t[::1] codes, const uint32_t[::1] tags, Tables tables, int64_t width, int64_t parts):
    """Every parent of every code, grouped by owning range, each with its code's ``tag``:
    ``(offsets, tags uint32, counts)``. Parents that were never reached are listed too: their owner filters."""
    cdef const Tab *t = &tables.t
    cdef Scratch scratch = Scratch(tables, 1)
    cdef int64_t n = codes.shape[0], size = max(n * t.maxpar * t.counts, 1), i, j, k, m = 0
    cdef int64_t *buf = <int64_t *> malloc(size * sizeof(int64_t))
    cdef int64_t *order = <int64_t *> malloc(size * sizeof(int64_t))
    cdef uint32_t *tag = <uint32_t *> malloc(size * sizeof(uint32_t))
    if not buf or not order or not tag:
        free(buf)
        free(order)
        free(tag)
        raise MemoryError()
    try:
        with nogil:
            for i in range(n):
                k = _parents(codes[i], scratch.seats, t, scratch.stamp, scratch.par)
                for j in range(k):
                    buf[m] = scratch.par[j]
                    tag[m] = tags[i]
                    m += 1
        offs, counts = _grouped(buf, m, width, parts, order)
        tags_a = np.empty(m, np.uint32)
        if m:
            _scatter(tag, order, m, tags_a)
    finally:
        free(buf)
        free(order)
        free(tag)
    return offs, tags_a, counts


cdef void _scatter(const uint32_t *values, const int64_t *order, int64_t n, uint32_t[::1] out) noexcept:
    cdef int64_t i
    with nogil:
        for i in range(n):
            out[order[i]] = values[i]


def range_dead(int64_t lo, Tables tables, seat_bits[::1] dead):
    """The seats without a live hand at every code from ``lo`` on, a bit per seat (one entry of ``dead`` a code)."""
    cdef const Tab *t = &tables.t
    cdef Scratch scratch = Scratch(tables, 1)
    cdef int64_t i, k
    cdef seat_bits bits, one = 1
    with nogil:
        for i in range(dead.shape[0]):
            _decode(lo + i, t, scratch.seats)
            bits = 0
            for k in range(t.p):
                if not t.live[scratch.seats[k]]:
                    bits = bits | (one << k)
            dead[i] = bits


def range_survival(const uint32_t[::1] offs, const seat_bits[::1] masks, const uint32_t[::1] movers,
                   seat_bits[::1] unknown, uint16_t[::1] counter, const uint16_t[::1] outdeg, seat_bits[::1] newbits,
                   int16_t[::1] out, int16_t plies, int64_t[::1] decided):
    """Apply one ply's survival updates to a range: ``masks[i]`` (seats out in a child of ``offs[i]``, in that
    position's seats, the mover left out) puts those seats out; each entry of ``movers`` is a child where the
    position's mover is out, which puts it out once every child has. New decisions get ``plies`` (in ``out``,
    ``seat * size + offset``, when it is not empty), are counted per seat in ``decided`` and marked in
    ``newbits``."""
    cdef int64_t i, o, size = unknown.shape[0], seat
    cdef seat_bits bits, one = 1
    cdef bint keep = out.shape[0] > 0
    with nogil:
        for i in range(offs.shape[0]):
            o = offs[i]
            bits = masks[i] & unknown[o]
            if not bits:
                continue
            unknown[o] = unknown[o] & ~bits
            newbits[o] = newbits[o] | bits
            while bits:
                seat = vz_ctz(bits)
                bits = bits & (bits - 1)
                decided[seat] += 1
                if keep:
                    out[seat * size + o] = plies
        for i in range(movers.shape[0]):
            o = movers[i]
            if not (unknown[o] & one):
                continue
            counter[o] += 1
            if counter[o] == outdeg[o]:
                unknown[o] = unknown[o] & ~one
                newbits[o] = newbits[o] | one
                decided[0] += 1
                if keep:
                    out[o] = plies


def range_survival_pull(int64_t lo, const seat_bits[::1] gone, seat_bits[::1] unknown, seat_bits[::1] newbits,
                        int16_t[::1] out, int16_t plies, int64_t[::1] decided, Tables tables):
    """One survival ply of a range, read forward as :func:`survival` reads it: each position with a seat still
    undecided looks at its children's seats out (``gone``: every code's, as of the last ply). New decisions get
    ``plies`` (in ``out`` when it is not empty), are counted per seat in ``decided`` and marked in ``newbits``;
    return how many positions changed."""
    cdef const Tab *t = &tables.t
    cdef Scratch scratch = Scratch(tables, 1)
    cdef int64_t players = t.p, size = unknown.shape[0], i, j, k, count, seat, found = 0
    cdef seat_bits one = 1, every = <seat_bits> (((<uint64_t> 1) << players) - 1), any_out, all_out, g, todo
    cdef bint keep = out.shape[0] > 0
    with nogil:
        for i in range(size):
            if not unknown[i]:
                continue
            count = _decode(lo + i, t, scratch.seats)
            k = _moves(lo + i, count, scratch.seats, t, scratch.stamp, scratch.dst, NULL, NULL)
            any_out, all_out = 0, every if k else 0
            for j in range(k):
                g = gone[scratch.dst[j]]
                any_out = any_out | g
                all_out = all_out & g
            todo = ((any_out << 1) | ((all_out >> (players - 1)) & one)) & unknown[i]
            if not todo:
                continue
            unknown[i] = unknown[i] & ~todo
            newbits[i] = todo
            found += 1
            while todo:
                seat = vz_ctz(todo)
                todo = todo & (todo - 1)
                decided[seat] += 1
                if keep:
                    out[seat * size + i] = plies
    return found
