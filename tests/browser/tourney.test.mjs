// The tournament page: a registered browser user joins a round robin and
// withdraws again; the page then follows the event, played by three
// telnet users, round by round to its final standings.

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

test('a round robin followed on its page to the final standings; join and withdraw', async () => {
  await server.addUser('Boss', 'boss password', ['--td']);
  for (const n of ['Alice', 'Bob', 'Carol', 'Dave']) await server.addUser(n, `${n} password`);
  const boss = new Telnet(server.telnet);
  players.push(boss);
  await boss.login('Boss', 'boss password');
  const created = await boss.command('tourney create Cup rr 1 0');
  const id = Number(/Tourney #(\d+) created/.exec(created)[1]);
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
  await page.click(`#tourneys a[href="/tourney/${id}"]`);
  await page.waitForSelector('#tourney-status');
  assert.equal(await page.textContent('#tourney-status'), 'open');
  await page.click('#tourney-join');
  await page.waitForSelector('#tourney-leave');
  assert.ok(await page.$('#standings tr[data-name="Dave"]'), 'Dave is in the standings');
  await page.click('#tourney-leave');
  await page.waitForSelector('#tourney-join');

  assert.match(await boss.command(`tourney start ${id}`), /started/);
  await page.waitForFunction(() => document.querySelector('#tourney-status')?.textContent === 'finished', null, { timeout: 120000 });
  done.over = true;

  // Three rounds, one game each (a bye for the third player), all decided.
  const rounds = await page.$$eval('#rounds .round', (els) => els.map((e) => e.querySelector('li').textContent));
  assert.equal(rounds.length, 3, `${rounds}`);
  for (const r of rounds) assert.match(r, /(1-0|0-1)$/);
  const rows = await page.$$eval('#standings tr', (els) => els.map((e) => [e.dataset.name, e.querySelector('.points').textContent]));
  assert.deepEqual(rows.map((r) => r[0]).sort(), ['Alice', 'Bob', 'Carol']);
  // The page's standings are the director's (as the API gives them).
  const api = await (await fetch(server.url(`/api/tourneys/${id}`))).json();
  assert.deepEqual(rows, api.standings.map((s) => [s.name, s.points]));
  assert.equal(await page.$('#tourney-join'), null, 'no join button once it is over');
  await screenshot(page, 'tourney-finished');
  assert.deepEqual(errors, []);
});
