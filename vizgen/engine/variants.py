"""Variants: named parameter sets over one rules engine, and the spec strings that pick them.

A variant is the common core of docs/RULES.md with some parameters of its section 5
changed. ``resolve("cutoff:players=3,hands=3")`` returns the ``cutoff`` variant
with two overrides; ``resolve("my-rules.toml")`` reads a user's variant file.
"""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

from vizgen.util import sizes
from vizgen.util.text import QUOTE_LIMIT, format_count, quote

__all__ = [
    "GROUPS",
    "REGISTRY",
    "Params",
    "Variant",
    "VariantError",
    "estimate_positions",
    "public_spec",
    "resolve",
]


class VariantError(ValueError):
    """A variant spec, parameter or variant file that cannot be used."""


OVERFLOWS = ("rollover", "cutoff")
ATTACKS = ("opponent", "self-gain")
HALVESIES = ("off", "even", "near")


@dataclass(frozen=True)
class Params:
    """Every rule parameter of docs/RULES.md section 5, with its default."""

    players: int = 2
    hands: int = 2
    r: int = 5
    overflow: str = "rollover"
    attack: str = "opponent"
    self_attack: bool = False
    transfers: bool = True
    divisions: bool = True
    suicide: bool = False
    meta: bool = False
    halvesies: str = "off"
    swaps: int = 0
    misere: bool = False
    sudden_death: bool = False
    integers: bool = False
    zombies: bool = False
    start: int = 1

    def as_dict(self) -> dict[str, Any]:
        """Return the parameters as a plain dict in section-3a order."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @property
    def splits(self) -> bool:
        """Whether any kind of split is allowed."""
        return self.transfers or self.divisions or self.suicide


PARAM_NAMES = tuple(f.name for f in fields(Params))
#: the range of every whole-number parameter; the upper bounds keep every size estimate
#: and table constant-time (any variant near them is far over any size limit anyway)
INT_RANGE = {"players": (2, 32), "hands": (1, 32), "r": (2, 100), "swaps": (0, 100), "start": (1, 99)}
_CHOICES = {"overflow": OVERFLOWS, "attack": ATTACKS, "halvesies": HALVESIES}


def _check(params: Params) -> Params:
    """Validate a parameter set; raise VariantError on a bad or contradictory one."""
    for name, (low, high) in INT_RANGE.items():
        value = getattr(params, name)
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise VariantError(f"parameter {name} must be a whole number from {low} to {high}, got {_shown(value)}")
    sets = math.comb(params.r + params.hands - 1, params.hands)  # as hand_sets(), defined below
    if sets > sizes.HAND_SETS_MAX:
        raise VariantError(f"r = {params.r} with {params.hands} hand(s) gives a player {format_count(sets)} possible "
                           f"hands; at most {sizes.HAND_SETS_MAX:,} are taken "
                           "(their rules would take minutes to compile)")
    for name, choices in _CHOICES.items():
        if getattr(params, name) not in choices:
            raise VariantError(
                f"parameter {name} must be one of {', '.join(choices)}, got {getattr(params, name)!r}"
            )
    p = params
    if p.start > p.r - 1:
        raise VariantError(f"start={p.start} does not fit: a hand holds at most r-1 = {p.r - 1} fingers")
    if p.zombies and p.players < 3:
        raise VariantError("zombies needs players >= 3 (with two players the game ends at the first elimination)")
    if p.zombies and (p.misere or p.attack == "self-gain"):
        raise VariantError("zombies cannot be combined with misere or self-gain: eliminations end those games")
    if p.misere and p.attack == "self-gain" and p.players > 2:
        raise VariantError("misere self-gain is defined for two players only")
    if (p.meta or p.halvesies != "off") and not p.splits:
        raise VariantError("meta and halvesies change splits, but this variant allows none "
                           "(set transfers, divisions or suicide)")
    if p.swaps and p.hands < 2:
        raise VariantError("swaps need at least two hands")
    if p.sudden_death and p.hands * p.start == 1:
        raise VariantError("sudden_death with one finger in total at the start eliminates everyone at once")
    return params


def _coerce(name: str, raw: Any) -> Any:
    """Turn a spec-string or TOML value into the type of parameter ``name``."""
    default = getattr(Params(), name)
    if isinstance(default, bool):
        if isinstance(raw, bool):
            return raw
        if isinstance(raw, str) and raw.lower() in ("true", "false"):
            return raw.lower() == "true"
        raise VariantError(f"parameter {name} takes true or false, got {_shown(raw)}")
    if isinstance(default, int):
        if isinstance(raw, int) and not isinstance(raw, bool):
            return raw
        if isinstance(raw, str) and re.fullmatch(r"[+-]?[0-9]{1,30}", raw.strip()):
            return int(raw)
        if isinstance(raw, str) and re.fullmatch(r"[+-]?[0-9]+", raw.strip()):
            low, high = INT_RANGE[name]
            raise VariantError(f"parameter {name} must be a whole number from {low} to {high}, "
                               f"got a number of {len(raw.strip())} digits")
        raise VariantError(f"parameter {name} takes a whole number (ASCII digits), got {_shown(raw)}")
    if not isinstance(raw, str):
        raise VariantError(f"parameter {name} takes one of {', '.join(_CHOICES[name])}, got {_shown(raw)}")
    return raw


def _shown(raw: Any) -> str:
    """An input value for an error message, short however long or large it is."""
    if isinstance(raw, int) and not isinstance(raw, bool) and abs(raw) >= 10**12:
        return ("-" if raw < 0 else "") + format_count(abs(raw))
    if isinstance(raw, str):
        return quote(raw)
    text = repr(raw)
    return text if len(text) <= QUOTE_LIMIT else f"{text[:QUOTE_LIMIT - 20]}... ({len(text)} characters)"


def _override(params: Params, overrides: Iterable[tuple[str, Any]]) -> tuple[Params, tuple[tuple[str, Any], ...]]:
    """Apply ``(name, raw value)`` pairs; return the checked parameters and the coerced pairs."""
    pairs = []
    for name, raw in overrides:
        if name not in PARAM_NAMES:
            hint = difflib.get_close_matches(name, PARAM_NAMES, n=1)
            extra = f" (did you mean {hint[0]}?)" if hint else ""
            raise VariantError(f"unknown parameter {quote(name)}{extra}; parameters: {', '.join(PARAM_NAMES)}")
        pairs.append((name, _coerce(name, raw)))
    return _check(replace(params, **dict(pairs))), tuple(pairs)


def _word(value: Any) -> str:
    """A parameter value as written in a spec string (``true``, ``7``, ``cutoff``)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


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
        params, pairs = _override(self.params, overrides)
        if not pairs:
            return replace(self, params=params, spec=spec)
        slug = self.slug + "".join(f"-{re.sub(r'[^a-z0-9]+', '', k)}{re.sub(r'[^a-z0-9]+', '', _word(v))}"
                                   for k, v in pairs)
        words = ", ".join(f"{k} = {_word(v)}" for k, v in pairs)
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
    return Variant(slug, title, summary, group, _check(Params(**params)), slug)


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

def _lookup(name: str) -> Variant:
    if name in REGISTRY:
        return REGISTRY[name]
    hints = difflib.get_close_matches(name, REGISTRY, n=3, cutoff=0.5) if len(name) <= 100 else []
    extra = f"; did you mean {' or '.join(hints)}?" if hints else "; `vizgen list` shows them all"
    raise VariantError(f"unknown variant {quote(name)}{extra}")


def _is_file(name: str) -> bool:
    """Whether the name part of a spec is a variant file's path (not a registry name)."""
    return name.endswith(".toml") or "/" in name


def public_spec(spec: str) -> str:
    """The spec as a public page shows it: a variant file by its name alone, never its folder.

    Parameters
    ----------
    spec : str
        A spec as given (:func:`resolve`).

    Returns
    -------
    str
        ``spec`` with a variant file's path cut to the file's name (bytes that are not UTF-8
        written as U+FFFD); a registry spec unchanged.

    Examples
    --------
    >>> public_spec("/home/ann/rules/lucky-seven.toml:r=7")
    'lucky-seven.toml:r=7'
    >>> public_spec(" standard:r=7 ")
    'standard:r=7'
    """
    spec = spec.strip()
    name, sep, rest = spec.partition(":")
    if not _is_file(name):
        return spec
    shown = Path(name).name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    return f"{shown}{sep}{rest}"


def resolve(spec: str) -> Variant:
    """Turn a spec string into a checked variant.

    Parameters
    ----------
    spec : str
        ``NAME`` or ``NAME:key=value,key=value``; ``NAME`` is a registry slug or a
        path to a ``.toml`` variant file. Numbers are ASCII digits; a key may
        appear once.

    Returns
    -------
    Variant
        The variant with its overrides applied and recorded (slug, title and
        summary name them); its ``spec`` is the string given.

    Raises
    ------
    VariantError
        For an unknown name or parameter, a bad value, a key given twice or a
        contradictory combination.

    Examples
    --------
    >>> v = resolve("standard:r=7")
    >>> v.overrides, v.title
    ((('r', 7),), 'Standard (r = 7)')
    """
    spec = spec.strip()
    name, sep, rest = spec.partition(":")
    if _is_file(name):
        from vizgen.engine.variant_file import load_variant_file  # it builds on this module's variants

        base = load_variant_file(Path(name).expanduser())
    else:
        base = _lookup(name)
    overrides: list[tuple[str, str]] = []
    for item in filter(None, (part.strip() for part in rest.split(","))) if sep else ():
        key, eq, value = (part.strip() for part in item.partition("="))
        if not eq or not key or not value:
            raise VariantError(f"bad override {quote(item)} in {quote(spec)}: write key=value, e.g. standard:r=7")
        if any(key == seen for seen, _ in overrides):
            raise VariantError(f"parameter {quote(key)} is given twice in {quote(spec)}: give each key once")
        overrides.append((key, value))
    return base.with_overrides(overrides, spec)


def hand_sets(params: Params) -> int:
    """Return how many distinct hand multisets one player can hold."""
    return math.comb(params.r + params.hands - 1, params.hands)


def estimate_positions(params: Params) -> int:
    """Return an upper bound on the positions of a variant (all that exist).

    Parameters
    ----------
    params : Params
        The rules in force.

    Returns
    -------
    int
        ``hand_sets ** players`` times the number of swap counts; computed in
        constant time, as every parameter is bounded (see ``INT_RANGE``).

    Examples
    --------
    >>> estimate_positions(Params())
    225
    >>> format_count(estimate_positions(Params(players=32, hands=32, r=100)))
    'about 10^977'
    """
    return hand_sets(params) ** params.players * (params.swaps + 1)
