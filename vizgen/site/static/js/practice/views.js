/* vizgen practice views: the practice page's markup from its state (session.js): the players and their hands,
 * the rating line, the notes, the modes, the filters, the puzzle's and the goal's boards, the goals, the
 * progress, and the feedback after a move. Every function takes data and returns html`` markup; the
 * session writes it into #practice (render).
 */
import { contract } from "../core/contract.js";
import { html } from "../core/html.js";
import * as util from "../core/util.js";
import { fill } from "../core/util.js";
import { chartHtml } from "./chart.js";
import * as P from "./practice.js";
import * as timed from "./timed.js";

/** @typedef {import("../core/html.js").Html} Html */
/** @typedef {import("./practice.js").Move} Move */
/** @typedef {import("./practice.js").Puzzle} Puzzle */
/** @typedef {import("./practice.js").GoalState} GoalState */
/** @typedef {import("./practice.js").Node} Node */
/** @typedef {import("./session.js").App} App */
/** @typedef {import("./session.js").Variant} Variant */

/** @param {App} app @param {string} slug @returns {Variant | undefined} */
function variantOf(app, slug) {
  return app.idx.variants.filter(function (v) { return v.slug === slug; })[0];
}

/** @param {Move} m @returns {string} */
function choiceWords(m) {
  return fill(contract.choices[m[3]].long, { n: m[4], k: m[5] });
}
/** @param {number} code @returns {string} */
function markWords(code) {
  var M = contract.marks[code];
  return M.name + (M.symbol ? " (" + M.symbol + ")" : "");
}
/** @param {Move} m @returns {string} */
function valueCls(m) {
  return contract.choices[m[3]].cls;
}

/** @param {string} slug @param {string} position @returns {string} */
function graphHref(slug, position) {
  return "variants/" + encodeURIComponent(slug) + ".html#" + encodeURIComponent(position);
}

/**
 * The players of a position as hands (the touch board, handboard.js), the player to move first; `you`: the
 * visitor's seat there (0 when it is their move); touch: the hands take a move; marked: where a wrong move led.
 * @param {App} app @param {Node} node @param {string} position @param {number} players @param {number} you
 * @param {boolean} touch @param {string | null} [marked] @returns {Html}
 */
function playersHtml(app, node, position, players, you, touch, marked) {
  var S = app.W.seats;
  var names = node.h.map(function (_, s) {
    var k = (s - you + players) % players;
    var who = k === 0 ? "You" : players === 2 ? S.opponent : k === 1 ? S.next : util.fill(S.other, { k: k });
    return who + (s === 0 ? ", to move" : "");
  });
  return html`${app.board.html({ position: position, node: node, players: players, names: names, you: you,
    touch: touch, marked: marked })}<p class="pz-pos">position <code>${position}</code></p>`;
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

/** @param {App} app @returns {Html} */
function ratingLine(app) {
  var r = app.progress.rating;
  var played = app.progress.history.length;
  return html`<div class="pz-status"><span class="pz-rating" title="Glicko-2 rating against the puzzles' ratings">${""
  }Your puzzle rating <b data-rating>${util.count(Math.round(r.rating))}</b>${
    r.rd > 110 ? html` <span class="muted">(provisional: ${util.count(played)} played)</span>` : ""}</span>${""
  }<span class="pz-best">best streak <b data-best>${util.count(app.progress.best)}</b></span>${""
  }<span class="pz-solved">solved <b>${util.count(Object.keys(app.progress.solved).length)}</b></span></div>`;
}

/**
 * What the page could not take: the parts of the address it left out (the reader's notes, and what names
 * nothing here), and the progress set aside (P.check), with a reset. Words only, escaped.
 * @param {App} app @returns {Html}
 */
function notesHtml(app) {
  var notes = app.notes.length ? html`<p class="pz-address-note" role="status">${app.notes.join(" ")}</p>` : "";
  var a = app.aside;
  if (!a) return html`${notes}`;
  var all = a.parts.indexOf(P.ALL) >= 0;
  var text = all ? "The progress " + a.where + " could not be read: it is left out, and you start afresh here." :
    "Part of the progress " + a.where + " could not be read and is left out: " + a.parts.join(", ") +
    ". The rest is kept.";
  return html`${notes}<div class="pz-aside" role="alert"><p>${text}</p><p><button type="button" ${""
  }data-act="reset">Forget my progress</button> <button type="button" data-act="keep">${
    all ? "OK" : "Keep the rest"}</button></p></div>`;
}

/** @param {App} app @returns {Html} */
function modes(app) {
  var list = [["puzzles", "Puzzles"], ["streak", "Streak"], ["timed", app.W.practice.timed], ["daily", "Daily"],
    ["goals", "Goals"]];
  if (app.retry) list.push(["retry", "Your mistakes"]);
  return html`<nav class="pz-modes" aria-label="Practice modes">${list.map(function (m) {
    return html`<button type="button" data-mode="${m[0]}"${app.mode === m[0] ? html` aria-pressed="true"` : ""}>${m[1]}</button>`;
  })}</nav>`;
}

/** @param {App} app @param {number} left how many puzzles the filters leave @returns {Html} */
function filters(app, left) {
  var vs = app.idx.variants.filter(function (v) { return v.count; });
  var themes = Object.keys(app.idx.themes);
  /** @type {Record<string, number>} */
  var counts = Object.create(null);
  app.puzzles.forEach(function (p) {
    if (app.variant && p.v !== app.variant) return;
    p.t.forEach(function (t) { counts[t] = (counts[t] || 0) + 1; });
  });
  var variant = app.variant ? variantOf(app, app.variant) : undefined;
  var chosen = (variant ? variant.title : "every variant") + ", " +
    (app.theme ? app.idx.themes[app.theme] : "every theme");
  return html`<details class="pz-filters"${app.filtersOpen ? " open" : ""}><summary>Puzzles from: <b>${
    chosen}</b> (${util.count(left)})</summary><div class="pz-filter-row"><label>Variant ${""
  }<select data-filter="variant"><option value="">every variant (${util.count(app.puzzles.length)})</option>${
    vs.map(function (v) {
      return html`<option value="${v.slug}"${v.slug === app.variant ? " selected" : ""}>${v.title} (${util.count(v.count)})</option>`;
    })}</select></label><label>Theme <select data-filter="theme"><option value="">every theme</option>${
    themes.filter(function (t) { return counts[t]; }).map(function (t) {
      return html`<option value="${t}"${t === app.theme ? " selected" : ""}>${app.idx.themes[t]} (${util.count(counts[t])})</option>`;
    })}</select></label></div></details>`;
}

/** The moves to choose from, folded as a hint: the hands are the way to answer. @param {App} app @param {ReadonlyArray<Move>} moves @returns {Html} */
function movesHtml(app, moves) {
  var T = app.W.practice;
  return html`<details class="pz-hint"><summary>${T.hint}</summary><p class="muted">${T["hint-note"]}</p>${""
  }<div class="pz-moves" role="group" aria-label="Your moves">${moves.map(function (m) {
    return html`<button type="button" class="pz-move" data-to="${m[1]}"><span class="mv">${m[0]}</span>${""
    }<span class="to">→ ${m[1]}</span></button>`;
  })}</div></details>`;
}

/** @param {App} app @returns {Html} */
function boardHtml(app) {
  var c = app.cur;
  if (!c) return html`<p class="pz-empty">${app.msg || "No puzzle matches these filters."}</p>`;
  var s = c.state, p = s.puzzle, v = variantOf(app, c.slug);
  var themes = p.themes;
  return html`<article class="pz-board" data-puzzle="${c.id}" data-status="${s.status}">${""
  }<p class="pz-meta"><a href="${graphHref(c.slug, p.position)}">${v ? v.title : c.slug}</a>${
    p.rating ? html` · puzzle rated <b>${util.count(p.rating)}</b>` : ""}${
    themes && s.status !== "play" ? html` · <span class="pz-themes">${themes.map(function (t, i) {
      return html`${i ? " " : ""}<span class="chip">${app.idx.themes[t]}</span>`;
    })}</span>` : ""}</p>${""
  }<h2 class="pz-prompt">${c.label ? c.label + ": " : ""}${prompt(p)}</h2>${
    playersHtml(app, s.nodes[s.at], s.at, v ? v.players : 2, 0, s.status === "play",
      s.status === "failed" && s.wrong && s.wrong.from === s.at ? s.wrong.move[1] : null)}${
    s.status === "play" ? html`${p.kind === "win" && p.plies > 1 && !p.single ?
      html`<p class="pz-left">Win within ${util.plural(s.left, "ply", "plies")}</p>` : ""}${movesHtml(app, s.nodes[s.at].m)}` : ""
  }<div class="pz-feedback" role="status">${c.feedback}</div><div class="pz-actions">${
    s.status !== "play" ? html`<button type="button" class="primary" data-act="next">${c.nextLabel || "Next puzzle"}</button>${""
    }<button type="button" data-act="again">Try it again</button>` :
      html`<button type="button" data-act="giveup">Show the solution</button>`
  }<a class="pz-graph" href="${graphHref(c.slug, s.status === "failed" && s.wrong ? s.wrong.from : s.at)}">View on the graph</a></div></article>`;
}

/** @param {App} app @returns {Html} */
function goalsHtml(app) {
  var mine = app.idx.goals.filter(function (g) { return g.v === app.variant; });
  var shown = mine.length ? mine : app.idx.goals;
  var variant = variantOf(app, app.variant);
  var note = mine.length && variant ? html`<p class="pz-goal-note">The goals of ${variant.title} ${""
  }<button type="button" data-act="allgoals">Goals of every variant (${util.count(app.idx.goals.length)})</button></p>` :
    html`<p class="pz-goal-note">Play a position out against the computer. Stars: three when every move is the best, ${""
    }two when three moves in four are, one otherwise.</p>`;
  return html`${note}<div class="pz-goals">${shown.map(function (g) {
    var key = g.id, got = P.count(app.progress.goals, key);
    return html`<article class="pz-goal" data-goal="${key}"><h3>${g.title}</h3><p>${g.text}</p>${""
    }<p class="stars" aria-label="${got} of 3 stars">${"★★★".slice(0, got)}<span class="off">${"☆☆☆".slice(got)}</span></p>${""
    }<button type="button" data-goal-start="${key}">${got ? "Play again" : "Start"}</button></article>`;
  })}</div>`;
}

/** @param {App} app @returns {Html} */
function goalBoard(app) {
  var c = app.goal;
  if (!c) return goalsHtml(app);
  var s = c.state, G = s.goal;
  return html`<article class="pz-board pz-goalboard" data-goal="${c.id}" data-status="${s.status}">${""
  }<p class="pz-meta"><a href="${graphHref(c.slug, s.at)}">${c.title}</a> · ${c.text}</p>${""
  }<h2 class="pz-prompt">${s.status === "play" ? html`Your move <span class="muted">· ply ${s.ply}${
    G.kind === "win" ? " of at most " : " of "}${G.plies}</span>` : goalEndWords(app, s)}</h2>${
    playersHtml(app, s.table[s.at], s.at, s.players, s.status === "play" || !s.last ? 0 :
      s.players - 1 - s.last.replies.length, s.status === "play")}${
    s.status === "play" ? movesHtml(app, s.table[s.at].m) : ""
  }<div class="pz-feedback" role="status">${c.feedback}</div>${""
  }<div class="pz-actions"><button type="button" data-act="goalagain">Start again</button>${""
  }<button type="button" data-act="goals">All goals</button></div></article>`;
}

/**
 * How a goal ended, and why (words.PRACTICE): "Goal met at ply 25 of 40: the same position came up a third time…".
 * @param {App} app @param {GoalState} s @returns {string}
 */
function goalEndWords(app, s) {
  var T = app.W.practice;
  var head = util.fill(T[s.status === "met" ? "goal-met" : "goal-missed"], { n: s.ply, plies: s.goal.plies });
  return head + ": " + util.fill(T["why-" + (s.why || "lost")], { n: s.ply });
}

/** @param {App} app @returns {Html} */
function progressHtml(app) {
  return html`<section class="pz-progress" aria-label="Your progress"><h2>Your progress</h2>${""
  }<p>Your rating, streak, solved puzzles and goals stay in this browser only (its local storage): nothing is ${""
  }sent anywhere. Save them as a small file to keep them or to move them to another browser.</p>${""
  }<p class="pz-io"><button type="button" data-act="export">Save progress (JSON)</button>${""
  }<label class="pz-import">Load progress <input type="file" accept="application/json,.json" data-act="import"></label>${""
  }<button type="button" data-act="reset">Forget my progress</button></p>${
    app.msg ? html`<p class="pz-note" role="status">${app.msg}</p>` : ""}</section>`;
}

/* The difficulty choice (easier, normal, harder) and the ratings it draws the next puzzles from. */
/** @param {App} app @returns {Html} */
function levelHtml(app) {
  var W = app.W.practice, rating = app.progress.rating.rating;
  var band = P.levelBand(rating, app.level);
  return html`<div class="pz-level" role="group" aria-label="${W.level}"><span class="pz-level-name">${W.level}</span>${
    Object.keys(P.LEVELS).map(function (l) {
      return html`<button type="button" data-level="${l}" aria-pressed="${String(app.level === l)}">${W["level-" + l]}</button>`;
    })}<span class="pz-level-says" data-level-says>${util.fill(W["level-says"], { lo: util.count(band[0]),
    hi: util.count(band[1]), n: util.count(Math.round(rating)) })}</span></div>`;
}

/* The timed mode: before a run (or after one, with its result) the lead and a start; during one the clock. */
/** @param {App} app @returns {Html} */
function timedHtml(app) {
  var W = app.W.practice, t = app.timed;
  if (!t || t.done) {
    var end = t ? html`<p class="pz-timed-end" role="status" data-timed-end>${util.fill(W["timed-end"], {
      n: util.count(t.run.solved), best: util.count(app.progress.timed) })}</p>` : "";
    return html`<article class="pz-board pz-timed">${end}<p>${W["timed-lead"]}</p><p><button type="button" ${""
    }class="primary" data-act="timed">${t ? W["timed-again"] : W["timed-start"]}</button></p></article>`;
  }
  return html`<p class="pz-clock" role="timer" aria-live="off"><b data-clock>${timed.face(timed.left(t.run, app.now()))}</b> ${
    W["timed-left"]} · <b data-timed-solved>${util.count(t.run.solved)}</b> ${W["timed-solved"]}${
    t.last === null ? "" : " · " + W[t.last ? "timed-last-ok" : "timed-last-no"]}</p>${boardHtml(app)}`;
}

/** The whole page. @param {App} app @param {number} left how many puzzles the filters leave @returns {Html} */
function page(app, left) {
  var streak = app.mode === "streak" && app.streak ? html`<p class="pz-streak">Streak <b data-streak>${util.count(app.streak.count)}</b>${
    app.streak.over ? " · over: a mistake ends it" : " · each puzzle rated higher than the last, until your first mistake"}</p>` : "";
  var board = app.mode === "goals" ? goalBoard(app) : app.mode === "timed" ? timedHtml(app) : boardHtml(app);
  var failed = app.failedRun.length && app.cur && app.cur.state.status !== "play" && app.mode !== "streak" &&
    app.mode !== "goals" && app.mode !== "timed" ?
    html`<p class="pz-failed-run"><button type="button" data-act="failedrun">Retry the ${
      util.plural(app.failedRun.length, "puzzle", "puzzles")} you failed in this run</button></p>` : "";
  var history = app.progress.history;
  var chart = chartHtml(history, app.W.practice, app.idx.themes, function (id) {
    var e = app.byId.get(id);
    return e ? e.t : [];
  });
  return html`<div class="pz-main">${notesHtml(app)}${ratingLine(app)}${modes(app)}${
    app.mode === "puzzles" ? levelHtml(app) : ""}${streak}${board}</div>${""
  }<aside class="pz-side">${failed}${app.mode === "puzzles" ? filters(app, left) : ""}${chart}${progressHtml(app)}</aside>`;
}

/* Feedback after a move. */

/**
 * A wrong move in a puzzle: its mark and meaning, the answer it meets, and the solution.
 * @param {Move} m @param {boolean} many more than two players @param {Move} sol the best move
 * @param {string[] | null} line the whole line, when the puzzle's first move was the wrong one
 * @returns {Html}
 */
function wrongHtml(m, many, sol, line) {
  return html`<p class="pz-wrong"><span class="sign" aria-hidden="true">✗</span> <b>${m[0]}</b> is a <b>${
    markWords(m[2])}</b>: <span class="badge ${valueCls(m)}">${choiceWords(m)}</span>${
    m.length > 6 ? html`. ${many ? "The next player answers" : "Their answer"}: <b>${m[6]}</b> (to ${m[7]}).` : ""}</p>${
    m[2] <= 1 ? html`<p class="muted">It keeps your value, but too slowly: the win no longer fits in the plies left.</p>` : ""
  }<p class="pz-solution">The solution: <b>${sol[0]}</b> (${choiceWords(sol)})${
    line ? "; the whole line: " + line.join(", ") : ""}.</p>`;
}
/** A puzzle solved. @param {Move} m @returns {Html} */
function solvedHtml(m) {
  return html`<p class="pz-right"><span class="sign" aria-hidden="true">✓</span> <b>${m[0]}</b> ${choiceWords(m)}. Solved!</p>`;
}
/** A right move, the puzzle going on. @param {Move} m @param {string} reply @returns {Html} */
function keptHtml(m, reply) {
  return html`<p class="pz-right"><span class="sign" aria-hidden="true">✓</span> <b>${m[0]}</b> keeps the win. ${""
  }They reply <b>${reply}</b>. Keep going.</p>`;
}
/** The solution, given up. @param {Move} sol @returns {Html} */
function solutionHtml(sol) {
  return html`<p class="pz-solution">The solution: <b>${sol[0]}</b> (${choiceWords(sol)}).</p>`;
}
/** The streak over. @param {number} count @param {number} best @returns {Html} */
function streakOverHtml(count, best) {
  return html`<p class="pz-over">Streak over at <b>${util.count(count)}</b>. Best: ${util.count(best)}.</p>`;
}
/** The rating's change. @param {number} before @param {number} after @returns {Html} */
function deltaHtml(before, after) {
  var d = after - before;
  return html`<p class="pz-delta ${d >= 0 ? "up" : "down"}">Your rating: ${util.count(before)} → ${util.count(after)} (${d >= 0 ? "+" : "−"}${util.count(Math.abs(d))})</p>`;
}
/**
 * A move in a goal: the move, its mark and meaning, the replies, and how the goal stands (and why it ended).
 * @param {App} app @param {GoalState} s @param {{ from: string, move: Move, replies: [string, string][] }} last
 * @returns {Html}
 */
function goalMoveHtml(app, s, last) {
  var m = last.move;
  var out = html`<p>You played <b>${m[0]}${contract.marks[m[2]].symbol}</b>: ${markWords(m[2])}, ${""
  }<span class="badge ${valueCls(m)}">${choiceWords(m)}</span></p>${
    last.replies.length ? html`<p>${s.players === 2 ? "They reply " : "The others reply "}${last.replies.map(function (r, i) {
      return html`${i ? ", then " : ""}<b>${r[0]}</b>`;
    })}.</p>` : ""}`;
  if (s.status === "met") {
    var stars = s.stars || 0;
    var best = s.marks.filter(function (x) { return x === contract.markCodes.best; }).length;
    return html`${out}<p class="pz-right"><span class="sign" aria-hidden="true">✓</span> ${goalEndWords(app, s)} ${
      "★★★".slice(0, stars)}<span class="off">${"☆☆☆".slice(stars)}</span> (${best} of ${
      util.plural(s.marks.length, "move", "moves")} best).</p>`;
  }
  if (s.status === "failed") {
    return html`${out}<p class="pz-wrong"><span class="sign" aria-hidden="true">✗</span> ${goalEndWords(app, s)}</p>`;
  }
  return out;
}

/** Two pieces of markup, one after the other. @param {Html} a @param {Html} b @returns {Html} */
function joined(a, b) {
  return html`${a}${b}`;
}

export { variantOf, goalEndWords, page, joined, wrongHtml, solvedHtml, keptHtml, solutionHtml, streakOverHtml, deltaHtml, goalMoveHtml };
