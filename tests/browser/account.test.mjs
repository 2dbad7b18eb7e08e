// Accounts people make and keep themselves (issue 29), in a real browser:
// the sign-up page /register, then a telnet login under the new name; the
// account page /account changing the password and closing the account,
// with the telnet session under the name let go. Both pages are plain
// forms the server writes: they work without script. A guest who has
// just played finds the sign-up page from the finished game's page.

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

test('a newcomer signs up in the browser, logs in on telnet, changes the password and closes the account', async () => {
  const { page, errors, foreign } = await openPage(browser, server.url('/register'));
  await page.fill('input[name=name]', 'Newbie');
  await page.fill('input[name=password]', 'secretpw');
  await page.fill('input[name=password2]', 'secretpw');
  await page.fill('input[name=email]', 'newbie@example.org');
  await screenshot(page, 'register-form');
  await page.click('button[type=submit]');
  await page.waitForSelector('.notice.good');
  assert.match(await page.textContent('.notice'), /The account Newbie is made\./);
  await screenshot(page, 'register-done');

  const newbie = new Telnet(server.telnet);
  await newbie.login('Newbie', 'secretpw');
  const finger = await newbie.command('finger');
  assert.match(finger, /Newbie/);

  await page.goto(server.url('/account'));
  await page.fill('form[action="/account/password"] input[name=name]', 'Newbie');
  await page.fill('input[name=old]', 'secretpw');
  await page.fill('input[name=new]', 'otherpw1');
  await page.fill('input[name=new2]', 'otherpw1');
  await page.click('form[action="/account/password"] button');
  await page.waitForSelector('.notice.good');
  assert.match(await page.textContent('.notice'), /Your password has been changed\./);

  // The browser will not close the account until the box is ticked.
  await page.fill('form[action="/account/close"] input[name=name]', 'Newbie');
  await page.fill('form[action="/account/close"] input[name=password]', 'otherpw1');
  await page.check('input[name=confirm]');
  await screenshot(page, 'account-close');
  await page.click('form[action="/account/close"] button');
  await page.waitForSelector('.notice.good');
  assert.match(await page.textContent('.notice'), /The account Newbie is closed\. Goodbye\./);
  await newbie.expect('**** Your account Newbie is closed. Goodbye. ****');

  const again = new Telnet(server.telnet);
  await again.expect('login: ');
  again.send('Newbie');
  const refused = await again.expect('login: ');
  assert.match(refused, /"Newbie" is the name of a closed account/);
  assert.deepEqual(errors, []);
  assert.deepEqual(foreign, []);
});

test('a guest who has just played is offered the sign-up page, and signs up under a free name', async () => {
  const { page, context, errors } = await openPage(browser, server.url('/'));
  const me = await guestLogin(page);
  const tel = new Telnet(server.telnet);
  await tel.loginAs('Tim');
  await page.fill('#seek-minutes', '5');
  await page.fill('#seek-inc', '0');
  await page.selectOption('#seek-color', 'white');
  await page.click('#seek-button');
  const row = await page.waitForSelector(`#seeks tr[data-name="${me}"]`);
  tel.send(`play ${await row.getAttribute('data-seek')}`);
  await tel.expect(/\{Game (\d+) /);
  await tel.expect('fics% ');
  await page.waitForSelector('.game-page .board[data-ply="0"]');
  tel.send('resign');
  await page.waitForSelector('#result-score');
  const signup = await page.waitForSelector('#signup-link');
  assert.equal(await signup.textContent(), 'Sign up to keep a rating');
  assert.equal(await signup.getAttribute('href'), '/register');
  await screenshot(page, 'guest-sign-up-link');
  // The page opens beside the game; the guest's session lives on.
  const [form] = await Promise.all([context.waitForEvent('page'), signup.click()]);
  await form.waitForSelector('input[name=password2]');
  await form.fill('input[name=name]', 'Tim');
  await form.fill('input[name=password]', 'secretpw');
  await form.fill('input[name=password2]', 'secretpw');
  await form.click('button[type=submit]');
  await form.waitForSelector('.notice.bad');
  assert.match(await form.textContent('.notice'), /The name "Tim" is taken/);
  await form.fill('input[name=name]', 'Timmy');
  await form.fill('input[name=password]', 'secretpw');
  await form.fill('input[name=password2]', 'secretpw');
  await form.click('button[type=submit]');
  await form.waitForSelector('.notice.good');
  assert.match(await form.textContent('.notice'), /The account Timmy is made\./);
  assert.ok(await page.isVisible('#result-score'));
  assert.deepEqual(errors, []);
  tel.close();
});
