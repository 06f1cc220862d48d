"""The words of a game played on the site (vizgen/site/static/js/play*.js), re-exported by :mod:`vizgen.analysis.words`.

``{n}`` counts plies to the end with best play, ``{k}`` is a player's number in turn order from 1.

Examples
--------
>>> PLAY["seat"].format(name="Perfect player", k=2)
'Perfect player (player 2)'
"""

from __future__ import annotations

__all__ = ["PLAY"]

#: the words of a game played on the site: a game's value for you (``{n}`` plies to the end with best play,
#: ``{k}`` a player's number in turn order from 1), the players you can face and what the game panel says
PLAY = {
    "value-win": "you can force a win in {n} {ply|plies}",
    "value-loss": "you lose in {n} {ply|plies} against best play",
    "value-draw": "a draw with best play",
    "value-open": "no one can force a win",
    "value-other": "player {k} can force a win in {n} {ply|plies}",
    "value-won": "you won",
    "value-lost": "you lost",
    "value-other-won": "player {k} won",
    "you": "you",
    "perfect": "perfect player",
    "tricky": "tricky perfect player",
    "maxn": "max^n, depth {n}",
    "random": "random player",
    "player": "player {k}",
    "your-turn": "Your move: choose one in the table or click a position next to this one in the graph.",
    "your-turn-table": "Your move: choose one in the table.",
    "veil": ("The graph is covered during a challenge: where a position sits in it tells its value. It comes back "
             "when the game ends, or with a hint."),
    "map-veil": ("The value map is covered during a challenge: its colours are the values. It comes back when the "
                 "game ends, or with a hint."),
    "thinking": "Player {k} ({name}) is choosing…",
    "played": "{name} played",
    "elsewhere": "You are looking at another position; the game is at",
    "illegal": "The game record stops at ply {n}: “{move}” is not a move from {from}.",
    "bad-record": "The game record in the address could not be read: {why}.",
    "seat": "{name} (player {k})",
    "new-challenge": "New challenge",
    "new-analysis": "New game with analysis",
    "challenge": "Challenge: every value stays hidden until the game ends, unless you ask for a hint.",
    "hint": "Hint",
    "hint-title": "Show the values of this position (the review counts it)",
    "hinted": "Hint taken: the values of this position are shown.",
    "analysis": "Show the analysis",
    "analysis-title": "Show every value from now on (the review counts it as hints)",
    "won-you": "You won.",
    "won-other": "{name} (player {k}) won.",
    "share-you": "You share the draw.",
    "share-out": "You were out: a loss.",
    "reviewing": ("Ply {k} of {n}. Use ← and → (or the chart and the moves) to walk the game; End returns to "
                  "its last ply."),
    "play-on": "Play on from here",
    "start-kept": ("This is the start of the game: the browser's Back stays on the page while a game is on "
                   "(Quit leaves it)."),
    "review": "Review",
    "hints": "hints",
    "turning": "{was} until ply {k}, when {who} played {said}.",
    "steady": "Your value never changed: {was} from the first ply to the last.",
    "was-win": "You could force a win",
    "was-draw": "A draw with best play",
    "was-open": "No one could force a win",
    "was-loss": "You were losing",
    "steady-watched": "Player {k}'s value never changed: {was} from the first ply to the last.",
    "was-win-watched": "Player {k} could force a win",
    "was-loss-watched": "Player {k} was losing",
    "invite": "Can you beat the perfect player?",
    "copy-game": "Copy link to this game",
    "copy-position": "Copy link to this position",
    "copied": "Link copied.",
}

