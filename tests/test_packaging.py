"""Packaging: the wheel pip builds of the checkout carries the templates, the assets, the kernel and the types;
installed into a fresh virtual environment (what `pip install .` does), it works from any folder and a type
checker reads its annotations."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

#: seconds each: out of the fast lane, in CI; one worker builds the wheel (the kernel compiled once) for both tests
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("packaging")]

ROOT = Path(__file__).resolve().parents[1]
#: the kernel's optimisation level for the tests' wheel (setup.py's ``VIZGEN_KERNEL_OPT``; a user's is -O3): the
#: wheel is pip's real one, its kernel compiled, and what it carries and that it installs and runs do not depend on
#: the level; -O0 compiles in 4 CPU s instead of 33 (issue #49)
TEST_LEVEL = "0"


def run(*args: str, cwd: Path, **env: str) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(list(args), capture_output=True, text=True, cwd=cwd, timeout=600,
                            env={**os.environ, **env})
    assert result.returncode == 0, result.stdout + result.stderr
    return result


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The wheel ``pip`` builds from the checkout, as ``pip install .`` builds it before installing it (its kernel
    compiled at :data:`TEST_LEVEL`, with its debug information whatever this interpreter's flags: it names the
    compiler's options)."""
    folder = tmp_path_factory.mktemp("wheel")
    run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(folder),
        str(ROOT), cwd=folder, VIZGEN_KERNEL_OPT=TEST_LEVEL, CFLAGS=f"{os.environ.get('CFLAGS', '')} -g")
    (made,) = folder.glob("vizgen-*.whl")
    return made


def test_wheel_carries_templates_and_assets(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    templates = sorted(p.name for p in (ROOT / "templates").glob("*.html"))
    assert len(templates) >= 7  # the top-level templates/ folder, shipped inside the package
    assert sorted(n.removeprefix("vizgen/templates/") for n in names if n.startswith("vizgen/templates/")) == templates
    assert not any(n.startswith("templates/") for n in names), "no top-level package named templates"
    assert any(n.startswith("vizgen/site/static/") for n in names)
    assert "vizgen/site/static/bundles/variant.js" in names, "the browser's scripts, bundled (npm run bundle)"
    assert not any(n.startswith("vizgen/site/static/js/") for n in names), "the modules are bundled, not shipped"
    assert {"vizgen/reports/claims.toml", "vizgen/reports/recorded.toml"} <= set(names)  # the data files
    assert any(n.startswith("vizgen/engine/_kernel.") and n.endswith(".so") for n in names), "the compiled kernel"
    assert {"vizgen/py.typed", "vizgen/engine/_kernel.pyi"} <= set(names), "typed (PEP 561), the kernel by its stub"
    assert not any(n.startswith("tests/") for n in names)


def test_the_wheels_kernel_is_compiled_at_the_level_asked(wheel: Path) -> None:
    """setup.py's ``VIZGEN_KERNEL_OPT`` reaches the compiler: the kernel's debug information names the options it
    was compiled with, the level asked for last (the one the compiler follows)."""
    archive = zipfile.ZipFile(wheel)
    (kernel,) = (n for n in archive.namelist() if n.startswith("vizgen/engine/_kernel.") and n.endswith(".so"))
    producers = re.findall(rb"GNU C[^\0]* -O\d[^\0]*", archive.read(kernel))
    assert producers, "the compiler's options are in the kernel's debug information"
    assert all(re.findall(rb" -O(\d)", p)[-1] == TEST_LEVEL.encode() for p in producers), producers


@pytest.mark.parametrize("level", ["4", "fast", "", "3 -march=native"])
def test_setup_refuses_a_level_it_does_not_know_before_any_work(level: str) -> None:
    refused = subprocess.run([sys.executable, str(ROOT / "setup.py"), "--version"], capture_output=True, text=True,
                             cwd=ROOT, timeout=60, env={**os.environ, "VIZGEN_KERNEL_OPT": level})
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr.count("\n") == 1 and "VIZGEN_KERNEL_OPT" in refused.stderr, refused.stderr
    assert "give one of 0, 1, 2, 3" in refused.stderr


def _venv_seeing_these_packages(venv: Path, cwd: Path) -> str:
    """A fresh virtual environment that also sees the packages of the running interpreter, whatever it is.

    ``--system-site-packages`` would show the *base* interpreter's packages, not those of the
    virtual environment the tests run in (where Cython and numpy usually are): a ``.pth`` file
    adds this interpreter's own package folders instead (after the new environment's own, and
    without running their ``.pth`` files, so the checkout's editable install stays out).
    """
    run(sys.executable, "-m", "venv", str(venv), cwd=cwd)
    python = str(venv / "bin" / "python")
    own = run(python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])", cwd=cwd).stdout.strip()
    ours = sorted({sysconfig.get_paths()[key] for key in ("purelib", "platlib")})
    (Path(own) / "_tests_parent_packages.pth").write_text("\n".join(ours) + "\n")
    return python


@pytest.fixture(scope="module")
def installed(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    """A fresh virtual environment with the wheel installed (one for the module's tests: a venv and an install
    cost seconds each): its interpreter and folder. The dependencies come from this environment; vizgen itself is
    a real copy, from the wheel pip builds of the checkout (what ``pip install .`` does, without compiling the
    kernel a second time)."""
    home = tmp_path_factory.mktemp("installed")
    python = _venv_seeing_these_packages(home / "venv", home)
    run(python, "-m", "pip", "install", "-q", "--no-deps", str(wheel), cwd=home)
    return python, home / "venv"


def test_plain_install_in_a_fresh_venv_runs_from_elsewhere(installed: tuple[str, Path], tmp_path: Path) -> None:
    python, venv = installed
    where = run(python, "-c", "import vizgen; print(vizgen.__file__); print(vizgen.templates_folder())",
                cwd=tmp_path).stdout.split("\n")
    assert str(venv) in where[0], "the installed copy is used, not the checkout"
    assert where[1] == str(Path(where[0]).parent / "templates"), "the installed package's own templates"
    assert "204 reachable" in run(python, "-m", "vizgen", "stats", "standard", cwd=tmp_path).stdout
    run(python, "-m", "vizgen", "build", "--quiet", "--variant", "standard:r=3", "--out", "out", cwd=tmp_path)
    assert (tmp_path / "out" / "index.html").is_file()
    assert (tmp_path / "out" / "variants" / "standard-r3.html").is_file()


def test_a_type_checker_reads_the_installed_packages_types(installed: tuple[str, Path], tmp_path: Path) -> None:
    # py.typed and the kernel's stub: mypy, run on a caller of the installed copy, sees vizgen's signatures
    # (without them it skips the package and every name is Any)
    python, _ = installed
    (tmp_path / "caller.py").write_text("from vizgen.engine import _kernel, kernel\n"
                                        "reveal_type(kernel.compact)\n"
                                        "reveal_type(_kernel.enumerate_space)\n")
    shown = run(python, "-m", "mypy", "--strict", "caller.py", cwd=tmp_path).stdout
    assert 'Revealed type is "def (mask: numpy.ndarray[' in shown, shown
    # the stub's dtypes: depth int32 first (mypy 1 writes builtins.int, mypy 2 int)
    signature = (r"def \(start: (builtins\.)?int, space: (builtins\.)?int, tables: vizgen\.engine\._kernel\.Tables\) "
                 r"-> tuple\[numpy\.ndarray\[[^]]*\], numpy\.dtype\[numpy\.signedinteger\[[\w.]*_32Bit\]")
    assert re.search(signature, shown), shown
