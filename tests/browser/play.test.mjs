// A browser guest seeks from the lobby, a telnet user takes the seek, the
// browser plays by clicking squares; a capture explodes (its squares are
// empty on the board afterwards); the game ends by a king's explosion and
// the page says 1-0 and why. A second browser, in French, watches the
// game live and sees every move in French SAN. Screenshots of each step
// go under target/screenshots/.

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

// White (the browser) and Black (telnet): the lesson "knights", whose
// 5.Nxd5 blows up d5, c6 and e5, then 7.Bxf8 blows up the king on e8.
const WHITE = [['d2', 'd4'], ['b1', 'c3'], ['g1', 'f3'], ['f3', 'e5'], ['c3', 'd5'], ['c1', 'h6'], ['h6', 'f8']];
const BLACK = ['d5', 'Nc6', 'Nf6', 'g6', 'a6', 'a5'];
const SAN = ['d4', 'd5', 'Nc3', 'Nc6', 'Nf3', 'Nf6', 'Ne5', 'g6', 'Nxd5', 'a6', 'Bh6', 'a5', 'Bxf8#'];
const FRENCH = ['d4', 'd5', 'Cc3', 'Cc6', 'Cf3', 'Cf6', 'Ce5', 'g6', 'Cxd5', 'a6', 'Fh6', 'a5', 'Fxf8#'];

const movesOf = (page) => page.$$eval('#moves .san', (els) => els.map((e) => e.textContent));

test('a browser guest plays a telnet user from a seek to a king explosion, watched live in French', async () => {
  const { page: player, errors, foreign } = await openPage(browser, server.url('/'));
  const dialogs = [];
  player.on('dialog', (d) => (dialogs.push(d.message()), d.dismiss()));
  const me = await guestLogin(player);
  assert.match(me, /^Guest[A-Z]{4}$/);

  // The seek, as White, from the lobby's form.
  await player.fill('#seek-minutes', '5');
  await player.fill('#seek-inc', '0');
  await player.selectOption('#seek-color', 'white');
  await player.click('#seek-button');
  const row = await player.waitForSelector(`#seeks tr[data-name="${me}"]`);
  const index = await row.getAttribute('data-seek');

  // A telnet user sees it and says hello with markup that must stay text.
  const tel = new Telnet(server.telnet);
  await tel.loginAs('Telly');
  const sought = await tel.command('sought');
  assert.match(sought, new RegExp(`${index} \\+\\+\\+\\+ ${me}`));
  await tel.command(`tell ${me} <img src=x onerror=alert(1)>`);
  await player.waitForFunction(() => document.querySelector('#console-out').textContent.includes('tells you: <img src=x onerror=alert(1)>'));
  assert.equal(await player.$$eval('#console-out img', (els) => els.length), 0, 'the tell is text, not an image');
  // The players online (from /api/who, polled) list both.
  await player.waitForFunction(() => document.querySelectorAll('#who li').length >= 2);
  assert.match(await player.textContent('#who'), /Telly/);
  await screenshot(player, 'lobby');

  // The console: a typed command shows its reply.
  await player.fill('#console-in', 'finger');
  await player.press('#console-in', 'Enter');
  await player.waitForFunction((name) => document.querySelector('#console-out').textContent.includes(`Finger of ${name}`), me);

  tel.send(`play ${index}`);
  await tel.expect('Creating: ');
  const game = Number((await tel.expect(/\{Game (\d+) /))[1]);
  await tel.expect('fics% ');
  await player.waitForURL(`**/game/${game}`);
  await player.waitForSelector('.game-page .board[data-ply="0"]');

  // An observer, in French, opens the game's address.
  const { page: watcher, errors: watcherErrors } = await openPage(browser, server.url(`/game/${game}`), { locale: 'fr-FR' });
  await watcher.waitForSelector('.game-page .board[data-ply="0"]');
  assert.equal(await watcher.getAttribute('html', 'lang'), 'fr');

  for (let i = 0; i < WHITE.length; i++) {
    const [from, to] = WHITE[i];
    await clickMove(player, from, to);
    const ply = 2 * i + 1;
    if (i === 4) {
      // 5.Nxd5: the blast, then d5, c6, e5 (and c3, which the knight left) are empty.
      await player.waitForSelector('.blast', { state: 'attached' }).catch(() => {});
      await screenshot(player, 'explosion');
      await player.waitForFunction(() => !document.querySelector('.blast'));
      const pieces = await boardPieces(player);
      for (const sq of ['d5', 'c6', 'e5', 'c3']) assert.ok(!pieces.includes(sq), `${sq} is empty after the explosion: ${pieces}`);
      assert.ok(pieces.includes('d4'), 'the pawn d4 survives');
      assert.equal(await player.getAttribute('.game-page .board', 'data-exploded'), 'c6 d5 e5');
    }
    if (i < BLACK.length) {
      await tel.expect(`<12> `);
      await tel.expect('fics% ');
      await tel.command(BLACK[i]);
      await player.waitForSelector(`.game-page .board[data-ply="${ply + 1}"]`);
    }
    if (i === 2) await screenshot(player, 'game-in-progress');
    // The observer has seen every move so far, in French letters.
    const seen = Math.min(ply + 1, SAN.length);
    await watcher.waitForFunction((n) => document.querySelectorAll('#moves .san').length >= n, seen);
    assert.deepEqual(await movesOf(watcher), FRENCH.slice(0, seen));
  }
  assert.deepEqual(await movesOf(player), SAN);

  // 7.Bxf8 blows up the king on e8: 1-0, and the reason.
  await player.waitForSelector('#result-score');
  assert.equal(await player.textContent('#result-score'), '1-0');
  assert.match(await player.textContent('#result-reason'), /king exploded/);
  const final = await boardPieces(player);
  for (const sq of ['e8', 'f8', 'h6']) assert.ok(!final.includes(sq), `${sq} is empty at the end: ${final}`);
  await watcher.waitForSelector('#result-score');
  assert.equal(await watcher.textContent('#result-score'), '1-0');
  await tel.expect(/king exploded\} 1-0/);
  await screenshot(player, 'game-over');
  await screenshot(watcher, 'game-over-observer-fr');

  // After the end: rematch and examine.
  assert.ok(await player.isVisible('#btn-rematch'));
  await player.click('#btn-examine');
  // The examined game opens on its first position (relation 2), and
  // "forward" steps through the moves that were played.
  await player.waitForSelector('#btn-forward');
  await player.waitForSelector('.game-page .board[data-ply="0"]');
  assert.match(await player.textContent('#game-title'), /examining/);
  await player.click('#btn-forward');
  await player.waitForSelector('.game-page .board[data-ply="1"]');
  assert.deepEqual(await movesOf(player), ['d4']);

  assert.deepEqual(dialogs, [], 'no script ran from user text');
  assert.deepEqual(errors, []);
  assert.deepEqual(watcherErrors, []);
  assert.deepEqual(foreign, [], 'no request left this server');
  tel.close();
});
