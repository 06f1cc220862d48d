"""Independent, deliberately naive reference model of Chopsticks.

Written only from ``shared/spec/RULES.md`` and ``docs/RULINGS.md``; it does not
import numpy or vizgen.  Everything here is plain Python and favours being
obviously correct over being fast: the test-suite uses it to cross-check the
vectorised engine on small variants.

A position is a plain tuple ``(player_0, player_1, ..., swaps)``: one entry per
player in turn order, starting with the player to move, followed by the number
of swaps played in a row just before it (always 0 when swaps are off or each
player counts their own).  A player is ``(hands, lives, used, own)``: a sorted
tuple of hand values (whole numbers; halves with stumps as ``Fraction``; below
zero with signed hands), the lives left (0 when lives are not counted or the
player is out), whether they used the one-point switch, and their own swaps in a
row.  Example: ``(((1, 1), 0, False, 0), ((1, 1), 0, False, 0), 0)`` is ``11-11``;
:func:`ref_position` builds one from hands.

Winners and forced-win seats are seat offsets relative to the player to move
(0 = the mover, 1 = the next player, ...).
"""

from __future__ import annotations

from collections import deque
from fractions import Fraction
from itertools import combinations_with_replacement, product

Hands = tuple
Player = tuple  # (hands, lives, used, own)
Position = tuple  # (Player, ..., Player, int)
Graph = dict[Position, set[Position]]

DEFAULTS: dict = {
    "players": 2,
    "hands": 2,
    "r": 5,
    "overflow": "rollover",
    "attack": "opponent",
    "self_attack": False,
    "transfers": True,
    "divisions": True,
    "suicide": False,
    "meta": False,
    "halvesies": "off",
    "swaps": 0,
    "misere": False,
    "sudden_death": False,
    "integers": False,
    "zombies": False,
    "start": 1,
    "death_attack": False,
    "self_add": False,
    "cherry_bomb": False,
    "logan": False,
    "passes": False,
    "one_point_switch": False,
    "swap_count": "row",
    "stumps": False,
    "lives": 1,
    "transfer_scope": "any",
    "division_scope": "any",
}

TOLERANCE = 1e-13
HALF = Fraction(1, 2)


# ---------------------------------------------------------------------------
# parameters
# ---------------------------------------------------------------------------


def ref_params(**overrides) -> dict:
    """Return the variant parameters: docs/RULES.md section 5 defaults with overrides."""
    unknown = set(overrides) - set(DEFAULTS)
    if unknown:
        raise ValueError(f"unknown parameters: {sorted(unknown)}")
    p = dict(DEFAULTS)
    p.update(overrides)
    if p["players"] < 2 or p["hands"] < 1 or p["r"] < 2:
        raise ValueError("need players >= 2, hands >= 1, r >= 2")
    if p["overflow"] not in ("rollover", "cutoff"):
        raise ValueError("overflow must be rollover or cutoff")
    if p["attack"] not in ("opponent", "self-gain"):
        raise ValueError("attack must be opponent or self-gain")
    if p["halvesies"] not in ("off", "even", "near"):
        raise ValueError("halvesies must be off, even or near")
    if p["swaps"] < 0:
        raise ValueError("swaps must be >= 0")
    if not 1 <= p["start"] <= p["r"] - 1:
        raise ValueError("start must be in 1 .. r-1")
    if p["sudden_death"] and p["start"] * p["hands"] == 1:
        raise ValueError("sudden death: the start may not have a total of one")
    if p["zombies"] and (p["players"] < 3 or p["misere"] or p["attack"] == "self-gain"):
        raise ValueError("zombies need 3+ players, no misere, no self-gain")
    if p["misere"] and p["attack"] == "self-gain" and p["players"] != 2:
        raise ValueError("misere self-gain is two players only")
    if p["lives"] > 1 and not p["sudden_death"]:
        raise ValueError("lives are lost to sudden death only")
    if p["cherry_bomb"] and p["sudden_death"]:
        raise ValueError("a cherry bomb under sudden death could take two players out at once")
    if p["attack"] == "self-gain" and (p["cherry_bomb"] or p["death_attack"]):
        raise ValueError("cherry bombs and death attacks change the struck hand: not under self-gain")
    return p


def _signed(p: dict) -> bool:
    """Signed hands: integers under cut-off."""
    return p["integers"] and p["overflow"] == "cutoff"


def _player_swaps(p: dict) -> bool:
    """Each player counts their own swaps in a row."""
    return p["swap_count"] == "player" and p["swaps"] > 0


# ---------------------------------------------------------------------------
# small helpers
# ---------------------------------------------------------------------------


def _values(p: dict) -> list:
    """Every value a hand can hold, ascending (halves with stumps, below zero when signed)."""
    step = HALF if p["stumps"] else 1
    values = []
    v = Fraction(0)
    while v < p["r"]:
        values.append(v)
        v += step
    if _signed(p):
        values = [-x for x in reversed(values[1:])] + values
    return [int(v) if v.denominator == 1 else v for v in values]


def _players(pos: Position) -> list[Player]:
    """The players of a position (turn order from the mover)."""
    return list(pos[:-1])


def _is_live(hands: Hands) -> bool:
    """A player is live while at least one hand holds a finger."""
    return any(h != 0 for h in hands)


def _overflow(p: dict, total) -> int:
    """A hand receiving ``total`` fingers: rollover subtracts r, cutoff kills; signed hands die at |total| >= r
    and at 0."""
    if _signed(p):
        return 0 if abs(total) >= p["r"] else total
    if total < p["r"]:
        return total
    if p["overflow"] == "rollover":
        return total - p["r"]
    return 0


def _replace(hands: Hands, index: int, value) -> Hands:
    """``hands`` with hand number ``index`` set to ``value``."""
    new = list(hands)
    new[index] = value
    return tuple(new)


def _player(p: dict, hands: Hands, lives: int, used: bool, own: int) -> Player:
    """A player after a move: hands sorted; the sudden-death rule (a life lost, hands back to the start, or
    out); a player out keeps nothing."""
    hands = tuple(sorted(hands))
    if p["sudden_death"] and sum(abs(h) for h in hands) == 1:
        if lives > 1:
            return (tuple(p["start"] for _ in hands), lives - 1, used, own)
        hands = tuple(0 for _ in hands)
    if not _is_live(hands):
        return (hands, 0, False, 0)
    return (hands, lives, used, own)


def _result(players: list[Player], swaps: int) -> Position:
    """Pass the turn on: the child lists the next player first and the old mover last."""
    return (*players[1:], players[0], swaps)


def _split_allowed(p: dict, live_before: int, live_after: int) -> bool:
    """Is a split from ``live_before`` to ``live_after`` live hands allowed?"""
    if live_after == 0:
        return False  # a split never leaves the mover with no live hand
    if live_after == live_before:
        return p["transfers"]
    if live_after > live_before:
        return p["divisions"]
    return p["suicide"]


def _halvesies_ok(p: dict, result: Hands) -> bool:
    """The halvesies filter on a split result."""
    if p["halvesies"] == "even":
        return max(result) == min(result)
    if p["halvesies"] == "near":
        return max(result) - min(result) <= 1
    return True


def _scope_ok(p: dict, before: Hands, after: Hands) -> bool:
    """The more-hands scopes, read off which hands changed (both in the mover's own order of hands).

    transfer ``two``: exactly two hands changed. Division ``one-to-one``: one live hand gave fingers to
    one dead hand and stayed live; ``one-to-many``: one live hand gave fingers to dead hands (one or
    more) and stayed live.
    """
    changed = [i for i in range(len(before)) if before[i] != after[i]]
    live_before = sum(1 for h in before if h)
    live_after = sum(1 for h in after if h)
    if live_after == live_before:
        return p["transfer_scope"] == "any" or len(changed) == 2
    if p["division_scope"] == "any":
        return True
    givers = [i for i in changed if before[i] != 0]
    takers = [i for i in changed if before[i] == 0]
    if len(givers) != 1 or not takers or after[givers[0]] == 0 or any(after[i] == 0 for i in takers):
        return False
    return p["division_scope"] == "one-to-many" or len(takers) == 1


def _splits(p: dict, hands: Hands) -> set[Hands]:
    """Every hand set a split may leave: the same total (or, meta, r fewer) moved between the hands a whole
    finger at a time (each hand keeps its half, with stumps), filtered by kind, halvesies and scopes; with
    stumps a lone 1 may become two halves."""
    out: set[Hands] = set()
    if any(h < 0 for h in hands):
        return out  # signed hands split only while none is negative
    current = tuple(sorted(hands))
    total = sum(hands)
    live_before = sum(1 for h in hands if h)
    targets = [total]
    if p["meta"] and total - p["r"] > 0:
        targets.append(total - p["r"])
    values = [v for v in _values(p) if v >= 0]
    for target in targets:
        for new in product(values, repeat=len(hands)):
            if sum(new) != target or any((n - h).denominator != 1 for n, h in zip(map(Fraction, new), hands)):
                continue
            result = tuple(sorted(new))
            if result == current:
                continue
            live_after = sum(1 for h in new if h)
            if not _split_allowed(p, live_before, live_after) or not _halvesies_ok(p, result):
                continue
            if target == total and live_after >= live_before and not _scope_ok(p, hands, new):
                continue
            out.add(result)
    if p["stumps"] and len(hands) >= 2 and sorted(hands) == [0] * (len(hands) - 1) + [1]:
        out.add(tuple(sorted([HALF, HALF] + [0] * (len(hands) - 2))))
    return out


# ---------------------------------------------------------------------------
# rules
# ---------------------------------------------------------------------------


def ref_position(*hands: Hands, swaps: int = 0, lives: tuple = (), used: tuple = (), own: tuple = ()) -> Position:
    """A position from each player's hands (sorted here), with optional marks per player."""
    players = []
    for k, h in enumerate(hands):
        players.append((tuple(sorted(h)), lives[k] if lives else 0, bool(used and used[k]), own[k] if own else 0))
    return (*players, swaps)


def ref_position_of(position) -> Position:
    """The reference position of one of the engine's positions (read by its attributes alone: ``hands``,
    ``swaps``, ``lives``, ``used``, ``own``)."""
    return ref_position(*position.hands, swaps=position.swaps, lives=position.lives, used=position.used,
                        own=position.own)


def ref_start(p: dict) -> Position:
    """Every player has ``start`` fingers on every hand (and every life); no swaps yet."""
    hands = tuple(p["start"] for _ in range(p["hands"]))
    lives = p["lives"] if p["lives"] > 1 else 0
    return (*((hands, lives, False, 0) for _ in range(p["players"])), 0)


def _game_over_winner(p: dict, pos: Position) -> int | None:
    """Winner seat if the game has ended by the elimination rules, else None."""
    players = _players(pos)
    dead = [k for k, pl in enumerate(players) if not _is_live(pl[0])]
    live = [k for k, pl in enumerate(players) if _is_live(pl[0])]
    if p["attack"] == "self-gain":
        # The game ends when a player has no live hand; that player wins
        # (misere flips the result, two players only).
        if not dead:
            return None
        if len(dead) != 1:
            raise AssertionError(f"self-gain: several dead players in {pos}")
        if p["misere"]:
            return 1 - dead[0]
        return dead[0]
    if p["misere"]:
        # The first player to lose all hands wins; the game ends at once.
        if not dead:
            return None
        if len(dead) != 1:
            raise AssertionError(f"misere: several dead players in {pos}")
        return dead[0]
    # Normal: the game ends when one live player remains, who wins.
    if len(live) == 1:
        return live[0]
    if not live:
        raise AssertionError(f"no live player in {pos}")
    return None


def _moves(p: dict, pos: Position) -> set[Position]:
    """All distinct positions the player to move can reach (no end check)."""
    players = _players(pos)
    swaps = pos[-1]
    hands, lives, used, own = players[0]
    out: set[Position] = set()

    def add(mover_hands: Hands, *, others: dict | None = None, new_swaps: int = 0, new_used: bool = used,
            new_own: int = 0) -> None:
        """The child where the mover's hands become ``mover_hands`` and player ``j`` (``others``) gets new hands."""
        new = list(players)
        new[0] = _player(p, mover_hands, lives, new_used, new_own)
        for j, their in (others or {}).items():
            _, l_j, u_j, o_j = players[j]
            new[j] = _player(p, their, l_j, u_j, o_j)
        out.add(_result(new, new_swaps))

    if not _is_live(hands):
        if p["zombies"]:
            # A zombie must attack a live hand of a live player with a
            # phantom hand of one finger (striking a dead hand too with death attacks).
            for j in range(1, len(players)):
                target = players[j][0]
                if not _is_live(target):
                    continue
                for bi, b in enumerate(target):
                    if b == 0 and not p["death_attack"]:
                        continue
                    new = list(players)
                    _, l_j, u_j, o_j = players[j]
                    new[j] = _player(p, _replace(target, bi, _overflow(p, b + 1)), l_j, u_j, o_j)
                    out.add(_result(new, 0))
        else:
            # An eliminated player can only pass (a move other than a swap:
            # it resets the swap count).
            out.add(_result(list(players), 0))
        return out

    gain = p["attack"] == "self-gain"
    # --- attacks -----------------------------------------------------------
    for ai, a in enumerate(hands):
        if a == 0:
            continue

        def bomb_hands(b, ai=ai, a=a) -> Hands:
            """The striker's hands after striking ``b``: a cherry bomb (a + b exactly r) resets the hand to 1."""
            return _replace(hands, ai, 1) if p["cherry_bomb"] and a + b == p["r"] else hands

        # strike a hand of another live player (a live hand, or a dead one with death attacks)
        for j in range(1, len(players)):
            target = players[j][0]
            if not _is_live(target):
                continue
            for bi, b in enumerate(target):
                if b == 0 and not p["death_attack"]:
                    continue
                if gain:
                    add(_replace(hands, ai, _overflow(p, a + b)))
                else:
                    add(bomb_hands(b), others={j: _replace(target, bi, _overflow(p, a + b))})
        # self attack: strike the mover's own other live hand
        if p["self_attack"]:
            for bi, b in enumerate(hands):
                if bi == ai or b == 0:
                    continue
                if gain:
                    add(_replace(hands, ai, _overflow(p, a + b)))
                else:
                    add(_replace(bomb_hands(b), bi, _overflow(p, a + b)))

    # --- splits (transfer / division / suicide, meta, halvesies, scopes, stumps) ---
    for result in _splits(p, hands):
        add(result)

    # --- integers: flip one live hand v to r - v (signed: to -v) -----------
    if p["integers"]:
        for i, v in enumerate(hands):
            if v != 0:
                flipped = -v if _signed(p) else p["r"] - v
                if flipped != v:
                    add(_replace(hands, i, flipped))

    # --- self add: one finger onto one of your live hands --------------------
    if p["self_add"]:
        for i, v in enumerate(hands):
            if v != 0:
                add(_replace(hands, i, _overflow(p, v + 1)))

    # --- passes: the Logan clause (one live hand), or any player ------------
    live_hands = [h for h in hands if h != 0]
    if (p["logan"] and len(live_hands) == 1) or p["passes"]:
        add(hands)

    # --- the one-point switch: a lone 1, once per game -----------------------
    if p["one_point_switch"] and not used and len(hands) >= 2 and live_hands == [1]:
        add(hands, new_used=True)

    # --- swaps: a pass for a player with two unequal live hands -----------
    if p["swaps"] > 0 and len(set(live_hands)) >= 2:
        if _player_swaps(p):
            if own < p["swaps"]:
                add(hands, new_own=own + 1)
        elif swaps < p["swaps"]:
            add(hands, new_swaps=swaps + 1, new_own=own)

    return out


def ref_winner(p: dict, pos: Position) -> int | None:
    """Winner seat offset (0 = the player to move) if the game is over."""
    winner = _game_over_winner(p, pos)
    if winner is not None:
        return winner
    if not _moves(p, pos):
        # A player to move with no legal move loses (self-gain rule, general).
        if p["players"] == 2:
            return 1
        raise AssertionError(f"no legal move in a multiplayer position {pos}")
    return None


def ref_children(p: dict, pos: Position) -> set[Position]:
    """Distinct resulting positions of all legal moves (empty when over)."""
    if ref_winner(p, pos) is not None:
        return set()
    return _moves(p, pos)


def _value_text(v) -> str:
    """``3``, ``1½``, ``½``, ``−2`` (the minus sign, not a hyphen)."""
    sign = "−" if v < 0 else ""
    v = abs(Fraction(v))
    whole = v.numerator // v.denominator
    half = v.denominator == 2
    return sign + ("" if half and whole == 0 else str(whole)) + ("½" if half else "")


def ref_notation(pos: Position, r: int) -> str:
    """``12-11``; with r > 10 dotted values ``1.10-3.4``; ``/s1`` for swaps; ``:3``, ``:u``, ``:s1`` marks;
    halves ``1½`` (``00½``: 0 and ½), negative values ``−2``."""
    parts = []
    for hands, lives, used, own in _players(pos):
        values = [_value_text(h) for h in sorted(hands)]
        if r <= 10:  # written together, a half after a digit takes a leading 0: 00½ is 0 and ½
            values = [("0" + v if v.startswith("½") and k and values[k - 1][-1].isdigit() else v)
                      for k, v in enumerate(values)]
        text = ".".join(values) if r > 10 else "".join(values)
        marks = (str(lives) if lives else "") + ("u" if used else "") + (f"s{own}" if own else "")
        parts.append(text + (":" + marks if marks else ""))
    text = "-".join(parts)
    if pos[-1]:
        text += f"/s{pos[-1]}"
    return text


def ref_all_positions(p: dict) -> list[Position]:
    """Every position with each player holding a multiset (swaps = 0, no marks, only)."""
    one = list(combinations_with_replacement(_values(p), p["hands"]))
    positions: list[tuple] = [()]
    for _ in range(p["players"]):
        positions = [(*prev, (h, 0, False, 0)) for prev in positions for h in one]
    return [(*pos, 0) for pos in positions]


# ---------------------------------------------------------------------------
# graph and solving
# ---------------------------------------------------------------------------


def ref_graph(p: dict) -> Graph:
    """Plain BFS from the start; terminal positions have no children."""
    start = ref_start(p)
    graph: Graph = {}
    queue = deque([start])
    seen = {start}
    while queue:
        pos = queue.popleft()
        kids = ref_children(p, pos)
        graph[pos] = kids
        for kid in kids:
            if kid not in seen:
                seen.add(kid)
                queue.append(kid)
    return graph


def ref_solve(p: dict, graph: Graph) -> dict[Position, tuple[int | None, int | None]]:
    """Forced-win seat and remoteness of every position, by fixed-point sweeps.

    Starting from "unknown" everywhere except terminal positions (winner, 0),
    every sweep recomputes each non-terminal position from the previous
    sweep's values:

    * the mover (seat 0) forces a win if some child is forced for the child's
      seat P-1 (the same player): remoteness 1 + min over such children;
    * seat k != 0 forces a win if every child is forced for the child's seat
      k-1: remoteness 1 + max over the children;
    * otherwise unknown.

    Sweeps repeat until nothing changes.  Starting from unknown makes this the
    least fixed point, so positions on cycles that nobody can force stay
    (None, None).
    """
    n_players = p["players"]
    value: dict[Position, tuple[int, int] | None] = {}
    for pos in graph:
        winner = ref_winner(p, pos)
        value[pos] = (winner, 0) if winner is not None else None

    while True:
        new_value: dict[Position, tuple[int, int] | None] = {}
        for pos, kids in graph.items():
            if not kids:
                new_value[pos] = value[pos]
                continue
            # each child's forced seat, seen from the parent
            kid_values = []
            for kid in kids:
                v = value[kid]
                kid_values.append(None if v is None else ((v[0] + 1) % n_players, v[1]))
            mover_wins = [d for v in kid_values if v is not None and v[0] == 0 for d in [v[1]]]
            result = None
            if mover_wins:
                result = (0, 1 + min(mover_wins))
            elif all(v is not None for v in kid_values):
                seats = {v[0] for v in kid_values}
                if len(seats) == 1:
                    seat = seats.pop()
                    result = (seat, 1 + max(v[1] for v in kid_values))
            new_value[pos] = result
        if new_value == value:
            break
        value = new_value

    return {pos: (v if v is not None else (None, None)) for pos, v in value.items()}


def _indexed(p: dict, graph: Graph) -> tuple[list[Position], list[list[int]], list[int | None]]:
    """Positions as a list, children as index lists, terminal winners."""
    order = list(graph)
    index = {pos: i for i, pos in enumerate(order)}
    kids = [[index[c] for c in graph[pos]] for pos in order]
    winners = [ref_winner(p, pos) if not graph[pos] else None for pos in order]
    for i, pos in enumerate(order):
        if not kids[i] and winners[i] is None:
            raise AssertionError(f"childless position without a winner: {pos}")
    return order, kids, winners


def ref_random(p: dict, graph: Graph) -> dict[Position, float]:
    """P(mover wins) when both players pick uniformly among distinct children.

    Plain iteration from 0 (in-place sweeps) of w(n) = mean_c l(c), l(n) = mean_c w(c),
    where w is the probability that the mover wins and l that the mover
    loses; at a terminal position the winner's probability is 1.
    """
    if p["players"] != 2:
        raise ValueError("random play is for two players only")
    order, kids, winners = _indexed(p, graph)
    n = len(order)
    w = [0.0] * n
    lose = [0.0] * n
    for i in range(n):
        if not kids[i]:
            w[i] = 1.0 if winners[i] == 0 else 0.0
            lose[i] = 1.0 if winners[i] == 1 else 0.0
    inner = [i for i in reversed(range(n)) if kids[i]]  # deep positions first
    while True:
        # Gauss-Seidel sweep: values updated in place (same least fixed point)
        change = 0.0
        for i in inner:
            ks = kids[i]
            new_w = sum(lose[c] for c in ks) / len(ks)
            new_l = sum(w[c] for c in ks) / len(ks)
            change = max(change, abs(new_w - w[i]), abs(new_l - lose[i]))
            w[i] = new_w
            lose[i] = new_l
        if change < TOLERANCE:
            break
    return {order[i]: w[i] for i in range(n)}


def ref_perfect_vs_random(p: dict, graph: Graph) -> dict[Position, float]:
    """P(mover wins) when the mover plays to maximise it and the other plays
    uniformly at random among distinct children.

    Value iteration from 0: a(n) = max_c b(c) (perfect player to move),
    b(n) = mean_c a(c) (random player to move, perfect player wins);
    terminal: a = 1 if the mover won, b = 1 if the other player won.
    """
    if p["players"] != 2:
        raise ValueError("perfect vs random is for two players only")
    order, kids, winners = _indexed(p, graph)
    n = len(order)
    a = [0.0] * n
    b = [0.0] * n
    for i in range(n):
        if not kids[i]:
            a[i] = 1.0 if winners[i] == 0 else 0.0
            b[i] = 1.0 if winners[i] == 1 else 0.0
    inner = [i for i in reversed(range(n)) if kids[i]]  # deep positions first
    while True:
        # Gauss-Seidel sweep: values updated in place (same least fixed point)
        change = 0.0
        for i in inner:
            ks = kids[i]
            new_a = max(b[c] for c in ks)
            new_b = sum(a[c] for c in ks) / len(ks)
            change = max(change, abs(new_a - a[i]), abs(new_b - b[i]))
            a[i] = new_a
            b[i] = new_b
        if change < TOLERANCE:
            break
    return {order[i]: a[i] for i in range(n)}


def ref_survival(p: dict, graph: Graph) -> dict[Position, tuple[int | None, ...]]:
    """Per position and seat: plies in which all the others can force that seat out, None if it survives.

    Plain fixed-point sweeps, starting from "not forced" everywhere except
    where the seat has no live hand (0 plies):

    * at a final position a seat with a live hand survives;
    * the seat to move (seat 0) is forced out if every child forces it out
      (it is seat P-1 there): 1 + max over the children;
    * another seat k is forced out if some child forces it out (seat k-1
      there): 1 + min over those children.

    Sweeps repeat until nothing changes (the least fixed point: on cycles
    nobody can force, the seat survives).
    """
    n_players = p["players"]

    def out_now(pos: Position, seat: int) -> bool:
        return all(v == 0 for v in pos[seat][0])

    value = {pos: tuple(0 if out_now(pos, k) else None for k in range(n_players)) for pos in graph}
    while True:
        new_value = {}
        for pos, kids in graph.items():
            row = list(value[pos])
            if kids:
                for seat in range(n_players):
                    if row[seat] == 0:
                        continue
                    below = [value[kid][(seat - 1) % n_players] for kid in kids]
                    if seat == 0:
                        row[seat] = None if None in below else 1 + max(below)
                    else:
                        known = [d for d in below if d is not None]
                        row[seat] = 1 + min(known) if known else None
            new_value[pos] = tuple(row)
        if new_value == value:
            return value
        value = new_value


def ref_random_seats(p: dict, graph: Graph) -> dict[Position, list[float]]:
    """P(seat k wins) for every seat when every player picks uniformly among distinct children.

    Plain Gauss-Seidel iteration from 0 of x(n)[k] = mean over children c of
    x(c)[k-1] (seat k here is seat k-1 after the move); at a final position
    the winner's entry is 1.
    """
    n_players = p["players"]
    order, kids, winners = _indexed(p, graph)
    x = [[0.0] * n_players for _ in order]
    for i in range(len(order)):
        if not kids[i]:
            x[i][winners[i]] = 1.0
    inner = [i for i in reversed(range(len(order))) if kids[i]]
    while True:
        change = 0.0
        for i in inner:
            ks = kids[i]
            for seat in range(n_players):
                new = sum(x[c][(seat - 1) % n_players] for c in ks) / len(ks)
                change = max(change, abs(new - x[i][seat]))
                x[i][seat] = new
        if change < TOLERANCE:
            return {order[i]: x[i] for i in range(len(order))}
