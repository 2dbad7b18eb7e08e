// A simul with the exhibitor in the browser (issue 29): a registered
// player logs in on the page, types `simopen` in the console and takes
// four telnet players' boards with `simmatch NAME`; the page shows all
// four boards at once (the ones where it is his move stand out), he
// plays on each board of the grid by clicking it, and every game ends
// (two resignations, a king's explosion, an abort by the giver) with its
// result on its board; a reload in the middle finds every board again. And a simul's player in the browser, whose page is
// the one game's page as for any game.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, screenshot, guestLogin, Telnet, clickSquare, clickMove } from './harness.mjs';

let server;
let browser;
before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

const cellOf = (no) => `.simul-board[data-game="${no}"]`;

/** A command typed in the page's console, and the line it waits for there. */
async function typed(page, line, shows) {
  await page.fill('#console-in', line);
  await page.press('#console-in', 'Enter');
  await page.waitForFunction((s) => document.querySelector('#console-out').textContent.includes(s), shows);
}

/** The exhibitor plays `from`→`to` on game `no`'s board of the grid; waits for the server's board after it. */
async function gridMove(page, no, from, to) {
  const board = `${cellOf(no)} .board`;
  const before = Number(await page.getAttribute(board, 'data-ply'));
  await clickSquare(page, from, board);
  await clickSquare(page, to, board);
  await page.waitForFunction(([sel, n]) => Number(document.querySelector(sel).dataset.ply) > n, [board, before]);
}

/** The squares with a piece on game `no`'s board of the grid. */
const piecesOf = (page, no) =>
  page.$eval(`${cellOf(no)} .board`, (el) =>
    [...el.querySelectorAll('cg-board piece')]
      .filter((p) => !p.classList.contains('ghost') && !p.classList.contains('fading'))
      .map((p) => p.cgKey)
      .sort(),
  );

test('the exhibitor of a simul plays four telnet players from one page of boards to the end of every game', async () => {
  await server.addUser('Giver', 'giver password');
  const { page, errors, foreign } = await openPage(browser, server.url('/'));
  await page.fill('#login-name', 'Giver');
  await page.fill('#login-password', 'giver password');
  await page.click('#login button[type="submit"]');
  await page.waitForSelector('header .me a');
  await typed(page, 'simopen', 'You now take simul requests');

  const names = ['Anna', 'Boris', 'Carl', 'Dora'];
  const players = {};
  const games = {};
  for (const [i, name] of names.entries()) {
    const tel = new Telnet(server.telnet);
    await tel.loginAs(name);
    players[name] = tel;
    await tel.command('simmatch Giver');
    await page.waitForFunction((n) => document.querySelector('#console-out').textContent.includes(`${n} requests a simul match with you`), name);
    await typed(page, `simmatch ${name}`, `You take ${name}'s board: board ${i + 1}`);
    const m = await tel.expect(new RegExp(`You play Black on board ${i + 1} of Giver's simul \\(game (\\d+)\\)`));
    games[name] = Number(m[1]);
    // The first board opens the simul page; each one joins the grid.
    await page.waitForURL('**/simul');
    await page.waitForSelector(`${cellOf(games[name])} .board[data-ply="0"]`);
  }
  // Four boards at once, each with its opponent, all White's (my) move.
  assert.deepEqual(await page.$$eval('.simul-board', (els) => els.map((e) => e.dataset.opponent)), names);
  assert.equal(await page.$$eval('.simul-board.to-move', (els) => els.length), 4);
  assert.match(await page.textContent('#simul-status'), /4 of 4 boards in play/);
  assert.match(await page.textContent(cellOf(games.Anna)), /Board 1 · Anna/);
  assert.match(await page.textContent(cellOf(games.Anna)), /Your move/);

  // One move on each board, in another order than the server's walk.
  await gridMove(page, games.Carl, 'd2', 'd4');
  await gridMove(page, games.Anna, 'e2', 'e4');
  await gridMove(page, games.Dora, 'c2', 'c4');
  await gridMove(page, games.Boris, 'g1', 'f3');
  // Nothing is my move now: no board stands out.
  assert.equal(await page.$$eval('.simul-board.to-move', (els) => els.length), 0);
  assert.equal(await page.$eval(`${cellOf(games.Anna)} .board`, (el) => el.dataset.fen.split(' ')[0]), 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR');
  await players.Anna.expect('P/e2-e4');
  await players.Boris.expect('N/g1-f3');
  await players.Carl.expect('P/d2-d4');
  await players.Dora.expect('P/c2-c4');
  // Each player saw the move made on their own board, and answers it.
  for (const [name, move] of [['Boris', 'a6'], ['Carl', 'd5'], ['Dora', 'e5']]) {
    await players[name].command(move);
    await page.waitForSelector(`${cellOf(games[name])} .board[data-ply="2"]`);
  }
  await page.waitForSelector(`${cellOf(games.Boris)}.to-move`);
  assert.equal(await page.$$eval('.simul-board.to-move', (els) => els.length), 3, 'Anna has not moved: her board waits');
  await screenshot(page, 'simul-grid');

  // The exhibitor reloads the page: the simul waits for him and he finds
  // every board again, in its place and at its move (the resume cookie;
  // his seats wait as a browser's do).
  await page.reload();
  await page.waitForSelector('header .me a');
  for (const [name, ply] of [['Anna', 1], ['Boris', 2], ['Carl', 2], ['Dora', 2]]) {
    await page.waitForSelector(`${cellOf(games[name])} .board[data-ply="${ply}"]`);
  }
  assert.ok(page.url().endsWith('/simul'));
  assert.deepEqual(await page.$$eval('.simul-board', (els) => els.map((e) => e.dataset.opponent)), names);
  assert.equal(await page.$$eval('.simul-board.to-move', (els) => els.length), 3);
  for (const name of names) await players[name].expect('Giver has reconnected; the game goes on.');

  // Anna resigns.
  players.Anna.send('resign');
  await page.waitForSelector(`${cellOf(games.Anna)}[data-result="1-0"]`);
  assert.match(await page.textContent(`${cellOf(games.Anna)} .simul-reason`), /Anna resigns/);

  // Boris's king explodes: 2.Ng5 a5 3.Nxf7 blows up f7 and the king on e8.
  await gridMove(page, games.Boris, 'f3', 'g5');
  await players.Boris.expect('N/f3-g5');
  await players.Boris.command('a5');
  await page.waitForSelector(`${cellOf(games.Boris)} .board[data-ply="4"]`);
  await gridMove(page, games.Boris, 'g5', 'f7');
  await page.waitForSelector(`${cellOf(games.Boris)}[data-result="1-0"]`);
  assert.match(await page.textContent(`${cellOf(games.Boris)} .simul-reason`), /exploded/);
  const blown = await piecesOf(page, games.Boris);
  for (const sq of ['e8', 'f7', 'g5']) assert.ok(!blown.includes(sq), `${sq} is empty after the explosion: ${blown}`);

  // Dora: one more move, then she resigns.
  await gridMove(page, games.Dora, 'b1', 'c3');
  await players.Dora.expect('N/b1-c3');
  players.Dora.send('resign');
  await page.waitForSelector(`${cellOf(games.Dora)}[data-result="1-0"]`);

  // Carl's board: the giver goes there and aborts it from the console.
  await typed(page, `gonum ${games.Carl}`, `against Carl (game ${games.Carl})`);
  await typed(page, 'simabort', 'Game aborted by the simul giver');
  await page.waitForSelector(`${cellOf(games.Carl)}[data-result="*"]`);
  assert.match(await page.textContent(`${cellOf(games.Carl)} .simul-reason`), /aborted by the simul giver/);
  await players.Carl.expect('Game aborted by the simul giver');

  // Every board shows its end; the simul is over, and the page stayed on it.
  assert.deepEqual(await page.$$eval('.simul-board', (els) => els.map((e) => e.dataset.result)), ['1-0', '1-0', '*', '1-0']);
  assert.match(await page.textContent('#simul-status'), /The simul is over/);
  assert.equal(await page.$$eval('.simul-board.to-move', (els) => els.length), 0);
  assert.ok(page.url().endsWith('/simul'));
  await screenshot(page, 'simul-over');
  assert.deepEqual(errors, []);
  assert.deepEqual(foreign, []);
  for (const tel of Object.values(players)) tel.close();
});

test("a simul's player in the browser sees their one game on its game page, as any game", async () => {
  const { page, errors } = await openPage(browser, server.url('/'));
  const me = await guestLogin(page);
  const giver = new Telnet(server.telnet);
  await giver.loginAs('Exhib');
  await giver.command('simopen');
  await typed(page, 'simmatch Exhib', 'Simul match request sent to Exhib.');
  await giver.expect(`${me} requests a simul match with you`);
  await giver.expect('fics% ');
  giver.send(`simmatch ${me}`);
  const no = Number((await giver.expect(/You take \w+'s board: board 1, game (\d+)\./))[1]);
  await giver.expect('fics% ');
  // The player's page is the game's page, not the grid.
  await page.waitForURL(`**/game/${no}`);
  await page.waitForSelector('.game-page .board[data-ply="0"]');
  await giver.command('e4');
  await page.waitForSelector('.game-page .board[data-ply="1"]');
  await clickMove(page, 'e7', 'e5');
  await giver.expect('P/e7-e5');
  await giver.expect('fics% ');
  await giver.command('simabort');
  await page.waitForSelector('#result-score');
  assert.equal(await page.textContent('#result-score'), '*');
  assert.match(await page.textContent('#result-reason'), /aborted by the simul giver/);
  assert.equal(await page.$('.simul-grid'), null);
  assert.deepEqual(errors, []);
  giver.close();
});
