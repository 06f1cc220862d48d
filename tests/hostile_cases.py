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
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

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
    """

    id: str
    args: Callable[[Path], list[str]]
    env: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Outcome:
    """How a case ended: exit code, output, peak RSS (MB) and wall time (s)."""

    code: int
    out: str
    err: str
    rss_mb: float
    seconds: float
    timed_out: bool = False

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
    (root / "templates-latin1").mkdir()
    (root / "templates-latin1" / "index.html").write_bytes(b'{% extends "base.html" %}\ncaf\xe9\n')
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


def run_case(case: Case, files: Path, timeout: float = TIMEOUT_S) -> Outcome:
    """Run one case in a fresh process with a capped address space; measure its time and peak RSS."""
    def limits() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (ADDRESS_SPACE, ADDRESS_SPACE))

    env = {k: v for k, v in os.environ.items() if k != "VIZGEN_CACHE"}
    env.update(PYTHONPATH=str(ROOT), VIZGEN_CACHE=str(files / "cache"))
    env.update({k: v.format(d=files) for k, v in case.env.items()})
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err, \
            tempfile.NamedTemporaryFile(mode="r") as peak:
        began = time.monotonic()
        proc = subprocess.Popen([sys.executable, "-c", _MEASURED, *case.args(files)], stdin=subprocess.DEVNULL,
                                stdout=out, stderr=err, preexec_fn=limits, env={**env, "VIZGEN_TEST_HWM": peak.name},
                                cwd=files / "cwd")
        timed_out = False
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() - began > timeout:
                proc.kill()
                _, status, usage = os.wait4(proc.pid, 0)
                timed_out = True
                break
            time.sleep(0.02)
        seconds = time.monotonic() - began
        proc.returncode = os.waitstatus_to_exitcode(status)  # reaped here: Popen must not wait for it again
        out.seek(0)
        err.seek(0)
        measured = peak.read().strip()  # empty if the process did not exit normally: fall back on ru_maxrss
        rss = int(measured) / 1024 if measured else usage.ru_maxrss / 1024
        return Outcome(proc.returncode, out.read().decode(errors="replace"),
                       err.read().decode(errors="replace"), rss, seconds, timed_out)


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
        timed_out = False
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.monotonic() - began > timeout:
                proc.kill()
                _, status, usage = os.wait4(proc.pid, 0)
                timed_out = True
                break
            time.sleep(0.05)
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
