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
from vizgen.util.text import format_count, quote

__all__ = [
    "INT_RANGE",
    "PARAM_NAMES",
    "Params",
    "VariantError",
    "check",
    "check_value",
    "coerce",
    "estimate_positions",
    "hand_sets",
    "hand_values",
    "override",
    "player_states",
    "word",
]


class VariantError(ValueError):
    """A variant spec, parameter or variant file that cannot be used."""


OVERFLOWS = ("rollover", "cutoff")
ATTACKS = ("opponent", "self-gain")
HALVESIES = ("off", "even", "near")
SWAP_COUNTS = ("row", "player")
TRANSFER_SCOPES = ("any", "two")
DIVISION_SCOPES = ("any", "one-to-one", "one-to-many")


@dataclass(frozen=True)
class Params:
    """Every rule parameter of docs/RULES.md section 5, with its default.

    The first seventeen are the classic axes (section 3a of the rules spec), the rest the
    house rules other solvers offer (its section 3b). ``integers`` under cut-off means signed
    hands (:attr:`signed`).
    """

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
    death_attack: bool = False
    self_add: bool = False
    cherry_bomb: bool = False
    logan: bool = False
    passes: bool = False
    one_point_switch: bool = False
    swap_count: str = "row"
    stumps: bool = False
    lives: int = 1
    transfer_scope: str = "any"
    division_scope: str = "any"

    def as_dict(self) -> dict[str, Any]:
        """Return the parameters as a plain dict in section-3a order."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @property
    def splits(self) -> bool:
        """Whether any kind of split is allowed."""
        return self.transfers or self.divisions or self.suicide

    @property
    def signed(self) -> bool:
        """Signed hands: ``integers`` under cut-off (a flip turns ``v`` into ``-v``)."""
        return self.integers and self.overflow == "cutoff"

    @property
    def own_swaps(self) -> bool:
        """Each player counts their own swaps in a row (``swap_count = player``), kept with their hands."""
        return self.swap_count == "player" and self.swaps > 0


PARAM_NAMES = tuple(f.name for f in fields(Params))
#: the range of every whole-number parameter; the upper bounds keep every size estimate
#: and table constant-time (any variant near them is far over any size limit anyway)
INT_RANGE = {"players": (2, 32), "hands": (1, 32), "r": (2, 100), "swaps": (0, 100), "start": (1, 99), "lives": (1, 9)}
_CHOICES = {"overflow": OVERFLOWS, "attack": ATTACKS, "halvesies": HALVESIES, "swap_count": SWAP_COUNTS,
            "transfer_scope": TRANSFER_SCOPES, "division_scope": DIVISION_SCOPES}


def check_value(name: str, value: Any) -> None:
    """Refuse (VariantError) a value outside parameter ``name``'s range or choices, whatever the other parameters.

    Examples
    --------
    >>> check_value("r", 100)
    >>> check_value("r", 101)
    Traceback (most recent call last):
    ...
    vizgen.engine.params.VariantError: parameter r must be a whole number from 2 to 100, got 101
    """
    if name in INT_RANGE:
        low, high = INT_RANGE[name]
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise VariantError(f"parameter {name} must be a whole number from {low} to {high}, got {_shown(value)}")
    elif name in _CHOICES and value not in _CHOICES[name]:
        raise VariantError(f"parameter {name} must be one of {', '.join(_CHOICES[name])}, got {_shown(value)}")


def check(params: Params) -> Params:
    """Return ``params`` if it is a valid parameter set; raise VariantError on a bad or contradictory one."""
    for name in (*INT_RANGE, *_CHOICES):
        check_value(name, getattr(params, name))
    states = player_states(params)
    if states > sizes.HAND_SETS_MAX:
        raise VariantError(f"r = {params.r} with {params.hands} hand(s) gives a player {format_count(states)} possible "
                           f"{'states' if states != hand_sets(params) else 'hands'}; "
                           f"at most {format_count(sizes.HAND_SETS_MAX)} "
                           "are taken (their rules would take minutes to compile)")
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
    _check_house_rules(p)
    return params


def _check_house_rules(p: Params) -> None:
    """The combinations of the section-3b axes that make no sense, each refused with the reason."""
    if p.lives > 1 and not p.sudden_death:
        raise VariantError("lives needs sudden_death=true: a life is lost each time a player is left with one finger")
    for name, default, needs in (("transfer_scope", "any", "transfers"), ("division_scope", "any", "divisions")):
        if getattr(p, name) != default and p.hands < 3:
            raise VariantError(f"{name} needs hands >= 3: with {p.hands} hand(s) every split already moves fingers "
                               "between the only hands there are")
        if getattr(p, name) != default and not getattr(p, needs):
            raise VariantError(f"{name} says which {needs} are allowed, but {needs}=false allows none")
    if p.swap_count != "row" and not p.swaps:
        raise VariantError("swap_count says how the swaps cap counts, but swaps=0 allows no swap")
    if p.cherry_bomb and p.sudden_death:
        raise VariantError("cherry_bomb resets the striking hand to 1, which sudden_death would then take out with "
                           "the struck player at once; the rules say nothing of two players going out on one move")
    if p.attack == "self-gain" and (p.cherry_bomb or p.death_attack):
        which = "cherry_bomb" if p.cherry_bomb else "death_attack"
        raise VariantError(f"{which} changes the struck hand, but under self-gain a strike changes the striker's")
    for name in ("logan", "one_point_switch", "stumps"):
        if getattr(p, name) and p.hands < 2:
            raise VariantError(f"{name} moves fingers between two hands: it needs hands >= 2")
    if p.stumps and not p.divisions:
        raise VariantError("stumps split a lone finger onto a dead hand, which is a division: "
                           "it needs divisions=true")


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


def coerce(name: str, raw: Any) -> Any:
    """A known parameter's value from a spec string's text, of its type; VariantError if it is not one.

    Only the value is checked, not the rules it makes with the others (:func:`check`).

    Examples
    --------
    >>> coerce("logan", "True"), coerce("swaps", "3")
    (True, 3)
    """
    return _coerce(name, raw)


def _shown(raw: Any) -> str:
    """An input value for an error message, short however long or large it is."""
    if isinstance(raw, int) and not isinstance(raw, bool) and abs(raw) >= 10**12:
        return ("-" if raw < 0 else "") + format_count(abs(raw))
    return quote(raw)


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


def hand_values(params: Params) -> int:
    """Return how many values one hand can hold.

    ``0 .. r-1``; with signed hands also ``-(r-1) .. -1``; with stumps every half between.

    Examples
    --------
    >>> [hand_values(Params(**kw)) for kw in ({}, {"stumps": True}, {"integers": True, "overflow": "cutoff"})]
    [5, 10, 9]
    """
    whole = 2 * params.r - 1 if params.signed else params.r
    return 2 * whole - 1 if params.stumps and params.signed else (2 * whole if params.stumps else whole)


def hand_sets(params: Params) -> int:
    """Return how many distinct hand multisets one player can hold.

    Examples
    --------
    >>> hand_sets(Params()), hand_sets(Params(hands=3))
    (15, 35)
    """
    return math.comb(hand_values(params) + params.hands - 1, params.hands)


def player_states(params: Params) -> int:
    """Return how many states one player can be in: their hands and what the rules keep with them.

    A player with a live hand also carries their lives left (``lives``), whether they used the
    one-point switch and their own swaps in a row (``swap_count = player``); a player out has one state.

    Examples
    --------
    >>> player_states(Params()), player_states(Params(sudden_death=True, lives=3))
    (15, 43)
    """
    extra = params.lives if params.lives > 1 else 1
    extra *= 2 if params.one_point_switch else 1
    extra *= params.swaps + 1 if params.own_swaps else 1
    return (hand_sets(params) - 1) * extra + 1


def estimate_positions(params: Params) -> int:
    """Return an upper bound on the positions of a variant (all that exist).

    Parameters
    ----------
    params : Params
        The rules in force.

    Returns
    -------
    int
        ``player_states ** players`` times the number of swap counts in a row; computed in
        constant time, as every parameter is bounded (see ``INT_RANGE``).

    Examples
    --------
    >>> estimate_positions(Params())
    225
    >>> format_count(estimate_positions(Params(players=32, hands=32, r=100)))
    'about 10^977'
    """
    positions: int = player_states(params) ** params.players * (1 if params.own_swaps else params.swaps + 1)
    return positions
