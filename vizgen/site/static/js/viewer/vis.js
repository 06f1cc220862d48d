/* vizgen vis: the page's vis-network (its script, loaded before ours, sets window.vis: the page's entry hands it
 * in), the little of it the viewer uses, typed for the checker, and the page's animation frames as the drawing
 * asks for them.
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
 * The page's animation frames (the entry makes them from requestAnimationFrame): the time now, the next frame
 * asked for, and the one asked for last cancelled.
 * @typedef {{ now(): number, next(fn: (now: number) => void): void, cancel(): void }} Frames
 */

/**
 * The page's vis-network, or null when its script did not load (what window.vis holds, checked).
 * @param {unknown} found
 * @returns {Vis | null}
 */
function lib(found) {
  if (typeof found !== "object" || found === null || !("Network" in found) || !("DataSet" in found)) return null;
  var net = found.Network, set = found.DataSet;
  if (typeof net !== "function" || typeof set !== "function") return null;
  return { Network: /** @type {Vis["Network"]} */ (net), DataSet: /** @type {Vis["DataSet"]} */ (set) };
}

export { lib };
