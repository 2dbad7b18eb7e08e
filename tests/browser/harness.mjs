// What every browser test needs: a real atomicd on ports picked by the
// system with a temporary database and configuration, Debian's chromium
// driven headless by playwright-core, a telnet client, and screenshots
// kept under target/screenshots/.

import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import net from 'node:net';
import { chromium } from 'playwright-core';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** How long any wait lasts before the test fails. */
export const PATIENCE = 30000;

export const CHROMIUM = process.env.ATOMICD_CHROMIUM || '/usr/bin/chromium';

let targetDir = null;

/**
 * Where cargo puts what it builds: `CARGO_TARGET_DIR` when it is set,
 * else what `cargo metadata` says (a `.cargo/config.toml` may move it),
 * else `target/` in the repository.
 */
export function targetDirectory() {
  if (targetDir) return targetDir;
  if (process.env.CARGO_TARGET_DIR) return (targetDir = resolve(ROOT, process.env.CARGO_TARGET_DIR));
  try {
    const meta = execFileSync('cargo', ['metadata', '--format-version', '1', '--no-deps'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    targetDir = JSON.parse(meta).target_directory;
  } catch {
    targetDir = join(ROOT, 'target');
  }
  return targetDir;
}

/** A program cargo built in its debug profile: `atomicd`, or `examples/random_uci`. */
export function built(name) {
  return join(targetDirectory(), 'debug', name);
}

export function binary() {
  const bin = process.env.ATOMICD_BIN || built('atomicd');
  if (!existsSync(bin)) throw new Error(`no server binary at ${bin}: run cargo build first`);
  return bin;
}

/** Starts atomicd on `listen`/`webListen` ("127.0.0.1:0": a port the system picks); resolves once both listen. */
function spawnServer(config, db, listen, webListen) {
  const child = spawn(binary(), ['--config', config, '--db', db, '--listen', listen, '--web-listen', webListen], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, RUST_LOG: 'info', NO_COLOR: '1' },
  });
  const state = { child, log: '' };
  state.ready = new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`the server did not start:\n${state.log}`)), PATIENCE);
    child.stderr.on('data', (d) => {
      state.log += d.toString();
      const plain = state.log.replace(/\x1b\[[0-9;]*m/g, '');
      const telnet = /listening local_addr=(\S+)/.exec(plain);
      const web = /web listening web_addr=(\S+)/.exec(plain);
      if (telnet && web) {
        clearTimeout(timer);
        ok({ telnet: telnet[1], web: web[1] });
      }
    });
    child.on('exit', (code) => fail(new Error(`the server exited (${code}):\n${state.log}`)));
  });
  return state;
}

/** A running server: `telnet` and `web` are "host:port". */
export async function startServer(extraConfig = '') {
  const dir = mkdtempSync(join(tmpdir(), 'atomicd-browser-'));
  const config = join(dir, 'config.toml');
  const db = join(dir, 'db.sqlite3');
  writeFileSync(
    config,
    `data_dir = ${JSON.stringify(join(ROOT, 'data'))}\n` +
      'bcrypt_cost = 10\ndisconnect_grace = 30\ntourney_countdown_seconds = 0.5\ntourney_forfeit_seconds = 60\n' +
      'api_requests_per_minute = 100000\n' +
      extraConfig,
  );
  let current = spawnServer(config, db, '127.0.0.1:0', '127.0.0.1:0');
  const addrs = await current.ready;
  let previousLogs = '';
  const halt = async () => {
    const { child } = current;
    child.kill('SIGTERM');
    await new Promise((ok) => (child.exitCode !== null ? ok() : child.on('exit', ok)));
  };
  return {
    ...addrs,
    dir,
    url: (path = '/') => `http://${addrs.web}${path}`,
    log: () => previousLogs + current.log,
    get child() {
      return current.child;
    },
    /** Runs `atomicd user add` against this server's database. */
    async addUser(name, password, flags = []) {
      await run(binary(), ['--config', config, '--db', db, 'user', 'add', name, '--password-stdin', ...flags], password + '\n');
    },
    /** Stops the server as an operator does (SIGTERM) and starts it again on the same ports and database. */
    async restart() {
      await halt();
      previousLogs += current.log;
      current = spawnServer(config, db, addrs.telnet, addrs.web);
      await current.ready;
    },
    async stop() {
      await halt();
      rmSync(dir, { recursive: true, force: true });
    },
    config,
  };
}

export function run(cmd, args, input = '') {
  return new Promise((ok, fail) => {
    const p = spawn(cmd, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (out += d));
    p.on('exit', (code) => (code === 0 ? ok(out) : fail(new Error(`${cmd} ${args.join(' ')} failed (${code}): ${out}`))));
    p.stdin.end(input);
  });
}

/** Headless chromium, with the flags this closed network needs (and `extraArgs`). */
export async function launchBrowser(extraArgs = []) {
  if (!existsSync(CHROMIUM)) throw new Error(`no chromium at ${CHROMIUM}: scripts/test.sh installs Debian's chromium`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

/** A new page in its own context (its own storage), in `locale` (`phone`: with touch, as on a phone); `hosts` are the names besides 127.0.0.1 and localhost that count as this server. */
export async function openPage(browser, url, { locale = 'en-US', width = 1100, height = 900, ignoreHTTPSErrors = false, hosts = [], phone = false } = {}) {
  // A phone: touch, and a mobile viewport.
  const device = phone ? { hasTouch: true, isMobile: true } : {};
  const context = await browser.newContext({ locale, viewport: { width, height }, ignoreHTTPSErrors, ...device });
  const page = await context.newPage();
  page.setDefaultTimeout(PATIENCE);
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  // Every request stays on this server.
  const foreign = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (!['127.0.0.1', 'localhost', ...hosts].includes(u.hostname) && u.protocol !== 'data:') foreign.push(r.url());
  });
  await page.goto(url);
  return { page, context, errors, foreign };
}

export async function screenshot(page, name) {
  const dir = join(ROOT, 'target/screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`) });
}

/** Logs the page in as a guest from the lobby; returns the guest's name. */
export async function guestLogin(page) {
  await page.click('#guest');
  await page.waitForSelector('header .me a');
  return (await page.textContent('header .me a')).replace(/\(.*$/, '');
}

/** A telnet user, as on port 5000 (from the loopback address `localAddress`, if given). */
export class Telnet {
  constructor(addr, localAddress = undefined) {
    const [host, port] = addr.split(':');
    this.buf = '';
    this.waiters = [];
    this.sock = net.connect({ port: Number(port), host, localAddress });
    this.sock.setNoDelay(true);
    this.sock.on('data', (d) => {
      this.buf += d.toString('latin1').replace(/\n\r/g, '\n');
      this.wake();
    });
    this.closed = false;
    this.sock.on('close', () => ((this.closed = true), this.wake()));
  }
  wake() {
    for (const w of [...this.waiters]) w();
  }
  send(line) {
    this.sock.write(line + '\n');
  }
  /** Waits for `pattern` (a string or a RegExp); returns the text up to its end and keeps the rest. */
  expect(pattern, patience = PATIENCE) {
    return new Promise((ok, fail) => {
      const check = () => {
        let end = -1;
        let match = null;
        if (typeof pattern === 'string') {
          const i = this.buf.indexOf(pattern);
          if (i >= 0) end = i + pattern.length;
        } else {
          match = pattern.exec(this.buf);
          if (match) end = match.index + match[0].length;
        }
        if (end >= 0) {
          const out = this.buf.slice(0, end);
          this.buf = this.buf.slice(end);
          done();
          ok(match ?? out);
          return;
        }
        if (this.closed) {
          done();
          fail(new Error(`connection closed waiting for ${pattern}; got ${JSON.stringify(this.buf)}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        fail(new Error(`timed out waiting for ${pattern}; got ${JSON.stringify(this.buf.slice(-2000))}`));
      }, patience);
      const done = () => {
        clearTimeout(timer);
        this.waiters = this.waiters.filter((w) => w !== check);
      };
      this.waiters.push(check);
      check();
    });
  }
  async command(line) {
    this.send(line);
    return this.expect('fics% ');
  }
  /** Logs in under an unregistered name (or a guest with `guest`). */
  async loginAs(name) {
    await this.expect('login: ');
    this.send(name);
    await this.expect('Press return');
    this.send('');
    await this.expect('fics% ');
    await this.command('set bell 0');
    await this.command('set style 12');
  }
  async login(name, password) {
    await this.expect('login: ');
    this.send(name);
    await this.expect('password: ');
    this.send(password);
    await this.expect('fics% ');
    await this.command('set bell 0');
    await this.command('set style 12');
  }
  close() {
    this.sock.destroy();
  }
}

/** The squares holding a piece in the page's main board, read from chessground's DOM. */
export function boardPieces(page, selector = '.game-page .board') {
  return page.$eval(selector, (el) =>
    [...el.querySelectorAll('cg-board piece')]
      .filter((p) => !p.classList.contains('ghost') && !p.classList.contains('fading'))
      .map((p) => p.cgKey)
      .sort(),
  );
}

/** Where the board is, once it has stopped moving: a page that is still
 * laying itself out (a title, a move list or a status line filling in
 * above or beside the board) would send a click to another square. */
async function settledBoard(page, selector) {
  return page.evaluate(async (selector) => {
    const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
    const read = () => {
      const el = document.querySelector(selector);
      const r = el.querySelector('cg-container').getBoundingClientRect();
      return { x: r.left, y: r.top, w: r.width, h: r.height, black: el.querySelector('.cg-wrap').classList.contains('orientation-black') };
    };
    let last = read();
    for (let still = 0; still < 3; ) {
      await frame();
      const now = read();
      still = JSON.stringify(now) === JSON.stringify(last) ? still + 1 : 0;
      last = now;
    }
    return last;
  }, selector);
}

/** Clicks square `sq` (e.g. "e2") of the page's main board. */
export async function clickSquare(page, sq, selector = '.game-page .board') {
  const box = await settledBoard(page, selector);
  let file = sq.charCodeAt(0) - 97;
  let rank = Number(sq[1]) - 1;
  if (box.black) {
    file = 7 - file;
    rank = 7 - rank;
  }
  await page.mouse.click(box.x + ((file + 0.5) * box.w) / 8, box.y + ((7 - rank + 0.5) * box.h) / 8);
}

/** Plays `from`→`to` on the board by two clicks and waits for the server's board after it. */
export async function clickMove(page, from, to) {
  const before = Number(await page.getAttribute('.game-page .board', 'data-ply'));
  await clickSquare(page, from);
  await clickSquare(page, to);
  await page.waitForFunction((n) => Number(document.querySelector('.game-page .board').dataset.ply) > n, before);
}

/** A small fixed-seed generator: `pick(n)` is in 0..n. */
export function random(seed) {
  let s = seed >>> 0 || 1;
  return (n) => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) % n;
  };
}

/**
 * Plays moves chosen by `pick` on the game page's board whenever the board
 * offers one, until the result shows; returns how many moves were made.
 * A pawn reaching the last rank becomes a queen. `onMove(n)` runs after
 * the n-th move (a screenshot, say).
 */
export async function playRandomGame(page, pick, { onMove = async () => {}, maxMoves = 300 } = {}) {
  let moves = 0;
  for (;;) {
    // Wait for my turn (the board offers moves) or the end.
    const state = await page.waitForFunction(
      () => {
        if (document.querySelector('#result-score')) return 'over';
        const s = document.querySelector('.game-page .board').cg.state;
        return s.movable.color === s.turnColor && s.movable.dests && s.movable.dests.size > 0 ? 'move' : false;
      },
      null,
      { timeout: PATIENCE },
    );
    if ((await state.jsonValue()) === 'over') return moves;
    const dests = await page.$eval('.game-page .board', (el) => [...el.cg.state.movable.dests].map(([from, to]) => [from, to]));
    const [from, tos] = dests[pick(dests.length)];
    const to = tos[pick(tos.length)];
    const ply = Number(await page.getAttribute('.game-page .board', 'data-ply'));
    await clickSquare(page, from);
    await clickSquare(page, to);
    // The move is answered by the server's board, or (a pawn reaching the
    // last rank) first by the promotion choice, which may show a moment
    // after the click: wait for whichever comes.
    const answered = (n) => {
      if (Number(document.querySelector('.game-page .board').dataset.ply) > n || document.querySelector('#result-score')) return 'moved';
      return document.querySelector('#promotion').hidden ? false : 'promote';
    };
    const next = await page.waitForFunction(answered, ply, { timeout: PATIENCE });
    if ((await next.jsonValue()) === 'promote') {
      await page.click('#promotion [data-piece="q"]');
      await page.waitForFunction((n) => Number(document.querySelector('.game-page .board').dataset.ply) > n || document.querySelector('#result-score'), ply, { timeout: PATIENCE });
    }
    moves++;
    await onMove(moves);
    if (moves >= maxMoves) throw new Error(`the game did not end in ${maxMoves} moves`);
  }
}
