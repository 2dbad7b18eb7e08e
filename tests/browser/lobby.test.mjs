// The lobby as a new player finds it: quick pairing pairs two browsers
// with one click each, in atomic or (with its switch) Atomic960; the
// seeks table has its headers and says what "++++" and "----" are; a
// guest is told why rated seeks do not show. The player page: the rating graph, a row for each rating line (atomic's and
// Atomic960's), the games newest first with their dates, and a guest's own
// games.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, screenshot, guestLogin, Telnet } from './harness.mjs';

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

test('quick pairing: one click posts a 3+0 seek, a click on 3+0 in another browser plays it', async () => {
  const { page: a, errors: aErrors } = await openPage(browser, server.url('/'));
  const { page: b, errors: bErrors } = await openPage(browser, server.url('/'));
  assert.deepEqual(
    await a.$$eval('#quick .tc', (e) => e.map((x) => x.dataset.tc)),
    ['1+0', '2+1', '3+0', '3+2', '5+0', '5+3', '10+0', '15+10'],
  );
  const nameA = await guestLogin(a);
  await a.click('#quick .tc[data-tc="3+0"]');
  await a.waitForSelector('#quick .tc.waiting[data-tc="3+0"]');
  await a.waitForSelector(`#seeks tr[data-name="${nameA}"]`);
  await screenshot(a, 'quick-pairing');
  // The other browser (a guest made on the click) takes it.
  await b.click('#quick .tc[data-tc="3+0"]');
  await a.waitForURL('**/game/*');
  await b.waitForURL('**/game/*');
  assert.equal(new URL(a.url()).pathname, new URL(b.url()).pathname);
  await a.waitForSelector('#btn-resign');
  await a.click('#btn-resign');
  await a.click('#btn-resign-yes');
  await b.waitForSelector('#result-score');
  assert.deepEqual(aErrors, []);
  assert.deepEqual(bErrors, []);
});

test('quick pairing in Atomic960: the switch posts an Atomic960 seek, which an atomic click leaves alone', async () => {
  const { page: a, errors: aErrors } = await openPage(browser, server.url('/'));
  const { page: b, errors: bErrors } = await openPage(browser, server.url('/'));
  const nameA = await guestLogin(a);
  await a.check('#quick-960');
  await a.click('#quick .tc[data-tc="3+0"]');
  await a.waitForSelector(`#seeks tr[data-name="${nameA}"][data-variant="atomic960"]`);
  await a.waitForSelector('#quick .tc.waiting[data-tc="3+0"]');
  // Seen with the switch off, my 3+0 is not waiting: that button is atomic's.
  await a.uncheck('#quick-960');
  await a.waitForSelector('#quick .tc[data-tc="3+0"]:not(.waiting)');
  await a.check('#quick-960');
  // An atomic 3+0 click in the other browser does not take it: it posts its own.
  const nameB = await guestLogin(b);
  await b.waitForSelector(`#seeks tr[data-name="${nameA}"]`);
  await b.click('#quick .tc[data-tc="3+0"]');
  await b.waitForSelector(`#seeks tr[data-name="${nameB}"][data-variant="atomic"]`);
  assert.ok(!a.url().includes('/game/'));
  // A second atomic click takes it back; with the switch on, a click takes mine: an Atomic960 game.
  await b.click('#quick .tc[data-tc="3+0"]');
  await b.waitForSelector(`#seeks tr[data-name="${nameB}"]`, { state: 'detached' });
  await b.check('#quick-960');
  await b.click('#quick .tc[data-tc="3+0"]');
  await a.waitForURL('**/game/*');
  await b.waitForURL('**/game/*');
  assert.equal(new URL(a.url()).pathname, new URL(b.url()).pathname);
  const no = Number(new URL(a.url()).pathname.split('/').pop());
  const { games } = await (await fetch(server.url('/api/games'))).json();
  assert.equal(games.find((g) => g.number === no)?.variant, 'atomic960', JSON.stringify(games));
  await a.waitForSelector('#btn-resign');
  await a.click('#btn-resign');
  await a.click('#btn-resign-yes');
  await b.waitForSelector('#result-score');
  assert.deepEqual(aErrors, []);
  assert.deepEqual(bErrors, []);
});

test('the seeks table says what its columns and ratings are; a guest learns why rated seeks are missing', async () => {
  await server.addUser('Ralph', 'ralph password');
  await server.addUser('Rhea', 'rhea password');
  const ralph = new Telnet(server.telnet);
  await ralph.login('Ralph', 'ralph password');
  await ralph.command('seek 5 0 rated');
  const gus = new Telnet(server.telnet);
  await gus.loginAs('Gus');
  await gus.command('seek 7 0 unrated');
  // A guest sees Gus's unrated seek, not Ralph's rated one, and is told why.
  const { page, errors } = await openPage(browser, server.url('/'));
  await guestLogin(page);
  await page.waitForSelector('#seeks tr[data-name="Gus"]');
  assert.equal(await page.$('#seeks tr[data-name="Ralph"]'), null);
  assert.deepEqual(await page.$$eval('.seeks thead th', (e) => e.map((x) => x.textContent)), ['Player', 'Rating', 'Time', 'Mode', 'Colour', '']);
  assert.match(await page.textContent('#seeks-note'), /As a guest you see the unrated seeks only/);
  assert.match(await page.textContent('#seeks-note'), /\+\+\+\+ is a guest \(no rating\), ---- a player with no rated game yet/);
  assert.match(await page.getAttribute('#seeks tr[data-name="Gus"] td:nth-child(2)', 'title'), /guest/);
  await screenshot(page, 'seeks-guest');
  // A registered player sees both, with no word for guests.
  const { page: rhea } = await openPage(browser, server.url('/'));
  await rhea.fill('#login-name', 'Rhea');
  await rhea.fill('#login-password', 'rhea password');
  await rhea.click('#login button[type="submit"]');
  await rhea.waitForSelector('#seeks tr[data-name="Ralph"]');
  await rhea.waitForSelector('#seeks tr[data-name="Gus"]');
  assert.doesNotMatch(await rhea.textContent('#seeks-note'), /As a guest/);
  assert.deepEqual(errors, []);
  ralph.close();
  gus.close();
});

test('the player page: a rating graph, games newest first with dates; a guest finds the games just played', async () => {
  await server.addUser('Pia', 'pia password');
  await server.addUser('Quin', 'quin password');
  const pia = new Telnet(server.telnet);
  await pia.login('Pia', 'pia password');
  const quin = new Telnet(server.telnet);
  await quin.login('Quin', 'quin password');
  // A rated game on `terms`, Pia White, that `loser` resigns after a move each.
  const ratedGame = async (terms, loser) => {
    pia.send(`match Quin ${terms} white`);
    await quin.expect('Challenge: ');
    await quin.command('accept');
    await pia.expect('Creating: ');
    await pia.command('e4');
    await quin.expect('P/e2-e4');
    await quin.command('e5');
    await pia.expect('P/e7-e5');
    loser.send('resign');
    await pia.expect(/resigns\} (1-0|0-1)/);
    await quin.expect('fics% ');
  };
  // Three rated games: Pia wins two, loses one.
  for (const loser of [quin, quin, pia]) await ratedGame('3 0 rated', loser);
  // Then a rated Atomic960 game from the standard start (518), which Pia
  // wins: its own line on her page, and not a point of the atomic graph.
  await ratedGame('3 0 rated atomic960 518', quin);
  const { page, errors } = await openPage(browser, server.url('/player/Pia'));
  await page.waitForSelector('#rating-graph svg');
  const dots = await page.$$eval('#rating-graph circle', (e) => e.map((c) => Number(c.dataset.rating)));
  assert.equal(dots.length, 4, `three games and now: ${dots}`);
  assert.equal(dots[0], 1500);
  assert.ok(dots[1] > 1500 && dots[2] > dots[1] && dots[3] < dots[2], `up, up, down: ${dots}`);
  const ids = await page.$$eval('#recent li', (e) => e.map((li) => Number(li.dataset.game)));
  assert.deepEqual(ids, [...ids].sort((x, y) => y - x), 'newest first');
  assert.equal(ids.length, 4, 'three atomic games and one Atomic960');
  const rows = await page.$$eval('#ratings tbody tr', (e) => e.map((tr) => [...tr.children].map((c) => c.textContent)));
  assert.deepEqual(
    rows.map((r) => [r[0], r[3], r[4], r[6]]),
    [
      ['Atomic', '2', '1', '3'],
      ['Atomic960', '1', '0', '1'],
    ],
    `one row a line, each with its own record: ${JSON.stringify(rows)}`,
  );
  assert.ok(await page.$('#recent li time'), 'each game has its date');
  assert.doesNotMatch(await page.textContent('#player .facts'), /Titles: –/);
  assert.match(await page.textContent('#presence'), /Online now/);
  await screenshot(page, 'player');
  // A link leads to the game's own page.
  await page.click(`#recent li[data-game="${ids[0]}"] a[href^="/history/"]`);
  await page.waitForSelector('.history-page #result-score');

  // A guest who just played has their games on their page.
  const { page: g } = await openPage(browser, server.url('/'));
  const me = await guestLogin(g);
  const tel = new Telnet(server.telnet);
  await tel.loginAs('Walt');
  tel.send(`match ${me} 3 0 unrated black`);
  await g.waitForSelector('#notes .challenge button.accept');
  await g.click('#notes .challenge button.accept');
  await g.waitForSelector('#btn-resign');
  await tel.expect('Creating: ');
  await tel.command('resign');
  await g.waitForSelector('#result-score');
  await g.click('#name-bottom a');
  await g.waitForSelector('#recent li');
  assert.match(await g.textContent('#recent li'), new RegExp(`${me}.*Walt`));
  assert.deepEqual(errors, []);
  pia.close();
  quin.close();
  tel.close();
});
