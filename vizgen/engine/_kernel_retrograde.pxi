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


def survival(Tables tables, const int32_t[::1] depth, const int8_t[::1] winner, const uint16_t[::1] outdeg):
    """Plies in which the others force each seat out, per ``seat * space + code`` (int16, -1: survives)."""
    bits = np.uint8 if tables.t.p <= 8 else np.uint32
    space = depth.shape[0]
    return _survival(tables, depth, winner, outdeg, np.zeros(space, bits), np.zeros(space, bits),
                     np.zeros(space, bits))


cdef inline void _mark(uint64_t *marks, int64_t code) noexcept nogil:
    marks[code >> 6] |= (<uint64_t> 1) << (code & 63)


def _survival(Tables tables, const int32_t[::1] depth, const int8_t[::1] winner, const uint16_t[::1] outdeg,
              seat_bits[::1] unknown, seat_bits[::1] now, seat_bits[::1] after):
    # Retrograde, one ply at a time, pushed to the parents as tablebase generators do: the seats decided in
    # a ply (``now``, with a bit a position in ``marks`` to find them by a streamed scan) are sent once to the
    # parents of their position, which decide their own seats for the next ply (``after``). A seat other than
    # the mover is out as soon as one child has it out; the mover once every distinct child has (a byte or
    # two a position counts them). Only ``unknown`` (a byte a position) is read at random: unreachable and
    # final positions have no undecided seat, so they need no other test.
    cdef const Tab *t = &tables.t
    cdef Scratch scratch = Scratch(tables, 1)
    cdef int64_t players = t.p, space = depth.shape[0]
    out_a = np.full(space * players, -1, np.int16)  # plies in which the others force the seat out
    cdef int64_t words = (space + 63) // 64
    marks_a = np.zeros(words, np.uint64)  # the positions with a seat decided in the ply being sent
    later_a = np.zeros(words, np.uint64)  # the positions with a seat decided for the next ply
    count_a = np.zeros(space, np.uint16)  # per position: the distinct children where its mover is out
    cdef int16_t[::1] out = out_a
    cdef uint64_t[::1] marks = marks_a, later = later_a
    cdef uint16_t[::1] count = count_a
    cdef uint64_t *cur = &marks[0] if words else NULL
    cdef uint64_t *nxt = &later[0] if words else NULL
    cdef seat_bits[::1] fresh = now, following = after
    cdef int64_t plies = 0, found = 0, wi, code, k, n, i, p, seat
    cdef uint64_t word
    cdef seat_bits one = 1, every = <seat_bits> (((<uint64_t> 1) << players) - 1), m, up, mover, u, todo
    cdef int64_t *seats = scratch.seats
    cdef int64_t *par = scratch.par
    with nogil:
        for code in range(space):
            if depth[code] < 0:
                continue
            if (code & 0xFFFFF) == 0:
                _check()
            _decode(code, t, seats)
            for k in range(players):
                if not t.live[seats[k]]:  # out now: written with the other seats of this ply below
                    fresh[code] = fresh[code] | (one << k)
                elif winner[code] < 0:  # at a final position a live seat survives
                    unknown[code] = unknown[code] | (one << k)
            if fresh[code]:
                _mark(cur, code)
                found = 1
        while found:
            found = 0
            for wi in range(words):  # streamed: the positions decided in the last ply, in code order
                word = cur[wi]
                if not word:
                    continue
                cur[wi] = 0
                if (wi & 0x3FFF) == 0:
                    _check()
                while word:
                    code = wi * 64 + vz_ctz(word)
                    word = word & (word - 1)
                    m = fresh[code]
                    fresh[code] = 0
                    todo = m
                    while todo:  # written here, in code order, not at random where each seat was decided
                        seat = vz_ctz(todo)
                        todo = todo & (todo - 1)
                        out[seat * space + code] = <int16_t> plies
                    # seat s < P - 1 of the child is seat s + 1 of a parent; seat P - 1 is the parent's mover
                    up = (m << 1) & every
                    mover = (m >> (players - 1)) & one
                    n = _parents(code, seats, t, scratch.stamp, par)
                    for i in range(n):
                        p = par[i]
                        u = unknown[p]
                        if not u:
                            continue
                        todo = up & u
                        if mover and (u & one):
                            count[p] += 1
                            if count[p] == outdeg[p]:
                                todo = todo | one
                        if not todo:
                            continue
                        unknown[p] = u & ~todo
                        following[p] = following[p] | todo
                        _mark(nxt, p)
                        found = 1
            cur, nxt = nxt, cur
            fresh, following = following, fresh
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
