/* vizgen rulewire: a block of the wire made in the browser (vizgen/site/render/wire.py), for the data files of a
 * rule set solved on the rules page (rulemodel.js): values plus one in byte planes, zlib, base64.
 */

/** @typedef {{name: string, width: number}} Field a column of the block and its width in bytes */

/**
 * The block of `length` rows of `columns` (by field name), field by field in byte planes.
 * @param {ReadonlyArray<Field>} fields
 * @param {Record<string, ArrayLike<number>>} columns
 * @param {number} length
 * @returns {Promise<string>}
 */
function encode(fields, columns, length) {
  var need = 0;
  fields.forEach(function (f) { need += f.width * length; });
  var bytes = new Uint8Array(need), at = 0;
  for (var b = 0; at < need; b++) {
    fields.forEach(function (f) {
      if (f.width <= b) return;
      var col = columns[f.name], div = Math.pow(256, b);
      for (var i = 0; i < length; i++) bytes[at++] = Math.floor((col[i] + 1) / div) % 256;
    });
  }
  var stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Response(stream).arrayBuffer().then(function (buf) {
    var u = new Uint8Array(buf), s = "";
    for (var k = 0; k < u.length; k += 0x8000) {
      s += String.fromCharCode(...u.subarray(k, k + 0x8000)); // 32 K arguments at most
    }
    return btoa(s);
  });
}

export { encode };
