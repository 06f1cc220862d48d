"""The cases of a game pasted into a variant's page (play/import.js), as the Python reads them: random games of a
variant (their moves written in several spellings the notation reads, and where the Python's rules and referee
stop them), and at each position of them every legal move and some texts that are no move or no legal one, with
the Python's verdict (``Rules.parse_move`` and ``Move.parse``; ``Referee`` for a game's end).

The browser's importer reads the positions through a source of its own kind (``positions``: each one's moves,
their targets and names, whether it is over and its winner), so the Node side needs no site: ``tests/js/cross/
import.mjs`` checks the importer against these cases (tests/test_import_cross.py, on many variants), and
``tests/js/import.test.mjs`` reads one small set of them from ``tests/js/fixtures/import.json``.
"""

from __future__ import annotations

import random

import numpy as np

from vizgen.engine.ending import Referee
from vizgen.engine.notation import HALF, MINUS, Move, Position
from vizgen.engine.rules import PositionError, Rules
from vizgen.engine.spec import resolve

#: texts that are no move, or moves legal only now and then: the Python decides which
PROBES = ("wave", "1>1", "1>", ">1", "9>9", "1>1@7", "1>2@me", "1>0", "0>1", "13 -> 99", "12 -> 3", "1.2 -> 3.0",
          "flip 7", "flip 1", "add ½", "add 1", "swap", "SWAP", "pass", "logan", "switch", "h>h", "~1>1", "1>2@1",
          "1>1@0", "2>1@2", "1 > 1", "11 -> 02", "1>1@1234567890", "1½>1", "−1>2")


def _verdict(rules: Rules, position: Position, text: str) -> str:
    """What the Python reads ``text`` as at ``position``: the notation it reaches, else ``not-a-move`` or
    ``illegal``."""
    try:
        return rules.notation(rules.play(position, rules.parse_move(position, text)))
    except PositionError:
        try:
            Move.parse(text, rules.players, rules.params.attack == "self-gain", rules.wide)
        except PositionError:
            return "not-a-move"
        return "illegal"


def _spell(text: str, rng: random.Random) -> str:
    """The same move written another way the notation reads: ASCII halves and minus, capitals, spaces."""
    way = rng.randrange(4)
    if way == 0:
        return text.replace(HALF, "h").replace(MINUS, "~")
    if way == 1:
        return text.upper()
    if way == 2:
        return "  " + (text.replace(" -> ", "->") if "->" in text else text.replace(">", " > ")) + " "
    return text


def cases(spec: str, games: int = 3, plies: int = 30, seed: int = 0, probed: int | None = None) -> dict[str, object]:
    """A variant's cases: its players, whether it is self-gain, its start, every position met with its moves,
    the random games (their texts and the positions the Python reaches, and where the referee ends them), and
    the probes at each position with the Python's verdict.

    ``probed``: the plies of each game whose positions are probed (all when None).
    """
    rules = Rules(resolve(spec))
    gain = rules.params.attack == "self-gain"
    rng = random.Random(f"{spec}:{seed}")
    positions: dict[str, dict[str, object]] = {}

    def seen(position: Position, probe: bool) -> str:
        name = rules.notation(position)
        row = positions.get(name)
        if row is None:
            won = int(rules.winners(np.array([rules.encode(position)]))[0])
            by_child: dict[str, list[str]] = {}
            for move, child in ([] if won >= 0 else rules.successors(position)):
                by_child.setdefault(rules.notation(child), []).append(str(move))
            row = positions[name] = {"over": won >= 0, "winner": won, "moves": [[c, *n] for c, n in by_child.items()]}
        if probe and "probes" not in row:
            legal = [n for m in row["moves"] for n in m[1:]]  # type: ignore[attr-defined]
            spelled = {*PROBES, *legal, *(_spell(t, rng) for t in legal)}
            row["probes"] = sorted([t, _verdict(rules, position, t)] for t in spelled)
        return name

    played = []
    for _ in range(games):
        position, referee = rules.start(), Referee(rules)
        path, texts, over_at = [seen(position, True)], [], None
        referee.arrive(rules.encode(position))
        for ply in range(plies):
            successors = rules.successors(position)
            if not successors:
                break
            move, position = rng.choice(successors)
            texts.append(_spell(str(move), rng))
            path.append(seen(position, probed is None or ply < probed))
            if referee.arrive(rules.encode(position)) is not None:
                over_at = ply + 1  # the game is over after this ply: a move after it is refused
                break
        played.append({"texts": texts, "path": path, "over_at": over_at})
    for name in list(positions):  # every target of a move met, so the importer can name it
        for row in positions[name]["moves"]:  # type: ignore[attr-defined]
            seen(rules.parse(row[0]), False)
    return {"spec": spec, "players": rules.players, "gain": gain, "start": rules.notation(rules.start()),
            "positions": positions, "games": played}
