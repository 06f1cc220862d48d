"""The data of the rules page (``rules.html``): every rule parameter and built-in variant, for the browser.

The page reads a spec string, checks it, estimates its size and compiles it in the browser
(``rulebook.js``, ``rulecompile.js``, ``rulesolve.js``); what it must know of the engine is written
here from the engine's own definitions, never typed again in JavaScript: the parameter names,
defaults, bounds and choices (:mod:`vizgen.engine.params`), the built-in variants
(:data:`vizgen.engine.variants.REGISTRY`) and the size limits.
"""

from __future__ import annotations

from dataclasses import asdict
from typing import TypedDict

from vizgen.analysis import words
from vizgen.analysis.rulebook import RULE_WORDS, START_WORDS
from vizgen.engine import params as engine_params
from vizgen.engine.params import INT_RANGE, PARAM_NAMES, Params
from vizgen.engine.variants import REGISTRY
from vizgen.reports import rules_of_thumb
from vizgen.reports.lessons import VERDICT_WORDS
from vizgen.site.data import address_words
from vizgen.site.drawing import theme
from vizgen.site.drawing.valuemap import SHADES, shade_colours
from vizgen.site.render.payloads import (
    BuiltinRules,
    Column,
    DownloadColumn,
    RuleBook,
    RulesConfig,
    Seats,
    ThumbsData,
)
from vizgen.util import sizes

__all__ = ["AXES", "RulesContext", "rulebook_data", "rules_context"]

#: one line on every rule axis, for the form (section 3a and 3b of the rules)
AXES: dict[str, str] = {
    "players": "How many players sit in turn order.",
    "hands": "How many hands each player has.",
    "r": "The roll-over number: a hand holds 0 to r - 1 fingers.",
    "overflow": "What a hand reaching r or more does: roll over (subtract r) or die (cut off).",
    "attack": "Which hand a strike changes: the struck one, or the striker's own (self-gain).",
    "self_attack": "You may also strike your own other hand.",
    "transfers": "A split may move fingers between live hands (13 -> 22).",
    "divisions": "A split may bring a dead hand back (02 -> 11).",
    "suicide": "A split may kill one of your own hands (11 -> 02).",
    "meta": "With r or more fingers in all you may drop r and split the rest (34 -> 11).",
    "halvesies": "Splits must leave the hands equal (even), or as near equal as an odd total allows (near).",
    "swaps": "How many swaps of two unequal hands may follow one another (0: no swaps).",
    "misere": "The first player to lose every hand wins.",
    "sudden_death": "A player left with a single finger in total is out.",
    "integers": "A move may flip one hand from v to r - v (under cut-off: to -v, signed hands).",
    "zombies": "A player who is out keeps one finger that may strike but never be struck (3+ players).",
    "start": "Fingers on every hand at the start.",
    "death_attack": "A strike may land on a dead hand too: it comes back with the striker's fingers.",
    "self_add": "Instead of moving you may add one finger to one of your own hands.",
    "cherry_bomb": "A strike adding up to exactly r kills the struck hand and resets the striker's to 1.",
    "logan": "With one live hand you may swap it with a dead one: a pass, any time.",
    "passes": "Any player may pass.",
    "one_point_switch": "Once a game, a lone 1 may move to your other hand (a pass).",
    "swap_count": "What the swaps limit counts: swaps in a row by anyone (row) or your own (player).",
    "stumps": "Half fingers: a lone 1 may split into two halves.",
    "lives": "With sudden death: lives each player has; one finger left costs a life and resets the hands.",
    "transfer_scope": "More hands: a transfer may move fingers among any live hands, or between two only.",
    "division_scope": "More hands: which dead hands a division may revive, and from how many live ones.",
}


def choices() -> dict[str, list[str]]:
    """The values of every parameter that takes one of a few words, from the engine's own tuples.

    Examples
    --------
    >>> choices()["overflow"]
    ['rollover', 'cutoff']
    """
    p = engine_params
    return {"overflow": list(p.OVERFLOWS), "attack": list(p.ATTACKS), "halvesies": list(p.HALVESIES),
            "swap_count": list(p.SWAP_COUNTS), "transfer_scope": list(p.TRANSFER_SCOPES),
            "division_scope": list(p.DIVISION_SCOPES)}


def rulebook_data() -> RuleBook:
    """Every parameter's name, default, bounds, choices and line, and every built-in variant's parameters.

    Returns
    -------
    dict
        ``names``, ``defaults``, ``ranges``, ``choices``, ``hand_sets_max``, ``max_positions``,
        ``large`` (how far past ``max_positions`` a device that reports its memory may go: the site's own
        ceiling, the share of the memory and the bytes a rule set takes, :mod:`vizgen.util.sizes`),
        ``axes`` (one line per parameter), ``words`` (each name in words) and ``variants`` (slug: ``title`` and
        the ``params`` that differ from the defaults), in registry order; plain JSON values.

    Examples
    --------
    >>> data = rulebook_data()
    >>> data["defaults"]["r"], data["variants"]["cutoff"]["params"]
    (5, {'overflow': 'cutoff'})
    """
    defaults = asdict(Params())
    variants: dict[str, BuiltinRules] = {
        slug: {"title": v.title, "summary": v.summary,
               "params": {k: x for k, x in asdict(v.params).items() if x != defaults[k]}}
        for slug, v in REGISTRY.items()}
    return {"names": list(PARAM_NAMES), "defaults": defaults, "ranges": {k: (v[0], v[1]) for k, v in INT_RANGE.items()},
            "choices": choices(), "hand_sets_max": sizes.HAND_SETS_MAX,
            "max_positions": sizes.BROWSER_MAX_POSITIONS, "random_max_states": sizes.RANDOM_MAX_STATES, "axes": AXES,
            "large": {"max_positions": sizes.SITE_MAX_POSITIONS, "memory_share": sizes.BROWSER_MEMORY_SHARE,
                      "bytes_per_position": sizes.BROWSER_BYTES_PER_POSITION,
                      "bytes_per_hand_pair": sizes.BROWSER_BYTES_PER_HAND_PAIR},
            "variants": variants, "start": START_WORDS, "words": RULE_WORDS}


class RulesContext(TypedDict):
    """What ``rules.html``'s template reads: the page's title and its configuration."""

    page_title: str
    config: RulesConfig


def rules_context(site_title: str) -> RulesContext:
    """Everything ``rules.html`` shows: its title and the page's configuration (the rulebook and the words).

    Examples
    --------
    >>> ctx = rules_context("Atlas")
    >>> ctx["page_title"], ctx["config"]["worker"]
    ('Try your own rules · Atlas', 'assets/rules.js')
    """
    config: RulesConfig = {
        "book": rulebook_data(), "words": words.for_browser(), "themes": theme.PALETTES,
        "shading": {"shades": SHADES, "fills": {name: shade_colours(p) for name, p in theme.PALETTES.items()}},
        "seats": {str(players): seats(players) for players in range(2, MOST_PLAYERS + 1)},
        "legends": {"two": words.legend(2), "more": words.legend(3, fate=True), "more_plain": words.legend(3)},
        "columns": panel_columns(), "download": download_columns(), "root": "",
        "worker": "assets/rules.js", "from": "standard", "guide": VERDICT_WORDS,
        "thumbs": thumbs_data(), "notes": {"compare": address_words.table()["notes"]["compare"]}}
    return {"page_title": f"Try your own rules · {site_title}", "config": config}


def seats(players: int) -> Seats:
    """The seats' names and words for ``players`` players (:func:`vizgen.analysis.words.seat_words`)."""
    made = words.seat_words(players)
    return {"names": made["names"], "won": made["won"]}


def thumbs_data() -> ThumbsData:
    """What the browser's rules of thumb search needs of :mod:`vizgen.reports.rules_of_thumb`: every candidate rule
    (its condition, side, when and words) in the order the search ranks ties, and the search's limits.

    Examples
    --------
    >>> data = thumbs_data()
    >>> data["rules"][0], data["max_rules"]
    ({'feature': 'wins', 'prefer': True, 'when': 'always', 'text': 'Prefer moves that win at once.'}, 7)
    """
    return {"rules": [r.as_dict() for r in rules_of_thumb.candidates()], "max_rules": rules_of_thumb.MAX_RULES,
            "min_gain": rules_of_thumb.MIN_GAIN}


#: the columns of a variant page's JSON download that the rules page computes too, in the download's order
DOWNLOAD_COLUMNS = ("position", "winner", "remoteness", "terminal", "depth", "forced_out_in", "best_moves",
                    "random_win", "perfect_win", "perfect_move", "tricky_move", "trap", "maxn1_move", "maxn2_move",
                    "maxn3_move", "maxn5_move")


def download_columns() -> list[DownloadColumn]:
    """The spec of :data:`DOWNLOAD_COLUMNS` as a variant page's download writes it (name, label, kind, doc).

    Examples
    --------
    >>> [c["name"] for c in download_columns()][-2:]
    ['maxn3_move', 'maxn5_move']
    """
    from vizgen.analysis.solved import solve_variant
    from vizgen.engine.spec import resolve
    from vizgen.site.data.tables import node_table

    spec: dict[str, DownloadColumn] = {c.name: {"name": c.name, "label": c.label, "kind": c.kind, "doc": c.doc}
                                       for example in ("standard:r=2", "standard:players=3,r=2")
                                       for c in node_table(solve_variant(resolve(example))).columns}
    return [spec[name] for name in DOWNLOAD_COLUMNS]


#: the most players a rule set the page solves can have (one hand, r = 2: two states a player)
MOST_PLAYERS = 20


def panel_columns() -> list[Column]:
    """The position panel's columns a rule set solved in the browser fills, as a variant page ships them.

    Examples
    --------
    >>> [c["name"] for c in panel_columns()]
    ['depth', 'forced_out_in', 'best_moves']
    """
    from vizgen.analysis.solved import solve_variant
    from vizgen.engine.spec import resolve
    from vizgen.site.data.tables import node_table
    from vizgen.site.render.datafiles import panel_columns as shipped

    small = {c["name"]: c for c in shipped(node_table(solve_variant(resolve("standard:players=3,r=2"))))}
    return [small[name] for name in ("depth", "forced_out_in", "best_moves")]
