"""Pages of variants with millions of positions: compact per-position data by position code, in chunks.

A variant with more than :data:`vizgen.util.sizes.CODE_PAGE_OVER` positions (five and six
players) cannot ship a node table, moves and parents to the browser. Its page
ships instead:

``rules.js``
    The variant's rule tables (:meth:`vizgen.engine.rules.Rules.kernel_tables`), the
    names of its hand sets and moves, the layout of the chunks and the wire's
    fields. The browser (``movegen.js``) generates a position's moves and parents
    from these tables exactly as :mod:`vizgen.engine.kernel` does, so no move is shipped.
``d<k>.js``
    Positions with codes ``k * CODE_CHUNK ..``: a block of the position facts
    (:mod:`vizgen.site.render.wire`, the same format as a small page's
    ``nodes.js``), indexed by code; a code no game reaches has the verdict -1.
    Compression makes six players' fields a few kB a chunk.

Every value is a fact of :func:`vizgen.analysis.facts.position_facts`: this
module only lays them out by code, and the browser only looks them up.
"""

from __future__ import annotations

import dataclasses
import json
import math
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar, Literal
from xml.sax.saxutils import quoteattr

import numpy as np

from vizgen.ai.tricky import trap_figure
from vizgen.analysis import words
from vizgen.analysis.facts import Facts, position_facts
from vizgen.analysis.figures import Stats
from vizgen.analysis.solved import Solved
from vizgen.engine.rules import Rules
from vizgen.engine.variants import Variant
from vizgen.site.data.tables import FACT_COLUMNS
from vizgen.site.drawing import theme
from vizgen.site.render.datafiles import jsonp
from vizgen.site.render.page import PageIdentity
from vizgen.site.render.wire import encode, fields_of, spec
from vizgen.util.text import visible

__all__ = ["CODE_CHUNK", "CodePage", "code_files", "code_page_of"]

#: position codes per data chunk (a few kB a chunk once compressed)
CODE_CHUNK = 4096
#: codes whose name keys are worked out at once (six players' seats all at once took 640 MB)
KEY_BLOCK = 1 << 20


@dataclass(frozen=True, eq=False)
class CodePage(PageIdentity):
    """A variant shown by position code: its position facts laid out over the code space.

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
    facts : Facts
        Every per-position fact, in node order.
    start : int
        Node id of the start position.
    """

    variant: Variant
    rules: Rules
    stats: Stats
    codes: np.ndarray
    facts: Facts
    start: int

    @property
    def n(self) -> int:
        """Reachable positions."""
        return int(self.codes.size)

    #: how the render layer tells the page kinds apart: a code page is big, has no value map
    big = True
    code: ClassVar[Literal[True]] = True
    vmap = None

    def names(self, nodes: np.ndarray) -> list[str]:
        """The notations of the positions ``nodes``."""
        return self.rules.notations(self.codes[np.asarray(nodes, dtype=np.int64)])

    @cached_property
    def name_key(self) -> np.ndarray:
        """Per position, a number that sorts the positions as their notations sort (hand sets in index order)."""
        key = np.empty(self.n, dtype=np.int64)
        for lo in range(0, self.n, KEY_BLOCK):
            count, seats = self.rules.seats(self.codes[lo:lo + KEY_BLOCK])
            part = np.zeros(count.size, dtype=np.int64)
            for s in seats:  # the notation writes seat 0 first: it is the most significant digit
                part = part * self.rules.m + s
            key[lo:lo + KEY_BLOCK] = part * self.rules.counts + count
        return key


def code_page_of(variant: Variant, solved: Solved, figures: Stats) -> CodePage:
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
    >>> from vizgen.engine.spec import resolve
    >>> solved = solve_variant(resolve("standard:players=3,r=3"))
    >>> page = code_page_of(solved.variant, solved, stats(solved, "standard:players=3,r=3"))
    >>> page.n == solved.graph.n, page.names([page.start])
    (True, ['11-11-11'])
    """
    g = solved.graph
    # the browser chooses the tricky perfect player's move from the trap figure (opponents.js)
    facts = dataclasses.replace(position_facts(solved), trap=trap_figure(solved))
    return CodePage(variant=variant, rules=g.rules, stats=figures, codes=np.asarray(g.codes), facts=facts,
                    start=int(g.start))


def _rules_payload(page: CodePage) -> dict[str, Any]:  # open: the kernel's ten tables, 1 to 4 deep by table
    rules, tables = page.rules, page.rules.kernel_tables()
    ints = tables[0].tolist()
    names = ("ints", "live", "swap_ok", "own_dst", "own_mid", "hit_dst", "hit_own", "hit_mid", "own_src", "hit_src")
    payload: dict[str, Any] = {  # as above
        name: np.asarray(t).astype(np.int64).tolist() for name, t in zip(names, tables)}
    payload["ints"] = ints
    fields = fields_of(page.facts)
    payload.update(
        space=int(rules.space),
        chunk=CODE_CHUNK,
        start=int(page.codes[page.start]),
        positions=page.n,
        sets=rules.names,
        hands=rules.hand_numbers,
        moves=[str(m) for m in rules.moves],
        fields=spec(fields),
        columns=[{"name": c.name, "label": c.label, "show": c.show, "doc": c.doc, "missing": c.missing}
                 for c in FACT_COLUMNS if c.name in {f.name for f in fields}],
    )
    return payload


def _chunk(page: CodePage, k: int) -> bytes:
    """The block of codes ``k * CODE_CHUNK ..``: the facts of the positions there, -1 at codes no game reaches."""
    lo, hi = k * CODE_CHUNK, min(page.rules.space, (k + 1) * CODE_CHUNK)
    first, last = np.searchsorted(page.codes, [lo, hi])
    at = page.codes[first:last] - lo
    fields = fields_of(page.facts)
    columns = {}
    for f in fields:
        column = np.full(hi - lo, -1, dtype=np.int64)
        column[at] = getattr(page.facts, f.name)[first:last]
        columns[f.name] = column
    return jsonp(f"d{k}", encode(fields, columns, page.players))


def _thumb(page: CodePage) -> bytes:
    """The index thumbnail: a mosaic of positions spread evenly through the code space, coloured by value."""
    cols, rows, size = 48, 30, 5
    picks = np.linspace(0, page.n - 1, cols * rows).astype(np.int64)
    cls = [words.VERDICTS[v].cls for v in page.facts.verdict[picks].tolist()]
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
    >>> from vizgen.engine.spec import resolve
    >>> solved = solve_variant(resolve("standard:players=3,r=3"))
    >>> files = code_files(code_page_of(solved.variant, solved, stats(solved, "x")))
    >>> sorted(files)[:3]
    ['d0.js', 'rules.js', 'standard-players3-r3-stats.json']
    """
    files = {f"d{k}.js": _chunk(page, k) for k in range(math.ceil(page.rules.space / CODE_CHUNK))}
    files["rules.js"] = jsonp("rules", _rules_payload(page))
    files["thumb.svg"] = theme.follow(_thumb(page))
    files[f"{page.slug}-stats.json"] = (json.dumps(page.stats, sort_keys=True, indent=2) + "\n").encode()
    return files
