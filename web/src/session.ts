// Logging in, staying logged in, logging out. After every login the server
// gives a ticket, which the page trades at once (POST /session) for the
// resume cookie: signed by the server, HttpOnly (this script never sees
// it), never a password. A reload, a dropped connection or a server
// restart then only opens the socket again: the browser sends the cookie,
// and the server logs the session in as the same user (guest or
// registered) and puts it back into its game with the server's clocks.
// A dropped connection is taken up again by itself, with backoff, and the
// header says "reconnecting…" meanwhile. No password is kept anywhere: a
// login's is sent once and forgotten.

import type { Wire } from './wire';
import type { Model } from './state';

/**
 * That this tab holds a resume cookie (set once one is traded, cleared at
 * logout): a reload opens the socket at once to come back. Not a secret:
 * the cookie itself is the server's and HttpOnly.
 */
const RESUMABLE = 'atomicd.resumable';
/** The last ticket traded (spent: worth nothing to anyone who reads it). */
const SPENT = 'atomicd.spentTicket';
/** The first wait before trying again, doubled at each failure up to the last. */
const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 30000;

export class Session {
  private logging: Promise<boolean> | null = null;
  /** Who to come back as after a dropped connection; null after a logout or a kick. */
  private again: { name: string; registered: boolean } | null = null;
  private retries = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  /** When the next attempt is due (for the "reconnecting in N s" line). */
  retryAt = 0;

  constructor(
    private readonly wire: Wire,
    private readonly model: Model,
    private readonly lang: () => string,
  ) {
    // The session is there before the messages that follow its login (its
    // game's start, the seeks): they find the name in the model.
    wire.onLogin((r) => {
      this.again = { name: r.name, registered: r.registered };
      this.retries = 0;
      this.model.setSession({ name: r.name, titles: r.titles, loginGame: r.game ?? null, connection: 'online', problem: null });
    });
    wire.onMessage((m) => {
      if (m.type === 'ticket' && typeof m.ticket === 'string') void this.trade(m.ticket);
    });
    wire.onClose((c) => this.dropped(c.kicked, c.text));
    window.addEventListener('online', () => void this.retryNow());
  }

  /** Whether this tab was logged in before its reload. */
  get resumable(): boolean {
    return sessionStorage.getItem(RESUMABLE) === '1';
  }

  /** Comes back as the cookie's user, if there is one; nobody new otherwise. */
  resume(): Promise<boolean> {
    if (this.model.online) return Promise.resolve(true);
    if (this.logging) return this.logging;
    return this.run(async () => {
      const ok = await this.open('connecting');
      if (ok !== true) {
        this.wire.close();
        if (ok === false) sessionStorage.removeItem(RESUMABLE);
        this.model.setSession({ connection: 'offline' });
        return false;
      }
      return true;
    });
  }

  /** Logs in as `name` (`guest` for a new guest name) with its password, if registered. */
  login(name: string, password: string): Promise<boolean> {
    this.cancelRetry();
    return this.run(() => this.attempt(name, password));
  }

  /** A session for pages that need one to watch or play: the cookie's user, else a new guest. */
  ensure(): Promise<boolean> {
    if (this.model.online) return Promise.resolve(true);
    if (this.logging) return this.logging.then((ok) => ok || (this.model.online ? true : this.ensure()));
    if (this.model.session.connection === 'reconnecting') return this.retryNow();
    return this.run(() => this.attempt('guest', ''));
  }

  async logout(): Promise<void> {
    this.cancelRetry();
    this.again = null;
    sessionStorage.removeItem(RESUMABLE);
    this.wire.close();
    this.model.myGame = null;
    this.model.setSession({ connection: 'offline', name: '', titles: '', problem: null });
    await fetch('/session', { method: 'DELETE', credentials: 'same-origin' }).catch(() => undefined);
  }

  /** Tries at once instead of waiting for the next attempt. */
  retryNow(): Promise<boolean> {
    if (!this.again || this.logging) return this.logging ?? Promise.resolve(this.model.online);
    this.cancelRetry();
    return this.reconnect();
  }

  private run(f: () => Promise<boolean>): Promise<boolean> {
    const p = f().finally(() => {
      if (this.logging === p) this.logging = null;
    });
    this.logging = p;
    return p;
  }

  /**
   * Opens the socket: true when the cookie logged it in, false when the
   * server greeted it without (no cookie, or one it could not take up),
   * null when the server could not be reached.
   */
  private async open(connection: 'connecting' | 'reconnecting'): Promise<boolean | null> {
    this.model.setSession({ connection, problem: null });
    const greeted = await this.wire.connect(this.lang());
    if (!greeted) return null;
    return greeted.resumed !== null;
  }

  /** One login: the cookie's user if it is the one asked for (or any, for a guest), else the name and password given. */
  private async attempt(name: string, password: string): Promise<boolean> {
    const resumed = await this.open('connecting');
    if (resumed === true) {
      const me = this.model.session.name;
      if (name === 'guest' || name.toLowerCase() === me.toLowerCase()) return true;
      // Someone else asked to log in on this browser: the cookie's user goes first.
      this.wire.close();
      await fetch('/session', { method: 'DELETE', credentials: 'same-origin' }).catch(() => undefined);
      const again = await this.open('connecting');
      if (again === null) return this.failed('closed');
    } else if (resumed === null) return this.failed('closed');
    const r = await this.wire.login(name, password);
    if (!r.ok) {
      this.wire.close();
      return this.failed(r.error ?? 'closed', r.text);
    }
    return true;
  }

  private failed(key: 'badPassword' | 'needPassword' | 'closed' | 'refused', text?: string): boolean {
    this.again = null;
    this.model.setSession({ connection: 'offline', name: '', titles: '', problem: { key, text } });
    return false;
  }

  /** Trades a login's (or a game start's) ticket for the resume cookie. */
  private async trade(ticket: string): Promise<void> {
    // A ticket of the same second as one traded already (a game start's and
    // the login's, or the last one before a reload) is the same, word for
    // word, and spent: the cookie is there.
    if (ticket === sessionStorage.getItem(SPENT)) return;
    sessionStorage.setItem(SPENT, ticket);
    const r = await fetch('/session', { method: 'POST', body: ticket, headers: { 'Content-Type': 'text/plain' }, credentials: 'same-origin' }).catch(() => null);
    if (r?.ok && this.model.online) sessionStorage.setItem(RESUMABLE, '1');
  }

  private dropped(kicked: boolean, text: string): void {
    this.model.myGame = null;
    if (kicked || !this.again) {
      // Logged in elsewhere (another tab): coming back by itself would send that one away.
      this.again = null;
      this.model.setSession({ connection: 'offline', problem: kicked ? { key: 'kicked', text } : null });
      if (kicked && text) this.model.note('notice', text);
      return;
    }
    this.model.setSession({ connection: 'reconnecting' });
    this.schedule();
  }

  private schedule(): void {
    const wait = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** this.retries);
    this.retries++;
    this.retryAt = Date.now() + wait;
    this.retryTimer = setTimeout(() => void this.reconnect(), wait);
    this.model.setSession({});
  }

  /** One attempt to come back: the cookie; else, for a name with no password, the name again. */
  private reconnect(): Promise<boolean> {
    this.retryTimer = null;
    const who = this.again;
    if (!who) return Promise.resolve(false);
    return this.run(async () => {
      const resumed = await this.open('reconnecting');
      if (resumed === true) return true;
      if (resumed === false) {
        if (who.registered) {
          // No cookie to come back with: the password is asked again, wherever the page is.
          this.wire.close();
          this.again = null;
          this.model.setSession({ connection: 'offline', name: '', titles: '', problem: { key: 'loginAgain', text: who.name } });
          return false;
        }
        const r = await this.wire.login(who.name, '');
        if (r.ok) return true;
        // The name is someone else's now: no use trying again.
        if (r.error !== 'closed') {
          this.wire.close();
          return this.failed(r.error ?? 'closed', r.text);
        }
      }
      this.wire.close();
      if (this.again) {
        this.model.setSession({ connection: 'reconnecting' });
        this.schedule();
      }
      return false;
    });
  }

  private cancelRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }
}
