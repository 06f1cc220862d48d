"""Synthetic :class:`vizgen.render.VariantPage` objects for the render tests.

The render layer is tested on its own, without the engine: this module holds a
small, independent model of the classic rules (attacks with roll-over,
transfers and divisions, any number of players and hands), a forced-win
solver, random-play odds and a layered layout. It is only as exact as the
render tests need; the engine has its own reference tests.
"""

from __future__ import annotations

import json
from collections import deque
from itertools import combinations_with_replacement

import numpy as np

from vizgen.render import VariantPage

Position = tuple[tuple[int, ...], ...]


def _notation(pos: Position, r: int) -> str:
    sep = "." if r > 10 else ""
    return "-".join(sep.join(str(v) for v in hands) for hands in pos)


def _fmt(hands: tuple[int, ...], r: int) -> str:
    return ("." if r > 10 else "").join(str(v) for v in hands)


def _live(hands: tuple[int, ...]) -> int:
    return sum(1 for v in hands if v)


def _terminal(pos: Position) -> bool:
    if len(pos) == 2:
        return _live(pos[0]) == 0
    return sum(1 for h in pos if _live(h)) <= 1


def _moves(pos: Position, r: int) -> list[tuple[str, Position]]:
    """Every move from a non-terminal position, as ``(notation, next position)``."""
    players = len(pos)
    me = pos[0]
    out: list[tuple[str, Position]] = []
    if not _live(me):
        return [("pass", (*pos[1:], me))]
    for a in sorted({v for v in me if v}):
        for seat in range(1, players):
            for b in sorted({v for v in pos[seat] if v}):
                struck = list(pos[seat])
                struck.remove(b)
                nb = a + b
                nb = nb - r if nb >= r else nb
                new = list(pos)
                new[seat] = tuple(sorted([*struck, nb]))
                name = f"{a}>{b}" + (f"@{seat}" if players > 2 else "")
                out.append((name, (*new[1:], me)))
    total = sum(me)
    live = _live(me)
    for after in combinations_with_replacement(range(r), len(me)):
        if sum(after) != total or after == me or _live(after) < live:
            continue
        out.append((f"{_fmt(me, r)} -> {_fmt(after, r)}", (*pos[1:], after)))
    return out


def _solve(nodes: list[Position], children: list[list[int]]) -> tuple[np.ndarray, np.ndarray]:
    """Seat that can force a win (relative to the mover) and remoteness, by layers."""
    n = len(nodes)
    players = len(nodes[0])
    winner = np.full(n, -1, dtype=np.int8)
    rem = np.full(n, -1, dtype=np.int32)
    for i, pos in enumerate(nodes):
        if _terminal(pos):
            if players == 2:
                winner[i] = 1
            else:
                winner[i] = next(s for s, h in enumerate(pos) if _live(h))
            rem[i] = 0
    changed = True
    while changed:
        changed = False
        decided = winner.copy()
        for i in range(n):
            if decided[i] >= 0 or not children[i]:
                continue
            ch = children[i]
            good = [c for c in ch if decided[c] == players - 1]
            if good:
                winner[i] = 0
                rem[i] = 1 + min(int(rem[c]) for c in good)
                changed = True
                continue
            seats = {int(decided[c]) for c in ch}
            if len(seats) == 1 and (s := seats.pop()) >= 0:
                winner[i] = s + 1
                rem[i] = 1 + max(int(rem[c]) for c in ch)
                changed = True
    return winner, rem


def _odds(children: list[list[int]], term: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Random-play and perfect-against-random win probabilities (two players)."""
    n = len(children)
    src = np.array([i for i, ch in enumerate(children) for _ in ch], dtype=np.int64)
    dst = np.array([c for ch in children for c in ch], dtype=np.int64)
    deg = np.maximum(np.bincount(src, minlength=n), 1)
    win = np.zeros(n)
    lose = term.astype(float)
    for _ in range(4000):
        win, lose = (
            np.bincount(src, weights=lose[dst], minlength=n) / deg,
            np.where(term, 1.0, np.bincount(src, weights=win[dst], minlength=n) / deg),
        )
    perfect = np.zeros(n)
    for _ in range(4000):
        opp = np.where(term, 1.0, np.bincount(src, weights=perfect[dst], minlength=n) / deg)
        best = np.zeros(n)
        np.maximum.at(best, src, opp[dst])
        perfect = np.where(term, 0.0, best)
    return win, perfect


def chopsticks_page(
    *,
    r: int = 5,
    players: int = 2,
    hands: int = 2,
    slug: str | None = None,
    group: str = "The classic game",
    big: bool = False,
    odds: bool = True,
) -> VariantPage:
    """Enumerate and solve a classic-rules variant and wrap it as a page.

    Parameters
    ----------
    r, players, hands : int
        Roll-over number, players and hands per player.
    slug, group : str
        Page slug (default derived from the parameters) and index group.
    big : bool
        Mark the page as big (neighbourhood explorer instead of the graph).
    odds : bool
        Compute random-play odds (two players only; slow for large graphs).

    Returns
    -------
    VariantPage
        A fully populated page.
    """
    start: Position = tuple((1,) * hands for _ in range(players))
    index = {start: 0}
    nodes = [start]
    children: list[list[int]] = []
    edges: dict[tuple[int, int], list[str]] = {}
    queue = deque([0])
    depth = [0]
    while queue:
        i = queue.popleft()
        pos = nodes[i]
        kids: list[int] = []
        if not _terminal(pos):
            for name, nxt in _moves(pos, r):
                j = index.get(nxt)
                if j is None:
                    j = index[nxt] = len(nodes)
                    nodes.append(nxt)
                    depth.append(depth[i] + 1)
                    queue.append(j)
                if j not in kids:
                    kids.append(j)
                names = edges.setdefault((i, j), [])
                if name not in names:
                    names.append(name)
        children.append(sorted(kids))
    n = len(nodes)
    term = np.array([_terminal(p) for p in nodes])
    winner, rem = _solve(nodes, children)
    value = np.where(winner == 0, 1, np.where(winner > 0, -1, 0)).astype(np.int8)
    keys = sorted(edges)
    src = np.array([k[0] for k in keys], dtype=np.int32)
    dst = np.array([k[1] for k in keys], dtype=np.int32)
    best = np.array(
        [
            (winner[s] == 0 and winner[d] == players - 1 and rem[d] == rem[s] - 1)
            or (winner[s] == 1 and players == 2 and rem[d] == rem[s] - 1)
            or (winner[s] == -1 and winner[d] == -1)
            for s, d in keys
        ]
    )
    random_win = perfect_win = None
    if players == 2 and odds:
        random_win, perfect_win = _odds(children, term)
    depth_arr = np.array(depth, dtype=np.int32)
    # layered layout: one band per depth, wrapped into rows of at most 24 positions
    # (big variants: rings around the start, as a radial layout would draw them)
    x = np.zeros(n)
    y = np.zeros(n)
    top = 0.0
    for d in range(int(depth_arr.max()) + 1):
        if big:
            ring = np.flatnonzero(depth_arr == d)
            angle = 2 * np.pi * (np.arange(len(ring)) + 0.5 * (d % 2)) / max(len(ring), 1)
            x[ring] = d * 400.0 * np.cos(angle)
            y[ring] = d * 400.0 * np.sin(angle)
            continue
        band = np.flatnonzero(depth_arr == d)
        for k in range(0, len(band), 24):
            row = band[k : k + 24]
            x[row] = (np.arange(len(row)) - (len(row) - 1) / 2) * 70.0 + (k // 24 % 2) * 35.0
            y[row] = top
            top += 70.0
        top += 50.0
    notation = tuple(_notation(p, r) for p in nodes)
    slug = slug or f"classic-p{players}-h{hands}-r{r}"
    params = {"players": players, "hands": hands, "r": r}
    stats = {
        "variant": slug,
        "params": params,
        "positions": n,
        "terminal": int(term.sum()),
        "win": int((value > 0).sum()),
        "loss": int((value < 0).sum()),
        "draw": int((value == 0).sum()),
        "start": {"position": notation[0], "value": int(value[0]), "remoteness": int(rem[0])},
        "reachable_of": (r * (r + 1) // 2) ** players if hands == 2 else None,
    }
    svg = _svg(x, y, value, src, dst)
    graph_json = json.dumps(
        {
            "nodes": [{"id": i, "position": s, "value": int(value[i])} for i, s in enumerate(notation)],
            "edges": [[int(a), int(b)] for a, b in zip(src, dst, strict=True)],
        },
        sort_keys=True,
    ).encode()
    graphml = (
        '<?xml version="1.0" encoding="UTF-8"?>\n<graphml xmlns="http://graphml.graphdrawing.org/xmlns">'
        '<graph edgedefault="directed">'
        + "".join(f'<node id="n{i}"/>' for i in range(n))
        + "".join(f'<edge source="n{a}" target="n{b}"/>' for a, b in zip(src, dst, strict=True))
        + "</graph></graphml>\n"
    ).encode()
    return VariantPage(
        slug=slug,
        spec=f"standard:players={players},hands={hands},r={r}",
        title=f"Classic, {players} players, {hands} hands, r = {r}",
        group=group,
        summary=f"The classic rules with {players} players, {hands} hands and roll-over at {r}.",
        rules_text=(
            "Tap one of your live hands on a live hand of another player: it gains your fingers, "
            f"and {r} or more rolls over (exactly {r} kills the hand).",
            "Or split: share your fingers among your hands again (transfers and divisions).",
        ),
        params=params,
        players=players,
        start=0,
        notation=notation,
        hands=tuple(nodes),
        value=value,
        winner=winner,
        remoteness=rem,
        terminal=term,
        depth=depth_arr,
        random_win=random_win,
        perfect_win=perfect_win,
        edge_src=src,
        edge_dst=dst,
        edge_moves=tuple(tuple(edges[k]) for k in keys),
        edge_best=best,
        x=x,
        y=y,
        graph_svg=svg,
        thumb_svg=svg,
        stats=stats,
        graph_json=graph_json,
        graphml=graphml,
        big=big,
    )


def _svg(x: np.ndarray, y: np.ndarray, value: np.ndarray, src: np.ndarray, dst: np.ndarray) -> bytes:
    """A plain SVG drawing of the layout (stands in for Graphviz's)."""
    colours = {1: "#1a9850", -1: "#8e1b1b", 0: "#e3b21c"}
    x0, y0 = float(x.min()) - 20, float(y.min()) - 20
    w, h = float(x.max()) - x0 + 20, float(y.max()) - y0 + 20
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{x0:.0f} {y0:.0f} {w:.0f} {h:.0f}">']
    parts += [
        f'<line x1="{x[a]:.0f}" y1="{y[a]:.0f}" x2="{x[b]:.0f}" y2="{y[b]:.0f}" stroke="#999" stroke-opacity="0.3"/>'
        for a, b in zip(src.tolist(), dst.tolist(), strict=True)
    ]
    parts += [
        f'<circle cx="{x[i]:.0f}" cy="{y[i]:.0f}" r="12" fill="{colours[int(value[i])]}"/>' for i in range(len(x))
    ]
    parts.append("</svg>\n")
    return "".join(parts).encode()


def tiny_page(slug: str = "tiny", group: str = "The classic game") -> VariantPage:
    """A hand-made five-position game, for quick structural tests.

    The start ``11-11`` is a draw (it can loop through ``11-12`` and
    ``22-11``); ``12-01`` is a win in 1 because it reaches the terminal
    ``00-12``, a loss for its mover. The title and rules contain ``<`` and
    ``&`` to check escaping.
    """
    notation = ("11-11", "11-12", "12-01", "00-12", "22-11")
    hands = (((1, 1), (1, 1)), ((1, 1), (1, 2)), ((1, 2), (0, 1)), ((0, 0), (1, 2)), ((2, 2), (1, 1)))
    src = np.array([0, 0, 1, 1, 2, 4], dtype=np.int32)
    dst = np.array([1, 4, 0, 2, 3, 0], dtype=np.int32)
    moves = (("1>1",), ("11 -> 02",), ("1>1",), ("1>2",), ("2>1", "1>1"), ("22 -> 13",))
    value = np.array([0, 0, 1, -1, 0], dtype=np.int8)
    winner = np.array([-1, -1, 0, 1, -1], dtype=np.int8)
    rem = np.array([-1, -1, 1, 0, -1], dtype=np.int32)
    term = np.array([False, False, False, True, False])
    depth = np.array([0, 1, 2, 3, 1], dtype=np.int32)
    best = np.array([True, True, True, False, True, True])
    x = np.array([0.0, -60.0, -60.0, -60.0, 60.0])
    y = np.array([0.0, 80.0, 160.0, 240.0, 80.0])
    svg = _svg(x, y, value, src, dst)
    return VariantPage(
        slug=slug,
        spec="tiny",
        title="Tiny <test> & co",
        group=group,
        summary="Five hand-made positions.",
        rules_text=("A made-up game with <angle brackets> to check escaping.",),
        params={"players": 2, "hands": 2, "r": 5, "suicide": True},
        players=2,
        start=0,
        notation=notation,
        hands=hands,
        value=value,
        winner=winner,
        remoteness=rem,
        terminal=term,
        depth=depth,
        random_win=np.array([0.3, 0.25, 1.0, 0.0, 0.31234567]),
        perfect_win=np.array([0.9, 0.8, 1.0, 0.0, 0.9]),
        edge_src=src,
        edge_dst=dst,
        edge_moves=moves,
        edge_best=best,
        x=x,
        y=y,
        graph_svg=svg,
        thumb_svg=svg,
        stats={"positions": 5, "reachable_of": 225, "start": {"position": "11-11", "value": 0, "remoteness": -1}},
        graph_json=b"{}",
        graphml=b"<graphml/>",
        big=False,
    )
