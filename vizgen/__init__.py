"""vizgen: the Chopsticks atlas.

Every variant of the hand game Chopsticks enumerated, solved exactly and drawn
as a static site. The package is in rooms by layer, each importing only those
before it:

``util -> engine -> analysis -> ai -> reports -> site -> cli``

- :mod:`vizgen.util`: text for people, worker processes, size limits, the cache;
- :mod:`vizgen.engine`: variants, notation, the compiled kernel, rules, the state graph, the solvers;
- :mod:`vizgen.analysis`: a solved variant, the figures of ``stats`` and ``show``, words, bands;
- :mod:`vizgen.ai`: max^n, the perfect player, games between players;
- :mod:`vizgen.reports`: the family in figures, the published claims, the max^n report;
- :mod:`vizgen.site`: theme, node tables, layouts, pages, the build, the preview server;
- :mod:`vizgen.cli`: ``python -m vizgen``.
"""

from pathlib import Path

__version__ = "0.1.0"


def templates_folder() -> Path:
    """The page templates: the repository's top-level ``templates/`` folder.

    An installed package carries it as ``vizgen/templates/`` (pyproject.toml maps the folder into the package
    as package data); a checkout, or an editable install, reads it beside the package.

    Examples
    --------
    >>> (templates_folder() / "base.html").is_file()
    True
    """
    shipped = Path(__file__).parent / "templates"
    return shipped if shipped.is_dir() else Path(__file__).parent.parent / "templates"
