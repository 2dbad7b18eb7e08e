// The usual deployment: Debian's real nginx in front of atomicd, ending
// TLS with a self-signed certificate, configured from the shipped
// contrib/nginx.conf. A browser at https://chess.test:PORT/ (the name
// mapped to loopback inside Chromium) plays a whole game through wss://
// against a telnet player; atomicd answers for public_url's name, its
// per-address limit counts the browser's address, not nginx's, and its
// log names the browser's address. nginx connects to atomicd from
// 127.0.0.5, the browser and the telnet player from 127.0.0.1 and
// 127.0.0.2, so each address tells who was seen.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import net from 'node:net';
import { ROOT, PATIENCE, startServer, launchBrowser, openPage, guestLogin, Telnet, clickMove, run } from './harness.mjs';

const NGINX = '/usr/sbin/nginx';
const NAME = 'chess.test';
const NGINX_ADDR = '127.0.0.5';

let server;
let browser;
let nginx;
let dir;
let port;

/** A port nobody listens on now. */
function freePort() {
  return new Promise((ok) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });
}

/** contrib/nginx.conf, as an operator would adapt it, for this run. */
function nginxConfig(upstream) {
  let site = readFileSync(join(ROOT, 'contrib/nginx.conf'), 'utf8');
  const swap = (from, to) => {
    assert.ok(site.includes(from), `contrib/nginx.conf has ${from}`);
    site = site.split(from).join(to);
  };
  // Only the TLS server: the port-80 redirect needs a privileged port.
  site = site.replace(/server \{\s*listen 80;[\s\S]*?\n\}\n/, '');
  swap('server 127.0.0.1:8080;', `server ${upstream};`);
  swap('listen 443 ssl http2;', `listen 127.0.0.1:${port} ssl http2;`);
  swap('listen [::]:443 ssl http2;', '');
  swap('server_name chess.example.org;', `server_name ${NAME};`);
  swap('/etc/letsencrypt/live/chess.example.org/fullchain.pem', join(dir, 'cert.pem'));
  swap('/etc/letsencrypt/live/chess.example.org/privkey.pem', join(dir, 'key.pem'));
  // nginx connects from its own address, so that atomicd's view of each
  // connection says who it came from.
  swap('proxy_http_version 1.1;', `proxy_http_version 1.1;\n    proxy_bind ${NGINX_ADDR};`);
  const user = userInfo().uid === 0 ? 'user root;\n' : '';
  return (
    `${user}daemon off;\nworker_processes 1;\npid ${join(dir, 'nginx.pid')};\nerror_log ${join(dir, 'error.log')};\n` +
    `events { worker_connections 256; }\nhttp {\n  access_log ${join(dir, 'access.log')};\n` +
    ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${join(dir, 'tmp', t)};\n`).join('') +
    `${site}\n}\n`
  );
}

before(async () => {
  dir = mkdtempSync(join(tmpdir(), 'atomicd-nginx-'));
  mkdirSync(join(dir, 'tmp'));
  await run('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1',
    '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    '-subj', `/CN=${NAME}`, '-addext', `subjectAltName=DNS:${NAME}`,
  ]);
  port = await freePort();
  server = await startServer(
    `public_url = "https://${NAME}:${port}"\ntrusted_proxies = ["${NGINX_ADDR}"]\nmax_connections_per_ip = 2\n`,
  );
  writeFileSync(join(dir, 'nginx.conf'), nginxConfig(server.web));
  nginx = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  nginx.stderr.on('data', (d) => (err += d));
  // Ready once it answers on its port.
  const started = Date.now();
  for (;;) {
    const up = await new Promise((ok) => {
      const s = net.connect(port, '127.0.0.1', () => (s.destroy(), ok(true)));
      s.on('error', () => ok(false));
    });
    if (up) break;
    if (nginx.exitCode !== null || Date.now() - started > PATIENCE) {
      let log = '';
      try { log = readFileSync(join(dir, 'error.log'), 'utf8'); } catch {}
      throw new Error(`nginx did not start: ${err}\n${log}`);
    }
    await new Promise((ok) => setTimeout(ok, 100));
  }
  browser = await launchBrowser([`--host-resolver-rules=MAP ${NAME} 127.0.0.1`]);
});

after(async () => {
  await browser?.close();
  if (nginx && nginx.exitCode === null) {
    nginx.kill('SIGTERM');
    await new Promise((ok) => nginx.on('exit', ok));
  }
  await server?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test('a browser plays through nginx over wss://, and atomicd sees the browser, not nginx', async () => {
  const origin = `https://${NAME}:${port}`;
  const { page, errors, foreign } = await openPage(browser, `${origin}/`, { ignoreHTTPSErrors: true, hosts: [NAME] });
  const me = await guestLogin(page);
  assert.match(me, /^Guest[A-Z]{4}$/);

  // A seek from the lobby, taken by a telnet player.
  await page.fill('#seek-minutes', '5');
  await page.fill('#seek-inc', '0');
  await page.selectOption('#seek-color', 'white');
  await page.click('#seek-button');
  const row = await page.waitForSelector(`#seeks tr[data-name="${me}"]`);
  const index = await row.getAttribute('data-seek');
  const tel = new Telnet(server.telnet, '127.0.0.2');
  await tel.loginAs('Telly');
  tel.send(`play ${index}`);
  await tel.expect('Creating: ');
  const game = Number((await tel.expect(/\{Game (\d+) /))[1]);
  await tel.expect('fics% ');
  await page.waitForURL(`**/game/${game}`);
  await page.waitForSelector('.game-page .board[data-ply="0"]');

  // Two moves each, then Black resigns.
  const white = [['e2', 'e4'], ['g1', 'f3']];
  const black = ['e5', 'Nc6'];
  for (let i = 0; i < white.length; i++) {
    await clickMove(page, ...white[i]);
    await tel.expect('<12> ');
    await tel.expect('fics% ');
    await tel.command(black[i]);
    await page.waitForSelector(`.game-page .board[data-ply="${2 * i + 2}"]`);
  }
  await tel.command('resign');
  await page.waitForSelector('#result-score');
  assert.equal(await page.textContent('#result-score'), '1-0');

  // The log names the browser's address for its login, never nginx's.
  const log = server.log().replace(/\x1b\[[0-9;]*m/g, '');
  const login = log.split('\n').find((l) => l.includes(' login ') && l.includes(`name=${me} `));
  assert.ok(login, `a login line for ${me}:\n${log}`);
  assert.match(login, /addr=127\.0\.0\.1 /);
  // The page speaks the JSON framing of /ws.
  assert.match(login, /transport="?ws_json/);
  assert.ok(!log.includes(`addr=${NGINX_ADDR}`), `nginx's address in the log:\n${log}`);

  // The browser's address may hold two sessions: the page's and one more;
  // a third is refused, while nginx itself (many clients) is not limited:
  // the API still answers through it.
  const opened = await page.evaluate(async (url) => {
    const attempt = () =>
      new Promise((ok) => {
        const ws = new WebSocket(url);
        ws.onopen = () => ok(ws);
        ws.onerror = () => ok(null);
      });
    const second = await attempt();
    const third = await attempt();
    const answer = await fetch('/api/who');
    return { second: second !== null, third: third !== null, api: answer.status };
  }, `wss://${NAME}:${port}/ws`);
  assert.deepEqual(opened, { second: true, third: false, api: 200 });
  assert.match(server.log(), /WebSocket refused: limit reached.*addr=127\.0\.0\.1/);

  assert.deepEqual(errors.filter((e) => !/WebSocket|503/.test(e)), []);
  assert.deepEqual(foreign, []);
  tel.close();
});
