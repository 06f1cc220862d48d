/* vizgen index interfaces: the types of the index's rule filter (index/ctrl.js), JSDoc only.
 *
 * The cards are the page's own markup (vizgen/site/templates/index.html): each card's data-rules (the parameters
 * it changes from the standard game, by name) and data-words (its title, summary, spec and the words of its rules),
 * read once by the page's entry (pages/index.js) into Groups.
 */

/** @typedef {{ readonly rules: string, readonly words: string }} Card  a variant's card, as the filter reads it */
/** @typedef {ReadonlyArray<Card>} Group  the cards of one section of the index */

/**
 * The filter's state: what is ticked and typed, and what shows.
 * @typedef {object} FilterState
 * @property {string[]} ticked the rules ticked, by name
 * @property {string} typed the words typed
 * @property {boolean[][]} shows per group, per card: whether it shows
 * @property {boolean[]} groupShows per group: whether it shows (a group with cards but none showing is hidden)
 * @property {number} shown the cards showing
 * @property {number} total every card
 */

export {};
