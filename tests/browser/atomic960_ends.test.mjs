// Atomic960 games between a browser player and a telnet player, to the
// kinds of end a player meets (issue 27): the browser explodes the
// telnet side's king, a draw offered in the page and accepted on telnet,
// an abort offered on telnet and accepted in the page, a resignation in
// the page, the telnet player's flag falling in a one-minute game, and a
// checkmate (the fool's mate, which python-chess finds mates from starts
// 226, 230, 514 and 518: the telnet player mates the browser's king). Start 0 (BBQNNRKR) has a king explosion in three knight
// moves (Ne1-f3-g5xh7, the king on g8 beside h7), found with
// python-chess's AtomicBoard over the 960 starts.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, guestLogin, Telnet, clickMove } from './harness.mjs';

let server;
let browser;
let tel;
before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  tel = new Telnet(server.telnet);
  await tel.loginAs('Telly');
});
after(async () => {
  tel?.close();
  await browser?.close();
  await server?.stop();
});

/** A browser guest challenges Telly to Atomic960 from `start` as White; Telly accepts. */
async function atomic960Game(start, minutes = 3) {
  const { page, errors } = await openPage(browser, server.url('/'));
  const me = await guestLogin(page);
  await page.fill('#seek-minutes', String(minutes));
  await page.fill('#seek-inc', '0');
  await page.selectOption('#seek-variant', 'atomic960');
  await page.fill('#seek-start', String(start));
  await page.selectOption('#seek-color', 'white');
  await page.fill('#challenge-name', 'Telly');
  await page.click('#challenge-button');
  await tel.expect(`Challenge: ${me} (++++) [white] Telly (++++) unrated atomic960 ${minutes} 0.`);
  await tel.expect('fics% ');
  tel.send('accept');
  const game = Number((await tel.expect(/\{Game (\d+) \([^)]*\) Creating unrated atomic960 match\.\}/))[1]);
  await tel.expect(/<12> [^\n]*/);
  await tel.expect('fics% ');
  await page.waitForURL(`**/game/${game}`);
  await page.waitForSelector('.game-page .board[data-ply="0"]');
  assert.equal(await page.textContent('#game-variant'), `Atomic960, start position ${start}`);
  return { page, errors, me, game };
}

/** The browser's move by two clicks, then Telly's reply typed on telnet; waits for the page to show it. */
async function exchange(page, from, to, reply) {
  await clickMove(page, from, to);
  await tel.expect('<12> ');
  await tel.expect('fics% ');
  const ply = Number(await page.getAttribute('.game-page .board', 'data-ply'));
  await tel.command(reply);
  await page.waitForSelector(`.game-page .board[data-ply="${ply + 1}"]`);
}

async function result(page) {
  await page.waitForSelector('#result-score');
  return [await page.textContent('#result-score'), await page.textContent('#result-reason')];
}

test("the browser explodes the telnet player's king in Atomic960", async () => {
  const { page, errors, me, game } = await atomic960Game(0);
  await exchange(page, 'e1', 'f3', 'a6');
  await exchange(page, 'f3', 'g5', 'a5');
  await clickMove(page, 'g5', 'h7');
  const end = await tel.expect(new RegExp(`\\{Game ${game} \\(${me} vs\\. Telly\\) Telly's king exploded\\} 1-0`));
  assert.ok(end, 'the telnet side reads the explosion');
  const [score, reason] = await result(page);
  assert.equal(score, '1-0');
  assert.match(reason, /Telly's king exploded/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the telnet player checkmates the browser player from start 226', async () => {
  const { page, errors, me, game } = await atomic960Game(226);
  await exchange(page, 'f2', 'f3', 'e5');
  await clickMove(page, 'g2', 'g4');
  await tel.expect('<12> ');
  await tel.expect('fics% ');
  tel.send('Qh4');
  await tel.expect(new RegExp(`\\{Game ${game} \\(${me} vs\\. Telly\\) ${me} checkmated\\} 0-1`));
  const [score, reason] = await result(page);
  assert.equal(score, '0-1');
  assert.match(reason, /checkmated/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a draw offered in the page is accepted on telnet', async () => {
  const { page, errors, me, game } = await atomic960Game(74);
  await exchange(page, 'g2', 'g4', 'g7g5');
  await page.click('#btn-draw');
  await page.click('#btn-draw-yes');
  await tel.expect(`${me} offers you a draw.`);
  await tel.expect('fics% ');
  tel.send('accept');
  await tel.expect(new RegExp(`\\{Game ${game} \\(${me} vs\\. Telly\\) Game drawn by mutual agreement\\} 1/2-1/2`));
  const [score, reason] = await result(page);
  assert.equal(score, '1/2-1/2');
  assert.match(reason, /mutual agreement/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('an abort offered on telnet is accepted in the page', async () => {
  const { page, errors, me, game } = await atomic960Game(959);
  await exchange(page, 'b2', 'b3', 'b7b6');
  await tel.command('abort');
  const offer = await page.waitForSelector('#game-offers .offer[data-kind="abort"] button.accept');
  await offer.click();
  await tel.expect(new RegExp(`\\{Game ${game} \\(${me} vs\\. Telly\\) Game aborted by mutual agreement\\} \\*`));
  const [score, reason] = await result(page);
  assert.equal(score, '*');
  assert.match(reason, /aborted/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the browser player resigns an Atomic960 game', async () => {
  const { page, errors, me, game } = await atomic960Game(1);
  await exchange(page, 'a2', 'a3', 'h7h6');
  await page.click('#btn-resign');
  await page.click('#btn-resign-yes');
  await tel.expect(new RegExp(`\\{Game ${game} \\(${me} vs\\. Telly\\) ${me} resigns\\} 0-1`));
  const [score, reason] = await result(page);
  assert.equal(score, '0-1');
  assert.match(reason, /resigns/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("the telnet player's flag falls in a one-minute Atomic960 game", async () => {
  const { page, errors, me, game } = await atomic960Game(2, 1);
  await exchange(page, 'c2', 'c3', 'c7c6');
  // White moves, and Black's minute runs out on the server's clock.
  await clickMove(page, 'd2', 'd3');
  const minute = 90_000;
  await tel.expect(new RegExp(`\\{Game ${game} \\(${me} vs\\. Telly\\) Telly forfeits on time\\} 1-0`), minute);
  await page.waitForSelector('#result-score', { timeout: minute });
  assert.equal(await page.textContent('#result-score'), '1-0');
  assert.match(await page.textContent('#result-reason'), /Telly forfeits on time/);
  assert.deepEqual(errors, []);
  await page.close();
});
