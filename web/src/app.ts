// The application: one session for the whole visit, the header on every
// page (links, who is logged in or whether the page is reconnecting, the
// sound switch, the language), the notification area, and the pages,
// which change without reloading so that the session and its game live on.

import { Wire } from './wire';
import { Model, GameState, myColor } from './state';
import { Client } from './client';
import { Session } from './session';
import { feed } from './feed';
import { h, fill, link } from './dom';
import { Lang, lang, setLang, t } from './i18n';
import { Sounds } from './sounds';
import { notificationArea } from './notify';

export interface Page {
  /** Called when the page goes away. */
  leave(): void;
  /** Whether this page already shows this game (then a board of it needs no new page). */
  showsGame?(g: GameState): boolean;
  /** The game this page shows, if any: its offers are drawn on the page, not in the notification area. */
  gameNumber?(): number | null;
}

/** A loudspeaker, crossed out when muted (inline SVG: no file, no font glyph needed). */
function speaker(muted: boolean): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const el = (tag: string, attrs: Record<string, string>) => {
    const e = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    return e;
  };
  const root = el('svg', { viewBox: '0 0 24 24', 'aria-hidden': 'true' }) as SVGSVGElement;
  root.appendChild(el('path', { d: 'M3 9h4l5-4v14l-5-4H3z' }));
  if (muted) root.appendChild(el('path', { d: 'M15 9l6 6M21 9l-6 6', stroke: 'currentColor', 'stroke-width': '2', fill: 'none' }));
  else root.appendChild(el('path', { d: 'M15 8.5a5 5 0 0 1 0 7M17.5 6a8.5 8.5 0 0 1 0 12', stroke: 'currentColor', 'stroke-width': '2', fill: 'none' }));
  return root;
}

/** A door with an arrow: log out. */
function exitIcon(): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const root = document.createElementNS(ns, 'svg');
  root.setAttribute('viewBox', '0 0 24 24');
  root.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(ns, 'path');
  path.setAttribute('d', 'M10 4H5v16h5M15 8l4 4-4 4M19 12H9');
  path.setAttribute('stroke', 'currentColor');
  path.setAttribute('stroke-width', '2');
  path.setAttribute('fill', 'none');
  root.appendChild(path);
  return root;
}

export type PageMaker = (app: App, params: string[]) => Page;

export class App {
  /** The connection (`fics` for the tests and the curious, as before the JSON framing). */
  readonly fics = new Wire();
  readonly model = new Model();
  readonly client = new Client(this.fics, this.model);
  readonly session = new Session(this.fics, this.model, lang);
  readonly sounds = new Sounds(this.model);
  page: Page | null = null;
  private readonly header = document.getElementById('top') as HTMLElement;
  readonly main = document.getElementById('page') as HTMLElement;
  private pageTitle = 'atomicd';

  constructor(private readonly routes: [RegExp, PageMaker][]) {
    feed(this.fics, this.model);
    window.addEventListener('popstate', () => this.show());
    window.addEventListener('atomicd:navigate', (e) => this.go((e as CustomEvent<string>).detail));
    this.header.after(notificationArea(this));
    this.model.listen((c) => {
      if (c.kind === 'session') this.drawHeader();
      // A game of mine starts (a seek taken, a challenge accepted, an
      // examination, a game that comes back after a reload): its page
      // opens, wherever the user was.
      if (c.kind === 'mine' && !this.page?.showsGame?.(c.game)) this.go(`/game/${c.game.number}`);
      // A board of the simul I give: all of them on one page.
      if (c.kind === 'simul' && !this.page?.showsGame?.(c.game)) this.go('/simul');
      if (c.kind === 'game' || c.kind === 'mine' || c.kind === 'session') this.drawTitle();
    });
  }

  start(): void {
    this.drawHeader();
    // A tab that was logged in comes back at once (the cookie says who): before the page asks for a guest.
    if (this.session.resumable) void this.session.resume();
    this.show();
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
    this.setTitle('');
    const path = decodeURIComponent(location.pathname);
    for (const [re, make] of this.routes) {
      const m = re.exec(path);
      if (m) {
        this.page = make(this, m.slice(1));
        // The notification area leaves out what this page shows itself (its game's offers).
        window.dispatchEvent(new Event('atomicd:redraw'));
        return;
      }
    }
    fill(this.main, h('p', {}, t('notFound')));
  }

  /** The page's own part of the tab's title. */
  setTitle(title: string): void {
    this.pageTitle = title ? `${title} – atomicd` : 'atomicd';
    this.drawTitle();
  }

  /** "Your move" first in the tab's title while it is my turn in my game. */
  private drawTitle(): void {
    const n = this.model.myGame;
    const g = n === null ? undefined : this.model.games.get(n);
    const me = g && myColor(g, this.model.session.name);
    const mine = !!(g && me && !g.end && g.board?.turn === me);
    document.title = mine ? `${t('yourMoveTitle')} – ${this.pageTitle}` : this.pageTitle;
  }

  private drawHeader(): void {
    const choose = h(
      'select',
      { 'aria-label': t('language'), id: 'lang' },
      h('option', { value: 'en', selected: lang() === 'en' }, 'English'),
      h('option', { value: 'fr', selected: lang() === 'fr' }, 'Français'),
    );
    choose.addEventListener('change', () => {
      setLang(choose.value as Lang);
      if (this.model.online) void this.client.setLang(lang());
      this.drawHeader();
      this.show();
    });
    const mute = h('button', {
      type: 'button',
      id: 'mute',
      class: 'icon',
      'aria-pressed': String(this.sounds.muted),
      title: this.sounds.muted ? t('soundOff') : t('soundOn'),
      'aria-label': this.sounds.muted ? t('soundOff') : t('soundOn'),
      onclick: () => {
        this.sounds.setMuted(!this.sounds.muted);
        this.drawHeader();
      },
    }, speaker(this.sounds.muted));
    const s = this.model.session;
    let who: HTMLElement;
    if (s.connection === 'online') {
      who = h(
        'span',
        { class: 'me' },
        link(`/player/${s.name}`, s.name, h('span', { class: 'titles' }, s.titles)),
        ' ',
        // On a phone only the icon shows; its name stays for screen readers.
        h('button', { type: 'button', id: 'logout', class: 'icon-text', title: t('logout'), 'aria-label': t('logout'), onclick: () => void this.session.logout() }, exitIcon(), h('span', { class: 'label' }, t('logout'))),
      );
    } else if (s.connection === 'reconnecting') {
      who = h(
        'span',
        { class: 'me reconnecting', id: 'reconnecting', role: 'status' },
        t('reconnecting'),
        ' ',
        h('button', { type: 'button', id: 'reconnect-now', onclick: () => void this.session.retryNow() }, t('reconnectNow')),
      );
    } else {
      who = h('span', { class: 'me', id: 'connection' }, s.connection === 'connecting' ? t('connecting') : t('notConnected'));
    }
    fill(
      this.header,
      h('nav', {}, link('/', h('strong', {}, 'atomicd')), ' ', link('/', t('lobby')), ' ', link('/help/atomic', t('rules'))),
      who,
      mute,
      choose,
    );
  }
}
