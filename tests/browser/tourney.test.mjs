// The tournaments: a director creates a rated round robin on the lobby's
// form and starts it from its page; a registered browser user joins it
// and withdraws again; the page then follows the event, played by three
// telnet users, round by round (each with its bye) to its final standings
// with the ratings the games gave; the lobby keeps the finished event.
// An Atomic960 event made on the form says so on its page and the lobby.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, screenshot, Telnet } from './harness.mjs';

let server;
let browser;
const players = [];
before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  for (const p of players) p.close();
  await browser?.close();
  await server?.stop();
});

/** Plays every tourney game of `name`: White opens with f3, Black resigns on it. */
async function autoplay(tel, name, done) {
  while (!done.over) {
    let start;
    try {
      start = await tel.expect(/\{Game (\d+) \((\w+) vs\. (\w+)\) Creating/, 120000);
    } catch {
      return;
    }
    if (start[2] === name) tel.send('f3');
    else {
      await tel.expect('P/f2-f3');
      tel.send('resign');
    }
  }
}

test('a director creates a round robin from the web and starts it; it is followed to its final standings; join and withdraw', async () => {
  await server.addUser('Boss', 'boss password', ['--td']);
  for (const n of ['Alice', 'Bob', 'Carol', 'Dave']) await server.addUser(n, `${n} password`);
  // The director creates the event on the lobby's form.
  const { page: boss, errors: bossErrors } = await openPage(browser, server.url('/'));
  await boss.fill('#login-name', 'Boss');
  await boss.fill('#login-password', 'boss password');
  await boss.click('#login button[type="submit"]');
  await boss.waitForSelector('#tourney-create');
  await boss.fill('#tc-name', 'Cup');
  await boss.selectOption('#tc-format', 'rr');
  await boss.fill('#tc-minutes', '1');
  await boss.fill('#tc-inc', '0');
  assert.ok(await boss.isChecked('#tc-rated'));
  await screenshot(boss, 'tourney-create');
  await boss.click('#tc-submit');
  await boss.waitForURL('**/tourney/*');
  const id = Number(/\/tourney\/(\d+)/.exec(boss.url())[1]);
  await boss.waitForSelector('#tourney-start');
  const done = { over: false };
  const plays = [];
  for (const n of ['Alice', 'Bob', 'Carol']) {
    const tel = new Telnet(server.telnet);
    players.push(tel);
    await tel.login(n, `${n} password`);
    assert.match(await tel.command(`tourney join ${id}`), /Cup|#/);
    plays.push(autoplay(tel, n, done));
  }

  // Dave logs in from the lobby and opens the event from its list.
  const { page, errors } = await openPage(browser, server.url('/'));
  await page.fill('#login-name', 'Dave');
  await page.fill('#login-password', 'Dave password');
  await page.click('#login button[type="submit"]');
  await page.waitForSelector('header .me a');
  assert.equal(await page.$('#tourney-create'), null, 'only directors are offered the form');
  await page.click(`#tourneys a[href="/tourney/${id}"]`);
  await page.waitForSelector('#tourney-status');
  assert.equal(await page.textContent('#tourney-status'), 'open');
  assert.equal(await page.$('#tourney-start'), null, 'only its director starts it');
  await page.click('#tourney-join');
  await page.waitForSelector('#tourney-leave');
  assert.ok(await page.$('#standings tr[data-name="Dave"]'), 'Dave is in the standings');
  await page.click('#tourney-leave');
  await page.waitForSelector('#tourney-join');

  await boss.click('#tourney-start');
  await page.waitForFunction(() => document.querySelector('#tourney-status')?.dataset.status === 'finished', null, { timeout: 120000 });
  done.over = true;

  // Three rounds, one game each and the bye of the third player, all decided.
  const rounds = await page.$$eval('#rounds .round', (els) => els.map((e) => [e.querySelector('li.pairing').textContent, e.querySelector('li.bye')?.textContent]));
  assert.equal(rounds.length, 3, `${rounds}`);
  for (const [game, bye] of rounds) {
    assert.match(game, /(1-0|0-1)$/);
    assert.match(bye, /^(Alice|Bob|Carol): bye$/);
  }
  const rows = await page.$$eval('#standings tr', (els) => els.map((e) => [e.dataset.name, e.querySelector('.points').textContent]));
  assert.deepEqual(rows.map((r) => r[0]).sort(), ['Alice', 'Bob', 'Carol']);
  // The page's standings are the director's (as the API gives them).
  const api = await (await fetch(server.url(`/api/tourneys/${id}`))).json();
  assert.deepEqual(rows, api.standings.map((s) => [s.name, s.points]));
  // A rated event: the players have ratings now, which the standings show.
  const ratings = await page.$$eval('#standings td.rating', (els) => els.map((e) => e.textContent));
  assert.ok(ratings.every((r) => /^\d+$/.test(r)), `ratings after the event: ${ratings}`);
  assert.equal(await page.$('#tourney-join'), null, 'no join button once it is over');
  await screenshot(page, 'tourney-finished');
  // The lobby keeps the finished event, with its link.
  await page.click('header nav a[href="/"]');
  await page.waitForSelector(`#tourneys-finished a[href="/tourney/${id}"]`);
  assert.match(await page.textContent(`#tourneys-finished li[data-tourney="${id}"]`), /round robin, 1 \+ 0, rated, finished/);
  assert.deepEqual(errors, []);
  assert.deepEqual(bossErrors, []);
});

test('a director creates an Atomic960 swiss from the web; its page and the lobby say Atomic960, as the server does', async () => {
  await server.addUser('Dir', 'dir password', ['--td']);
  const { page, errors } = await openPage(browser, server.url('/'));
  await page.fill('#login-name', 'Dir');
  await page.fill('#login-password', 'dir password');
  await page.click('#login button[type="submit"]');
  await page.waitForSelector('#tourney-create');
  await page.fill('#tc-name', 'Fischer');
  await page.selectOption('#tc-format', 'swiss');
  await page.selectOption('#tc-variant', 'atomic960');
  await page.uncheck('#tc-rated');
  await page.click('#tc-submit');
  await page.waitForURL('**/tourney/*');
  const id = Number(/\/tourney\/(\d+)/.exec(page.url())[1]);
  await page.waitForSelector('#tourney-status');
  assert.match(await page.textContent('#tourney-head p'), /3 \+ 2, unrated, Atomic960\./);
  const tel = new Telnet(server.telnet);
  players.push(tel);
  await tel.loginAs('Watcher');
  assert.match(await tel.command(`tourney info ${id}`), /swiss 5 rounds, 3 2 unrated atomic960, open/);
  await page.goto(server.url('/'));
  await page.waitForSelector(`#tourneys li[data-tourney="${id}"]`);
  assert.match(await page.textContent(`#tourneys li[data-tourney="${id}"]`), /^Fischer \w+, 3 \+ 2, unrated, Atomic960, /);
  assert.deepEqual(errors, []);
});
