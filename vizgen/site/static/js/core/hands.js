/* vizgen hands: the players of a position as pictures of hands, and a finished game in words.
 *
 * The words come from vizgen/analysis/words.py: HANDS (what a picture says to a screen reader, and what the
 * rules keep with a player: lives, a used switch, own swaps), OVER (the tags) and, per seat counted from the
 * player to move, its name and the words of a game it has won (words.seat_words, in the page's configuration
 * as `seats`). A half finger (stumps) is drawn as a short finger; a negative hand (signed hands) upside down.
 */
import { html } from "./html.js";
import { liveHands, written } from "./notation.js";
import { fill } from "./util.js";

/** @typedef {import("./html.js").Html} Html */
/** @typedef {Readonly<Record<string, string>>} WordTable  one table of the Python's words, by key */
/** @typedef {{ readonly hands: WordTable, readonly over: WordTable }} HandWords  the words a picture of hands says */
/** @typedef {{ lives: number, used: boolean, own: number }} SeatMark  what the rules keep with a player */
/**
 * What playersHtml draws besides the hands (board.js).
 * @typedef {object} PlayersOptions
 * @property {ReadonlyArray<string> | null} [names] per seat, in place of the page's seat names
 * @property {number} [human] the seat you play (-1: none)
 * @property {ReadonlyArray<SeatMark>} [marks] per seat what the rules keep
 * @property {boolean} [touch] the hands are buttons
 * @property {number | null} [chosen] your hand chosen
 * @property {Readonly<Record<string, Html>>} [lit] "seat/hand" -> what a target says
 * @property {Readonly<Record<string, boolean>>} [moving] "seat/hand" -> true: the hands of a move about to be played
 */
/** @typedef {{ readonly W: HandWords, readonly seats: { readonly names: ReadonlyArray<string>, readonly won: ReadonlyArray<string> } }} HandsApp */

// finger slots (x, top when raised): index, middle, ring, little; the thumb is fifth
var SLOTS = [[14, 9], [20.5, 5.5], [27, 8], [33.5, 13]];

/**
 * The fingers and palm of one drawn hand with k (0..5) fingers raised, shifted right by dx; half: the next
 * finger raised half way (a stump).
 * @param {number} k
 * @param {boolean} mirror
 * @param {number} dx
 * @param {boolean} half
 * @returns {Html}
 */
function handParts(k, mirror, dx, half) {
  var thumb = k >= 5
    ? html`<rect class="finger" x="7" y="25" width="7.5" height="22" rx="3.75" transform="rotate(-24 10.75 46)"/>`
    : half && k === 4
      ? html`<rect class="finger stump" x="7" y="35" width="7.5" height="12" rx="3.75" transform="rotate(-24 10.75 46)"/>`
      : html`<rect class="finger fold" x="5" y="36" width="11" height="8.5" rx="4.25"/>`;
  /** @type {Html[]} */
  var fingers = [];
  for (var j = 0; j < 4; j++) {
    var s = SLOTS[j];
    var top = (s[1] + 23) / 2;
    fingers.push(j < k
      ? html`<rect class="finger" x="${s[0]}" y="${s[1]}" width="6" height="${34 - s[1]}" rx="3"/>`
      : half && j === k
        ? html`<rect class="finger stump" x="${s[0]}" y="${top}" width="6" height="${34 - top}" rx="3"/>`
        : html`<rect class="finger fold" x="${s[0]}" y="23" width="6" height="11" rx="3"/>`);
  }
  var t = "translate(" + dx + " 0)" + (mirror ? " translate(46 0) scale(-1 1)" : "");
  return html`<g transform="${t}">${thumb}${fingers}<rect class="palm" x="11" y="28" width="30" height="28" rx="10"/></g>`;
}

/**
 * One hand as a picture: v fingers raised (counting from the index finger, the thumb fifth). Above five
 * the hand is drawn as several hands of five and the rest, side by side, with the number under them;
 * a dead hand is a fist (grey, or plain when emptying your hands wins: empty).
 * @param {{ readonly hands: WordTable }} words
 * @param {number} v
 * @param {boolean} mirror
 * @param {boolean} empty
 * @returns {Html}
 */
function handSvg(words, v, mirror, empty) {
  var H = words.hands;
  var text = written(v), a = Math.abs(v), k = Math.floor(a), half = a !== k;
  var label = v ? (v === 1 ? H.finger : fill(v < 0 ? H.negative : half ? H.half : H.fingers, { n: text.replace("−", "") }))
    : empty ? H.empty : H.dead;
  var cls = "hand" + (v ? "" : empty ? " empty" : " dead") + (v < 0 ? " negative" : "");
  if (a <= 5) {
    // a negative hand is held upside down; its number stays upright, with its minus sign
    var parts = handParts(k, mirror, 0, half);
    if (v < 0) parts = html`<g transform="rotate(180 23 31)">${parts}</g>`;
    return html`<svg class="${cls}" viewBox="0 0 46 62" role="img" aria-label="${label}">${parts}<text class="count${text.length > 2 ? " long" : ""}" x="${v < 0 ? 23 : mirror ? 20 : 26}" y="${v < 0 ? 25 : 47.5}">${text}</text></svg>`;
  }
  var units = Math.ceil(a / 5);
  var w = 40 * units + 6;
  /** @type {Html | Html[]} */
  var hands = [];
  for (var u = 0; u < units; u++) hands.push(handParts(Math.min(5, k - 5 * u), false, 40 * u, half && k - 5 * u < 5));
  if (v < 0) hands = html`<g transform="rotate(180 ${w / 2} 31)">${hands}</g>`;
  return html`<svg class="${cls} many" viewBox="0 0 ${w} 80" style="width:${(w * 0.78).toFixed(1)}px" role="img" aria-label="${label}"><rect class="group" x="0.5" y="0.5" width="${w - 1}" height="79" rx="9"/>${hands}<text class="total" x="${w / 2}" y="76">${text}</text></svg>`;
}

/**
 * What the rules keep with a player, as tags: lives left, the one-point switch used, own swaps in a row.
 * @param {WordTable} H
 * @param {SeatMark | undefined | null | false} m
 * @returns {Html}
 */
function keptHtml(H, m) {
  if (!m) return html``;
  return html`${m.lives ? html` <span class="tag lives">${fill(H.lives, { n: m.lives })}</span>` : ""}${m.used ? html` <span class="tag used">${H.used}</span>` : ""}${m.own ? html` <span class="tag own">${fill(H.own, { n: m.own })}</span>` : ""}`;
}

/**
 * The players and their hands. standing: per seat, "won" (the winner), "out" or "" (notation.js's standing, by the
 * rules: a player with no live hand is the winner when they have won, self-gain or misère, out otherwise). opts (board.js):
 * names (per seat, in place of the page's seat names), human (the seat you play, -1: none), marks (per seat
 * what the rules keep: lives, used, own), touch (the hands are buttons), chosen (your hand chosen), lit
 * ("seat/hand" -> what a target says), moving ("seat/hand" -> true: the hands of a move about to be played).
 * @param {HandsApp} app
 * @param {ReadonlyArray<ReadonlyArray<number>>} hands
 * @param {ReadonlyArray<import("./notation.js").Standing>} standing
 * @param {PlayersOptions} [opts]
 * @returns {Html}
 */
function playersHtml(app, hands, standing, opts) {
  var O = app.W.over, H = app.W.hands;
  var o = opts || {};
  var lit = o.lit || {}, moving = o.moving || {};
  /** @type {Html[]} */
  var rows = [];
  for (var s = 0; s < hands.length; s++) {
    var h = hands[s];
    var won = standing[s] === "won", out = standing[s] === "out";
    var tag = won ? html`<span class="tag won">${O["tag-won"]}</span>`
      : out ? html`<span class="tag out">${O["tag-out"]}</span>` : null;
    var named = o.names ? o.names[s] : app.seats.names[s];
    var you = s === 0 && hands.length > 2 && !o.names ? html` <span class="tag you">${O["tag-you"]}</span>` : "";
    var who = html`${named}${you}${keptHtml(H, o.marks && o.marks[s])}${tag ? html` ${tag}` : ""}`;
    var seat = s;
    var pics = h.map(function (v, j) {
      var pic = handSvg(app.W, v, j % 2 === 0 && h.length > 1, won);
      var key = seat + "/" + j;
      var cls = (lit[key] ? " target" : "") + (moving[key] ? " moving" : "");
      if (!o.touch) return cls ? html`<span class="hand-box${cls}">${pic}</span>` : pic;
      var mine = seat === 0, chosen = mine && o.chosen === j;
      var label = named + ": " + (v ? fill(v === 1 ? H.finger : H.fingers, { n: written(v) }) : H.dead);
      return html`<button type="button" class="hand-btn${cls}${chosen ? " chosen" : ""}" data-seat="${seat}" data-hand="${j}" data-value="${written(v)}"${mine ? html` aria-pressed="${String(chosen)}"` : ""} aria-label="${label}">${pic}${lit[key] ? html`<span class="hand-says">${lit[key]}</span>` : ""}</button>`;
    });
    rows.push(html`<div class="player${s === 0 ? " mover" : ""}${s === o.human ? " human" : ""}${won ? " winner" : out ? " eliminated" : ""}"><div class="who">${who}</div><div class="hands">${pics}</div></div>`);
  }
  return html`<div class="players">${rows}</div>`;
}

/**
 * A finished game in words: who won, and why when the winner emptied their hands.
 * @param {HandsApp} app
 * @param {ReadonlyArray<ReadonlyArray<number>>} hands
 * @param {number} winner
 * @returns {Html}
 */
function overHtml(app, hands, winner) {
  var O = app.W.over;
  var emptied = liveHands(hands[winner]) === 0;
  return html`<p class="game-over" role="note"><b>${app.seats.won[winner]}</b> ${emptied ? O.emptied : O.last}</p>`;
}

export { handSvg as svg, playersHtml as players, overHtml as over };
