"""The words of a game played on the site (vizgen/site/static/js/play*.js), re-exported by :mod:`vizgen.analysis.words`.

``{n}`` counts plies to the end with best play, ``{k}`` is a player's number in turn order from 1.

Examples
--------
>>> PLAY["seat"].format(name="Perfect player", k=2)
'Perfect player (player 2)'
>>> say_move(Move.parse("1>2"))
'your 1 strikes their 2'
"""

from __future__ import annotations

from vizgen.engine.notation import Hands, Move, fmt_value

__all__ = ["MOVE_WORDS", "NOTATION", "PLAY", "say_move"]

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
    # a finished game nobody won (a repetition, the ply cap): two players drew; with more, the players still in
    # share the draw
    "value-drawn": "a draw: the game is over",
    "value-ended": "over: no one won",
    # the value-history chart's axis, by value class (``-n``: the middle line with three or more players)
    "chart-win": "win", "chart-draw": "draw", "chart-draw-n": "open", "chart-loss": "loss",
    "you": "you",
    "perfect": "perfect player",
    "tricky": "tricky perfect player",
    "maxn": "max-n player, depth {n}",
    "random": "random player",
    "player": "player {k}",
    "your-turn": "Your move: tap your hands, choose a move in the table or click a position next to this one in "
                 "the graph.",
    "your-turn-table": "Your move: tap your hands or choose a move in the table.",
    # the keys of a move, listed beside the board (the focus is on your first hand when it is your move)
    "keys": "Keys: Enter chooses your hand, Enter again strikes the hand lit first (Tab to another); j or ↓ "
            "steps into the moves, Enter plays one; ← and → walk the game; Backspace takes back.",
    "veil": ("The graph is covered while a game hides its values (a challenge, or people playing each other): "
             "where a position sits in it tells its value. It comes back when the game ends, or with a hint."),
    "map-veil": ("The value map is covered while a game hides its values (a challenge, or people playing each "
                 "other): its colours are the values. It comes back when the game ends, or with a hint."),
    "thinking": "Player {k} ({name}) is choosing…",
    "played": "{name} played",
    "elsewhere": "You are looking at another position; the game is at",
    "illegal": "The game record stops at ply {n}: “{move}” is not a move from {from}.",
    "bad-record": "The game record in the address could not be read: {why}.",
    "fresh": "Start a fresh game",
    "seat": "{name} (player {k})",
    "new-challenge": "Challenge",
    "new-analysis": "Coached play",
    "challenge-says": "no value, mark or colour until the game ends; then the review shows them all.",
    "coached-says": "each of your moves is marked as you go, and every value shows.",
    "mode-challenge": "Challenge: every value stays hidden until the game ends.",
    "mode-coached": "Coached play: each of your moves is marked as you go.",
    "challenge": "Challenge: every value stays hidden until the game ends, unless you ask for a hint.",
    "hint": "Hint",
    "hint-title": "Show the values of this position (the review counts it)",
    # the evaluation bar (issue #48 item 8): the position's value for the player to move, the verdict's short words
    "evalbar": "{name} to move: {verdict}",
    "hinted": "Hint taken: the values of this position are shown.",
    "analysis": "Show the analysis",
    "analysis-title": "Show every value from now on (the review counts it as hints)",
    "won-you": "You won.",
    "won-other": "Player {k}, the {name}, has won.",
    "share-you": "You share the draw.",
    "share-out": "You were out: a loss.",
    "reviewing": ("Ply {k} of {n}. Use ← and → (or the chart and the moves) to walk the game; End returns to "
                  "its last ply."),
    "play-on": "Play on from here",
    "start-kept": ("This is the start of the game: the browser's Back stays on the page while a game is on "
                   "(Quit leaves it)."),
    "review": "Review",
    "hints": "hints",
    "turning": "{was} until ply {k}, when {who} moved: {said}.",
    "slipped": "{was} all game, but at ply {k} {who} moved: {said}.",
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
    "more": "More",
    "players": "Players",
    "board-label": "Moves on the hands",
    "board-pick": "Tap one of your hands, then the hand it strikes; tap your two hands to split.",
    "board-target": "Now tap a lit hand: another player's to strike it, your other one to split.",
    "board-choose": "Choose one:",
    "board-cancel": "Let go",
    "board-strike": "strike",
    "board-split": "split",
    "play-again": "Play again",
    "play-again-swapped": "Play again, sides swapped",
    "play-again-moved": "Play again, each player one seat on",
    "card": "Your result",
    "card-download": "Download the picture",
    "card-won": "I beat {against} on {variant} in {n} {ply|plies}.",
    "card-lost": "I lost to {against} on {variant} after {n} {ply|plies}.",
    "card-draw": "I held the draw for {n} {ply|plies} against {against} on {variant}.",
    "card-out": "I was forced out by {against} on {variant} at ply {k}; the game ended at ply {n}.",
    "card-shared": "I was still in after {n} {ply|plies} against {against} on {variant}.",
    "card-challenge": "Played as a challenge: no values shown during the game.",
    "card-chart": "My value after each ply: above the line a win, on it a draw, below it a loss.",
    "card-hints": "Hints taken: {h}.",
    "card-site": "The Chopsticks atlas",
    "the": "the {name}",
    "and": " and ",
    # people: on one device (pass and play), by link, or a game played on the hands entered to be reviewed
    "person": "person",
    "person-seat": "Player {k}",
    "people": "With people",
    "new-pass": "Pass and play",
    "pass-says": "everyone takes turns on this device; the values stay hidden unless you ask, and the review "
                 "marks every player's moves.",
    "new-link": "Play by link",
    "link-says": "after each move, send the link to the next player: they open it, move and send it back. A link "
                 "names the player it was sent to, so each page lets only its own player move: honesty between "
                 "friends, not security (anyone can edit a link).",
    "new-enter": "Analyse a game",
    "enter-says": "enter a game played on your hands, every side's moves, from the position shown; then Review "
                  "marks every move.",
    "mode-pass": "Pass and play: hand the device to whoever moves next; the values stay hidden until the end.",
    "mode-link": "A game by link: each player moves on their own device.",
    "mode-analyse": "Entering a game played on the hands: tap each side's move in turn, then Review.",
    "mode-review": "The review of the game entered: every move is marked; you can enter more moves.",
    "person-turn": "{name}'s move: tap the hands or choose a move in the table.",
    "link-send": "Send this link to {name}:",
    "link-copy": "Copy link",
    "link-share": "Share",
    "link-share-text": "Your move in our game of Chopsticks",
    "link-share-end-text": "The end of our game of Chopsticks",
    "link-send-end": "Send this link to {name} so their page shows the end:",
    "link-local": ("A game by link needs the site on the web: this page is a file on this computer (file://), "
                   "which a friend's device cannot open. Open the game from the published site; pass and play "
                   "works here."),
    "won-link": "You won (you are player {k}).",
    "lost-link": "{name} has won: you lost (you are player {k}).",
    "see-review": "See the review",
    "link-waiting": "Waiting for {name}: they open your link and move, then send it back.",
    "link-opened": "This game came by link: {n} {ply|plies} checked against the rules, every move legal.",
    "review-now": "Review",
    "review-title": "Review the game entered so far: the marks, the turning point and the chart",
    "you-out": "You are out: your turns pass on their own while the others play on.",
    "person-out": "{name} is out: the turn passes on its own.",
    "skip": "Skip to the end",
    "won-person": "{name} has won.",
    "tally": "{name}: {marks}.",
    # a player's accuracy in the review (issue #48 item 8, docs/FRONTEND.md "The evaluation bar and accuracy"): of
    # their own moves ({n}), how many kept the best result the position allowed ({kept}: a best move or an
    # inaccuracy, the marks that keep the value), and that share
    "accuracy": "{name}: {kept} of {n} {move|moves} kept the best result ({share}).",
    "tally-clean": "no inaccuracy, mistake or blunder",
    "tally-inaccuracy": "{n} {inaccuracy|inaccuracies}",
    "tally-mistake": "{n} {mistake|mistakes}",
    "tally-blunder": "{n} {blunder|blunders}",
    "card-rules": "the rules {spec}",
    # a game pasted in (issue #48 item 6, play/import.js): the box, and why a paste is not a game, in one line
    "import": "Import a game",
    "import-says": ("Paste the moves of a game from the start, one a line or separated by commas, as vizgen show "
                    "--then reads them (1>1, 13 -> 22, flip 1, swap, pass), or the link of a game on this page. "
                    "It opens in review, as a game entered on the hands."),
    "import-label": "The game's moves or its link",
    "import-go": "Review this game",
    "import-empty": "Paste a game first: its moves or its link.",
    "import-long": "That is too long for a game: at most {max} characters ({n} pasted).",
    "import-plies": "That is too long for a game: at most {max} plies ({n} pasted).",
    "import-link": "That link holds no game of this page: {why}.",
    "import-no-record": "it has no play=… record",
    "import-unreadable": "its game record cannot be read",
    "import-from": "“{from}” is not a position a game reaches",
    "import-not-move": ("Ply {n}: “{move}” is not a move: write 1>2, 1>2@2, 1>1@me, 13 -> 22, flip 1, add 1, swap, "
                        "logan, switch or pass."),
    "import-illegal": "Ply {n}: “{move}” is not a legal move from {from}.",
    "import-over": "Ply {n}: “{move}” comes after the end of the game, at {from}.",
}


#: a move in words, from the mover's side, as the move table (on hover and focus) and the board say it
#: (vizgen/site/static/js/board.js's say fills the same templates): {a} the moving hand, {b} the struck one,
#: {who} the struck player, {before} and {after} a split's hands; one template per kind of move
MOVE_WORDS = {
    "attack": "your {a} strikes {who} {b}",
    "attack-dead": "your {a} strikes {who} dead hand",
    "attack-own": "your {a} strikes your other hand, a {b}",
    "gain": "your {a} touches {who} {b} and takes its fingers",
    "gain-own": "your {a} touches your other hand, a {b}, and takes its fingers",
    "split": "you share your fingers out again: {before} become {after}",
    "flip": "you flip your {a}",
    "add": "you add a finger to your {a}",
    "swap": "you swap your hands (a pass)",
    "pass": "you pass",
    "logan": "you swap your live hand with a dead one (a pass)",
    "switch": "you move your lone finger to your other hand (once a game)",
    # the struck player, counted from you: with two players "their"
    "their": "their",
    "next": "the next player's",
    "previous": "the previous player's",
    "seats-on": "the player {k} seats on's",
    "and": " and ",
}


def _who(seat: int, players: int) -> str:
    """The struck player's possessive, counted from the mover."""
    if players == 2:
        return MOVE_WORDS["their"]
    if seat == 1:
        return MOVE_WORDS["next"]
    if seat == players - 1:
        return MOVE_WORDS["previous"]
    return MOVE_WORDS["seats-on"].replace("{k}", str(seat))


def _listed(hands: Hands) -> str:
    return MOVE_WORDS["and"].join(fmt_value(v) for v in hands)


def say_move(move: Move) -> str:
    """A move in words, from the mover's side (:data:`MOVE_WORDS`).

    Examples
    --------
    >>> say_move(Move.parse("13 -> 22"))
    'you share your fingers out again: 1 and 3 become 2 and 2'
    >>> say_move(Move.parse("1>0@2", players=4)), say_move(Move.parse("1>3@me", players=3))
    ("your 1 strikes the player 2 seats on's dead hand", 'your 1 strikes your other hand, a 3')
    >>> say_move(Move.parse("~1>h@1", players=3)), say_move(Move.parse("logan"))
    ("your −1 strikes the next player's ½", 'you swap your live hand with a dead one (a pass)')
    """
    kind = move.kind
    if kind in ("attack", "gain"):
        key = kind + ("-own" if move.seat == 0 else "-dead" if kind == "attack" and move.target == 0 else "")
        return (MOVE_WORDS[key].replace("{who}", _who(move.seat, move.players))
                .replace("{a}", fmt_value(move.hand)).replace("{b}", fmt_value(move.target)))
    if kind == "split":
        return MOVE_WORDS["split"].replace("{before}", _listed(move.before)).replace("{after}", _listed(move.after))
    return MOVE_WORDS[kind].replace("{a}", fmt_value(move.hand))


#: how to read positions and moves, once, where they appear: by the moves of every variant's panel (with the
#: example position drawn as hands) and in the index's "How to read a position"
NOTATION = {
    "summary": "How to read positions and moves",
    "example": "12-11",
    "parts": [["12", "the player to move: hands of 1 and 2 fingers"], ["11", "the next player: 1 and 1"]],
    "lines": [
        ["12-11", "every player's hands, the player to move first, players separated by a dash; the order of "
                  "a player's hands does not matter (12 is 21)"],
        ["1>2", "your hand of 1 strikes their hand of 2; with more players @1 names the next player, @2 the one "
                "after, and @me your own other hand"],
        ["13 -> 22", "a split: you share your fingers out again, here 1 and 3 become 2 and 2"],
        ["flip 1 · add 3", "a house rule's move on one of your hands: flip it, or add a finger to it"],
        ["swap · pass · logan · switch", "a house rule's move that changes no number: each reads in words when "
                                         "you point at it"],
        ["½ · −2", "half a finger (stumps) and a negative hand (signed hands)"],
        ["11:3 · 01:u · 12:s1", "what a player keeps: lives left, the one-point switch used, own swaps in a row"],
        ["12-11/s1", "swaps played in a row just before this position"],
    ],
}
