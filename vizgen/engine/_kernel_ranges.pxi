# The cluster engine's loops of the compiled kernel, included into _kernel.pyx: they share its tables and its
# move generator. Documented in vizgen/engine/ranges.py.

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
