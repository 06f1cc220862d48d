"""Build the compiled kernel, ``vizgen.engine._kernel`` (Cython, threads by OpenMP); the rest is in pyproject.toml.

``_kernel.pyx`` includes its retrograde loops (``_kernel_retrograde.pxi``), the cluster engine's
(``_kernel_ranges.pxi``), the tricky player's trap figure (``_kernel_trap.pxi``) and the judge's chain of two
players (``_kernel_chain.pxi``): one compiled module, five files of source.

The kernel is compiled at ``-O3``. ``VIZGEN_KERNEL_OPT`` (0 to 3) sets another level: ``tests/test_packaging.py``
builds its wheel at 0 (what the wheel carries, and that it installs and runs, do not depend on the level; the
compile takes 4 CPU s instead of 33). Anything else is refused in one line, exit code 2, before any work.
"""

import os
import sys

#: the environment variable that sets the kernel's optimisation level, and the levels it may say
OPT_ENV, LEVELS = "VIZGEN_KERNEL_OPT", ("0", "1", "2", "3")
LEVEL = os.environ.get(OPT_ENV, "3")
if LEVEL not in LEVELS:
    print(f"setup.py: error: {OPT_ENV} is {LEVEL[:40]!r}: give one of {', '.join(LEVELS)} (the default is 3)",
          file=sys.stderr)
    sys.exit(2)

from Cython.Build import cythonize  # noqa: E402 (after the check: a refusal does no work)
from setuptools import Extension, setup  # noqa: E402

OPENMP = ["-fopenmp"]

setup(ext_modules=cythonize(
    [Extension("vizgen.engine._kernel", ["vizgen/engine/_kernel.pyx"], extra_compile_args=[f"-O{LEVEL}", *OPENMP],
               extra_link_args=OPENMP)],
))
