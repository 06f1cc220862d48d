"""The cache knows its bytes (issue #39): an entry of any kind with any byte changed, cut short at any point,
grown, or a FIFO, a folder, a link, a socket, a device or a huge sparse file in its place is a miss: one warning
line naming it (its kind's folder and its key), the value computed again equal to the clean one, the entry
written back; never a hang, never the memory of the file's size. A kind's folder that is a file is replaced."""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.hostile_cases import CACHE_FAULTS, CACHE_KINDS, CacheCase, clean_cache, run_cache_case
from tests.strategies import examples
from vizgen.analysis.stored import solve_stored, to_entry
from vizgen.engine.spec import resolve
from vizgen.reports import family
from vizgen.reports.claims import claims_report
from vizgen.reports.guide import guide_figures
from vizgen.reports.puzzles import puzzle_figures
from vizgen.site import build
from vizgen.site.build import _gather
from vizgen.site.build.pages import rendered_variants
from vizgen.site.drawing.layout import layout_all
from vizgen.util import sizes
from vizgen.util.cache import MAGIC, Cache, Entry
from vizgen.util.text import format_count

ROOT = Path(__file__).resolve().parents[1]
SPEC = "standard:r=3"
#: a bound on any one read of the cache: a FIFO read without O_NONBLOCK would wait for ever
PATIENCE_S = 60
#: one worker runs the module (``--dist loadgroup``): its module fixtures (the clean entries, the clean build; in the
#: catalogue lane the campaign's clean cache, 40 CPU s) are made once a run, not once a worker (issue #49)
pytestmark = pytest.mark.xdist_group("cache_bytes")


class Lines(list[str]):
    """Collects the cache's warning lines."""

    def __call__(self, line: str) -> None:
        self.append(line)


# ---------------------------------------------------------------------------
# every kind of entry, as the code that uses it reads it
# ---------------------------------------------------------------------------

def _solved(cache: Cache) -> object:
    solved = solve_stored(resolve(SPEC), cache)
    return hashlib.sha256(b"".join(a.tobytes() for a in to_entry(solved).arrays.values())).hexdigest()


def _layout(cache: Cache) -> object:
    layout = layout_all([solve_stored(resolve(SPEC), Cache(None))], cache)[0]
    return layout.x.tobytes(), layout.y.tobytes(), layout.svg


def _page(cache: Cache) -> object:
    variant = resolve(SPEC)
    site = rendered_variants([variant], cache, lambda: _gather([variant], [SPEC], cache, None, None, None))
    return site.files, site.cards, site.stats


def _maxn(cache: Cache) -> object:
    return build.maxn_figures(cache)


#: each kind of entry and how the build (or a command) reads it: the value it gives
KINDS: dict[str, Callable[[Cache], object]] = {
    "solved": _solved,
    "layout": _layout,
    "page": _page,
    "guide": lambda cache: guide_figures(resolve(SPEC), cache),
    "puzzles": lambda cache: puzzle_figures(resolve(SPEC), cache),
    "family": lambda cache: family.variant_figures(SPEC, cache=cache),
    "claims": lambda cache: claims_report(cache, ids=["3"]),
    "maxn": _maxn,
}
#: a max^n report in little time (the site's own takes a minute of one core); the cache does not care which
REPORT = {"paper": {"table": [[1, 2.5]]}, "settings": {"depth": 4}, "branching": [[3, 1.25]], "quality": [],
          "tournament": [], "timing": [], "timing_measured": "here"}


@pytest.fixture(autouse=True)
def _quick_report(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(build, "site_report", lambda: REPORT)


@pytest.fixture(scope="module")
def clean(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, object]]:
    """Each kind: a cache folder holding one entry of every kind, and the value of that kind read clean."""
    made = {}
    folder = tmp_path_factory.mktemp("clean")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(build, "site_report", lambda: REPORT)
        for kind, use in KINDS.items():
            value = use(Cache(folder))
            assert use(Cache(folder, warn=pytest.fail)) == value, "read back quietly"
            made[kind] = folder, value
    return made


def entry_of(folder: Path, kind: str) -> Path:
    (path,) = (folder / kind).iterdir()
    return path


@contextlib.contextmanager
def copied(folder: Path) -> Iterator[Path]:
    """A copy of a cache folder, in a short temporary path (a socket's name is at most 107 bytes)."""
    with tempfile.TemporaryDirectory(prefix="vz") as tmp:
        copy = Path(tmp) / "c"
        shutil.copytree(folder, copy, symlinks=True)
        yield copy


def within(call: Callable[[], Any], fifo: Path) -> Any:
    """``call()``, failing the test rather than waiting for ever if it blocks on the FIFO at ``fifo``."""
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["value"] = call()
        except BaseException as exc:  # handed to the test below
            box["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(PATIENCE_S)
    if thread.is_alive():
        with contextlib.suppress(OSError):  # a reader waits on it: give it an end of file, so the thread ends
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        thread.join(10)
        pytest.fail(f"still reading after {PATIENCE_S} s: waiting on a FIFO")
    if "error" in box:
        raise box["error"]
    return box["value"]


# ---------------------------------------------------------------------------
# what may stand in an entry's place
# ---------------------------------------------------------------------------

Damage = Callable[[Path], None]


def flip(at: int, mask: int) -> Damage:
    def damage(path: Path) -> None:
        raw = bytearray(path.read_bytes())
        raw[at % len(raw)] ^= mask
        path.write_bytes(bytes(raw))
    return damage


def cut(at: int) -> Damage:
    def damage(path: Path) -> None:
        raw = path.read_bytes()
        path.write_bytes(raw[:at % len(raw)])
    return damage


def grow(extra: bytes) -> Damage:
    def damage(path: Path) -> None:
        path.write_bytes(path.read_bytes() + extra)
    return damage


def fifo(path: Path) -> None:
    path.unlink()
    os.mkfifo(path)


def folder(path: Path) -> None:
    path.unlink()
    (path / "inside").mkdir(parents=True)
    (path / "inside" / "file").write_bytes(b"x")


def sparse(path: Path) -> None:
    """Four gigabytes that take no room on disk (the issue's case: 3 GB of memory read in, before)."""
    path.unlink()
    with open(path, "wb") as f:
        f.truncate(4 << 30)


def sparse_entry(path: Path) -> None:
    """An entry's first lines, then 100 MB of nothing: under the bound, read, and still never an answer."""
    head = path.read_bytes()[:len(MAGIC) + 65]
    with open(path, "wb") as f:
        f.write(head)
        f.truncate(100 << 20)


def link_out(path: Path) -> None:
    """A link to a file outside the cache: the link is discarded, never what it leads to."""
    outside = path.parents[2] / "outside"
    outside.write_bytes(path.read_bytes())
    path.unlink()
    path.symlink_to(outside)


def unix_socket(path: Path) -> None:
    path.unlink()
    with socket.socket(socket.AF_UNIX) as s:
        s.bind(str(path))


def device(path: Path) -> None:
    """A character device: /dev/null's numbers (only where this process may make one)."""
    path.unlink()
    try:
        os.mknod(path, 0o600 | 0o020000, os.makedev(1, 3))
    except PermissionError:
        path.write_bytes(b"")  # no device here: an empty entry stands in, a miss too


REPLACED: dict[str, Damage] = {"fifo": fifo, "folder": folder, "sparse-4gb": sparse, "link": link_out,
                               "socket": unix_socket, "device": device}

damages = st.one_of(
    st.builds(flip, st.integers(0, 2**40), st.integers(1, 255)),
    st.builds(cut, st.integers(0, 2**40)),
    st.builds(grow, st.binary(min_size=1, max_size=16)),
    st.sampled_from(list(REPLACED.values())),
)


def heals(kind: str, base: Path, value: object, damage: Damage) -> None:
    """Damage the entry of ``kind`` in a copy of ``base``: reading it gives ``value`` again, one warning line
    naming the entry, and the entry is written back whole (then read quietly)."""
    with copied(base) as cache:
        path = entry_of(cache, kind)
        damage(path)
        warned = Lines()
        assert within(lambda: KINDS[kind](Cache(cache, warn=warned)), path) == value
        assert len(warned) == 1 and f"the cache entry {path} (" in warned[0], warned
        assert entry_of(cache, kind) == path and path.is_file() and not path.is_symlink()
        assert KINDS[kind](Cache(cache, warn=pytest.fail)) == value, "healed: read back quietly"
        if (cache.parent / "outside").exists():
            assert (cache.parent / "outside").stat().st_size > 0, "what the link led to is left alone"


#: the whole suite's share of the damage campaign (issue #49): each kind of entry healed once from each kind of
#: damage, the damages dealt round the kinds (every kind once, every damage once); every damage on every kind is
#: the catalogue lane's (``python -m pytest --catalogue -m catalogue``), a build's worth of healing each
CATALOGUE = pytest.mark.catalogue(reason="every damage on every kind of entry: the whole suite heals each kind "
                                         "once and each damage once (issue #49)")
#: the random damages drawn for each kind: a few in the whole suite, 12 in the catalogue lane
DRAWS = [pytest.param(3, id="3"), pytest.param(12, id="12", marks=CATALOGUE)]


def dealt_round(kinds: list[str], damages: list[str]) -> list[object]:
    """Each pair of ``kinds`` x ``damages`` as a parameter (damage, kind): those dealt round (kind k with damage
    k, both lists wrapped) in the whole suite, the others in the catalogue lane.

    Examples
    --------
    >>> [p.values for p in dealt_round(["a", "b"], ["x", "y", "z"]) if not p.marks]
    [('x', 'a'), ('z', 'a'), ('y', 'b')]
    """
    size = max(len(kinds), len(damages))
    suite = {(damages[k % len(damages)], kinds[k % len(kinds)]) for k in range(size)}
    return [pytest.param(damage, kind, marks=() if (damage, kind) in suite else CATALOGUE)
            for kind in kinds for damage in damages]


@pytest.mark.slow(reason="a property test per kind of entry, each example a build's worth of healing (6 CPU s)"
                           "; out of the fast lane: issue #49")
@pytest.mark.parametrize("draws", DRAWS)
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_any_damage_of_any_kind_of_entry_is_a_miss_that_heals(clean: dict[str, tuple[Path, object]], kind: str,
                                                              draws: int) -> None:
    base, value = clean[kind]

    @settings(max_examples=examples(draws), deadline=None,
              suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(damage=damages)
    def check(damage: Damage) -> None:
        heals(kind, base, value, damage)

    check()


@pytest.mark.slow
@pytest.mark.parametrize(("damage", "kind"), dealt_round(sorted(KINDS), [*REPLACED, "sparse-entry", "digit"]))
def test_each_kind_heals_from_each_replacement(clean: dict[str, tuple[Path, object]], kind: str,
                                               damage: str) -> None:
    base, value = clean[kind]
    heals(kind, base, value, {**REPLACED, "sparse-entry": sparse_entry, "digit": one_digit}[damage])


def one_digit(path: Path) -> None:
    """One digit of the entry changed (the issue's case: the next build wrote other pages, with no warning)."""
    raw = bytearray(path.read_bytes())
    at = next(k for k in range(len(MAGIC) + 65, len(raw)) if raw[k:k + 1].isdigit())
    raw[at] = ord("0") + (raw[at] - ord("0") + 1) % 10
    path.write_bytes(bytes(raw))


# ---------------------------------------------------------------------------
# a kind's folder that is not a folder
# ---------------------------------------------------------------------------

def file_at(path: Path) -> None:
    path.write_bytes(b"a file where a folder goes")


def dangling(path: Path) -> None:
    path.symlink_to(path.parent / "nowhere")


def link_to_file(path: Path) -> None:
    (path.parents[1] / "kept").write_bytes(b"not the cache's")
    path.symlink_to(path.parents[1] / "kept")


#: what may stand where a kind's folder goes besides a file (slow): dealt round the kinds in the whole suite
INSTEAD: dict[str, Callable[[Path], None]] = {"mkfifo": os.mkfifo, "dangling": dangling, "link_to_file": link_to_file}


@pytest.mark.parametrize(("instead", "kind"), [
    *(pytest.param(file_at, kind, id=f"file_at-{kind}") for kind in sorted(KINDS)),
    *(pytest.param(INSTEAD[p.values[0]], p.values[1], id=f"{p.values[0]}-{p.values[1]}",
                   marks=[pytest.mark.slow, *p.marks]) for p in dealt_round(sorted(KINDS), list(INSTEAD)))])
def test_a_kinds_folder_that_is_not_one_is_replaced(clean: dict[str, tuple[Path, object]], kind: str,
                                                    instead: Callable[[Path], None]) -> None:
    base, value = clean[kind]
    with copied(base) as cache:
        key = entry_of(cache, kind).name
        shutil.rmtree(cache / kind)
        instead(cache / kind)
        warned = Lines()
        assert within(lambda: KINDS[kind](Cache(cache, warn=warned)), cache / kind) == value
        assert len(warned) == 1 and f"at {cache / kind}, where the cache keeps its {kind} entries" in warned[0] \
            and key in warned[0], warned
        assert (cache / kind).is_dir() and not (cache / kind).is_symlink() and entry_of(cache, kind).name == key
        assert KINDS[kind](Cache(cache, warn=pytest.fail)) == value
        if instead is link_to_file:
            assert (cache.parent / "kept").read_bytes() == b"not the cache's", "what the link led to is left alone"


def test_a_kinds_folder_that_links_to_a_folder_is_kept(tmp_path: Path) -> None:
    """A link to a folder elsewhere is the user's choice (a kind's entries on another disk): used, not replaced."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "notes").write_bytes(b"mine")
    (tmp_path / "cache").mkdir()
    (tmp_path / "cache" / "demo").symlink_to(elsewhere)
    cache = Cache(tmp_path / "cache", warn=pytest.fail)
    cache.put("demo", 1, "v", Entry(data=[1]))
    assert cache.get("demo", 1, "v") == Entry(data=[1])
    assert (tmp_path / "cache" / "demo").is_symlink() and (elsewhere / "notes").read_bytes() == b"mine"
    assert sorted(p.name for p in elsewhere.iterdir()) == sorted(["notes", cache.path("demo", 1).name])


# ---------------------------------------------------------------------------
# the read itself: bounded in memory, other formats, entries over the bound
# ---------------------------------------------------------------------------

def test_a_huge_sparse_entry_is_refused_without_reading_it(tmp_path: Path) -> None:
    warned = Lines()
    cache = Cache(tmp_path, warn=warned)
    cache.put("demo", 1, "v", Entry(data=[1], arrays={"a": np.arange(100)}))
    sparse(cache.path("demo", 1))
    tracemalloc.start()
    try:
        assert cache.get("demo", 1, "v") is None
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1 << 20, f"{peak:,} bytes allocated to refuse it"
    bound = format_count(sizes.CACHE_ENTRY_MAX)
    assert len(warned) == 1 and f"4\u202f294\u202f967\u202f296 bytes, over the bound of {bound}" in warned[0]
    assert not cache.path("demo", 1).exists()


def test_an_entry_over_the_bound_is_not_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sizes, "CACHE_ENTRY_MAX", 4096)
    warned = Lines()
    cache = Cache(tmp_path, warn=warned)
    big = Entry(arrays={"a": np.zeros(1000)})
    assert cache.fetch("demo", 1, "v", lambda: big) is not None
    assert len(warned) == 1 and "not kept in the cache: the demo entry" in warned[0] and "over the bound" in warned[0]
    assert not cache.path("demo", 1).exists()
    cache.put("demo", 2, "v", Entry(data=[1]))
    assert cache.get("demo", 2, "v") == Entry(data=[1]), "small entries still are"


def test_entries_of_the_format_before_checksums_are_quiet_misses(tmp_path: Path) -> None:
    """After the upgrade every entry is of the old format: one line for the first of a kind, then quietly."""
    warned = Lines()
    cache = Cache(tmp_path, warn=warned)
    for inputs in (1, 2):
        cache.put("demo", inputs, "v", Entry(data=[inputs]))
        path = cache.path("demo", inputs)
        raw = path.read_bytes()
        path.write_bytes(b"vizgen-cache 1\n" + raw[len(MAGIC) + 65:])  # as format 1 wrote it: no checksum line
        assert cache.get("demo", inputs, "v") is None and not path.exists()
    assert len(warned) == 1 and "in the cache format 1, not 2" in warned[0] and "quietly" in warned[0]


def test_an_entry_that_is_a_folder_holding_a_link_loses_only_the_folder(tmp_path: Path) -> None:
    """The folder in an entry's place is removed; a link in it is removed as a link, what it leads to is kept."""
    kept = tmp_path / "kept"
    kept.mkdir()
    (kept / "precious").write_bytes(b"mine")
    cache = Cache(tmp_path / "cache", warn=Lines())
    cache.put("demo", 1, "v", Entry(data=[1]))
    path = cache.path("demo", 1)
    path.unlink()
    path.mkdir()
    (path / "link").symlink_to(kept)
    assert cache.get("demo", 1, "v") is None and not path.exists()
    assert (kept / "precious").read_bytes() == b"mine"


# ---------------------------------------------------------------------------
# worker processes: their warnings reach the build
# ---------------------------------------------------------------------------

@pytest.mark.slow(reason="builds with a worker process (0.8 CPU s); out of the fast lane: issue #49")
def test_a_guide_healed_in_a_worker_process_is_said_by_the_build(clean: dict[str, tuple[Path, object]]) -> None:
    """The page's entry and the guide's both damaged: the guide is worked out again in a worker process (whose
    stderr goes nowhere), which hands its warning to the build; the page is the clean one."""
    base, value = clean["page"]
    with copied(base) as cache:
        page, guide = entry_of(cache, "page"), entry_of(cache, "guide")
        flip(len(MAGIC) + 80, 0x20)(page)
        one_digit(guide)
        warned = Lines()
        assert _page(Cache(cache, warn=warned)) == value
        assert sorted(warned) == sorted(f"vizgen: warning: discarded the cache entry {path} (its checksum does "
                                        f"not match its {format_count(path.stat().st_size)} bytes: changed or "
                                        "cut short); "
                                        "computing it again" for path in (page, guide)), warned
        assert _page(Cache(cache, warn=pytest.fail)) == value


# ---------------------------------------------------------------------------
# the command: the same site bytes as a clean build, and a warning
# ---------------------------------------------------------------------------

def digest(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def vizgen_build(cache: Path, out: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "VIZGEN_CACHE": str(cache), "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "vizgen", "build", "--quiet", "--variant", SPEC, "--out", str(out)],
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)


@pytest.fixture(scope="module")
def clean_build(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A cache filled by a build of the tiny variant, and the bytes of the site it wrote."""
    root = tmp_path_factory.mktemp("clean-build")
    done = vizgen_build(root / "cache", root / "site")
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return root / "cache", digest(root / "site")


def every_entry(damage: Damage) -> Callable[[Path], int]:
    def apply(cache: Path) -> int:
        entries = [p for p in cache.rglob("*") if p.is_file()]
        for path in entries:
            damage(path)
        return len(entries)
    return apply


@pytest.mark.slow(reason="builds a site over a damaged cache: 6 CPU s and more each (tests/lane_times.json)")
@pytest.mark.parametrize("damage", ["fifo", "digit", *(pytest.param(d, marks=pytest.mark.catalogue(
    reason="two builds more; the whole suite builds over a FIFO and a digit changed in every entry, and heals "
           "each kind of entry from a folder and a sparse file in its place (issue #49)"))
    for d in ("folder", "sparse-4gb"))])
def test_a_build_over_damaged_entries_writes_the_clean_bytes(clean_build: tuple[Path, dict[str, str]],
                                                            damage: str) -> None:
    """Every entry of the cache (solved, layout, page, and the guide and puzzles, read in worker processes)
    damaged the same way: the build writes the clean build's bytes and says each entry in one line."""
    base, clean_site = clean_build
    with copied(base) as cache:
        count = every_entry({**REPLACED, "digit": one_digit}[damage])(cache)
        done = vizgen_build(cache, cache.parent / "site")
        lines = done.stderr.splitlines()
        assert done.returncode == 0 and len(lines) == count == 5, done.stderr
        assert all(line.startswith("vizgen: warning: discarded the cache entry ") for line in lines), lines
        assert {Path(line.split()[6]).parent.name for line in lines} == {"solved", "layout", "page", "guide",
                                                                         "puzzles"}
        assert digest(cache.parent / "site") == clean_site
        again = vizgen_build(cache, cache.parent / "again")
        assert again.returncode == 0 and again.stderr == "" and digest(cache.parent / "again") == clean_site


# ---------------------------------------------------------------------------
# the hostile campaign's cache faults (benchmarks/hostile.py --cache runs them all): each kind once, the faults
# dealt round
# ---------------------------------------------------------------------------

ROUND = [CacheCase(kind, list(CACHE_FAULTS)[k % len(CACHE_FAULTS)]) for k, kind in enumerate(CACHE_KINDS)]


@pytest.fixture(scope="module")
def campaign(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    return clean_cache(tmp_path_factory.mktemp("campaign"))


@pytest.mark.slow
@pytest.mark.catalogue(reason="a build with the report pages, cold (the max^n report: 40 CPU s) and then once a "
                               "kind of entry (a minute more for max^n's); the whole suite heals each kind of entry "
                               "as the build reads it, and builds over every entry of a site damaged (issue #49)")
@pytest.mark.parametrize("case", [pytest.param(c, id=c.id) for c in ROUND])
def test_a_build_heals_each_kind_of_entry(campaign: tuple[Path, dict[str, str]], case: CacheCase,
                                         tmp_path: Path) -> None:
    outcome, why = run_cache_case(case, campaign, tmp_path)
    assert why is None, f"{why} ({outcome.seconds:.1f} s, {outcome.rss_mb:.0f} MB)"
