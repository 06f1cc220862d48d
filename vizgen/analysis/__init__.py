"""What the solution means: a solved variant (:mod:`.solved`), the figures of ``stats`` and ``show``
(:mod:`.figures`), how a value reads in words (:mod:`.words`), which band of the picture a position
belongs to (:mod:`.bands`) and solved variants kept in the cache (:mod:`.stored`)."""
