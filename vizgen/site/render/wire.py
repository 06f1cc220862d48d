"""The wire: per-position facts as the browser receives them, one format for every page kind.

A *block* holds a run of positions (a small page's every node, a big page's
chunk, a code page's 4,096 codes) and a tuple of :class:`Field`, each value
stored plus one so that -1 ("none", or on a code page "no game reaches this
code") is 0, in byte planes of one byte per position: first the low byte of
every field in order, then the second byte of every field at least two bytes
wide, then the third. The planes are zlib-compressed and base64-encoded; the
page names the fields it carries (:func:`spec`) and the browser's one decoder
(``wire.js``) reads any block from them. (High bytes are mostly zero: kept
together at the end they cost almost nothing, where between the low planes they
made six players' chunks 38 % larger.)

Every field's limit is checked before a byte is written: a verdict code below
``len(words.VERDICTS)``, a choice below ``len(words.CHOICES)``, a seat below
the number of players, a count of plies, a score or a node id below what its
width holds. A value that does not fit is refused with :class:`WireError`,
never wrapped, and the build stops with that line (the site already there is
left as it was).
"""

from __future__ import annotations

import base64
import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import numpy as np

from vizgen.analysis import words
from vizgen.analysis.facts import Facts
from vizgen.site.output.outdir import BuildError
from vizgen.site.render.payloads import FieldSpec

__all__ = ["POSITION_FIELDS", "Field", "WireError", "encode", "fact_columns", "fields_of", "node_fields", "spec"]


class WireError(BuildError, ValueError):
    """A value does not fit its field: the build stops with one line saying which (exit code 2)."""


@dataclass(frozen=True)
class Field:
    """One per-position value on the wire.

    Attributes
    ----------
    name : str
        The key the browser reads it by (the :class:`~vizgen.analysis.facts.Facts` attribute of a position fact).
    width : int
        Bytes per position (1 to 3).
    meaning : str
        What the value is; -1 means none.
    bound : str
        What limits it: ``verdicts`` (``len(words.VERDICTS)``), ``choices`` (``len(words.CHOICES)``),
        ``seats`` (the number of players), ``plies``, ``score`` or ``nodes`` (only the width).
    """

    name: str
    width: int
    meaning: str
    bound: str

    @property
    def largest(self) -> int:
        """The largest value the field holds (stored plus one in ``width`` bytes)."""
        largest: int = 256 ** self.width - 2  # int ** int is Any to mypy (a negative power is a float)
        return largest


#: the facts of a position (:func:`vizgen.analysis.facts.position_facts`), in block order (alike ones side by
#: side: six players' chunks compress 1 % smaller than in the order of the facts)
POSITION_FIELDS: tuple[Field, ...] = (
    Field("verdict", 1, "the verdict for the player to move: index into words.VERDICTS", "verdicts"),
    Field("winner", 1, "the verdict's {k}: the seat, from the player to move, that can force or has won", "seats"),
    Field("choice", 1, "what moving here means for the player who moved: index into words.CHOICES", "choices"),
    Field("choice_k", 1, "the choice's {k}: a seat counted from the player who moved", "seats"),
    Field("verdict_n", 2, "the verdict's {n}: the remoteness, or the plies to the mover's forced exit", "plies"),
    Field("forced_out_in", 2, "plies in which the others can force the player to move out (fate only)", "plies"),
    Field("choice_n", 2, "the choice's {n}: plies still to come after the move, or to the chooser's exit", "plies"),
    Field("score", 2, "a move here scored for the player who moved: a position's highest are its optimal moves",
          "score"),
    Field("depth", 2, "plies from the start", "plies"),
    Field("trap", 1, "the tricky perfect player's trap figure, in 254ths (code pages only)", "chance"),
)


def node_fields(names: Sequence[str]) -> tuple[Field, ...]:
    """Fields that hold a node id per position (the computer opponents' moves).

    Examples
    --------
    >>> [(f.name, f.width) for f in node_fields(["perfect_move"])]
    [('perfect_move', 3)]
    """
    return tuple(Field(name, 3, "the node id of the position moved to", "nodes") for name in names)


def fields_of(facts: Facts) -> tuple[Field, ...]:
    """The position fields a variant's facts fill: the mover's fate only where it is read.

    Examples
    --------
    >>> from vizgen.analysis.facts import position_facts
    >>> from vizgen.analysis.solved import solve_variant
    >>> from vizgen.engine.spec import resolve
    >>> [f.name for f in fields_of(position_facts(solve_variant(resolve("standard"))))][-2:]
    ['score', 'depth']
    """
    return tuple(f for f in POSITION_FIELDS if getattr(facts, f.name) is not None)


def fact_columns(facts: Facts) -> dict[str, np.ndarray]:
    """The arrays of :func:`fields_of`, by field name."""
    return {f.name: getattr(facts, f.name) for f in fields_of(facts)}


def spec(fields: Sequence[Field]) -> list[FieldSpec]:
    """What the browser needs to read a block of these fields: name and width, in order.

    Examples
    --------
    >>> spec(POSITION_FIELDS[:2])
    [{'name': 'verdict', 'width': 1}, {'name': 'winner', 'width': 1}]
    """
    return [{"name": f.name, "width": f.width} for f in fields]


def _limit(field: Field, players: int) -> int:
    """The largest value the field may take in a game of ``players`` players (its own width for the others)."""
    if field.bound == "verdicts":
        return len(words.VERDICTS) - 1
    if field.bound == "choices":
        return len(words.CHOICES) - 1
    if field.bound == "seats":
        return players - 1
    return field.largest


def _check(field: Field, values: np.ndarray, players: int) -> None:
    limit = _limit(field, players)
    if limit > field.largest:
        raise WireError(f"the wire's field {field.name} holds values up to {field.largest} in {field.width} "
                        f"byte(s), but it must take {limit} ({field.bound}); widen the field")
    if values.size and (int(values.min()) < -1 or int(values.max()) > limit):
        bad = int(values.max()) if int(values.max()) > limit else int(values.min())
        raise WireError(f"{field.name} = {bad} does not fit the wire: the field takes -1 to {limit} "
                        f"({field.width} byte(s)); refusing rather than wrapping it")


def encode(fields: Sequence[Field], columns: Mapping[str, np.ndarray], players: int) -> str:
    """Encode one block: the byte planes (every field's low byte, then the higher ones), zlib, base64.

    Parameters
    ----------
    fields : sequence of Field
        The fields, in block order.
    columns : mapping of str to numpy.ndarray
        Per field name, one value per position of the block (-1 for none); all of one length.
    players : int
        Players in the game (the limit of the ``seats`` fields).

    Returns
    -------
    str
        The block as base64 text.

    Raises
    ------
    WireError
        If a value does not fit its field, or a field cannot hold every value its bound allows.

    Examples
    --------
    >>> text = encode(POSITION_FIELDS[:1], {"verdict": np.array([1, -1])}, 2)
    >>> zlib.decompress(base64.b64decode(text))
    b'\\x02\\x00'
    >>> encode(POSITION_FIELDS[1:2], {"winner": np.array([2])}, 2)
    Traceback (most recent call last):
    ...
    vizgen.site.render.wire.WireError: winner = 2 does not fit the wire: the field takes -1 to 1 (1 byte(s)); \
refusing rather than wrapping it
    """
    lengths = {len(columns[f.name]) for f in fields}
    if len(lengths) > 1:
        raise WireError(f"the fields of a block differ in length: {sorted(lengths)}")
    stored = {}
    for f in fields:
        values = np.asarray(columns[f.name], dtype=np.int64)
        _check(f, values, players)
        stored[f.name] = values + 1
    planes = [((stored[f.name] >> (8 * b)) & 0xFF).astype(np.uint8).tobytes()
              for b in range(max((f.width for f in fields), default=0)) for f in fields if f.width > b]
    # level 6: 2 % larger than 9 at less than half the time (the six-player page writes 2,781 blocks)
    return base64.b64encode(zlib.compress(b"".join(planes), 6)).decode()
