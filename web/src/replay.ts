// A game's moves by ply and the positions between them, for stepping
// through a game: the positions the server showed are taken as they are,
// the others are worked out by playing the moves (chessops, atomic rules).

import { INITIAL_FEN, playSan } from './board';

export interface Step {
  fen: string;
  /** The last move's squares and what it blew up, when known. */
  from?: string;
  to?: string;
  blown: string[];
}

export class Replay {
  private steps = new Map<number, Step>();

  /**
   * `sans`: the moves by ply (1 = White's first move); `fens`: the
   * positions the server showed, by the ply before which they stand; `start`:
   * the position before ply 1 when the game had no moves before it
   * (null: the usual start, unless the server showed another one).
   */
  constructor(
    readonly sans: Map<number, string>,
    private readonly fens: Map<number, string>,
    private readonly start: string | null = null,
  ) {}

  /** The plies one can step to: from the first known position to the last move. */
  get first(): number {
    const known = [...this.fens.keys(), ...[...this.sans.keys()].map((p) => p - 1)];
    if (this.start !== null || this.sans.has(1)) return 0;
    return known.length ? Math.min(...known) : 0;
  }

  get last(): number {
    const plies = [...this.sans.keys(), ...this.fens.keys()];
    return plies.length ? Math.max(...plies) : 0;
  }

  /** The position after `ply` half-moves, or null when it cannot be known. */
  at(ply: number): Step | null {
    const cached = this.steps.get(ply);
    if (cached) return cached;
    let step: Step | null = null;
    const prev = ply > 0 ? this.at(ply - 1) : null;
    const san = this.sans.get(ply);
    if (prev && san) {
      const played = playSan(prev.fen, san);
      if (played) step = { fen: played.fen, from: played.from, to: played.to, blown: played.blown };
    }
    const shown = this.fens.get(ply);
    if (shown) step = { ...(step ?? { blown: [] }), fen: shown };
    if (!step && ply === 0) step = { fen: this.start ?? INITIAL_FEN, blown: [] };
    if (step) this.steps.set(ply, step);
    return step;
  }

  /** Forgets what was worked out (after moves were taken back or added). */
  reset(): void {
    this.steps.clear();
  }
}
