/* vizgen loader: what a page's data file gives, by its name (Load), and a loader of files made in the page.
 *
 * The data files of a built page are loaded as scripts by pages/core/loader.js's create (the page's side: the
 * script elements and the vizgenLoad each file calls); the apps are handed a Load and never touch the page.
 */
/** @typedef {(name: string) => Promise<unknown>} Load  a data file's payload by its name */

/** A loader of files made in the page (the rules page's solved rule set): `source(name)` gives a promise of
   the payload, as a data file would.
   @param {(name: string) => unknown} source
   @returns {Load} */
function inline(source) {
  return function load(/** @type {string} */ name) {
    return Promise.resolve(name).then(source);
  };
}

export { inline };
