/* vizgen hands: the players of a position as pictures of hands, and a finished game in words.
 *
 * The words come from vizgen/analysis/words.py: HANDS (what a picture says to a screen reader), OVER (the
 * tags) and, per seat counted from the player to move, its name and the words of a game it has won
 * (words.seat_words, in the page's configuration as `seats`).
 */
(function (VZ) {
  "use strict";

  var esc = VZ.util.esc;
  // finger slots (x, top when raised): index, middle, ring, little; the thumb is fifth
  var SLOTS = [[14, 9], [20.5, 5.5], [27, 8], [33.5, 13]];

  /* The fingers and palm of one drawn hand with k (0..5) fingers raised, shifted right by dx. */
  function handParts(k, mirror, dx) {
    var parts = k >= 5
      ? '<rect class="finger" x="7" y="25" width="7.5" height="22" rx="3.75" transform="rotate(-24 10.75 46)"/>'
      : '<rect class="finger fold" x="5" y="36" width="11" height="8.5" rx="4.25"/>';
    for (var j = 0; j < 4; j++) {
      var s = SLOTS[j];
      parts += j < k
        ? '<rect class="finger" x="' + s[0] + '" y="' + s[1] + '" width="6" height="' + (34 - s[1]) + '" rx="3"/>'
        : '<rect class="finger fold" x="' + s[0] + '" y="23" width="6" height="11" rx="3"/>';
    }
    parts += '<rect class="palm" x="11" y="28" width="30" height="28" rx="10"/>';
    var t = "translate(" + dx + " 0)" + (mirror ? " translate(46 0) scale(-1 1)" : "");
    return '<g transform="' + t + '">' + parts + "</g>";
  }

  /* One hand as a picture: v fingers raised (counting from the index finger, the thumb fifth). Above five
     the hand is drawn as several hands of five and the rest, side by side, with the number under them;
     a dead hand is a fist (grey, or plain when emptying your hands wins: empty). */
  function handSvg(words, v, mirror, empty) {
    var H = words.hands;
    var label = v ? (v === 1 ? H.finger : VZ.util.fill(H.fingers, { n: v })) : empty ? H.empty : H.dead;
    var cls = "hand" + (v ? "" : empty ? " empty" : " dead");
    if (v <= 5) {
      return '<svg class="' + cls + '" viewBox="0 0 46 62" role="img" aria-label="' + esc(label) + '">' +
        handParts(v, mirror, 0) + '<text class="count" x="' + (mirror ? 20 : 26) + '" y="47.5">' + v + "</text></svg>";
    }
    var units = Math.ceil(v / 5);
    var w = 40 * units + 6;
    var parts = '<rect class="group" x="0.5" y="0.5" width="' + (w - 1) + '" height="79" rx="9"/>';
    for (var u = 0; u < units; u++) parts += handParts(Math.min(5, v - 5 * u), false, 40 * u);
    return '<svg class="' + cls + ' many" viewBox="0 0 ' + w + ' 80" style="width:' + (w * 0.78).toFixed(1) +
      'px" role="img" aria-label="' + esc(label) + '">' + parts +
      '<text class="total" x="' + w / 2 + '" y="76">' + v + "</text></svg>";
  }

  /* The players and their hands. winner: the seat that has won, or -1 while the game goes on. A player
     with no live hand is the winner when they have won (self-gain, misère), out otherwise. */
  function playersHtml(app, hands, winner) {
    var O = app.W.over;
    var out = '<div class="players">';
    for (var s = 0; s < hands.length; s++) {
      var h = hands[s];
      var empty = h.every(function (v) { return v === 0; });
      var won = s === winner;
      var tag = won ? '<span class="tag won">' + esc(O["tag-won"]) + "</span>"
        : empty ? '<span class="tag out">' + esc(O["tag-out"]) + "</span>" : "";
      var you = s === 0 && hands.length > 2 ? ' <span class="tag you">' + esc(O["tag-you"]) + "</span>" : "";
      out +=
        '<div class="player' + (s === 0 ? " mover" : "") + (won ? " winner" : empty ? " eliminated" : "") + '">' +
        '<div class="who">' + esc(app.seats.names[s]) + you + (tag ? " " + tag : "") + "</div>" +
        '<div class="hands">' + h.map(function (v, j) {
          return handSvg(app.W, v, j % 2 === 0 && h.length > 1, won);
        }).join("") + "</div></div>";
    }
    return out + "</div>";
  }

  /* A finished game in words: who won, and why when the winner emptied their hands. */
  function overHtml(app, hands, winner) {
    var O = app.W.over;
    var emptied = hands[winner].every(function (v) { return v === 0; });
    return '<p class="game-over" role="note"><b>' + esc(app.seats.won[winner]) + "</b> " +
      esc(emptied ? O.emptied : O.last) + "</p>";
  }

  VZ.hands = { svg: handSvg, players: playersHtml, over: overHtml };
})(globalThis.VZ = globalThis.VZ || {});
