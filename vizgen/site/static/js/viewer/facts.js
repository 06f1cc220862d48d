/* vizgen facts: how both page models read a position's facts from the wire, in the words of the page.
 *
 * A model (model.js for small pages, codemodel.js for code pages) provides fact(i, name), the value of a
 * wire field at position i (vizgen/site/render/wire.py), and W, the words (vizgen/analysis/words.py);
 * install() gives it everything else the pages ask: the verdict's class and words, who has won, the
 * remoteness, the panel's column values, and each move's meaning for the player choosing it, read from the
 * position the move leads to. Nothing here works a value out: each is looked up and put in words.
 */
import { contract } from "../core/contract.js";
import * as util from "../core/util.js";

var fill = function (t, n, k) { return util.fill(t, { n: n, k: k }); };

function install(proto) {
  /* The verdict of position i for the player to move (an entry of words.VERDICTS). */
  proto.verdictOf = function (i) {
    return contract.verdicts[this.fact(i, "verdict")];
  };
  /* Its colour class: win, draw or loss. */
  proto.cls = function (i) {
    return this.verdictOf(i).cls;
  };
  /* +1 win, 0 draw or open, -1 loss, for the player to move. */
  proto.value = function (i) {
    return contract.classes[this.cls(i)].value;
  };
  proto.over = function (i) {
    return this.verdictOf(i).over;
  };
  /* The seat (from the player to move) that can force a win or has won; -1 none. */
  proto.winner = function (i) {
    return this.fact(i, "winner");
  };
  /* Plies to the end with best play where a seat can force a win, else -1. */
  proto.remoteness = function (i) {
    return this.winner(i) >= 0 ? this.fact(i, "verdict_n") : -1;
  };
  /* The value of position i in words, for the player to move. */
  proto.words = function (i) {
    return fill(this.verdictOf(i).long, this.fact(i, "verdict_n"), this.winner(i));
  };
  /* A short form for tables and tooltips. */
  proto.short = function (i) {
    return fill(this.verdictOf(i).short, this.fact(i, "verdict_n"), this.winner(i));
  };
  /* The panel's column values of position i: facts from the wire, the others from `rest` in order. */
  proto.values = function (i, rest) {
    var self = this, j = 0;
    return this.columns.map(function (c) {
      if (!self.wired.has(c.name)) return rest[j++];
      var v = self.fact(i, c.name);
      return c.missing !== null && c.missing !== undefined && v === c.missing ? null : v;
    });
  };
  /* Give each move [{dst, names}] what it means for the player choosing it (choice, n, k: an entry of
     words.CHOICES and its {n} and {k}) and whether it is optimal (best: its target has the highest move
     score among the targets), all read from its target. */
  proto.annotate = function (moves) {
    var self = this, top = -Infinity;
    moves.forEach(function (m) { top = Math.max(top, self.fact(m.dst, "score")); });
    moves.forEach(function (m) {
      m.choice = self.fact(m.dst, "choice");
      m.n = self.fact(m.dst, "choice_n");
      m.k = self.fact(m.dst, "choice_k");
      m.best = self.fact(m.dst, "score") === top;
    });
    return moves;
  };
}

export { install };
