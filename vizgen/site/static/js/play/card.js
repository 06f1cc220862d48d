/* vizgen play card: the result of a finished game for you, as one sentence ("I held the draw for 40 plies
 * against the perfect player on Standard.") and as a picture (a PNG drawn on a canvas from the palette: the
 * sentence, your value after each ply and the game's link).
 */
import { contract } from "../core/contract.js";
import * as util from "../core/util.js";
import { fill as say } from "../core/util.js";
import { kindName } from "./names.js";

/** @typedef {import("./game.js").Game} Game */
/** @typedef {import("./game.js").Live} Live */
/** @typedef {import("./game.js").PlayWords} PlayWords */

/**
 * The result in one sentence, for you ("" while the game goes on or in a game you watch).
 * @param {PlayWords} W @param {Game} g @param {Live} live @param {string} variant the variant's title
 * @returns {string}
 */
function sentence(W, g, live, variant) {
  var end = g.end(live);
  if (!end || g.seats.indexOf("you") < 0) return "";
  /** @type {string[]} */
  var others = [];
  g.seats.forEach(function (k) {
    var name = say(W.the, { name: kindName(W, k) });
    if (k !== "you" && others.indexOf(name) < 0) others.push(name);
  });
  var key = end.reason === "won" ? (end.winner === g.you ? "card-won" : g.P === 2 ? "card-lost" : "card-out")
    : g.P === 2 ? "card-draw" : end.shared.indexOf(g.you) >= 0 ? "card-shared" : "card-out";
  var out = key === "card-out" ? g.outAt(live, g.you) : -1; // the ply you were out at, not the game's length
  return say(W[key], { against: others.join(W.and), variant: variant, n: end.plies, k: out < 0 ? end.plies : out });
}

/**
 * Text in lines no wider than `width`, from (left, y), lh apart.
 * @param {CanvasRenderingContext2D} x @param {string} text @param {number} left @param {number} y
 * @param {number} width @param {number} lh
 */
function wrap(x, text, left, y, width, lh) {
  var row = "";
  text.split(/(?=[ /&])/).forEach(function (word) {
    if (row && x.measureText(row + word).width > width) {
      x.fillText(row, left, y);
      y += lh;
      row = word.replace(/^ /, "");
    } else row += word;
  });
  if (row) x.fillText(row, left, y);
}

/**
 * The result card as a picture: the site and variant, the sentence, the notes (a challenge, hints), your value
 * after each ply and the game's link.
 * @param {HTMLCanvasElement} c the canvas to draw on (the page makes it)
 * @param {Record<string, string>} T the palette @param {PlayWords} W @param {Game} g @param {string} text the sentence
 * @param {string} variant the variant's title @param {string} href the game's link
 * @returns {HTMLCanvasElement}
 */
function picture(c, T, W, g, text, variant, href) {
  var w = 1200, h = 630;
  c.width = w;
  c.height = h;
  var x = c.getContext("2d");
  if (!x) return c; // no 2D drawing in this browser: an empty picture
  x.fillStyle = T.paper;
  x.fillRect(0, 0, w, h);
  x.fillStyle = T.accent;
  x.fillRect(0, 0, w, 14);
  x.fillStyle = T.muted;
  x.font = "600 30px sans-serif";
  x.fillText(W["card-site"] + " · " + variant, 60, 84);
  x.fillStyle = T.ink;
  x.font = "700 52px sans-serif";
  wrap(x, text, 60, 170, w - 120, 64);
  var notes = [];
  if (g.challenge) notes.push(W["card-challenge"]);
  if (g.hints.length) notes.push(say(W["card-hints"], { h: g.hints.length }));
  x.fillStyle = T.muted;
  x.font = "28px sans-serif";
  x.fillText(notes.join(" "), 60, 330);
  // your value after each ply: wins above the line, losses below
  x.font = "24px sans-serif";
  x.fillText(W["card-chart"], 60, 385);
  var line = g.line(), mid = 470, step = Math.min(24, (w - 120) / Math.max(1, line.length - 1));
  x.strokeStyle = T.draw;
  x.lineWidth = 3;
  x.beginPath();
  x.moveTo(60, mid);
  x.lineTo(w - 60, mid);
  x.stroke();
  var ctx2d = x;
  line.forEach(function (p, k) {
    var v = g.valueAt(p, k).v;
    ctx2d.fillStyle = T[contract.classes[util.valueClass(v, contract.classes)].palette];
    ctx2d.beginPath();
    ctx2d.arc(60 + k * step, mid - v * 70, 7, 0, 2 * Math.PI);
    ctx2d.fill();
  });
  x.fillStyle = T.muted;
  x.font = "22px sans-serif";
  wrap(x, href, 60, h - 48, w - 120, 26);
  return c;
}

export { sentence, picture };
