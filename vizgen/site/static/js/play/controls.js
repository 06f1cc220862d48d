/* vizgen play controls: the game's events turned into its actions (play.js): a click on a tool (data-act) or
 * on a ply of the chart and the move list (data-ply), a seat's menu (data-seat), and the keys: ← and → walk
 * the record, Home and End jump, Backspace takes back your last move.
 */

/** @typedef {import("./game.js").Game} Game */
/**
 * A way to start a game: a challenge or coached play with the seats chosen, people on this device (pass), by
 * link, or a game played on the hands entered move by move (enter).
 * @typedef {"challenge" | "coached" | "pass" | "link" | "enter"} Way
 */
/**
 * What the controls ask of the game (play.js).
 * @typedef {object} Actions
 * @property {() => Game | null} game the game on, if any
 * @property {(way: Way) => void} start
 * @property {(k: number) => void} seek
 * @property {() => void} undo
 * @property {() => void} quit
 * @property {() => void} playOn
 * @property {() => void} hint
 * @property {() => void} analysis
 * @property {(what: "game" | "position" | "link", to?: number) => void} copy
 * @property {(swapped: boolean) => void} again
 * @property {() => void} download
 * @property {(seat: number, kind: string) => void} setSeat
 * @property {() => void} review the review of an entered game, at any ply
 * @property {() => void} skip the rest of the game at once (whoever is out)
 * @property {() => void} seeReview the review of a finished game brought into view
 * @property {(to: number) => void} share a game by link: the address to send to seat `to`, through the phone's share sheet
 */

/**
 * The listener of clicks on the play section and the log (fresh: a challenge started in place of a record
 * that could not be read).
 * @param {Actions} on @returns {(ev: MouseEvent) => void}
 */
function click(on) {
  return function (ev) {
    var b = ev.target instanceof Element ? ev.target.closest("[data-act], [data-ply]") : null;
    if (!(b instanceof HTMLElement || b instanceof SVGElement)) return;
    if (b.dataset.ply !== undefined) {
      ev.preventDefault();
      on.seek(Number(b.dataset.ply));
      return;
    }
    var g = on.game();
    var n = g ? g.plies() : 0, to = Number(b.dataset.to);
    /** @type {Record<string, () => void>} */
    var acts = {
      start: function () { on.start("challenge"); }, fresh: function () { on.start("challenge"); }, open: function () { on.start("coached"); },
      pass: function () { on.start("pass"); }, link: function () { on.start("link"); },
      enter: function () { on.start("enter"); }, review: on.review, skip: on.skip,
      share: function () { on.share(to); }, "see-review": on.seeReview,
      "copy-link": function () { on.copy("link", to); }, undo: on.undo, quit: on.quit,
      first: function () { on.seek(0); }, prev: function () { on.seek(n - 1); }, next: function () { on.seek(n + 1); },
      last: function () { if (g) on.seek(g.line().length - 1); }, playon: on.playOn, resume: on.playOn, hint: on.hint,
      analysis: on.analysis, "copy-game": function () { on.copy("game"); },
      "copy-position": function () { on.copy("position"); },
      again: function () { on.again(false); }, "again-swapped": function () { on.again(true); }, card: on.download,
    };
    acts[/** @type {string} */ (b.dataset.act)]();
  };
}

/**
 * The listener of the seats' menus.
 * @param {Actions} on @returns {(ev: Event) => void}
 */
function change(on) {
  return function (ev) {
    var sel = ev.target instanceof Element ? ev.target.closest("select[data-seat]") : null;
    if (sel instanceof HTMLSelectElement) on.setSeat(Number(sel.dataset.seat), sel.value);
  };
}

/**
 * The listener of the keys (on the document, capturing).
 * @param {Actions} on @returns {(ev: KeyboardEvent) => void}
 */
function keys(on) {
  return function (ev) {
    var g = on.game();
    if (!g || ev.ctrlKey || ev.metaKey || ev.altKey || ev.shiftKey) return;
    // form fields keep their keys, and so does the view's tab list (its arrows switch views)
    var target = ev.target instanceof Element ? ev.target : null;
    if (target && target.closest("input, select, textarea, [contenteditable], [role=tab]")) return;
    var n = g.plies(), end = g.line().length - 1;
    /** @type {Record<string, number>} */
    var steps = { ArrowLeft: n - 1, ArrowRight: n + 1, Home: 0, End: end };
    var to = Object.prototype.hasOwnProperty.call(steps, ev.key) ? steps[ev.key] : undefined;
    if (to !== undefined) on.seek(to);
    else if (ev.key === "Backspace") on.undo();
    else return;
    ev.preventDefault();
    ev.stopPropagation();
  };
}

export { click, change, keys };
