"""Play a move of the practice page on its hands, as a person does: tap your hand, then the hand it strikes (or
your other hand to split), then, where several moves meet there, the one offered under the hands. The move list
(a folded hint) is never pressed."""

from __future__ import annotations

#: the move to ``to`` at the position on the board, read by the board's own notation reader (core/board.js parse):
#: its kind, your hand and the target hand as the hands' buttons write them, the struck seat and the notation
_MOVE = """(to) => {
  const app = VZ.practiceView.state();
  const s = app.mode === "goals" ? app.goal.state : app.cur.state;
  const node = (app.mode === "goals" ? s.table : s.nodes)[s.at];
  const m = node.m.find((x) => x.to === to);
  const mv = VZ.board.parse(m.move, node.h.length, false);
  return { kind: mv.kind, hand: VZ.board.written(mv.hand), target: VZ.board.written(mv.target), seat: mv.seat,
           name: m.move };
}"""

#: what changes when a move is played: the puzzle's or the goal's status, moves and position
_KEY = """() => {
  const app = VZ.practiceView.state();
  const c = app.mode === "goals" ? app.goal : app.cur;
  if (!c) return "none";
  const s = c.state;
  return [c.id || "", s.status, s.at, (s.played || s.marks).length].join(" ");
}"""


def play_on_hands(tab: object, to: str) -> None:
    """Play the move to position ``to`` on the board's hands (taps only, no move-list button)."""
    mv = tab.evaluate(_MOVE, to)
    before = tab.evaluate(_KEY)
    board = "#panel .board"
    kind = mv["kind"]
    if kind in ("attack", "gain"):
        tab.locator(f'{board} .hand-btn[data-seat="0"][data-value="{mv["hand"]}"]').first.click()
        target = f'{board} .hand-btn[data-seat="{mv["seat"]}"][data-value="{mv["target"]}"]'
        tab.locator(target + (":not(.chosen)" if mv["seat"] == 0 else "")).first.click()
    elif kind == "split":
        tab.locator(f'{board} .hand-btn[data-seat="0"][data-hand="0"]').click()
        tab.locator(f'{board} .hand-btn[data-seat="0"][data-hand="1"]').click()
    elif kind in ("flip", "add"):
        tab.locator(f'{board} .hand-btn[data-seat="0"][data-value="{mv["hand"]}"]').first.click()
    if tab.evaluate(_KEY) == before:  # several moves meet there (or a move of the whole player): the one offered
        tab.locator(f"{board} .board-move").filter(has=tab.locator("code", has_text=mv["name"])).filter(
            has_text=mv["name"]).first.click()
    assert tab.evaluate(_KEY) != before, f"the move {mv['name']} to {to} was not played on the hands"
