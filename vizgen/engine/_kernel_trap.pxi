# The tricky player's trap figure (vizgen.ai.tricky): one pass over the children of every position.
#
# The arithmetic is numpy's, operation for operation, so the figures are the same bytes as the array code they
# replace (tests/reference.py keeps it): a mean adds the first value to numpy's pairwise sum of the rest
# (np.add.reduceat), then divides by the number of moves.

cdef double _pairwise(const double *a, int64_t n) noexcept nogil:
    """numpy's pairwise sum (``DOUBLE_pairwise_sum``): eight running sums in blocks of up to 128 values."""
    cdef double r0, r1, r2, r3, r4, r5, r6, r7, res
    cdef int64_t i, n2
    if n < 8:
        res = -0.0
        for i in range(n):
            res += a[i]
        return res
    if n <= 128:
        r0, r1, r2, r3 = a[0], a[1], a[2], a[3]
        r4, r5, r6, r7 = a[4], a[5], a[6], a[7]
        i = 8
        while i < n - (n % 8):
            r0 += a[i]
            r1 += a[i + 1]
            r2 += a[i + 2]
            r3 += a[i + 3]
            r4 += a[i + 4]
            r5 += a[i + 5]
            r6 += a[i + 6]
            r7 += a[i + 7]
            i += 8
        res = ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7))
        while i < n:
            res += a[i]
            i += 1
        return res
    n2 = n // 2
    n2 -= n2 % 8
    return _pairwise(a, n2) + _pairwise(a + n2, n - n2)


def trap_own(const int64_t[::1] indptr, const int32_t[::1] indices, const int64_t[::1] score,
             const double[::1] after, double[::1] out):
    """At the player's own move: per position, the best ``after`` among its children of the highest ``score``
    (0 at a position without moves)."""
    cdef int64_t n = out.shape[0], v, e, top, lo, hi
    cdef double best
    cdef int32_t kid
    with nogil:
        for v in prange(n, schedule="static"):
            lo, hi = indptr[v], indptr[v + 1]
            if lo == hi:
                out[v] = 0.0
                continue
            top = score[indices[lo]]
            for e in range(lo + 1, hi):
                if score[indices[e]] > top:
                    top = score[indices[e]]
            best = -1.0
            for e in range(lo, hi):
                kid = indices[e]
                if score[kid] == top and after[kid] > best:
                    best = after[kid]
            out[v] = best


def trap_opponent(const int64_t[::1] indptr, const int32_t[::1] indices, const int8_t[::1] here,
                  const int8_t[::1] there, const double[::1] chance, double[::1] out):
    """At an opponent's move: per position, the mean over its children of 1 where ``there`` (the child's class)
    is above ``here`` (the position's), else the child's ``chance`` (0 at a position without moves)."""
    cdef int64_t n = out.shape[0], v, e, lo, hi, width = 0
    cdef int t, threads = openmp.omp_get_max_threads()
    cdef int32_t kid
    cdef double *buf
    cdef int64_t v0
    for v0 in range(n):
        if indptr[v0 + 1] - indptr[v0] > width:
            width = indptr[v0 + 1] - indptr[v0]
    buf = <double *> malloc(threads * (width + 1) * sizeof(double))
    if not buf:
        raise MemoryError()
    try:
        with nogil:
            for v in prange(n, schedule="static"):
                lo, hi = indptr[v], indptr[v + 1]
                if lo == hi:
                    out[v] = 0.0
                    continue
                t = openmp.omp_get_thread_num()
                for e in range(lo, hi):
                    kid = indices[e]
                    buf[t * (width + 1) + e - lo] = 1.0 if there[kid] > here[v] else chance[kid]
                out[v] = (buf[t * (width + 1)] + _pairwise(buf + t * (width + 1) + 1, hi - lo - 1)) / <double> (hi - lo)
    finally:
        free(buf)
