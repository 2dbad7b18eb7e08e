// A browser user plays a whole game against `atomicd bot` driving the
// random test engine (examples/random_uci.rs): the bot's seek shows in the
// lobby, the user takes it and answers every move by clicking a legal
// destination the board offers, until the game ends.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { PATIENCE, binary, built, startServer, launchBrowser, openPage, screenshot, guestLogin, random, playRandomGame } from './harness.mjs';

let server;
let browser;
let bot;
before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  bot?.kill('SIGTERM');
  await browser?.close();
  await server?.stop();
});

test('a browser user plays a whole game against atomicd bot with the random engine', async () => {
  const engine = built('examples/random_uci');
  assert.ok(existsSync(engine), `no ${engine}: cargo build --example random_uci`);
  const bin = binary();
  await server.addUser('RandomBot', 'bot password', ['--computer']);
  bot = spawn(bin, ['bot', '--server', server.telnet, '--login', 'RandomBot', '--password-stdin', '--engine', `${engine} --seed 7`, '--seek', '3 0 unrated', '--movetime', '50'], {
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  bot.stdin.end('bot password\n');

  const { page, errors } = await openPage(browser, server.url('/'));
  await guestLogin(page);
  const row = await page.waitForSelector('#seeks tr[data-name="RandomBot"]');
  await (await row.$('button.play')).click();
  await page.waitForURL('**/game/*');
  // (The bot may be White and have moved already.)
  await page.waitForSelector('.game-page .board[data-ply]');

  const moves = await playRandomGame(page, random(2024), { onMove: async (n) => { if (n === 6) await screenshot(page, 'bot-game'); } });
  const score = await page.textContent('#result-score');
  assert.match(score, /^(1-0|0-1|1\/2-1\/2)$/);
  assert.ok(moves >= 1, 'the user made moves');
  const listed = await page.$$eval('#moves .san', (els) => els.length);
  assert.equal(listed, Number(await page.getAttribute('.game-page .board', 'data-ply')), 'every move is in the list');
  assert.ok((await page.textContent('#result-reason')).length > 0);
  await screenshot(page, 'bot-game-over');
  assert.deepEqual(errors, []);
});
