// The game page as lichess players expect it: "your move" in the tab's
// title; sounds for the start, moves, explosions and the end, with a mute
// switch; resign and draw ask first; the spectators counted; an observer
// gets no move box and, as a guest, no talk it would be refused; the move
// list steps through the game by click and by arrow keys. Then a game lost
// on time: the clocks say what happened, and the game's lasting page
// replays it with its PGN and an address to share.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, screenshot, guestLogin, Telnet, boardPieces, clickMove } from './harness.mjs';

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

const played = (page) => page.evaluate(() => [...window.atomicd.sounds.played]);

/** The browser guest seeks as White; the telnet user takes it. */
async function start(page, tel, me, minutes) {
  await page.fill('#seek-minutes', String(minutes));
  await page.fill('#seek-inc', '0');
  await page.selectOption('#seek-color', 'white');
  await page.click('#seek-button');
  const row = await page.waitForSelector(`#seeks tr[data-name="${me}"]`);
  tel.send(`play ${await row.getAttribute('data-seek')}`);
  const game = Number((await tel.expect(/\{Game (\d+) /))[1]);
  await tel.expect('fics% ');
  await page.waitForURL(`**/game/${game}`);
  await page.waitForSelector('.game-page .board[data-ply="0"]');
  return game;
}

test('playing: the title, sounds, confirmations, spectators, an observer, the move list', async () => {
  const { page, errors } = await openPage(browser, server.url('/'));
  const me = await guestLogin(page);
  const tel = new Telnet(server.telnet);
  await tel.loginAs('Otto');
  const game = await start(page, tel, me, 5);
  assert.match(await page.title(), /^Your move – /);
  assert.ok((await played(page)).includes('start'), 'a sound says the game starts');

  await clickMove(page, 'e2', 'e4');
  assert.doesNotMatch(await page.title(), /Your move/);
  assert.equal((await played(page)).at(-1), 'move');
  await tel.expect('P/e2-e4');
  await tel.command('d5');
  await page.waitForSelector('.game-page .board[data-ply="2"]');
  await page.waitForFunction(() => document.title.startsWith('Your move'));
  // 3.exd5 explodes d5: the explosion's sound.
  await clickMove(page, 'e4', 'd5');
  assert.equal((await played(page)).at(-1), 'explosion');
  await tel.expect('P/e4-d5');

  // The mute switch.
  assert.equal(await page.getAttribute('#mute', 'aria-pressed'), 'false');
  await page.click('#mute');
  assert.equal(await page.getAttribute('#mute', 'aria-pressed'), 'true');
  assert.equal(await page.evaluate(() => localStorage.getItem('atomicd.muted')), '1');
  await page.click('#mute');
  assert.equal(await page.getAttribute('#mute', 'aria-pressed'), 'false');

  // Resign asks first: "No" keeps the game.
  await page.click('#btn-resign');
  await page.waitForSelector('#btn-resign-yes');
  assert.match(await page.textContent('#btn-resign-box'), /Resign this game\?/);
  await page.click('#btn-resign-no');
  await page.waitForSelector('#btn-resign');
  assert.equal(await page.$('#result-score'), null, 'one click does not resign');
  // A draw offer asks too; "Yes" sends it, and the page shows it as mine.
  await page.click('#btn-draw');
  await page.click('#btn-draw-yes');
  await tel.expect('offers you a draw');
  await page.waitForSelector('#game-offers .offer.mine[data-kind="draw"]');
  assert.match(await page.textContent('#game-offers'), /You offer a draw\./);

  // An observer (a guest): counted, no move box, no talk it would be refused.
  const { page: watcher, errors: watcherErrors } = await openPage(browser, server.url(`/game/${game}`));
  await watcher.waitForSelector('.game-page .board[data-ply="3"]');
  assert.ok(await watcher.isHidden('#move-input'), 'an observer has no move box');
  assert.ok(await watcher.isHidden('#chat-form'));
  assert.match(await watcher.textContent('#chat-note'), /Only registered players may talk/);
  assert.match(await watcher.textContent('#game-title'), /\(observing\)/);
  await page.waitForFunction(() => document.querySelector('#watchers').textContent === '1 watching', null, { timeout: 15000 });

  // The move list: a click shows the position after that move, the arrows step, End comes back.
  /** The pieces once the board's animation has settled on `n` of them. */
  const settled = async (n) => {
    await page.waitForFunction((n) => document.querySelectorAll('.game-page cg-board piece:not(.ghost):not(.fading)').length === n, n);
    return boardPieces(page);
  };
  await page.click('#moves button[data-ply="1"]');
  await page.waitForSelector('.game-page .board[data-viewing="1"]');
  let pieces = await settled(32);
  assert.ok(pieces.includes('e4') && pieces.includes('d7') && !pieces.includes('d5'), `after 1.e4: ${pieces}`);
  assert.equal(await page.getAttribute('#moves .san.current', 'data-ply'), '1');
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector('.game-page .board[data-viewing="2"]');
  pieces = await settled(32);
  assert.ok(pieces.includes('d5') && pieces.includes('e4'), `after 1...d5: ${pieces}`);
  await page.keyboard.press('ArrowRight');
  await page.waitForSelector('.game-page .board:not([data-viewing])');
  pieces = await settled(30);
  assert.ok(!pieces.includes('d5') && !pieces.includes('e4'), `after 2.exd5 both pawns are gone: ${pieces}`);
  await page.keyboard.press('Home');
  await page.waitForSelector('.game-page .board[data-viewing="0"]');
  // (The board animates to the start: the pieces come back when it is done.)
  await page.waitForFunction(() => document.querySelectorAll('.game-page cg-board piece:not(.ghost):not(.fading)').length === 32);
  await screenshot(page, 'move-list-browsing');
  await page.keyboard.press('End');
  await page.waitForSelector('.game-page .board:not([data-viewing])');
  // Otto declines the draw, plays on; the board follows live again.
  await tel.command('decline');
  await tel.command('Nf6');
  await page.waitForSelector('.game-page .board[data-ply="4"]');
  tel.send('resign');
  await page.waitForSelector('#result-score');
  await page.waitForFunction(() => window.atomicd.sounds.played.at(-1) === 'end');
  assert.deepEqual(errors, []);
  assert.deepEqual(watcherErrors, []);
  tel.close();
});

test('a game lost on time: the clocks say so, and its page replays it for good', async () => {
  const { page, errors } = await openPage(browser, server.url('/'));
  const me = await guestLogin(page);
  const tel = new Telnet(server.telnet);
  await tel.loginAs('Tim');
  await start(page, tel, me, 1);
  await clickMove(page, 'e2', 'e4');
  await tel.expect('P/e2-e4');
  await tel.command('e5');
  await page.waitForSelector('.game-page .board[data-ply="2"]');
  await clickMove(page, 'g1', 'f3');
  await tel.expect('N/g1-f3');
  await tel.command('Nc6');
  await page.waitForSelector('.game-page .board[data-ply="4"]');
  // White (the page) lets the clock run: low time sounds, then the flag falls.
  await page.waitForFunction(() => window.atomicd.sounds.played.includes('lowTime'), null, { timeout: 70000 });
  await page.waitForSelector('#result-score', { timeout: 30000 });
  assert.equal(await page.textContent('#result-score'), '0-1');
  assert.match(await page.textContent('#result-reason'), /forfeits on time/);
  // White's clock is empty, Black's shows what Black had left: neither is the starting 1:00.
  await page.waitForURL('**/history/*');
  const id = Number(/\/history\/(\d+)/.exec(page.url())[1]);
  const stored = await (await fetch(server.url(`/api/history/${id}`))).json();
  assert.equal(await page.textContent('#clock-bottom'), '0:00.0');
  const black = await page.textContent('#clock-top');
  assert.notEqual(black, '1:00');
  const s = stored.clocks.black_ms / 1000;
  assert.equal(black, `0:${String(Math.floor(s)).padStart(2, '0')}`);
  await screenshot(page, 'lost-on-time');

  // The game's own page: the moves, stepping, the PGN, the address to share.
  await page.reload();
  await page.waitForSelector('.history-page .board[data-ply="4"]');
  assert.match(await page.textContent('#history-head'), new RegExp(`${me} – Tim`));
  assert.equal(await page.textContent('#result-score'), '0-1');
  assert.deepEqual(await page.$$eval('#moves .san', (e) => e.map((x) => x.textContent)), ['e4', 'e5', 'Nf3', 'Nc6']);
  assert.equal(await page.inputValue('#share-link'), server.url(`/history/${id}`));
  await page.keyboard.press('ArrowLeft');
  await page.waitForSelector('.history-page .board[data-ply="3"]');
  await page.click('#moves button[data-ply="1"]');
  await page.waitForSelector('.history-page .board[data-ply="1"]');
  assert.ok((await boardPieces(page, '.history-page .board')).includes('e4'));
  const pgn = await (await fetch(server.url(await page.getAttribute('#pgn-link', 'href')))).text();
  assert.match(pgn, /1\. e4 e5 2\. Nf3 Nc6/);
  await screenshot(page, 'history');
  assert.deepEqual(errors, []);
  tel.close();
});
