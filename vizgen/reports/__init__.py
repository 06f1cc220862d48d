"""Figures over many variants: the family in figures (:mod:`.family`), the published claims checked
(:mod:`.claims`, data in ``claims.toml``) and max^n against the exact solution (:mod:`.maxn`)."""
