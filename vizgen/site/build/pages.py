"""Each variant's rendered files, kept in the cache: a second build of the same site reads them back.

A variant's page and data files (``variants/<slug>.html``, ``variants/<slug>/...``),
its guide (``guide/<slug>.html``, two-player variants), its index card and its
figures are one cache entry (:class:`vizgen.util.cache.Cache`).
They depend on the variant, on the rest of the site (the variant switcher
lists every variant; a value map compares with the variants of its shape),
on the theme, on a ``--templates`` folder and on the code; the key holds all
of it, the code as the digest of the whole package and its templates. When
every entry is there nothing is solved, laid out or rendered: the warm
rebuild of the catalogue (six players' 2,781 data files included) only reads
them. When one is missing, the pages are gathered (solved variants and
layouts come from the cache too) and the missing ones rendered.

Card and figures go through JSON either way, so the index and the family
page are rendered from the same values whether they were computed or read.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vizgen.analysis.figures import Stats
from vizgen.engine.params import estimate_positions
from vizgen.engine.variants import Variant
from vizgen.reports.guide import guide_figures, not_taught
from vizgen.reports.puzzles import PuzzleFigures, practised, puzzle_figures
from vizgen.site.drawing import theme
from vizgen.site.render import CodePage, VariantPage, render_variants, site_order
from vizgen.site.render.contexts import Card
from vizgen.site.render.guide_page import guide_path
from vizgen.site.render.templating import template_files
from vizgen.util import sizes
from vizgen.util.cache import Cache, Entry, Notice, code_version, digest
from vizgen.util.processes import run_each

__all__ = ["CODE", "SiteFiles", "has_puzzles", "practice_sets", "puzzle_count", "rendered_variants", "taught"]

#: the code that renders a page: all of the package, its templates, scripts and styles included
CODE = ("",)
#: the third-party packages whose output reaches a page
PACKAGES = ("numpy", "scipy", "jinja2", "markupsafe", "pygraphviz", "networkx")
#: worker processes working out the guides and puzzles of the variants to render, and how many shares of the
#: variants they take in turn (more shares than workers: one long share does not leave a core idle)
TEACHERS, SHARES = 2, 4


@dataclass(frozen=True)
class SiteFiles:
    """The variants' part of a site.

    Attributes
    ----------
    order : list of Variant
        The variants in site order (:func:`vizgen.site.render.site_order`).
    files : dict of str to bytes
        Every variant's page and data files, by path.
    cards : dict of str to dict
        Each variant's index card, by slug (plain JSON values).
    stats : dict of str to dict
        Each variant's figures (:func:`vizgen.analysis.figures.stats`), by slug (plain JSON values).
    """

    order: list[Variant]
    files: dict[str, bytes]
    cards: dict[str, Card]
    stats: dict[str, Stats]


def _templates(folder: Path | None) -> str | None:
    """A digest of every file of a ``--templates`` folder, as the templates' loader reads them (None without one)."""
    if folder is None:
        return None
    return digest([[name, data] for name, data in template_files(folder)])


def _check(slug: str) -> Callable[[Entry], str | None]:
    def check(entry: Entry) -> str | None:
        data = entry.data
        if not isinstance(data, dict) or not isinstance(data.get("card"), dict) or \
                not isinstance(data.get("stats"), dict):
            return "not a rendered variant"
        if f"variants/{slug}.html" not in entry.blobs:
            return "without its page"
        inside = all(name in (f"variants/{slug}.html", guide_path(slug)) or name.startswith(f"variants/{slug}/")
                     for name in entry.blobs)
        return None if inside else "files of another variant"

    return check


def taught(page: VariantPage | CodePage) -> bool:
    """Whether a variant gets a guide ("How to play it"): a whole graph, and the guide's own condition."""
    return not page.code and not_taught(page.variant) is None


def has_puzzles(page: VariantPage | CodePage) -> bool:
    """Whether a variant has puzzles on the practice page: a whole graph, and the puzzles' own condition."""
    return not page.code and practised(page.variant) is None


def puzzle_count(page: VariantPage | CodePage, cache: Cache) -> int:
    """How many puzzles a variant has on the practice page (:func:`vizgen.reports.puzzles.puzzle_figures`)."""
    if not has_puzzles(page):
        return 0
    return len(puzzle_figures(page.variant, cache)["puzzles"])


def _teach(job: tuple[str, list[tuple[Variant, bool, bool]]]) -> list[Notice]:
    """In a worker process: the guides and puzzles of a share of the variants, computed into the cache; the
    cache's warnings (an entry healed), for the build to say."""
    folder, share = job
    cache = Cache.keeping(Path(folder))
    for variant, guide, puzzles in share:
        if guide:
            guide_figures(variant, cache)
        if puzzles:
            puzzle_figures(variant, cache)
    return cache.kept


def _taught_aside(pages: list[VariantPage | CodePage], cache: Cache) -> None:
    """Work the guides and puzzles of ``pages`` out in :data:`TEACHERS` worker processes, into the cache (where
    the build reads them): the largest variants first, dealt out in :data:`SHARES` shares. Without a cache folder
    the build works them out itself."""
    todo = sorted(((p.n, p.variant, taught(p), has_puzzles(p)) for p in pages),
                  key=lambda t: -t[0])
    todo = [t for t in todo if t[2] or t[3]]
    if cache.folder is None or not todo:
        return
    shares = [[t[1:] for t in todo[k::SHARES]] for k in range(min(SHARES, len(todo)))]
    for told in run_each(_teach, [(str(cache.folder), share) for share in shares], TEACHERS):
        cache.relay(told)


def _plain(value: Any) -> Any:
    """The value as JSON reads it back."""
    return json.loads(json.dumps(value))


def rendered_variants(variants: list[Variant], cache: Cache, pages: Callable[[], list[VariantPage | CodePage]], *,
                      templates: Path | None = None, site_url: str | None = None,
                      on_step: Callable[[str], None] | None = None, docs: bool = False,
                      scored: bool = False) -> SiteFiles:
    """Every variant's files, from the cache or rendered.

    Parameters
    ----------
    variants : list of Variant
        The site's variants, checked (as given; the site orders them).
    cache : Cache
        Where rendered variants are kept.
    pages : callable
        Gathers the page of every variant, in the order given (called only when the cache lacks one).
    templates : pathlib.Path, optional
        A folder of templates that take the place of the built-in ones.
    site_url : str, optional
        Where the site is published (the pages' Open Graph tags and preview pictures).
    on_step : callable, optional
        Called with a label for each variant.
    docs : bool
        The documentation is built into the site: every page's header links to it.
    scored : bool
        The site has the best page (with the report pages): every variant page links to its row there.

    Returns
    -------
    SiteFiles
        The same files, cards and figures whether they were rendered or read.
    """
    step = on_step or (lambda label: None)
    order = site_order(variants)
    site = digest([dataclasses.asdict(v) for v in order])  # once: every variant's key holds it
    common = {"site": site, "theme": theme.fingerprint(), "templates": _templates(templates), "site_url": site_url,
              "docs": docs, "scored": scored}
    version = code_version(*CODE, packages=PACKAGES)
    entries = {v.slug: cache.get("page", {**common, "slug": v.slug}, version, _check(v.slug)) for v in order}
    missing = [slug for slug, entry in entries.items() if entry is None]
    if missing:
        gathered = {p.slug: p for p in pages()}
        _taught_aside([gathered[slug] for slug in missing], cache)
        guides = {slug: guide_figures(gathered[slug].variant, cache) for slug in missing if taught(gathered[slug])}
        practised = {slug: count for slug in missing if (count := puzzle_count(gathered[slug], cache))}
        files, cards = render_variants(list(gathered.values()), templates=templates, only=missing,
                                       site_url=site_url, guides=guides, practised=practised, docs=docs,
                                       scored=scored)
        for slug in missing:
            made = Entry(data=_plain({"card": cards[slug], "stats": gathered[slug].stats}), blobs=files[slug])
            cache.put("page", {**common, "slug": slug}, version, made)
            entries[slug] = made
    out = SiteFiles(order=order, files={}, cards={}, stats={})
    for v in order:
        entry = entries[v.slug]
        assert entry is not None
        out.files.update(entry.blobs)
        out.cards[v.slug], out.stats[v.slug] = entry.data["card"], entry.data["stats"]
        step(f"{'rendered' if v.slug in missing else 'read'} {v.slug}")
    return out


def practice_sets(variants: list[Variant], cache: Cache) -> tuple[dict[str, PuzzleFigures], dict[str, str]]:
    """The practice page's data: :func:`vizgen.reports.puzzles.puzzle_figures` of every variant that has puzzles
    (from the cache or computed), and why each other variant has none."""
    sets: dict[str, PuzzleFigures] = {}
    why: dict[str, str] = {}
    for v in variants:
        reason = practised(v)
        if reason is None and sizes.page_kind(estimate_positions(v.params)) == "code":
            reason = "its positions are too many for the practice page"
        if reason is None:
            sets[v.slug] = puzzle_figures(v, cache)
        else:
            why[v.slug] = reason
    return sets, why
