"""The engine: the rules, every reachable position, and the exact solution.

:mod:`.params` (parameter sets, their checks and size) -> :mod:`.variants` (the registry) ->
:mod:`.variant_file` and :mod:`.spec` (TOML files, spec strings) ->
:mod:`.notation` (``Position`` and ``Move`` values and their text) ->
:mod:`.kernel` and :mod:`.retrograde` (the compiled kernel over position codes) ->
:mod:`.rules` (the rules as lookup tables; ``legal_moves``) ->
:mod:`.graph` (enumeration, the size check) ->
:mod:`.solve` (forced wins with remoteness, survival) and :mod:`.random_play` (random-play odds).
"""
