"""Build the compiled kernel, ``vizgen.engine._kernel`` (Cython, threads by OpenMP); the rest is in pyproject.toml.

``_kernel.pyx`` includes its retrograde loops (``_kernel_retrograde.pxi``), the cluster engine's
(``_kernel_ranges.pxi``), the tricky player's trap figure (``_kernel_trap.pxi``) and the judge's chain of two
players (``_kernel_chain.pxi``): one compiled module, five files of source.
"""

from Cython.Build import cythonize
from setuptools import Extension, setup

OPENMP = ["-fopenmp"]

setup(ext_modules=cythonize(
    [Extension("vizgen.engine._kernel", ["vizgen/engine/_kernel.pyx"], extra_compile_args=["-O3", *OPENMP],
               extra_link_args=OPENMP)],
))
