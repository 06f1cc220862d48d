"""Pages of variants with millions of positions: compact per-position data by position code, in chunks.

A variant with more than :data:`CODE_PAGE_OVER` positions (five and six
players) cannot ship a node table, moves and parents to the browser. Its page
ships instead:

``rules.js``
    The variant's rule tables (:meth:`vizgen.engine.rules.Rules.kernel_tables`), the
    names of its hand sets and moves, and the layout of the chunks. The browser
    (``codes.js``) generates a position's moves and parents from these tables
    exactly as :mod:`vizgen.engine.kernel` does, so no move is shipped.
``d<k>.js``
    Positions with codes ``k * CODE_CHUNK ..``: one or two bytes per field of
    :data:`FIELDS`, field after field, zlib-compressed (the browser's
    ``DecompressionStream("deflate")`` opens it) and base64-encoded; 255 (or
    65535) in the first field marks a code no game reaches. Compression makes
    six players' 80 MB of fields about 12 MB.

Every value is computed here, from the node table's columns and the words
layer: the browser only looks them up.
"""

from __future__ import annotations

import base64
import json
import math
import zlib
from dataclasses import dataclass
from functools import cached_property
from typing import Any
from xml.sax.saxutils import quoteattr

import numpy as np

from vizgen.analysis import words
from vizgen.analysis.solved import Solved, fate
from vizgen.engine.notation import fmt_hands
from vizgen.engine.rules import Rules
from vizgen.engine.solve import arrival_scores
from vizgen.engine.variants import Variant
from vizgen.site import theme
from vizgen.site.render.datafiles import jsonp
from vizgen.site.render.page import PageIdentity
from vizgen.site.tables import DEPTH, FORCED_OUT_IN
from vizgen.util.text import visible

__all__ = ["CODE_CHUNK", "CODE_PAGE_OVER", "FIELDS", "CodePage", "code_files", "code_page_of"]

#: variants with more positions than this get a code page
CODE_PAGE_OVER = 250_000
#: position codes per data chunk (a few kB a chunk once compressed)
CODE_CHUNK = 4096
#: the fields of a code page, in chunk order: name and meaning (each stored as value + 1, so -1 is 0)
FIELDS = (
    ("verdict", "the position's verdict for the player to move: code into words.VERDICTS + 16 * (its {k} + 1)"),
    ("verdict_n", "the verdict's {n} + 1"),
    ("choice", "what moving here means for the player who moved: code into words.CHOICES + 16 * ({k} + 1)"),
    ("choice_n", "the choice's {n} + 1"),
    ("score", "a move here scored for the player who moved (solve.arrival_scores): the highest are optimal"),
    ("depth", "plies from the start + 1"),
    ("forced_out_in", "plies in which the others can force the player to move out + 1 (0: survives)"),
)


@dataclass(frozen=True, eq=False)
class CodePage(PageIdentity):
    """A variant shown by position code: every field of :data:`FIELDS` over the code space.

    Attributes
    ----------
    variant : Variant
        Its identity and rules.
    rules : Rules
        The rule tables the browser's move generator reads.
    stats : dict
        The figures of :func:`vizgen.analysis.figures.stats`.
    codes : numpy.ndarray
        The code of every reachable position, ascending (node ids index it).
    fields : dict of str to numpy.ndarray
        Per field of :data:`FIELDS` (those that apply), one value + 1 per code of the code space.
    start : int
        Node id of the start position.
    """

    variant: Variant
    rules: Rules
    stats: dict[str, Any]
    codes: np.ndarray
    fields: dict[str, np.ndarray]
    start: int

    @property
    def n(self) -> int:
        """Reachable positions."""
        return int(self.codes.size)

    #: how the render layer tells the page kinds apart: a code page is big, has no value map
    big = True
    code = True
    vmap = None

    @property
    def fate(self) -> bool:
        """The colours show the mover's fate (forced win, survives, forced out)."""
        return "forced_out_in" in self.fields

    @cached_property
    def verdicts(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Per position: the verdict code, its ``{n}`` and its ``{k}``."""
        packed = self.fields["verdict"][self.codes].astype(np.int64)
        return packed % 16, self.fields["verdict_n"][self.codes].astype(np.int64) - 1, packed // 16 - 1

    def names(self, nodes: np.ndarray) -> list[str]:
        """The notations of the positions ``nodes``."""
        return self.rules.notations(self.codes[np.asarray(nodes, dtype=np.int64)])

    @cached_property
    def name_key(self) -> np.ndarray:
        """Per position, a number that sorts the positions as their notations sort (hand sets in index order)."""
        count, seats = self.rules.seats(self.codes)
        key = np.zeros(self.n, dtype=np.int64)
        for s in seats:  # the notation writes seat 0 first: it is the most significant digit
            key = key * self.rules.m + s
        return key * self.rules.counts + count


def _plus_one(values: np.ndarray) -> np.ndarray:
    return np.asarray(values, dtype=np.int64) + 1


def code_page_of(variant: Variant, solved: Solved, figures: dict[str, Any]) -> CodePage:
    """Gather the code page of a solved variant.

    Parameters
    ----------
    variant : Variant
        The variant as the site names it.
    solved : Solved
        Its solution.
    figures : dict
        Its :func:`vizgen.analysis.figures.stats`.

    Returns
    -------
    CodePage
        The page object.

    Examples
    --------
    >>> from vizgen.analysis.solved import solve_variant
    >>> from vizgen.analysis.figures import stats
    >>> from vizgen.engine.variants import resolve
    >>> solved = solve_variant(resolve("standard:players=3,r=3"))
    >>> page = code_page_of(solved.variant, solved, stats(solved, "standard:players=3,r=3"))
    >>> page.n == solved.graph.n, page.names([page.start])
    (True, ['11-11-11'])
    """
    g, f = solved.graph, solved.forced
    players = g.players
    mover, chooser = fate(solved), fate(solved, players - 1)
    verdict = words.verdicts(players, f.winner, g.terminal, mover)
    v_n = words.verdict_n(verdict, f.remoteness, mover)
    choice, c_n, c_k = words.choices(players, f.winner, g.terminal, f.remoteness, chooser)
    score = arrival_scores(players, f, chooser)
    per_node = {
        "verdict": verdict.astype(np.int64) + 16 * _plus_one(f.winner),
        "verdict_n": _plus_one(v_n),
        "choice": choice.astype(np.int64) + 16 * _plus_one(c_k),
        "choice_n": _plus_one(c_n),
        "score": score,
        "depth": _plus_one(g.depth),
    }
    if mover is not None:
        per_node["forced_out_in"] = _plus_one(mover)
    space = g.rules.space
    fields = {}
    for name, values in per_node.items():
        dtype = np.uint8 if values.max() < 255 else np.uint16
        full = np.full(space, np.iinfo(dtype).max if name == "verdict" else 0, dtype=dtype)
        full[g.codes] = values
        fields[name] = full
    return CodePage(variant=variant, rules=g.rules, stats=figures, codes=np.asarray(g.codes), fields=fields,
                    start=int(g.start))


def _rules_payload(page: CodePage) -> dict[str, Any]:
    rules, tables = page.rules, page.rules.kernel_tables()
    ints = tables[0].tolist()
    names = ("ints", "live", "swap_ok", "own_dst", "own_mid", "hit_dst", "hit_mid", "own_src", "hit_src", "gain_src")
    payload: dict[str, Any] = {name: np.asarray(t).astype(np.int64).tolist() for name, t in zip(names, tables)}
    payload["ints"] = ints
    payload.update(
        space=int(rules.space),
        chunk=CODE_CHUNK,
        start=int(page.codes[page.start]),
        positions=page.n,
        sets=[fmt_hands(h, rules.wide) for h in rules.sets],
        hands=[list(h) for h in rules.sets],
        moves=[str(m) for m in rules.moves],
        fields=[{"name": name, "bytes": page.fields[name].itemsize} for name, _ in FIELDS if name in page.fields],
        columns=[{"name": c.name, "label": c.label, "show": c.show, "doc": c.doc, "missing": c.missing}
                 for c in (DEPTH, FORCED_OUT_IN) if c.name in page.fields],
    )
    return payload


def _chunk(page: CodePage, k: int) -> bytes:
    lo, hi = k * CODE_CHUNK, min(page.rules.space, (k + 1) * CODE_CHUNK)
    parts = [page.fields[name][lo:hi].astype(page.fields[name].dtype.newbyteorder("<")).tobytes()
             for name, _ in FIELDS if name in page.fields]
    # level 6: 2 % larger than 9 at less than half the time (the six-player page writes 2,781 chunks)
    return jsonp(f"d{k}", base64.b64encode(zlib.compress(b"".join(parts), 6)).decode())


def _thumb(page: CodePage) -> bytes:
    """The index thumbnail: a mosaic of positions spread evenly through the code space, coloured by value."""
    cols, rows, size = 48, 30, 5
    picks = page.codes[np.linspace(0, page.n - 1, cols * rows).astype(np.int64)]
    cls = [words.VERDICTS[int(v) % 16].cls for v in page.fields["verdict"][picks].tolist()]
    cells = "".join(f'<rect x="{(i % cols) * size}" y="{(i // cols) * size}" width="{size}" height="{size}" '
                    f'fill="{theme.PALETTE[c]}"/>' for i, c in enumerate(cls))
    label = quoteattr(visible(f"positions of {page.variant.title} coloured by value"))  # user text: XML-escaped
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {cols * size} {rows * size}" '
            f'role="img" aria-label={label}>{cells}</svg>\n').encode()


def code_files(page: CodePage) -> dict[str, bytes]:
    """Every data file of a code page, keyed by path relative to ``variants/<slug>/``.

    Examples
    --------
    >>> from vizgen.analysis.solved import solve_variant
    >>> from vizgen.analysis.figures import stats
    >>> from vizgen.engine.variants import resolve
    >>> solved = solve_variant(resolve("standard:players=3,r=3"))
    >>> files = code_files(code_page_of(solved.variant, solved, stats(solved, "x")))
    >>> sorted(files)[:3]
    ['d0.js', 'rules.js', 'standard-players3-r3-stats.json']
    """
    files = {f"d{k}.js": _chunk(page, k) for k in range(math.ceil(page.rules.space / CODE_CHUNK))}
    files["rules.js"] = jsonp("rules", _rules_payload(page))
    files["thumb.svg"] = _thumb(page)
    files[f"{page.slug}-stats.json"] = (json.dumps(page.stats, sort_keys=True, indent=2) + "\n").encode()
    return files
