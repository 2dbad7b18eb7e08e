// The page's FICS session over /ws text frames: the login dialogue, the
// setup a GUI sends (style 12, seekinfo, pendinfo, gameinfo, ms clocks,
// block mode), then lines out to whoever listens and each command's own
// reply back to its caller (block mode tells them apart).

import { LoginStep, loginStep } from './parse';

const BLOCK_START = '\x15';
const BLOCK_SEP = '\x16';
const BLOCK_END = '\x17';
const PROMPT = 'fics% ';

export type LineListener = (line: string, solicited: boolean) => void;

export type LoginError = 'badPassword' | 'needPassword' | 'closed' | 'refused';

export interface LoginResult {
  ok: boolean;
  name: string;
  titles: string;
  error?: LoginError;
  /** The server's own words, when it refused for a reason of its own. */
  text?: string;
}

/** One session. `lines` hears every line, inside blocks or not. */
export class Fics {
  ws: WebSocket | null = null;
  name = '';
  titles = '';
  loggedIn = false;
  private buf = '';
  private nextId = 1;
  private pending = new Map<number, (text: string) => void>();
  private listeners = new Set<LineListener>();
  private closeListeners = new Set<() => void>();
  private loginWaiter: ((text: string) => void) | null = null;
  private loginText = '';
  /** False until block mode is on: the setup's own replies are no news to anyone. */
  private ready = false;
  private readyWaiters: (() => void)[] = [];

  onLine(l: LineListener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  /** Hears a connection that closed by itself (not by `close()`). */
  onClose(l: () => void): void {
    this.closeListeners.add(l);
  }

  get registered(): boolean {
    return this.loggedIn && !this.titles.includes('(U)');
  }

  /**
   * Opens the socket and logs in (`guest`, an unregistered name, or a name
   * and password); resolves once the setup is done and block mode is on.
   */
  async login(name: string, password: string, lang: string): Promise<LoginResult> {
    this.close();
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${proto}://${location.host}/ws`);
    this.ws = ws;
    this.buf = '';
    this.loginText = '';
    ws.onmessage = (e) => this.receive(String(e.data));
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      const was = this.loggedIn;
      this.loggedIn = false;
      this.loginWaiter?.('');
      this.failPending();
      if (was) for (const l of this.closeListeners) l();
    };
    const fail = (error: LoginError, text?: string): LoginResult => {
      this.close();
      return { ok: false, name: '', titles: '', error, text };
    };
    const step = async (after: 'open' | 'name' | 'password' | 'confirm') => {
      const s = await this.waitLogin(after);
      this.loginText = '';
      return s;
    };
    let s = await step('open');
    if (s.step !== 'name') return fail('closed');
    ws.send(name);
    s = await step('name');
    if (s.step === 'password') {
      if (!password) return fail('needPassword');
      ws.send(password);
      s = await step('password');
    } else if (s.step === 'confirm') {
      ws.send('');
      s = await step('confirm');
    }
    if (s.step === 'badPassword') return fail('badPassword');
    if (s.step === 'refused') return fail('refused', s.text);
    if (s.step !== 'started') return fail('closed');
    this.name = s.name;
    this.titles = s.titles;
    this.loggedIn = true;
    this.buf = '';
    this.ready = false;
    for (const line of setupLines(lang)) ws.send(line);
    // Block mode last: from here every command carries an id.
    ws.send('iset block 1');
    await new Promise<void>((ok) => this.readyWaiters.push(ok));
    if (!this.loggedIn) return fail('closed');
    return { ok: true, name: this.name, titles: this.titles };
  }

  close(): void {
    const ws = this.ws;
    this.ws = null;
    this.loggedIn = false;
    if (ws) {
      ws.onmessage = null;
      ws.onclose = null;
      ws.close();
    }
    this.failPending();
  }

  private failPending(): void {
    for (const done of this.pending.values()) done('');
    this.pending.clear();
    for (const ok of this.readyWaiters.splice(0)) ok();
  }

  /** Sends a command; resolves with its own output (the text of its block). */
  command(line: string): Promise<string> {
    const ws = this.ws;
    if (!ws || !this.loggedIn || ws.readyState !== WebSocket.OPEN) return Promise.resolve('');
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      ws.send(`${id} ${line.replace(/[\r\n]/g, ' ')}`);
    });
  }

  /** Waits until the text since the last thing sent says what comes next. */
  private waitLogin(after: 'open' | 'name' | 'password' | 'confirm'): Promise<LoginStep> {
    return new Promise((resolve) => {
      const check = () => {
        const s = this.ws ? loginStep(this.loginText, after) : ({ step: 'wait' } as LoginStep);
        if (!this.ws || s.step !== 'wait') {
          this.loginWaiter = null;
          resolve(s);
        }
      };
      this.loginWaiter = (extra: string) => {
        this.loginText += extra;
        check();
      };
      check();
    });
  }

  private receive(data: string): void {
    if (!this.loggedIn) {
      if (this.loginWaiter) this.loginWaiter(data);
      else this.loginText += data;
      return;
    }
    this.buf += data;
    for (;;) {
      while (this.buf.startsWith(PROMPT)) this.buf = this.buf.slice(PROMPT.length);
      if (!this.buf) return;
      if (this.buf[0] === BLOCK_START) {
        const end = this.buf.indexOf(BLOCK_END);
        if (end < 0) return; // the rest of the block is on its way
        const block = this.buf.slice(1, end);
        this.buf = this.buf.slice(end + 1);
        const [id, , ...body] = block.split(BLOCK_SEP);
        const text = body.join(BLOCK_SEP).replace(/\n\r/g, '\n');
        for (const line of text.split('\n')) this.emit(line, true);
        const done = this.pending.get(Number(id));
        this.pending.delete(Number(id));
        done?.(text);
        continue;
      }
      if (this.buf[0] === BLOCK_END) {
        // The reply to `iset block 1` closes a block it never opened.
        this.buf = this.buf.slice(1);
        this.ready = true;
        for (const ok of this.readyWaiters.splice(0)) ok();
        continue;
      }
      const nl = this.buf.indexOf('\n\r');
      const bs = this.buf.indexOf(BLOCK_START);
      if (nl < 0 && bs < 0) return;
      const cut = nl < 0 ? bs : bs < 0 ? nl : Math.min(nl, bs);
      const line = this.buf.slice(0, cut);
      this.buf = this.buf.slice(cut === nl ? cut + 2 : cut);
      // A board from before the setup may be in another style or in
      // seconds instead of milliseconds: the page asks for a fresh one.
      if (!this.ready && line.startsWith('<12> ')) continue;
      this.emit(line, !this.ready);
    }
  }

  private emit(line: string, solicited: boolean): void {
    const clean = line.replace(/\x07/g, '');
    for (const l of this.listeners) l(clean, solicited);
  }
}

/** What a GUI sets after login (spec §1.7), before block mode. */
export function setupLines(lang: string): string[] {
  return [
    'set bell 0',
    'iset nowrap 1',
    'iset defprompt 1',
    'iset ms 1',
    'set style 12',
    'iset gameinfo 1',
    'iset pendinfo 1',
    'iset seekremove 1',
    'iset showownseek 1',
    'set seek 1',
    'iset seekinfo 1',
    'set interface atomicd web client',
    `set lang ${lang}`,
  ];
}
