"""The site's marker proves the folder is a built site, by content (as git and rsync prove a folder their own).

A build replaces its ``--out`` folder only when the marker is the last build's record of the files it wrote and
the folder holds those files alone, unchanged; anything else is one line, exit code 2, the folder intact.
``--force`` replaces a marked folder whatever it holds; a folder without a marker is never replaced.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.builds import digest, env
from vizgen.site.build import build_site
from vizgen.site.output import outdir
from vizgen.site.output.outdir import MARKER, BuildError, check_out, leftovers, marker, strangers, write_files

SMALL = "standard:r=3"

names = st.text(alphabet="abcxyz", min_size=1, max_size=4)
paths = st.lists(names, min_size=1, max_size=3).map("/".join)
sites = st.dictionaries(paths, st.binary(max_size=20), max_size=6).filter(
    lambda files: not any(a != b and b.startswith(a + "/") for a in files for b in files))  # a file is no folder


def site_of(folder: Path, files: dict[str, bytes]) -> None:
    write_files(folder, {**files, MARKER: marker(files)})


def build(out: Path, cache: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "vizgen", "build", "--variant", SMALL, "--out", str(out), "--quiet",
                           *extra], capture_output=True, text=True, env=env(VIZGEN_CACHE=str(cache)), timeout=300)


@pytest.mark.slow(reason="builds a site (0.4 CPU s); out of the fast lane: issue #49")
@given(files=sites, extra=paths, data=st.binary(max_size=5))
def test_a_site_is_its_records_files_and_any_other_file_is_named(tmp_path_factory: pytest.TempPathFactory,
                                                                 files: dict[str, bytes], extra: str,
                                                                 data: bytes) -> None:
    folder = tmp_path_factory.mktemp("site")
    site_of(folder, files)
    assert strangers(folder) == [] and check_out(folder) == folder.resolve()
    target = folder / extra
    if extra in files:  # a file the build wrote, changed: the site's, not a leftover's
        target.write_bytes(files[extra] + b"!")
        assert strangers(folder) == [extra] and strangers(folder, unchanged=False) == []
    elif not target.exists() and all(not extra.startswith(k + "/") for k in files):
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        found = strangers(folder)
        assert found is not None and len(found) == 1 and (extra + "/").startswith(found[0])
        assert strangers(folder, unchanged=False) == found
        with pytest.raises(BuildError, match=r"did not write: '"):
            check_out(folder)
        assert check_out(folder, force=True) == folder.resolve()


@settings(deadline=None)  # it writes files: a loaded machine took 258 ms over Hypothesis's 200
@given(files=sites)
def test_a_marker_edited_or_of_another_site_proves_nothing(tmp_path_factory: pytest.TempPathFactory,
                                                           files: dict[str, bytes]) -> None:
    folder = tmp_path_factory.mktemp("site")
    site_of(folder, files)
    record = (folder / MARKER).read_bytes()
    assert record == marker(dict(reversed(files.items()))), "the same files give the same bytes"
    (folder / MARKER).write_bytes(record.replace(b'"files"', b'"files" ', 1).replace(b"[", b"[1", 1))
    assert strangers(folder) is None or not files


@pytest.mark.slow(reason="builds a site twice (0.7 CPU s); out of the fast lane: issue #49")
def test_the_issues_case_keeps_precious_txt(tmp_path: Path) -> None:
    d = tmp_path / "d"
    d.mkdir()
    (d / "precious.txt").write_text("keep\n")
    (d / MARKER).write_text("not really\n")
    run = build(d, tmp_path / "cache")
    assert run.returncode == 2 and run.stderr.count("\n") == 1, run.stderr
    assert "'precious.txt'" in run.stderr and "--force" in run.stderr and "--out" in run.stderr
    assert (d / "precious.txt").read_text() == "keep\n" and sorted(p.name for p in tmp_path.iterdir()) == ["d"]


def test_a_folder_without_a_marker_is_never_replaced_not_even_with_force(tmp_path: Path) -> None:
    (tmp_path / "d").mkdir()
    (tmp_path / "d" / "thesis.txt").write_text("years of work")
    with pytest.raises(BuildError, match="was not built by vizgen"):
        check_out(tmp_path / "d", force=True)


def test_refusals_name_three_files_and_say_there_are_more(tmp_path: Path) -> None:
    site_of(tmp_path, {"index.html": b"x"})
    for name in ("a.txt", "b.txt", "c.txt", "d.txt"):
        (tmp_path / name).write_text(name)
    with pytest.raises(BuildError) as info:
        check_out(tmp_path)
    said = str(info.value)
    assert "'a.txt', 'b.txt', 'c.txt' and more" in said and "d.txt" not in said and "\n" not in said


def test_a_site_built_before_markers_listed_files_gets_a_clear_line(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("old site")
    (tmp_path / MARKER).write_bytes(outdir.OLD_MARKER_TEXT)
    with pytest.raises(BuildError, match=r"built by an older vizgen.*'index\.html'.*--force"):
        check_out(tmp_path)
    assert check_out(tmp_path, force=True) == tmp_path.resolve()
    assert (tmp_path / "index.html").read_text() == "old site"


def test_leftovers_with_a_stray_marker_or_a_users_file_stay(tmp_path: Path) -> None:
    stray = tmp_path / ".site-tmp-999999999"
    write_files(stray, {MARKER: b"not really", "precious.txt": b"keep"})
    added = tmp_path / ".site-old-999999998"
    site_of(added, {"index.html": b"x"})
    (added / "precious.txt").write_text("keep")
    halfway = tmp_path / ".site-tmp-999999997"  # killed while writing: a file listed, written halfway
    write_files(halfway, {MARKER: marker({"index.html": b"the whole page"}), "index.html": b"the wh"})
    assert leftovers(tmp_path / "site") == [halfway]


@pytest.mark.slow
def test_rebuilds_refuse_added_and_changed_files_and_force_keeps_nothing(tmp_path: Path) -> None:
    out, cache = tmp_path / "site", tmp_path / "cache"
    build_site([SMALL], out, cache_dir=cache, progress=False)
    before = digest(out)
    build_site([SMALL], out, cache_dir=cache, progress=False)  # a site nobody touched is rebuilt
    assert digest(out) == before
    (out / "notes.txt").write_text("mine")
    run = build(out, cache)
    assert run.returncode == 2 and "'notes.txt'" in run.stderr and run.stderr.count("\n") == 1, run.stderr
    assert (out / "notes.txt").read_text() == "mine"
    (out / "notes.txt").unlink()
    (out / "index.html").write_text("edited")
    run = build(out, cache)
    assert run.returncode == 2 and "'index.html'" in run.stderr, run.stderr
    assert build(out, cache, "--force").returncode == 0
    assert digest(out) == before, "--force keeps nothing: the site is the build's again"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache", "site"]


def test_a_file_added_while_the_build_runs_is_kept(tmp_path: Path) -> None:
    out = tmp_path / "site"
    site_of(out, {"index.html": b"x"})
    tmp = outdir.prepare(check_out(out))
    (out / "late.txt").write_text("mine")
    with pytest.raises(BuildError, match=r"'late\.txt'"):
        outdir.swap_in(tmp, out)
    assert (out / "late.txt").read_text() == "mine"
