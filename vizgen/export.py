"""Downloads: a solved graph as JSON and as GraphML (for Gephi, Cytoscape or networkx)."""

from __future__ import annotations

import io
import json
from xml.sax.saxutils import escape

import numpy as np

from vizgen.analysis import Solved

__all__ = ["downloads"]


def _node_rows(solved: Solved) -> list[dict]:
    g, f = solved.graph, solved.forced
    rows = []
    for i, name in enumerate(g.notations()):
        row = {
            "id": i,
            "position": name,
            "winner": int(f.winner[i]) if f.winner[i] >= 0 else None,
            "remoteness": int(f.remoteness[i]) if f.remoteness[i] >= 0 else None,
            "terminal": bool(g.terminal[i]),
            "depth": int(g.depth[i]),
        }
        if solved.random_win is not None and solved.perfect_win is not None:
            row["random_win"] = round(float(solved.random_win[i]), 9)
            row["perfect_win"] = round(float(solved.perfect_win[i]), 9)
        rows.append(row)
    return rows


def downloads(solved: Solved, figures: dict, best: np.ndarray) -> tuple[bytes, bytes]:
    """The solved graph as JSON and as GraphML.

    Parameters
    ----------
    solved : Solved
        A solved variant.
    figures : dict
        Its :func:`vizgen.analysis.stats` object.
    best : numpy.ndarray
        Its :func:`vizgen.analysis.best_edges` mask.

    Returns
    -------
    json : bytes
        ``{"stats": ..., "nodes": [...], "edges": [[from, to, [moves], best], ...]}``;
        ``winner`` is a seat offset from the player to move (two players: 0 is a
        win, 1 a loss, null a draw).
    graphml : bytes
        A directed GraphML document with the same attributes; missing values (a
        draw's winner and remoteness) are left out of the node.
    """
    g = solved.graph
    rows = _node_rows(solved)
    edges = list(zip(g.sources.tolist(), g.indices.tolist(), g.edge_notations, best.tolist()))
    doc = {"stats": figures, "nodes": rows, "edges": [[a, b, list(m), k] for a, b, m, k in edges]}
    return json.dumps(doc, separators=(",", ":"), sort_keys=True).encode(), _graphml(g.variant.slug, rows, edges)


_KEYS = (
    ("position", "node", "string"), ("winner", "node", "int"), ("remoteness", "node", "int"),
    ("terminal", "node", "boolean"), ("depth", "node", "int"), ("random_win", "node", "double"),
    ("perfect_win", "node", "double"), ("moves", "edge", "string"), ("best", "edge", "boolean"),
)


def _graphml(name: str, rows: list[dict], edges: list[tuple[int, int, tuple[str, ...], bool]]) -> bytes:
    out = io.StringIO()
    out.write('<?xml version="1.0" encoding="UTF-8"?>\n'
              '<graphml xmlns="http://graphml.graphdrawing.org/xmlns">\n')
    for key, domain, kind in _KEYS:
        out.write(f'<key id="{key}" for="{domain}" attr.name="{key}" attr.type="{kind}"/>\n')
    out.write(f'<graph id="{escape(name)}" edgedefault="directed">\n')
    for row in rows:
        data = "".join(
            f'<data key="{k}">{escape(str(v).lower() if isinstance(v, bool) else str(v))}</data>'
            for k, v in row.items() if k != "id" and v is not None
        )
        out.write(f'<node id="n{row["id"]}">{data}</node>\n')
    for a, b, moves, best in edges:
        out.write(f'<edge source="n{a}" target="n{b}"><data key="moves">{escape(" / ".join(moves))}</data>'
                  f'<data key="best">{str(best).lower()}</data></edge>\n')
    out.write("</graph>\n</graphml>\n")
    return out.getvalue().encode()
