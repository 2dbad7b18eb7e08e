// Accounts people make and keep themselves (issue 29), in a real browser:
// the sign-up page /register, then a telnet login under the new name; the
// account page /account changing the password and closing the account,
// with the telnet session under the name let go. Both pages are plain
// forms the server writes: they work without script.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, screenshot, Telnet } from './harness.mjs';

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
