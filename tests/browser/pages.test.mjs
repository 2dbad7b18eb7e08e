// The other pages and ways in: a challenge from the lobby's form, moves
// typed in SAN and in coordinates, a draw offer shown and accepted, the
// player page with its PGN links, the rules page whose examples open in
// examine mode, and a phone's width.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, screenshot, guestLogin, Telnet, clickMove } from './harness.mjs';

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

const ply = (page) => page.getAttribute('.game-page .board', 'data-ply').then(Number);

test('a challenge from the form, typed moves, a draw offer accepted, the player page and its PGN', async () => {
  await server.addUser('Alice', 'alice password');
  const alice = new Telnet(server.telnet);
  await alice.login('Alice', 'alice password');
  await alice.command('iset pendinfo 1');
  const { page, errors } = await openPage(browser, server.url('/'));
  const me = await guestLogin(page);
  await page.fill('#seek-minutes', '2');
  await page.fill('#seek-inc', '1');
  await page.selectOption('#seek-color', 'white');
  await page.fill('#challenge-name', 'Alice');
  await page.click('#challenge-button');
  await alice.expect(`Challenge: ${me} (++++) [white] Alice`);
  await alice.command('accept');
  await page.waitForURL('**/game/*');
  await page.waitForSelector('.game-page .board[data-ply="0"]');

  // SAN, then coordinates, typed in the move box.
  await page.fill('#move-input', 'Nf3');
  await page.press('#move-input', 'Enter');
  await page.waitForSelector('.game-page .board[data-ply="1"]');
  await alice.expect('N/g1-f3');
  await alice.command('e5');
  await page.waitForSelector('.game-page .board[data-ply="2"]');
  await page.fill('#move-input', 'e2e4');
  await page.press('#move-input', 'Enter');
  await page.waitForSelector('.game-page .board[data-ply="3"]');
  // A move that is not legal is refused on the page, with nothing sent.
  await page.fill('#move-input', 'Ke3');
  await page.press('#move-input', 'Enter');
  await page.waitForFunction(() => document.querySelector('#game-status').textContent.includes('Illegal move (Ke3)'));
  assert.equal(await ply(page), 3);
  assert.deepEqual(await page.$$eval('#moves .san', (e) => e.map((x) => x.textContent)), ['Nf3', 'e5', 'e4']);

  // Alice says something and offers a draw; the page shows both, the user accepts.
  await alice.expect('P/e2-e4');
  await alice.command('say <script>alert(1)</script>');
  await page.waitForFunction(() => document.querySelector('#chat').textContent.includes('<script>alert(1)</script>'));
  assert.equal(await page.$$eval('#chat script', (e) => e.length), 0);
  await alice.command('draw');
  const offer = await page.waitForSelector('#game-offers .offer[data-kind="draw"]');
  assert.match(await offer.textContent(), /Alice offers a draw/);
  await screenshot(page, 'draw-offer');
  await (await offer.$('button.accept')).click();
  await page.waitForSelector('#result-score');
  assert.equal(await page.textContent('#result-score'), '1/2-1/2');
  assert.match(await page.textContent('#result-reason'), /mutual agreement/);
  await alice.expect('1/2-1/2');

  // Alice's page: the game just played, with its PGN.
  await page.click('#name-top a');
  await page.waitForSelector('#recent li');
  assert.match(await page.textContent('#player h2'), /^Alice$/);
  assert.match(await page.textContent('#recent li'), new RegExp(`Alice.*${me}|${me}.*Alice`));
  const href = await page.getAttribute('#recent a.pgn', 'href');
  const pgn = await (await fetch(server.url(href))).text();
  assert.match(pgn, /\[Variant "Atomic"\]/);
  assert.match(pgn, /1\. Nf3 e5 2\. e4/);
  assert.deepEqual(errors, []);
  alice.close();
});

test('the rules page draws its examples, each opening in examine mode, in French too', async () => {
  const { page, errors } = await openPage(browser, server.url('/help/atomic'), { locale: 'fr-FR' });
  await page.waitForSelector('.example');
  assert.equal(await page.$$eval('.example', (e) => e.length), 6);
  assert.match(await page.textContent('#rules'), /explosion/);
  assert.match(await page.textContent('.example[data-example="knights"] figcaption'), /Cxd5/);
  await screenshot(page, 'rules-fr');
  // queenmate: a lone queen mates; its board opens as the user's examined game.
  const api = await (await fetch(server.url('/api/help/atomic'))).json();
  const queenmate = api.boards.find((b) => b.name === 'queenmate');
  await page.click('.example[data-example="queenmate"] button.examine');
  await page.waitForURL('**/game/*');
  await page.waitForSelector('#btn-unexamine');
  assert.equal((await page.getAttribute('.game-page .board', 'data-fen')).split(' ')[0], queenmate.fen.split(' ')[0]);
  assert.match(await page.textContent('#game-title'), /en examen/);
  assert.deepEqual(errors, []);
});

test('a move made on a rules example is in the move list; stopping the examination ends it on the page', async () => {
  const { page, errors } = await openPage(browser, server.url('/help/atomic'));
  await page.waitForSelector('.example[data-example="knights"] button.examine');
  // The rules flow as text (headings, paragraphs, lists), not a preformatted block.
  assert.equal(await page.$('#rules pre, pre#rules'), null);
  assert.ok((await page.$$('#rules ol li')).length >= 5, 'the five rules are a list');
  await page.click('.example[data-example="knights"] button.examine');
  await page.waitForURL('**/game/*');
  await page.waitForSelector('#btn-unexamine');
  assert.ok(await page.isHidden('#clock-top'), 'an example has no clocks');
  // 5.Nxd5 on the example's board: the move list has it, numbered from move 5.
  await clickMove(page, 'c3', 'd5');
  await page.waitForFunction(() => [...document.querySelectorAll('#moves .san')].some((e) => e.textContent === 'Nxd5'));
  assert.equal(await page.textContent('#moves li:last-child .no'), '5.');
  await page.waitForSelector('.game-page .board[data-exploded="c6 d5 e5"]');
  await page.click('#btn-unexamine');
  await page.waitForFunction(() => !/examining/.test(document.querySelector('#game-title').textContent));
  assert.equal(await page.$('#btn-forward'), null, 'no Forward once the examination is over');
  assert.equal(await page.$('#btn-backward'), null);
  assert.ok(await page.isHidden('#move-input'));
  assert.match(await page.textContent('#game-status'), /no longer examine/);
  assert.deepEqual(errors, []);
});

test('on a phone the file letters stand under their files, and the header is one row', async () => {
  const { page, errors } = await openPage(browser, server.url('/help/atomic'), { width: 390, height: 844, phone: true });
  await page.waitForSelector('.example[data-example="knights"] button.examine');
  const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(over <= 0, `the rules page is ${over}px wider than the phone`);
  await screenshot(page, 'rules-phone');
  await page.click('.example[data-example="knights"] button.examine');
  await page.waitForSelector('.game-page .board coords.files coord');
  const places = await page.$eval('.game-page .board', (el) => {
    const board = el.querySelector('cg-board').getBoundingClientRect();
    const files = [...el.querySelectorAll('coords.files coord')].map((c) => {
      const r = c.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(c);
      const text = range.getBoundingClientRect();
      return { letter: c.textContent, left: text.left, right: text.right, bottom: r.bottom };
    });
    return { board: { left: board.left, width: board.width, bottom: board.bottom }, files };
  });
  assert.equal(places.files.length, 8);
  const square = places.board.width / 8;
  places.files.forEach((f, i) => {
    const from = places.board.left + i * square;
    assert.ok(f.left >= from - 0.5 && f.right <= from + square + 0.5, `${f.letter} lies in file ${'abcdefgh'[i]}: ${f.left}–${f.right} not in ${from}–${from + square}`);
    assert.ok(f.bottom <= places.board.bottom + 0.5, `${f.letter} is inside the board`);
  });
  const header = await page.$eval('header#top', (el) => el.getBoundingClientRect().height);
  assert.ok(header < 50, `the header is ${header}px high`);
  await screenshot(page, 'example-phone');
  assert.deepEqual(errors, []);
});

test('the lobby and a game fit a phone', async () => {
  const { page, errors } = await openPage(browser, server.url('/'), { width: 375, height: 740 });
  await guestLogin(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `the lobby is ${overflow}px wider than the phone`);
  await screenshot(page, 'lobby-phone');
  await page.fill('#console-in', 'examine');
  await page.press('#console-in', 'Enter');
  await page.waitForURL('**/game/*');
  await page.waitForSelector('.game-page .board[data-ply]');
  const width = await page.$eval('.game-page .board', (el) => el.getBoundingClientRect().width);
  assert.ok(width <= 375 && width > 250, `board width ${width}`);
  const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(over <= 0, `the game page is ${over}px wider than the phone`);
  await screenshot(page, 'game-phone');
  assert.deepEqual(errors, []);
});

test('the lobby and the game page load at most 300 KB compressed, all from this server', async () => {
  const { page, foreign } = await openPage(browser, server.url('/'));
  await page.waitForSelector('#guest');
  const assets = await page.evaluate(() => [...document.querySelectorAll('script[src], link[rel="stylesheet"]')].map((e) => e.src || e.href));
  assert.deepEqual(assets.map((a) => new URL(a).pathname).sort(), ['/assets/app.css', '/assets/app.js']);
  for (const path of ['/', '/game/1']) {
    let total = 0;
    for (const url of [server.url(path), ...assets]) {
      const r = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
      assert.equal(r.status, 200, url);
      assert.equal(r.headers.get('content-encoding'), 'gzip', url);
      total += Number(r.headers.get('content-length'));
    }
    assert.ok(total > 10000 && total <= 300 * 1024, `${path}: ${total} bytes compressed`);
  }
  assert.deepEqual(foreign, []);
});
