// The French pages have none of the page's own English left: every word
// the page writes itself is in web/src/i18n.ts in both languages, and a
// French visitor sees only the French ones, on the lobby, a game (an
// illegal move typed, an own draw offer, a reload), a tournament, a player
// page, a finished game's page and the rules. The server's own sentences
// (replies, reasons, the console) are the server's catalogue's: the page
// asks for them in French (`/ws?framing=json&lang=fr`), and a test of its
// own finds them French.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, startServer, launchBrowser, openPage, screenshot, guestLogin, Telnet } from './harness.mjs';

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

/** The dictionaries of web/src/i18n.ts, read from the source. */
function dictionaries() {
  const src = readFileSync(join(ROOT, 'web/src/i18n.ts'), 'utf8');
  const object = (start) => {
    const from = src.indexOf('{', src.indexOf(start));
    const to = src.indexOf('\n};', from);
    return new Function(`return ${src.slice(from, to + 2)}`)();
  };
  return { en: object('const en = {'), fr: object('const fr: Words = {') };
}

/** The page's English phrases that French replaces (the longest fixed part of each). */
function englishPhrases() {
  const { en, fr } = dictionaries();
  const out = [];
  for (const [key, value] of Object.entries(en)) {
    if (value === fr[key]) continue;
    const part = value.split(/\{\d\}/).sort((a, b) => b.length - a.length)[0].trim();
    if (part.length >= 4) out.push(part);
  }
  return out;
}

/** What the page itself wrote: its text and its labels, without the server's sentences nor user text. */
function pageWords(page) {
  return page.evaluate(() => {
    const body = document.body.cloneNode(true);
    const server = ['#console-out', '#chat', '#result-reason', '#game-status', '#lobby-notice', '#tourney-notice', '#tc-notice', '.note .text', 'a[href^="/player/"]', '.rules', '.example figcaption', '#recent li'];
    for (const sel of server) for (const el of body.querySelectorAll(sel)) el.remove();
    const labels = [...body.querySelectorAll('[placeholder], [aria-label], [title]')].map((e) => [e.getAttribute('placeholder'), e.getAttribute('aria-label'), e.getAttribute('title')].filter(Boolean).join(' '));
    // Each text node on its own line: the words of neighbouring elements do not run together.
    const texts = [];
    const walk = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
    while (walk.nextNode()) if (walk.currentNode.textContent.trim()) texts.push(walk.currentNode.textContent.trim());
    const options = [...body.querySelectorAll('option')].map((o) => o.textContent);
    return [document.title, ...texts, ...options, ...labels].join('\n');
  });
}

async function noEnglish(page, where) {
  const text = await pageWords(page);
  const found = englishPhrases().filter((p) => new RegExp(`(^|[^\\p{L}])${p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u').test(text));
  assert.deepEqual(found, [], `English on the French ${where}: ${found.join(' | ')}\n${text}`);
}

test('a French visitor finds no English of the page on any page', async () => {
  await server.addUser('Boss', 'boss password', ['--td']);
  const { page, errors } = await openPage(browser, server.url('/'), { locale: 'fr-FR' });
  assert.equal(await page.getAttribute('html', 'lang'), 'fr');
  await noEnglish(page, 'lobby, logged out');
  const me = await guestLogin(page);
  await noEnglish(page, 'lobby');

  // A game: a typed move that is no move, an own draw offer, a reload.
  const tel = new Telnet(server.telnet);
  await tel.loginAs('Jules');
  await tel.command('iset pendinfo 1');
  tel.send(`match ${me} 5 0 unrated black`);
  await page.waitForSelector('#notes .challenge');
  await noEnglish(page, 'lobby with a challenge');
  await page.click('#notes .challenge button.accept');
  await page.waitForSelector('.game-page .board[data-ply="0"]');
  await tel.expect('Creating: ');
  await page.fill('#move-input', 'Zz9');
  await page.press('#move-input', 'Enter');
  await page.waitForFunction(() => document.querySelector('#game-status').textContent === 'Coup illégal (Zz9).');
  await page.fill('#move-input', 'Cf3');
  await page.press('#move-input', 'Enter');
  await tel.expect('N/g1-f3');
  await page.click('#btn-draw');
  assert.match(await page.textContent('#btn-draw-box'), /Proposer la nulle \?/);
  await page.click('#btn-draw-yes');
  await page.waitForSelector('#game-offers .offer.mine');
  assert.match(await page.textContent('#game-offers'), /^Vous proposez la nulle\. Retirer$/);
  await noEnglish(page, 'game page');
  await page.reload();
  await page.waitForSelector('.game-page .board[data-ply="1"]');
  await page.waitForSelector('#btn-resign');
  assert.match(await page.textContent('#game-title'), /^Partie \d+ : |^Partie \d+: /);
  await noEnglish(page, 'game page after a reload');
  await page.click('#btn-resign');
  assert.match(await page.textContent('#btn-resign-box'), /Abandonner la partie \?/);
  await page.click('#btn-resign-yes');
  await page.waitForSelector('#result-score');
  await page.waitForURL('**/history/*');
  await noEnglish(page, 'finished game');
  await screenshot(page, 'game-over-fr');

  // The finished game's own page.
  await page.reload();
  await page.waitForSelector('.history-page #result-score');
  await noEnglish(page, 'finished game page');

  // A tournament, and the player pages.
  const boss = new Telnet(server.telnet);
  await boss.login('Boss', 'boss password');
  const id = Number(/Tourney #(\d+) created/.exec(await boss.command('tourney create Coupe rr 3 0'))[1]);
  await page.goto(server.url(`/tourney/${id}`));
  await page.waitForSelector('#tourney-status');
  assert.match(await page.textContent('#tourney-head'), /toutes rondes, 3 \+ 0, classée/);
  assert.equal(await page.textContent('#tourney-status'), 'ouvert');
  await noEnglish(page, 'tournament page');
  await page.goto(server.url('/player/Boss'));
  await page.waitForSelector('#presence');
  assert.match(await page.textContent('#player .facts'), /directeur de tournoi/);
  await noEnglish(page, 'player page');
  // (Through the header's link: the guest is online, so the page has the guest's games.)
  await page.click('header .me a');
  await page.waitForSelector('#recent li');
  await noEnglish(page, 'guest player page');
  await page.goto(server.url('/help/atomic'));
  await page.waitForSelector('.example');
  await noEnglish(page, 'rules page');
  assert.deepEqual(errors, []);
  tel.close();
  boss.close();
});

test('the server speaks French to a French page: replies, the console, tells, the end of a game', async () => {
  const { page, errors } = await openPage(browser, server.url('/'), { locale: 'fr-FR' });
  const me = await guestLogin(page);
  // A seek's reply, in the lobby's notice.
  await page.fill('#seek-minutes', '7');
  await page.click('#seek-button');
  await page.waitForFunction(() => /Votre proposition de partie est publiée sous le numéro \d+/.test(document.querySelector('#lobby-notice').textContent));
  // A command the server does not know, typed in the console.
  await page.fill('#console-in', 'frobnicate');
  await page.press('#console-in', 'Enter');
  await page.waitForFunction(() => document.querySelector('#console-out').textContent.includes('frobnicate : commande inconnue.'));
  // A tell, in the console and the notification area.
  const tel = new Telnet(server.telnet);
  await tel.loginAs('Paul');
  await tel.command(`tell ${me} bonjour`);
  await page.waitForFunction(() => document.querySelector('#console-out').textContent.includes('Paul(U) vous dit : bonjour'));
  await page.waitForSelector('#notes .tell');
  // A game the opponent resigns: the reason in French.
  tel.send(`match ${me} 5 0 unrated black`);
  await page.waitForSelector('#notes .challenge');
  await page.click('#notes .challenge button.accept');
  await page.waitForSelector('.game-page .board[data-ply="0"]');
  await tel.expect('Creating: ');
  tel.send('resign');
  await page.waitForSelector('#result-reason');
  await page.waitForFunction(() => /Paul abandonne/.test(document.querySelector('#result-reason').textContent));
  assert.doesNotMatch(await page.textContent('#result-reason'), /resigns/);
  assert.deepEqual(errors, []);
  tel.close();
});

test('on a French phone no text of the lobby or a game is cut', async () => {
  const { page, errors } = await openPage(browser, server.url('/'), { locale: 'fr-FR', width: 390, height: 844, phone: true });
  await guestLogin(page);
  const gus = new Telnet(server.telnet);
  await gus.loginAs('Gaston');
  await gus.command('seek 5 3 unrated white');
  await page.waitForSelector('#seeks tr[data-name="Gaston"]');
  /** Elements whose text does not fit in them (cut off, or spilling out of the page). */
  const cut = () =>
    page.evaluate(() =>
      [...document.querySelectorAll('button, th, td, label, h2, h3, .note .what, #game-title, header#top .me, select')]
        .filter((el) => el.offsetParent !== null)
        // (A mobile browser widens its layout to what overflows: the phone's own width is the measure.)
        .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > 390 + 1)
        .map((el) => `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}: ${el.textContent.trim().slice(0, 40)}`),
    );
  assert.deepEqual(await cut(), [], 'the French lobby on a phone');
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390);
  await screenshot(page, 'lobby-phone-fr');
  await page.click('#seeks tr[data-name="Gaston"] button.play');
  await page.waitForSelector('#btn-resign');
  await gus.expect('Creating: ');
  await gus.command('e4');
  await page.waitForSelector('.game-page .board[data-ply="1"]');
  assert.deepEqual(await cut(), [], 'the French game page on a phone');
  assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= 390);
  await screenshot(page, 'game-phone-fr');
  await gus.command('resign');
  await page.waitForSelector('#result-score');
  assert.deepEqual(errors, []);
  gus.close();
});
