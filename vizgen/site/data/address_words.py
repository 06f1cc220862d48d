"""What a page may read from its address, how much of it, and what it says of a part it drops.

Every page reads its address through one parser, ``static/js/address.js`` (``VZ.address.read``): the fragment
(a position's notation, or on the other pages an element's id) and the query's keys of its page kind. Each key
is bounded before any work: its raw text (percent-encoded, as the address holds it) may be at most
``limits[key]`` characters, a line of positions at most the ply cap of a game, and a query as a whole at most
``caps[page]`` characters. A part that is too long, repeated, not valid percent-encoding of UTF-8, or holds
control characters or lone surrogates is dropped with one of :data:`NOTES`, and the rest of the page works.
A part the reader passes but the page cannot use (a variant, puzzle, theme or practice mode that is not one
there) is said with the same note (``VZ.address.note``), never replaced in silence.

The limits come from the rules: a position's notation is at most :func:`name_bytes` bytes of UTF-8, so at
most three times that many characters percent-encoded (``%XX`` per byte); a game is at most
:data:`vizgen.engine.ending.PLY_CAP` plies. :func:`table` is the whole table for one page, written into every
page (``templates/base.html``) where ``address.js`` finds it.

Examples
--------
>>> from vizgen.engine.variants import lookup
>>> t = table(lookup("standard").params)
>>> t["limits"]["hash"], t["plies"], t["caps"]["variant"] > t["limits"]["moves"]
(15, 200, True)
>>> t["notes"]["game"]
"This link's game record could not be read; showing the position."
"""

from __future__ import annotations

from typing import Literal, TypedDict
from urllib.parse import quote

from vizgen.analysis.rulebook import RULE_NAMES
from vizgen.engine.ending import PLY_CAP
from vizgen.engine.params import (
    ATTACKS,
    DIVISION_SCOPES,
    HALVESIES,
    INT_RANGE,
    OVERFLOWS,
    PARAM_NAMES,
    SWAP_COUNTS,
    TRANSFER_SCOPES,
    Params,
)
from vizgen.engine.variants import REGISTRY
from vizgen.site.data.tables import OPPONENTS

__all__ = ["KEYS", "NOTES", "PAGES", "PARTS", "AddressTable", "GameRecord", "name_bytes", "record_query", "spec_chars",
           "table"]

#: the query keys (and ``hash``, the fragment) each kind of page reads, in the order their notes are given;
#: ``page``: every other page (the index, the guides, the reports), whose fragment names an element
PAGES: dict[str, tuple[str, ...]] = {
    "variant": ("hash", "play", "seed", "moves", "at", "mode", "hints", "from", "seat"),
    "rules": ("hash", "rules", "compare"),
    "practice": ("hash", "variant", "puzzle", "theme", "retry", "mode"),
    "index": ("hash", "words", "ticks"),  # #48 item 5: the index's filter, kept in its address
    "page": ("hash",),
}
#: every key any page reads
KEYS: tuple[str, ...] = tuple(dict.fromkeys(k for keys in PAGES.values() for k in keys))
#: the part of the address each key belongs to: a part with one bad key is dropped whole (a game record
#: with unreadable moves is no game record), with that part's note
PARTS: dict[str, str] = {"hash": "position", "play": "game", "seed": "game", "moves": "game", "at": "game",
                         "mode": "game", "hints": "game", "from": "game", "seat": "game", "rules": "rules",
                         "compare": "compare",
                         "variant": "variant",
                         "puzzle": "puzzle", "retry": "puzzle", "theme": "theme",
                         "words": "filter", "ticks": "filter"}
#: keys whose value is a line of positions, ``_`` between them (as ``moves=`` is written)
LINES = ("moves", "puzzle", "retry")
#: the largest seed a page reads: 2**53 - 1, the largest whole number a page counts exactly
LARGEST_SEED = 2**53 - 1
#: keys whose value is whole numbers (``hints=``: plies, ``.`` between them), written as the site writes them
#: (digits, no sign, no leading zero), each at most this; a link's number past it would be rounded or
#: written in exponent form by the page, so it is refused with the part's ``-number`` note instead
NUMBERS: dict[str, int] = {"seed": LARGEST_SEED, "at": PLY_CAP, "hints": PLY_CAP}
#: the keys whose value is a list of :data:`NUMBERS`, and what separates them
NUMBER_LISTS: dict[str, str] = {"hints": "."}

#: what a visitor reads when a part of the address is dropped (``{plies}`` is filled in by :func:`table`)
NOTES: dict[str, str] = {
    "position": "The position named in this link could not be read; showing the start.",
    "position-game": "The position named in this link could not be read; showing the game's position.",
    "game": "This link's game record could not be read; showing the position.",
    "game-long": "This link's game record is longer than a game can last ({plies} plies); showing the position.",
    "game-number": ("This link's game record holds a number a game cannot use (a seed is a whole number up to "
                    "{seed}, a ply one up to {plies}); showing the position."),
    "rules": "The rules in this link could not be read; showing the usual rules.",
    "compare": "The rule set this link compares with could not be read; comparing with the standard rules.",
    "variant": "The variant named in this link could not be read; showing every variant.",
    "puzzle": "This link's puzzle could not be read; the page goes on without it.",
    "puzzle-long": "This link's puzzle is longer than a game can last ({plies} plies); the page goes on without it.",
    "theme": "The theme named in this link could not be read; the page goes on without it.",
    "practice-mode": "The way of practising named in this link could not be read; showing the puzzles.",
    "filter": "This link's filter could not be read; showing every variant.",
    "filter-rules": "Some rules this link's filter ticks are not on this index; the others are ticked.",
    "address": "This link is longer than any this page makes; what it asks for is left out.",
}

#: digits of the largest seed read (:data:`LARGEST_SEED`)
SEED_DIGITS = len(str(LARGEST_SEED))
#: characters of a theme's name
THEME_CHARS = 40
#: characters of the index's words (its search box's maxlength)
WORDS_CHARS = 100
#: characters of query parameters a page does not read (a link shared through a site that adds its own)
OTHER_CHARS = 2000
#: characters a percent-encoded byte takes at most (``%XX``)
ENCODED = 3


def _digits(n: int) -> int:
    return len(str(n))


def name_bytes(params: Params) -> int:
    """The most bytes of UTF-8 a position's notation takes in a variant with ``params`` (an upper bound).

    A hand value is at most ``r - 1`` fingers, with a minus sign (3 bytes) when hands are signed, a half
    (2 bytes) with stumps and a ``0`` before a half written together; values are separated by ``.`` when
    r > 10, players by ``-``; a player's marks (``:`` lives, ``u``, ``s`` and their own swaps) and the swaps
    in a row (``/s``) follow.

    Examples
    --------
    >>> from vizgen.engine.variants import lookup
    >>> name_bytes(lookup("standard").params), len("12-34")
    (5, 5)
    >>> name_bytes(lookup("three-players").params)
    8
    """
    p = params
    value = (3 if p.signed else 0) + _digits(p.r - 1) + (1 + 2 if p.stumps else 0)
    marks = (1 + (_digits(p.lives) if p.lives > 1 else 0) + (1 if p.one_point_switch else 0)
             + (1 + _digits(p.swaps) if p.own_swaps else 0))
    player = p.hands * value + (p.hands - 1 if p.r > 10 else 0) + (marks if marks > 1 else 0)
    swaps = 2 + _digits(p.swaps) if p.swaps and not p.own_swaps else 0
    return p.players * player + p.players - 1 + swaps


def spec_chars() -> int:
    """The most characters of a variant spec (``cutoff:death_attack=true,r=7``): a variant's name, then every
    parameter once with its longest value.

    Examples
    --------
    >>> spec_chars() > len("cutoff:death_attack=true,r=7")
    True
    """
    words = max(len(w) for w in (*OVERFLOWS, *ATTACKS, *HALVESIES, *SWAP_COUNTS, *TRANSFER_SCOPES,
                                 *DIVISION_SCOPES, "false"))

    def longest(name: str) -> int:
        return _digits(INT_RANGE[name][1]) if name in INT_RANGE else words
    return (max(len(slug) for slug in REGISTRY) + 1
            + sum(len(name) + 1 + longest(name) + 1 for name in PARAM_NAMES))


def _seats() -> tuple[str, ...]:
    """What a seat of ``play=`` may be: you, a person (on this device or by link), the computer players
    (``perfect``, ``maxn3``...), random."""
    return ("you", "person", *(o.removesuffix("_move") for o in OPPONENTS), "random")


#: the modes of a game's record (play/game.js MODES): a challenge, a game by link, a game played on the hands
#: being entered, and its review
GAME_MODES = ("challenge", "link", "analyse", "review")


class AddressTable(TypedDict):
    """What ``core/address.js`` reads on a page (:func:`table`, the page's ``<script id="vizgen-address">``)."""

    #: per key, the longest encoded value read
    limits: dict[str, int]
    #: the longest game, in plies
    plies: int
    #: per kind of page, the longest query split
    caps: dict[str, int]
    #: per kind of page, the keys it reads
    pages: dict[str, list[str]]
    #: per key, the part of the address it belongs to
    parts: dict[str, str]
    #: the keys whose value is a line of positions
    lines: list[str]
    #: per key whose value is whole numbers, the largest one read
    numbers: dict[str, int]
    #: per key of numbers that holds a list of them, their separator
    lists: dict[str, str]
    #: per part (and "address", "<part>-long"), the line said when dropped
    notes: dict[str, str]


#: a game's record as a page's address carries it (``play/game.js``: ``Game.record`` writes it, ``readRecord``
#: reads it back, checked): the seats (you, person, a computer player), the seed of the random player, the first
#: position when it is not the start, the positions after each ply, the ply shown (None: the last), the mode
#: (None: coached play), the plies at which a hint was asked and, in a game by link, the seat (from 1) of the person
#: the link was sent to (None: not named); ``from`` is a Python keyword, so the functional form
GameRecord = TypedDict("GameRecord", {"seats": list[str], "seed": int, "from": str | None, "moves": list[str],
                                      "at": int | None,
                                      "mode": Literal["challenge", "link", "analyse", "review"] | None,
                                      "hints": list[int], "seat": int | None})
GameRecord.__doc__ = """A game's record as a page's address carries it (:func:`record_query`; ``play/game.js``'s
``readRecord`` reads it back): the seats, the seed, the first position (null: the start), the positions played,
the ply shown (null: the last), the mode (null: coached play), the plies at which a hint was asked and, in a game
by link, the seat (from 1) of the person the link was sent to (null: not named; honesty, not security)."""


def record_query(record: GameRecord) -> str:
    """A game's record as the query string's parts, in the order the page writes them (``Game.record``).

    Examples
    --------
    >>> record_query(GameRecord({"seats": ["perfect", "perfect"], "seed": 1, "from": "33-13",
    ...                          "moves": ["03-33", "33-12"], "at": 0, "mode": None, "hints": [], "seat": None}))
    'play=perfect.perfect&seed=1&from=33-13&moves=03-33_33-12&at=0'
    >>> record_query(GameRecord({"seats": ["you", "person"], "seed": 7, "from": None, "moves": ["½1-11"],
    ...                          "at": None, "mode": "link", "hints": [0, 2], "seat": 2}))
    'play=you.person&seed=7&moves=%C2%BD1-11&mode=link&hints=0.2&seat=2'
    """
    parts = [f"play={'.'.join(record['seats'])}", f"seed={record['seed']}"]
    if record["from"] is not None:
        parts.append(f"from={quote(record['from'], safe='')}")
    if record["moves"]:
        parts.append("moves=" + "_".join(quote(m, safe="") for m in record["moves"]))
    if record["at"] is not None:
        parts.append(f"at={record['at']}")
    if record["mode"] is not None:
        parts.append(f"mode={record['mode']}")
    if record["hints"]:
        parts.append("hints=" + ".".join(str(h) for h in record["hints"]))
    if record["seat"] is not None:
        parts.append(f"seat={record['seat']}")
    return "&".join(parts)


def table(params: Params | None = None) -> AddressTable:
    """What ``address.js`` reads on a page: the limits, the keys of each page kind and the notes.

    ``params``: the rules of the page's variant; without them (the index, a page for any variant) the
    largest of the built-in variants'.

    Examples
    --------
    >>> from vizgen.engine.variants import lookup
    >>> t = table()
    >>> t["limits"]["hash"] >= table(lookup("standard").params)["limits"]["hash"]
    True
    >>> sorted(t["pages"]), t["parts"]["moves"]
    (['index', 'page', 'practice', 'rules', 'variant'], 'game')
    """
    name = ENCODED * (name_bytes(params) if params is not None else max(name_bytes(v.params)
                                                                       for v in REGISTRY.values()))
    players = params.players if params is not None else max(v.params.players for v in REGISTRY.values())
    line = PLY_CAP * (name + 1) - 1
    spec = ENCODED * spec_chars()
    limits = {
        "hash": name, "from": name, "moves": line, "puzzle": line, "retry": line,
        "play": players * (max(len(s) for s in _seats()) + 1) - 1,
        "seed": SEED_DIGITS, "at": _digits(PLY_CAP), "mode": max(len(m) for m in GAME_MODES),
        "hints": (PLY_CAP + 1) * (_digits(PLY_CAP) + 1) - 1, "seat": _digits(players),
        "rules": spec, "compare": spec, "variant": spec, "theme": ENCODED * THEME_CHARS,
        "words": ENCODED * WORDS_CHARS, "ticks": sum(len(k) + 1 for k in RULE_NAMES),
    }
    caps = {page: sum(limits[k] + len(k) + 2 for k in keys if k != "hash") + OTHER_CHARS
            for page, keys in PAGES.items()}
    notes = {key: text.format(plies=PLY_CAP, seed=LARGEST_SEED) for key, text in NOTES.items()}
    return AddressTable(limits=limits, plies=PLY_CAP, caps=caps, pages={k: list(v) for k, v in PAGES.items()},
                        parts=PARTS, lines=list(LINES), numbers=NUMBERS, lists=NUMBER_LISTS, notes=notes)
