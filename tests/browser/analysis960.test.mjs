// The analysis page of a finished Atomic960 game (issue 27): the server's
// analysis of a game from start 74 where both sides castled, and the
// analysis board, which sets chessops's atomic position up from the
// stored start (kept with Shredder castling letters) and replays the
// stored moves (the castling stored as the king onto its rook) to the
// boards the players saw; the page's own engine, told UCI_Chess960,
// evaluates the castled position.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ROOT, PATIENCE, startServer, launchBrowser, openPage, screenshot, Telnet } from './harness.mjs';

let server;
let browser;
before(async () => {
  server = await startServer(`engine = ${JSON.stringify(join(ROOT, 'engines/fairy-stockfish'))}\n[analysis]\ndepth = 8\n`);
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

const placement = (fen) => fen.split(' ')[0];

test('the analysis board of an Atomic960 game replays its castlings from the stored start', async () => {
  await server.addUser('Alice', 'pw');
  await server.addUser('Bob', 'pw');
  const alice = new Telnet(server.telnet);
  const bob = new Telnet(server.telnet);
  await alice.login('Alice', 'pw');
  await bob.login('Bob', 'pw');
  await alice.command('match Bob 3 0 atomic960 74 white');
  await bob.expect('"accept"');
  bob.send('accept');
  for (const c of [alice, bob]) {
    await c.expect('Creating: ');
    await c.expect('<12> ');
    await c.expect('fics% ');
  }
  const line = ['O-O-O', 'O-O-O', 'g4'];
  for (let i = 0; i < line.length; i++) {
    const [mover, other] = i % 2 === 0 ? [alice, bob] : [bob, alice];
    await mover.command(line[i]);
    await other.expect(`(0:00) ${line[i]}`);
  }
  await bob.command('resign');
  await alice.expect('Bob resigns} 1-0');
  await alice.command('analyse');
  await alice.expect('"analyse 1" shows it.', 120000);

  const { page, errors } = await openPage(browser, server.url('/analysis/1'));
  await page.waitForSelector('#analysis-moves li');
  assert.equal(await page.$$eval('#analysis-moves li', (els) => els.length), 3);
  assert.match(await page.textContent('#analysis-moves li[data-ply="1"]'), /^1\. O-O-O/);
  assert.match(await page.textContent('#analysis-moves li[data-ply="2"]'), /^O-O-O/);
  const fen = () => page.getAttribute('.analysis .board', 'data-fen');
  assert.equal(placement(await fen()), 'nnrkbbqr/pppppppp/8/8/8/8/PPPPPPPP/NNRKBBQR');
  await page.click('#analysis-moves li[data-ply="1"]');
  assert.equal(placement(await fen()), 'nnrkbbqr/pppppppp/8/8/8/8/PPPPPPPP/NNKRBBQR');
  await page.click('#analysis-moves li[data-ply="3"]');
  assert.equal(placement(await fen()), 'nnkrbbqr/pppppppp/8/8/6P1/8/PPPPPP1P/NNKRBBQR');
  await page.waitForFunction(() => /Your machine: [+\-#]\S* at depth \d+/.test(document.querySelector('#local-eval').textContent), null, { timeout: PATIENCE * 2 });
  await screenshot(page, 'analysis-atomic960');
  assert.deepEqual(errors, []);
  alice.close();
  bob.close();
});
