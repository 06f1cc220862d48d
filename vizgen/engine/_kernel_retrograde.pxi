# The retrograde loops of the compiled kernel (forced wins, survival), included into _kernel.pyx: they share
# its tables, its decoder and its Ctrl-C check. Documented in vizgen/engine/retrograde.py.

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
    cdef int team = _team(words, threads)
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
            for wi in prange(lo, hi, schedule="static", num_threads=team):  # a thread owns whole words: no races
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
                for wi in prange(lo, hi, schedule="dynamic", chunksize=64, num_threads=team):
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
                for wi in prange(lo, hi, schedule="static", num_threads=team):
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


def forced_graph(const int64_t[::1] indptr, const int32_t[::1] indices, const int8_t[::1] winner, int64_t players):
    """Forced wins and their remoteness per node of an explicit graph (children in CSR form): ``(win, rem)``."""
    cdef int64_t n = indptr.shape[0] - 1, others = players - 1, e, v, k, head = 0, tail = 0, child, seat, plies, p, j
    rptr_a = np.zeros(n + 1, np.int64)
    rsrc_a = np.empty(indices.shape[0], np.int32)
    fill_a = np.empty(n, np.int64)
    queue_a = np.empty(max(n, 1), np.int64)
    win_a = np.array(winner, dtype=np.int8)
    rem_a = np.full(n, -1, np.int32)
    won_a = np.zeros(max(n * others, 1), np.int32)
    cdef int64_t[::1] rptr = rptr_a, fill = fill_a, queue = queue_a
    cdef int32_t[::1] rsrc = rsrc_a, rem = rem_a, won = won_a
    cdef int8_t[::1] win = win_a
    with nogil:
        for e in range(indices.shape[0]):  # the parents of every node, in CSR form
            rptr[indices[e] + 1] += 1
        for v in range(n):
            rptr[v + 1] += rptr[v]
            fill[v] = rptr[v]
        for v in range(n):
            for e in range(indptr[v], indptr[v + 1]):
                k = indices[e]
                rsrc[fill[k]] = <int32_t> v
                fill[k] += 1
        for v in range(n):
            if win[v] >= 0:
                rem[v] = 0
                queue[tail] = v
                tail += 1
        while head < tail:  # first in, first out: remoteness never decreases along the queue
            child = queue[head]
            head += 1
            seat = (win[child] + 1) % players  # the child's winner, seen from a parent
            plies = rem[child] + 1
            for e in range(rptr[child], rptr[child + 1]):
                p = rsrc[e]
                if win[p] >= 0:
                    continue
                if seat != 0:
                    j = p * others + seat - 1
                    won[j] += 1
                    if won[j] != indptr[p + 1] - indptr[p]:
                        continue
                win[p] = <int8_t> seat
                rem[p] = <int32_t> plies
                queue[tail] = p
                tail += 1
    return win_a, rem_a
