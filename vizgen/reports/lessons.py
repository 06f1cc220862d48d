"""The guide's data (:func:`vizgen.reports.guide.guide`) in sentences, for the page and for ``vizgen guide``.

Every number in a sentence here is one of the guide's; nothing is computed again.
"""

from __future__ import annotations

from vizgen.analysis.words import percent, plies
from vizgen.reports.guide import Guide, GuideFigures

__all__ = ["OPPONENT_WORDS", "PLAYER_WORDS", "guide_lines", "result_text", "verdict_text"]

PLAYER_WORDS = {"rules": "Following the rules", "random": "The random player"}
"""Who a line of the rule follower's results is about."""
#: the verdict's sentences (:func:`verdict_text`; the rules page fills them in the browser too)
VERDICT_WORDS = {
    "draw": "With perfect play neither player can force a win from the start {start}: the game is a draw, and a "
            "player who keeps the draw never loses.",
    "win": "With perfect play the {who} player wins from the start {start}, in {plies} (a ply is one player's move).",
    "room": " Perfect play meets {met} positions with a move to make: at {room} of them more than one move keeps the "
            "value, at {forced} there is only one move, and at {narrow} exactly one move of several keeps it.",
    "must": " Over the whole game there are {total} positions where exactly one move keeps a win or a draw: the "
            "must-find moves below.",
    "none": " No position asks for one exact move: any move that keeps the value is as good as another.",
}
OPPONENT_WORDS = {"random": "the random player", "perfect": "the perfect player"}
"""Whom the rule follower and the random player play against, in words."""


def verdict_text(data: Guide) -> str:
    """The verdict in one paragraph.

    Examples
    --------
    >>> v = {"start": "11-11", "winner": 0, "plies": 11, "met": 11, "room": 7, "narrow": 2, "forced": 2}
    >>> verdict_text({"verdict": v, "must_find": []})[:90]
    'With perfect play the first player wins from the start 11-11, in 11 plies (a ply is one pl'
    """
    v = data["verdict"]
    if v["winner"] < 0:
        head = VERDICT_WORDS["draw"].format(start=v["start"])
    else:
        head = VERDICT_WORDS["win"].format(who="first" if v["winner"] == 0 else "second", start=v["start"],
                                           plies=plies(v["plies"]))
    room = VERDICT_WORDS["room"].format(**v)
    total = len(data["must_find"])
    tail = VERDICT_WORDS["must"].format(total=total) if total else VERDICT_WORDS["none"]
    if total:
        first = data["must_find"][0]
        tail += (f" The one to learn first: at {first['position']} ({first['value']}; practice games reach it "
                 f"{percent(first['reach'])} of the time) only {first['move']} keeps it.")
    return head + room + tail


def result_text(row: dict[str, int]) -> str:
    """Wins, draws and losses of a pairing, with the share of games not lost.

    Examples
    --------
    >>> result_text({"wins": 3, "draws": 1, "losses": 0, "games": 4})
    '3 won, 1 drawn, 0 lost of 4 games (100\\u202f% not lost)'
    """
    kept = (row["wins"] + row["draws"]) / row["games"]
    return (f"{row['wins']} won, {row['draws']} drawn, {row['losses']} lost of {row['games']} games "
            f"({percent(kept)} not lost)")


def guide_lines(data: GuideFigures, top: int = 10) -> list[str]:
    """The guide as lines of text for the terminal (the first ``top`` must-find moves, traps and lures).

    Examples
    --------
    >>> from vizgen.reports.guide import guide_figures
    >>> guide_lines(guide_figures("r2"))[0]
    'How to play it: Roll-over at 2 (r2)'
    """
    out = [f"How to play it: {data['title']} ({data['spec']})", "", verdict_text(data), ""]
    reach = data["reach"]
    out.append(f"Must-find moves: {len(data['must_find'])} positions where exactly one move keeps a win or a draw "
               f"(how often practice games reach each: {reach['games']} games for each pairing of "
               f"{', '.join(reach['players'])}):")
    for m in data["must_find"][:top]:
        others = "; ".join(f"{o['move']}: {o['means']}" for o in m["others"])
        out.append(f"  {m['position']} ({m['value']}, reached in {percent(m['reach'])} of games): only {m['move']} "
                   f"({m['means']}); {others}")
    out += ["", "Traps (moves that keep the draw and leave them the most losing replies):"]
    for t in data["traps"][:top]:
        out.append(f"  {t['position']} {t['move']}: {t['losing']} of their {t['replies']} replies "
                   f"{'loses' if t['losing'] == 1 else 'lose'} "
                   f"({percent(t['share'])}); depth-1 max^n {'falls in' if t['depth1_falls'] else 'does not'}; "
                   f"random players go wrong within two moves {percent(t['two_rounds'])}")
    out += ["", f"Moves that look good and lose ({len(data['lures'])}: max^n at depth 1 or 2 plays them):"]
    for lure in data["lures"][:top]:
        depths = " and ".join(str(d) for d in lure["depths"])
        out.append(f"  {lure['position']} ({lure['value']}): {lure['move']} {lure['mark']} ({lure['means']}), "
                   f"depth {depths}, reached in {percent(lure['reach'])}; {lure['better']} keeps it")
    out += ["", f"Rules of thumb (measured over the {data['rules_positions']} positions where a win or a draw can be "
            f"thrown away; a random move keeps it {percent(data['rules_base'])} of the time):"]
    for i, r in enumerate(data["rules"], 1):
        out.append(f"  {i}. {r['text']} Applies at {r['applies']} positions; its moves keep the value "
                   f"{percent(r['accuracy'])} of the time (a random move there: {percent(r['baseline'])}); "
                   f"the list so far: {percent(r['share_after'])}.")
    games = data["rule_games"]
    out += ["", f"From the start, {data['games']['per_seat']} games in each seat, seed {data['games']['seed']}:"]
    for player, name in PLAYER_WORDS.items():
        for opponent, against in OPPONENT_WORDS.items():
            out.append(f"  {name} against {against}: {result_text(games[f'{player}-{opponent}'])}")
    for line in data["lines"]:
        title = ("Longest forced win" if line["kind"] == "longest" else "The perfect game from the start")
        moves = " ".join(f"{s['position']} {s['move']}" for s in line["steps"] if s["move"])
        out += ["", f"{title}, from {line['from']} ({plies(line['plies'])}): {moves} {line['steps'][-1]['position']}"]
    return out
