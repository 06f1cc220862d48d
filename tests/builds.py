"""Builds run as a user runs them: in a subprocess, in its own session, killed or interrupted on purpose.

Shared by the tests of hard edges, folders and signals.
"""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: the interrupt promise, measured from the signal
INTERRUPT_EXIT_S = 2.0


def small_maxn_report(cache: Path) -> None:
    """Put a small max^n report where a build reads its own (two and three players, two games a seat): the page
    is rendered from it as from the full one, which takes a minute of its own (the catalogue lane's)."""
    from vizgen.reports.maxn import report
    from vizgen.site.build import MAXN_CODE, _maxn_check
    from vizgen.util.cache import Cache, Entry, code_version

    small = report(players=(2, 3), depths=(1, 2), timing_players=(2,), timing_depths=(2, 3), games_per_seat=2,
                   budget=0.0)
    entry = Entry(data={**small, "timing_measured": "on a test machine"})
    assert _maxn_check(entry) is None
    Cache(cache).put("maxn", "site", code_version(*MAXN_CODE), entry)


def small_claims_report(cache: Path) -> None:
    """Put the report of four claims where a build reads the whole report (every claim, half a minute of CPU):
    the claims page is rendered from it as from the whole one."""
    from vizgen.reports import claims
    from vizgen.util.cache import Cache, Entry, code_version

    small = claims.claims_report(None, ids=["3", "7", "41", "50"])
    assert set(small) == claims.REPORT_KEYS
    Cache(cache).put("claims", {"ids": None}, code_version(*claims.CODE), Entry(data=small))


def env(**extra: str) -> dict[str, str]:
    """The environment of a subprocess that runs this checkout, without the caller's cache."""
    out = {k: v for k, v in os.environ.items() if k != "VIZGEN_CACHE"}
    out["PYTHONPATH"] = str(ROOT)
    out.update(extra)
    return out


def digest(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` by relative path, with its SHA-256."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


#: runs a build that SIGKILLs (or SIGINTs) itself at a chosen point of writing the site
DRIVER = r"""
import os, shutil, signal, sys
from pathlib import Path

point, how, out, cache = sys.argv[1:]
# a terminal's foreground process takes Ctrl-C, even when the tests run as a shell's background job (SIGINT ignored)
signal.signal(signal.SIGINT, signal.default_int_handler)
sig = {"kill": signal.SIGKILL, "int": signal.SIGINT, "term": signal.SIGTERM, "hup": signal.SIGHUP}[how]
if point == "write":
    real_write, count = Path.write_bytes, [0]

    def write_bytes(self, data):
        count[0] += 1
        if count[0] == 5:  # the cache probe, the temporary folder's first marker, the site's marker (the list of
            # its files), one file of the site, then the kill
            os.kill(os.getpid(), sig)
        return real_write(self, data)

    Path.write_bytes = write_bytes
elif point == "swap":
    real_rename = Path.rename

    def rename(self, target):
        done = real_rename(self, target)
        if "-old-" in str(target):  # the old site is aside, the new one not yet in place
            os.kill(os.getpid(), sig)
        return done

    Path.rename = rename
else:
    real_rmtree = shutil.rmtree

    def rmtree(path, *args, **kwargs):
        if "-old-" in str(path):
            os.kill(os.getpid(), sig)
        return real_rmtree(path, *args, **kwargs)

    shutil.rmtree = rmtree
from vizgen.cli import main

os.environ["VIZGEN_CACHE"] = cache
sys.exit(main(["build", "--variant", "standard", "--out", out, "--quiet"]))
"""


def session_alive(sid: int) -> list[int]:
    """Processes of session ``sid`` that are still running (zombies waiting to be reaped do not count)."""
    alive = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[3]) == sid and fields[0] != "Z":
            alive.append(int(stat.parent.name))
    return alive


def hangups_heard() -> None:
    """In a child about to run: SIGHUP back to its default action (pytest run under ``nohup`` ignores it, and a
    signal ignored at start stays ignored, as vizgen intends)."""
    signal.signal(signal.SIGHUP, signal.SIG_DFL)


def start_build(out: Path, cache: Path, *specs: str) -> subprocess.Popen[str]:
    """A build in its own session, as from a terminal, with its progress lines on stderr."""
    args = [a for spec in specs for a in ("--variant", spec)]
    return subprocess.Popen([sys.executable, "-m", "vizgen", "build", "--out", str(out), *args],
                            stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, start_new_session=True,
                            env=env(VIZGEN_CACHE=str(cache)), cwd=ROOT, preexec_fn=hangups_heard)


def wait_for_line(proc: subprocess.Popen[str], needle: str) -> list[str]:
    """The lines ``proc`` wrote to stderr up to the first that holds ``needle``."""
    assert proc.stderr is not None
    seen = []
    for line in proc.stderr:
        seen.append(line)
        if needle in line:
            return seen
    pytest.fail(f"the build ended before {needle!r}: {''.join(seen)[-500:]}")


def wait_gone(sid: int, timeout: float = 20.0) -> list[int]:
    """Wait until session ``sid`` has no live process; the pids still alive at the timeout."""
    deadline = time.monotonic() + timeout
    while (alive := session_alive(sid)) and time.monotonic() < deadline:
        time.sleep(0.1)
    return alive


#: a user's ``index.html`` around one line, the third of the file: the main block's start and a fine paragraph
#: before it, the block's end after it
TEMPLATE_HEAD = '{% extends "base.html" %}{% block main %}\n<p>fine</p>\n'
TEMPLATE_TAIL = "\n{% endblock %}\n"


def template_folder(tmp_path: Path, line: str) -> Path:
    """A user's templates folder in ``tmp_path`` whose ``index.html`` holds ``line`` as its third line, for
    ``build --templates``."""
    folder = tmp_path / "templates"
    folder.mkdir(exist_ok=True)
    (folder / "index.html").write_text(TEMPLATE_HEAD + line + TEMPLATE_TAIL)
    return folder
