// A browser user plays a whole game against one of the server's own
// computer opponents (Fairy-Stockfish as WebAssembly under Node.js,
// installed by scripts/engines.sh): the lobby's "Play with the computer"
// challenges the level-1 bot, and the user answers every move by clicking
// a legal destination the board offers, until the game ends. The bot's
// moves are checked legal by the board itself: chessops refuses a board
// that does not follow from the last one by a legal move.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, PATIENCE, startServer, launchBrowser, openPage, screenshot, guestLogin, random, playRandomGame } from './harness.mjs';

const ENGINE = join(ROOT, 'engines/fairy-stockfish');

let server;
let browser;
before(async () => {
  assert.ok(existsSync(join(ROOT, 'engines/node_modules/fairy-stockfish-nnue.wasm/uci.js')), 'Fairy-Stockfish is not installed: run scripts/engines.sh');
  server = await startServer(
    `engine = ${JSON.stringify(ENGINE)}\n[house]\nmax_games = 1\nengine_idle_seconds = 2\n[[house_bots]]\nname = "FairyOne"\nlevel = 1\n`,
  );
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

test('a browser user plays a whole game against a house bot from the lobby', async () => {
  const { page, errors } = await openPage(browser, server.url('/'));
  await guestLogin(page);
  // The bot logs in once the engine has answered.
  await page.waitForSelector('#computer-level option[value="FairyOne"]', { state: 'attached', timeout: PATIENCE });
  await page.selectOption('#computer-color', 'white');
  await page.fill('#computer-minutes', '3');
  await page.fill('#computer-inc', '0');
  await screenshot(page, 'house-lobby');
  await page.click('#computer-button');
  await page.waitForURL('**/game/*', { timeout: PATIENCE });
  await page.waitForSelector('.game-page .board[data-ply]');

  const moves = await playRandomGame(page, random(26));
  const score = await page.textContent('#result-score');
  assert.match(score, /^(1-0|0-1|1\/2-1\/2)$/);
  const reason = await page.textContent('#result-reason');
  // Played out: the bot neither resigned (its engine failing) nor lost on time.
  assert.ok(!/FairyOne resigns|FairyOne forfeits/.test(reason), reason);
  assert.ok(moves >= 1, 'the user made moves');
  const listed = await page.$$eval('#moves .san', (els) => els.length);
  assert.equal(listed, Number(await page.getAttribute('.game-page .board', 'data-ply')), 'every move is in the list');
  await screenshot(page, 'house-game-over');
  // The finished game's page offers its computer analysis; a guest is told
  // who may ask for one.
  await page.click('#btn-analyse');
  await page.waitForFunction(() => /Only registered players may ask for a computer analysis/.test(document.querySelector('.game-page').textContent), null, { timeout: PATIENCE });
  assert.deepEqual(errors, []);
});

test('without an engine the lobby says why', async () => {
  const bare = await startServer('[[house_bots]]\nname = "FairyOne"\nlevel = 1\n');
  try {
    const { page, errors } = await openPage(browser, bare.url('/'));
    const off = await page.waitForSelector('#computer-off', { timeout: PATIENCE });
    assert.match(await off.textContent(), /Computer opponents are not available: the server has no engine/);
    assert.deepEqual(errors, []);
  } finally {
    await bare.stop();
  }
});
