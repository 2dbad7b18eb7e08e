// The page's moves in Atomic960 come from chessops (web/package.json pins
// the same version as here): its atomic position set up from an X-FEN
// with Chess960 castling must count the published Atomic960 perft
// numbers of python-chess and Fairy-Stockfish (tests/data/atomic960,
// which the server is tested on too), and the destinations the page
// gives chessground in Chess960 mode must be exactly the legal moves:
// castling as the king onto its rook and nothing else, so that a king
// next to its rook (start 74: king d1, rook c1) moves onto it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Atomic } from 'chessops/variant';
import { parseFen } from 'chessops/fen';
import { chessgroundDests } from 'chessops/compat';
import { perft } from 'chessops/debug';
import { ROOT } from './harness.mjs';

/** Nodes a perft may visit here: enough depth to mean something, quick on 2 cores. */
const BUDGET = 60000;

function suites() {
  const out = [];
  for (const file of ['python-chess-atomic960.perft', 'fairy-stockfish-atomic960.perft']) {
    let cur = null;
    for (const line of readFileSync(join(ROOT, 'tests/data/atomic960', file), 'utf8').split('\n')) {
      const [word, ...rest] = line.trim().split(' ');
      if (word === 'id') out.push((cur = { id: `${file} ${rest.join(' ')}`, counts: [] }));
      else if (word === 'epd') cur.fen = rest.join(' ') + ' 0 1';
      else if (word === 'perft') cur.counts.push([Number(rest[0]), Number(rest[1])]);
    }
  }
  return out;
}

const position = (fen) => Atomic.fromSetup(parseFen(fen).unwrap()).unwrap();

test('chessops counts the published Atomic960 perft positions as python-chess and Fairy-Stockfish do', () => {
  let checked = 0;
  for (const s of suites()) {
    const pos = position(s.fen);
    for (const [depth, nodes] of s.counts) {
      if (nodes > BUDGET) continue;
      assert.equal(perft(pos, depth, false), nodes, `${s.id} depth ${depth}`);
      checked++;
    }
  }
  assert.ok(checked >= 40, `${checked} counts checked`);
});

test('in Chess960 mode the destinations are the legal moves, castling the king onto its rook', () => {
  for (const s of suites()) {
    const pos = position(s.fen);
    const dests = chessgroundDests(pos, { chess960: true });
    const count = [...dests.values()].reduce((n, d) => n + d.length, 0);
    const one = s.counts.find(([depth]) => depth === 1);
    if (one) assert.equal(count, one[1], `${s.id}: one destination per legal move`);
  }
  // Start 74, NNRKBBQR: the king of d1 castles long onto c1, and has no other move.
  const start74 = position('nnrkbbqr/pppppppp/8/8/8/8/PPPPPPPP/NNRKBBQR w KQkq - 0 1');
  assert.deepEqual(chessgroundDests(start74, { chess960: true }).get('d1'), ['c1']);
  // Start 518 in Atomic960 mode: e1's castlings are onto h1 and a1 only, never g1 or c1.
  const open = position('r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1');
  assert.deepEqual([...chessgroundDests(open, { chess960: true }).get('e1')].sort(), ['a1', 'd1', 'f1', 'h1']);
  assert.deepEqual([...chessgroundDests(open).get('e1')].sort(), ['a1', 'c1', 'd1', 'f1', 'g1', 'h1']);
});
