"""Never delete what is not ours: folders named like a build's leftovers, the current folder, ``~``.

A build removes ``.site-tmp-PID`` and ``.site-old-PID`` folders of dead
processes only when they carry the site's marker; a user's folders of those
names, with or without a site beside them, survive builds, interrupted builds
and killed builds with every file intact.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.builds import DRIVER, digest, env
from vizgen.site.build import build_site
from vizgen.site.output import outdir
from vizgen.site.output.outdir import MARKER, BuildError, check_out, leftovers, prepare, swap_in

ROOT = Path(__file__).resolve().parents[1]
DEAD = 999_999_999  # no such process


def user_folders(parent: Path, name: str = "site") -> dict[Path, dict[str, str]]:
    """A user's folders named like leftovers of dead builds, with files in them: path -> digest."""
    made = {}
    for kind in ("tmp", "old"):
        folder = parent / f".{name}-{kind}-{DEAD - (kind == 'old')}"
        (folder / "notes").mkdir(parents=True)
        (folder / "notes" / "thesis.txt").write_text(f"years of work ({kind})\n")
        (folder / "index.html").write_text("<p>my own page</p>\n")
        made[folder] = digest(folder)
    return made


def intact(made: dict[Path, dict[str, str]]) -> None:
    for folder, before in made.items():
        assert folder.is_dir() and digest(folder) == before, f"{folder.name} was touched"


def test_leftovers_are_only_folders_that_carry_the_marker(tmp_path: Path) -> None:
    made = user_folders(tmp_path)
    ours = tmp_path / f".site-tmp-{DEAD - 5}"
    outdir.write_files(ours, {MARKER: outdir.marker({})})
    link = tmp_path / f".site-old-{DEAD - 6}"
    link.symlink_to(ours, target_is_directory=True)  # a link is never ours, even to a marked folder
    assert leftovers(tmp_path / "site") == [ours]
    intact(made)


@pytest.mark.parametrize("site_there", [True, False])
def test_prepare_and_swap_keep_a_users_folders(tmp_path: Path, site_there: bool) -> None:
    made = user_folders(tmp_path)
    out = tmp_path / "site"
    if site_there:
        outdir.write_files(out, {MARKER: outdir.marker({})})
    tmp = prepare(out)  # with no site, the user's .site-old-N must not be "restored" as the site
    assert (tmp / MARKER).is_file(), "the temporary folder carries the marker from the start"
    assert out.exists() == site_there
    (tmp / "index.html").write_text("new")
    swap_in(tmp, out)
    assert (out / "index.html").read_text() == "new"
    intact(made)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*(p.name for p in made), "site"])


def test_an_empty_output_folder_is_replaced_without_a_trace(tmp_path: Path) -> None:
    out = tmp_path / "site"
    out.mkdir()
    tmp = prepare(check_out(out))
    swap_in(tmp, out)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"] and (out / MARKER).is_file()


@pytest.mark.parametrize("out", [".", "..", "./", "sub/..", "{cwd}", "{parent}"])
def test_the_current_folder_or_one_holding_it_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         out: str) -> None:
    here = tmp_path / "empty"
    here.mkdir()
    (here / "sub").mkdir()
    monkeypatch.chdir(here)
    with pytest.raises(BuildError, match="holds the current folder"):
        check_out(out.format(cwd=here, parent=tmp_path))


@pytest.mark.slow(reason="starts python -m vizgen (0.6 CPU s); out of the fast lane: issue #49")
def test_out_dot_in_an_empty_folder_is_one_line_and_leaves_the_folder(tmp_path: Path) -> None:
    here = tmp_path / "empty"
    here.mkdir()
    inode = here.stat().st_ino
    run = subprocess.run([sys.executable, "-m", "vizgen", "build", "--variant", "standard", "--out", "."], cwd=here,
                         capture_output=True, text=True, env=env(VIZGEN_CACHE=str(tmp_path / "cache")), timeout=120)
    assert run.returncode == 2 and run.stderr.count("\n") == 1 and "holds the current folder" in run.stderr
    assert here.stat().st_ino == inode and list(here.iterdir()) == []
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty"], "nothing was written beside it either"


def test_a_leading_tilde_is_the_home_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    home = tmp_path / "home"
    (home / "papers").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.chdir(tmp_path)
    assert check_out("~/site") == home / "site"
    with pytest.raises(BuildError, match="not built by vizgen"):
        check_out("~")  # the home folder, not a new folder named '~'
    assert not (tmp_path / "~").exists()


@pytest.mark.slow
def test_builds_leave_a_users_folders_alone(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    made = user_folders(tmp_path)  # no site yet: the .site-old-N folder must not become the site
    build_site(["standard"], tmp_path / "site", cache_dir=cache, progress=False)
    build_site(["standard"], tmp_path / "site", cache_dir=cache, progress=False)  # over an existing site
    intact(made)
    assert (tmp_path / "site" / MARKER).is_file()


@pytest.mark.slow
@pytest.mark.parametrize(("point", "how"), [("write", "kill"), ("swap", "kill"), ("write", "int")])
def test_interrupted_and_killed_builds_leave_a_users_folders_alone(tmp_path: Path, point: str, how: str) -> None:
    cache, out = tmp_path / "cache", tmp_path / "site"
    build_site(["standard"], out, cache_dir=cache, progress=False)
    made = user_folders(tmp_path)
    run = subprocess.run([sys.executable, "-c", DRIVER, point, how, str(out), str(cache)], env=env(),
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == (-signal.SIGKILL if how == "kill" else 130), run.stderr
    intact(made)
    build_site(["standard"], out, cache_dir=cache, progress=False)  # the next build clears only its own leftovers
    intact(made)
    names = sorted(p.name for p in tmp_path.iterdir() if p.name != "cache")
    assert names == sorted([*(p.name for p in made), "site"])
    assert os.listdir(out)
