/* vizgen theme's types: the names of the two themes and a palette (vizgen/site/drawing/theme.py's), read by the
 * views that draw in colours; the page's side (the theme in use, the toggle, the palettes kept current) is
 * pages/core/theme.js, the only module that touches the page for it.
 */
/** @typedef {"light" | "dark"} ThemeName */
/** @typedef {Record<string, string>} Palette  a theme's colours by palette key (theme.py) */
/** @typedef {{ readonly themes: Readonly<Record<ThemeName, Palette>> }} Themed  a page configuration with both palettes */

export {};
