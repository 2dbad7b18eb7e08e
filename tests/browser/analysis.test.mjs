// The analysis page of a finished game: the server's computer analysis
// drawn (the evaluation graph, the marked blunder and the best move), and
// the analysis board's own engine, Fairy-Stockfish as WebAssembly in the
// browser, showing an evaluation of the position on the board; the
// finished game's page and the player page leading to it; the page in
// French. The page is cross-origin isolated (the engine's threads need
// it); the lobby is not.

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

  // The finished game's page asks for its analysis by the game's id: it
  // is done, so anyone is shown it, and the page links to it.
  const hist = await openPage(browser, server.url('/history/1'));
  await hist.page.click('#btn-analyse');
  await hist.page.waitForSelector('#analysis-link:not([hidden])');
  assert.match(await hist.page.textContent('#analysis-notice'), /^Computer analysis of game 1: Alice vs\. Bob \(1-0\)/);
  assert.equal(await hist.page.getAttribute('#analysis-link', 'href'), '/analysis/1');
  // The player page links each game's analysis beside its page and PGN.
  await hist.page.goto(server.url('/player/Alice'));
  await hist.page.click('#recent li[data-game="1"] a.analysis-link');
  await hist.page.waitForURL('**/analysis/1');
  await hist.page.waitForSelector('#analysis-moves li.blunder');
  assert.deepEqual(hist.errors, []);

  // In French: the page's own words, French piece letters, the header's language switch.
  const fr = await openPage(browser, server.url('/analysis/1'), { locale: 'fr-FR' });
  await fr.page.waitForSelector('#analysis-moves li.blunder');
  assert.equal(await fr.page.getAttribute('html', 'lang'), 'fr');
  assert.equal(await fr.page.textContent('.analysis h2'), 'Analyse par l’ordinateur de la partie 1');
  assert.match(await fr.page.textContent('#analysis-moves li.blunder'), /a6\?\?.*Gaffe\. f6 était le meilleur coup\./);
  assert.match(await fr.page.textContent('#analysis-moves li[data-ply="1"]'), /^1\. Cf3/);
  const sides = await fr.page.$$eval('.analysis p', (ps) => ps.map((x) => x.textContent));
  assert.ok(sides.some((x) => /^Noirs : \d+ imprécisions?, \d+ erreurs?, 1 gaffe$/.test(x)), sides.join(' | '));
  await fr.page.selectOption('#lang', 'en');
  await fr.page.waitForFunction(() => document.querySelector('.analysis h2')?.textContent === 'Computer analysis of game 1');
  assert.deepEqual(fr.errors, []);

  // A game from a set-up position (after 1. Nf3 a6): its analysis replays
  // from there, numbered from White's second move.
  const setUp = 'rnbqkbnr/1ppppppp/p7/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 2';
  await alice.command(`match Bob 3 0 unrated white fen ${setUp}`);
  await bob.expect('"accept"');
  bob.send('accept');
  for (const c of [alice, bob]) await c.expect('Creating: ');
  for (const [i, mv] of ['Ng5', 'a5', 'Nxf7'].entries()) {
    const [mover, other] = i % 2 === 0 ? [alice, bob] : [bob, alice];
    await mover.command(mv);
    await other.expect(`) ${mv}`);
  }
  await alice.expect("Bob's king exploded} 1-0");
  await alice.command('analyse');
  await alice.expect('"analyse 2" shows it.', 120000);
  const set = await openPage(browser, server.url('/analysis/2'));
  await set.page.waitForSelector('#analysis-moves li[data-ply="3"]');
  assert.deepEqual(await set.page.$$eval('#analysis-moves .san', (els) => els.map((e) => e.textContent.replace(/[?!]+$/, ''))), ['2. Ng5', 'a5', '3. Nxf7#']);
  assert.equal(await set.page.getAttribute('.analysis .board', 'data-fen'), setUp);
  assert.deepEqual(set.errors, []);

  // The lobby stays as it was: not isolated, no engine loaded.
  const lobby = await openPage(browser, server.url('/'));
  await lobby.page.waitForSelector('#login');
  assert.equal(await lobby.page.evaluate(() => window.crossOriginIsolated), false);
  const loaded = await lobby.page.evaluate(() => performance.getEntriesByType('resource').map((r) => r.name));
  assert.ok(!loaded.some((u) => u.includes('/engine/')), loaded.join(' '));
  alice.close();
  bob.close();
});
