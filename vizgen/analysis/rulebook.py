"""A variant in plain sentences: its rules, with the rulings that apply (docs/RULINGS.md), and the start's value.

The variant pages and the reports show them; the words of positions and moves are in :mod:`vizgen.analysis.words`.
"""

from __future__ import annotations

import numpy as np

from vizgen.analysis.words import VERDICTS, fill, game_end_rule, plies, say, verdicts
from vizgen.engine.params import Params

__all__ = ["RULE_NAMES", "RULE_WORDS", "START_WORDS", "in_words", "rule_tags", "rules_in_words", "start_badge",
           "start_value", "start_words"]

#: every rule parameter by the short name a visitor filters the index by (what changing it is called)
RULE_NAMES: dict[str, str] = {
    "players": "more players", "hands": "other number of hands", "r": "other roll-over number",
    "overflow": "cutoff", "attack": "self-gain", "self_attack": "self attack", "transfers": "no transfers",
    "divisions": "no divisions", "suicide": "suicide splits", "meta": "meta splits", "halvesies": "halvesies",
    "swaps": "swaps", "misere": "misère", "sudden_death": "sudden death", "integers": "integers (flips)",
    "zombies": "zombies", "start": "other start", "death_attack": "death attack", "self_add": "self-adding",
    "cherry_bomb": "cherry bomb", "logan": "Logan clause", "passes": "passes", "one_point_switch": "one-point switch",
    "swap_count": "own swap count", "stumps": "stumps (halves)", "lives": "lives", "transfer_scope": "single transfer",
    "division_scope": "division scope",
}

#: every rule parameter's own name in words, as a visitor reads it wherever a page names the rule itself (the rule
#: space's charts and boxes, the rules page's comparison): never the code name a spec writes (``sudden_death``)
RULE_WORDS: dict[str, str] = {
    "players": "players", "hands": "hands", "r": "roll-over number", "overflow": "overflow", "attack": "attack",
    "self_attack": "self attack", "transfers": "transfers", "divisions": "divisions", "suicide": "suicide splits",
    "meta": "meta splits", "halvesies": "halvesies", "swaps": "swaps", "misere": "misère",
    "sudden_death": "sudden death", "integers": "integers (flips)", "zombies": "zombies", "start": "start",
    "death_attack": "death attack", "self_add": "self-adding", "cherry_bomb": "cherry bomb", "logan": "Logan clause",
    "passes": "passes", "one_point_switch": "one-point switch", "swap_count": "swap count",
    "stumps": "stumps (halves)", "lives": "lives", "transfer_scope": "transfer scope",
    "division_scope": "division scope",
}


def in_words(name: str, value: object = None) -> str:
    """A rule parameter in words, and with ``value`` the rule as set: "sudden death on", "overflow cutoff".

    Examples
    --------
    >>> in_words("one_point_switch"), in_words("sudden_death", True), in_words("swaps", 2)
    ('one-point switch', 'sudden death on', 'swaps 2')
    """
    if value is None:
        return RULE_WORDS[name]
    return f"{RULE_WORDS[name]} {('on' if value else 'off') if isinstance(value, bool) else value}"


#: the start's value for the whole game in words (:func:`start_words`; the rules page's download writes it with
#: these, shipped in its rulebook): ``{plies}`` a count of plies, ``{k}`` a player counted from 1, ``{who}`` the
#: winning seat's name (``seat-0``, ``seat-1``); ``value-none`` and ``value-forced``: the stats' ``value`` with more
#: players, whether a player can force a win (:func:`start_value`)
START_WORDS: dict[str, str] = {
    "wins": "{who} player wins in {plies}", "seat-0": "first", "seat-1": "second",
    "forced": "player {k} can force a win in {plies}",
    "survives": "player 1 survives whatever the others do",
    "out": "the others together could force player 1 out within {plies}",
    "value-none": "open", "value-forced": "forced",
}


def start_value(players: int, winner: int) -> str:
    """The stats' ``value`` of the start: its value class with two players, else whether a player can force a win.

    Examples
    --------
    >>> start_value(2, 1), start_value(2, -1), start_value(3, -1), start_value(4, 2)
    ('loss', 'draw', 'open', 'forced')
    """
    if players == 2:
        return VERDICTS[int(verdicts(2, np.array([winner]), np.array([False]))[0])].cls
    return START_WORDS["value-none" if winner < 0 else "value-forced"]


def start_words(players: int, winner: int, remoteness: int, out_in: int | None = None) -> str:
    """Describe the start's value for the whole game ("draw", "first player wins in 7").

    ``out_in``: with more players, the plies in which the others together can force the first player
    out (-1 if it survives whatever they do), when the page reads positions as the mover's fate.

    Examples
    --------
    >>> start_words(2, -1, -1), start_words(3, 2, 9), start_words(2, 0, 1)
    ('draw', 'player 3 can force a win in 9 plies', 'first player wins in 1 ply')
    >>> start_words(4, -1, -1, 12)
    'the others together could force player 1 out within 12 plies'
    """
    w = START_WORDS
    if players == 2:
        if winner < 0:
            return VERDICTS[int(verdicts(2, np.array([winner]), np.array([False]))[0])].long  # the panel's: draw
        return fill(w["wins"], who=w[f"seat-{winner}"], plies=plies(remoteness))
    if winner < 0:
        if out_in is None:
            return VERDICTS[int(verdicts(players, np.array([winner]), np.array([False]))[0])].long  # the panel's
        return w["survives"] if out_in < 0 else fill(w["out"], plies=plies(out_in))
    return fill(w["forced"], k=winner + 1, plies=plies(remoteness))


def start_badge(players: int, winner: int, remoteness: int, out_in: int | None = None) -> tuple[str, str]:
    """The start's value as a short badge and its full sentence (:func:`start_words`), the same on every page.

    With three or more players and no forced win, the badge is the mover's fate in the panel's short words.

    Examples
    --------
    >>> start_badge(2, 0, 7)
    ('first player wins in 7 plies', 'first player wins in 7 plies')
    >>> start_badge(4, -1, -1, 12)
    ('others could force out in 12 plies', 'the others together could force player 1 out within 12 plies')
    """
    full = start_words(players, winner, remoteness, out_in)
    if players == 2 or winner >= 0:
        return full, full
    fate = None if out_in is None else np.array([out_in])
    code = verdicts(players, np.array([winner]), np.array([False]), fate)[0]
    return say(code, -1 if out_in is None else out_in, -1, short=True), full


def rule_tags(params: Params) -> list[tuple[str, str]]:
    """The rules a variant changes from the standard game, each as ``(parameter, words)``, in parameter order.

    Examples
    --------
    >>> [words for _, words in rule_tags(Params(players=3, overflow="cutoff", integers=True, lives=3,
    ...                                          sudden_death=True))]
    ['3 players', 'cutoff', 'sudden death', 'signed hands', '3 lives']
    """
    p, standard = params, Params()
    values = {"players": f"{p.players} players", "hands": "one hand" if p.hands == 1 else f"{p.hands} hands",
              "r": f"r = {p.r}", "swaps": f"swaps (at most {p.swaps} in a row)", "lives": f"{p.lives} lives",
              "start": f"start on {p.start}", "integers": "signed hands" if p.signed else "integers (flips)",
              "halvesies": f"halvesies ({p.halvesies})", "division_scope": p.division_scope.replace("-", " ")}
    return [(name, values.get(name, RULE_NAMES[name])) for name, value in p.as_dict().items()
            if value != getattr(standard, name)]


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
    low = f"-{p.r - 1}" if p.signed else "0"
    lives = f", and {p.lives} lives" if p.lives > 1 else ""
    out = [
        f"{p.players} players, {hands} each, every hand starting on {p.start} "
        f"finger{'s' if p.start > 1 else ''}{lives}. A hand holds {low} to {p.r - 1} fingers"
        f"{' (halves too, with stumps)' if p.stumps else ''}; 0 is a dead hand.",
    ]
    if p.signed:
        sum_rule = (f"a hand dies when its sum reaches {p.r} or -{p.r} or comes to exactly 0 (cutoff); a negative "
                    "hand adds a negative number")
    elif p.overflow == "rollover":
        sum_rule = f"a sum of {p.r} or more loses {p.r} (roll-over: exactly {p.r} kills the hand)"
    else:
        sum_rule = f"a sum of {p.r} or more kills the hand (cutoff)"
    if p.attack == "self-gain":
        out.append("Attack (self-gain): tap one live hand of an opponent with one of yours; your own hand "
                   f"gains the tapped hand's fingers, the tapped hand does not change; {sum_rule}.")
    else:
        out.append("Attack: strike one live hand of another live player with one of your live hands; the "
                   f"struck hand gains your fingers; {sum_rule}.")
    out += _house_attacks(p)
    if p.self_attack:
        out.append("Self attack: you may also strike your own other live hand, by the same rule.")
    kinds = [k for k, on in (("transfers (live hands stay live)", p.transfers),
                             ("divisions (a dead hand comes back)", p.divisions),
                             ("suicide splits (a hand dies)", p.suicide)) if on]
    if kinds:
        text = (f"Split: strike your own hands together and share the same total over all {p.hands} "
                f"hands, differently from now, no hand over {p.r - 1}. Allowed: {', '.join(kinds)}.")
        text += _scopes(p)
        if p.signed:
            text += " With signed hands you may split only while no hand is negative."
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
    if p.stumps:
        out.append("Stumps: a player whose only finger is a single 1 may split it into two halves (01 -> ½½); "
                   "halves add like fingers, every other split moves whole fingers, and a hand still dies at "
                   f"{p.r} fingers. A half is written ½ (1½; typed h or 1h).")
    if p.integers and p.signed:
        out.append("Signed hands (integers under cutoff): you may flip one of your live hands from v to -v "
                   "instead of moving. A negative hand is written with the minus sign (−2; typed ~2).")
    elif p.integers:
        out.append(f"Integers: you may flip one of your live hands from v to {p.r} - v instead of moving.")
    out += _house_moves(p)
    if p.swaps:
        whose = ("by the same player: each player's own count, reset by their next other move, written after a "
                 "colon (12:s1)") if p.own_swaps else "in the game; positions carry the count after a slash (12-11/s1)"
        out.append(f"Swaps: with two unequal live hands you may swap them instead of moving; hands are "
                   f"unordered, so it is a pass. At most {p.swaps} swap{'s' if p.swaps > 1 else ''} in a row "
                   f"{whose}.")
    if p.sudden_death and p.lives > 1:
        out.append(f"Sudden death with lives: a player left with exactly one finger in total loses a life and "
                   f"their hands go back to the start ({str(p.start) * p.hands}); with no life left they are out. "
                   f"Lives left follow a colon ({str(p.start) * p.hands}:{p.lives}).")
    elif p.sudden_death:
        out.append("Sudden death: a player left with exactly one finger in total is out at once.")
    if p.attack == "self-gain":
        out.append("Winning: the game ends when a player has no live hand, and that player "
                   + ("loses (misere)." if p.misere else "wins (the player to move with no legal move loses)."))
    elif p.misere:
        out.append("Winning (misere): the first player to lose all their hands wins, and the game ends there.")
    elif p.players == 2:
        out.append("Winning: a player with no live hand has lost"
                   + (", even one who emptied their own hands." if p.self_add else "."))
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
               + ("with values separated by '.' (1.10-3.4)." if p.r > 10 else "(12-11).")
               + (" Written together, a half after a whole number takes a 0 (00½ is 0 and ½)." if p.stumps else ""))
    out.append(game_end_rule(p.players))
    return tuple(out)


def _house_attacks(p: Params) -> list[str]:
    """The house rules that change a strike (the rules spec's section 3b)."""
    out = []
    if p.death_attack:
        out.append("Death attack: you may also strike a dead hand of a player still in the game; it comes back "
                   "with your fingers (0 + yours).")
    if p.cherry_bomb:
        out.append(f"Cherry bomb: a strike whose fingers add up to exactly {p.r} explodes: the struck hand dies "
                   "and your striking hand goes back to 1.")
    return out


def _scopes(p: Params) -> str:
    """The more-hands scopes of transfers and divisions, as a sentence (empty when every split counts)."""
    text = ""
    if p.transfer_scope == "two":
        text += " Single transfer: a transfer moves fingers between two hands only."
    if p.division_scope == "one-to-one":
        text += " Single division: a division moves fingers from one live hand onto one dead hand."
    elif p.division_scope == "one-to-many":
        text += " Partition: a division moves fingers from one live hand onto one or more dead hands."
    return text


def _house_moves(p: Params) -> list[str]:
    """The house rules that add moves of your own (the rules spec's section 3b)."""
    out = []
    if p.self_add:
        out.append(f"Self-adding: instead of another move you may add one finger to one of your live hands; a "
                   f"hand reaching {p.r} {'dies' if p.overflow == 'cutoff' else 'rolls over'} as usual, so you can "
                   "knock your own hand, or yourself, out.")
    if p.logan:
        out.append("Logan clause: with one live hand you may swap it with a dead one as your whole move; hands "
                   "are unordered, so it is a pass, as often as you like.")
    if p.passes:
        out.append("Passing: you may pass instead of moving.")
    if p.one_point_switch:
        out.append("One-point switch: once a game, a player whose only finger is a single 1 may move it to "
                   "another hand (a pass); a used switch is written u after a colon (01:u).")
    return out
