/* vizgen practice view/board: the puzzle's and the goal's boards, from the controller's state (pure functions to
 * markup through core/html.js): the players and their hands on the touch board the page gives (handboard.js),
 * the prompt, the moves folded as a hint, what was said of the last move, the actions, and the list of goals.
 */
import { html } from "../../core/html.js";
import * as util from "../../core/util.js";
import * as P from "../practice.js";
import { feedbackView, goalEndWords } from "./feedback.js";

/** @typedef {import("../../core/html.js").Html} Html */
/** @typedef {import("../practice.js").Move} Move */
/** @typedef {import("../practice.js").Puzzle} Puzzle */
/** @typedef {import("../practice.js").Node} Node */
/** @typedef {import("../interfaces.js").State} State */
/** @typedef {import("../interfaces.js").Ui} Ui */

/** @param {string} slug @param {string} position @returns {string} */
export function graphHref(slug, position) {
  return "variants/" + encodeURIComponent(slug) + ".html#" + encodeURIComponent(position);
}

/**
 * The players of a position as hands (the touch board, handboard.js), the player to move first; `you`: the
 * visitor's seat there (0 when it is their move); touch: the hands take a move; marked: where a wrong move led.
 * @param {State} s @param {Ui} ui @param {Node} node @param {string} position @param {number} players
 * @param {number} you @param {boolean} touch @param {string | null} [marked] @returns {Html}
 */
function playersHtml(s, ui, node, position, players, you, touch, marked) {
  const S = s.W.seats;
  const names = node.h.map((_, seat) => {
    const k = (seat - you + players) % players;
    const who = k === 0 ? "You" : players === 2 ? S.opponent : k === 1 ? S.next : util.fill(S.other, { k });
    return who + (seat === 0 ? ", to move" : "");
  });
  return html`${ui.board.html({ position, node, players, names, you, touch, marked })}${""
  }<p class="pz-pos">position <code>${position}</code></p>`;
}

/** @param {Puzzle} p @returns {string} */
function prompt(p) {
  if (p.kind === "win" && p.single) return "Your move: only one keeps your forced win.";
  if (p.kind === "win") {
    return p.plies === 1 ? "Your move: win at once." : "Your move: only one keeps your win. Then keep finding " +
      "winning moves until you have won.";
  }
  if (p.kind === "draw") return "Your move: only one keeps the draw.";
  if (p.kind === "survive") return "Your move: only one keeps you in the game.";
  return "Your move: find a move that keeps your value.";
}

/** The moves to choose from, folded as a hint: the hands are the way to answer. @param {State} s @param {ReadonlyArray<Move>} moves @returns {Html} */
function movesHtml(s, moves) {
  const T = s.W.practice;
  return html`<details class="pz-hint"><summary>${T.hint}</summary><p class="muted">${T["hint-note"]}</p>${""
  }<div class="pz-moves" role="group" aria-label="Your moves">${moves.map((m) =>
    html`<button type="button" class="pz-move" data-to="${m.to}"><span class="mv">${m.move}</span>${""
    }<span class="to">→ ${m.to}</span></button>`)}</div></details>`;
}

/** The puzzle on the board (or why there is none). @param {State} s @param {Ui} ui @returns {Html} */
export function boardView(s, ui) {
  const c = s.cur;
  if (!c) return html`<p class="pz-empty">${s.msg || "No puzzle matches these filters."}</p>`;
  const ps = c.state, p = ps.puzzle, v = P.variantOf(s.idx, c.slug);
  const themes = p.themes;
  return html`<article class="pz-board" data-puzzle="${c.id}" data-status="${ps.status}">${""
  }<p class="pz-meta"><a href="${graphHref(c.slug, p.position)}">${v ? v.title : c.slug}</a>${
    p.rating ? html` · puzzle rated <b>${util.count(p.rating)}</b>` : ""}${
    themes && ps.status !== "play" ? html` · <span class="pz-themes">${themes.map((t, i) =>
      html`${i ? " " : ""}<span class="chip">${s.idx.themes[t]}</span>`)}</span>` : ""}</p>${""
  }<h2 class="pz-prompt">${c.label ? c.label + ": " : ""}${prompt(p)}</h2>${
    playersHtml(s, ui, ps.nodes[ps.at], ps.at, v ? v.players : 2, 0, ps.status === "play",
      ps.status === "failed" && ps.wrong && ps.wrong.from === ps.at ? ps.wrong.move.to : null)}${
    ps.status === "play" ? html`${p.kind === "win" && p.plies > 1 && !p.single ?
      html`<p class="pz-left">Win within ${util.plural(ps.left, "ply", "plies")}</p>` : ""}${movesHtml(s, ps.nodes[ps.at].m)}` : ""
  }<div class="pz-feedback" role="status">${feedbackView(s, c.feedback)}</div><div class="pz-actions">${
    ps.status !== "play" ? html`<button type="button" class="primary" data-act="next">${c.nextLabel || "Next puzzle"}</button>${""
    }<button type="button" data-act="again">Try it again</button>` :
      html`<button type="button" data-act="giveup">Show the solution</button>`
  }<a class="pz-graph" href="${graphHref(c.slug, ps.status === "failed" && ps.wrong ? ps.wrong.from : ps.at)}">View on the graph</a></div></article>`;
}

/** The goals to choose from (the variant's, or every variant's). @param {State} s @returns {Html} */
function goalsHtml(s) {
  const mine = s.idx.goals.filter((g) => g.v === s.variant);
  const shown = mine.length ? mine : s.idx.goals;
  const variant = P.variantOf(s.idx, s.variant);
  const note = mine.length && variant ? html`<p class="pz-goal-note">The goals of ${variant.title} ${""
  }<button type="button" data-act="allgoals">Goals of every variant (${util.count(s.idx.goals.length)})</button></p>` :
    html`<p class="pz-goal-note">Play a position out against the computer. Stars: three when every move is the best, ${""
    }two when three moves in four are, one otherwise.</p>`;
  return html`${note}<div class="pz-goals">${shown.map((g) => {
    const key = g.id, got = P.count(s.progress.goals, key);
    return html`<article class="pz-goal" data-goal="${key}"><h3>${g.title}</h3><p>${g.text}</p>${""
    }<p class="stars" aria-label="${got} of 3 stars">${"★★★".slice(0, got)}<span class="off">${"☆☆☆".slice(got)}</span></p>${""
    }<button type="button" data-goal-start="${key}">${got ? "Play again" : "Start"}</button></article>`;
  })}</div>`;
}

/** The goal on the board, or the goals to choose from. @param {State} s @param {Ui} ui @returns {Html} */
export function goalView(s, ui) {
  const c = s.goal;
  if (!c) return goalsHtml(s);
  const g = c.state, G = g.goal;
  return html`<article class="pz-board pz-goalboard" data-goal="${c.id}" data-status="${g.status}">${""
  }<p class="pz-meta"><a href="${graphHref(c.slug, g.at)}">${c.title}</a> · ${c.text}</p>${""
  }<h2 class="pz-prompt">${g.status === "play" ? html`Your move <span class="muted">· ply ${g.ply}${
    G.kind === "win" ? " of at most " : " of "}${G.plies}</span>` : goalEndWords(s, g)}</h2>${
    playersHtml(s, ui, g.table[g.at], g.at, g.players, g.status === "play" || !g.last ? 0 :
      g.players - 1 - g.last.replies.length, g.status === "play")}${
    g.status === "play" ? movesHtml(s, g.table[g.at].m) : ""
  }<div class="pz-feedback" role="status">${feedbackView(s, c.feedback)}</div>${""
  }<div class="pz-actions"><button type="button" data-act="goalagain">Start again</button>${""
  }<button type="button" data-act="goals">All goals</button></div></article>`;
}
