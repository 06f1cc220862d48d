"""What one player's hands can become, one kind of move at a time: the rules in plain functions.

Each function reads a player's hands (a sorted tuple of values) and the rule parameters, and
returns what a move of one kind leaves; :class:`Seat` is a player's whole state (the hands and
what the house rules keep with them) and :func:`seat_states` lists every state in code order.
:class:`vizgen.engine.rules.Rules` compiles them into the kernel's tables.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction
from typing import NamedTuple

from vizgen.engine.notation import Hands, Value
from vizgen.engine.params import Params

__all__ = ["Seat", "add_results", "can_swap", "combine", "fingers", "flip_results", "hand_domain", "live_hands",
           "seat_states", "self_strike_results", "split_results", "strike_targets",
           "striker_after", "striking_values", "struck_after"]


def hand_domain(p: Params) -> list[Value]:
    """Every value one hand can hold, ascending: ``0 .. r-1``, signed, with halves (stumps).

    Examples
    --------
    >>> [str(v) for v in hand_domain(Params(r=3, stumps=True))]
    ['0', '1/2', '1', '3/2', '2', '5/2']
    >>> hand_domain(Params(r=3, integers=True, overflow="cutoff"))
    [-2, -1, 0, 1, 2]
    """
    if not p.stumps:
        return list(range(-(p.r - 1) if p.signed else 0, p.r))
    low = -(p.r * 2 - 1) if p.signed else 0
    return [v.numerator if v.denominator == 1 else v for v in (Fraction(k, 2) for k in range(low, p.r * 2))]


def combine(a: Value, b: Value, p: Params) -> Value:
    """The hand that receives ``a`` fingers on its ``b``: roll-over subtracts r, cut-off kills, signed hands
    die at ``|a + b| >= r`` or at 0.

    Examples
    --------
    >>> combine(3, 4, Params()), combine(3, 4, Params(overflow="cutoff")), combine(-2, 2, Params(integers=True,
    ...     overflow="cutoff"))
    (2, 0, 0)
    """
    total = a + b
    if p.signed:
        return 0 if abs(total) >= p.r else total  # type: ignore[operator]  # mypy: abs(a Value) gives object
    if total < p.r:
        return total
    return total - p.r if p.overflow == "rollover" else 0


def _replace(hands: Hands, old: Value, new: Value) -> Hands:
    i = hands.index(old)
    return tuple(sorted((*hands[:i], new, *hands[i + 1:])))


def live_hands(hands: Hands) -> int:
    """How many of the hands are live.

    Examples
    --------
    >>> live_hands((0, 3)), live_hands((-1, 2))
    (1, 2)
    """
    return sum(1 for v in hands if v)


def fingers(hands: Hands) -> Value:
    """The fingers a player shows: a negative hand shows its fingers too.

    Examples
    --------
    >>> fingers((-1, 3)), fingers((0, Fraction(1, 2)))
    (4, Fraction(1, 2))
    """
    return sum(abs(v) for v in hands)  # type: ignore[misc]  # mypy: abs(a Value) gives object


def _fractions(hands: Hands) -> list[Value]:
    return sorted(v - (v // 1) for v in hands)


def _scope_ok(before: Hands, after: Hands, p: Params) -> bool:
    """Whether a split from ``before`` to ``after`` (the same total) keeps to the transfer and division scopes."""
    removed, added = Counter(before) - Counter(after), Counter(after) - Counter(before)
    if live_hands(after) == live_hands(before):
        return p.transfer_scope == "any" or removed.total() == 2
    if p.division_scope == "any":
        return True
    donors = [v for v in removed.elements() if v]
    return len(donors) == 1 and 0 not in added and (p.division_scope == "one-to-many" or removed.total() == 2)


def split_results(hands: Hands, p: Params) -> list[Hands]:
    """Return every hand set a split (or a meta split) of ``hands`` may leave.

    The kind is read from the live hands before and after: the same number is a
    transfer, more is a division, fewer needs ``suicide``; halvesies filters; with
    more hands the scopes choose which transfers and divisions count; fingers move
    whole (a half stays a half). Signed hands split only while none is negative.
    With stumps a lone 1 also splits into two halves.

    Examples
    --------
    >>> split_results((1, 3), Params())
    [(2, 2)]
    >>> split_results((0, 1), Params(stumps=True))
    [(Fraction(1, 2), Fraction(1, 2))]
    """
    if any(v < 0 for v in hands):
        return []
    total, live = sum(hands), live_hands(hands)
    totals = [total] + ([total - p.r] if p.meta and total - p.r > 0 else [])
    values = [v for v in hand_domain(p) if v >= 0]
    fractions = _fractions(hands)
    out = []
    for tot in totals:
        for new in itertools.combinations_with_replacement(values, p.hands):
            if sum(new) != tot or new == hands or live_hands(new) == 0 or _fractions(new) != fractions:
                continue
            after = live_hands(new)
            allowed = p.transfers if after == live else (p.divisions if after > live else p.suicide)
            spread = max(new) - min(new)
            if (p.halvesies == "even" and spread != 0) or (p.halvesies == "near" and spread > 1):
                continue
            if allowed and (tot != total or after < live or _scope_ok(hands, new, p)):
                out.append(new)
    if p.stumps and live == 1 and total == 1 and p.hands >= 2:
        out.append(tuple(sorted((Fraction(1, 2), Fraction(1, 2), *([0] * (p.hands - 2))))))
    return out


def striking_values(hands: Hands) -> list[Value]:
    """The values a player can strike with: their live hands' values, ascending and once each.

    Examples
    --------
    >>> striking_values((0, 2, 2, 3)), striking_values((-1, 2))
    ([2, 3], [-1, 2])
    """
    return sorted({v for v in hands if v})


def strike_targets(hands: Hands, p: Params) -> list[Value]:
    """The values a strike can land on: the live hands' values, a dead hand's 0 too with ``death_attack``.

    Examples
    --------
    >>> strike_targets((0, 3), Params()), strike_targets((0, 3), Params(overflow="cutoff", death_attack=True))
    ([3], [0, 3])
    """
    return sorted(set(hands)) if p.death_attack else striking_values(hands)


def struck_after(a: Value, b: Value, struck: Hands, p: Params) -> Hands:
    """The struck player's hands after ``a`` lands on their ``b``: unchanged under self-gain.

    Examples
    --------
    >>> struck_after(3, 4, (1, 4), Params()), struck_after(3, 4, (1, 4), Params(attack="self-gain"))
    ((1, 2), (1, 4))
    """
    return struck if p.attack == "self-gain" else _replace(struck, b, combine(a, b, p))


def striker_after(a: Value, b: Value, striker: Hands, p: Params) -> Hands:
    """The striker's hands after striking ``b`` with ``a``: the striking hand gains under self-gain; with
    ``cherry_bomb`` a strike summing to exactly ``r`` resets it to 1; otherwise unchanged.

    Examples
    --------
    >>> striker_after(4, 1, (1, 4), Params(cherry_bomb=True)), striker_after(2, 1, (1, 2), Params(attack="self-gain"))
    ((1, 1), (1, 3))
    """
    if p.attack == "self-gain":
        return _replace(striker, a, combine(a, b, p))
    return _replace(striker, a, 1) if p.cherry_bomb and a + b == p.r else striker


def self_strike_results(hands: Hands, p: Params) -> list[tuple[Value, Value, Hands]]:
    """Return ``(a, b, new_hands)`` for a live hand striking the mover's other live hand."""
    out = {}
    for i, j in itertools.permutations(range(len(hands)), 2):
        a, b = hands[i], hands[j]
        if a and b:
            new = list(hands)
            new[i if p.attack == "self-gain" else j] = combine(a, b, p)
            if p.cherry_bomb and p.attack != "self-gain" and a + b == p.r:
                new[i] = 1
            out[(a, b)] = tuple(sorted(new))
    return [(a, b, new) for (a, b), new in sorted(out.items())]


def flip_results(hands: Hands, p: Params) -> list[tuple[Value, Hands]]:
    """Return ``(v, new_hands)`` for flipping one live hand: ``v`` to ``r - v``, or signed, to ``-v``."""
    if p.signed:
        return [(v, _replace(hands, v, -v)) for v in sorted(set(hands)) if v]
    return [(v, _replace(hands, v, p.r - v)) for v in sorted(set(hands)) if v and 2 * v != p.r]


def add_results(hands: Hands, p: Params) -> list[tuple[Value, Hands]]:
    """Return ``(v, new_hands)`` for adding one finger to a live hand ``v`` (``self_add``; the usual overflow)."""
    return [(v, _replace(hands, v, combine(v, 1, p))) for v in sorted(set(hands)) if v]


def can_swap(hands: Hands) -> bool:
    """Whether the hands hold two unequal live values (a swap is possible)."""
    return len(set(v for v in hands if v)) >= 2


class Seat(NamedTuple):
    """One player's state: their hands and what the rules keep with them (a frozen value).

    Attributes
    ----------
    hands : tuple of Value
        Sorted hand values.
    lives : int
        Lives left, where the rules count lives (``lives > 1``); 0 otherwise and for a player who is out.
    used : bool
        Whether the player used the one-point switch.
    own : int
        The player's own swaps in a row (``swap_count = player``).
    """

    hands: Hands
    lives: int = 0
    used: bool = False
    own: int = 0


def seat_states(p: Params) -> list[Seat]:
    """Every state one player can be in, in code order: hands first, then lives, the switch, own swaps.

    A player who is out (every hand dead) has one state. Its length is
    :func:`vizgen.engine.params.player_states`.

    Examples
    --------
    >>> [s.hands for s in seat_states(Params(r=3))]
    [(0, 0), (0, 1), (0, 2), (1, 1), (1, 2), (2, 2)]
    >>> len(seat_states(Params(sudden_death=True, lives=3))), seat_states(Params(sudden_death=True, lives=3))[1]
    (43, Seat(hands=(0, 1), lives=1, used=False, own=0))
    """
    lives = range(1, p.lives + 1) if p.lives > 1 else (0,)
    used = (False, True) if p.one_point_switch else (False,)
    own = range(p.swaps + 1) if p.own_swaps else (0,)
    out = []
    for hands in itertools.combinations_with_replacement(hand_domain(p), p.hands):
        if not live_hands(hands):
            out.append(Seat(hands))
        else:
            out += [Seat(hands, k, u, s) for k in lives for u in used for s in own]
    return out
