// The notification area, on every page: a tell reaches a player on a game
// page (and is answered from there, and is in the console later); a
// challenge reaches a user looking at a tournament, who accepts it there;
// after a game the loser's rematch reaches the winner's game page, and the
// new game under the same number starts with none of the old game's talk,
// while the finished game keeps its own page.

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

/** The guest in the browser challenges the telnet user, who accepts; the browser plays White. */
async function challenge(page, tel, name, minutes = 5) {
  if (new URL(page.url()).pathname !== '/') await page.click('header nav a[href="/"]');
  await page.waitForSelector('#seek-minutes');
  await page.fill('#seek-minutes', String(minutes));
  await page.fill('#seek-inc', '0');
  await page.selectOption('#seek-color', 'white');
  await page.fill('#challenge-name', name);
  await page.click('#challenge-button');
  await tel.expect('Challenge: ');
  await tel.command('accept');
  await page.waitForURL('**/game/*');
  await page.waitForSelector('.game-page .board[data-ply="0"]');
  return Number(/\/game\/(\d+)/.exec(page.url())[1]);
}

test('a tell reaches a player on a game page, is answered from there, and stays in the console', async () => {
  const { page, errors } = await openPage(browser, server.url('/'));
  const me = await guestLogin(page);
  const tel = new Telnet(server.telnet);
  await tel.loginAs('Tina');
  const friend = new Telnet(server.telnet);
  await friend.loginAs('Fred');
  await challenge(page, tel, 'Tina');

  await friend.command(`tell ${me} are you free after this game?`);
  const note = await page.waitForSelector('#notes .tell[data-from="Fred"]');
  assert.match(await note.textContent(), /Fred tells you: are you free after this game\?/);
  await screenshot(page, 'tell-on-game-page');
  await (await note.$('button.reply')).click();
  await page.fill('#notes .tell[data-from="Fred"] input', 'yes, in five minutes');
  await page.press('#notes .tell[data-from="Fred"] input', 'Enter');
  await friend.expect(`${me}(U) tells you: yes, in five minutes`);
  await page.waitForSelector('#notes .tell[data-from="Fred"]', { state: 'detached' });

  // The lobby's console has kept the tell (and the answer).
  await page.click('header nav a[href="/"]');
  await page.waitForSelector('#console-out');
  const text = await page.textContent('#console-out');
  assert.match(text, /Fred\(U\) tells you: are you free after this game\?/);
  assert.match(text, /Fred: yes, in five minutes/);
  // Back to the game, which went on meanwhile.
  await page.goBack();
  await page.waitForSelector('#btn-resign');
  tel.send('resign');
  await page.waitForSelector('#result-score');
  assert.deepEqual(errors, []);
  tel.close();
  friend.close();
});

test('a challenge reaches a user on a tournament page, who accepts it there', async () => {
  await server.addUser('Director', 'td password', ['--td']);
  const td = new Telnet(server.telnet);
  await td.login('Director', 'td password');
  const id = Number(/Tourney #(\d+) created/.exec(await td.command('tourney create Open swiss 3 0 unrated'))[1]);
  const { page, errors } = await openPage(browser, server.url('/'));
  const me = await guestLogin(page);
  await page.goto(server.url(`/tourney/${id}`));
  await page.waitForSelector('#tourney-status');
  await page.waitForSelector('header .me a');
  await td.command('iset pendinfo 1');
  await td.command(`match ${me} 3 0 unrated black`);
  const note = await page.waitForSelector(`#notes .challenge[data-from="Director"]`);
  assert.match(await note.textContent(), /Director \(----\) challenges you: 3 \+ 0, unrated, you play White/);
  await screenshot(page, 'challenge-on-tourney-page');
  await (await note.$('button.accept')).click();
  await page.waitForURL('**/game/*');
  await page.waitForSelector('.game-page .board[data-ply="0"]');
  assert.match(await page.textContent('#name-bottom'), new RegExp(me));
  assert.equal(await page.$('#notes .challenge'), null, 'the challenge is gone once accepted');
  await td.command('abort');
  assert.deepEqual(errors, []);
  td.close();
});

test('the loser asks for a rematch; the winner accepts on the game page; the new game has no old talk', async () => {
  const { page, errors } = await openPage(browser, server.url('/'));
  const me = await guestLogin(page);
  const tel = new Telnet(server.telnet);
  await tel.loginAs('Rex');
  await tel.command('iset pendinfo 1');
  const first = await challenge(page, tel, 'Rex');
  await tel.command('say good luck');
  await page.waitForFunction(() => document.querySelector('#chat').textContent.includes('good luck'));
  await page.fill('#chat-input', 'you too');
  await page.press('#chat-input', 'Enter');
  await tel.expect(`${me}(U)[${first}] says: you too`);
  // The sender sees the line as the receiver does.
  await page.waitForFunction((me) => [...document.querySelectorAll('#chat li')].some((li) => li.textContent === `${me} says: you too`), me);
  await clickMove(page, 'e2', 'e4');
  await tel.expect('P/e2-e4');
  await tel.command('resign');
  await page.waitForSelector('#result-score');
  assert.equal(await page.textContent('#result-score'), '1-0');
  // The finished game's page has its lasting address.
  await page.waitForURL('**/history/*');
  const historyUrl = page.url();

  // Rex (the loser) asks for a rematch; the winner's game page shows it.
  await tel.command(`match ${me} 5 0 unrated white`);
  const note = await page.waitForSelector('#notes .challenge[data-from="Rex"]');
  assert.match(await note.textContent(), /Rex \(\+\+\+\+\) challenges you: 5 \+ 0, unrated, you play Black/);
  await screenshot(page, 'rematch-on-game-page');
  await (await note.$('button.accept')).click();
  await page.waitForURL(`**/game/${first}`);
  await page.waitForSelector('.game-page .board[data-ply="0"]');
  await page.waitForFunction((me) => document.querySelector('#name-bottom').textContent.includes(me), me);
  assert.equal(await page.$('#result-score'), null, 'the new game is not over');
  assert.equal(await page.$$eval('#chat li', (e) => e.length), 0, 'no talk of the last game');
  await tel.command('e4');
  await page.waitForSelector('.game-page .board[data-ply="1"]');

  // The finished game is still there at its own address.
  await page.goBack();
  await page.waitForURL(historyUrl);
  await page.waitForSelector('#result-score');
  assert.equal(await page.textContent('#result-score'), '1-0');
  assert.match(await page.textContent('#result-reason'), /resigns/);
  await page.goForward();
  await page.waitForSelector('#btn-resign');
  await tel.command('resign');
  assert.deepEqual(errors, []);
  tel.close();
});
