/* A game's source for the importer (play/import.js's Source) made from the Python's cases (tests/import_cases.py):
 * each position met an id, its moves' targets and names, whether it is over and its winner; a notation the cases
 * do not hold resolves to nothing. */
export function source(c) {
  const names = [], ids = new Map();
  const id = (name) => {
    if (!ids.has(name)) {
      ids.set(name, names.length);
      names.push(name);
    }
    return ids.get(name);
  };
  id(c.start);
  const row = (i) => c.positions[names[i]];
  return {
    P: c.players, startId: 0, gain: c.gain, name: (i) => names[i],
    detail: (i) => Promise.resolve({ moves: row(i).moves.map(([dst, ...n]) => ({ dst: id(dst), names: n })) }),
    over: (i) => !!(row(i) && row(i).over), winner: (i) => (row(i) ? row(i).winner : -1),
    resolve: (text) => (Object.prototype.hasOwnProperty.call(c.positions, text) ? id(text) : undefined),
    locate: (text) => Promise.resolve(Object.prototype.hasOwnProperty.call(c.positions, text) ? id(text) : undefined),
  };
}
