"""The contract: what the Python and the browser share, written once as one generated script.

The browser's modules (``vizgen/site/static/js``) read every fact the two languages share from
``static/js/core/contract.js`` (its export ``contract``), which :func:`source` writes from the Python that defines it:

- the meaning table (:mod:`vizgen.analysis.meaning`): the value classes, the verdicts, the choices and the
  marks, with their palette keys and words; each code by its key (``verdictCodes`` ...); each verdict's value;
  what :func:`~vizgen.analysis.meaning.verdicts` and :func:`~vizgen.analysis.meaning.choices` return in every
  case (``verdictTable``, ``choiceTable``) and what :func:`vizgen.analysis.marks.value_classes` says of a seat
  (``rankTable``): the browser looks a solved position's verdict, choice or class up, never works it out again;
- the wire's position fields (:data:`vizgen.site.render.wire.POSITION_FIELDS`) and a node id's width;
- the kernel's index layout (the ``I_*`` of :mod:`vizgen.engine.kernel`), as the move generator reads it;
- the game's end (:data:`~vizgen.engine.ending.PLY_CAP`, :data:`~vizgen.engine.ending.REPETITIONS`), the graph's
  size limits (:data:`~vizgen.util.sizes.BIG`, :data:`~vizgen.util.sizes.PHONE_GRAPH_MAX`), the tricky
  player's rounds and scale (:mod:`vizgen.ai.tricky`), max^n's prize and depths (:mod:`vizgen.ai.maxn`,
  :data:`vizgen.site.data.tables.PLAY_DEPTHS`);

and its types, ``static/js/contract.d.ts`` (:func:`types`: every key a union of the Python's keys; not shipped).
Both files are checked in, so a machine without Node builds the site; ``tests/test_contract.py`` fails when
they differ from what :func:`source` and :func:`types` write now, and a scan there fails when another module
works one of these facts out again. Regenerate both with ``python -m vizgen.site.render.contract``.
"""

from __future__ import annotations

import argparse
import json
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from vizgen.ai import maxn, tricky
from vizgen.analysis import marks, meaning
from vizgen.engine import ending, kernel
from vizgen.site.data.tables import PLAY_DEPTHS
from vizgen.site.render.wire import POSITION_FIELDS
from vizgen.util import sizes

__all__ = ["FATES", "NODE_WIDTH", "WHOS", "data", "path", "source", "types"]

#: who can force (or has) a win, as ``verdictTable`` and ``choiceTable`` index it: nobody, the player the table
#: reads for (the mover for a verdict, the chooser for a choice), another player
WHOS = ("none", "self", "other")
#: the mover's (or chooser's) fate, as the tables index it, with the ``out_in`` the Python reads for it: no fate
#: read (two players, or a game where going out is no fate), out now, forced out later, survives
FATES: tuple[tuple[str, int | None], ...] = (("none", None), ("out-now", 0), ("out-later", 1), ("survives", -1))
#: bytes of a node id on the wire (the computer players' moves: :func:`vizgen.site.render.wire.node_fields`)
NODE_WIDTH = 3

# the kernel's scalars, by the name the move generator uses (I_* of vizgen/engine/kernel.py)
_KERNEL = ("P", "M", "COUNTS", "SWAPS", "TWO", "PASSES", "END", "TOP", "SWAP_MID", "PASS_MID", "MAXDEG", "MAXPAR")


def _winner(players: int, who: str, chooser: bool) -> int:
    """A winning seat (from the player to move) standing for ``who``: the mover, or the chooser just before it."""
    if who == "none":
        return -1
    mine = players - 1 if chooser else 0
    return mine if who == "self" else (mine + 1) % players


def _tables() -> tuple[list[Any], list[Any]]:
    """What meaning.verdicts and meaning.choices say in every case: [two or more][over][who][fate] -> code."""
    verdicts: list[Any] = []
    choices: list[Any] = []
    for players in (2, 3):
        v_over: list[Any] = []
        c_over: list[Any] = []
        for over in (False, True):
            v_who, c_who = [], []
            for who in WHOS:
                v_row, c_row = [], []
                for _, out_in in FATES:
                    fate = None if out_in is None else np.array([out_in])
                    w = np.array([_winner(players, who, False)])
                    v_row.append(int(meaning.verdicts(players, w, np.array([over]), fate)[0]))
                    w = np.array([_winner(players, who, True)])
                    c_row.append(int(meaning.choices(players, w, np.array([over]), np.array([1]), fate)[0][0]))
                v_who.append(v_row)
                c_who.append(c_row)
            v_over.append(v_who)
            c_over.append(c_who)
        verdicts.append(v_over)
        choices.append(c_over)
    return verdicts, choices


def _ranks() -> list[list[int]]:
    """What marks.value_classes says a seat's class is in every case: [who][fate] -> rank (2 win, 1 held, 0 lost)."""
    seat, players = 1, 3
    winners = {"none": -1, "self": seat, "other": (seat + 1) % players}
    return [[int(marks.value_classes(np.array([winners[who]]), seat, None if out_in is None else np.array([out_in]))[0])
             for _, out_in in FATES] for who in WHOS]


def _game_values() -> list[Any]:
    """What meaning.game_value_key says in every case: [two or more][played or watched][who][over] -> its key."""
    return [[[[meaning.game_value_key(players, watched, who, over) for over in (False, True)] for who in WHOS]
             for watched in (False, True)] for players in (2, 3)]


def data() -> dict[str, Any]:  # open: the contract's tables, typed where they are read (generated contract.d.ts)
    """The contract as data, in the order the script writes it.

    Examples
    --------
    >>> d = data()
    >>> d["verdicts"][d["verdictCodes"]["won"]]["cls"], d["marks"][d["markCodes"]["blunder"]]["symbol"]
    ('win', '??')
    >>> d["verdictTable"][0][1][1][0] == d["verdictCodes"]["won"], d["kernel"]["TOP"], d["ending"]["cap"]
    (True, 7, 200)
    """
    table = meaning.table()
    verdict_table, choice_table = _tables()
    return {
        "classes": table["classes"],
        "verdicts": table["verdicts"],
        "choices": table["choices"],
        "marks": table["marks"],
        "verdictCodes": {v["key"]: i for i, v in enumerate(table["verdicts"])},
        "choiceCodes": {v["key"]: i for i, v in enumerate(table["choices"])},
        "markCodes": {m["key"]: i for i, m in enumerate(table["marks"])},
        "verdictValue": [int(v) for v in meaning.VALUES],
        "rankTable": _ranks(),
        "whos": list(WHOS),
        "fates": [name for name, _ in FATES],
        "verdictTable": verdict_table,
        "choiceTable": choice_table,
        "gameValueTable": _game_values(),
        "wire": [{"name": f.name, "width": f.width, "bound": f.bound} for f in POSITION_FIELDS],
        "nodeWidth": NODE_WIDTH,
        "kernel": {name: getattr(kernel, f"I_{name}") for name in _KERNEL},
        "ending": {"cap": ending.PLY_CAP, "repetitions": ending.REPETITIONS},
        "graph": {"big": sizes.BIG, "phoneMax": sizes.PHONE_GRAPH_MAX, "narrow": sizes.NARROW_SCREEN},
        "tricky": {"rounds": tricky.ROUNDS, "scale": tricky.SCALE},
        "maxn": {"win": maxn.WIN, "depths": list(PLAY_DEPTHS)},
    }


def _union(keys: Any) -> str:
    """A JSDoc union of string literals."""
    return "|".join(json.dumps(k) for k in keys)


def types() -> str:
    """The text of ``contract.d.ts``: the contract's types (``tsc --checkJs`` reads them with the scripts).

    Every key is a union of the Python's keys, every table a readonly array of its entries.

    Examples
    --------
    >>> 'type ClassKey = "win" | "draw" | "loss";' in types()
    True
    """
    def union(keys: Any) -> str:
        return " | ".join(json.dumps(k) for k in keys)

    codes = "Readonly<Record<{}, number>>"
    game_values = union(meaning.GAME_VALUES)
    lines = [
        "// vizgen contract's types, GENERATED by vizgen/site/render/contract.py with contract.js. Do not edit: run",
        "// `python -m vizgen.site.render.contract` (tests/test_contract.py checks it).",
        "",
        "/** A value class, also its colour's palette key. */",
        f"type ClassKey = {union(meaning.CLASSES)};",
        f"type VerdictKey = {union(v.key for v in meaning.VERDICTS)};",
        f"type ChoiceKey = {union(v.key for v in meaning.CHOICES)};",
        f"type MarkKey = {union(m.key for m in meaning.MARKS)};",
        "/** A position field's name on the wire. */",
        f"type WireName = {union(f.name for f in POSITION_FIELDS)};",
        f"type WireBound = {union(sorted({f.bound for f in POSITION_FIELDS}))};",
        f"type KernelName = {union(_KERNEL)};",
        "interface ValueClass { readonly key: ClassKey; readonly value: -1 | 0 | 1; readonly rank: 0 | 1 | 2; "
        "readonly palette: string; readonly label: string }",
        "interface Verdict { readonly key: VerdictKey; readonly cls: ClassKey; readonly over: boolean; "
        "readonly long: string; readonly short: string }",
        "interface Choice { readonly key: ChoiceKey; readonly cls: ClassKey; readonly over: boolean; "
        "readonly long: string; readonly short: string }",
        "interface Mark { readonly key: MarkKey; readonly symbol: string; readonly name: string; readonly two: string; "
        "readonly more: string; readonly palette: string; readonly keeps: boolean }",
        "interface WireField { readonly name: WireName; readonly width: 1 | 2 | 3; readonly bound: WireBound }",
        "/** [two players: 0, more: 1][over: 0 or 1][who: none, self, other]",
        "    [fate: none, out now, out later, survives] -> a code */",
        "type CaseTable = ReadonlyArray<ReadonlyArray<ReadonlyArray<ReadonlyArray<number>>>>;",
        "export interface Contract {",
        "  readonly classes: Readonly<Record<ClassKey, ValueClass>>;",
        "  /** by verdict code */",
        "  readonly verdicts: ReadonlyArray<Verdict>;",
        "  /** by choice code */",
        "  readonly choices: ReadonlyArray<Choice>;",
        "  /** by mark code */",
        "  readonly marks: ReadonlyArray<Mark>;",
        f"  readonly verdictCodes: {codes.format('VerdictKey')};",
        f"  readonly choiceCodes: {codes.format('ChoiceKey')};",
        f"  readonly markCodes: {codes.format('MarkKey')};",
        "  /** per verdict code, the value for the player to move */",
        "  readonly verdictValue: ReadonlyArray<-1 | 0 | 1>;",
        "  /** marks.value_classes for every [who][fate] */",
        "  readonly rankTable: ReadonlyArray<ReadonlyArray<0 | 1 | 2>>;",
        f"  readonly whos: ReadonlyArray<{union(WHOS)}>;",
        f"  readonly fates: ReadonlyArray<{union(n for n, _ in FATES)}>;",
        "  /** meaning.verdicts for every case */",
        "  readonly verdictTable: CaseTable;",
        "  /** meaning.choices for every case */",
        "  readonly choiceTable: CaseTable;",
        "  /** meaning.game_value_key for every [two players: 0, more: 1][played: 0, watched: 1][who][over] */",
        f"  readonly gameValueTable: ReadonlyArray<ReadonlyArray<ReadonlyArray<ReadonlyArray<{game_values}>>>>;",
        "  /** the position fields, in block order */",
        "  readonly wire: ReadonlyArray<WireField>;",
        "  readonly nodeWidth: number;",
        "  readonly kernel: Readonly<Record<KernelName, number>>;",
        "  readonly ending: { readonly cap: number; readonly repetitions: number };",
        "  /** the most positions one whole graph is drawn for; on a narrow screen (CSS px) phoneMax */",
        "  readonly graph: { readonly big: number; readonly phoneMax: number; readonly narrow: number };",
        "  readonly tricky: { readonly rounds: number; readonly scale: number };",
        "  readonly maxn: { readonly win: number; readonly depths: ReadonlyArray<number> };",
        "  /** the verdict code of a solved position (meaning.verdicts); outIn null where no fate is read */",
        "  verdictOf(players: number, over: boolean, winner: number, outIn: number | null): number;",
        "  /** what moving to a solved position means for its chooser (meaning.choices) */",
        "  choiceOf(players: number, over: boolean, winner: number, outIn: number | null): number;",
        "  /** the winner's seat counted from the chooser (meaning.choices' seat, a choice's {k}); -1 none */",
        "  choiceSeat(players: number, winner: number): number;",
        "  /** the class rank of a seat at a solved position (marks.value_classes): 2 win, 1 held, 0 lost */",
        "  rankOf(seat: number, winner: number, outIn: number | null): 0 | 1 | 2;",
        "  /** the words' key (PLAY) of a game's value for its reader (meaning.game_value_key): value +1 the reader",
        "      can force (or has) the win, -1 another player, 0 nobody; watched: nobody plays as you */",
        f"  gameValueOf(players: number, watched: boolean, value: number, over: boolean): {game_values};",
        "}",
        "/** The contract, as core/contract.js exports it. */",
        "export declare const contract: Contract;",
    ]
    return "\n".join(lines) + "\n"


_HEAD = """\
/* vizgen contract: what the Python and the browser share, GENERATED by vizgen/site/render/contract.py from
 * vizgen/analysis/meaning.py and marks.py, vizgen/site/render/wire.py, vizgen/engine/kernel.py and ending.py,
 * vizgen/ai/tricky.py and maxn.py; its types are in contract.d.ts. Do not edit: run
 * `python -m vizgen.site.render.contract` (tests/test_contract.py checks it).
 */
"""

_BODY = """\
/** @type {Omit<Contract, "verdictOf" | "choiceOf" | "choiceSeat" | "rankOf" | "gameValueOf">} */
var data = %s;

/* A case's index in verdictTable, choiceTable and rankTable: `who` from the winning seat (counted from the player
   to move, -1 none) and the seat the table reads for (`seat`: 0 for a verdict, players - 1 for a choice);
   `fate` from the plies in which the others can force that seat out (-1 it survives; null: no fate read). */
/** @param {number} winner @param {number} seat @returns {number} */
function who(winner, seat) {
  return winner < 0 ? 0 : winner === seat ? 1 : 2;
}
/** @param {number | null} outIn @returns {number} */
function fate(outIn) {
  return outIn === null ? 0 : outIn === 0 ? 1 : outIn > 0 ? 2 : 3;
}
/** @param {unknown} x */
function freeze(x) {
  if (x && typeof x === "object") Object.values(x).forEach(freeze);
  Object.freeze(x);
}

/** @type {Contract} */
export const contract = Object.assign({}, data, {
  /** @type {Contract["verdictOf"]} */
  verdictOf: function (players, over, winner, outIn) {
    return data.verdictTable[players === 2 ? 0 : 1][over ? 1 : 0][who(winner, 0)][fate(outIn)];
  },
  /** @type {Contract["choiceOf"]} */
  choiceOf: function (players, over, winner, outIn) {
    return data.choiceTable[players === 2 ? 0 : 1][over ? 1 : 0][who(winner, players - 1)][fate(outIn)];
  },
  /** @type {Contract["choiceSeat"]} */
  choiceSeat: function (players, winner) {
    return winner < 0 ? -1 : (winner + 1) %% players;
  },
  /** @type {Contract["rankOf"]} */
  rankOf: function (seat, winner, outIn) {
    return data.rankTable[who(winner, seat)][fate(outIn)];
  },
  /** @type {Contract["gameValueOf"]} */
  gameValueOf: function (players, watched, value, over) {
    return data.gameValueTable[players === 2 ? 0 : 1][watched ? 1 : 0][value > 0 ? 1 : value < 0 ? 2 : 0][over ? 1 : 0];
  },
});
freeze(contract);
"""


def _json(value: Any) -> str:
    """The data as a JS literal: a key a line, a table's entries a line each, compact within."""
    def one(v: Any) -> str:
        return json.dumps(v, ensure_ascii=False, separators=(", ", ": "))

    def item(v: Any) -> str:
        if isinstance(v, list) and v and isinstance(v[0], dict):
            return "[\n    " + ",\n    ".join(one(x) for x in v) + "\n  ]"
        if isinstance(v, dict) and v and isinstance(next(iter(v.values())), dict):
            return "{\n    " + ",\n    ".join(f"{one(k)}: {one(x)}" for k, x in v.items()) + "\n  }"
        return one(v)

    return "{\n" + ",\n".join(f"  {one(k)}: {item(v)}" for k, v in value.items()) + "\n}"


def source() -> str:
    """The text of ``contract.js``: the same bytes for the same Python.

    Examples
    --------
    >>> text = source()
    >>> text.startswith("/* vizgen contract:") and '"cap": 200' in text
    True
    """
    return _HEAD + _BODY % _json(data())


def path(name: str = "contract.js") -> Path:
    """Where the checked-in contract (or its types, ``contract.d.ts``) is: in the package, the scripts join it."""
    return Path(str(resources.files("vizgen.site") / "static" / "js" / "core" / name))


if __name__ == "__main__":  # python -m vizgen.site.render.contract: write both again
    argparse.ArgumentParser(prog="python -m vizgen.site.render.contract",
                            description="Write the Python-to-browser contract again: static/js/core/contract.js "
                                        "and its types, and the payloads' types (core/payloads.d.ts).").parse_args()
    from vizgen.site.render import payloads

    path().write_text(source(), encoding="utf-8")
    path("contract.d.ts").write_text(types(), encoding="utf-8")
    payloads.path().write_text(payloads.types(), encoding="utf-8")
    print(path(), path("contract.d.ts"), payloads.path())
