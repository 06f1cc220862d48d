/* vizgen glicko: the visitor's puzzle rating, Glicko-2 as lichess keeps it (Glickman, "Example of the Glicko-2
 * system", 2013), one puzzle a rating period: the puzzle is an opponent of fixed rating (its rating from the
 * practice players' failures, vizgen/reports/puzzles.py) and fixed deviation PUZZLE_RD.
 */
/** A Glicko-2 rating: the rating, its deviation and its volatility. @typedef {{ rating: number, rd: number, vol: number }} Rating */
var SCALE = 173.7178, TAU = 0.5, EPS = 1e-6;
/** @type {Readonly<Rating>} */
var START = { rating: 1500, rd: 350, vol: 0.06 };
var PUZZLE_RD = 80;
var MIN_RD = 45, MAX_RD = 350;

/** @param {number} phi @returns {number} */
function g(phi) {
  return 1 / Math.sqrt(1 + 3 * phi * phi / (Math.PI * Math.PI));
}

/* The chance a player of rating r (deviation rd) solves a puzzle rated p. */
/** @param {number} r @param {number} rd @param {number} p @returns {number} */
function expected(r, rd, p) {
  var phiJ = PUZZLE_RD / SCALE;
  return 1 / (1 + Math.exp(-g(phiJ) * ((r - p) / SCALE)));
}

/* The player {rating, rd, vol} after one puzzle rated p: score 1 solved, 0 failed. A new object. */
/** @param {Rating} player @param {number} p @param {number} score @returns {Rating} */
function update(player, p, score) {
  var mu = (player.rating - 1500) / SCALE, phi = player.rd / SCALE, sigma = player.vol;
  var muJ = (p - 1500) / SCALE, phiJ = PUZZLE_RD / SCALE;
  var gJ = g(phiJ), E = 1 / (1 + Math.exp(-gJ * (mu - muJ)));
  var v = 1 / (gJ * gJ * E * (1 - E));
  var delta = v * gJ * (score - E);
  var a = Math.log(sigma * sigma);
  /** @param {number} x @returns {number} */
  var f = function (x) {
    var ex = Math.exp(x), d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2 * d * d) - (x - a) / (TAU * TAU);
  };
  var A = a;
  /** @type {number} */
  var B;
  if (delta * delta > phi * phi + v) {
    B = Math.log(delta * delta - phi * phi - v);
  } else {
    var k = 1;
    while (f(a - k * TAU) < 0) k++;
    B = a - k * TAU;
  }
  var fA = f(A), fB = f(B);
  while (Math.abs(B - A) > EPS) {
    /** @type {number} */
    var C = A + (A - B) * fA / (fB - fA);
    var fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA = fA / 2;
    }
    B = C;
    fB = fC;
  }
  var sigma2 = Math.exp(A / 2);
  var phiStar = Math.sqrt(phi * phi + sigma2 * sigma2);
  var phi2 = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  var mu2 = mu + phi2 * phi2 * gJ * (score - E);
  return {
    rating: Math.round((SCALE * mu2 + 1500) * 10) / 10,
    rd: Math.min(MAX_RD, Math.max(MIN_RD, Math.round(SCALE * phi2 * 10) / 10)),
    vol: Math.round(sigma2 * 1e6) / 1e6,
  };
}

export { START, PUZZLE_RD, MIN_RD, MAX_RD, update, expected };
