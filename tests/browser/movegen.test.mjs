// The page's legal-move hints and typed moves come from chessops's atomic
// rules (web/package.json pins the same version as here). They must agree
// with the server: perft counts on the published positions the server is
// tested on (tests/chess_perft.rs), and the ten real FICS games of 2005,
// replayed move by move on the server (examine mode, over telnet) and in
// chessops, which must accept the same moves and reach the same boards.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Atomic } from 'chessops/variant';
import { parseFen, makeBoardFen } from 'chessops/fen';
import { parseSan, makeSanAndPlay } from 'chessops/san';
import { perft } from 'chessops/debug';
import { ROOT, startServer, Telnet } from './harness.mjs';

/** Nodes a perft may visit here: enough depth to mean something, quick on 2 cores. */
const BUDGET = 300000;

function suites() {
  const out = [];
  for (const file of ['atomic.perft', 'fairy-stockfish-atomic.perft']) {
    let cur = null;
    for (const line of readFileSync(join(ROOT, 'tests/data/atomic', file), 'utf8').split('\n')) {
      const [word, ...rest] = line.trim().split(' ');
      if (word === 'id') out.push((cur = { id: rest.join(' '), counts: [] }));
      else if (word === 'epd') cur.fen = rest.join(' ') + ' 0 1';
      else if (word === 'perft') cur.counts.push([Number(rest[0]), Number(rest[1])]);
    }
  }
  return out;
}

test('chessops counts the published atomic perft positions as the server does', () => {
  let checked = 0;
  for (const s of suites()) {
    const pos = Atomic.fromSetup(parseFen(s.fen).unwrap()).unwrap();
    for (const [depth, nodes] of s.counts) {
      if (nodes > BUDGET) continue;
      assert.equal(perft(pos, depth, false), nodes, `${s.id} depth ${depth}`);
      checked++;
    }
  }
  assert.ok(checked >= 20, `${checked} counts checked`);
});

function games() {
  const text = readFileSync(join(ROOT, 'tests/data/atomic/fics-atomic-games-2005.pgn'), 'utf8').replace(/\r/g, '');
  return text
    .split(/\n(?=\[Event )/)
    .map((g) => g.replace(/^\[.*\]$/gm, '').replace(/\{[^}]*\}/g, ' '))
    .map((g) =>
      g
        .split(/\s+/)
        .map((t) => t.replace(/^\d+\.+/, ''))
        .filter((t) => t && !/^(1-0|0-1|1\/2-1\/2|\*)$/.test(t)),
    );
}

let server;
// The replay types about a thousand moves as fast as the server answers;
// the command budget would pace it to 20 a second (tests/safety_budget.rs
// tests that), so it is off for this server.
before(async () => (server = await startServer('[command_budget]\nburst = 0\n')));
after(async () => server?.stop());

test('the server and chessops accept the same moves of ten FICS games and reach the same boards', async () => {
  const tel = new Telnet(server.telnet);
  await tel.loginAs('Checker');
  const all = games();
  assert.equal(all.length, 10);
  for (const moves of all) {
    await tel.command('examine');
    const pos = Atomic.default();
    for (const san of moves) {
      const move = parseSan(pos, san);
      assert.ok(move, `chessops refuses ${san}`);
      makeSanAndPlay(pos, move);
      const reply = await tel.command(san);
      assert.doesNotMatch(reply, /Illegal|Ambiguous/, `the server refuses ${san}`);
      const board = /<12> ((?:[-pnbrqkPNBRQK]{8} ){8})/.exec(reply);
      assert.ok(board, `no board after ${san}: ${reply}`);
      const serverFen = board[1].trim().split(' ').map((r) => r.replace(/-+/g, (m) => String(m.length))).join('/');
      assert.equal(serverFen, makeBoardFen(pos.board), `after ${san}`);
    }
    await tel.command('unexamine');
  }
  tel.close();
});
