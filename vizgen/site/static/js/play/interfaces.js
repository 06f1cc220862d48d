/* vizgen play interfaces: the play app's types (JSDoc only, nothing runs here): what the game reads of the page's
 * model and its details, what the controller is given (the viewer's face, the address, a timer, a redraw), what
 * it asks of the panel, the state the views draw and the face the page offers tests (window.vizgen.play).
 */

/** @typedef {import("../core/html.js").Html} Html */
/** @typedef {import("./game.js").Game} Game */
/** @typedef {import("./review.js").Move} Move */
/** @typedef {import("./opponents.js").Detail} OpponentDetail */

/**
 * The viewer's face (viewer/face.js, window.vizgen), handed to the game by the page's entry: its hooks, the
 * position shown, the page's configuration and model.
 * @typedef {import("../viewer/interfaces.js").Face} Face
 */
/** The page's configuration, as the viewer reads it. @typedef {import("../viewer/interfaces.js").Config} Config */
/**
 * The page's configuration as the game reads it besides the viewer's: the variant's slug (the result card's file),
 * on the rules page the rule set played, and the words of the review and of the endings.
 * @typedef {Config & { slug?: string, ruleset?: string, words: Config["words"] & Words }} PlayConfig
 */

/**
 * A position's detail as the game reads it: its annotated moves, the computer opponents' moves where shipped,
 * the players' hands where known.
 * @typedef {OpponentDetail & { hands?: ReadonlyArray<ReadonlyArray<number>> }} Detail
 */
/**
 * The page's model as the game reads it (viewer/model.js or viewer/codemodel.js).
 * @typedef {import("./game.js").GameModel & import("./opponents.js").OpponentModel & {
 *   details: { get(id: number): Detail | undefined }, detail(id: number): Promise<Detail>,
 *   hands?: (id: number) => ReadonlyArray<ReadonlyArray<number>>,
 *   cls(id: number): import("../core/contract.js").Contract["verdicts"][number]["cls"],
 *   short(id: number): string }} PlayModel
 */
/**
 * The evaluation bar's value (view/evalbar.js): the position the game is at, for the seat to move (from the first
 * player): its verdict's class (win, draw or loss) and short words ("win in 5 plies"), as the page's model reads
 * them from the node table.
 * @typedef {{ seat: number, cls: import("../core/contract.js").Contract["verdicts"][number]["cls"], words: string }} Evaluation
 */
/**
 * What the game asks of the panel at a position (viewer/panel.js draws it): the seats named by who plays them,
 * the board live on your turn, the computer's move about to be played, each move's value for you while another
 * player chooses.
 * @typedef {{ board: "browse" } | { names: string[], human: number, board: "play" | false, pending: number | null,
 *   keep: boolean, head: { cls: string, text: string } | null, row: (m: Move) => string,
 *   badge: ((m: Move) => { cls: string, text: string }) | null }} Decor
 */

/**
 * The page's address, as the game reads and writes it (the entry gives it: location and history).
 * @typedef {object} Place
 * @property {() => string} query the query string ("?…" or "")
 * @property {() => string} hash the fragment ("#…" or "")
 * @property {() => string} path the page's path
 * @property {() => string} origin
 * @property {() => string} href the whole address
 * @property {(url: string, push: boolean) => void} write push: a new entry of the history, else the entry rewritten
 * @property {() => boolean} local the page is a file on this computer (file://): no address of it reaches a friend
 * @property {() => string | null} published the page's address on the published site (its og:url), if the build
 *   named the site (vizgen build --site-url)
 */
/**
 * What the controller is given by the page's entry (pages/play.js), or by a test.
 * @typedef {object} Host
 * @property {Face} face the viewer's face
 * @property {Place} place the address
 * @property {(fn: () => void, ms: number) => () => void} later run fn after ms; returns what cancels it
 * @property {() => void} redraw draw the play section and the log again from the controller's state
 * @property {() => void} expand on a phone, the panel's sheet opened to the whole screen
 * @property {() => void} told a record that cannot be read: its message brought into view
 * @property {() => number} seed a new game's seed
 * @property {(url: string) => Promise<boolean>} copy put a link on the clipboard: true once it is there
 */

/** A way to start a game (controls.js). @typedef {import("./controls.js").Way} Way */

/** The model's details, as the views read them. @typedef {{ details: { get(id: number): Detail | undefined } }} Details */
/** The page's words as the game reads them: PLAY (also as W), the review's and the endings' (payloads.py). @typedef {import("../core/payloads").GameWords} Words */
/**
 * What the views are drawn with (pages/play.js makes it from the controller and the page).
 * @typedef {object} Ctx
 * @property {Record<string, string>} W words.PLAY
 * @property {Words & { units: import("../core/util.js").Units }} words every word of the page the game reads (and
 *   the units a share is written in)
 * @property {Record<string, string>} T the theme's palette
 * @property {Details} model the page's model: the positions' details
 * @property {(kind: string) => string} kindName
 * @property {(kind: string) => string} name the kind's name, capitalised
 * @property {(g: Game, seat: number) => string} role
 * @property {import("./game.js").Live} live
 * @property {boolean} hidden the values hidden
 * @property {number | null} selected the position shown
 * @property {Evaluation | null} [evaluation] the evaluation bar's value (PlayCtrl.evaluation); none: no bar
 * @property {(g: Game) => Html} after the add-ons' part of the end-of-game area
 * @property {(g: Game) => string} sentence the result in one sentence
 * @property {string} href the page's address
 * @property {(seat: number) => string} link a game by link: the address to send to the person at `seat` (from 0);
 *   "" where there is none (a file:// page of a site with no published address)
 * @property {string} path the page's path (the review's link to practise)
 * @property {boolean} share the browser has a share sheet
 */
/**
 * What the play box shows besides the game: the seats chosen, the kinds of player offered, what it says of a
 * record that cannot be read, and whether a link was just copied.
 * @typedef {{ game: Game | null, seats: ReadonlyArray<string>, kinds: ReadonlyArray<string>, message: string,
 *   copied: boolean }} Box
 */

/**
 * The game as a test reads it (window.vizgen.play.state()).
 * @typedef {{ seats: string[], path: string[], line: string[], redo: number, over: boolean,
 *   end: import("./game.js").Ending | null, yourTurn: boolean, paused: boolean, hidden: boolean, challenge: boolean,
 *   mode: import("./game.js").Mode, canMove: boolean, waiting: boolean, theirs: boolean, seat: number | null,
 *   sendTo: number[], hints: number[], values: number[] }} Snapshot
 */

/**
 * Everything a test needs of the game (window.vizgen.play).
 * @typedef {object} PlayApi
 * @property {boolean} ready the record in the address has been read
 * @property {number} delay ms before a computer opponent's move is shown highlighted, and again before it is played
 * @property {Game | null} game
 * @property {string} message
 * @property {((g: Game) => Html | null)[]} after functions (game) -> markup put in the end-of-game area
 * @property {(seats: string[], seed?: number, challenge?: boolean) => Promise<void>} start
 * @property {(fn: (g: Game) => Html | null) => void} onAfter
 * @property {() => string} sentence
 * @property {() => void} undo
 * @property {(k: number) => void} seek
 * @property {() => void} quit
 * @property {() => void} hint
 * @property {() => string | null} record
 * @property {() => Snapshot | null} state
 */

export {};
