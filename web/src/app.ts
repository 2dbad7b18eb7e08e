// The application: one FICS session for the whole visit, the header on
// every page (links, language switch, who is logged in), and the pages,
// which change without reloading so that the session and its game live on.

import { Fics } from './fics';
import { Live } from './state';
import { h, fill, link } from './dom';
import { Lang, lang, setLang, t } from './i18n';

export interface Page {
  /** Called when the page goes away. */
  leave(): void;
}

export type PageMaker = (app: App, params: string[]) => Page;

const KEPT_NAME = 'atomicd.name';

export class App {
  readonly fics = new Fics();
  readonly live = new Live(this.fics);
  private page: Page | null = null;
  private logging: Promise<boolean> | null = null;
  private readonly header = document.getElementById('top') as HTMLElement;
  readonly main = document.getElementById('page') as HTMLElement;

  constructor(private readonly routes: [RegExp, PageMaker][]) {
    window.addEventListener('popstate', () => this.show());
    window.addEventListener('atomicd:navigate', (e) => this.go((e as CustomEvent<string>).detail));
    this.live.listen((c) => {
      if (c.kind === 'login' || c.kind === 'logout') this.drawHeader();
      // A game of mine starts (a seek taken, a challenge accepted, an
      // examination): its page opens, wherever the user was.
      // (A new game under the number of the one on show redraws its page.)
      if (c.kind === 'start') this.go(`/game/${c.game}`);
    });
  }

  start(): void {
    this.drawHeader();
    this.show();
    if (sessionStorage.getItem(KEPT_NAME)) void this.ensureSession();
  }

  go(href: string): void {
    if (href !== location.pathname + location.search) history.pushState(null, '', href);
    this.show();
  }

  /** Redraws the current page (after a change of language, say). */
  show(): void {
    this.page?.leave();
    this.page = null;
    fill(this.main);
    const path = decodeURIComponent(location.pathname);
    for (const [re, make] of this.routes) {
      const m = re.exec(path);
      if (m) {
        this.page = make(this, m.slice(1));
        return;
      }
    }
    fill(this.main, h('p', {}, 'Not found.'));
  }

  /** Logs in; unregistered names (and guests) are kept for a reload of this tab. */
  async login(name: string, password: string): Promise<boolean> {
    this.drawHeader(t('connecting'));
    const r = await this.fics.login(name, password, lang());
    if (r.ok && !this.fics.registered) sessionStorage.setItem(KEPT_NAME, r.name);
    if (!r.ok && name === sessionStorage.getItem(KEPT_NAME)) sessionStorage.removeItem(KEPT_NAME);
    this.drawHeader(r.ok ? undefined : r.error);
    this.live.emit({ kind: 'login' });
    return r.ok;
  }

  /** A session for pages that need one to watch (a guest if nobody logged in). */
  ensureSession(): Promise<boolean> {
    if (this.fics.loggedIn) return Promise.resolve(true);
    if (!this.logging) {
      const kept = sessionStorage.getItem(KEPT_NAME);
      // The kept name first (its game may wait for it); a plain guest if the server refuses it.
      this.logging = this.login(kept ?? 'guest', '')
        .then((ok) => (ok || !kept ? ok : this.login('guest', '')))
        .finally(() => (this.logging = null));
    }
    return this.logging;
  }

  logout(): void {
    sessionStorage.removeItem(KEPT_NAME);
    this.fics.close();
    this.live.emit({ kind: 'logout' });
  }

  private drawHeader(note?: string): void {
    const choose = h(
      'select',
      { 'aria-label': t('language'), id: 'lang' },
      h('option', { value: 'en', selected: lang() === 'en' }, 'English'),
      h('option', { value: 'fr', selected: lang() === 'fr' }, 'Français'),
    );
    choose.addEventListener('change', () => {
      setLang(choose.value as Lang);
      if (this.fics.loggedIn) void this.fics.command(`set lang ${lang()}`);
      this.drawHeader();
      this.show();
    });
    const who = this.fics.loggedIn
      ? h(
          'span',
          { class: 'me' },
          `${t('loggedAs')} `,
          link(`/player/${this.fics.name}`, this.fics.name + this.fics.titles),
          ' ',
          h('button', { type: 'button', onclick: () => this.logout() }, t('logout')),
        )
      : h('span', { class: 'me' }, note ?? t('notConnected'));
    fill(
      this.header,
      h('nav', {}, link('/', h('strong', {}, 'atomicd')), ' ', link('/', t('lobby')), ' ', link('/help/atomic', t('rules'))),
      who,
      choose,
    );
  }
}
