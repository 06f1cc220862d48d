"""The render layer: solved variants in, every file of the static site out.

:func:`render_site` takes one :class:`VariantPage` per variant and returns
every file of the site as bytes, keyed by relative path; it writes nothing to
disk. The output is deterministic and self-contained: relative links only,
nothing loaded from another host, data shipped as scripts that call a global
callback, so the pages also work from ``file://``.

Modules: :mod:`~vizgen.site.render.page` (the page object),
:mod:`~vizgen.site.render.datafiles` (what the browser loads, and the downloads),
:mod:`~vizgen.site.render.pictures` (the overview of a big variant),
:mod:`~vizgen.site.render.contexts` (what each template is given) and
:mod:`~vizgen.site.render.assets` (shared files and the templates).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from vizgen.analysis import words
from vizgen.engine.variants import GROUPS
from vizgen.site import theme
from vizgen.site.render.assets import environment, shared_files
from vizgen.site.render.codepage import CodePage, code_files
from vizgen.site.render.contexts import card, index_context, nav, variant_context
from vizgen.site.render.datafiles import DataFiles, variant_files
from vizgen.site.render.guide_page import guide_context, guide_path
from vizgen.site.render.maps import peers_of
from vizgen.site.render.maxn_page import maxn_context
from vizgen.site.render.page import BIG, VariantPage, page_of
from vizgen.site.render.reports import report_files, variant_links

__all__ = ["BIG", "CodePage", "VariantPage", "page_of", "render_site"]

SITE_TITLE = "The Chopsticks atlas"
_SLUG = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*")


def _ordered(pages: list[VariantPage]) -> list[VariantPage]:
    """The pages in the order of their groups; refuse duplicate slugs and unknown groups."""
    slugs = [p.slug for p in pages]
    twice = sorted({s for s in slugs if slugs.count(s) > 1})
    if twice:
        raise ValueError(f"duplicate slugs: {', '.join(twice)}")
    for p in pages:
        if not _SLUG.fullmatch(p.slug):
            raise ValueError(f"slug {p.slug!r} is not URL-safe")
        if p.variant.group not in GROUPS:
            raise ValueError(f"{p.slug}: unknown group {p.variant.group!r}; groups: {', '.join(GROUPS)}")
    return sorted(pages, key=lambda p: GROUPS.index(p.variant.group))


def _config(page: VariantPage | CodePage, data: DataFiles) -> dict[str, Any]:
    """The page's configuration for the browser: where its data is, the theme and the words."""
    params = page.variant.params
    return {
        "kind": "code" if page.code else "big" if page.big else "small",
        "data": f"{page.slug}/",
        "slug": page.slug,
        "players": page.players,
        "hands": params.hands,
        "r": params.r,
        "start": page.stats["start"]["position"],
        "chunks": data.chunks,
        "overview": data.overview is not None,
        "map": page.vmap is not None,
        "view": "map" if page.vmap is not None and (page.big or page.layout.engine != "bands") else "graph",
        "theme": theme.PALETTE,
        "words": words.for_browser(),
        "seats": words.seat_words(page.players),
    }


def code_data(page: CodePage) -> DataFiles:
    """The files of a code page (:func:`vizgen.site.render.codepage.code_files`) and what its page says of them."""
    files = code_files(page)
    stats_file = f"{page.slug}-stats.json"
    offered = [{"file": stats_file, "label": "The figures (JSON)", "data": files[stats_file]}]
    return DataFiles(files=files, chunks=sum(1 for name in files if name.startswith("d")), thumb="thumb.svg",
                     downloads=offered, overview=None)


def render_site(pages: list[VariantPage | CodePage], *, templates: Path | None = None,
                maxn: dict[str, Any] | None = None, family: dict[str, Any] | None = None,
                claims: dict[str, Any] | None = None,
                guides: dict[str, dict[str, Any]] | None = None) -> dict[str, bytes]:
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
    env = environment(templates)
    ordered = _ordered(pages)
    items = nav(ordered)
    files = shared_files()
    cards = []
    guides = guides or {}
    for page in ordered:
        data = code_data(page) if page.code else variant_files(page, peers_of(page, ordered))
        files.update({f"variants/{page.slug}/{name}": blob for name, blob in data.files.items()})
        context = variant_context(page, data, _config(page, data), items, SITE_TITLE)
        guide = guides.get(page.slug)
        context["guide"] = None if guide is None else f"../{guide_path(page.slug)}"
        if guide is not None:
            files[guide_path(page.slug)] = env.get_template("guide.html").render(
                guide_context(guide, SITE_TITLE)).encode()
        files[f"variants/{page.slug}.html"] = env.get_template("variant.html").render(context).encode()
        cards.append({**card(page, data.thumb), "guide": guide_path(page.slug) if guide is not None else None})
    base = {"root": "", "site_title": SITE_TITLE, "has_family": family is not None, "has_claims": claims is not None}
    files.update(report_files(env, base, variant_links(ordered), family=family, claims=claims))
    index = {**index_context(cards, SITE_TITLE), **base}
    if maxn is not None:
        files["maxn.html"] = env.get_template("maxn.html").render(maxn_context(maxn, SITE_TITLE)).encode()
        index["maxn"] = "maxn.html"
    files["index.html"] = env.get_template("index.html").render(index).encode()
    return dict(sorted(files.items()))
