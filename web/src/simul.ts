// The simul an exhibitor gives, as the model keeps it: several games of
// mine at once, each a board the server marks with its exhibitor
// (docs/json-protocol.md, `board`'s `simul`). The exhibitor's page shows
// them all (pages/simul.ts); a player of a simul has one game, as always.

import type { GameState, Model } from './state';

/**
 * Takes `g`, a board of the simul I give, into the model's list; true
 * when it was not there yet (a board that just began). A board after a
 * simul whose boards have all ended begins a new simul: the old ones go.
 */
export function simulBoard(model: Model, g: GameState): boolean {
  if (model.simulGames.includes(g)) return false;
  if (model.simulGames.length && model.simulGames.every((x) => x.end)) model.simulGames = [];
  // The same number again is a new game under it: the old one leaves the grid.
  model.simulGames = model.simulGames.filter((x) => x.number !== g.number || x.end);
  model.simulGames.push(g);
  return true;
}

/** Whether it is my move on this simul board (the exhibitor plays White). */
export function simulToMove(g: GameState): boolean {
  return !!g.board && !g.end && g.board.turn === 'white';
}
