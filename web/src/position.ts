// A board as the JSON framing's `board` message gives it (docs/json-protocol.md),
// in the shape the pages use, and the small pure facts pages draw from it:
// the piece on a square, the last move's squares, an explosion's squares,
// French piece letters, a clock's text. No DOM, no socket.

/** A position of a game I play, observe or examine. */
export interface Board {
  /** The position as FEN. */
  fen: string;
  /** Ranks 8..1, files a..h: `PNBRQK` white, `pnbrqk` black, `-` empty (from the FEN). */
  rows: string[];
  turn: 'white' | 'black';
  /** Half-moves played before this board. */
  ply: number;
  game: number;
  white: string;
  black: string;
  whiteRating: string | null;
  blackRating: string | null;
  /** 1 my move, -1 opponent's, 0 observing, 2 examining, -2 observing an examination. */
  relation: number;
  minutes: number;
  increment: number;
  whiteMs: number;
  blackMs: number;
  /** `P/e2-e4`, `o-o`, or `none`. */
  verbose: string;
  /** The last move in SAN (English letters), or `none`. */
  san: string;
  /** The last move in UCI (an Atomic960 castling: the king onto its rook), or `none`. */
  uci: string;
  flip: boolean;
  ticking: boolean;
  /** The game's database id (null for an examined game). */
  dbId: number | null;
  /** The game's rules: Atomic960 castles the king onto its rook (Chess960 castling). */
  variant: 'atomic' | 'atomic960';
  /** The Chess960 number of an Atomic960 game's start, if it began from one of the 960. */
  chess960: number | null;
  /** On a simul's boards: the exhibitor's name (null on any other board). */
  simul: string | null;
}

const FILES = 'abcdefgh';

/** The 8 rows of a FEN's placement, `-` for an empty square. */
export function fenRows(fen: string): string[] {
  return fen
    .split(' ')[0]
    .split('/')
    .map((r) => r.replace(/\d/g, (d) => '-'.repeat(Number(d))));
}

/** Half-moves played before this board. */
export function plyOf(b: Board): number {
  return b.ply;
}

/** The board as FEN. */
export function boardFen(b: Board): string {
  return b.fen;
}

/** The piece letter (or '') on a square such as `e4`. */
export function pieceAt(b: Board, square: string): string {
  const file = FILES.indexOf(square[0]);
  const rank = Number(square[1]);
  const c = b.rows[8 - rank]?.[file] ?? '-';
  return c === '-' ? '' : c;
}

/** From and to squares of the last move, from the verbose field (castling by the side that moved). */
export function lastMoveSquares(b: Board): [string, string] | null {
  const m = /([a-h][1-8])-([a-h][1-8])/.exec(b.verbose);
  if (m) return [m[1], m[2]];
  const rank = b.turn === 'white' ? '8' : '1'; // the side that moved is the other one
  // Atomic960: the king started anywhere; the UCI says where (the king onto its rook).
  if (b.variant === 'atomic960' && (b.verbose === 'o-o' || b.verbose === 'o-o-o')) {
    const uci = /^([a-h][1-8])([a-h][1-8])/.exec(b.uci);
    return uci ? [uci[1], uci[2]] : null;
  }
  if (b.verbose === 'o-o') return ['e' + rank, 'g' + rank];
  if (b.verbose === 'o-o-o') return ['e' + rank, 'c' + rank];
  return null;
}

/**
 * The squares of an explosion between two consecutive boards: the capture
 * square and every square whose piece vanished, except the square the
 * capturer left. Empty when the move was no capture.
 */
export function explodedSquares(before: Board, after: Board): string[] {
  if (!after.san.includes('x')) return [];
  const move = lastMoveSquares(after);
  if (!move) return [];
  const [from, to] = move;
  const out = new Set<string>([to]);
  for (let r = 1; r <= 8; r++) {
    for (const file of FILES) {
      const sq = file + r;
      if (sq !== from && pieceAt(before, sq) && !pieceAt(after, sq)) out.add(sq);
    }
  }
  return [...out].sort();
}

/** English SAN with the French piece letters (R D T F C). */
export function frenchSan(san: string): string {
  const map: Record<string, string> = { K: 'R', Q: 'D', R: 'T', B: 'F', N: 'C' };
  return san.replace(/[KQRBN]/g, (c) => map[c]);
}

/** French SAN typed by a user back to English letters (pawn files stay lowercase). */
export function englishSan(san: string): string {
  const map: Record<string, string> = { R: 'K', D: 'Q', T: 'R', F: 'B', C: 'N' };
  return san.replace(/[RDTFC]/g, (c) => map[c]);
}

/** `m:ss`, with tenths under ten seconds; negative clocks read 0:00. */
export function clockText(ms: number): string {
  const t = Math.max(0, ms);
  const s = Math.floor(t / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  if (h > 0) return `${h}:${String(m).padStart(2, '0')}:${sec}`;
  if (t < 10000) return `${m}:${sec}.${Math.floor((t % 1000) / 100)}`;
  return `${m}:${sec}`;
}
