"""Computer players: depth-limited max^n over the whole graph (:mod:`.maxn`) or one position by memoised
search (:mod:`.search`); the perfect player and seeded games between players (:mod:`.games`)."""
