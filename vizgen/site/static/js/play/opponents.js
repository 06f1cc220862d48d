/* vizgen opponents: the computer players a game can face on a page, each a function (game, detail) giving
 * the position it moves to from the detail's position.
 *
 * A small or big page ships every computer opponent's move per position (a detail's `opponents`, named in
 * nodes.js: the perfect and the tricky perfect player, max^n at each depth). A code page (five and six
 * players) ships no moves: there the perfect player takes, among the optimal moves (the targets with the
 * highest move score, facts.js), the one whose notation sorts first, as vizgen.ai.games.perfect_player
 * does; the tricky perfect player, where the page's facts carry the trap figure, the optimal move to the
 * highest figure, ties to the smallest notation (vizgen.ai.tricky.tricky_player). The random player draws
 * among the distinct resulting positions with the game's seeded generator, everywhere.
 */
/** @typedef {import("./review.js").Move} Move */
/** @typedef {import("./game.js").Game} Game */
/** A position's detail as the opponents read it: its moves, and where the page ships them, each computer opponent's move. @typedef {{ moves: Move[], opponents?: number[] }} Detail */
/** A computer player: the position it moves to from the detail's. @typedef {(game: Game, detail: Detail) => number} Opponent */
/**
 * What the opponents ask of the page's model: the names of positions, and either the opponents' move functions
 * (named `<kind>_move`, one per detail's `opponents`) or the facts (wired names, fact(pos, name)).
 * @typedef {object} OpponentModel
 * @property {(id: number) => string} name
 * @property {ReadonlyArray<{ name: string }>} [opponents]
 * @property {{ has: (name: string) => boolean }} wired
 * @property {(id: number, name: string) => number} fact
 */
/* The move among `moves` (annotated: dst, best) that an optimal player takes: the highest key(dst) among
   the optimal ones, ties to the smallest notation. */
/**
 * @param {{ name: (id: number) => string }} model @param {ReadonlyArray<Move>} moves
 * @param {(id: number) => number} [key] @returns {number}
 */
function optimal(model, moves, key) {
  var pick = -1, top = -Infinity;
  moves.forEach(function (m) {
    if (!m.best) return;
    var v = key ? key(m.dst) : 0;
    if (pick === -1 || v > top || (v === top && model.name(m.dst) < model.name(pick))) {
      pick = m.dst;
      top = v;
    }
  });
  return pick;
}

/** @type {Opponent} */
function random(g, d) {
  /** @type {number[]} */
  var kids = [];
  d.moves.forEach(function (m) { if (kids.indexOf(m.dst) < 0) kids.push(m.dst); });
  return g.randomChild(kids);
}

/* The opponents of this page's model: {kind: function (game, detail) -> position}, in the order offered. */
/** @param {OpponentModel} model @returns {Record<string, Opponent>} */
function create(model) {
  /** @type {Record<string, Opponent>} */
  var out = {};
  if (model.opponents) {
    model.opponents.forEach(function (f, k) {
      out[f.name.replace(/_move$/, "")] = function (g, d) { return d.opponents ? d.opponents[k] : -1; };
    });
  } else {
    out.perfect = function (g, d) { return optimal(model, d.moves); };
    if (model.wired.has("trap")) {
      out.tricky = function (g, d) {
        return optimal(model, d.moves, function (i) { return model.fact(i, "trap"); });
      };
    }
  }
  out.random = random;
  return out;
}

export { create, optimal };
