"""The render layer: solved variants in, every file of the static site out.

:func:`render_site` takes one :class:`VariantPage` per variant and returns
every file of the site as bytes, keyed by relative path; it writes nothing to
disk. The output is deterministic and self-contained: relative links only,
nothing loaded from another host, data shipped as scripts that call a global
callback, so the pages also work from ``file://``.

Modules: :mod:`~vizgen.site.render.page` (the page object),
:mod:`~vizgen.site.render.datafiles` (what the browser loads, and the downloads),
:mod:`~vizgen.site.render.pictures` (the overview of a big variant),
:mod:`~vizgen.site.render.contexts` (what each template is given),
:mod:`~vizgen.site.render.rules_page` (the rules page's data) and
:mod:`~vizgen.site.render.assets` (shared files and the templates).
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path

from jinja2 import Environment

from vizgen.analysis import words
from vizgen.analysis.sweep import SPACE_ACCEPTED
from vizgen.engine.variants import GROUPS, Variant
from vizgen.reports.claims import ClaimsReport
from vizgen.reports.family import Family
from vizgen.reports.guide import GuideFigures
from vizgen.reports.maxn import MaxnReport
from vizgen.reports.puzzles import PuzzleFigures
from vizgen.site.drawing import theme
from vizgen.site.output.docs import DOCS_HOME
from vizgen.site.render.assets import environment, shared_files
from vizgen.site.render.best_page import best_files, best_of_record, family_pick
from vizgen.site.render.codepage import CodePage, code_files
from vizgen.site.render.contexts import Card, card, index_context, nav, variant_context
from vizgen.site.render.datafiles import DataFiles, Download, data_files
from vizgen.site.render.guide_page import guide_context, guide_path
from vizgen.site.render.maps import peers_of
from vizgen.site.render.maxn_page import maxn_context
from vizgen.site.render.page import VariantPage, page_of
from vizgen.site.render.payloads import PageConfig
from vizgen.site.render.pictures import mosaic_preview, preview
from vizgen.site.render.practice_page import PRACTICE_PATH, practice_context, practice_files, practice_href
from vizgen.site.render.reports import report_files, variant_links
from vizgen.site.render.rules_page import rules_context
from vizgen.site.render.space_page import space_files
from vizgen.util import sizes
from vizgen.util.processes import Background

__all__ = ["CodePage", "VariantPage", "page_of", "render_front", "render_site", "render_variants", "site_order",
           "site_preview"]

SITE_TITLE = "The Chopsticks atlas"
_SLUG = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


def site_order(variants: list[Variant]) -> list[Variant]:
    """The variants in the order of their groups (the given order within a group); refuse duplicate slugs,
    unsafe slugs and unknown groups.

    Examples
    --------
    >>> from vizgen.engine.spec import resolve
    >>> [v.slug for v in site_order([resolve("three-players"), resolve("standard")])]
    ['standard', 'three-players']
    """
    slugs = [v.slug for v in variants]
    twice = sorted({s for s in slugs if slugs.count(s) > 1})
    if twice:
        raise ValueError(f"duplicate slugs: {', '.join(twice)}")
    for v in variants:
        if not _SLUG.fullmatch(v.slug):
            raise ValueError(f"slug {v.slug!r} is not URL-safe")
        if v.group not in GROUPS:
            raise ValueError(f"{v.slug}: unknown group {v.group!r}; groups: {', '.join(GROUPS)}")
    return sorted(variants, key=lambda v: GROUPS.index(v.group))


def _ordered(pages: list[VariantPage | CodePage]) -> list[VariantPage | CodePage]:
    """The pages in the order of their groups (:func:`site_order`)."""
    by_slug = {p.slug: p for p in pages}
    return [by_slug[v.slug] for v in site_order([p.variant for p in pages])]


def _config(page: VariantPage | CodePage, data: DataFiles) -> PageConfig:
    """The page's configuration for the browser: where its data is, the theme and the words."""
    params = page.variant.params
    seats = words.seat_words(page.players)
    return {
        "kind": "code" if page.code else "big" if page.big else "small",
        "data": f"{page.slug}/",
        "slug": page.slug,
        "players": page.players,
        "hands": params.hands,
        "r": params.r,
        "gain": params.attack == "self-gain",
        "start": page.stats["start"]["position"],
        "chunks": data.chunks,
        "overview": data.overview is not None,
        "map": page.vmap is not None,
        "view": "map" if page.vmap is not None and (page.big or page.layout.engine != "bands") else "graph",
        "themes": theme.PALETTES,
        "words": words.for_browser(),
        "seats": {"names": seats["names"], "won": seats["won"]},
    }


def _preview(page: VariantPage | CodePage) -> bytes:
    """The page's picture for shared links: its graph, or a mosaic of its positions where there is no layout."""
    if page.code:
        return mosaic_preview(words.VALUES[page.facts.verdict])
    return preview(page.layout.x, page.layout.y, page.value, page.nodes["depth"], page.start,
                   (page.edges.src, page.edges.dst))


def code_data(page: CodePage) -> DataFiles:
    """The files of a code page (:func:`vizgen.site.render.codepage.code_files`) and what its page says of them."""
    files = code_files(page)
    stats_file = f"{page.slug}-stats.json"
    offered: list[Download] = [{"file": stats_file, "label": "The figures (JSON)", "data": files[stats_file]}]
    return DataFiles(files=files, chunks=sum(1 for name in files if name.startswith("d")), thumb="thumb.svg",
                     downloads=offered, overview=None)


Files = dict[str, bytes]

#: worker processes rendering the graph pages of a build with the built-in templates
RENDERERS = 2


#: a page to render: the page, its value map's peers, its guide and how many puzzles it has
_Todo = tuple[VariantPage | CodePage, list[VariantPage], GuideFigures | None, int]


@dataclass(frozen=True)
class _Order:
    """What a worker needs to render a share of the variants."""

    pages: list[_Todo]
    nav: list[dict[str, str]]
    templates: Path | None
    site_url: str | None
    docs: bool = False
    scored: bool = False


def _render_share(order: _Order) -> list[tuple[Files, Card]]:
    """Render every page of a share: its files and its index card each (in a worker process, or here)."""
    env = environment(order.templates)
    env.globals["site_url"] = order.site_url or ""
    env.globals["docs"] = DOCS_HOME if order.docs else ""
    env.globals["scored"] = order.scored  # the site has the best page: each variant page links to its row there
    return [_render_page(env, page, peers, order.nav, order.site_url, guide, count)
            for page, peers, guide, count in order.pages]


def _render_page(env: Environment, page: VariantPage | CodePage, peers: list[VariantPage],
                 items: list[dict[str, str]], site_url: str | None, guide: GuideFigures | None,
                 count: int) -> tuple[Files, Card]:
    """One variant's files (its page, data files and guide, by path) and its index card."""
    data = code_data(page) if page.code else data_files(page, peers)
    mine = {f"variants/{page.slug}/{name}": blob for name, blob in data.files.items()}
    context = variant_context(page, data, _config(page, data), items, SITE_TITLE)
    context["share"] = {"path": f"variants/{page.slug}.html", "image": f"variants/{page.slug}/preview.png",
                        "alt": f"The positions of {page.variant.title}, each in its value's colour"}
    if site_url:
        mine[context["share"]["image"]] = _preview(page)
    context["guide"] = None if guide is None else f"../{guide_path(page.slug)}"
    context["practice"] = practice_href("../", page.slug) if count else None
    context["puzzles"] = count
    if guide is not None:
        share = {**context["share"], "path": guide_path(page.slug), "alt": f"How to play {page.variant.title}"}
        guide_page = {**guide_context(guide, SITE_TITLE), "share": share, "practice": context["practice"]}
        mine[guide_path(page.slug)] = env.get_template("guide.html").render(guide_page).encode()
    mine[f"variants/{page.slug}.html"] = env.get_template("variant.html").render(context).encode()
    return mine, {**card(page, data.thumb), "guide": None if guide is None else guide_path(page.slug)}


def _render_apart(todo: list[_Todo], items: list[dict[str, str]], site_url: str | None,
                  workers: int, docs: bool = False, scored: bool = False) -> list[tuple[Files, Card]]:
    """Render the graph pages in ``workers`` worker processes, each a share of about as many positions (the largest
    pages dealt first), and the code pages here meanwhile: a code page is too big to hand over (six players' pickles
    to 456 MB)."""
    here = [k for k, (page, *_) in enumerate(todo) if page.code]
    shares: list[list[int]] = [[] for _ in range(workers)]
    load = [0] * workers
    for k in sorted((k for k, (page, *_) in enumerate(todo) if not page.code), key=lambda k: -todo[k][0].n):
        least = load.index(min(load))
        shares[least].append(k)
        load[least] += todo[k][0].n
    shares = [share for share in shares if share]
    running: list[Background] = []
    try:
        for share in shares:
            running.append(Background(_render_share, _Order([todo[k] for k in share], items, None, site_url, docs,
                                                                     scored)))
        out = dict(zip(here, _render_share(_Order([todo[k] for k in here], items, None, site_url, docs, scored))))
        for share, work in zip(shares, running):
            out.update(zip(share, work.result()))
    finally:
        for work in running:
            work.stop()
    return [out[k] for k in range(len(todo))]


def _apart(todo: list[_Todo], templates: Path | None, workers: int) -> bool:
    """Whether worker processes render the graph pages (:func:`render_variants`): worth a process's start and the
    pages' pickling only beside a code page or for many positions."""
    if templates is not None or workers <= 1 or len(todo) <= 1:
        return False
    graph = sum(page.n for page, *_ in todo if not page.code)
    return graph > 0 and (any(page.code for page, *_ in todo) or graph >= sizes.RENDER_APART_OVER)


def render_variants(pages: list[VariantPage | CodePage], *, templates: Path | None = None,
                    only: Collection[str] | None = None, site_url: str | None = None,
                    guides: dict[str, GuideFigures] | None = None, practised: dict[str, int] | None = None,
                    workers: int = RENDERERS, docs: bool = False,
                    scored: bool = False) -> tuple[dict[str, Files], dict[str, Card]]:
    """Render the variants' pages and data files, and their index cards.

    With the built-in templates, more than one page to render and a code page among them or graph pages of
    :data:`vizgen.util.sizes.RENDER_APART_OVER` positions or more, ``workers`` worker processes render the graph
    pages while this one renders the code pages; a smaller site is rendered here, and so is a ``--templates``
    folder, where a template's fault can be traced to its line (:func:`vizgen.site.render.templating.explained`).

    Parameters
    ----------
    pages : list of VariantPage or CodePage
        Every variant of the site (the switcher lists them all; a value map compares with its peers).
    templates : pathlib.Path, optional
        A folder of templates that take the place of the built-in ones of the same name.
    only : collection of str, optional
        Render only the pages with these slugs (default: all).
    site_url : str, optional
        Where the site is published: Open Graph and Twitter tags with absolute addresses and
        preview pictures (``variants/<slug>/preview.png``).
    guides : dict, optional
        :func:`vizgen.reports.guide.guide_figures` by slug: each such variant gains ``guide/<slug>.html``,
        "How to play it", among its files, linked from its page and its index card.
    practised : dict of str to int, optional
        By slug, the puzzles of each variant on the practice page: their page and guide link to it.
    workers : int
        Worker processes (1: render here).
    docs : bool
        The documentation is built into the site's ``docs/`` (:mod:`vizgen.site.output.docs`): every page's header
        links to it.
    scored : bool
        The site has the page "Which Chopsticks is the best game?" (``best.html``, built with the report pages):
        every variant page links to its row there, "How this variant scores".

    Returns
    -------
    files : dict of str to dict
        By slug, in site order, the files of every page rendered: ``variants/<slug>.html``,
        ``variants/<slug>/...`` and its guide by path.
    cards : dict of str to dict
        The index card of every page rendered, by slug, in site order.

    Raises
    ------
    ValueError
        On a duplicate or unsafe slug, or an unknown group.
    """
    ordered = _ordered(pages)
    items = nav(ordered)
    variant_pages = [p for p in ordered if not p.code]  # a code page has no value map: no one's peer
    todo = [(page, peers_of(page, variant_pages) if not page.code else [], (guides or {}).get(page.slug),
             (practised or {}).get(page.slug, 0)) for page in ordered if only is None or page.slug in only]
    if _apart(todo, templates, workers):
        done = _render_apart(todo, items, site_url, workers, docs, scored)
    else:
        done = _render_share(_Order(todo, items, templates, site_url, docs, scored))
    files = {page.slug: mine for (page, *_), (mine, _) in zip(todo, done)}
    cards = {page.slug: made for (page, *_), (_, made) in zip(todo, done)}
    return files, cards


def site_preview(files: dict[str, bytes], variants: list[Variant]) -> bytes | None:
    """The site's picture for shared links: the first variant's (the classic game's), if the pages have one."""
    return files.get(f"variants/{variants[0].slug}/preview.png") if variants else None


def render_front(variants: list[Variant], cards: list[Card], *, templates: Path | None = None,
                 maxn: MaxnReport | None = None, family: Family | None = None,
                 claims: ClaimsReport | None = None, site_url: str | None = None,
                 preview_png: bytes | None = None,
                 practice: tuple[dict[str, PuzzleFigures], dict[str, str]] | None = None,
                 docs: bool = False) -> dict[str, bytes]:
    """Render what is not a variant's: the shared assets, the index, the practice page and the report pages.

    Parameters
    ----------
    variants : list of Variant
        The site's variants, in site order (:func:`site_order`).
    cards : list of dict
        Their index cards (:func:`render_variants`), in the same order.
    templates, maxn, family, claims, site_url
        As for :func:`render_site`.
    preview_png : bytes, optional
        The site's picture for shared links (``assets/preview.png``): the first variant's
        (:func:`site_preview`).
    practice : tuple, optional
        :func:`vizgen.reports.puzzles.puzzle_figures` by slug and, by slug, why a variant has none: with them
        the site gains ``practice.html`` and its data (:mod:`~vizgen.site.render.practice_page`).
    docs : bool
        As for :func:`render_variants`.

    Returns
    -------
    dict of str to bytes
        ``index.html``, ``assets/...`` and the report pages given data.
    """
    env = environment(templates)
    env.globals["site_url"] = site_url or ""
    env.globals["docs"] = DOCS_HOME if docs else ""
    files = shared_files()
    if preview_png is not None:
        files["assets/preview.png"] = preview_png
    site_share = {"path": "", "image": "assets/preview.png", "alt": "The state graph of the classic game of Chopsticks"}
    base = {"root": "", "site_title": SITE_TITLE, "has_family": family is not None, "has_claims": claims is not None,
            "has_space": family is not None, "space_size": SPACE_ACCEPTED, "share": site_share}
    files.update(report_files(env, base, variant_links(variants), family=family, claims=claims))
    if family is not None:  # the report pages: the rule space's map is a record, read at once
        files.update(space_files(env, base))
        best, judged = best_of_record(variants)  # the best page's figures, worked out once for it and the index
        files.update(best_files(env, base, best, judged))
    index = {**index_context(cards, SITE_TITLE), **base}
    if family is not None:  # the best page's answer to the family's question, played from the index at once
        index["best"] = family_pick(best, judged)
    if practice is not None and any(data["puzzles"] for data in practice[0].values()):
        sets, why = practice
        files.update(practice_files(variants, sets, why))
        context = {**practice_context(variants, sets, why, SITE_TITLE), "share": {**site_share, "path": PRACTICE_PATH}}
        files[PRACTICE_PATH] = env.get_template("practice.html").render(context).encode()
        index["practice"] = {"total": context["total"], "variants": context["variants_with"]}
    if maxn is not None:
        context = {**maxn_context(maxn, SITE_TITLE), "share": {**site_share, "path": "maxn.html"}}
        files["maxn.html"] = env.get_template("maxn.html").render(context).encode()
        index["maxn"] = "maxn.html"
    index["rules"] = "rules.html"
    files["rules.html"] = env.get_template("rules.html").render(
        {**base, **rules_context(SITE_TITLE), "share": {**site_share, "path": "rules.html"}}).encode()
    files["index.html"] = env.get_template("index.html").render(index).encode()
    return files


def render_site(pages: list[VariantPage | CodePage], *, templates: Path | None = None,
                maxn: MaxnReport | None = None, family: Family | None = None,
                claims: ClaimsReport | None = None, site_url: str | None = None,
                guides: dict[str, GuideFigures] | None = None) -> dict[str, bytes]:
    """Render the whole site.

    Parameters
    ----------
    pages : list of VariantPage
        One per variant; within a group they appear in this order.
    templates : pathlib.Path, optional
        A folder of templates that take the place of the built-in ones of the same name.
    maxn : dict, optional
        :func:`vizgen.reports.maxn.report`'s figures: the page ``maxn.html``, linked from the index.
    family, claims : dict, optional
        :func:`vizgen.reports.family.family_figures` and :func:`vizgen.reports.claims.claims_report`: with them the site
        gains ``family.html`` and ``claims.html`` (:mod:`~vizgen.site.render.reports`) and the index links to them.
    site_url : str, optional
        Where the site is published (``https://host/path/``): every page then carries Open Graph and Twitter tags
        with absolute addresses and a preview picture (``variants/<slug>/preview.png``, ``assets/preview.png``
        for the other pages); without it, only the tags that need no absolute address.
    guides : dict, optional
        :func:`vizgen.reports.guide.guide_figures` by slug: each such variant gains ``guide/<slug>.html``, "How to
        play it", linked from its page and its index card.

    Returns
    -------
    dict of str to bytes
        Every file by relative path (``index.html``, ``variants/<slug>.html``,
        ``variants/<slug>/...``, ``assets/...``, ``maxn.html``), in sorted order.

    Raises
    ------
    ValueError
        On a duplicate or unsafe slug, or an unknown group.
    """
    by_slug, cards = render_variants(pages, templates=templates, site_url=site_url, guides=guides,
                                     scored=family is not None)
    files = {path: blob for mine in by_slug.values() for path, blob in mine.items()}
    variants = site_order([p.variant for p in pages])
    files.update(render_front(variants, [cards[v.slug] for v in variants], templates=templates, maxn=maxn,
                              family=family, claims=claims, site_url=site_url,
                              preview_png=site_preview(files, variants)))
    return dict(sorted(files.items()))
