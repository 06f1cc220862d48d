"""The engine: the rules, every reachable position, and the exact solution.

:mod:`.variants` (parameter sets, the registry, spec strings, TOML files) ->
:mod:`.notation` (``Position`` and ``Move`` values and their text) ->
:mod:`.kernel` and :mod:`.retrograde` (the compiled kernel over position codes) ->
:mod:`.rules` (the rules as lookup tables; ``legal_moves``) ->
:mod:`.graph` (enumeration, the size check) ->
:mod:`.solve` (forced wins with remoteness, survival) and :mod:`.random_play` (random-play odds).
"""
