"""A variant in plain sentences: its rules, with the rulings that apply (docs/RULINGS.md), and the start's value.

The variant pages and the reports show them; the words of positions and moves are in :mod:`vizgen.analysis.words`.
"""

from __future__ import annotations

import numpy as np

from vizgen.analysis.words import VERDICTS, game_end_rule, plies, say, verdicts
from vizgen.engine.params import Params

__all__ = ["rules_in_words", "start_badge", "start_words"]


def start_words(players: int, winner: int, remoteness: int, out_in: int | None = None) -> str:
    """Describe the start's value for the whole game ("draw", "first player wins in 7").

    ``out_in``: with more players, the plies in which the others together can force the first player
    out (-1 if it survives whatever they do), when the page reads positions as the mover's fate.

    Examples
    --------
    >>> start_words(2, -1, -1), start_words(3, 2, 9), start_words(2, 0, 1)
    ('draw', 'player 3 can force a win in 9 plies', 'first player wins in 1 ply')
    >>> start_words(4, -1, -1, 12)
    'the others together can force player 1 out in 12 plies'
    """
    if players == 2:
        if winner < 0:
            return "draw"
        return f"{'first' if winner == 0 else 'second'} player wins in {plies(remoteness)}"
    if winner < 0:
        if out_in is None:
            return next(v.long for v in VERDICTS if v.key == "open")  # the panel's words for it
        if out_in < 0:
            return "player 1 survives whatever the others do"
        return f"the others together can force player 1 out in {plies(out_in)}"
    return f"player {winner + 1} can force a win in {plies(remoteness)}"


def start_badge(players: int, winner: int, remoteness: int, out_in: int | None = None) -> tuple[str, str]:
    """The start's value as a short badge and its full sentence (:func:`start_words`), the same on every page.

    With three or more players and no forced win, the badge is the mover's fate in the panel's short words.

    Examples
    --------
    >>> start_badge(2, 0, 7)
    ('first player wins in 7 plies', 'first player wins in 7 plies')
    >>> start_badge(4, -1, -1, 12)
    ('forced out in 12 plies', 'the others together can force player 1 out in 12 plies')
    """
    full = start_words(players, winner, remoteness, out_in)
    if players == 2 or winner >= 0:
        return full, full
    fate = None if out_in is None else np.array([out_in])
    code = verdicts(players, np.array([winner]), np.array([False]), fate)[0]
    return say(code, -1 if out_in is None else out_in, -1, short=True), full


def rules_in_words(params: Params) -> tuple[str, ...]:
    """Describe a parameter set in plain sentences, with the rulings that apply.

    Parameters
    ----------
    params : Params
        The rules in force.

    Returns
    -------
    tuple of str
        One paragraph per rule, in the order a player needs them.
    """
    p = params
    hands = "one hand" if p.hands == 1 else f"{p.hands} hands"
    out = [
        f"{p.players} players, {hands} each, every hand starting on {p.start} "
        f"finger{'s' if p.start > 1 else ''}. A hand holds 0 to {p.r - 1} fingers; 0 is a dead hand.",
    ]
    sum_rule = (f"a sum of {p.r} or more loses {p.r} (roll-over: exactly {p.r} kills the hand)"
                if p.overflow == "rollover" else f"a sum of {p.r} or more kills the hand (cutoff)")
    if p.attack == "self-gain":
        out.append("Attack (self-gain): tap one live hand of an opponent with one of yours; your own hand "
                   f"gains the tapped hand's fingers, the tapped hand does not change; {sum_rule}.")
    else:
        out.append("Attack: strike one live hand of another live player with one of your live hands; the "
                   f"struck hand gains your fingers; {sum_rule}.")
    if p.self_attack:
        out.append("Self attack: you may also strike your own other live hand, by the same rule.")
    kinds = [k for k, on in (("transfers (live hands stay live)", p.transfers),
                             ("divisions (a dead hand comes back)", p.divisions),
                             ("suicide splits (a hand dies)", p.suicide)) if on]
    if kinds:
        text = (f"Split: strike your own hands together and share the same total over all {p.hands} "
                f"hands, differently from now, no hand over {p.r - 1}. Allowed: {', '.join(kinds)}.")
        if p.halvesies == "even":
            text += " Halvesies: a split must leave every hand equal."
        elif p.halvesies == "near":
            text += " Halvesies: a split must leave the hands as even as possible (differing by at most 1)."
        if p.meta:
            text += (f" Meta: with {p.r} or more fingers in total you may instead drop {p.r} and share what "
                     "is left (at least 1).")
        out.append(text)
    else:
        out.append("No splits: you never strike your own hands together.")
    if p.integers:
        out.append(f"Integers: you may flip one of your live hands from v to {p.r} - v instead of moving.")
    if p.swaps:
        out.append(f"Swaps: with two unequal live hands you may swap them instead of moving; hands are "
                   f"unordered, so it is a pass. At most {p.swaps} swap{'s' if p.swaps > 1 else ''} in a row "
                   "in the game; positions carry the count after a slash (12-11/s1).")
    if p.sudden_death:
        out.append("Sudden death: a player left with exactly one finger in total is out at once.")
    if p.attack == "self-gain":
        out.append("Winning: the game ends when a player has no live hand, and that player "
                   + ("loses (misere)." if p.misere else "wins (the player to move with no legal move loses)."))
    elif p.misere:
        out.append("Winning (misere): the first player to lose all their hands wins, and the game ends there.")
    elif p.players == 2:
        out.append("Winning: a player with no live hand has lost.")
    elif p.zombies:
        out.append("Winning: the last player with a live hand wins.")
    else:
        out.append("Winning: a player with no live hand is out but keeps their turn, which they pass; "
                   "the last player with a live hand wins.")
    if p.zombies:
        out.append("Zombies: an eliminated player becomes a zombie (shown 00). On its turn it must attack a "
                   "live hand of a live player with one undead finger; it cannot split or pass and cannot be "
                   "attacked. Zombies do not count as live players.")
    out.append("Positions list the players in turn order, the player to move first, hands ascending "
               + ("with values separated by '.' (1.10-3.4)." if p.r > 10 else "(12-11)."))
    out.append(game_end_rule(p.players))
    return tuple(out)
