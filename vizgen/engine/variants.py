"""Variants: named parameter sets over one rules engine, in a registry.

A variant is the common core of docs/RULES.md with some parameters of its section 5
changed (:mod:`vizgen.engine.params`); :data:`REGISTRY` holds the built-in ones and
:meth:`Variant.with_overrides` derives a variant with parameters changed. Spec
strings and variant files are read by :mod:`vizgen.engine.spec`.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from vizgen.engine.params import Params, VariantError, check, override, word
from vizgen.util.text import quote

__all__ = ["GROUPS", "REGISTRY", "Variant", "lookup"]


@dataclass(frozen=True)
class Variant:
    """A named rule set: a slug, words for people, and the parameters in force.

    Attributes
    ----------
    slug, title, summary : str
        Page name, heading and one-line description; with overrides they are
        derived from the base variant's and name every override.
    group : str
        Where the index lists it (one of :data:`GROUPS`).
    params : Params
        The rules in force.
    spec : str
        The spec string it was resolved from.
    overrides : tuple of (str, value)
        The parameters a spec string changed, in the order given.
    """

    slug: str
    title: str
    summary: str
    group: str
    params: Params
    spec: str = ""
    overrides: tuple[tuple[str, Any], ...] = ()

    def with_overrides(self, overrides: Iterable[tuple[str, Any]], spec: str) -> Variant:
        """Return this variant with parameter overrides applied, checked and named after them.

        Parameters
        ----------
        overrides : iterable of (str, value)
            Parameter names with values (spec-string text or typed values).
        spec : str
            The spec string the overrides come from.

        Returns
        -------
        Variant
            Slug ``base-r7``, title ``Base (r = 7)``, summary ``Base rules with r = 7.``
            when anything is overridden; the base's own words otherwise.

        Examples
        --------
        >>> v = REGISTRY["standard"].with_overrides([("r", "7")], "standard:r=7")
        >>> v.slug, v.title, v.params.r
        ('standard-r7', 'Standard (r = 7)', 7)
        """
        params, pairs = override(self.params, overrides)
        if not pairs:
            return replace(self, params=params, spec=spec)
        slug = self.slug + "".join(f"-{re.sub(r'[^a-z0-9]+', '', k)}{re.sub(r'[^a-z0-9]+', '', word(v))}"
                                   for k, v in pairs)
        words = ", ".join(f"{k} = {word(v)}" for k, v in pairs)
        # the base's own summary may quote numbers the overrides change ("roll-over at 5")
        return replace(self, slug=slug, title=f"{self.title} ({words})", summary=f"{self.title} rules with {words}.",
                       params=params, spec=spec, overrides=self.overrides + pairs)


GROUPS = (
    "The classic game",
    "Split rules",
    "Scoring rules",
    "Roll-over numbers",
    "More hands",
    "More players",
    "Self-gain",
)


def _v(slug: str, title: str, summary: str, group: str, **params: Any) -> Variant:
    return Variant(slug, title, summary, group, check(Params(**params)), slug)


_BUILTIN = (
    _v("standard", "Standard", "The core game: roll-over at 5, transfers and divisions, two players.",
       GROUPS[0]),
    _v("suicide", "Suicide", "A split may kill one of your own hands (11 -> 02).", GROUPS[1], suicide=True),
    _v("meta", "Meta", "With 5 or more fingers you may drop 5 and split the rest (34 -> 11).",
       GROUPS[1], meta=True),
    _v("transfers-only", "Transfers only", "Splits between live hands only; no reviving a dead hand.",
       GROUPS[1], divisions=False),
    _v("divisions-only", "Divisions only", "A split must revive a dead hand (02 -> 11); no transfers.",
       GROUPS[1], transfers=False),
    _v("no-splits", "No splits", "Attacks only: you never strike your own hands together.",
       GROUPS[1], transfers=False, divisions=False),
    _v("halvesies", "Halvesies", "A split must leave both hands equal (04 -> 22).", GROUPS[1], halvesies="even"),
    _v("swaps", "Swaps", "You may swap two unequal hands instead of moving (a pass), never twice in a row.",
       GROUPS[1], swaps=1),
    _v("self-attack", "Self attack", "You may also strike your own other hand.", GROUPS[1], self_attack=True),
    _v("integers", "Integers", "You may flip one of your hands from v to 5 - v.", GROUPS[1], integers=True),
    _v("cutoff", "Cutoff", "A hand reaching 5 or more dies: no roll-over.", GROUPS[2], overflow="cutoff"),
    _v("misere", "Misere", "The first player to lose both hands wins.", GROUPS[2], misere=True),
    _v("sudden-death", "Sudden death", "A player left with a single finger in total is out.",
       GROUPS[2], sudden_death=True),
    _v("suns", "Suns", "Both players start on 4 and 4.", GROUPS[2], start=4),
    *(
        _v(f"r{r}", f"Roll-over at {r}", f"Hands roll over at {r} instead of 5.", GROUPS[3], r=r)
        for r in (2, 3, 4, 6, 7, 8, 9, 10)
    ),
    _v("one-hand", "One hand", "One hand each: the hand values run a Fibonacci sequence modulo 5.",
       GROUPS[4], hands=1),
    _v("three-hands", "Three hands", "Three hands each; a split spreads the total over all three.",
       GROUPS[4], hands=3),
    _v("four-hands", "Four hands", "Four hands each; a split spreads the total over all four.",
       GROUPS[4], hands=4),
    _v("three-players", "Three players", "Three players; an eliminated player passes.", GROUPS[5], players=3),
    _v("zombies", "Zombies", "Three players; an eliminated player attacks with one undead finger forever.",
       GROUPS[5], players=3, zombies=True),
    _v("four-players", "Four players", "Four players on the standard rules.", GROUPS[5], players=4),
    _v("five-players", "Five players", "Five players on the standard rules.", GROUPS[5],
       players=5),
    _v("six-players", "Six players", "Six players on the standard rules.", GROUPS[5],
       players=6),
    _v("self-gain", "Self-gain", "A friend's rules: your striking hand gains, (a + b) mod 5; reach zero to win.",
       GROUPS[6], attack="self-gain", transfers=False, divisions=False),
    _v("self-gain-10", "Self-gain at 10", "Self-gain with hands rolling over at 10.",
       GROUPS[6], attack="self-gain", transfers=False, divisions=False, r=10),
)

REGISTRY: dict[str, Variant] = {v.slug: v for v in _BUILTIN}

def lookup(name: str) -> Variant:
    if name in REGISTRY:
        return REGISTRY[name]
    hints = difflib.get_close_matches(name, REGISTRY, n=3, cutoff=0.5) if len(name) <= 100 else []
    extra = f"; did you mean {' or '.join(hints)}?" if hints else "; `vizgen list` shows them all"
    raise VariantError(f"unknown variant {quote(name)}{extra}")


