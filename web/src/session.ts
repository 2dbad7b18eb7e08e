// Logging in, staying logged in, logging out. A dropped connection (the
// network, a server restart) is taken up again by itself, with backoff,
// as the same user: a guest or unregistered name under the same name
// (the server keeps its game for the reconnection grace), a registered
// user with the password this page was given (kept in memory only, never
// stored; the signed resume token of the next round replaces it). After
// every login the page asks for the board of the game it plays, so a
// reload or a reconnection comes back into the game with its clocks.

import type { Fics } from './fics';
import type { Model } from './state';
import type { Client } from './client';

/** The guest or unregistered name of this tab, so that a reload logs in as the same one. */
const KEPT_NAME = 'atomicd.name';
/**
 * The registered name this tab was logged in as (never its password): after
 * a reload the page asks for the password again instead of making a guest
 * who would only watch the user's own game. (The resume token will log in
 * again by itself.)
 */
const KEPT_REGISTERED = 'atomicd.registered';
/** The first wait before logging in again, doubled at each failure up to the last. */
const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 30000;

export class Session {
  private logging: Promise<boolean> | null = null;
  /** Who to log in again as after a dropped connection; null after a logout. */
  private again: { name: string; password: string } | null = null;
  private retries = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  /** When the next attempt is due (for the "reconnecting in N s" line). */
  retryAt = 0;

  constructor(
    private readonly fics: Fics,
    private readonly model: Model,
    private readonly client: Client,
    private readonly lang: () => string,
  ) {
    fics.onClose(() => this.dropped());
    window.addEventListener('online', () => this.retryNow());
  }

  /** The name this tab logged in with last, if it was no registered one. */
  get keptName(): string | null {
    return sessionStorage.getItem(KEPT_NAME);
  }

  /** Logs in; a guest or an unregistered name is kept for a reload of this tab. */
  login(name: string, password: string): Promise<boolean> {
    this.cancelRetry();
    this.again = null;
    const p = this.attempt(name, password, 'connecting').finally(() => {
      if (this.logging === p) this.logging = null;
    });
    this.logging = p;
    return p;
  }

  /** The registered name this tab had before a reload, if any. */
  get keptRegistered(): string | null {
    return sessionStorage.getItem(KEPT_REGISTERED);
  }

  /** Gives up coming back as the registered user: the page may make a guest from now on. */
  forgetRegistered(): void {
    sessionStorage.removeItem(KEPT_REGISTERED);
    if (this.model.session.problem?.key === 'loginAgain') this.model.setSession({ problem: null });
  }

  /** A session for pages that need one to watch: the kept name, else a new guest. */
  ensure(): Promise<boolean> {
    if (this.model.online) return Promise.resolve(true);
    if (this.logging) return this.logging;
    if (this.model.session.connection === 'reconnecting') return this.retryNow();
    const registered = this.keptRegistered;
    if (registered) {
      // Not a guest behind the user's back: ask for the password (the notification area does).
      this.model.setSession({ problem: { key: 'loginAgain', text: registered } });
      return Promise.resolve(false);
    }
    const kept = this.keptName;
    // The kept name first (its game may wait for it); a plain guest if the server refuses it.
    return this.login(kept ?? 'guest', '').then((ok) => (ok || !kept ? ok : this.login('guest', '')));
  }

  logout(): void {
    this.cancelRetry();
    this.again = null;
    sessionStorage.removeItem(KEPT_NAME);
    sessionStorage.removeItem(KEPT_REGISTERED);
    this.fics.close();
    this.model.myGame = null;
    this.model.setSession({ connection: 'offline', name: '', titles: '', problem: null });
  }

  /** Tries at once instead of waiting for the next attempt. */
  retryNow(): Promise<boolean> {
    if (!this.again || this.logging) return this.logging ?? Promise.resolve(this.model.online);
    this.cancelRetry();
    return this.reconnect();
  }

  /** One login; on a failure the model says why, unless the server is only away (a reconnection waits and tries again). */
  private async attempt(name: string, password: string, connection: 'connecting' | 'reconnecting'): Promise<boolean> {
    this.model.setSession({ connection, problem: null });
    const r = await this.fics.login(name, password, this.lang());
    if (!r.ok) {
      const away = r.error === 'closed' && connection === 'reconnecting';
      if (name === this.keptName && !away) sessionStorage.removeItem(KEPT_NAME);
      if (!away) {
        this.again = null;
        this.model.setSession({ connection: 'offline', name: '', titles: '', problem: { key: r.error ?? 'closed', text: r.text } });
      }
      return false;
    }
    const registered = !r.titles.includes('(U)');
    if (registered) {
      sessionStorage.removeItem(KEPT_NAME);
      sessionStorage.setItem(KEPT_REGISTERED, r.name);
    } else {
      sessionStorage.setItem(KEPT_NAME, r.name);
      sessionStorage.removeItem(KEPT_REGISTERED);
    }
    this.again = { name: r.name, password: registered ? password : '' };
    this.retries = 0;
    // The game I play (if any) comes back with a board of now, in milliseconds,
    // before the pages hear that the session is there: they find it in the model.
    this.model.setSession({ name: r.name, titles: r.titles, problem: null });
    await this.client.refresh();
    this.model.setSession({ connection: 'online' });
    return true;
  }

  private dropped(): void {
    if (!this.again) return this.model.setSession({ connection: 'offline' });
    this.model.myGame = null;
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

  private reconnect(): Promise<boolean> {
    this.retryTimer = null;
    const who = this.again;
    if (!who) return Promise.resolve(false);
    const p: Promise<boolean> = this.attempt(who.name, who.password, 'reconnecting')
      .then((ok) => {
        if (ok) return true;
        if (this.again) this.schedule();
        return false;
      })
      .finally(() => {
        if (this.logging === p) this.logging = null;
      });
    this.logging = p;
    return p;
  }

  private cancelRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }
}
