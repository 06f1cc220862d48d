# The chain of two players' game (vizgen.reports.judge): its live states found and its distribution carried
# forward ply by ply, included into _kernel.pyx.
#
# A state is (node, whose turn): ``node`` with the first player to move, ``n + node`` with the second; a move passes
# the turn. ``chain_build`` keeps the states that the start reaches through moves of positive chance and from which
# a final position can still be reached (the live states), numbered in ascending state order, with their moves
# among themselves (CSR), each one's chance of ending the game in each player's win at the next ply, and its chance
# of a move that changes the exact value. ``chain_plies`` carries the distribution over them: a sum into a state
# adds its sources in ascending order, as scipy's CSR product over the transposed matrix does, so the carried
# vectors are the same bytes as that product's.

cdef inline int8_t _leader(int8_t win, int8_t value, int64_t turn) noexcept nogil:
    """Who can force a win at a state (0 the first player, 1 the second, -1 nobody); the winner where final."""
    if win >= 0:
        return <int8_t> ((turn + win) % 2)
    if value == 1:
        return <int8_t> turn
    if value == -1:
        return <int8_t> (1 - turn)
    return -1


def chain_build(const int64_t[::1] indptr, const int32_t[::1] indices, const int8_t[::1] winner,
                const int8_t[::1] value, const double[::1] first, const double[::1] second, int64_t start):
    """The live states of two players' chain that the start reaches; see :func:`vizgen.engine.kernel.chain_build`."""
    cdef int64_t n = winner.shape[0], states = 2 * n, edges = indices.shape[0], v, e, k, t, p, head = 0, tail = 0
    cdef int64_t m = 0, i, out_edges = 0
    cdef double w
    cdef const double *chance
    leader_a = np.empty(states, np.int8)
    rptr_a = np.zeros(states + 1, np.int64)
    rsrc_a = np.empty(max(2 * edges, 1), np.int64)
    fill_a = np.empty(states, np.int64)
    queue_a = np.empty(max(states, 1), np.int64)
    mark_a = np.zeros(states, np.uint8)  # 1 a final state can be reached, 2 and the start reaches it
    slot_a = np.full(states, -1, np.int64)
    cdef int8_t[::1] leader = leader_a
    cdef int64_t[::1] rptr = rptr_a, rsrc = rsrc_a, fill = fill_a, queue = queue_a, slot = slot_a
    cdef uint8_t[::1] mark = mark_a
    with nogil:
        for k in range(2):
            for v in range(n):
                leader[v + k * n] = _leader(winner[v], value[v], k)
        for k in range(2):  # the parents of every state through moves of positive chance, in CSR form
            chance = &first[0] if k == 0 else &second[0]
            for e in range(edges):
                if chance[e] > 0:
                    rptr[indices[e] + (1 - k) * n + 1] += 1
        for t in range(states):
            rptr[t + 1] += rptr[t]
            fill[t] = rptr[t]
        for k in range(2):
            chance = &first[0] if k == 0 else &second[0]
            for v in range(n):
                for e in range(indptr[v], indptr[v + 1]):
                    if chance[e] > 0:
                        t = indices[e] + (1 - k) * n
                        rsrc[fill[t]] = v + k * n
                        fill[t] += 1
        for t in range(states):  # back from the final states
            if winner[t % n] >= 0:
                mark[t] = 1
                queue[tail] = t
                tail += 1
        while head < tail:
            t = queue[head]
            head += 1
            for e in range(rptr[t], rptr[t + 1]):
                p = rsrc[e]
                if not mark[p]:
                    mark[p] = 1
                    queue[tail] = p
                    tail += 1
    if winner[start] >= 0 or not mark[start]:
        return None
    head, tail = 0, 1
    with nogil:
        queue[0] = start
        mark[start] = 2
        while head < tail:  # forward from the start, among the live states
            t = queue[head]
            head += 1
            k = t // n
            chance = &first[0] if k == 0 else &second[0]
            for e in range(indptr[t - k * n], indptr[t - k * n + 1]):
                p = indices[e] + (1 - k) * n
                if chance[e] > 0 and mark[p] == 1 and winner[indices[e]] < 0:
                    mark[p] = 2
                    queue[tail] = p
                    tail += 1
        for t in range(states):
            if mark[t] == 2:
                slot[t] = m
                queue[m] = t
                m += 1
    optr_a = np.zeros(m + 1, np.int64)
    absorb_a = np.zeros((2, m), np.float64)
    changes_a = np.zeros(m, np.float64)
    ahead_a = np.empty(m, np.int8)
    cdef int64_t[::1] optr = optr_a
    cdef double[:, ::1] absorb = absorb_a
    cdef double[::1] changes = changes_a
    cdef int8_t[::1] ahead = ahead_a
    with nogil:
        for i in range(m):
            t = queue[i]
            k = t // n
            v = t - k * n
            ahead[i] = leader[t]
            chance = &first[0] if k == 0 else &second[0]
            for e in range(indptr[v], indptr[v + 1]):
                w = chance[e]
                if w <= 0:
                    continue
                p = indices[e] + (1 - k) * n
                if leader[p] != leader[t]:
                    changes[i] += w
                if slot[p] >= 0:
                    out_edges += 1
                elif winner[indices[e]] >= 0:
                    absorb[leader[p], i] += w
            optr[i + 1] = out_edges
    odst_a = np.empty(out_edges, np.int64)
    ow_a = np.empty(out_edges, np.float64)
    cdef int64_t[::1] odst = odst_a
    cdef double[::1] ow = ow_a
    with nogil:
        for i in range(m):
            t = queue[i]
            k = t // n
            v = t - k * n
            chance = &first[0] if k == 0 else &second[0]
            out_edges = optr[i]
            for e in range(indptr[v], indptr[v + 1]):
                p = indices[e] + (1 - k) * n
                if chance[e] > 0 and slot[p] >= 0:
                    odst[out_edges] = slot[p]
                    ow[out_edges] = chance[e]
                    out_edges += 1
    return queue_a[:m].copy(), optr_a, odst_a, ow_a, absorb_a, changes_a, ahead_a, slot[start]


def chain_plies(const int64_t[::1] optr, const int64_t[::1] odst, const double[::1] ow, const double[:, ::1] absorb,
                const double[::1] changes, const int8_t[::1] ahead, int64_t at, int64_t cap, bint measures,
                double[::1] sums, double[::1] by_ply):
    """The chain carried from its state ``at`` for ``cap`` plies; see :func:`vizgen.engine.kernel.chain_plies`."""
    cdef int64_t m = changes.shape[0], i, e, j, ply, k, width = 5 if measures else 1
    cdef double x, w, won0, won1, clean0, clean1, settled0, settled1, swings
    cdef bint moving
    now_a = np.zeros((width, m), np.float64)
    new_a = np.zeros((width, m), np.float64)
    cdef double[:, ::1] now = now_a, new = new_a, swap
    # rows: the mass; the games in which the first (1), the second (2) has not been behind yet; the chance times
    # the plies the first (3), the second (4) has been ahead without a break
    now[0, at] = 1.0
    if measures:
        now[1, at] = 0.0 if ahead[at] == 1 else 1.0
        now[2, at] = 0.0 if ahead[at] == 0 else 1.0
        now[3, at] = 1.0 if ahead[at] == 0 else 0.0
        now[4, at] = 1.0 if ahead[at] == 1 else 0.0
    for k in range(7):
        sums[k] = 0.0
    for ply in range(1, cap + 1):
        if m > 16384:
            _check()
        with nogil:
            won0 = won1 = clean0 = clean1 = settled0 = settled1 = swings = 0.0
            moving = False
            for i in range(m):
                x = now[0, i]
                if x == 0 and (not measures or (now[1, i] == 0 and now[2, i] == 0 and now[3, i] == 0
                                                 and now[4, i] == 0)):
                    continue
                swings += x * changes[i]
                won0 += x * absorb[0, i]
                won1 += x * absorb[1, i]
                if measures:
                    clean0 += now[1, i] * absorb[0, i]
                    clean1 += now[2, i] * absorb[1, i]
                    settled0 += now[3, i] * absorb[0, i]
                    settled1 += now[4, i] * absorb[1, i]
                if ply == cap:
                    continue
                for e in range(optr[i], optr[i + 1]):
                    j = odst[e]
                    w = ow[e]
                    new[0, j] += w * x
                    if measures:
                        new[1, j] += w * now[1, i]
                        new[2, j] += w * now[2, i]
                        new[3, j] += w * (now[3, i] + x)
                        new[4, j] += w * (now[4, i] + x)
            sums[0] += won0
            sums[1] += won1
            sums[2] += clean0
            sums[3] += clean1
            sums[4] += settled0
            sums[5] += settled1
            sums[6] += swings
            by_ply[ply] = won0 + won1
            if ply == cap:
                break
            for j in range(m):
                if measures:
                    if ahead[j] == 1:
                        new[1, j] = 0.0
                    if ahead[j] == 0:
                        new[2, j] = 0.0
                    if ahead[j] != 0:
                        new[3, j] = 0.0
                    if ahead[j] != 1:
                        new[4, j] = 0.0
                    if new[1, j] != 0 or new[2, j] != 0 or new[3, j] != 0 or new[4, j] != 0:
                        moving = True
                if new[0, j] != 0:
                    moving = True
                for k in range(width):
                    now[k, j] = 0.0
        swap = now
        now = new
        new = swap
        if not moving:
            break
