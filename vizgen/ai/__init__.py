"""Computer players: one interface (:mod:`.players`: the random player among them); depth-limited max^n over the
whole graph (:mod:`.maxn`) or one position by memoised search (:mod:`.search`); the tricky perfect player
(:mod:`.tricky`); the perfect player, the one game loop and tournaments (:mod:`.games`)."""
