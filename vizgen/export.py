"""Downloads: a solved graph as JSON and as GraphML (for Gephi, Cytoscape or networkx)."""

from __future__ import annotations

import io
import json
from xml.sax.saxutils import escape

import numpy as np

from vizgen.analysis import Solved, best_edges, stats

__all__ = ["edge_names", "graph_json", "graphml"]


def edge_names(solved: Solved) -> list[tuple[str, ...]]:
    """Return, per edge, the notations of its moves (the representative first)."""
    g = solved.graph
    names = np.array([str(m) for m in g.rules.moves], dtype=object)[g.move_ids]
    return [tuple(names[a:b]) for a, b in zip(g.move_ptr[:-1].tolist(), g.move_ptr[1:].tolist())]


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


def graph_json(solved: Solved, spec: str) -> bytes:
    """The solved graph as JSON.

    Parameters
    ----------
    solved : Solved
        A solved variant.
    spec : str
        The variant's spec string.

    Returns
    -------
    bytes
        ``{"stats": ..., "nodes": [...], "edges": [[from, to, [moves], best], ...]}``;
        ``winner`` is a seat offset from the player to move (two players: 0 is a
        win, 1 a loss, null a draw).
    """
    g = solved.graph
    best = best_edges(solved)
    edges = [[int(a), int(b), list(m), bool(k)]
             for a, b, m, k in zip(g.sources, g.indices, edge_names(solved), best)]
    doc = {"stats": stats(solved, spec), "nodes": _node_rows(solved), "edges": edges}
    return json.dumps(doc, separators=(",", ":"), sort_keys=True).encode()


_KEYS = (
    ("position", "node", "string"), ("winner", "node", "int"), ("remoteness", "node", "int"),
    ("terminal", "node", "boolean"), ("depth", "node", "int"), ("random_win", "node", "double"),
    ("perfect_win", "node", "double"), ("moves", "edge", "string"), ("best", "edge", "boolean"),
)


def graphml(solved: Solved) -> bytes:
    """The solved graph as GraphML.

    Parameters
    ----------
    solved : Solved
        A solved variant.

    Returns
    -------
    bytes
        A directed GraphML document; missing values (a draw's winner and
        remoteness) are left out of the node.
    """
    g = solved.graph
    out = io.StringIO()
    out.write('<?xml version="1.0" encoding="UTF-8"?>\n'
              '<graphml xmlns="http://graphml.graphdrawing.org/xmlns">\n')
    for name, domain, kind in _KEYS:
        out.write(f'<key id="{name}" for="{domain}" attr.name="{name}" attr.type="{kind}"/>\n')
    out.write(f'<graph id="{escape(g.variant.slug)}" edgedefault="directed">\n')
    for row in _node_rows(solved):
        data = "".join(
            f'<data key="{k}">{escape(str(v).lower() if isinstance(v, bool) else str(v))}</data>'
            for k, v in row.items() if k != "id" and v is not None
        )
        out.write(f'<node id="n{row["id"]}">{data}</node>\n')
    best = best_edges(solved)
    for a, b, moves, k in zip(g.sources.tolist(), g.indices.tolist(), edge_names(solved), best.tolist()):
        out.write(f'<edge source="n{a}" target="n{b}"><data key="moves">{escape(" / ".join(moves))}</data>'
                  f'<data key="best">{str(k).lower()}</data></edge>\n')
    out.write("</graph>\n</graphml>\n")
    return out.getvalue().encode()
