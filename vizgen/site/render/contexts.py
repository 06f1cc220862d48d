"""Page contexts: what each template is given, read from the page objects.

Every number comes from :func:`vizgen.analysis.figures.stats` (the page's ``stats``)
or the position facts (:mod:`vizgen.analysis.facts`, the page's ``facts``); this
module only arranges and formats them.
"""

from __future__ import annotations

import json
from typing import Any, NotRequired, TypedDict

import numpy as np
from markupsafe import Markup

from vizgen.analysis import meaning, words
from vizgen.analysis.rulebook import RULE_NAMES, rule_tags, rules_in_words, start_badge
from vizgen.engine.params import Params
from vizgen.engine.variants import GROUPS
from vizgen.site.data import address_words
from vizgen.site.render.codepage import CodePage
from vizgen.site.render.datafiles import DataFiles, as_json
from vizgen.site.render.page import VariantPage
from vizgen.site.render.payloads import PageConfig
from vizgen.util import sizes

__all__ = ["Card", "RuleTag", "SharePart", "badge", "card", "index_context", "nav", "num", "variant_context"]


class SharePart(TypedDict):
    """A part of the coloured bar: the value class, its name in words, how many positions, their share and width."""

    cls: str
    name: str
    count: int
    pct: str
    width: str


class RuleTag(TypedDict):
    """A rule a variant changes, by key, in words."""

    key: str
    words: str


class Card(TypedDict):
    """A variant's index card (:func:`card`), with its guide's page once the renderer knows it."""

    slug: str
    title: str
    summary: str
    spec: str
    group: str
    n: int
    shares: list[SharePart]
    start_text: str
    start_full: str
    start_cls: str
    players: int
    big: bool
    thumb: str
    thumb_dark: str | None
    rules: list[RuleTag]
    guide: NotRequired[str | None]

#: the story told on a variant's page, by slug: where the atlas began
STORIES: dict[str, dict[str, str]] = {
    "self-gain": {
        "text": "The atlas began here. In January 2016 a friend's rules for Chopsticks were drawn as one graph, "
                "every position a dot and every legal move a line, in the post",
        "link": "Chopsticks, on the blog Graph all the things",
        "href": "https://graphallthethings.com/posts/chopsticks/",
        "after": ". In those rules the hand that strikes gains the other hand's fingers, modulo 5, there are no "
                 "splits, and a player whose hands are both empty has won (the player to move then has no move "
                 "and loses), as in this page's rules and panel.",
    },
}

_DEFAULTS = Params().as_dict()


def num(value: Any) -> str:
    """Format a whole number with thin-space thousands separators.

    Examples
    --------
    >>> num(12345)
    '12\\u202f345'
    """
    return words.count(value)


def badge(text: str, full: str, cls: str | None, small: bool = False) -> Markup:
    """A value's badge: its short words, with the full sentence on hover and keyboard focus where they differ.

    Examples
    --------
    >>> str(badge("draw", "draw", "draw"))
    '<span class="badge draw">draw</span>'
    >>> str(badge("survives", "player 1 survives", "draw", small=True)).split(">")[0]
    '<span class="badge sm draw has-full" tabindex="0" data-full="player 1 survives"'
    """
    cls_attr = f"badge{' sm' if small else ''}{f' {cls}' if cls else ''}"
    if not full or full == text:
        return Markup('<span class="{}">{}</span>').format(cls_attr, text)
    return Markup('<span class="{} has-full" tabindex="0" data-full="{}">{}<span class="visually-hidden">: {}</span>'
                  '</span>').format(cls_attr, full, text, full)


def _size(nbytes: int) -> str:
    if nbytes < 1024:
        return f"{nbytes} B"
    if nbytes < 1024 * 1024:
        return f"{nbytes / 1024:.0f} kB"
    return f"{nbytes / 1024 / 1024:.1f} MB"


def _start(page: VariantPage | CodePage) -> dict[str, str]:
    f, i = page.facts, page.start
    out_in = None if f.forced_out_in is None else int(f.forced_out_in[i])
    text, full = start_badge(page.players, int(f.winner[i]), int(f.remoteness[i]), out_in)
    return {"text": text, "full": full, "cls": words.VERDICTS[int(f.verdict[i])].cls,
            "position": page.stats["start"]["position"]}


def _reading(players: int, fate: bool) -> int:
    """How a page reads its colours: 2 (win, draw, loss), 3 (who can force a win) or 4 (the mover's fate)."""
    return 2 if players == 2 else 4 if fate else 3


def share_parts(codes: np.ndarray, players: int, fate: bool) -> list[SharePart]:
    """The shares of the positions by their colour for the player to move (the coloured bar).

    Examples
    --------
    >>> [p["count"] for p in share_parts(np.array([1, 1, 0, 2]), 2, False)]
    [2, 1, 1]
    """
    n = len(codes)
    counts = {cls: 0 for cls in ("win", "draw", "loss")}
    for code, count in enumerate(np.bincount(np.asarray(codes, dtype=np.int64), minlength=len(words.VERDICTS))):
        counts[words.VERDICTS[code].cls] += int(count)
    names = _SHARE_NAMES[_reading(players, fate)]
    return [{"cls": cls, "name": names[cls], "count": counts[cls], "pct": words.percent(counts[cls], n),
             "width": f"{100.0 * counts[cls] / n:.2f}" if n else "0"} for cls in ("win", "draw", "loss")]


_SHARE_NAMES = {
    2: {"win": "win", "draw": "draw", "loss": "loss"},
    3: {"win": "mover can force a win", "draw": "open", "loss": "another player can force a win"},
    4: {"win": "mover can force a win", "draw": "mover survives whatever the others do",
        "loss": "the others can force the mover out"},
}


def shares(page: VariantPage | CodePage) -> list[SharePart]:
    """Win / draw / loss shares of the positions for the player to move (the coloured bar)."""
    return share_parts(page.verdicts[0], page.players, page.fate)


def _longest(top: int | None, count: int, at: list[str], label: str) -> tuple[str, str, list[str]] | None:
    """A longest win or loss (``top`` plies, ``count`` positions, some of them ``at``) as a figure's row, or None."""
    if top is None or not count:
        return None
    more = f" ({num(count)} positions)" if count > 1 else ""
    return label, words.plies(top) + more, at


def figure_rows(page: VariantPage | CodePage) -> list[tuple[str, str, list[str]]]:
    """The variant's figures: ``(label, text, [positions to link])``."""
    s, n = page.stats, page.stats["positions"]
    out: list[tuple[str, str, list[str]] | None] = [
        ("Reachable positions", f"{num(n)} of {num(s['reachable_of'])} positions that exist "
                                f"({words.percent(n, s['reachable_of'])})", []),
        ("Moves (edges)", f"{num(s['edges'])} edges between positions", []),
        ("Terminal positions", f"{num(s['terminal'])} ({words.percent(s['terminal'], n)})", []),
    ]
    if page.players == 2:
        out += [("Wins for the player to move", f"{num(s['win'])} ({words.percent(s['win'], n)})", []),
                ("Losses for the player to move", f"{num(s['loss'])} ({words.percent(s['loss'], n)}), of which "
                 f"{num(s['terminal_loss'])} terminal, {num(s['loss'] - s['terminal_loss'])} not", []),
                ("Draws", f"{num(s['draw'])} ({words.percent(s['draw'], n)})", [])]
    else:
        forced = s["forced_win"][0]
        out.append(("The mover can force a win", f"{num(forced)} ({words.percent(forced, n)})", []))
        out += [(words.fill(meaning.WHO, k=k).capitalize() + " can force a win",
                 f"{num(c)} ({words.percent(c, n)})", [])
                for k, c in enumerate(s["forced_win"]) if k]
        out.append(("Open (no one can force a win)", f"{num(s['open'])} ({words.percent(s['open'], n)})", []))
        if "survive" in s:
            out.append(("Survives whatever the others do, by seat",
                        ", ".join(f"{'mover' if k == 0 else words.fill(meaning.SEAT, k=k)} {num(c)} "
                                  f"({words.percent(c, n)})"
                                  for k, c in enumerate(s["survive"])), []))
    start = _start(page)
    out.append(("Start position", start["full"], [start["position"]]))
    out.append(_longest(s["longest_win"], s["longest_win_count"], s["longest_win_at"],
                        "Longest forced win" if page.players == 2 else "Longest forced win (by the mover)"))
    out.append(_longest(s.get("longest_loss"), s.get("longest_loss_count", 0), s.get("longest_loss_at", []),
                        "Longest loss the loser can hold out"))
    out.append(("Greatest distance from the start", words.plies(s["greatest_depth"]), []))
    if "random_win_start" in s:
        out.append(("Random play from the start",
                    f"the first player wins {words.percent(s['random_win_start'])} of games when both play at "
                    "random", []))
        out.append(("Perfect against random",
                    f"a perfect first player beats a random opponent {words.percent(s['perfect_win_start'])} "
                    "of the time", []))
    return [f for f in out if f is not None]


_SECTIONS = {
    2: (("win", "Wins for the player to move"), ("loss", "Losses for the player to move"), ("draw", "Draws")),
    3: (("win", "The player to move can force a win"), ("loss", "Another player can force a win"),
        ("draw", "Open: no one can force a win")),
    4: (("win", "The player to move can force a win"),
        ("loss", "The others together can force the player to move out (or one of them can force a win)"),
        ("draw", "The player to move survives whatever the others do")),
}


def tables(page: VariantPage | CodePage, limit: int | None) -> list[dict[str, Any]]:  # jinja2 rows, by name
    """Positions by value for the player to move, one row per verdict and remoteness.

    Each row counts its positions and names the first ``limit`` of them in the order of their notations.
    """
    code, n, k = page.verdicts
    sections: list[dict[str, Any]] = [{"cls": cls, "title": title, "rows": []}  # jinja2 rows
                for cls, title in _SECTIONS[_reading(page.players, page.fate)]]
    order = {sec["cls"]: j for j, sec in enumerate(sections)}
    section_of = np.array([order[v.cls] for v in words.VERDICTS])[code]
    # rows: by section, then seat, then remoteness, then verdict (one key, numbered densely); within a row, by
    # notation: only the names shown are sorted (a code page's rows hold millions of positions and show 48)
    group = ((section_of * (page.players + 1) + k + 1) * (int(n.max()) + 2) + n + 1) * len(words.VERDICTS) + code
    present = np.bincount(group) > 0
    row_of = (np.cumsum(present) - 1)[group].astype(np.uint16 if present.sum() <= 1 << 16 else np.int32)
    members = np.argsort(row_of, kind="stable")  # a radix sort (16 bits): the rows' positions, each row's together
    ends = np.cumsum(np.bincount(row_of)).tolist()
    names = page.name_key
    for a, b in zip([0, *ends[:-1]], ends):
        row = members[a:b]
        if limit is not None and row.size > limit:
            row = row[np.argpartition(names[row], limit - 1)[:limit]]  # the names are distinct
        shown = row[np.argsort(names[row])]
        first = int(members[a])
        sections[int(section_of[first])]["rows"].append(
            {"label": words.say(int(code[first]), int(n[first]), int(k[first]), short=True), "count": b - a,
             "positions": page.names(shown), "more": b - a - len(shown)})
    for sec in sections:
        sec["count"] = sum(r["count"] for r in sec["rows"])
    return [s for s in sections if s["count"]]


def _params_rows(params: dict[str, Any]) -> list[dict[str, Any]]:  # Params.as_dict; jinja2 rows
    return [{"name": name, "value": str(value).lower() if isinstance(value, bool) else str(value),
             "changed": value != _DEFAULTS[name]} for name, value in params.items()]


def nav(pages: list[VariantPage | CodePage]) -> list[dict[str, str]]:
    """The variant switcher's entries, grouped."""
    return [{"slug": p.slug, "title": p.variant.title, "group": p.variant.group} for p in pages]


def variant_context(page: VariantPage | CodePage, data: DataFiles, config: PageConfig,
                    nav_items: list[dict[str, str]], site_title: str) -> dict[str, Any]:  # a jinja2 context
    """Everything ``variant.html`` shows."""
    v = page.variant
    start = _start(page)
    return {
        "root": "../",
        "site_title": site_title,
        "page_title": f"{v.title} · {site_title}",
        "p": page,
        "v": v,
        "n": page.n,
        "nav": nav_items,
        "config_json": as_json(config),
        "address_json": as_json(address_words.table(v.params)),
        "figures": figure_rows(page),
        "tables": tables(page, sizes.BIG_ROW_LIMIT if page.big else None),
        "params_rows": _params_rows(v.params.as_dict()),
        "rules_text": rules_in_words(v.params),
        "shares": shares(page),
        "start": start,
        "downloads": [{"href": f"{page.slug}/{d['file']}", "file": d["file"], "label": d["label"],
                       "size": _size(len(d["data"]))} for d in data.downloads],
        "overview": data.overview,
        "stats_json": json.dumps(page.stats, sort_keys=True, indent=2),
        "two": page.players == 2 and not page.code,
        "banded": not page.code and page.layout.engine == "bands",
        "row_limit": sizes.BIG_ROW_LIMIT,
        "legend": words.legend(page.players, page.fate),
        "ply_note": words.ply_note(page.players),
        "story": STORIES.get(page.slug),
        "invite": invitation(page.players),
        "veil": {"graph": words.PLAY["veil"], "map": words.PLAY["map-veil"]},
    }


def invitation(players: int) -> dict[str, str]:
    """The invitation to play: its words and the query string that opens a challenge against perfect players.

    Examples
    --------
    >>> invitation(3)["query"]
    '?play=you.perfect.perfect&mode=challenge'
    """
    return {"text": words.PLAY["invite"], "query": "?play=" + ".".join(["you"] + ["perfect"] * (players - 1))
            + "&mode=challenge"}


def card(page: VariantPage | CodePage, thumb: str) -> Card:
    """The index card of a variant."""
    v, start = page.variant, _start(page)
    return {"slug": page.slug, "title": v.title, "summary": v.summary, "spec": v.spec, "group": v.group,
            "n": page.n, "shares": shares(page), "start_text": start["text"], "start_full": start["full"],
            "start_cls": start["cls"],
            "players": page.players, "big": page.big, "thumb": f"variants/{page.slug}/{thumb}",
            # a PNG is drawn once per theme (an SVG follows the page's theme by itself)
            "thumb_dark": f"variants/{page.slug}/thumb-dark.png" if thumb == "thumb.png" else None,
            "rules": [{"key": key, "words": text} for key, text in rule_tags(v.params)]}


def index_context(cards: list[Card], site_title: str) -> dict[str, Any]:  # a jinja2 context, read by name
    """Everything ``index.html`` shows."""
    groups = [{"name": g, "cards": [c for c in cards if c["group"] == g]} for g in GROUPS]
    groups = [g for g in groups if g["cards"]]
    classic = next((c for c in cards if c["group"] == GROUPS[0]), cards[0] if cards else None)
    return {
        "root": "",
        "site_title": site_title,
        "page_title": site_title,
        "groups": groups,
        # one checkbox per rule some variant changes, in the parameters' order
        "filters": [{"key": key, "name": name} for key, name in RULE_NAMES.items()
                    if any(t["key"] == key for c in cards for t in c["rules"])],
        "classic": classic and {"slug": classic["slug"], "title": classic["title"], "words": classic["start_full"],
                                "cls": classic["start_cls"]},
        "ply_note": words.ply_note(2),
        "words_chars": address_words.WORDS_CHARS,  # the search box's maxlength, what its address keeps (#48 item 5)
        "total": len(cards),
        "positions": sum(c["n"] for c in cards),
        "maxn": None,
        "best": None,  # the best page's answer to the family's question (render_front sets it with the reports)
        "origin": next((c for c in cards if c["slug"] in STORIES), None),
        "invite": classic and {**invitation(classic["players"]), "slug": classic["slug"]},
        "notation": words.NOTATION,
    }
