"""The page object: everything the render layer needs to draw one variant."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import ClassVar, Literal

import numpy as np

from vizgen.analysis.bands import shown_edges
from vizgen.analysis.facts import Facts, position_facts
from vizgen.analysis.figures import Stats
from vizgen.analysis.solved import Solved
from vizgen.engine.variants import Variant
from vizgen.site.data.tables import EdgeTable, NodeTable, edge_table, node_table
from vizgen.site.drawing.layout import Layout
from vizgen.site.drawing.valuemap import ValueMap, value_map
from vizgen.util import sizes

__all__ = ["PageIdentity", "VariantPage", "page_of"]


class PageIdentity:
    """What every kind of variant page derives from its ``variant`` and its ``facts``."""

    variant: Variant
    facts: Facts

    @property
    def slug(self) -> str:
        """File name of the page: ``variants/<slug>.html``."""
        return self.variant.slug

    @property
    def players(self) -> int:
        """Number of players."""
        return self.variant.params.players

    @property
    def verdicts(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Per position: the verdict code, its ``{n}`` and its ``{k}`` (:mod:`vizgen.analysis.facts`)."""
        return self.facts.verdict, self.facts.verdict_n, self.facts.winner

    @property
    def fate(self) -> bool:
        """The colours show the mover's fate: forced win, survives or forced out (more players)."""
        return self.facts.forced_out_in is not None

    @property
    def value(self) -> np.ndarray:
        """Value per position for the player to move: +1 win, 0 draw or open, -1 loss."""
        return self.facts.value


@dataclass(frozen=True, eq=False)
class VariantPage(PageIdentity):
    """One variant, ready to render.

    Attributes
    ----------
    variant : Variant
        Its identity (slug, title, summary, group, spec) and rules.
    facts : Facts
        Every per-position fact (:func:`vizgen.analysis.facts.position_facts`), in node order.
    nodes : NodeTable
        Every per-position figure of the downloads and the panel.
    edges : EdgeTable
        Every move.
    hands : tuple
        Per position, every player's hands, the player to move first (for the pictures of hands).
    layout : Layout
        Coordinates and pictures.
    stats : dict
        The figures of :func:`vizgen.analysis.figures.stats` (``vizgen stats --json``).
    shown : numpy.ndarray
        bool per edge: drawn by default (:func:`vizgen.analysis.bands.shown_edges`, the moves that carry meaning).
    vmap : ValueMap or None
        The value map (:func:`vizgen.site.drawing.valuemap.value_map`) of a two-player variant, None with more players.
    """

    variant: Variant
    facts: Facts
    nodes: NodeTable
    edges: EdgeTable
    hands: tuple[tuple[tuple[int, ...], ...], ...]
    layout: Layout
    stats: Stats
    shown: np.ndarray
    vmap: ValueMap | None

    @cached_property
    def start(self) -> int:
        """Node id of the start position."""
        return self.nodes.plain("position").index(self.stats["start"]["position"])

    @property
    def n(self) -> int:
        """Reachable positions."""
        return len(self.nodes)

    #: a code page (:class:`vizgen.site.render.codepage.CodePage`) it is not
    code: ClassVar[Literal[False]] = False

    def names(self, nodes: np.ndarray) -> list[str]:
        """The notations of the positions ``nodes``."""
        names = self.nodes["position"]
        return [names[i] for i in np.asarray(nodes, dtype=np.int64).tolist()]

    @cached_property
    def name_key(self) -> np.ndarray:
        """Per position, a number that sorts the positions as their notations sort: their rank."""
        rank = np.empty(len(self.nodes), dtype=np.int64)
        rank[np.argsort(self.nodes["position"].astype(str), kind="stable")] = np.arange(len(self.nodes))
        return rank

    @property
    def big(self) -> bool:
        """Too many positions for one interactive graph: the page offers the explorer."""
        return sizes.page_kind(len(self.nodes)) != "small"



def page_of(variant: Variant, solved: Solved, layout: Layout, figures: Stats) -> VariantPage:
    """Gather a solved variant's page.

    Parameters
    ----------
    variant : Variant
        The variant as the site names it.
    solved : Solved
        Its solution.
    layout : Layout
        Its layout and pictures.
    figures : dict
        Its :func:`vizgen.analysis.figures.stats`.

    Returns
    -------
    VariantPage
        The page object.

    Examples
    --------
    >>> from vizgen.analysis.solved import solve_variant
    >>> from vizgen.analysis.figures import stats
    >>> from vizgen.site.drawing.layout import layout_all
    >>> from vizgen.engine.spec import resolve
    >>> solved = solve_variant(resolve("standard:r=3"))
    >>> page = page_of(solved.variant, solved, layout_all([solved], None)[0], stats(solved, "standard:r=3"))
    >>> len(page.nodes) == solved.graph.n
    True
    """
    g = solved.graph
    _, seats = g.rules.seats(g.codes)
    sets = g.rules.hand_numbers
    hands = tuple(zip(*([sets[i] for i in s.tolist()] for s in seats)))
    return VariantPage(variant=variant, facts=position_facts(solved), nodes=node_table(solved),
                       edges=edge_table(solved), hands=hands, layout=layout, stats=figures,
                       shown=shown_edges(solved), vmap=value_map(solved) if g.players == 2 else None)
