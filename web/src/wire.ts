// The page's connection: `/ws?framing=json` (docs/json-protocol.md), one
// JSON message per frame both ways. It opens the socket (the browser
// sends the resume cookie with it, and the server logs the session in by
// itself when the cookie is valid), sends `login` and `cmd` messages, and
// hands every message to whoever listens; a command's `reply` goes back
// to its caller too (by its `id`). It keeps no password: a login's is
// sent once and forgotten.

/** A message of the JSON framing: its `type`, and its fields. */
export type Msg = { type: string; [field: string]: any };

/** How a login went. */
export type LoginError = 'badPassword' | 'needPassword' | 'closed' | 'refused';

export interface LoginResult {
  ok: boolean;
  name: string;
  titles: string;
  registered: boolean;
  /** The game the user plays, if any (its start and board follow the login). */
  game?: number | null;
  error?: LoginError;
  /** The server's own words, when it refused for a reason of its own. */
  text?: string;
}

/** Why a logged-in connection ended. */
export interface Closed {
  /** The account logged in elsewhere (another tab): the page should not come back by itself. */
  kicked: boolean;
  /** The server's words about it, if it said any. */
  text: string;
}

export type Listener = (m: Msg, solicited: boolean) => void;

/** `(U)(TD)` from `["U", "TD"]`, as the header shows titles. */
export const titleText = (titles: string[] | undefined) => (titles ?? []).map((x) => `(${x})`).join('');

function loginResult(m: Msg | null): LoginResult {
  if (!m) return { ok: false, name: '', titles: '', registered: false, error: 'closed' };
  if (m.result === 'ok') return { ok: true, name: m.name, titles: titleText(m.titles), registered: !!m.registered, game: m.game ?? null };
  const error: LoginError = m.result === 'wrong_password' ? 'badPassword' : m.result === 'password_needed' ? 'needPassword' : 'refused';
  return { ok: false, name: m.name ?? '', titles: '', registered: false, error, text: m.text };
}

export class Wire {
  ws: WebSocket | null = null;
  loggedIn = false;
  private nextId = 1;
  private pending = new Map<number, (m: Msg | null) => void>();
  private listeners = new Set<Listener>();
  private loginListeners = new Set<(r: LoginResult, resumed: boolean) => void>();
  private closeListeners = new Set<(c: Closed) => void>();
  /** Who waits for the next `hello` or `login` message, before the session is logged in. */
  private waiter: ((m: Msg | null) => void) | null = null;
  private kicked = false;
  private lastWords = '';

  /** Hears every message; `solicited` for those inside a command's reply. */
  onMessage(l: Listener): void {
    this.listeners.add(l);
  }

  /** Hears a login (typed, or the cookie's), before any message that follows it. */
  onLogin(l: (r: LoginResult, resumed: boolean) => void): void {
    this.loginListeners.add(l);
  }

  /** Hears a logged-in connection that ended by itself (not by `close()`). */
  onClose(l: (c: Closed) => void): void {
    this.closeListeners.add(l);
  }

  /**
   * Opens the socket; resolves once the server has greeted it: `resumed`
   * when the cookie logged it in (its login result then), null when it
   * could not be opened.
   */
  connect(lang: string): Promise<{ resumed: LoginResult | null } | null> {
    this.close();
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${proto}://${location.host}/ws?framing=json&lang=${encodeURIComponent(lang)}`);
    this.ws = ws;
    this.kicked = false;
    this.lastWords = '';
    ws.onmessage = (e) => this.receive(String(e.data));
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      const was = this.loggedIn;
      this.loggedIn = false;
      this.wake(null);
      this.failPending();
      if (was) for (const l of this.closeListeners) l({ kicked: this.kicked, text: this.lastWords });
    };
    return (async () => {
      const hello = await this.next();
      if (!hello || hello.type !== 'hello') return null;
      if (!hello.resuming) return { resumed: null };
      const login = await this.next();
      if (!login) return null;
      const r = loginResult(login);
      return { resumed: r.ok ? r : null };
    })();
  }

  /** Logs the open socket in (`guest`, an unregistered name, or a name and its password). */
  async login(name: string, password: string): Promise<LoginResult> {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN || this.loggedIn) return loginResult(null);
    const m: Msg = { type: 'login', name };
    if (password) m.password = password;
    ws.send(JSON.stringify(m));
    // On a refusal the socket stays open for the next try (a banned name is closed by the server).
    return loginResult(await this.next());
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
    this.wake(null);
    this.failPending();
  }

  /** Sends a command line; resolves with its `reply` message (null if the connection went). */
  command(line: string): Promise<Msg | null> {
    const ws = this.ws;
    if (!ws || !this.loggedIn || ws.readyState !== WebSocket.OPEN) return Promise.resolve(null);
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      ws.send(JSON.stringify({ type: 'cmd', line: line.replace(/[\r\n]/g, ' '), id }));
    });
  }

  private next(): Promise<Msg | null> {
    return new Promise((resolve) => {
      if (!this.ws) return resolve(null);
      this.waiter = resolve;
    });
  }

  private wake(m: Msg | null): void {
    const w = this.waiter;
    this.waiter = null;
    w?.(m);
  }

  private failPending(): void {
    for (const done of this.pending.values()) done(null);
    this.pending.clear();
  }

  private receive(data: string): void {
    let m: Msg;
    try {
      m = JSON.parse(data);
    } catch {
      return;
    }
    if (!m || typeof m.type !== 'string') return;
    if (!this.loggedIn) {
      if (m.type === 'login' && m.result === 'ok') {
        this.loggedIn = true;
        const r = loginResult(m);
        for (const l of this.loginListeners) l(r, !!m.resumed);
        this.wake(m);
        return;
      }
      if (m.type === 'hello' || m.type === 'login') return this.wake(m);
      if (m.type === 'bye') this.lastWords = m.text ?? '';
      return;
    }
    if (m.type === 'kick') {
      this.kicked = m.reason === 'logged_in_elsewhere';
      this.lastWords = m.text ?? '';
    } else if (m.type === 'bye') this.lastWords = m.text ?? '';
    if (m.type === 'reply') {
      for (const inner of (m.messages ?? []) as Msg[]) this.emit(inner, true);
      const done = typeof m.id === 'number' ? this.pending.get(m.id) : undefined;
      if (done) {
        this.pending.delete(m.id);
        done(m);
      }
      return;
    }
    this.emit(m, false);
  }

  private emit(m: Msg, solicited: boolean): void {
    for (const l of this.listeners) l(m, solicited);
  }
}
