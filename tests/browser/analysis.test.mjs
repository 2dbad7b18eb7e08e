// The analysis page of a finished game: the server's computer analysis
// drawn (the evaluation graph, the marked blunder and the best move), and
// the analysis board's own engine, Fairy-Stockfish as WebAssembly in the
// browser, showing an evaluation of the position on the board. The page is
// cross-origin isolated (the engine's threads need it); the lobby is not.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ROOT, PATIENCE, startServer, launchBrowser, openPage, screenshot, Telnet } from './harness.mjs';

let server;
let browser;
before(async () => {
  server = await startServer(
    `engine = ${JSON.stringify(join(ROOT, 'engines/fairy-stockfish'))}\n[analysis]\ndepth = 10\n`,
  );
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

test('the analysis page shows the stored analysis and the browser engine evaluates the board', async () => {
  await server.addUser('Alice', 'pw');
  await server.addUser('Bob', 'pw');
  const alice = new Telnet(server.telnet);
  const bob = new Telnet(server.telnet);
  await alice.login('Alice', 'pw');
  await bob.login('Bob', 'pw');
  await alice.command('match Bob 3 0 unrated white');
  await bob.expect('"accept"');
  bob.send('accept');
  for (const c of [alice, bob]) {
    await c.expect('Creating: ');
    await c.expect('<12> ');
    await c.expect('fics% ');
  }
  const line = ['Nf3', 'a6', 'Ng5', 'a5', 'Nxf7'];
  for (let i = 0; i < line.length; i++) {
    const [mover, other] = i % 2 === 0 ? [alice, bob] : [bob, alice];
    const said = await mover.command(line[i]);
    await other.expect(`) ${line[i]}`).catch((e) => {
      throw new Error(`${e.message}\n${line[i]} answered ${JSON.stringify(said)}, then ${JSON.stringify(mover.buf)}`);
    });
  }
  await alice.expect("Bob's king exploded} 1-0");
  await alice.command('analyse');
  await alice.expect('"analyse 1" shows it.', 120000);

  const { page, errors } = await openPage(browser, server.url('/analysis/1'));
  await page.waitForSelector('#eval-graph polyline', { state: 'attached' }).catch(async (e) => { console.log(errors, await page.content()); throw e; });
  assert.equal(await page.evaluate(() => window.crossOriginIsolated), true, 'the page is cross-origin isolated');
  // 1...a6?? is the blunder, the book move 1...f6 beside it.
  const blunder = await page.textContent('#analysis-moves li.blunder');
  assert.match(blunder, /a6\?\?/);
  assert.match(blunder, /Blunder\. f6 was best\./);
  assert.equal(await page.$$eval('#analysis-moves li', (els) => els.length), 5);
  // The browser's own engine evaluates the position on the board.
  await page.click('#analysis-moves li[data-ply="2"]');
  await page.waitForFunction(() => /Your machine: [+\-#]\S* at depth \d+/.test(document.querySelector('#local-eval').textContent), null, { timeout: PATIENCE * 2 });
  await screenshot(page, 'analysis-page');
  assert.deepEqual(errors, []);

  // The lobby stays as it was: not isolated, no engine loaded.
  const lobby = await openPage(browser, server.url('/'));
  await lobby.page.waitForSelector('#login');
  assert.equal(await lobby.page.evaluate(() => window.crossOriginIsolated), false);
  const loaded = await lobby.page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name));
  assert.ok(!loaded.some((u) => u.includes('/engine/')), loaded.join(' '));
  alice.close();
  bob.close();
});
