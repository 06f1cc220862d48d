/* vizgen practice interfaces: the types of the practice page's app (JSDoc only; nothing runs).
 *
 * The files the page loads are written by vizgen/site/render/practice_page.py and typed by the generated
 * core/payloads.d.ts: practice/index.js (PracticeIndex, read as Index), practice/<slug>.js per variant
 * (PracticeData, read as VariantData) and practice/daily.js (DailyPool, the puzzle of the day's pool). The rules'
 * own types (a move, a position, a puzzle and a goal being played, the progress) are practice.js's.
 */

/** @typedef {import("./practice.js").Entry} Entry */
/** @typedef {import("./practice.js").Move} Move */
/** @typedef {import("./practice.js").Nodes} Nodes */
/** @typedef {import("./practice.js").Goal} Goal */
/** @typedef {import("./practice.js").PuzzleState} PuzzleState */
/** @typedef {import("./practice.js").GoalState} GoalState */
/** @typedef {import("./practice.js").Progress} Progress */
/** @typedef {import("./practice.js").Store} Store */
/** @typedef {import("./practice.js").Variant} Variant */

/**
 * The practice index (practice/index.js's payload, PracticeIndex): the puzzles in brief, the variants, the goals,
 * the themes (key -> words), the theme keys and the words (typed here as the page reads them).
 * @typedef {Omit<import("../core/payloads").PracticeIndex, "words"> & { words: Words }} Index
 */
/**
 * The words the page reads (words.py's, for the browser): the seats', the hands' and the touch board's (moves,
 * play, over), and the practice page's own (words.PRACTICE).
 * @typedef {{ seats: { opponent: string, next: string, other: string }, hands: Record<string, string>,
 *   moves: Record<string, string>, play: Record<string, string>, over: Record<string, string>,
 *   practice: Record<string, string> }} Words
 */
/**
 * A variant's data file (practice/<slug>.js, PracticeData) as read: its puzzles by position, their positions
 * (nodes: every position's, table, when the file ships those), its goals and every position (empty without goals).
 * @typedef {Omit<import("../core/payloads").PracticeData, "nodes"> & { nodes: Nodes }} VariantData
 */
/** The daily puzzles' pool (practice/daily.js). @typedef {import("../core/payloads").DailyPool} DailyPool */

/**
 * What the page tells the visitor after a move, as data (the views say it, view/feedback.js): a wrong move (its
 * mark and meaning, the answer it meets, the solution and the whole line when the first move was the wrong one),
 * a puzzle solved, a right move with the defender's reply, the solution given up, the streak over, the rating's
 * change, or a move in a goal (said from the goal's state).
 * @typedef {{ kind: "wrong", move: Move, many: boolean, sol: Move, line: string[] | null }
 *   | { kind: "solved", move: Move } | { kind: "kept", move: Move, reply: string }
 *   | { kind: "solution", sol: Move } | { kind: "streak-over", count: number, best: number }
 *   | { kind: "delta", before: number, after: number } | { kind: "goal" }} Said
 */
/**
 * The puzzle on the board: its id and variant, the index entry (none for a retry), its state, what was said of
 * the last move, whether it is rated, its label and the next button's words.
 * @typedef {{ id: string, slug: string, entry?: Entry, state: PuzzleState, feedback: Said[], rated: boolean,
 *   label?: string, nextLabel?: string }} Current
 */
/** Extras of a puzzle opened. @typedef {{ label?: string, nextLabel?: string }} Extra */
/** The goal on the board. @typedef {{ id: string, slug: string, title: string, text: string, state: GoalState, feedback: Said[] }} CurrentGoal */
/**
 * The storm (the timed run): its count, whether it is over, the puzzles it showed, whether the last one was
 * solved, and once over which bests it beat (of the day, of the week).
 * @typedef {{ run: import("./timed.js").Run, done: boolean, seen: string[], last: boolean | null,
 *   beat: { day: boolean, week: boolean } | null }} Timed
 */
/** What the page read from its address (params.js). @typedef {import("./params.js").Params} Params */
/** A file the visitor chose (a File in the page): its name, size and text. @typedef {{ name: string, size: number, text: () => Promise<string> }} Chosen */

/**
 * The practice session's state (ctrl.js).
 * @typedef {object} State
 * @property {Index} idx
 * @property {Entry[]} puzzles the index's puzzles as entries
 * @property {Words} W
 * @property {Progress} progress
 * @property {{ where: string, parts: string[] } | null} aside the progress set aside, and where it was kept
 * @property {string[]} notes the address's notes
 * @property {Record<string, VariantData>} data the variants' data files read so far
 * @property {string} mode puzzles, streak, timed, daily, goals or retry
 * @property {string} variant
 * @property {string} theme
 * @property {Current | null} cur
 * @property {string} msg
 * @property {Entry[]} failedRun
 * @property {Entry[]} run
 * @property {{ order: Entry[], i: number, count: number, over: boolean } | null} streak
 * @property {CurrentGoal | null} goal
 * @property {{ slug: string, list: string[], at: number, missing: number } | null} retry
 * @property {Map<string, Entry>} byId
 * @property {string} level the difficulty (practice.js LEVELS)
 * @property {Timed | null} timed
 * @property {() => number} now the clock (ms; a test may put its own)
 * @property {number} timedLength how long a timed run lasts (ms; a test may shorten it)
 */

/**
 * What the session is given: the loader of the data files, the browser's storage (null where refused), the clock,
 * and what to call after every change of its state.
 * @typedef {{ load: (name: string) => Promise<unknown>, storage: Store | null, now: () => number,
 *   redraw: () => void }} Deps
 */

/**
 * What the views need of the page besides the state: the touch board the position is drawn on, whether the
 * filters are open, and how many puzzles the filters leave.
 * @typedef {{ board: { html: (shown: import("./handboard.js").Shown) => import("../core/html.js").Html },
 *   filtersOpen: boolean, left: number }} Ui
 */

export {};
