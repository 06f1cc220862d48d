"""The bad-input campaign as data: every case a hostile user tried, how to run one, and whether it held.

``tests/test_hard_edges.py`` runs each case as a test; ``benchmarks/hostile.py``
runs them all and prints the figures (cases tried, held, worst and median
time, worst peak memory). A case runs ``python -m vizgen ARGS`` in a fresh
process with its address space capped, in an empty working folder, and
*holds* when it ends with exit code 2, one line on stderr (argparse's own
usage errors keep their usage line), nothing on stdout, no traceback, within
the time and memory budgets.
"""

from __future__ import annotations

import hashlib
import os
import re
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path

from tests.hostile_servers import serving
from vizgen.site.output.preview import REQUEST_SECONDS
from vizgen.util import deadlines

ROOT = Path(__file__).resolve().parent.parent
#: address space a child may map (numpy maps more than it touches) and the resident memory it may use
ADDRESS_SPACE = 1 << 30
RSS_BUDGET_MB = 200
#: a generous bound for one bad input on a loaded machine (most take about half a second)
TIMEOUT_S = 60

#: runs ``python -m vizgen`` and, at exit, writes its own peak RSS (VmHWM, kB) to $VIZGEN_TEST_HWM. The kernel's
#: per-process figure is needed: a forked child's ru_maxrss also counts the process it was forked from.
_MEASURED = (
    "import atexit, os, runpy, sys\n"
    "def _peak():\n"
    "    with open('/proc/self/status') as status, open(os.environ['VIZGEN_TEST_HWM'], 'w') as out:\n"
    "        out.write(next(line.split()[1] for line in status if line.startswith('VmHWM:')))\n"
    "atexit.register(_peak)\n"
    "sys.argv[0] = 'vizgen'\n"
    "runpy.run_module('vizgen', run_name='__main__', alter_sys=True)\n"
)

#: broken templates, each an ``index.html`` in ``templates-<name>/``
TEMPLATES = {
    "syntax": "{% if %}",
    "undefined": "{{ nope.x }}",
    "zero-division": "{{ 1/0 }}",
    "includes-itself": '{% include "index.html" %}',
    "unknown-filter": "{{ 1|nofilter }}",
    "string-called": '{{ "x"() }}',
    "include-passwd": '{% include "../../../../etc/passwd" %}',
}


@dataclass(frozen=True)
class Case:
    """One bad input: ``python -m vizgen ARGS`` given the folder of hostile files.

    Attributes
    ----------
    id : str
        A short name.
    args : callable
        The arguments, given the folder :func:`make_files` filled.
    env : dict
        Extra environment (``{d}`` is that folder).
    server : str
        A server the case runs on loopback while it runs (a kind of :func:`tests.hostile_servers.serving`);
        ``{port}`` in the arguments is its port.
    seconds : float, optional
        The case's own time budget, where it is tighter than the run's timeout.
    says : str, optional
        Words the error line must hold (which limit it names, for example).
    closed_stdout : bool
        Run with standard output closed (``>&-``).
    """

    id: str
    args: Callable[[Path], list[str]]
    env: dict[str, str] = field(default_factory=dict)
    server: str = ""
    seconds: float | None = None
    says: str = ""
    closed_stdout: bool = False


@dataclass(frozen=True)
class Outcome:
    """How a case ended: exit code, output, peak RSS (MB) and wall time (s)."""

    code: int
    out: str
    err: str
    rss_mb: float
    seconds: float
    timed_out: bool = False
    says: str = ""

    def failure(self) -> str | None:
        """Why the case did not hold, or None when it held."""
        lines = self.err.splitlines()
        if lines and lines[0].startswith("usage:"):  # argparse's own usage error keeps its usage (wrapped) lines
            lines = lines[1:]
            while lines and lines[0].startswith(" "):
                lines = lines[1:]
        if self.timed_out:
            return f"still running after {self.seconds:.0f} s"
        if self.code != 2:
            return f"exit code {self.code}: {self.err[-300:]!r}"
        if "Traceback" in self.err or self.out:
            return f"a traceback or output: {(self.err + self.out)[-300:]!r}"
        if len(lines) != 1 or " error: " not in lines[0]:
            return f"not one error line: {self.err[-300:]!r}"
        if len(lines[0]) >= 400:
            return "the message quotes more than a bounded part of the input"
        if self.says not in lines[0]:
            return f"the line does not say {self.says!r}: {lines[0][:300]!r}"
        if re.search(r"\b(\w+) \1\b", lines[0]):
            return f"a word doubled: {lines[0][:300]!r}"
        if self.rss_mb >= RSS_BUDGET_MB:
            return f"peak RSS {self.rss_mb:.0f} MB"
        return None


def make_files(root: Path) -> Path:
    """Fill ``root`` with the hostile files and folders the cases name; return it."""
    (root / "a-file").write_text("not a folder\n")
    (root / "deep.toml").write_text("a = " + "[" * 100_000 + "]" * 100_000 + "\n")
    (root / "huge-int.toml").write_text("[params]\nplayers = 9223372036854775807\n")
    (root / "long-int.toml").write_text("[params]\nr = " + "9" * 5000 + "\n")
    (root / "big.toml").write_text("# " + "x" * 2_000_000 + "\n")
    (root / "binary.toml").write_bytes(bytes(range(256)) * 4)
    (root / "nul-title.toml").write_text('title = "Five\\u0000friends"\n')
    os.mkfifo(root / "pipe.toml")
    readonly = root / "readonly"
    readonly.mkdir()
    readonly.chmod(0o555)
    (root / "cwd").mkdir()  # every case runs here: an empty folder
    for name, line in TEMPLATES.items():
        (root / f"templates-{name}").mkdir()
        (root / f"templates-{name}" / "index.html").write_text(
            f'{{% extends "base.html" %}}{{% block main %}}\n{line}\n{{% endblock %}}\n')
    _round_four_files(root)
    (root / "templates-latin1").mkdir()
    (root / "templates-latin1" / "index.html").write_bytes(b'{% extends "base.html" %}\ncaf\xe9\n')
    _make_sandbox_templates(root)
    return root


def _digits(n: int) -> str:
    return "5" * n


def _build(*extra: str) -> Callable[[Path], list[str]]:
    """A build of the tiny ``standard:r=3`` into ``<folder>/out-...``, with ``extra`` arguments ({d}: the folder)."""
    return lambda d: ["build", "--quiet", "--variant", "standard:r=3", "--out", str(d / "out"),
                      *(a.format(d=d) for a in extra)]


CASES: list[Case] = [
    Case("show-r-100000", lambda d: ["show", "standard:r=100000", "12-11"]),
    Case("show-r-3000", lambda d: ["show", "standard:r=3000", "12-11"]),
    Case("show-hands-100", lambda d: ["show", "standard:hands=100", "12-11"]),
    Case("show-r-100-hands-32", lambda d: ["show", "standard:r=100,hands=32", "12-11"]),
    Case("maxn-r-100-hands-32", lambda d: ["maxn", "standard:r=100,hands=32", "12-11", "--depth", "2"]),
    Case("maxn-depth-fullwidth", lambda d: ["maxn", "standard", "12-11", "--depth", "\uff15"]),
    Case("maxn-depth-huge", lambda d: ["maxn", "standard", "12-11", "--depth", "9" * 5000]),
    Case("stats-players-1e9", lambda d: ["stats", "standard:players=1000000000"]),
    Case("stats-players-1e30", lambda d: ["stats", f"standard:players={10**30}"]),
    Case("stats-players-4000", lambda d: ["stats", "standard:players=4000"]),
    Case("stats-players-32", lambda d: ["stats", "standard:players=32"]),
    Case("stats-r-5000-digits", lambda d: ["stats", f"standard:r={_digits(5000)}"]),
    Case("toml-players-int64", lambda d: ["stats", str(d / "huge-int.toml")]),
    Case("toml-5000-digits", lambda d: ["stats", str(d / "long-int.toml")]),
    Case("toml-nested-100000", lambda d: ["stats", str(d / "deep.toml")]),
    Case("toml-over-1mb", lambda d: ["stats", str(d / "big.toml")]),
    Case("toml-binary", lambda d: ["stats", str(d / "binary.toml")]),
    Case("toml-named-pipe", lambda d: ["stats", str(d / "pipe.toml")]),
    Case("toml-dev-zero", lambda d: ["stats", "/dev/zero"]),
    Case("toml-a-folder", lambda d: ["stats", str(d)]),
    Case("build-players-1e9", lambda d: ["build", "--variant", "standard:players=1000000000", "--out", str(d / "s")]),
    Case("position-5000-digit-hand", lambda d: ["show", "standard", f"1{_digits(5000)}-11"]),
    Case("position-5000-digit-dotted", lambda d: ["show", "standard", f"1.{_digits(5000)}-11"]),
    Case("position-5000-digit-swaps", lambda d: ["show", "standard", f"12-11/s{_digits(5000)}"]),
    Case("position-100000-chars", lambda d: ["show", "standard", "1-" * 50_000 + "1"]),
    Case("position-arabic-digits", lambda d: ["show", "standard", "\u0661\u0662-\u0661\u0661"]),
    Case("spec-100000-chars", lambda d: ["stats", "x" * 100_000]),
    Case("spec-key-twice", lambda d: ["stats", "standard:r=5,r=6"]),
    Case("spec-fullwidth-digit", lambda d: ["stats", "standard:r=\uff15"]),
    Case("spec-arabic-digit", lambda d: ["stats", "standard:r=\u0665"]),
    Case("spec-bold-digit", lambda d: ["stats", "standard:r=\U0001d7d3"]),
    Case("then-illegal", lambda d: ["show", "standard", "11-11", "--then", "2>2"]),
    Case("then-100000-chars", lambda d: ["show", "standard", "11-11", "--then", "1>" * 50_000]),
    Case("out-empty", lambda d: ["build", "--variant", "standard", "--out", ""]),
    Case("out-under-proc", lambda d: ["build", "--variant", "standard", "--out", "/proc/vizgen-site"]),
    Case("out-under-sys", lambda d: ["build", "--variant", "standard", "--out", "/sys/vizgen/site"]),
    Case("out-file-as-parent", lambda d: ["build", "--variant", "standard", "--out", str(d / "a-file" / "site")]),
    Case("out-is-a-file", lambda d: ["build", "--variant", "standard", "--out", str(d / "a-file")]),
    Case("out-300-char-name", lambda d: ["build", "--variant", "standard", "--out", str(d / ("x" * 300))]),
    Case("cache-is-a-file", lambda d: ["build", "--variant", "standard", "--out", str(d / "s1")],
         {"VIZGEN_CACHE": "{d}/a-file"}),
    Case("cache-under-proc", lambda d: ["build", "--variant", "standard", "--out", str(d / "s2")],
         {"VIZGEN_CACHE": "/proc/vizgen-cache"}),
    Case("serve-port-minus-1", lambda d: ["serve", "--dir", str(d), "--port", "-1"]),
    Case("serve-port-70000", lambda d: ["serve", "--dir", str(d), "--port", "70000"]),
    Case("serve-no-site", lambda d: ["serve", "--dir", str(d / "nothing"), "--port", "0"]),
    Case("max-positions-huge", lambda d: ["stats", "standard", "--max-positions", "1" + "0" * 40]),
    Case("max-positions-fullwidth", lambda d: ["stats", "standard", "--max-positions", "\uff15"]),
    # round two (issue #20): refused before any work, in under a second and 100 MB
    Case("show-six-players-two-player-position", lambda d: ["show", "six-players", "11-11"]),
    Case("show-seven-players-two-player-position", lambda d: ["show", "standard:players=7", "11-11"]),
    Case("maxn-six-players-two-player-position", lambda d: ["maxn", "six-players", "11-11", "--depth", "1"]),
    Case("show-four-hands-two-hand-position", lambda d: ["show", "four-hands", "11-11"]),
    Case("then-illegal-six-players", lambda d: ["show", "six-players", "11-11-11-11-11-11", "--then", "9>9@1"]),
    Case("stats-r-45-hand-sets", lambda d: ["stats", "standard:r=45"]),
    Case("stats-r-100-hand-sets", lambda d: ["stats", "standard:r=100"]),
    Case("stats-hands-4-r-11-hand-sets", lambda d: ["stats", "standard:hands=4,r=11"]),
    # the house rules (issue #26): combinations that make no sense, states over the limit, positions of the
    # wrong shape, refused before any work
    Case("stats-lives-without-sudden-death", lambda d: ["stats", "standard:lives=3"]),
    Case("stats-scope-two-hands", lambda d: ["stats", "standard:transfer_scope=two"]),
    Case("stats-swap-count-no-swaps", lambda d: ["stats", "standard:swap_count=player"]),
    Case("stats-cherry-bomb-self-gain", lambda d: ["stats", "self-gain:cherry_bomb=true"]),
    Case("stats-lives-9-r-44-states", lambda d: ["stats", "standard:sudden_death=true,lives=9,r=44"]),
    Case("show-lives-without-lives", lambda d: ["show", "lives", "11-11"]),
    Case("show-halves-without-stumps", lambda d: ["show", "standard", "½½-11"]),
    Case("show-minus-without-signed", lambda d: ["show", "standard", "~12-11"]),
    Case("show-marks-garbled", lambda d: ["show", "lives", "11:3x-11:3"]),
    # ... or bounded in time and memory, with a clear message
    Case("maxn-five-players-depth-100", lambda d: ["maxn", "five-players", "11-11-11-11-11", "--depth", "100"]),
    Case("toml-nul-title", lambda d: ["stats", str(d / "nul-title.toml")]),
    Case("out-dot", lambda d: ["build", "--variant", "standard", "--out", "."]),
    Case("out-parent-of-cwd", lambda d: ["build", "--variant", "standard", "--out", str(d)]),
    Case("out-tilde", lambda d: ["build", "--variant", "standard", "--out", "~"], {"HOME": "{d}"}),
    Case("templates-empty", _build("--templates", "")),
    Case("templates-missing", _build("--templates", "{d}/no-such-folder")),
    Case("templates-a-file", _build("--templates", "{d}/a-file")),
    Case("templates-not-utf8", _build("--templates", "{d}/templates-latin1")),
    *(Case(f"templates-{name}", _build("--templates", f"{{d}}/templates-{name}")) for name in TEMPLATES),
]


# -- round four (issue #39, parts 3 and 4): cluster addresses, --workers, inputs bounded before they are parsed ---
# Every network case talks to this machine only: a server the case starts on 127.0.0.1 or [::1]
# (tests/hostile_servers.py), a closed loopback port, or a name that cannot resolve (.invalid).

#: an address a case must be refused within (the default --timeout is 5 s): a server that never answers, and an
#: address refused without one (a closed port, a name that does not resolve, a bad address)
SILENT_SERVER_S = 15
NO_SERVER_S = 6
#: a value longer than any message should repeat (argv takes up to 128 KiB in one argument)
_LONG = "x" * 100_000
_ENUMS = ("overflow", "attack", "halvesies", "swap_count", "transfer_scope", "division_scope")
_NO_USER = "~no-such-user-vizgen"


def _round_four_files(root: Path) -> None:
    """Variant files of round four: keys of 30,000 and 100,000 parts, a header of 30,000, a long enum value."""
    for parts in (30_000, 100_000):
        (root / f"dotted-{parts}.toml").write_text(".".join("a" * parts) + " = 1\n")
    (root / "header-30000.toml").write_text("[" + ".".join("a" * 30_000) + "]\nx = 1\n")
    (root / "long-overflow.toml").write_text(f'[params]\noverflow = "{_LONG}"\n')


def _at(address: str, *extra: str) -> Callable[[Path], list[str]]:
    """``stats standard --cluster ADDRESS`` and ``extra`` ({port}: the case's server's port)."""
    return lambda d: ["stats", "standard", "--cluster", address, *extra]


def _stats(spec: str) -> Callable[[Path], list[str]]:
    """``stats SPEC``."""
    return lambda d: ["stats", spec]


ROUND_FOUR: list[Case] = [
    Case("cluster-http-server", _at("127.0.0.1:{port}"), server="http", seconds=SILENT_SERVER_S),
    Case("cluster-http-server-v6", _at("[::1]:{port}"), server="http6", seconds=SILENT_SERVER_S),
    Case("cluster-silent-server", _at("127.0.0.1:{port}"), server="silent", seconds=SILENT_SERVER_S),
    Case("cluster-silent-timeout-1", _at("127.0.0.1:{port}", "--timeout", "1"), server="silent", seconds=NO_SERVER_S),
    Case("cluster-length-2.5e9", _at("127.0.0.1:{port}"), server="liar", seconds=SILENT_SERVER_S),
    Case("cluster-length-2.5e9-v6", _at("tcp://[::1]:{port}"), server="liar6", seconds=SILENT_SERVER_S),
    Case("cluster-not-a-handshake", _at("127.0.0.1:{port}"), server="garbage", seconds=SILENT_SERVER_S),
    Case("cluster-hangs-up", _at("127.0.0.1:{port}"), server="closer", seconds=SILENT_SERVER_S),
    Case("cluster-handshake-then-silence", _at("127.0.0.1:{port}"), server="mimic", seconds=SILENT_SERVER_S),
    Case("cluster-handshake-then-2.5e9", _at("127.0.0.1:{port}"), server="mimic-liar", seconds=SILENT_SERVER_S),
    Case("cluster-closed-port", _at("127.0.0.1:1"), seconds=NO_SERVER_S),
    Case("cluster-closed-port-v6", _at("[::1]:1"), seconds=NO_SERVER_S),
    Case("cluster-unresolvable", _at("no-such-host.invalid:8786"), seconds=NO_SERVER_S),
    Case("cluster-port-70000", _at("127.0.0.1:70000"), seconds=NO_SERVER_S),
    Case("cluster-port-0", _at("127.0.0.1:0"), seconds=NO_SERVER_S),
    Case("cluster-ucx", _at("ucx://127.0.0.1:8786"), seconds=NO_SERVER_S),
    Case("cluster-tls", _at("tls://127.0.0.1:8786"), seconds=NO_SERVER_S),
    Case("cluster-unknown-scheme", _at("gopher://127.0.0.1:70"), seconds=NO_SERVER_S),
    Case("cluster-host-10000-chars", _at("h" * 10_000 + ":8786"), seconds=NO_SERVER_S),
    Case("cluster-address-100000-chars", _at(_LONG), seconds=NO_SERVER_S),
    Case("cluster-bad-ipv6", _at("[::g]:8786"), seconds=NO_SERVER_S),
    Case("cluster-timeout-zero", _at("127.0.0.1:1", "--timeout", "0"), seconds=NO_SERVER_S),
    Case("cluster-timeout-5000-digits", _at("127.0.0.1:1", "--timeout", "9" * 5000), seconds=NO_SERVER_S),
    Case("cluster-timeout-with-workers", lambda d: ["stats", "standard", "--workers", "2", "--timeout", "5"]),
    Case("workers-64", lambda d: ["stats", "standard", "--workers", "64"], seconds=NO_SERVER_S),
    Case("workers-256", lambda d: ["stats", "standard", "--workers", "256"], seconds=NO_SERVER_S),
    Case("workers-memory-over-the-machine",
         lambda d: ["stats", "standard", "--workers", "2", "--worker-memory", "1000TB"], seconds=NO_SERVER_S),
    *(Case(f"enum-long-{name}", _stats(f"standard:{name}={_LONG}")) for name in _ENUMS),
    Case("enum-long-guide", lambda d: ["guide", f"standard:overflow={_LONG}"]),
    Case("enum-long-puzzles", lambda d: ["puzzles", f"standard:attack={_LONG}"]),
    Case("enum-long-in-toml", lambda d: ["stats", str(d / "long-overflow.toml")]),
    Case("toml-dotted-key-30000", lambda d: ["stats", str(d / "dotted-30000.toml")]),
    Case("toml-dotted-key-100000", lambda d: ["stats", str(d / "dotted-100000.toml")]),
    Case("toml-dotted-header-30000", lambda d: ["stats", str(d / "header-30000.toml")]),
    Case("tilde-user-stats", lambda d: ["stats", f"{_NO_USER}/x.toml"]),
    Case("tilde-user-build-variant", lambda d: ["build", "--variant", f"{_NO_USER}/x.toml", "--out", str(d / "s3")]),
    Case("tilde-user-templates", _build("--templates", _NO_USER)),
    Case("tilde-user-serve", lambda d: ["serve", "--dir", _NO_USER, "--port", "0"]),
    Case("tilde-user-out", lambda d: ["build", "--variant", "standard:r=3", "--out", f"{_NO_USER}/site"]),
]
CASES += ROUND_FOUR
#: the ids of round four, for ``benchmarks/hostile.py --only``
ROUND_FOUR_IDS = ",".join(c.id for c in ROUND_FOUR)

# -- issue #45: a site marker that proves itself, sweeps that refuse bad values at once (round five) ---------------


def _marked(name: str, marker_bytes: bytes, *extra: str) -> Callable[[Path], list[str]]:
    """A build over ``{d}/name``: a folder holding ``precious.txt`` (and ``extra`` files) and this marker."""
    def args(d: Path) -> list[str]:
        folder = d / name
        folder.mkdir(exist_ok=True)
        for file in ("precious.txt", *extra):
            (folder / file).write_text("keep\n")
        (folder / ".vizgen-site").write_bytes(marker_bytes)
        return ["build", "--variant", "standard:r=3", "--out", str(folder)]
    return args


def _round_five() -> list[Case]:
    from vizgen.site.output.outdir import OLD_MARKER_TEXT, marker

    return [
        Case("marker-not-really", _marked("d-stray", b"not really\n")),
        Case("marker-edited", _marked("d-edited", marker({"precious.txt": b"other\n"}))),
        Case("marker-file-added", _marked("d-added", marker({"index.html": b"x"}))),
        Case("marker-older-vizgen", _marked("d-old", OLD_MARKER_TEXT, "index.html")),
        Case("marker-empty-json", _marked("d-json", b"{}")),
        Case("sweep-vary-r-1-101", lambda d: ["sweep", "standard", "--vary", "r=1,101"]),
        Case("sweep-vary-swaps-minus-1", lambda d: ["sweep", "standard", "--vary", "swaps=-1"]),
        Case("sweep-vary-overflow-bogus", lambda d: ["sweep", "standard", "--vary", "overflow=bogus"]),
        Case("sweep-vary-overflow-rlo", lambda d: ["sweep", "standard", "--vary", "overflow=\u202erollover"]),
        Case("sweep-vary-r-5-05", lambda d: ["sweep", "standard", "--vary", "r=5,05"]),
        Case("sweep-players-32-all", lambda d: ["sweep", "standard:players=32", "--all"], seconds=5),
        Case("sweep-hands-32-all", lambda d: ["sweep", "standard:hands=32", "--all"], seconds=5),
        Case("sweep-players-9-hands-3-all", lambda d: ["sweep", "standard:players=9,hands=3", "--all"], seconds=5),
        Case("sweep-stdout-closed", lambda d: ["sweep", "standard:r=3"], closed_stdout=True,
             says="standard output is closed"),
        Case("stats-players-8-under-the-cap", lambda d: ["stats", "standard:players=8"], says="RLIMIT_AS"),
        Case("stats-players-32-words-once", lambda d: ["stats", "standard:players=32"], says="about 10^"),
        Case("sweep-max-memory-zero", lambda d: ["sweep", "standard", "--max-memory", "0"]),
        Case("sweep-max-positions-zero", lambda d: ["sweep", "standard", "--max-positions", "0"]),
    ]


#: the issue's ten million combinations (r, swaps, players, hands over their whole ranges), streamed
TEN_MILLION_VARY = [f"r={','.join(map(str, range(2, 101)))}", f"swaps={','.join(map(str, range(0, 101)))}",
                    f"players={','.join(map(str, range(2, 33)))}", f"hands={','.join(map(str, range(1, 33)))}"]
TEN_MILLION = ["sweep", "standard", *(a for vary in TEN_MILLION_VARY for a in ("--vary", vary))]
#: what a sweep's processes together (the parent and its workers) may hold while it streams
STREAM_BUDGET_MB = 1000


@dataclass(frozen=True)
class Stream:
    """How a sweep streamed: its first line's time (s, None if none came), lines, the peak of its process tree's
    resident memory (MB, sampled every 0.2 s) and of its largest process."""

    first_line_s: float | None
    lines: int
    tree_mb: float
    largest_mb: float

    def failure(self) -> str | None:
        """Why the stream did not hold (no line, or over :data:`STREAM_BUDGET_MB`), or None."""
        if not self.lines:
            return "no line came out"
        if self.tree_mb >= STREAM_BUDGET_MB:
            return f"its processes held {self.tree_mb:.0f} MB together"
        return None


def _tree_rss_mb(root: int) -> tuple[float, float]:
    """The resident memory (MB) of ``root`` and every process under it, summed, and of the largest."""
    parent: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            parent.setdefault(int(stat.rsplit(")", 1)[1].split()[1]), []).append(int(entry))
    todo, sizes = [root], []
    while todo:
        pid = todo.pop()
        todo += parent.get(pid, [])
        try:
            status = Path(f"/proc/{pid}/status").read_text()
        except OSError:
            continue
        found = re.search(r"^VmRSS:\s+(\d+)", status, re.M)
        sizes.append(int(found.group(1)) / 1024 if found else 0.0)
    return sum(sizes), max(sizes, default=0.0)


def run_stream(argv: list[str], seconds: float) -> Stream:
    """Run ``python -m vizgen ARGV`` (output to a file, no terminal) for ``seconds``, then Ctrl-C its group."""
    env = {k: v for k, v in os.environ.items() if k != "VIZGEN_CACHE"}
    env["PYTHONPATH"] = str(ROOT)
    with tempfile.TemporaryFile() as out:
        began = time.monotonic()
        proc = subprocess.Popen([sys.executable, "-m", "vizgen", *argv], stdout=out, stderr=subprocess.DEVNULL,
                                stdin=subprocess.DEVNULL, env=env, start_new_session=True)
        tree = largest = 0.0
        first = None
        try:
            while time.monotonic() - began < seconds and proc.poll() is None:
                both = _tree_rss_mb(proc.pid)
                tree, largest = max(tree, both[0]), max(largest, both[1])
                if first is None and os.fstat(out.fileno()).st_size:
                    first = time.monotonic() - began
                time.sleep(0.2)
        finally:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGINT)
            proc.wait(60)
        out.seek(0)
        return Stream(first, out.read().count(b"\n"), tree, largest)


ROUND_FIVE = _round_five()
CASES += ROUND_FIVE
#: the ids of round five, for ``benchmarks/hostile.py --only round-five``
ROUND_FIVE_IDS = ",".join([*(c.id for c in ROUND_FIVE), "sweep-vary-ten-million-streams"])

# -- issue #39, part 5: user templates in a sandbox, bounded in time and memory, never reading a file outside the
# template folders (each case a build of standard:r=3 with --templates <folder>) ----------------------------------

#: hostile templates, each the main block of an ``index.html`` in ``templates-<name>/``
SANDBOX_TEMPLATES = {
    "os-system": "{{ cycler.__init__.__globals__.os.system('touch vizgen-was-here') }}",
    "range-1e9": "{% for i in range(10**9) %}{% endfor %}",
    "string-2500000000": "{{ 'x' * 2500000000 }}",
    "string-2.5e9": "{{ 'x' * (2.5e9 | int) }}",
    "center-1e9": "{{ 'x' | center(1000000000) }}",
    "format-width-1e9": "{{ '%999999999d' | format(1) }}",
    "string-doubled-40-times": "{% set ns = namespace(s='x') %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}"
                               "{% endfor %}{{ ns.s | length }}",
    "power-10-to-1e9": "{{ 10 ** (10 ** 9) }}",
    "loops-1e5-by-1e5": "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}",
    "list-grown-for-ever": "{% set l = [] %}{% for i in range(100000) %}{% for j in range(100000) %}"
                           "{{ l.append(j) or '' }}{% endfor %}{% endfor %}",
    "nested-100-deep": "{{ " + "(" * 100 + "1" + ")" * 100 + " }}",
    "filters-2000": "{{ 1" + " | string" * 2000 + " }}",
    "macro-calls-itself": "{% macro f(n) %}{{ f(n + 1) }}{% endmacro %}{{ f(0) }}",
}
#: templates that are links out of the folders (or include one), or not files at all: ``templates-<name>/``
SANDBOX_LINKS = {"link-passwd": "/etc/passwd", "link-environ": "/proc/self/environ", "include-link-passwd": None,
                 "fifo": None}


def _make_sandbox_templates(root: Path) -> None:
    """The folders of :data:`SANDBOX_TEMPLATES` and :data:`SANDBOX_LINKS` in ``root``."""
    for name, line in SANDBOX_TEMPLATES.items():
        (root / f"templates-{name}").mkdir()
        (root / f"templates-{name}" / "index.html").write_text(
            f'{{% extends "base.html" %}}{{% block main %}}\n{line}\n{{% endblock %}}\n')
    for name, target in SANDBOX_LINKS.items():
        folder = root / f"templates-{name}"
        folder.mkdir()
        if target is not None:
            (folder / "index.html").symlink_to(target)
    (root / "templates-include-link-passwd" / "secret.html").symlink_to("/etc/passwd")
    (root / "templates-include-link-passwd" / "index.html").write_text(
        '{% extends "base.html" %}{% block main %}\n{% include "secret.html" %}\n{% endblock %}\n')
    os.mkfifo(root / "templates-fifo" / "index.html")


CASES += [Case(f"sandbox-{name}", _build("--templates", f"{{d}}/templates-{name}"))
          for name in [*SANDBOX_TEMPLATES, *SANDBOX_LINKS]]


def _wait(proc: subprocess.Popen[bytes], began: float, timeout: float) -> tuple[int, resource.struct_rusage, bool]:
    """Wait for ``proc`` (started at ``began``), killing it past ``timeout`` seconds: its wait status, its own
    resource usage (``wait4``: the child's, not a sum over this process's children) and whether it ran out."""
    while True:
        pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
        if pid:
            return status, usage, False
        if time.monotonic() - began > timeout:
            proc.kill()
            _, status, usage = os.wait4(proc.pid, 0)
            return status, usage, True
        time.sleep(0.02)


def run_case(case: Case, files: Path, timeout: float = TIMEOUT_S, scale: float = 1.0) -> Outcome:
    """Run one case in a fresh process with a capped address space, vizgen's deadlines ``scale`` times the real
    ones (:mod:`vizgen.util.deadlines`); measure its time and peak RSS."""
    def limits() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))
        if case.closed_stdout:
            os.close(1)

    env = {k: v for k, v in os.environ.items() if k not in ("VIZGEN_CACHE", deadlines.SCALE_ENV)}
    env.update(PYTHONPATH=str(ROOT), VIZGEN_CACHE=str(files / "cache"))
    if scale != 1.0:
        env[deadlines.SCALE_ENV] = repr(scale)
    env.update({k: v.format(d=files) for k, v in case.env.items()})
    timeout = min(timeout, case.seconds) if case.seconds else timeout
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile(mode="r") as peak, ExitStack() as servers:
        args = case.args(files)
        if case.server:
            port = str(servers.enter_context(serving(case.server)))
            args = [a.replace("{port}", port) for a in args]
        began = time.monotonic()
        proc = subprocess.Popen([sys.executable, "-c", _MEASURED, *args], stdin=subprocess.DEVNULL,
                                stdout=out, stderr=err, preexec_fn=limits, env={**env, "VIZGEN_TEST_HWM": peak.name},
                                cwd=files / "cwd")
        status, usage, timed_out = _wait(proc, began, timeout)
        seconds = time.monotonic() - began
        proc.returncode = os.waitstatus_to_exitcode(status)  # reaped here: Popen must not wait for it again
        out.seek(0)
        err.seek(0)
        measured = peak.read().strip()  # empty if the process did not exit normally: fall back on ru_maxrss
        rss = int(measured) / 1024 if measured else usage.ru_maxrss / 1024
        return Outcome(proc.returncode, out.read().decode(errors="replace"),
                       err.read().decode(errors="replace"), rss, seconds, timed_out, case.says)


# -- issue #39, part 6: `serve` under hostile requests, on 127.0.0.1 only (a server each case starts itself; the
# crowds come from 127.0.0.2, another loopback address). A case holds when the server answers as it should: a link
# out of the site is a 404 whose body holds none of the file, a slow or silent client is dropped at its deadline,
# and a fresh GET is answered at once whatever idle crowd is connected -------------------------------------------

#: the time a loaded machine may take to notice that a deadline of ``serve`` has passed
SERVE_MARGIN_S = 3.0


def make_site(root: Path) -> Path:
    """A served site in ``root/site`` whose folders' indexes lead out of it: to ``root/secret.txt``, /etc/passwd."""
    site = root / "site"
    (site / "leakdir").mkdir(parents=True)
    (site / "index.html").write_text("<!doctype html><title>home</title>")
    (root / "secret.txt").write_text("the secret outside the site")
    (site / "leakdir" / "index.html").symlink_to(root / "secret.txt")
    (site / "passwd").mkdir()
    (site / "passwd" / "index.html").symlink_to("/etc/passwd")
    return site


def _get(port: int, path: str, timeout: float = 10.0) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as conn:
        conn.sendall(f"GET {path} HTTP/1.0\r\n\r\n".encode())
        chunks = []
        while chunk := conn.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


def _not_found(port: int, path: str) -> str | None:
    answer = _get(port, path)
    if not answer.startswith(b"HTTP/1.0 404") or b"secret" in answer or b"root:" in answer:
        return f"GET {path} answered {answer[:60]!r}"
    return None


def _dropped(conn: socket.socket, trickle: bytes, deadline: float) -> str | None:
    """Send ``trickle`` a byte every 25th of the server's request ``deadline`` (0.2 s of the real 5 s; all of it at
    once when it is empty: silence); None if the server drops the connection within the deadline and
    :data:`SERVE_MARGIN_S`."""
    began, drop = time.monotonic(), deadline + SERVE_MARGIN_S
    try:
        for byte in trickle:
            conn.sendall(bytes([byte]))
            time.sleep(deadline / 25)
            if time.monotonic() - began > drop:
                return f"still connected after {drop:.1f} s of a byte every {deadline / 25:g} s"
        conn.settimeout(max(0.1, drop - (time.monotonic() - began)))
        while conn.recv(4096):
            pass
    except TimeoutError:
        return f"still connected after {drop:.1f} s"
    except ConnectionError:
        pass
    return None


def _crowd(port: int, source: str, count: int) -> list[socket.socket]:
    conns = []
    for _ in range(count):
        conn = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        conn.bind((source, 0))
        conn.connect(("127.0.0.1", port))
        conns.append(conn)
    return conns


def _fresh_get_beside(port: int, sources: tuple[str, ...], deadline: float) -> str | None:
    """100 silent connections from each of ``sources``, then a GET from 127.0.0.1: answered before any of them
    reached its ``deadline`` (run it at the real one: at a tenth, the crowd is gone before the GET)."""
    crowd = [conn for source in sources for conn in _crowd(port, source, 100)]
    try:
        time.sleep(0.5)
        began = time.monotonic()
        answer = _get(port, "/", timeout=deadline + SERVE_MARGIN_S)
        if not answer.startswith(b"HTTP/1.0 200"):
            return f"the fresh GET was answered {answer[:60]!r}"
        if time.monotonic() - began > deadline:
            return f"the fresh GET waited {time.monotonic() - began:.1f} s"
        return None
    finally:
        for conn in crowd:
            conn.close()


@dataclass(frozen=True)
class ServeCase:
    """One hostile request to ``vizgen serve``: ``check(port, deadline)`` is None when it held, else why not
    (``deadline``: the server's request deadline in seconds, :data:`vizgen.site.output.preview.REQUEST_SECONDS`
    scaled)."""

    id: str
    check: Callable[[int, float], str | None]


SERVE_CASES = [
    ServeCase("serve-folder-index-link-out", lambda port, _: _not_found(port, "/leakdir/")),
    ServeCase("serve-folder-index-link-passwd", lambda port, _: _not_found(port, "/passwd/")),
    ServeCase("serve-index-link-passwd", lambda port, _: _not_found(port, "/passwd/index.html")),
    ServeCase("serve-silent-client",
              lambda port, deadline: _dropped(socket.create_connection(("127.0.0.1", port)), b"", deadline)),
    ServeCase("serve-header-byte-a-fifth-second",
              lambda port, deadline: _dropped(socket.create_connection(("127.0.0.1", port)),
                                              b"GET / HTTP/1.0\r\n" + b"X" * 100, deadline)),
    ServeCase("serve-200-idle-then-fresh-get",
              lambda port, deadline: _fresh_get_beside(port, ("127.0.0.2",), deadline)),
    ServeCase("serve-200-idle-same-address-then-fresh-get",
              lambda port, deadline: _fresh_get_beside(port, ("127.0.0.1", "127.0.0.2"), deadline)),
]


@dataclass(frozen=True)
class ServeOutcome:
    """How a serve case ended: why it did not hold (None: held), its time (s), the server's peak RSS (MB)."""

    failure: str | None
    seconds: float
    rss_mb: float


def run_serve_case(case: ServeCase, root: Path, scale: float = 1.0) -> ServeOutcome:
    """Start ``vizgen serve`` on 127.0.0.1 (a free port) for :func:`make_site`'s site, its deadlines ``scale``
    times the real ones (:mod:`vizgen.util.deadlines`), run the case, stop it."""
    env = {k: v for k, v in os.environ.items() if k not in ("VIZGEN_CACHE", deadlines.SCALE_ENV)}
    env["PYTHONPATH"] = str(ROOT)
    if scale != 1.0:
        env[deadlines.SCALE_ENV] = repr(scale)
    proc = subprocess.Popen([sys.executable, "-m", "vizgen", "serve", "--dir", str(root / "site"), "--port", "0"],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env,
                            cwd=root, text=True)
    try:
        assert proc.stderr is not None
        first = proc.stderr.readline()
        port = int(first.rsplit(":", 1)[1].split("/")[0])
        began = time.monotonic()
        try:
            failure = case.check(port, REQUEST_SECONDS * scale)
        except OSError as exc:
            failure = f"{type(exc).__name__}: {exc}"
        seconds = time.monotonic() - began
        with open(f"/proc/{proc.pid}/status") as status:
            rss = int(next(line.split()[1] for line in status if line.startswith("VmHWM:"))) / 1024
    finally:
        proc.kill()
        proc.communicate(timeout=30)
    return ServeOutcome(failure, seconds, rss)

# ---------------------------------------------------------------------------
# The cache's faults (issue #39, "a cache that knows its bytes"). Not bad input refused, but a cache entry
# damaged on disk: a build over it *holds* when it exits 0, says one warning line naming the entry (its kind's
# folder and its key), writes the same bytes as the clean build, and stays within the time and under
# CACHE_RSS_BUDGET_MB (the largest process of the build, workers included).
# ---------------------------------------------------------------------------

#: the build of every cache case: a tiny variant with the report pages, so that every kind of entry is read
CACHE_BUILD = ["build", "--quiet", "--variant", "standard:r=3", "--reports"]
#: every kind of entry a build reads
CACHE_KINDS = ("solved", "layout", "page", "guide", "puzzles", "family", "claims", "maxn")
#: the kinds a build reads only when the variant's page entry is missing (it is then removed too: a silent miss)
_UNDER_THE_PAGE = ("solved", "layout", "guide")
CACHE_RSS_BUDGET_MB = 2500
#: recomputing the max^n report takes about a minute of one core; a loaded machine doubles it
CACHE_TIMEOUT_S = 600


def _one_digit(path: Path) -> None:
    """The issue's case: one digit of the entry changed (its middle one)."""
    raw = bytearray(path.read_bytes())
    digits = [m.start() for m in re.finditer(rb"[0-9]", raw)]
    at = digits[len(digits) // 2]
    raw[at] = ord("0") + (raw[at] - ord("0") + 1) % 10
    path.write_bytes(bytes(raw))


def _header_xor(path: Path) -> None:
    """The issue's case: XOR 0x20 on one letter of the header ("losses" -> "lOsses" in a max^n report)."""
    raw = bytearray(path.read_bytes())
    at = next(k for k in range(raw.index(b'"data"') + 8, len(raw)) if chr(raw[k]).isalpha())
    raw[at] ^= 0x20
    path.write_bytes(bytes(raw))


def _last_byte(path: Path) -> None:
    raw = bytearray(path.read_bytes())
    raw[-1] ^= 0x01
    path.write_bytes(bytes(raw))


def _truncated(path: Path) -> None:
    path.write_bytes(path.read_bytes()[: path.stat().st_size * 2 // 3])


def _fifo(path: Path) -> None:
    path.unlink()
    os.mkfifo(path)


def _folder(path: Path) -> None:
    path.unlink()
    path.mkdir()
    (path / "inside").write_bytes(b"x")


def _sparse(path: Path) -> None:
    path.unlink()
    with open(path, "wb") as f:
        f.truncate(4 << 30)


def _kind_a_file(path: Path) -> None:
    shutil.rmtree(path.parent)
    path.parent.write_bytes(b"a file where the kind's folder goes\n")


#: each fault, done to the entry's path
CACHE_FAULTS: dict[str, Callable[[Path], None]] = {
    "digit": _one_digit, "header-xor-0x20": _header_xor, "last-byte": _last_byte, "truncated": _truncated,
    "fifo": _fifo, "folder": _folder, "sparse-4gb": _sparse, "kind-folder-a-file": _kind_a_file,
}


@dataclass(frozen=True)
class CacheCase:
    """One entry of ``kind`` damaged by the fault ``fault`` (:data:`CACHE_FAULTS`)."""

    kind: str
    fault: str

    @property
    def id(self) -> str:
        return f"cache-{self.kind}-{self.fault}"


CACHE_CASES = [CacheCase(kind, fault) for kind in CACHE_KINDS for fault in CACHE_FAULTS]


def _vizgen(args: list[str], cache: Path, timeout: float) -> tuple[int, str, float, float, bool]:
    """Run ``python -m vizgen ARGS`` over ``cache``: exit code, stderr, peak RSS (MB, its largest process,
    workers included), wall seconds, whether it ran out of time."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "VIZGEN_CACHE": str(cache)}
    with tempfile.TemporaryFile() as err:
        began = time.monotonic()
        proc = subprocess.Popen([sys.executable, "-m", "vizgen", *args], stdin=subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL, stderr=err, env=env, cwd=ROOT)
        status, usage, timed_out = _wait(proc, began, timeout)
        proc.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        return (proc.returncode, err.read().decode(errors="replace"), usage.ru_maxrss / 1024,
                time.monotonic() - began, timed_out)


def site_digest(folder: Path) -> dict[str, str]:
    """Every file of a site by path, as a SHA-256."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def clean_cache(root: Path) -> tuple[Path, dict[str, str]]:
    """A cache filled by :data:`CACHE_BUILD` (cold: a minute or two) in ``root``, and its site's bytes."""
    code, err, _, _, _ = _vizgen([*CACHE_BUILD, "--out", str(root / "clean-site")], root / "clean-cache",
                                 CACHE_TIMEOUT_S)
    if code != 0 or err:
        raise RuntimeError(f"the clean build failed ({code}): {err[-300:]}")
    return root / "clean-cache", site_digest(root / "clean-site")


def run_cache_case(case: CacheCase, clean: tuple[Path, dict[str, str]], work: Path,
                   timeout: float = CACHE_TIMEOUT_S) -> tuple[Outcome, str | None]:
    """Damage one entry of a copy of the clean cache, build over it: how it ended, and why it did not hold
    (None when it held)."""
    base, site = clean
    cache, out = work / f"{case.id}-cache", work / f"{case.id}-site"
    shutil.copytree(base, cache, symlinks=True)
    try:
        entry = sorted((cache / case.kind).iterdir())[0]
        if case.kind in _UNDER_THE_PAGE:
            for page in (cache / "page").iterdir():
                page.unlink()
        CACHE_FAULTS[case.fault](entry)
        # the entry damaged is named; a kind's folder replaced is named with the key of the first entry written
        named = "[0-9a-f]{32}" if case.fault == "kind-folder-a-file" else entry.name
        code, err, rss, seconds, timed_out = _vizgen([*CACHE_BUILD, "--out", str(out)], cache, timeout)
        outcome = Outcome(code, "", err, rss, seconds, timed_out)
        lines = err.splitlines()
        if timed_out:
            why: str | None = f"still running after {seconds:.0f} s"
        elif code != 0 or "Traceback" in err:
            why = f"exit code {code}: {err[-300:]!r}"
        elif len(lines) != 1 or not lines[0].startswith("vizgen: warning: ") or f"{cache / case.kind}" not in lines[0] \
                or not re.search(named, lines[0]):
            why = f"not one warning line naming the {case.kind} entry {entry.name}: {err[-400:]!r}"
        elif site_digest(out) != site:
            why = "the site's bytes differ from the clean build's"
        elif rss >= CACHE_RSS_BUDGET_MB:
            why = f"peak RSS {rss:.0f} MB"
        else:
            why = None
        return outcome, why
    finally:
        shutil.rmtree(cache, ignore_errors=True)
        shutil.rmtree(out, ignore_errors=True)
