/* vizgen rulefacts: a solved rule set's per-position facts, as vizgen/analysis/facts.py computes them.
 *
 * From the solver's arrays (rulesolve.js): the verdict for the player to move and its {n} and {k} (an entry of
 * the contract's verdicts), what moving there means for the player who moved (CHOICES, {n}, {k}) and the move
 * score that ranks the moves into a position (vizgen/engine/solve.py arrival_scores): the optimal moves are
 * those to the highest score. The verdict and the choice are looked up in the contract (contract.js, generated
 * from vizgen/analysis/meaning.py: what its verdicts and choices say in every case), never worked out again.
 */
(function (VZ) {
  "use strict";

  /* s: a solution (rulesolve.js); W: not read (the meaning is the contract's; the argument stays while other
     work on the rules page calls compute with it); params: the rules (going out is no fate in misere and
     self-gain). Returns {verdict, verdictN, choice, choiceN, choiceK, score, mover, chooser}, one entry a node. */
  function compute(s, W, params) {
    var P = s.rules.P, n = s.n;
    var K = VZ.contract, V = K.verdictCodes, C = K.choiceCodes;
    var fateApplies = P > 2 && !params.misere && params.attack !== "self-gain";
    var mover = fateApplies ? s.outIn.subarray(0, n) : null;
    var chooser = fateApplies ? s.outIn.subarray((P - 1) * n, P * n) : null;
    var verdict = new Int8Array(n), verdictN = new Int32Array(n), choice = new Int8Array(n);
    var choiceN = new Int32Array(n), choiceK = new Int8Array(n), score = new Float64Array(n);
    var big = 0, i;
    for (i = 0; i < n; i++) {
      big = Math.max(big, s.rem[i]);
      if (chooser) big = Math.max(big, chooser[i]);
    }
    big += 2;
    for (i = 0; i < n; i++) {
      var w = s.winner[i], over = s.final[i] >= 0, rem = s.rem[i], v, c;
      v = K.verdictOf(P, over, w, mover ? mover[i] : null);
      verdict[i] = v;
      verdictN[i] = mover && v === V["mover-out"] ? mover[i] : rem;
      var mine = w === P - 1;
      c = K.choiceOf(P, over, w, chooser ? chooser[i] : null);
      choice[i] = c;
      choiceN[i] = chooser && c === C["you-out"] ? chooser[i] : rem;
      choiceK[i] = w >= 0 ? (w + 1) % P : -1;
      var out = chooser ? chooser[i] : -1;
      score[i] = mine ? 4 * big - rem : w < 0 ? (out >= 0 ? big + out : 2 * big) : rem;
    }
    return { verdict: verdict, verdictN: verdictN, choice: choice, choiceN: choiceN, choiceK: choiceK, score: score,
      mover: mover, chooser: chooser };
  }

  VZ.rulefacts = { compute: compute };
})(globalThis.VZ = globalThis.VZ || {});
