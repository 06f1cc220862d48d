/* vizgen play names: who plays a seat, in the words of vizgen/analysis/words.py's PLAY (W): "you", "the perfect
 * player", "max^n (depth 2)"; as a sentence begins; and a seat by who plays it: "You (player 1)", "Player 2" for a
 * person.
 */
import { fill as say } from "../core/util.js";

/** @typedef {import("./game.js").Game} Game */
/** @typedef {import("./game.js").PlayWords} PlayWords */

/**
 * Who plays a seat of this kind (you, perfect, tricky, maxn<depth>, random).
 * @param {PlayWords} W @param {string} kind @returns {string}
 */
function kindName(W, kind) {
  if (kind === "maxn" + kind.slice(4) && /^\d+$/.test(kind.slice(4))) return say(W.maxn, { n: kind.slice(4) });
  return W[kind];
}

/**
 * Who plays a seat, as a sentence begins: "You", "Perfect player".
 * @param {PlayWords} W @param {string} kind @returns {string}
 */
function capitalName(W, kind) {
  var name = kindName(W, kind);
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * A seat by who plays it: "You (player 1)", "Perfect player (player 2)", "Player 3" (a person).
 * @param {PlayWords} W @param {Game} g @param {number} seat @returns {string}
 */
function roleName(W, g, seat) {
  if (g.seats[seat] === "person") return say(W["person-seat"], { k: seat + 1 }); // a person: "Player 2"
  return say(W.seat, { name: capitalName(W, g.seats[seat]), k: seat + 1 });
}

export { kindName, capitalName, roleName };
