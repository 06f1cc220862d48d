"""Independent, deliberately naive reference model of Chopsticks.

Written only from ``shared/spec/RULES.md`` and ``docs/RULINGS.md``; it does not
import numpy or vizgen.  Everything here is plain Python and favours being
obviously correct over being fast: the test-suite uses it to cross-check the
vectorised engine on small variants.

A position is a plain tuple ``(hands_0, hands_1, ..., swaps)``: one sorted
tuple of hand values per player, in turn order starting with the player to
move, followed by the number of swaps played in a row just before it
(always 0 when swaps are off).  Example: ``((1, 1), (1, 1), 0)`` is ``11-11``.

Winners and forced-win seats are seat offsets relative to the player to move
(0 = the mover, 1 = the next player, ...).
"""

from __future__ import annotations

from collections import deque
from itertools import combinations_with_replacement

Hands = tuple[int, ...]
Position = tuple  # (Hands, ..., Hands, int)
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
}

TOLERANCE = 1e-13


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
    return p


# ---------------------------------------------------------------------------
# small helpers
# ---------------------------------------------------------------------------


def _players(pos: Position) -> list[Hands]:
    """The per-player hand tuples of a position (turn order from the mover)."""
    return list(pos[:-1])


def _is_live(hands: Hands) -> bool:
    """A player is live while at least one hand holds a finger."""
    return any(h > 0 for h in hands)


def _overflow(p: dict, total: int) -> int:
    """A hand receiving ``total`` fingers: rollover subtracts r, cutoff kills."""
    if total < p["r"]:
        return total
    if p["overflow"] == "rollover":
        return total - p["r"]
    return 0


def _replace(hands: Hands, index: int, value: int) -> Hands:
    """``hands`` with hand number ``index`` set to ``value``."""
    new = list(hands)
    new[index] = value
    return tuple(new)


def _result(p: dict, players: list[Hands], swaps: int) -> Position:
    """Finish a move: sort hands, apply sudden death, pass the turn on.

    ``players`` is in the parent's order (mover first); the child lists the
    next player first and the old mover last.
    """
    done = []
    for hands in players:
        hands = tuple(sorted(hands))
        if p["sudden_death"] and sum(hands) == 1:
            hands = tuple(0 for _ in hands)
        done.append(hands)
    rotated = done[1:] + done[:1]
    return (*rotated, swaps)


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


# ---------------------------------------------------------------------------
# rules
# ---------------------------------------------------------------------------


def ref_start(p: dict) -> Position:
    """Every player has ``start`` fingers on every hand; no swaps yet."""
    hands = tuple(p["start"] for _ in range(p["hands"]))
    return (*(hands for _ in range(p["players"])), 0)


def _game_over_winner(p: dict, pos: Position) -> int | None:
    """Winner seat if the game has ended by the elimination rules, else None."""
    players = _players(pos)
    dead = [k for k, hands in enumerate(players) if not _is_live(hands)]
    live = [k for k, hands in enumerate(players) if _is_live(hands)]
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
    mover = players[0]
    r = p["r"]
    out: set[Position] = set()

    def add(new_players: list[Hands], new_swaps: int = 0) -> None:
        out.add(_result(p, new_players, new_swaps))

    if not _is_live(mover):
        if p["zombies"]:
            # A zombie must attack a live hand of a live player with a
            # phantom hand of one finger.
            for j in range(1, len(players)):
                target = players[j]
                if not _is_live(target):
                    continue
                for bi, b in enumerate(target):
                    if b == 0:
                        continue
                    new = list(players)
                    new[j] = _replace(target, bi, _overflow(p, b + 1))
                    add(new)
        else:
            # An eliminated player can only pass (a move other than a swap:
            # it resets the swap count).
            add(list(players))
        return out

    # --- attacks -----------------------------------------------------------
    for ai, a in enumerate(mover):
        if a == 0:
            continue
        # strike a live hand of another live player
        for j in range(1, len(players)):
            target = players[j]
            if not _is_live(target):
                continue
            for bi, b in enumerate(target):
                if b == 0:
                    continue
                new = list(players)
                if p["attack"] == "self-gain":
                    new[0] = _replace(mover, ai, _overflow(p, a + b))
                else:
                    new[j] = _replace(target, bi, _overflow(p, a + b))
                add(new)
        # self attack: strike the mover's own other live hand
        if p["self_attack"]:
            for bi, b in enumerate(mover):
                if bi == ai or b == 0:
                    continue
                new = list(players)
                if p["attack"] == "self-gain":
                    new[0] = _replace(mover, ai, _overflow(p, a + b))
                else:
                    new[0] = _replace(mover, bi, _overflow(p, a + b))
                add(new)

    # --- splits (transfer / division / suicide, meta, halvesies) ----------
    current = tuple(sorted(mover))
    total = sum(mover)
    live_before = sum(1 for h in mover if h > 0)
    totals = [total]
    if p["meta"] and total >= r and total - r >= 1:
        totals.append(total - r)
    for t in totals:
        for result in combinations_with_replacement(range(r), p["hands"]):
            if sum(result) != t or result == current:
                continue
            live_after = sum(1 for h in result if h > 0)
            if not _split_allowed(p, live_before, live_after):
                continue
            if not _halvesies_ok(p, result):
                continue
            new = list(players)
            new[0] = result
            add(new)

    # --- integers: flip one live hand v to r - v --------------------------
    if p["integers"]:
        for i, v in enumerate(mover):
            if v > 0 and r - v != v:
                new = list(players)
                new[0] = _replace(mover, i, r - v)
                add(new)

    # --- swaps: a pass for a player with two unequal live hands -----------
    if p["swaps"] > 0 and swaps < p["swaps"]:
        live_values = {h for h in mover if h > 0}
        if len(live_values) >= 2:
            add(list(players), swaps + 1)

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


def ref_notation(pos: Position, r: int) -> str:
    """``12-11``; with r > 10 dotted values ``1.10-3.4``; ``/s1`` for swaps."""
    parts = []
    for hands in _players(pos):
        values = [str(h) for h in sorted(hands)]
        parts.append(".".join(values) if r > 10 else "".join(values))
    text = "-".join(parts)
    if pos[-1]:
        text += f"/s{pos[-1]}"
    return text


def ref_all_positions(p: dict) -> list[Position]:
    """Every position with each player holding a multiset (swaps = 0 only)."""
    one = list(combinations_with_replacement(range(p["r"]), p["hands"]))
    positions: list[tuple] = [()]
    for _ in range(p["players"]):
        positions = [(*prev, h) for prev in positions for h in one]
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
        return all(v == 0 for v in pos[seat])

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
