// The board: chessground with the server's position, legal-move hints from
// chessops's atomic rules on that position, and the blast of every capture.

import { Chessground } from '@lichess-org/chessground';
import type { Api } from '@lichess-org/chessground/api';
import type { Config } from '@lichess-org/chessground/config';
import type { Key } from '@lichess-org/chessground/types';
import { Atomic } from 'chessops/variant';
import { INITIAL_FEN, makeFen, parseFen } from 'chessops/fen';
import { chessgroundDests } from 'chessops/compat';
import { parseSan } from 'chessops/san';
import { makeSquare } from 'chessops/util';
import { h } from './dom';
import { englishSan } from './position';

/** The position of a FEN under atomic rules, or null when chessops refuses it. */
export function atomicPosition(fen: string): Atomic | null {
  const setup = parseFen(fen);
  if (setup.isErr) return null;
  const pos = Atomic.fromSetup(setup.value);
  return pos.isErr ? null : pos.value;
}

export { INITIAL_FEN };

/** The position after a SAN move (English letters, with check signs or not), or null if it is not legal there. */
export function playSan(fen: string, san: string): { fen: string; from: string; to: string; blown: string[] } | null {
  const pos = atomicPosition(fen);
  if (!pos) return null;
  const move = parseSan(pos, san.replace(/[+#!?]+$/, ''));
  if (!move || !('from' in move)) return null;
  const before = pos.board.clone();
  pos.play(move);
  const from = makeSquare(move.from);
  const to = makeSquare(move.to);
  // The explosion: the capture square and every square that lost its piece, but the one the capturer left.
  const blown: string[] = [];
  if (san.includes('x')) {
    blown.push(to);
    for (const sq of before.occupied) {
      const name = makeSquare(sq);
      if (name !== from && name !== to && !pos.board.get(sq)) blown.push(name);
    }
  }
  return { fen: makeFen(pos.toSetup()), from, to, blown: blown.sort() };
}

/**
 * Legal destinations for chessground, by atomic rules. Castling is the
 * king onto its rook; in atomic (`chess960` false) also the king two
 * squares, as players of standard chess drag it. In Atomic960 only onto
 * the rook: from b1 the square c1 is the king's step, not castling.
 */
export function legalDests(fen: string, chess960 = false): Map<Key, Key[]> {
  const pos = atomicPosition(fen);
  return pos ? (chessgroundDests(pos, { chess960 }) as Map<Key, Key[]>) : new Map();
}

/**
 * A typed move (SAN in English or French letters, or coordinates) as the
 * server's coordinate form (`e2e4`, `e7e8=q`, `o-o`); null when it is no
 * legal move here.
 */
export function typedMove(fen: string, text: string, french: boolean, chess960 = false): string | null {
  const typed = text.trim().replace(/[+#!?]+$/, '');
  if (!typed) return null;
  const pos = atomicPosition(fen);
  if (!pos) return null;
  const coord = /^([a-h][1-8])-?([a-h][1-8])(?:[=/]?([qrbnQRBNdtfcDTFC]))?$/.exec(typed);
  if (coord) {
    const dests = chessgroundDests(pos, { chess960 }) as Map<string, string[]>;
    if (!dests.get(coord[1])?.includes(coord[2])) return null;
    const promo = coord[3] ? englishSan(coord[3].toUpperCase()).toLowerCase() : '';
    return `${coord[1]}${coord[2]}${promo ? '=' + promo : ''}`;
  }
  if (/^[o0]-?[o0]$/i.test(typed)) return parseSan(pos, 'O-O') ? 'o-o' : null;
  if (/^[o0]-?[o0]-?[o0]$/i.test(typed)) return parseSan(pos, 'O-O-O') ? 'o-o-o' : null;
  const san = french ? englishSan(typed) : typed;
  const move = parseSan(pos, san);
  if (!move || !('from' in move)) return null;
  const from = makeSquare(move.from);
  let to = makeSquare(move.to);
  const piece = pos.board.get(move.from);
  if (piece?.role === 'king' && Math.abs(move.to - move.from) !== 1 && Math.abs(move.to - move.from) !== 8 && pos.board.get(move.to)?.role === 'rook') {
    return move.to > move.from ? 'o-o' : 'o-o-o';
  }
  if (move.promotion) to += '=' + { queen: 'q', rook: 'r', bishop: 'b', knight: 'n', king: 'k', pawn: 'p' }[move.promotion];
  return from + to;
}

export interface BoardView {
  api: Api;
  el: HTMLElement;
  /** Shows a blast over these squares (an explosion). */
  blast(squares: string[], orientation: 'white' | 'black'): void;
}

/** A chessground board in a wrapper that also holds the blast layer. */
export function makeBoard(config: Config, small = false): BoardView {
  const inner = h('div', { class: 'cg-inner' });
  const layer = h('div', { class: 'blasts' });
  const el = h('div', { class: small ? 'board small' : 'board' }, inner, layer);
  const api = Chessground(inner, {
    animation: { enabled: true, duration: 180 },
    movable: { free: false, showDests: true, rookCastle: false },
    premovable: { enabled: true },
    // No arrows: chessground draws them in an SVG whose style attribute
    // the Content-Security-Policy (no inline style) refuses.
    drawable: { enabled: false, visible: false },
    ...config,
  });
  const blast = (squares: string[], orientation: 'white' | 'black') => {
    api.explode(squares as Key[]);
    el.dataset.exploded = squares.join(' ');
    for (const sq of squares) {
      let file = sq.charCodeAt(0) - 97;
      let rank = Number(sq[1]) - 1;
      if (orientation === 'black') {
        file = 7 - file;
        rank = 7 - rank;
      }
      const b = h('span', { class: 'blast' });
      b.style.left = `${file * 12.5}%`;
      b.style.top = `${(7 - rank) * 12.5}%`;
      b.addEventListener('animationend', () => b.remove());
      layer.appendChild(b);
      // A page in the background runs no animation: the blast goes anyway.
      setTimeout(() => b.remove(), 2000);
    }
  };
  // Scripts that drive the page (the browser tests) read the board here.
  (el as unknown as { cg: Api }).cg = api;
  return { api, el, blast };
}

/** The squares chessground has a piece on, read from its DOM. */
export function domPieces(el: HTMLElement): string[] {
  return [...el.querySelectorAll('cg-board piece')]
    .filter((p) => !p.classList.contains('ghost') && !p.classList.contains('fading'))
    .map((p) => (p as unknown as { cgKey: string }).cgKey)
    .filter(Boolean)
    .sort();
}
