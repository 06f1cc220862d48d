"""Rule parameters: the names, defaults and bounds of docs/RULES.md section 5, checked, and the size they give.

:class:`Params` is one frozen set of rule parameters; :func:`override` applies
``(name, value)`` pairs from a spec string or a variant file and checks the
result (:func:`check`); :func:`estimate_positions` bounds a variant's size from
its parameters alone, in constant time.
"""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, fields, replace
from typing import Any

from vizgen.util import sizes
from vizgen.util.text import QUOTE_LIMIT, format_count, quote

__all__ = [
    "INT_RANGE",
    "PARAM_NAMES",
    "Params",
    "VariantError",
    "check",
    "estimate_positions",
    "hand_sets",
    "override",
    "word",
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


def check(params: Params) -> Params:
    """Return ``params`` if it is a valid parameter set; raise VariantError on a bad or contradictory one."""
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


def override(params: Params, overrides: Iterable[tuple[str, Any]]) -> tuple[Params, tuple[tuple[str, Any], ...]]:
    """Apply ``(name, raw value)`` pairs; return the checked parameters and the coerced pairs."""
    pairs = []
    for name, raw in overrides:
        if name not in PARAM_NAMES:
            hint = difflib.get_close_matches(name, PARAM_NAMES, n=1)
            extra = f" (did you mean {hint[0]}?)" if hint else ""
            raise VariantError(f"unknown parameter {quote(name)}{extra}; parameters: {', '.join(PARAM_NAMES)}")
        pairs.append((name, _coerce(name, raw)))
    return check(replace(params, **dict(pairs))), tuple(pairs)


def word(value: Any) -> str:
    """A parameter value as written in a spec string (``true``, ``7``, ``cutoff``)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


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
