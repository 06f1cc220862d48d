/* vizgen facts: how both page models read a position's facts from the wire, in the words of the page.
 *
 * A model (model.js for small pages, codemodel.js for code pages) provides fact(i, name), the value of a
 * wire field at position i (vizgen/site/render/wire.py), and W, the words (vizgen/analysis/words.py);
 * Facts, the class both extend, gives it everything else the pages ask: the verdict's class and words, who has won, the
 * remoteness, the panel's column values, and each move's meaning for the player choosing it, read from the
 * position the move leads to. Nothing here works a value out: each is looked up and put in words.
 */
import { contract } from "../core/contract.js";
import * as util from "../core/util.js";

/** @typedef {import("./interfaces.js").Column} Column */
/** @typedef {import("./interfaces.js").Words} Words */
/** @typedef {import("./interfaces.js").FieldSpec} FieldSpec */
/** @typedef {import("../core/contract.js").Contract["verdicts"][number]} Verdict */
/** @typedef {{ dst: number, names: string[] }} Link  a move before it is annotated */
/** @typedef {import("./interfaces.js").Move} Move */

/** @param {string} t @param {number} n @param {number} k @returns {string} */
var fill = function (t, n, k) { return util.fill(t, { n: n, k: k }); };

/** What both page models read from the wire: a model gives fact(i, name); the rest is here. */
class Facts {
  /**
   * @param {Words} words
   * @param {ReadonlyArray<Column>} columns the panel's columns
   * @param {ReadonlyArray<FieldSpec>} fields the wire's fields
   */
  constructor(words, columns, fields) {
    this.W = words;
    this.columns = columns;
    this.fields = fields;
    this.wired = new Set(fields.map(function (f) { return f.name; }));
  }
  /**
   * The value of wire field `name` at position i (-1: none); each model reads its own blocks.
   * @param {number} i
   * @param {string} name
   * @returns {number}
   */
  fact(i, name) {
    throw new Error("no facts for " + i + " " + name);
  }
  /** The verdict of position i for the player to move (an entry of words.VERDICTS).
   @param {number} i @returns {Verdict} */
  verdictOf(i) {
    return contract.verdicts[this.fact(i, "verdict")];
  }
  /** Its colour class: win, draw or loss.
   @param {number} i @returns {import("../core/contract.js").Contract["verdicts"][number]["cls"]} */
  cls(i) {
    return this.verdictOf(i).cls;
  }
  /** +1 win, 0 draw or open, -1 loss, for the player to move.
   @param {number} i @returns {number} */
  value(i) {
    return contract.classes[this.cls(i)].value;
  }
  /** @param {number} i @returns {boolean} */
  over(i) {
    return this.verdictOf(i).over;
  }
  /** The seat (from the player to move) that can force a win or has won; -1 none.
   @param {number} i @returns {number} */
  winner(i) {
    return this.fact(i, "winner");
  }
  /** Plies to the end with best play where a seat can force a win, else -1.
   @param {number} i @returns {number} */
  remoteness(i) {
    return this.winner(i) >= 0 ? this.fact(i, "verdict_n") : -1;
  }
  /** The value of position i in words, for the player to move.
   @param {number} i @returns {string} */
  words(i) {
    return fill(this.verdictOf(i).long, this.fact(i, "verdict_n"), this.winner(i));
  }
  /** A short form for tables and tooltips.
   @param {number} i @returns {string} */
  short(i) {
    return fill(this.verdictOf(i).short, this.fact(i, "verdict_n"), this.winner(i));
  }
  /** The panel's column values of position i: facts from the wire, the others from `rest` in order.
   @param {number} i @param {ReadonlyArray<number | null>} rest @returns {Array<number | null>} */
  values(i, rest) {
    var that = this, j = 0;
    return this.columns.map(function (c) {
      if (!that.wired.has(c.name)) return rest[j++];
      var v = that.fact(i, c.name);
      return c.missing !== null && c.missing !== undefined && v === c.missing ? null : v;
    });
  }
  /** Give each move [{dst, names}] what it means for the player choosing it (choice, n, k: an entry of
     words.CHOICES and its {n} and {k}) and whether it is optimal (best: its target has the highest move
     score among the targets), all read from its target.
     @param {Link[]} links @returns {Move[]} */
  annotate(links) {
    var that = this, top = -Infinity;
    links.forEach(function (m) { top = Math.max(top, that.fact(m.dst, "score")); });
    var moves = /** @type {Move[]} */ (links);
    moves.forEach(function (m) {
      m.choice = that.fact(m.dst, "choice");
      m.n = that.fact(m.dst, "choice_n");
      m.k = that.fact(m.dst, "choice_k");
      m.best = that.fact(m.dst, "score") === top;
    });
    return moves;
  }
}

export { Facts };
