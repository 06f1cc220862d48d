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
/* The move among `moves` (annotated: dst, best) that an optimal player takes: the highest key(dst) among
   the optimal ones, ties to the smallest notation. */
function optimal(model, moves, key) {
  var pick = null, top = -Infinity;
  moves.forEach(function (m) {
    if (!m.best) return;
    var v = key ? key(m.dst) : 0;
    if (pick === null || v > top || (v === top && model.name(m.dst) < model.name(pick))) {
      pick = m.dst;
      top = v;
    }
  });
  return pick === null ? -1 : pick;
}

function random(g, d) {
  var kids = [];
  d.moves.forEach(function (m) { if (kids.indexOf(m.dst) < 0) kids.push(m.dst); });
  return g.randomChild(kids);
}

/* The opponents of this page's model: {kind: function (game, detail) -> position}, in the order offered. */
function create(model) {
  var out = {};
  if (model.opponents) {
    model.opponents.forEach(function (f, k) {
      out[f.name.replace(/_move$/, "")] = function (g, d) { return d.opponents[k]; };
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
