/* vizgen viewer types: the two names the play app imported before the viewer's types moved to interfaces.js
 * (issue #47); read interfaces.js. Nothing runs here. */

/** @typedef {import("./interfaces.js").Face} Api  the viewer's face, window.vizgen */
/** @typedef {import("./interfaces.js").Config} Config  the page's configuration */

export {};
