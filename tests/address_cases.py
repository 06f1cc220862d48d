"""Hostile addresses for the site's pages, and one visit of one in a headless browser.

Shared by the browser tests (``tests/test_address_browser.py``) and the campaign that prints the figures
(``benchmarks/address_fuzz.py``). :func:`issue_addresses` are the addresses issue #30 found breaking pages;
:func:`fuzz_addresses` draws addresses from a seeded generator: bad percent-encodings, bytes that are not
UTF-8, encoded surrogates and control characters, script payloads, repeated, unknown and other pages' keys,
and values up to a few times their limit. :func:`visit` opens one and says what the page did.
"""

from __future__ import annotations

import random
import time
import urllib.parse
from dataclasses import dataclass, field

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
        return None


#: a variant page is ready when its model, its panel and the game in its address are: the panel shows a
#: position and the game record has been read; the index when its cards are drawn
READY = {
    "variant": "() => window.vizgen && (window.vizgen.error || (window.vizgen.ready && window.vizgen.play"
               " && window.vizgen.play.ready))",
    "page": "() => document.readyState === 'complete' && document.querySelectorAll('.card').length > 0",
}
DRAWN = {
    "variant": "() => !window.vizgen.error && !!document.querySelector('#panel .pos-title')"
               " && !!document.getElementById('panel').dataset.position"
               " && document.body.classList.contains('vizgen-ready')",
    "page": "() => document.querySelectorAll('.card').length > 0",
}


def visit(context: object, url: str, kind: str, timeout_s: float) -> Visit:
    """Open ``url`` in a new tab of the browser context and watch it until it is ready or ``timeout_s`` passes.

    ``kind``: "variant" for a variant's page (a small, big or code page), "page" for the index.
    """
    out = Visit(url)
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
        if kind == "variant":
            out.notes = page.evaluate("() => (document.getElementById('search-msg') || {}).textContent || ''")
    finally:
        page.close()
    return out
