/* vizgen practice view/feedback: what the page says after a move (interfaces.js's Said), from the controller's
 * state (pure functions to markup through core/html.js): a wrong move with its mark and meaning, a puzzle solved,
 * a right move and the reply, the solution, the streak over, the rating's change, and a move in a goal. A mark's
 * words and whether it keeps the value are the contract's.
 */
import { contract } from "../../core/contract.js";
import { html } from "../../core/html.js";
import * as util from "../../core/util.js";

/** @typedef {import("../../core/html.js").Html} Html */
/** @typedef {import("../practice.js").Move} Move */
/** @typedef {import("../practice.js").GoalState} GoalState */
/** @typedef {import("../interfaces.js").Said} Said */
/** @typedef {import("../interfaces.js").State} State */

/** @param {Move} m @returns {string} */
function choiceWords(m) {
  return util.fill(contract.choices[m.choice].long, { n: m.n, k: m.k });
}
/** @param {number} code @returns {string} */
function markWords(code) {
  const M = contract.marks[code];
  return M.name + (M.symbol ? " (" + M.symbol + ")" : "");
}
/** @param {Move} m @returns {string} */
function valueCls(m) {
  return contract.choices[m.choice].cls;
}

/**
 * How a goal ended, and why (words.PRACTICE): "Goal met at ply 25 of 40: the same position came up a third time…".
 * @param {State} s @param {GoalState} g @returns {string}
 */
export function goalEndWords(s, g) {
  const T = s.W.practice;
  const head = util.fill(T[g.status === "met" ? "goal-met" : "goal-missed"], { n: g.ply, plies: g.goal.plies });
  return head + ": " + util.fill(T["why-" + (g.why || "lost")], { n: g.ply });
}

/**
 * A wrong move in a puzzle: its mark and meaning, the answer it meets, and the solution.
 * @param {Move} m @param {boolean} many more than two players @param {Move} sol the best move
 * @param {string[] | null} line the whole line, when the puzzle's first move was the wrong one
 * @returns {Html}
 */
function wrongHtml(m, many, sol, line) {
  return html`<p class="pz-wrong"><span class="sign" aria-hidden="true">✗</span> <b>${m.move}</b> is a <b>${
    markWords(m.mark)}</b>: <span class="badge ${valueCls(m)}">${choiceWords(m)}</span>${
    m.reply ? html`. ${many ? "The next player answers" : "Their answer"}: <b>${m.reply.move}</b> (to ${m.reply.to}).` : ""}</p>${
    contract.marks[m.mark].keeps ? html`<p class="muted">It keeps your value, but too slowly: the win no longer fits in the plies left.</p>` : ""
  }<p class="pz-solution">The solution: <b>${sol.move}</b> (${choiceWords(sol)})${
    line ? "; the whole line: " + line.join(", ") : ""}.</p>`;
}

/**
 * A move in a goal: the move, its mark and meaning, the replies, and how the goal stands (and why it ended).
 * @param {State} s @param {GoalState} g @returns {Html}
 */
function goalMoveHtml(s, g) {
  const last = g.last;
  if (!last) return html``;
  const m = last.move;
  const out = html`<p>You played <b>${m.move}${contract.marks[m.mark].symbol}</b>: ${markWords(m.mark)}, ${""
  }<span class="badge ${valueCls(m)}">${choiceWords(m)}</span></p>${
    last.replies.length ? html`<p>${g.players === 2 ? "They reply " : "The others reply "}${last.replies.map((r, i) =>
      html`${i ? ", then " : ""}<b>${r[0]}</b>`)}.</p>` : ""}`;
  if (g.status === "met") {
    const stars = g.stars || 0;
    const best = g.marks.filter((x) => x === contract.markCodes.best).length;
    return html`${out}<p class="pz-right"><span class="sign" aria-hidden="true">✓</span> ${goalEndWords(s, g)} ${
      "★★★".slice(0, stars)}<span class="off">${"☆☆☆".slice(stars)}</span> (${best} of ${
      util.plural(g.marks.length, "move", "moves")} best).</p>`;
  }
  if (g.status === "failed") {
    return html`${out}<p class="pz-wrong"><span class="sign" aria-hidden="true">✗</span> ${goalEndWords(s, g)}</p>`;
  }
  return out;
}

/**
 * One thing said after a move.
 * @param {State} s @param {Said} said @returns {Html}
 */
function one(s, said) {
  switch (said.kind) {
    case "wrong":
      return wrongHtml(said.move, said.many, said.sol, said.line);
    case "solved":
      return html`<p class="pz-right"><span class="sign" aria-hidden="true">✓</span> <b>${said.move.move}</b> ${
        choiceWords(said.move)}. Solved!</p>`;
    case "kept":
      return html`<p class="pz-right"><span class="sign" aria-hidden="true">✓</span> <b>${said.move.move}</b> keeps the win. ${""
      }They reply <b>${said.reply}</b>. Keep going.</p>`;
    case "solution":
      return html`<p class="pz-solution">The solution: <b>${said.sol.move}</b> (${choiceWords(said.sol)}).</p>`;
    case "streak-over":
      return html`<p class="pz-over">Streak over at <b>${util.count(said.count)}</b>. Best: ${util.count(said.best)}.</p>`;
    case "delta": {
      const d = said.after - said.before;
      return html`<p class="pz-delta ${d >= 0 ? "up" : "down"}">Your rating: ${util.count(said.before)} → ${
        util.count(said.after)} (${d >= 0 ? "+" : "−"}${util.count(Math.abs(d))})</p>`;
    }
    default:
      return s.goal ? goalMoveHtml(s, s.goal.state) : html``;
  }
}

/**
 * Everything said after the last move, in order.
 * @param {State} s @param {ReadonlyArray<Said>} said @returns {Html}
 */
export function feedbackView(s, said) {
  return html`${said.map((x) => one(s, x))}`;
}
