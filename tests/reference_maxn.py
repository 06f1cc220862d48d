"""max^n by plain recursion over the reference model (docs/RULES.md section 8), for the tests that check the
whole-graph max^n, the search and the puzzles' model players against it."""

from __future__ import annotations

import functools

from tests import reference as ref
from vizgen.ai.maxn import WIN


def plain_maxn(params: dict, pos: tuple, depth: int) -> tuple[tuple[int, ...], tuple | None]:
    """max^n as docs/RULES.md section 8 words it, by plain recursion over the reference model (no pruning)."""
    return _plain(tuple(sorted(params.items())), pos, depth)


@functools.cache
def _plain(items: tuple, pos: tuple, depth: int) -> tuple[tuple[int, ...], tuple | None]:
    p = dict(items)
    players = p["players"]
    winner = ref.ref_winner(p, pos)
    unit = 2 if p["stumps"] else 1  # the search counts in points: a half finger is one with stumps
    if winner is not None:
        return tuple(WIN * unit if k == winner else 0 for k in range(players)), None
    if depth == 0:
        return tuple(int(sum(abs(h) for h in player[0]) * unit) for player in pos[:-1]), None
    best: tuple[tuple[int, ...], tuple] | None = None
    for child in sorted(ref.ref_children(p, pos), key=lambda c: ref.ref_notation(c, p["r"])):
        value, _ = _plain(items, child, depth - 1)
        if best is None or value[players - 1] > best[0][players - 1]:  # the mover is the child's last seat
            best = (value, child)
    assert best is not None
    value, child = best
    return (value[-1], *value[:-1]), child
