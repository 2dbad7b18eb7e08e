// A browser user plays a whole game against `atomicd bot` driving the
// random test engine (examples/random_uci.rs): the bot's seek shows in the
// lobby, the user takes it and answers every move by clicking a legal
// destination the board offers, until the game ends.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { PATIENCE, binary, built, startServer, launchBrowser, openPage, screenshot, guestLogin, clickSquare } from './harness.mjs';

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

/** A small seeded generator: the same choices on every run. */
function random(seed) {
  let s = seed >>> 0 || 1;
  return (n) => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) % n;
  };
}

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

  const pick = random(2024);
  let moves = 0;
  for (;;) {
    // Wait for my turn (the board offers moves) or the end.
    const state = await page.waitForFunction(
      () => {
        if (document.querySelector('#result-score')) return 'over';
        const cg = document.querySelector('.game-page .board').cg;
        const s = cg.state;
        return s.movable.color === s.turnColor && s.movable.dests && s.movable.dests.size > 0 ? 'move' : false;
      },
      null,
      { timeout: PATIENCE },
    );
    if ((await state.jsonValue()) === 'over') break;
    const dests = await page.$eval('.game-page .board', (el) => [...el.cg.state.movable.dests].map(([from, to]) => [from, to]));
    const [from, tos] = dests[pick(dests.length)];
    const to = tos[pick(tos.length)];
    const ply = Number(await page.getAttribute('.game-page .board', 'data-ply'));
    await clickSquare(page, from);
    await clickSquare(page, to);
    // The move is answered by the server's board, or (a pawn reaching the
    // last rank) first by the promotion choice, which may show a moment
    // after the click: wait for whichever comes.
    const answered = (n) => {
      if (Number(document.querySelector('.game-page .board').dataset.ply) > n || document.querySelector('#result-score')) return 'moved';
      return document.querySelector('#promotion').hidden ? false : 'promote';
    };
    const next = await page.waitForFunction(answered, ply, { timeout: PATIENCE });
    if ((await next.jsonValue()) === 'promote') {
      await page.click('#promotion [data-piece="q"]');
      await page.waitForFunction((n) => Number(document.querySelector('.game-page .board').dataset.ply) > n || document.querySelector('#result-score'), ply, { timeout: PATIENCE });
    }
    moves++;
    if (moves === 6) await screenshot(page, 'bot-game');
    assert.ok(moves < 300, 'the game ends');
  }
  const score = await page.textContent('#result-score');
  assert.match(score, /^(1-0|0-1|1\/2-1\/2)$/);
  assert.ok(moves >= 1, 'the user made moves');
  const listed = await page.$$eval('#moves .san', (els) => els.length);
  assert.equal(listed, Number(await page.getAttribute('.game-page .board', 'data-ply')), 'every move is in the list');
  assert.ok((await page.textContent('#result-reason')).length > 0);
  await screenshot(page, 'bot-game-over');
  assert.deepEqual(errors, []);
});
