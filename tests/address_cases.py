"""Hostile addresses for the site's pages, and one visit of one in a headless browser.

Shared by the browser tests (``tests/test_address_browser.py``) and the campaign that prints the figures
(``benchmarks/address_fuzz.py``). :func:`issue_addresses` are the addresses issue #30 found breaking pages;
:func:`fuzz_addresses` draws addresses from a seeded generator: bad percent-encodings, bytes that are not
UTF-8, encoded surrogates and control characters, script payloads, repeated, unknown and other pages' keys,
and values up to a few times their limit. :data:`NOTED` are issue #39's: a part a page cannot use (an unknown
key of a record, ``constructor`` for a position, a number that is not digits), each of which must get a note
a person can see, and issue #45's: a number too large for its field, a bad fragment beside a game, a record
that cannot be read, each said where a person looks (a game's in the play box). :func:`visit` opens one and
says what the page did.
"""

from __future__ import annotations

import contextlib
import random
import time
import urllib.parse
from dataclasses import dataclass, field

from vizgen.engine.ending import PLY_CAP
from vizgen.site.data.address_words import LARGEST_SEED, NOTES

#: the fragments that threw in the page (a malformed escape, bytes that are not UTF-8, an encoded surrogate)
BAD_HASHES = ("%E0%A4%A", "%ZZ", "%ED%A0%80")
#: what a script payload sets if it ever runs
MARK = "__vzpwned"
PAYLOADS = (
    f"javascript:window.{MARK}=1",
    f'<img src=x onerror="window.{MARK}=1">',
    f'"><script>window.{MARK}=1</script>',
    f"';window.{MARK}=1;//",
    "<svg onload=alert(1)>",
    f"%3Cimg%20src%3Dx%20onerror%3Dwindow.{MARK}%3D1%3E",
)
GAME_KEYS = ("play", "seed", "moves", "at", "mode", "hints", "from")
OTHER_KEYS = ("rules", "variant", "puzzle", "theme", "retry", "utm_source", "x", "", "PLAY", "__proto__")
KINDS = ("you", "perfect", "tricky", "maxn1", "maxn3", "random", "wizard")


def issue_addresses(players: int) -> dict[str, str]:
    """The addresses issue #30 tried, by name: what follows a variant page's file name."""
    seats = ".".join(["you"] + ["perfect"] * (players - 1))
    return {
        **{f"hash {h}": "#" + h for h in BAD_HASHES},
        "play 10,000": "?play=" + ("you." + "perfect." * 1250)[:10000],
        "moves 50,000": f"?play={seats}&moves=" + ("12-11_" * 8334)[:50000],
        "from 100,000": f"?play={seats}&from=" + "11-" * 33333 + "1",
        "hints 100,000": f"?play={seats}&hints=" + "0." * 50000,
        "query 1 MB": f"?play={seats}&x=" + "a" * (1 << 20),
    }


#: issue #39: parts of an address that a page cannot use and used to replace in silence (or throw on), by
#: name: (the page's file, what follows it, the element where its note is shown, words the note holds). The
#: practice page's need a site built with its puzzles (tests/test_practice_browser.py); the others are a
#: variant's page and the rules page, which every site has.
NOTED: dict[str, tuple[str, str, str, str]] = {
    "practice retry=constructor": ("practice.html", "?variant=standard&retry=constructor", ".pz-address-note",
                                   NOTES["puzzle"]),
    "practice retry=toString in a list": ("practice.html", "?variant=standard&retry=01-14_toString_constructor",
                                          ".pz-address-note", NOTES["puzzle"]),
    "practice retry=%ZZ": ("practice.html", "?variant=standard&retry=%ZZ", ".pz-address-note", NOTES["puzzle"]),
    "practice retry without a variant": ("practice.html", "?retry=01-14", ".pz-address-note", NOTES["puzzle"]),
    "practice puzzle=toString": ("practice.html", "?variant=standard&puzzle=toString", ".pz-address-note",
                                 NOTES["puzzle"]),
    "practice variant=__proto__": ("practice.html", "?variant=__proto__", ".pz-address-note", NOTES["variant"]),
    "practice theme=constructor": ("practice.html", "?theme=constructor", ".pz-address-note", NOTES["theme"]),
    "practice mode=__proto__": ("practice.html", "?mode=__proto__", ".pz-address-note", NOTES["practice-mode"]),
    "rules rules=%ZZ": ("rules.html", "?rules=%ZZ", "#rules-address-note", NOTES["rules"]),
    "rules rules=%E0%A4%A": ("rules.html", "?rules=%E0%A4%A", "#rules-address-note", NOTES["rules"]),
    "rules rules= 10 kB": ("rules.html", "?rules=" + "standard" * 1250, "#rules-address-note", NOTES["address"]),
    "rules rules=__proto__": ("rules.html", "?rules=__proto__", "#rules-status", "unknown variant '__proto__'"),
    "rules rules=standard:constructor=1": ("rules.html", "?rules=standard:constructor=1", "#rules-status",
                                           "unknown parameter 'constructor'"),
    "variant seed=0x10": ("variants/standard.html", "?play=you.perfect&seed=0x10", ".play-message",
                          NOTES["game-number"].format(plies=PLY_CAP, seed=LARGEST_SEED)),
    "variant at=999": ("variants/standard.html", "?play=you.perfect&moves=12-11&at=999", ".play-message",
                       NOTES["game-number"].format(plies=PLY_CAP, seed=LARGEST_SEED)),
    "variant at=2": ("variants/standard.html", "?play=you.perfect&moves=12-11&at=2", ".play-message",
                     "the ply shown (at) must be at most the 1 the record holds"),
    "variant mode=__proto__": ("variants/standard.html", "?play=you.perfect&mode=__proto__", ".play-message",
                               "the mode must be one of challenge, link, analyse, review"),
    "variant moves=__proto__": ("variants/standard.html", "?play=you.perfect&moves=__proto__", ".play-message",
                                "the moves must be positions joined by _"),
    "variant moves=constructor": ("variants/standard.html", "?play=you.perfect&moves=constructor", ".play-message",
                                  "“constructor” is not a move from 11-11"),
    "variant illegal moves": ("variants/standard.html", "?play=you.perfect&moves=12-11_99-99", ".play-message",
                              "“99-99” is not a move from 12-11"),
    "variant #toString": ("variants/standard.html", "#toString", "#search-msg", "There is no position “toString”"),
    **{f"variant {name}": ("variants/standard.html", address, ".play-message", says)
       for name, address, says in (
           ("hints=40 nines", "?play=person.person&mode=link&hints=" + "9" * 40,
            NOTES["game-number"].format(plies=PLY_CAP, seed=LARGEST_SEED)),
           ("hints=17 digits", "?play=person.person&mode=link&hints=1" + "0" * 16,
            NOTES["game-number"].format(plies=PLY_CAP, seed=LARGEST_SEED)),
           ("seed=16 nines", "?play=you.perfect&seed=" + "9" * 16,
            NOTES["game-number"].format(plies=PLY_CAP, seed=LARGEST_SEED)),
           ("a bad hash with a game", "?play=you.perfect&seed=1#%3Cimg%20src%3Dx%3E", NOTES["position-game"]),
           ("mode=foo", "?play=person.person&mode=foo", "the mode must be one of challenge, link, analyse, review"),
           ("seed=abc", "?play=person.person&seed=abc",
            NOTES["game-number"].format(plies=PLY_CAP, seed=LARGEST_SEED)),
           ("play=bob.alice", "?play=bob.alice", "a player is not one of you, person"),
       )},
    "variant a bad hash without a game": ("variants/standard.html", "#%3Cimg%20src%3Dx%3E", "#search-msg",
                                          NOTES["position"]),
}


def _noise(rng: random.Random, limit: int) -> str:
    """A random value: bad escapes, random bytes percent-encoded, payloads, valid-looking pieces, some long."""
    pick = rng.randrange(8)
    n = int(rng.random() ** 2 * limit)
    if pick == 0:
        return "".join(f"%{rng.randrange(256):02X}" for _ in range(max(1, n // 3)))
    if pick == 1:
        return rng.choice(BAD_HASHES) * max(1, n // 12)
    if pick == 2:
        return rng.choice(PAYLOADS)
    if pick == 3:
        return "".join(rng.choice("%&=_.#?+-/:;0123456789abcdefuXYZ") for _ in range(n))
    if pick == 4:
        control = ["%00", "%0A", "%1F", "%7F", "%C2%80", "%ED%B0%80", "%F4%90%80%80", "%C0%AF"]
        return rng.choice(control) * max(1, n // 9)
    if pick == 5:
        return "".join(chr(rng.randrange(0x20, 0xD7FF)) for _ in range(max(1, n // 6)))  # sent UTF-8 encoded
    if pick == 6:
        return "1" * n
    return ""


def fuzz_addresses(rng: random.Random, names: list[str], players: int, count: int,
                   limit: int = 20000) -> list[str]:
    """``count`` addresses (a query and a fragment) for a variant page whose positions include ``names``.

    Values run to ``limit`` characters (a served page's whole address stays under the 64 kB a web server
    takes; the issue's larger addresses are :func:`issue_addresses`).
    """
    out = []
    for _ in range(count):
        params = []
        for _ in range(rng.randrange(6)):
            roll = rng.random()
            if roll < 0.55:
                key = rng.choice(GAME_KEYS)
                good = {"play": ".".join(rng.choice(KINDS) for _ in range(players)), "seed": str(rng.randrange(10**6)),
                        "moves": "_".join(urllib.parse.quote(rng.choice(names)) for _ in range(rng.randrange(1, 6))),
                        "at": str(rng.randrange(5)), "mode": "challenge", "hints": "0.1",
                        "from": urllib.parse.quote(rng.choice(names))}[key]
                value = good if rng.random() < 0.5 else _noise(rng, limit)
            else:
                key, value = rng.choice(OTHER_KEYS), _noise(rng, limit)
            params.append(f"{key}={value}")
            if rng.random() < 0.1:
                params.append(params[-1])  # a repeated key
        roll = rng.random()
        fragment = (urllib.parse.quote(rng.choice(names)) if roll < 0.35 else rng.choice(PAYLOADS) if roll < 0.45
                    else _noise(rng, limit // 4))
        query = "?" + "&".join(params) if params else ""
        out.append(query + ("#" + fragment if fragment or rng.random() < 0.5 else ""))
    return out


def index_addresses(rng: random.Random, count: int, limit: int = 20000) -> list[str]:
    """``count`` addresses for a page that reads only its fragment (the index)."""
    return [("?" + _noise(rng, limit) if rng.random() < 0.5 else "") + "#" + _noise(rng, limit // 4)
            for _ in range(count)]


@dataclass
class Visit:
    """What a page did when opened at an address."""

    url: str
    errors: list[str] = field(default_factory=list)
    dialogs: list[str] = field(default_factory=list)
    script_ran: bool = False
    drawn: bool = False
    ready_s: float | None = None  # seconds from the start of the visit until the page was ready; None: never
    notes: str = ""
    says: str = ""  # words the page's note must hold (issue #39's addresses)

    def failure(self) -> str | None:
        """Why the visit failed, or None."""
        if self.errors:
            return f"page errors: {self.errors[:3]}"
        if self.dialogs:
            return f"dialogs: {self.dialogs[:3]}"
        if self.script_ran:
            return "a script from the address ran"
        if self.ready_s is None:
            return "never ready"
        if not self.drawn:
            return "the panel was not drawn"
        if self.says not in self.notes:
            return f"the note does not say {self.says!r}: {self.notes[:120]!r}"
        return None


#: a variant page is ready when its model, its panel and the game in its address are: the panel shows a
#: position and the game record has been read; the index when its cards are drawn
READY = {
    "variant": "() => window.vizgen && (window.vizgen.error || (window.vizgen.ready && window.vizgen.play"
               " && window.vizgen.play.ready))",
    "page": "() => document.readyState === 'complete' && document.querySelectorAll('.card').length > 0",
    "practice": "() => !!document.querySelector('#practice .pz-status')",
    "rules": "() => !!window.vizgenRules && !!window.vizgenRules.spec",
}
DRAWN = {
    "variant": "() => !window.vizgen.error && !!document.querySelector('#panel .pos-title')"
               " && !!document.getElementById('panel').dataset.position"
               " && document.body.classList.contains('vizgen-ready')",
    "page": "() => document.querySelectorAll('.card').length > 0",
    "practice": "() => !!document.querySelector('#practice .pz-board, #practice .pz-empty')",
    "rules": "() => document.getElementById('rules-spec').value !== ''",
}
#: the text of an element a person can see (not hidden, with a box), or ""
SEEN = """s => { const e = document.querySelector(s);
    return e && e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden' ? e.innerText : ''; }"""


def kind_of(path: str) -> str:
    """The kind of page (:data:`READY`'s key) a site path is: a variant's, the practice page, the rules page."""
    return {"practice.html": "practice", "rules.html": "rules"}.get(path, "variant")


def visit(context: object, url: str, kind: str, timeout_s: float, note: str | None = None,
          says: str = "") -> Visit:
    """Open ``url`` in a new tab of the browser context and watch it until it is ready or ``timeout_s`` passes.

    ``kind``: "variant" for a variant's page (a small, big or code page), "page" for the index, "practice" or
    "rules" for those pages. ``note``: the selector of the element that says what the page left out (the
    visit's ``notes``: its text once a person can see it; by default a variant page's message line); ``says``:
    words that text must hold for the visit to hold.
    """
    out = Visit(url, says=says)
    page = context.new_page()
    page.on("pageerror", lambda e: out.errors.append(f"pageerror: {e}"))
    page.on("console", lambda m: out.errors.append(f"console: {m.text[:200]}") if m.type == "error" else None)

    def dialog(d: object) -> None:
        out.dialogs.append(f"{d.type}: {d.message[:80]}")
        d.dismiss()

    page.on("dialog", dialog)
    try:
        start = time.perf_counter()
        page.goto(url, wait_until="commit", timeout=timeout_s * 1000)
        try:
            page.wait_for_function(READY[kind], timeout=max(1.0, timeout_s - (time.perf_counter() - start)) * 1000,
                                   polling=50)
            out.ready_s = time.perf_counter() - start
        except Exception:  # a page never ready is what is measured
            out.ready_s = None
        out.script_ran = page.evaluate(f"() => window.{MARK} !== undefined")
        out.drawn = out.ready_s is not None and page.evaluate(DRAWN[kind])
        if note is not None:
            with contextlib.suppress(Exception):  # a note never shown is what is measured
                page.wait_for_function(f"s => ({SEEN})(s) !== ''", arg=note, polling=50,
                                       timeout=max(1.0, timeout_s - (time.perf_counter() - start)) * 1000)
            out.notes = page.evaluate(SEEN, note)
        elif kind == "variant":
            out.notes = page.evaluate("() => (document.getElementById('search-msg') || {}).textContent || ''")
    finally:
        page.close()
    return out
