// Staying logged in, as a person finds it: a wrong password says so and
// keeps what was typed; a guest who reloads the page in the middle of a
// game comes back into it (board, clocks, names, buttons) and moves on; a
// registered player who reloads is still herself (the resume cookie, never
// a password); a dropped connection comes back by itself, under the same
// name, into the same game; a server restart with a game going is taken
// up again by the page on its own, and the game goes on (a guest comes
// back as the same guest too); a tab sent away by the same account's
// login in another tab says why and stays away.

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

const ply = (page) => page.getAttribute('.game-page .board', 'data-ply').then(Number);
/** A clock's text as seconds (`4:58` → 298, `0:09.3` → 9.3). */
const seconds = (text) => {
  const [m, s] = text.trim().split(':');
  return Number(m) * 60 + Number(s);
};

/** A guest in the browser plays White against a telnet user, 5 0; returns the game number. */
async function startGame(page, tel, me) {
  await page.fill('#seek-minutes', '5');
  await page.fill('#seek-inc', '0');
  await page.selectOption('#seek-color', 'white');
  await page.click('#seek-button');
  const row = await page.waitForSelector(`#seeks tr[data-name="${me}"]`);
  const index = await row.getAttribute('data-seek');
  tel.send(`play ${index}`);
  const game = Number((await tel.expect(/\{Game (\d+) /))[1]);
  await tel.expect('fics% ');
  await page.waitForURL(`**/game/${game}`);
  await page.waitForSelector('.game-page .board[data-ply="0"]');
  return game;
}

test('a wrong password, or none, says so and keeps the name', async () => {
  await server.addUser('Alice', 'alice password');
  const { page, errors } = await openPage(browser, server.url('/'));
  await page.fill('#login-name', 'Alice');
  await page.fill('#login-password', 'not hers');
  await page.click('#login button[type="submit"]');
  await page.waitForSelector('#login-error:not([hidden])');
  assert.match(await page.textContent('#login-error'), /Wrong password/);
  assert.equal(await page.inputValue('#login-name'), 'Alice', 'the name stays');
  assert.equal(await page.inputValue('#login-password'), 'not hers', 'the password stays, to correct it');
  assert.equal(await page.$('header .me a'), null, 'nobody is logged in');
  await screenshot(page, 'login-wrong-password');

  await page.fill('#login-password', '');
  await page.click('#login button[type="submit"]');
  await page.waitForFunction(() => /registered: give its password/.test(document.querySelector('#login-error').textContent));

  await page.fill('#login-password', 'alice password');
  await page.click('#login button[type="submit"]');
  await page.waitForSelector('header .me a');
  assert.match(await page.textContent('header .me a'), /^Alice/);
  assert.ok(await page.isHidden('#login'));
  assert.deepEqual(errors, []);
});

test('a guest reloads in the middle of a game and plays on, with the clocks the server has', async () => {
  const { page, errors } = await openPage(browser, server.url('/'));
  const me = await guestLogin(page);
  const tel = new Telnet(server.telnet);
  await tel.loginAs('Tess');
  const game = await startGame(page, tel, me);
  await clickMove(page, 'e2', 'e4');
  await tel.expect('P/e2-e4');
  await tel.command('e5');
  await page.waitForSelector('.game-page .board[data-ply="2"]');

  await page.reload();
  // The same guest, back in the same game: board, names, clocks, buttons.
  await page.waitForSelector('.game-page .board[data-ply="2"]');
  assert.equal(new URL(page.url()).pathname, `/game/${game}`);
  assert.equal((await page.textContent('header .me a')).replace(/\(.*$/, ''), me);
  await page.waitForSelector('#btn-resign');
  assert.match(await page.textContent('#name-bottom'), new RegExp(me));
  assert.match(await page.textContent('#name-top'), /Tess/);
  const pieces = await boardPieces(page);
  assert.ok(pieces.includes('e4') && pieces.includes('e5'), `${pieces}`);
  assert.deepEqual(await page.$$eval('#moves .san', (e) => e.map((x) => x.textContent)), ['e4', 'e5']);
  // The clocks read what the server has (about five minutes each), not tenths of a second.
  for (const id of ['#clock-top', '#clock-bottom']) {
    const s = seconds(await page.textContent(id));
    assert.ok(s > 240 && s <= 300, `${id} reads ${s} s`);
  }
  assert.equal(await page.textContent('#game-status'), 'Your move');
  await screenshot(page, 'reload-back-in-game');

  // And the game goes on from the page.
  await clickMove(page, 'g1', 'f3');
  await tel.expect('N/g1-f3');
  assert.equal(await ply(page), 3);
  tel.send('resign');
  await page.waitForSelector('#result-score');
  assert.deepEqual(errors, []);
  tel.close();
});

test('a registered player who reloads mid-game is still herself, in her game, and plays on; no password is kept', async () => {
  await server.addUser('Reg', 'reg password');
  const { page, context, errors } = await openPage(browser, server.url('/'));
  await page.fill('#login-name', 'Reg');
  await page.fill('#login-password', 'reg password');
  await page.click('#login button[type="submit"]');
  await page.waitForSelector('header .me a');
  const tel = new Telnet(server.telnet);
  await tel.loginAs('Gwen');
  const game = await startGame(page, tel, 'Reg');
  await clickMove(page, 'e2', 'e4');
  await tel.expect('P/e2-e4');
  await tel.command('e5');
  await page.waitForSelector('.game-page .board[data-ply="2"]');

  // The resume cookie is the server's: HttpOnly, SameSite=Strict, out of the script's reach.
  const cookie = (await context.cookies()).find((c) => c.name === 'atomicd_resume');
  assert.ok(cookie, 'a resume cookie');
  assert.equal(cookie.httpOnly, true);
  assert.equal(cookie.sameSite, 'Strict');
  assert.doesNotMatch(await page.evaluate(() => document.cookie), /atomicd_resume/);

  await page.reload();
  // Still Reg, without a password asked: in her game, her move, the server's clocks.
  await page.waitForSelector('header .me a');
  assert.match(await page.textContent('header .me a'), /^Reg/);
  await page.waitForSelector('#btn-resign');
  await page.waitForSelector('.game-page .board[data-ply="2"]');
  assert.equal(new URL(page.url()).pathname, `/game/${game}`);
  assert.equal(await page.$('#login-again'), null, 'no password asked');
  assert.doesNotMatch(await page.textContent('#game-title'), /observing/);
  assert.match(await page.textContent('#name-bottom'), /Reg/);
  for (const id of ['#clock-top', '#clock-bottom']) {
    const s = seconds(await page.textContent(id));
    assert.ok(s > 240 && s <= 300, `${id} reads ${s} s`);
  }
  // The page keeps no password, in memory or in storage.
  const kept = await page.evaluate(() => JSON.stringify([Object.entries(sessionStorage), Object.entries(localStorage), window.atomicd.session, window.atomicd.fics]));
  assert.doesNotMatch(kept, /reg password/);
  await screenshot(page, 'reload-registered');

  await clickMove(page, 'g1', 'f3');
  await tel.expect('N/g1-f3');
  tel.send('resign');
  await page.waitForSelector('#result-score');

  // Logging out ends it: the cookie is cleared, and the next visit is nobody's.
  const cleared = page.waitForResponse((r) => new URL(r.url()).pathname === '/session' && r.request().method() === 'DELETE');
  await page.click('#logout');
  assert.equal((await cleared).status(), 204);
  assert.ok(!(await context.cookies()).some((c) => c.name === 'atomicd_resume' && c.value), 'the cookie is cleared');
  await page.goto(server.url('/'));
  await page.waitForSelector('#login:not([hidden])');
  assert.equal(await page.textContent('#connection'), 'Not connected.');
  assert.equal(await page.$('header .me a'), null);
  assert.deepEqual(errors, []);
  tel.close();
});

test('a dropped connection comes back by itself, under the same name, into the same game', async () => {
  const { page, errors } = await openPage(browser, server.url('/'));
  const me = await guestLogin(page);
  const tel = new Telnet(server.telnet);
  await tel.loginAs('Drop');
  await startGame(page, tel, me);
  await clickMove(page, 'd2', 'd4');
  await tel.expect('P/d2-d4');

  // The network drops the socket (the page did not close it).
  await page.evaluate(() => window.atomicd.fics.ws.close());
  await page.waitForSelector('#reconnecting');
  assert.match(await page.textContent('#reconnecting'), /reconnecting/);
  await tel.expect(`${me} has lost connection`);
  await screenshot(page, 'reconnecting');
  // Back within the grace, as the same guest; the opponent is told.
  await tel.expect(`${me} has reconnected`);
  await page.waitForSelector('header .me a');
  assert.equal((await page.textContent('header .me a')).replace(/\(.*$/, ''), me);
  await page.waitForSelector('#btn-resign');
  tel.send('d5');
  await page.waitForSelector('.game-page .board[data-ply="2"]');
  await clickMove(page, 'c2', 'c4');
  await tel.expect('P/c2-c4');
  tel.send('resign');
  await page.waitForSelector('#result-score');
  assert.deepEqual(errors.filter((e) => !/WebSocket/.test(e)), []);
  tel.close();
});

test('after a server restart the page reconnects by itself and the game goes on', async () => {
  await server.addUser('Rita', 'rita password');
  await server.addUser('Sam', 'sam password');
  const { page, errors } = await openPage(browser, server.url('/'));
  await page.fill('#login-name', 'Rita');
  await page.fill('#login-password', 'rita password');
  await page.click('#login button[type="submit"]');
  await page.waitForSelector('header .me a');
  let sam = new Telnet(server.telnet);
  await sam.login('Sam', 'sam password');
  await page.fill('#seek-minutes', '5');
  await page.selectOption('#seek-color', 'white');
  await page.click('#seek-button');
  const row = await page.waitForSelector('#seeks tr[data-name="Rita"]');
  sam.send(`play ${await row.getAttribute('data-seek')}`);
  await sam.expect('Creating: ');
  await sam.expect('fics% ');
  await page.waitForSelector('.game-page .board[data-ply="0"]');
  await clickMove(page, 'e2', 'e4');
  await sam.expect('P/e2-e4');
  await sam.command('e5');
  await page.waitForSelector('.game-page .board[data-ply="2"]');

  await server.restart();
  sam.close();
  // The page says it is reconnecting, then is back as Rita, by itself.
  await page.waitForSelector('#reconnecting');
  await page.waitForSelector('header .me a', { timeout: 60000 });
  assert.match(await page.textContent('header .me a'), /^Rita/);
  // Sam comes back too: the game the shutdown adjourned goes on, and the page shows it.
  sam = new Telnet(server.telnet);
  await sam.login('Sam', 'sam password');
  await page.waitForSelector('#btn-resign');
  await page.waitForSelector('.game-page .board[data-ply="2"]');
  const pieces = await boardPieces(page);
  assert.ok(pieces.includes('e4') && pieces.includes('e5'), `${pieces}`);
  await clickMove(page, 'g1', 'f3');
  await sam.expect('N/g1-f3');
  await screenshot(page, 'restart-game-goes-on');
  sam.send('resign');
  await page.waitForSelector('#result-score');
  // While the server is down, the page's requests find nobody: nothing else went wrong.
  assert.deepEqual(errors.filter((e) => !/WebSocket|ERR_CONNECTION_REFUSED/.test(e)), []);
  sam.close();
});

test('after a server restart a guest comes back by itself as the same guest', async () => {
  const { page, errors } = await openPage(browser, server.url('/'));
  const me = await guestLogin(page);
  await server.restart();
  await page.waitForSelector('#reconnecting');
  await page.waitForSelector('header .me a', { timeout: 60000 });
  assert.equal((await page.textContent('header .me a')).replace(/\(.*$/, ''), me);
  // The same guest, as the server sees it: a tell to that name reaches the page.
  const tel = new Telnet(server.telnet);
  await tel.loginAs('Tina');
  await tel.command(`tell ${me} welcome back`);
  await page.waitForSelector('#notes .tell[data-from="Tina"]');
  // The lobby's lists are read every few seconds: one may be cut by the server stopping, or find nobody.
  assert.deepEqual(errors.filter((e) => !/WebSocket|ERR_CONNECTION_(REFUSED|RESET)/.test(e)), []);
  tel.close();
});

test('logged in again in another tab, the first tab says why and does not come back by itself', async () => {
  await server.addUser('Tabby', 'tabby password');
  const { page, context, errors } = await openPage(browser, server.url('/'));
  await page.fill('#login-name', 'Tabby');
  await page.fill('#login-password', 'tabby password');
  await page.click('#login button[type="submit"]');
  await page.waitForSelector('header .me a');
  // A second tab of the same browser (the same cookie) logs in as Tabby too.
  const second = await context.newPage();
  await second.goto(server.url('/'));
  await second.fill('#login-name', 'Tabby');
  await second.fill('#login-password', 'tabby password');
  await second.click('#login button[type="submit"]');
  await second.waitForSelector('header .me a');
  assert.match(await second.textContent('header .me a'), /^Tabby/);
  // The first is sent away: it says so, and is not reconnecting.
  await page.waitForSelector('#notes .notice');
  assert.match(await page.textContent('#notes .notice'), /Tabby has arrived - you can't both be logged in/);
  await page.waitForSelector('#connection');
  assert.equal(await page.$('#reconnecting'), null);
  assert.equal(await page.evaluate(() => window.atomicd.session.retryAt), 0, 'no attempt to come back is scheduled');
  assert.match(await second.textContent('header .me a'), /^Tabby/);
  assert.deepEqual(errors, []);
});
