"""The cache: entries that cannot be read heal with one warning line; writes are atomic and unique per process."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from vizgen import cli
from vizgen.analysis.figures import stats
from vizgen.analysis.solved import Solved, solve_variant
from vizgen.analysis.stored import CODE as SOLVED_CODE
from vizgen.analysis.stored import from_entry, solve_stored, to_entry
from vizgen.engine.spec import resolve
from vizgen.reports import family
from vizgen.reports.claims import claims_report
from vizgen.site import build
from vizgen.site.drawing.layout import layout_all
from vizgen.util.cache import MAGIC, Cache, Entry, code_version

ROOT = Path(__file__).resolve().parents[1]


class Lines:
    """Collects the cache's warning lines."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def __call__(self, line: str) -> None:
        self.lines.append(line)


def only(folder: Path) -> Path:
    (path,) = [p for p in folder.rglob("*") if p.is_file()]
    return path


def truncate(path: Path) -> None:
    path.write_bytes(path.read_bytes()[: path.stat().st_size // 2])


def empty(path: Path) -> None:
    path.write_bytes(b"")


def garbage(path: Path) -> None:
    path.write_bytes(b"PK\x03\x04 not a cache entry at all")


#: where an entry's header begins: after the magic line and the checksum line
HEADER = len(MAGIC) + 65


def seal(path: Path, rest: bytes) -> None:
    """Write an entry whose bytes after the checksum line are ``rest``, with their right checksum: a well-formed
    entry whose content is wrong, which the checks after the checksum must catch."""
    path.write_bytes(MAGIC + hashlib.sha256(rest).hexdigest().encode() + b"\n" + rest)


def not_utf8(path: Path) -> None:
    raw = path.read_bytes()
    seal(path, raw[HEADER: HEADER + 2] + b"\xff\xfe" + raw[HEADER + 4:])


def bad_json(path: Path) -> None:
    raw = path.read_bytes()
    seal(path, b"{'kind': " + raw[HEADER + 9:])


def digit_changed(path: Path) -> None:
    """One digit of the header's data changed, the entry otherwise intact: only its checksum tells."""
    raw = bytearray(path.read_bytes())
    at = next(k for k in range(raw.index(b'"data"'), len(raw)) if raw[k:k + 1].isdigit())
    raw[at] = ord("0") + (raw[at] - ord("0") + 1) % 10
    path.write_bytes(bytes(raw))


def last_byte_flipped(path: Path) -> None:
    """The entry's last byte (of its last part) flipped."""
    raw = bytearray(path.read_bytes())
    raw[-1] ^= 0x01
    path.write_bytes(bytes(raw))


def too_long(path: Path) -> None:
    path.write_bytes(path.read_bytes() + b"\0" * 8)


DAMAGE: dict[str, Callable[[Path], None]] = {"truncated": truncate, "empty": empty, "garbage": garbage,
                                             "not-utf8": not_utf8, "bad-json": bad_json, "too-long": too_long,
                                             "digit-changed": digit_changed, "last-byte-flipped": last_byte_flipped}


def test_entries_round_trip(tmp_path: Path) -> None:
    cache = Cache(tmp_path)
    arrays = {"a": np.arange(10, dtype=np.int16).reshape(2, 5), "empty": np.zeros(0, np.float64),
              "b": np.array([1.5, -2.25])}
    cache.put("demo", {"x": [1, 2]}, "v1", Entry(data={"k": "é", "n": [1, None]}, arrays=arrays,
                                                   blobs={"file": b"\x00\xff"}))
    got = cache.get("demo", {"x": [1, 2]}, "v1")
    assert got is not None and got.data == {"k": "é", "n": [1, None]} and got.blobs == {"file": b"\x00\xff"}
    for name, array in arrays.items():
        assert got.arrays[name].dtype == array.dtype and (got.arrays[name] == array).all()
    assert cache.get("demo", {"x": [1, 3]}, "v1") is None  # other inputs: another entry
    assert [p.name for p in (tmp_path / "demo").iterdir()] == [only(tmp_path).name], "no temporary file left"


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_an_unreadable_entry_is_discarded_with_one_warning(tmp_path: Path, damage: str) -> None:
    warned = Lines()
    cache = Cache(tmp_path, warn=warned)
    cache.put("demo", "in", "v1", Entry(data={"k": 1}, arrays={"a": np.arange(1000)}))
    DAMAGE[damage](only(tmp_path))
    assert cache.get("demo", "in", "v1") is None
    assert len(warned.lines) == 1 and "discarded the cache entry" in warned.lines[0]
    assert not list((tmp_path / "demo").iterdir()), "the entry is gone"
    fixed = cache.fetch("demo", "in", "v1", lambda: Entry(data={"k": 2}))
    assert fixed.data == {"k": 2} and cache.get("demo", "in", "v1").data == {"k": 2} and len(warned.lines) == 1


def test_an_entry_of_another_version_is_discarded(tmp_path: Path) -> None:
    """One line says so, for the first entry of a kind: after an upgrade every entry is of another version."""
    warned = Lines()
    cache = Cache(tmp_path, warn=warned)
    for inputs in ("in", "other"):
        cache.put("demo", inputs, "0.1.0+old", Entry(data=1))
        assert cache.get("demo", inputs, "0.1.0+new") is None
        assert not cache.path("demo", inputs).exists()
    assert warned.lines == [f"vizgen: warning: discarded the cache entry {cache.path('demo', 'in')} (written by "
                            "version 0.1.0+old, not 0.1.0+new; other demo entries of other versions too, quietly); "
                            "computing it again"]


def test_writes_go_through_unique_temporary_names_and_litter_is_swept(tmp_path: Path) -> None:
    cache = Cache(tmp_path)
    cache.put("demo", "in", "v1", Entry(data=1))
    folder = tmp_path / "demo"
    name = only(tmp_path).name
    dead = folder / f".{name}.999999999-0123456789abcdef.tmp"  # left by a process that was killed
    alive = folder / f".{name}.{os.getpid()}-0123456789abcdef.tmp"  # being written right now
    dead.write_bytes(b"half")
    alive.write_bytes(b"half")
    Cache(tmp_path)
    assert not dead.exists() and alive.exists()


def test_code_version_follows_the_code(tmp_path: Path) -> None:
    assert code_version(*SOLVED_CODE) == code_version(*SOLVED_CODE) != code_version("util")
    assert code_version("util", packages=("numpy",)) != code_version("util", packages=("numpy", "scipy"))


# ---------------------------------------------------------------------------
# every kind of entry heals where it is used
# ---------------------------------------------------------------------------

def heal(tmp_path: Path, capsys: pytest.CaptureFixture[str], damage: Callable[[Path], None],
         use: Callable[[Cache], object]) -> None:
    """Fill a cache through ``use``, damage its one entry, use it again: one warning line, the same result."""
    first = use(Cache(tmp_path))
    path = only(tmp_path)
    damage(path)
    assert use(Cache(tmp_path)) == first
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "discarded the cache entry" in err and str(path) in err, err
    assert use(Cache(tmp_path)) == first and capsys.readouterr().err == "", "healed: read back quietly"


@pytest.mark.slow(reason="lays the variant out again with Graphviz, once a damage (5 CPU s)"
                           "; out of the fast lane: issue #49")
@pytest.mark.parametrize("damage", [truncate, empty, garbage, not_utf8, last_byte_flipped])
def test_a_layout_heals(tmp_path: Path, capsys: pytest.CaptureFixture[str], damage: Callable[[Path], None]) -> None:
    solved = solve_variant(resolve("standard:r=3"))

    def use(cache: Cache) -> tuple[bytes, bytes]:
        layout = layout_all([solved], cache)[0]
        return layout.x.tobytes() + layout.y.tobytes(), layout.svg

    heal(tmp_path, capsys, damage, use)


def edit_header(path: Path, change: Callable[[dict], None]) -> None:
    """Rewrite an entry's header: the entry stays well-formed (its checksum too), its content is what ``change``
    makes it."""
    raw = path.read_bytes()
    end = raw.index(b"\n", HEADER)
    header = json.loads(raw[HEADER:end])
    change(header)
    seal(path, json.dumps(header).encode() + b"\n" + raw[end + 1:])


def wrong_shapes(path: Path) -> None:
    """Damage: every array of the entry in one row (the same bytes, the wrong shape)."""
    def change(header: dict) -> None:
        for part in header["parts"]:
            if part[1] == "array":
                part[3] = [1, int(np.prod(part[3]))]

    edit_header(path, change)


@pytest.mark.slow(reason="lays the variant out again with Graphviz (1 CPU s); out of the fast lane: issue #49")
def test_a_layout_of_the_wrong_shape_heals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    solved = solve_variant(resolve("standard:r=3"))
    heal(tmp_path, capsys, wrong_shapes, lambda cache: layout_all([solved], cache)[0].svg)


def test_a_solved_variant_heals(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    variant = resolve("standard:players=3,r=3")

    def use(cache: Cache) -> str:
        solved = solve_stored(variant, cache)
        return hashlib.sha256(repr(stats(solved, "x")).encode() + solved.survival.out_in.tobytes()).hexdigest()

    heal(tmp_path, capsys, wrong_shapes, use)
    heal(tmp_path / "again", capsys, truncate, use)


@pytest.mark.parametrize("spec", ["standard", "standard:players=3,r=3", "standard:players=4,r=3"])
def test_a_solved_variant_comes_back_whole(spec: str) -> None:
    """Every field of Solved survives the cache, arrays equal and of the same type."""
    solved = solve_variant(resolve(spec))
    again = from_entry(solved.variant, to_entry(solved))
    for name in Solved.__dataclass_fields__:
        a, b = getattr(solved, name), getattr(again, name)
        assert (a is None) == (b is None), name
        if isinstance(a, np.ndarray):
            assert a.dtype == b.dtype and (a == b).all(), name
    assert again.graph.n == solved.graph.n and (again.graph.indices == solved.graph.indices).all()
    assert (again.forced.remoteness == solved.forced.remoteness).all()


def rewrite(data: object) -> Callable[[Path], None]:
    """Damage: the entry written again, well-formed, with this data in it (``{}``: an empty report)."""
    return lambda path: edit_header(path, lambda header: header.update(data=data))


@pytest.mark.parametrize("damage", [rewrite({}), rewrite([]), not_utf8, empty, digit_changed])
def test_the_max_n_report_heals(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                                damage: Callable[[Path], None]) -> None:
    report = {"paper": {}, "settings": {"depth": 4}, "branching": [], "quality": [], "tournament": [], "timing": [],
              "timing_measured": "here"}
    monkeypatch.setattr(build, "site_report", lambda: report)
    heal(tmp_path, capsys, damage, build.maxn_figures)


@pytest.mark.parametrize("damage", [rewrite({}), rewrite({"spec": "x", "estimate": 1, "stats": {}}), bad_json])
def test_the_family_figures_heal(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                 damage: Callable[[Path], None]) -> None:
    heal(tmp_path, capsys, damage, lambda cache: family.variant_figures("standard:r=3", cache=cache))


@pytest.mark.parametrize("damage", [rewrite({}), too_long, digit_changed])
def test_the_claims_report_heals(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                 damage: Callable[[Path], None]) -> None:
    heal(tmp_path, capsys, damage, lambda cache: claims_report(cache, ids=["3"]))


# ---------------------------------------------------------------------------
# builds sharing a cache; a cache beside the output, not in it
# ---------------------------------------------------------------------------

def digest(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def vizgen(*args: str, cache: Path, cwd: Path = ROOT) -> subprocess.Popen[str]:
    env = {**os.environ, "VIZGEN_CACHE": str(cache), "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "vizgen", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env, cwd=cwd)


@pytest.mark.slow(reason="four builds in processes, three of them at once (12 CPU s)")
def test_three_builds_sharing_a_cold_cache_all_succeed_with_the_same_bytes(tmp_path: Path) -> None:
    # three small variants (two players and three): the builds race for the same entries all the same, without
    # laying out r7's 748 positions three times over (issue #49)
    specs = ["--variant", "standard:r=3", "--variant", "standard:players=3,r=3", "--variant", "standard:r=4"]
    runs = [vizgen("build", *specs, "--quiet", "--out", str(tmp_path / f"site{k}"), cache=tmp_path / "cache")
            for k in range(3)]
    for run in runs:
        _, err = run.communicate(timeout=600)
        assert run.returncode == 0 and err == "", err
    sites = [digest(tmp_path / f"site{k}") for k in range(3)]
    assert sites[0] == sites[1] == sites[2] and len(sites[0]) > 10
    assert not list((tmp_path / "cache").rglob(".*.tmp")), "no temporary file left"
    warm = vizgen("build", *specs, "--quiet", "--out", str(tmp_path / "warm"), cache=tmp_path / "cache")
    assert warm.communicate(timeout=600)[1] == "" and digest(tmp_path / "warm") == sites[0]


@pytest.mark.parametrize("where", ["same", "inside", "holding"])
def test_a_cache_in_the_output_folder_is_refused(tmp_path: Path, where: str, monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "site"
    cache = {"same": out, "inside": out / "cache", "holding": tmp_path}[where]
    monkeypatch.setenv("VIZGEN_CACHE", str(cache))
    assert cli.main(["build", "--variant", "standard", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "keep them apart" in err and "$VIZGEN_CACHE" in err
    assert not out.exists() and sorted(p.name for p in tmp_path.iterdir()) == []
