/* vizgen vis: the page's vis-network (its script, loaded before ours, sets window.vis), and the little of it the
 * viewer uses, typed for the checker.
 */

/** @typedef {{ x: number, y: number }} Point */
/** @typedef {Record<string, unknown> & { id: number | string }} Item  a node or an edge of a data set */
/**
 * A vis data set of nodes or edges.
 * @typedef {{ add(items: ReadonlyArray<Item>): unknown, update(items: ReadonlyArray<Item>): unknown, clear(): void }} DataSet
 */
/**
 * What a click on the network says.
 * @typedef {{ nodes?: Array<number | string>, edges?: Array<number | string> }} ClickParams
 */
/**
 * A vis network, as the viewer uses it.
 * @typedef {object} Network
 * @property {(options: Record<string, unknown>) => void} setOptions
 * @property {(width: string, height: string) => void} setSize
 * @property {() => void} redraw
 * @property {(options?: Record<string, unknown>) => void} fit
 * @property {(ids?: ReadonlyArray<number | string>) => Record<string, Point>} getPositions
 * @property {(p: Point) => Point} canvasToDOM
 * @property {() => number} getScale
 * @property {(options: Record<string, unknown>) => void} moveTo
 * @property {(ids: ReadonlyArray<number | string>, highlightEdges?: boolean) => void} selectNodes
 * @property {(event: string, fn: (params: any) => void) => void} on  params: the event's own (a click's, a canvas context)
 * @property {(event: string, fn: (params: any) => void) => void} once
 * @property {{ nodes: Record<string, { x: number, y: number }> }} body
 * @property {unknown} [renderer]
 */
/**
 * The library.
 * @typedef {{ DataSet: new (items: ReadonlyArray<Item>) => DataSet,
 *   Network: new (container: HTMLElement, data: { nodes: DataSet, edges: DataSet }, options: Record<string, unknown>) => Network }} Vis
 */

/**
 * The page's vis-network, or null when its script did not load.
 * @returns {Vis | null}
 */
function lib() {
  var w = /** @type {{ vis?: Vis }} */ (/** @type {unknown} */ (globalThis));
  return w.vis && w.vis.Network ? w.vis : null;
}

export { lib };
