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

__version__ = "0.1.0"
