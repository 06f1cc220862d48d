/* vizgen wire: the one decoder of the per-position blocks that vizgen/site/render/wire.py encodes.
 *
 * A block is base64 text of zlib-compressed byte planes of one byte per position: the low byte of each
 * field of its spec ([{name, width}], shipped with the page) in order, then the second byte of each field
 * at least two bytes wide, then the third. A value is stored plus one, so 0 reads as -1 (none; on a code
 * page, a code no game reaches). Small pages carry one block
 * indexed by node id (nodes.js) and their opponents' moves per chunk, code pages one per chunk of codes.
 */
/**
 * @param {string} text base64
 * @returns {Uint8Array}
 */
function bytesOf(text) {
  var s = atob(text);
  var out = new Uint8Array(s.length);
  for (var i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}

/**
 * Open zlib-compressed bytes (the browser's and Node's DecompressionStream).
 * @param {Uint8Array} bytes
 * @returns {Promise<Uint8Array>}
 */
function inflate(bytes) {
  var stream = new Blob([/** @type {Uint8Array<ArrayBuffer>} */ (bytes)]).stream().pipeThrough(new DecompressionStream("deflate"));
  return new Response(stream).arrayBuffer().then(function (buf) { return new Uint8Array(buf); });
}

/** The values of `length` positions, read from a block's bytes by its fields. */
class Block {
  /**
   * @param {ReadonlyArray<{readonly name: string, readonly width: number}>} fields
   * @param {Uint8Array} bytes
   * @param {number} length
   */
  constructor(fields, bytes, length) {
    var need = 0;
    fields.forEach(function (f) { need += f.width * length; });
    if (bytes.length !== need) {
      throw new Error("a block of " + length + " positions has " + bytes.length + " bytes, not " + need);
    }
    this.length = length;
    this.bytes = bytes;
    /** @type {Map<string, number[]>} field name -> the offsets of its planes, low byte first */
    this.at = new Map();
    /** @type {Map<string, Int32Array>} */
    this.columns = new Map();
    var at = this.at, offset = 0;
    fields.forEach(function (f) { at.set(f.name, []); });
    for (var b = 0; offset < need; b++) {
      fields.forEach(function (f) {
        if (f.width > b) {
          /** @type {number[]} */ (at.get(f.name)).push(offset);
          offset += length;
        }
      });
    }
  }

  /** @param {string} name @returns {boolean} */
  has(name) {
    return this.at.has(name);
  }

  /**
   * The value of field `name` at position i of the block (-1: none).
   * @param {string} name
   * @param {number} i
   * @returns {number}
   */
  get(name, i) {
    var planes = this.at.get(name);
    if (!planes) throw new Error("no field " + name + " on the wire");
    var v = 0;
    for (var p = planes.length - 1; p >= 0; p--) v = v * 256 + this.bytes[planes[p] + i];
    return v - 1;
  }

  /**
   * Every value of field `name`, as an Int32Array (made once).
   * @param {string} name
   * @returns {Int32Array}
   */
  column(name) {
    var col = this.columns.get(name);
    if (!col) {
      col = new Int32Array(this.length);
      for (var i = 0; i < this.length; i++) col[i] = this.get(name, i);
      this.columns.set(name, col);
    }
    return col;
  }
}

/**
 * A block from its base64 text: a promise of the Block of `length` positions.
 * @param {ReadonlyArray<{readonly name: string, readonly width: number}>} fields
 * @param {string} text
 * @param {number} length
 * @returns {Promise<Block>}
 */
function read(fields, text, length) {
  return inflate(bytesOf(text)).then(function (bytes) { return new Block(fields, bytes, length); });
}

export { Block, read };
