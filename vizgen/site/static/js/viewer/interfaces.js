/* vizgen viewer interfaces: the viewer's types (JSDoc only, nothing runs here): the page's configuration and words,
 * a position's detail, the model both kinds of page offer, the controller's state (ctrl.js) and the explorer's
 * walk, the shared `app`, and the page's face (Face: window.vizgen, what the play app and the tests drive).
 */

/** @typedef {import("../core/hands.js").WordTable} WordTable */
/** @typedef {import("../core/util.js").Units} Units */
/** @typedef {import("../core/theme.js").Palette} Palette */
/** @typedef {import("../core/loader.js").Load} Load */
/** @typedef {import("../core/html.js").Html} Html */
/** @typedef {import("../core/board.js").BoardMove} BoardMove */
/** @typedef {import("./vis.js").Network} Network */

/**
 * The words of the page (vizgen/analysis/words.py, the tables the viewer reads).
 * @typedef {object} Words
 * @property {Units} units
 * @property {string} ply
 * @property {string} plies
 * @property {string} sheet
 * @property {WordTable} moves
 * @property {WordTable} play
 * @property {WordTable} over
 * @property {WordTable} hands
 * @property {{ summary: string, parts: ReadonlyArray<readonly [string, string]>, lines: ReadonlyArray<readonly [string, string]> }} notation
 */

/**
 * The page's configuration (<script id="vizgen-config">): the Python's PageConfig (vizgen/site/render/payloads.py,
 * core/payloads.d.ts), its word tables and palettes as the viewer reads them; the rules page writes its own
 * (rules/rulemodel.js), without `gain` and with `inline`: the viewer waits for the rule set's data files, which the
 * rules page hands to its boot (pages/viewer.js's bootViewer).
 * @typedef {Omit<import("../core/payloads").PageConfig, "words" | "themes" | "gain"> & { words: Words,
 *   themes: Readonly<Record<import("../core/theme.js").ThemeName, Palette>>, gain?: boolean, inline?: boolean }} Config
 */

/** @typedef {import("../core/payloads").Column} Column  a column of the node table that the panel lists */
/** @typedef {import("../core/payloads").FieldSpec} FieldSpec  a field of a wire block */

/**
 * A move of a position, annotated (facts.js): the position it reaches, its names, its meaning for the chooser.
 * @typedef {{ dst: number, names: string[], choice: number, n: number, k: number, best: boolean }} Move
 */

/**
 * Everything the panel and a game need about a position (model.js, codemodel.js).
 * @typedef {object} Detail
 * @property {number} id
 * @property {number[][]} hands
 * @property {Array<number | null>} values the panel's column values
 * @property {Move[]} moves
 * @property {number[]} parents
 * @property {number[]} [opponents] per computer player, the position it moves to (-1 at the end)
 */

/**
 * The model both kinds of page offer (model.js on small and big pages, codemodel.js on code pages).
 * @typedef {import("./facts.js").Facts & {
 *   readonly P: number, readonly n: number, readonly startId: number, readonly lazy: boolean,
 *   readonly details: Map<number, Detail>,
 *   readonly size?: number, readonly box?: readonly [number, number] | null,
 *   readonly x?: ReadonlyArray<number>, readonly y?: ReadonlyArray<number>,
 *   readonly bands?: ReadonlyArray<readonly [number, number, string, string, string]>,
 *   readonly shownEdges?: Set<number> | null, readonly notation?: ReadonlyArray<string>,
 *   readonly rules?: { readonly R: { readonly sets: ReadonlyArray<string>, readonly hands: ReadonlyArray<ReadonlyArray<number>> } },
 *   name(i: number): string, find(text: string): number | undefined, lookup(text: string): number | undefined,
 *   detail(i: number): Promise<Detail>,
 *   ensure?(codes: ReadonlyArray<number>): Promise<unknown>, reachable?(code: number): boolean,
 *   links?(code: number): { moves: Array<import("./facts.js").Link & { best: boolean }>, parents: number[] },
 *   chunkData?(k: number): Promise<import("./model.js").Chunk>,
 *   rowMoves?(row: import("./model.js").Row): Move[],
 * }} PageModel
 */

/**
 * A badge's colour class and words.
 * @typedef {{ cls: string, text: string }} Badge
 */
/**
 * What a game asks of the panel at a position (play.js's decor, set with vizgen.decorate).
 * @typedef {import("../core/board.js").BoardDecor & {
 *   keep?: boolean, head?: Badge | null, row?: (m: Move) => string, badge?: ((m: Move) => Badge) | null,
 * }} Decor
 */

/**
 * The graph of a small variant (graph.js).
 * @typedef {{ build(container: HTMLElement): Promise<void>, restyle(): void, path(ids: ReadonlyArray<number> | null): void,
 *   highlight(id: number, fade: boolean): void, focus(id: number): void, redrawMoves(): void, unfade(): void }} Graph
 */
/**
 * The explorer of a big variant (explorer.js).
 * @typedef {{ build(container: HTMLElement): void, explore(id: number, animate: boolean): Promise<void>,
 *   more(): Promise<void>, restyle(): void }} Explorer
 */
/**
 * The value map (valuemap.js), as the viewer uses it.
 * @typedef {{ draw(): void, mark(id: number, d: Detail | null): void, path?(ids: ReadonlyArray<number> | null): void }} MapView
 */
/**
 * What the viewer asks of the value map: the palette, what a click picks, a cell's hover words and a compared
 * cell's value in a word.
 * @typedef {{ theme: Palette, pick: (id: number) => void, text: (id: number) => string, valueWord: (v: number) => string }} MapOptions
 */
/**
 * The value map's maker, given by the page's entry (pages/variant.js); payload: map.js's.
 * @typedef {new (container: HTMLElement, model: PageModel, payload: unknown, options: MapOptions) => MapView} MapMaker
 */

/**
 * The navigation (pages/viewer/navigation.js): which position is shown, and how it gets there.
 * @typedef {{ go(id: number): void, clicked(id: number): void,
 *   select(id: number, animate: boolean, focus?: boolean): Promise<void>, onHash(ev?: Event): Promise<void>,
 *   wire(): void }} Navigation
 */

/** @typedef {(panel: HTMLElement, id: number, detail: Detail) => void} PanelHook */
/** @typedef {(from: number, to: number) => boolean | void} MoveHook */

/** @typedef {{ moves: ReadonlyArray<{ dst: number, best: boolean }>, parents: ReadonlyArray<number> }} Near  a position's moves and parents */
/** @typedef {{ take: number[][], total: number, shown: number }} Picked  level 2: per level-1 position the ones shown */
/**
 * The explorer's walk at one centre (ctrl.js): the centre, its detail, how many of level 1 are its moves'
 * targets, level 1, their moves and parents, and level 2.
 * @typedef {{ id: number, d0: Detail, nc: number, level1: number[], details: Near[], picked: Picked }} Walk
 */
/**
 * The controller's state (ctrl.js).
 * @typedef {object} ViewerState
 * @property {number | null} selected the position shown
 * @property {number} selections how many selections have been drawn everywhere (tests wait on it)
 * @property {string} message the message line under the search box ("" none)
 * @property {number[]} trail the explorer's centres visited, oldest first
 * @property {number} cap the most level-2 positions the explorer shows around its centre
 * @property {Walk | null} walk the explorer's neighbourhood shown
 * @property {boolean} hideValues every value hidden (a challenge)
 */

/**
 * window.vizgen, the page's face to add-ons, the game (play/) and tests (face.js); `selected` and `selections`
 * read the controller's state.
 * @typedef {object} Face
 * @property {Config} config
 * @property {boolean} ready
 * @property {number | null} selected
 * @property {number} selections
 * @property {PageModel | null} model
 * @property {Network | null} network
 * @property {string | null} error
 * @property {string} [view]
 * @property {MapView} [map]
 * @property {boolean} [drawn]
 * @property {{ centre: number, level1: number, level2: number, of: number, edges: number }} [explored] what the explorer shows
 * @property {Load} [load]
 * @property {(fn: PanelHook) => void} [onPanel]
 * @property {(fn: MoveHook) => void} [onMoveClick]
 * @property {(fn: (id: number, d: Detail) => Decor | null) => void} [decorate]
 * @property {(text: string) => number | undefined} [resolve]
 * @property {(text: string) => Promise<number | undefined>} [locate]
 * @property {() => void} [unfade]
 * @property {(ids: ReadonlyArray<number> | null) => void} [path]
 * @property {() => Promise<void>} [redraw]
 * @property {(on: boolean) => void} [hideValues]
 * @property {(notationOrId: number | string) => number | undefined | Promise<number | undefined>} [go]
 * @property {(id: number) => Promise<void>} [select]
 */

/**
 * What every part of the page shares: the configuration, its words and colours, the model, navigation.
 * @typedef {object} App
 * @property {Config} cfg
 * @property {Words} W
 * @property {Palette} T the palette in use (theme.js keeps it current)
 * @property {Config["seats"]} seats
 * @property {Face} api
 * @property {{ panel: PanelHook[] }} hooks the add-ons' panel hooks (their move hooks: the controller's)
 * @property {import("./ctrl.js").ViewerCtrl} ctrl the viewer's state and actions
 * @property {PageModel} model the controller's, read before any view is drawn
 * @property {boolean} hideValues the controller's: every value hidden (a challenge), as core/board.js reads it
 * @property {[HTMLElement, number, Detail] | null} shown the panel's last filling
 * @property {Load} load
 * @property {(id: number) => void} go
 * @property {(id: number) => void} clicked
 * @property {(err: unknown) => void} fail
 * @property {MapMaker | null} ValueMap
 * @property {((id: number, d: Detail) => Decor | null) | undefined} [decor]
 * @property {Graph | null} [graph]
 * @property {Explorer | null} [explorer]
 * @property {ReadonlyArray<number> | null} [trail]
 * @property {Navigation | null} nav the navigation, once made
 */

export {};
