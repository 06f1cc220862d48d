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
    "Extra moves",
    "Scoring rules",
    "Roll-over numbers",
    "More hands",
    "More players",
    "Self-gain",
    "Combinations",
)


#: every two-player option that adds a move or changes a strike, and combines with all the others: not the ones
#: that restrict (halvesies, transfers or divisions off), change the count (cutoff, other r) or the goal
#: (misere, sudden death and lives, self-gain)
KITCHEN_SINK = {"self_attack": True, "suicide": True, "meta": True, "swaps": 1, "integers": True,
                "death_attack": True, "self_add": True, "cherry_bomb": True, "logan": True, "passes": True,
                "one_point_switch": True, "stumps": True}


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
    _v("stumps", "Stumps", "Half fingers: a lone 1 may split into two halves (01 -> ½½).", GROUPS[1], stumps=True),
    _v("swaps", "Swaps", "You may swap two unequal hands instead of moving (a pass), never twice in a row.",
       GROUPS[2], swaps=1),
    _v("self-attack", "Self attack", "You may also strike your own other hand.", GROUPS[2], self_attack=True),
    _v("integers", "Integers", "You may flip one of your hands from v to 5 - v.", GROUPS[2], integers=True),
    _v("signed-integers", "Signed integers", "Cutoff with negative hands: flip v to -v; a sum of 0 or ±5 dies.",
       GROUPS[2], overflow="cutoff", integers=True),
    _v("death-attack", "Death attack", "You may strike a dead hand too: it comes back with your fingers.",
       GROUPS[2], death_attack=True),
    _v("cherry-bomb", "Cherry bomb", "A strike adding up to exactly 5 kills the hand and resets yours to 1.",
       GROUPS[2], cherry_bomb=True),
    _v("self-adding", "Self-adding", "Instead of moving you may add one finger to one of your own hands.",
       GROUPS[2], self_add=True),
    _v("passes", "Passes", "You may pass instead of moving.", GROUPS[2], passes=True),
    _v("logan", "Logan clause", "With one live hand you may swap it with your dead one: a pass, any time.",
       GROUPS[2], logan=True),
    _v("one-point-switch", "One-point switch", "Once a game, a lone 1 may move to your other hand (a pass).",
       GROUPS[2], one_point_switch=True),
    _v("cutoff", "Cutoff", "A hand reaching 5 or more dies: no roll-over.", GROUPS[3], overflow="cutoff"),
    _v("misere", "Misere", "The first player to lose both hands wins.", GROUPS[3], misere=True),
    _v("sudden-death", "Sudden death", "A player left with a single finger in total is out.",
       GROUPS[3], sudden_death=True),
    _v("lives", "Lives", "Sudden death with three lives: one finger left costs a life and resets your hands.",
       GROUPS[3], sudden_death=True, lives=3),
    _v("suns", "Suns", "Both players start on 4 and 4.", GROUPS[3], start=4),
    _v("knubs", "Knubs", "Fingers bend in half: counted in halves, a hand dies at 10 (five fingers) and starts "
       "on 2 (one).", GROUPS[3], overflow="cutoff", r=10, start=2),
    *(
        _v(f"r{r}", f"Roll-over at {r}", f"Hands roll over at {r} instead of 5.", GROUPS[4], r=r)
        for r in (2, 3, 4, 6, 7, 8, 9, 10)
    ),
    _v("one-hand", "One hand", "One hand each: the hand values run a Fibonacci sequence modulo 5.",
       GROUPS[5], hands=1),
    _v("three-hands", "Three hands", "Three hands each; a split spreads the total over all three.",
       GROUPS[5], hands=3),
    _v("single-transfer", "Three hands, single transfer", "Three hands; a transfer moves fingers between two "
       "hands only.", GROUPS[5], hands=3, transfer_scope="two"),
    _v("partition", "Three hands, partition", "Three hands; a division spreads one live hand over dead ones.",
       GROUPS[5], hands=3, division_scope="one-to-many"),
    _v("four-hands", "Four hands", "Four hands each; a split spreads the total over all four.",
       GROUPS[5], hands=4),
    _v("three-players", "Three players", "Three players; an eliminated player passes.", GROUPS[6], players=3),
    _v("zombies", "Zombies", "Three players; an eliminated player attacks with one undead finger forever.",
       GROUPS[6], players=3, zombies=True),
    _v("four-players", "Four players", "Four players on the standard rules.", GROUPS[6], players=4),
    _v("five-players", "Five players", "Five players on the standard rules.", GROUPS[6],
       players=5),
    _v("six-players", "Six players", "Six players on the standard rules.", GROUPS[6],
       players=6),
    _v("self-gain", "Self-gain", "A friend's rules: your striking hand gains, (a + b) mod 5; reach zero to win.",
       GROUPS[7], attack="self-gain", transfers=False, divisions=False),
    _v("self-gain-10", "Self-gain at 10", "Self-gain with hands rolling over at 10.",
       GROUPS[7], attack="self-gain", transfers=False, divisions=False, r=10),
    _v("childhood", "Childhood rules", "The playground game: roll-over, suicide splits and swaps.",
       GROUPS[8], suicide=True, swaps=1),
    _v("kitchen-sink", "Kitchen sink", "Every two-player option that adds a move, all at once.", GROUPS[8],
       **KITCHEN_SINK),
)

REGISTRY: dict[str, Variant] = {v.slug: v for v in _BUILTIN}

def lookup(name: str) -> Variant:
    if name in REGISTRY:
        return REGISTRY[name]
    hints = difflib.get_close_matches(name, REGISTRY, n=3, cutoff=0.5) if len(name) <= 100 else []
    extra = f"; did you mean {' or '.join(hints)}?" if hints else "; `vizgen list` shows them all"
    raise VariantError(f"unknown variant {quote(name)}{extra}")


