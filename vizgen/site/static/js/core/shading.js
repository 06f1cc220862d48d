/* vizgen shading: each cell's shade on a value map made in the browser (the rules page), as
 * vizgen/site/drawing/valuemap.py shades works it out for the built pages: 0 at game over up to shades - 1 at the
 * longest end of the map, 0 where no one can force an end, -1 where no game goes. The colour of each shade in
 * each theme comes from the Python (valuemap.shade_colours, in the page's configuration): none is mixed here.
 * tests/test_theme.py checks this against the Python on several variants.
 */
/** rem: per cell the remoteness of the position there (-1: no one can force an end), null where no game goes.
 @param {ReadonlyArray<number | null>} rem
 @param {number} count the number of shades
 @returns {number[]} */
function shades(rem, count) {
  var longest = 1;
  rem.forEach(function (r) { if (r !== null) longest = Math.max(longest, r); });
  return rem.map(function (r) {
    return r === null ? -1 : r >= 0 ? Math.ceil((r * (count - 1)) / longest) : 0;
  });
}

export { shades };
