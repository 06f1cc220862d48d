"""Downloads: a solved graph as JSON and as GraphML (for Gephi, Cytoscape or networkx).

Both iterate the node table's column spec, so a per-position figure added in
:mod:`vizgen.analysis` appears in them without a change here.

GraphML is written here, not by networkx: at 50,567 positions and 307,001
moves (four players) networkx's ``write_graphml_xml`` took 7-10 s against
0.3-0.6 s for these few lines (measured on the 2-core machine); the tests read
the result back with networkx.
"""

from __future__ import annotations

import io
import json

from vizgen.analysis.figures import Stats
from vizgen.site.data.tables import Column, EdgeTable, NodeTable

__all__ = ["downloads"]


_GRAPHML_TYPES = {"int": "int", "float": "double", "bool": "boolean", "text": "string"}


def _escape(text: str) -> str:
    """XML character data (as :func:`xml.sax.saxutils.escape`)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _cells(nodes: NodeTable, column: Column) -> list[str]:
    """Every position's ``<data>`` element of one column, ``""`` where its value is missing."""
    key = column.name
    if column.kind == "bool":
        return ["" if v is None else f'<data key="{key}">{"true" if v else "false"}</data>' for v in nodes.plain(key)]
    text = _escape if column.kind == "text" else str
    return ["" if v is None else f'<data key="{key}">{text(str(v))}</data>' for v in nodes.plain(key)]


def _graphml(nodes: NodeTable, edges: EdgeTable, name: str) -> bytes:
    out = io.StringIO()
    out.write('<?xml version="1.0" encoding="UTF-8"?>\n<graphml xmlns="http://graphml.graphdrawing.org/xmlns">\n')
    for c in nodes.columns:
        out.write(f'<key id="{c.name}" for="node" attr.name="{c.name}" attr.type="{_GRAPHML_TYPES[c.kind]}"/>\n')
    out.write('<key id="moves" for="edge" attr.name="moves" attr.type="string"/>\n'
              '<key id="best" for="edge" attr.name="best" attr.type="boolean"/>\n')
    out.write(f'<graph id="{_escape(name)}" edgedefault="directed">\n')
    out.writelines(f'<node id="n{i}">{"".join(cells)}</node>\n'
                   for i, cells in enumerate(zip(*(_cells(nodes, c) for c in nodes.columns))))
    moves = zip(edges.src.tolist(), edges.dst.tolist(), edges.moves, edges.best.tolist())
    out.writelines(f'<edge source="n{a}" target="n{b}"><data key="moves">{_escape(" / ".join(names))}</data>'
                   f'<data key="best">{"true" if best else "false"}</data></edge>\n' for a, b, names, best in moves)
    out.write("</graph>\n</graphml>\n")
    return out.getvalue().encode()


def downloads(nodes: NodeTable, edges: EdgeTable, figures: Stats, name: str) -> tuple[bytes, bytes]:
    """The solved graph as JSON and as GraphML.

    Parameters
    ----------
    nodes : NodeTable
        Every per-position figure.
    edges : EdgeTable
        The moves.
    figures : dict
        The variant's :func:`vizgen.analysis.figures.stats` object.
    name : str
        The graph's name (the variant's slug).

    Returns
    -------
    json : bytes
        ``{"stats": ..., "columns": [...], "nodes": [...], "edges": [[from, to, [moves], best], ...]}``;
        ``columns`` is the node table's spec (name, label, kind, doc); ``winner``
        is a seat offset from the player to move (two players: 0 is a win, 1 a
        loss, null a draw).
    graphml : bytes
        A directed GraphML document with the same node attributes; missing
        values (a draw's winner and remoteness) are left out of the node.

    Examples
    --------
    >>> from vizgen.analysis.solved import solve_variant
    >>> from vizgen.analysis.figures import stats
    >>> from vizgen.site.data.tables import edge_table, node_table
    >>> from vizgen.engine.spec import resolve
    >>> solved = solve_variant(resolve("standard:r=3"))
    >>> doc, _ = downloads(node_table(solved), edge_table(solved), stats(solved, "r3"), "r3")
    >>> json.loads(doc)["nodes"][0]["position"]
    '00-01'
    """
    spec = [{"name": c.name, "label": c.label, "kind": c.kind, "doc": c.doc} for c in nodes.columns]
    rows = [[a, b, list(m), k] for a, b, m, k in zip(edges.src.tolist(), edges.dst.tolist(), edges.moves,
                                                      edges.best.tolist())]
    doc = {"stats": figures, "columns": spec, "nodes": nodes.rows(), "edges": rows}
    return json.dumps(doc, separators=(",", ":"), sort_keys=True).encode(), _graphml(nodes, edges, name)
