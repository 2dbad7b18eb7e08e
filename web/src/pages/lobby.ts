// `/`: log in; play with the computer; quick pairing; the seeks; a form
// to seek or challenge; the live games on small boards; the players
// online; the tournaments (and a form to create one, for those allowed
// to); the console.

import { App, Page } from '../app';
import { api, fill, h, link } from '../dom';
import { t } from '../i18n';
import { makeBoard } from '../board';
import type { Terms } from '../client';
import { computerPanel } from './computer';
import { consolePanel } from './console';
import { loginPanel } from './login';
import { tourneysPanel } from './tourneys';
import { ratingTitle } from '../words';

interface ApiPlayer {
  name: string;
  rating: string;
  titles: string[];
}
interface ApiGame {
  number: number;
  white: ApiPlayer;
  black: ApiPlayer;
  time_control: { minutes: number; increment: number };
  rated: boolean;
  fen: string;
  observers: number;
  variant?: string;
}
interface ApiWho {
  players: { name: string; titles: string[]; rating: string; status: string; game: number | null }[];
}

const POLL_MS = 4000;

/** The time controls of lichess's quick pairing. */
export const QUICK: [number, number][] = [
  [1, 0],
  [2, 1],
  [3, 0],
  [3, 2],
  [5, 0],
  [5, 3],
  [10, 0],
  [15, 10],
];

export function lobby(app: App): Page {
  const m = app.model;
  const seeks = h('tbody', { id: 'seeks' });
  const seekNote = h('p', { class: 'notice', id: 'seeks-note' });
  const quick = h('div', { class: 'quick', id: 'quick' });
  const games = h('div', { class: 'games', id: 'games' });
  const who = h('ul', { class: 'who', id: 'who' });
  const notice = h('p', { class: 'notice', id: 'lobby-notice', 'aria-live': 'polite' });
  const cons = consolePanel(app);
  const login = loginPanel(app);
  const events = tourneysPanel(app);
  const computer = computerPanel(app);
  app.setTitle(t('lobby'));

  const rated = h('input', { type: 'checkbox', id: 'seek-rated' });
  const quickRated = h('input', { type: 'checkbox', id: 'quick-rated' });
  // Quick pairing in Atomic960: a start drawn when the game begins.
  const quick960 = h('input', { type: 'checkbox', id: 'quick-960', onchange: () => drawQuick() });
  const quickVariant = (): 'atomic' | 'atomic960' => (quick960.checked ? 'atomic960' : 'atomic');
  const say = (text: string) => fill(notice, text);

  /** Quick pairing: take an open seek with these terms, or post one; a second click takes mine back. */
  const quickPlay = async (minutes: number, increment: number) => {
    if (!(await app.session.ensure())) return;
    const wantRated = quickRated.checked && m.registered;
    // One variant at a time: an atomic click never takes (nor takes back) an Atomic960 seek, nor the other way.
    const variant = quickVariant();
    const own = [...m.seeks.values()].find((s) => s.own && s.variant === variant && s.minutes === minutes && s.increment === increment);
    if (own) return say((await app.client.unseek(own.index)).text);
    const open = [...m.seeks.values()].find((s) => !s.own && s.variant === variant && s.minutes === minutes && s.increment === increment && s.rated === wantRated);
    if (open) {
      const r = await app.client.play(open.index);
      if (!r.ok) say(r.text);
      return;
    }
    say((await app.client.seek({ minutes, increment, rated: wantRated, color: null, variant })).text);
  };

  const drawQuick = () => {
    fill(
      quick,
      ...QUICK.map(([mi, inc]) => {
        const own = [...m.seeks.values()].some((s) => s.own && s.variant === quickVariant() && s.minutes === mi && s.increment === inc);
        return h(
          'button',
          { type: 'button', class: own ? 'tc waiting' : 'tc', 'data-tc': `${mi}+${inc}`, 'aria-pressed': String(own), onclick: () => void quickPlay(mi, inc) },
          h('span', { class: 'tc-time' }, `${mi}+${inc}`),
          own ? h('span', { class: 'tc-wait' }, t('waitingOpponent')) : null,
        );
      }),
    );
  };

  const drawSeeks = () => {
    const list = [...m.seeks.values()].sort((a, b) => a.index - b.index);
    const rows = list.map((s) => {
      const action = s.own
        ? h('button', { type: 'button', onclick: async () => say((await app.client.unseek(s.index)).text) }, t('cancel'))
        : h('button', { type: 'button', class: 'play', onclick: async () => {
            const r = await app.client.play(s.index);
            if (!r.ok) say(r.text);
          } }, t('play'));
      return h(
        'tr',
        { 'data-seek': s.index, 'data-name': s.name, 'data-variant': s.variant },
        h('td', {}, s.name),
        h('td', { title: ratingTitle(s.rating) }, s.rating),
        h('td', {}, `${s.minutes} + ${s.increment}`),
        // The mode says the variant when it is not atomic (with the seeker's start, if chosen).
        h('td', {}, s.rated ? t('rated') : t('unrated'), s.variant === 'atomic960' ? h('span', { class: 'variant' }, ` ${t('atomic960')}${s.start !== null ? ` (${s.start})` : ''}`) : ''),
        h('td', {}, s.color === 'W' ? t('white') : s.color === 'B' ? t('black') : t('anyColor')),
        h('td', {}, action),
      );
    });
    fill(seeks, ...(rows.length ? rows : [h('tr', {}, h('td', { colspan: 6 }, t('noSeeks')))]));
    // Guests are offered only the seeks they may take: unrated ones.
    fill(seekNote, m.online && !m.registered ? t('guestSeeks') : '', list.some((s) => /^[+-]{4}$/.test(s.rating)) ? ` ${t('ratingLegend')}` : '');
    drawQuick();
  };

  // The form: a seek for anyone, or a challenge when a name is given.
  const minutes = h('input', { type: 'number', id: 'seek-minutes', min: 0, max: 999, value: 3, 'aria-label': t('minutes') });
  const inc = h('input', { type: 'number', id: 'seek-inc', min: 0, max: 999, value: 0, 'aria-label': t('increment') });
  const color = h(
    'select',
    { id: 'seek-color', 'aria-label': t('color') },
    h('option', { value: '' }, t('anyColor')),
    h('option', { value: 'white' }, t('white')),
    h('option', { value: 'black' }, t('black')),
  );
  // The rules: atomic, or Atomic960 from a start chosen by number or drawn by the server.
  const variant = h(
    'select',
    { id: 'seek-variant', 'aria-label': t('variant') },
    h('option', { value: 'atomic' }, t('atomic')),
    h('option', { value: 'atomic960' }, t('atomic960')),
  );
  const start = h('input', { type: 'number', id: 'seek-start', min: 0, max: 959, placeholder: '0–959', 'aria-label': t('startNumber') });
  const startLabel = h('label', { class: 'start-number', hidden: true }, t('startNumber'), ' ', start);
  variant.addEventListener('change', () => (startLabel.hidden = variant.value !== 'atomic960'));
  const opponent = h('input', { type: 'text', id: 'challenge-name', placeholder: t('opponent'), 'aria-label': t('opponent') });
  const terms = (): Terms => ({
    minutes: Number(minutes.value) || 0,
    increment: Number(inc.value) || 0,
    rated: rated.checked,
    color: (color.value || null) as Terms['color'],
    variant: variant.value === 'atomic960' ? 'atomic960' : 'atomic',
    start: variant.value === 'atomic960' && start.value.trim() !== '' ? Number(start.value) : null,
  });
  const seekForm = h(
    'form',
    { class: 'seek-form' },
    h('label', {}, t('minutes'), ' ', minutes),
    h('label', {}, t('increment'), ' ', inc),
    h('label', {}, rated, ' ', t('rated')),
    h('label', {}, t('color'), ' ', color),
    h('label', {}, t('variant'), ' ', variant),
    startLabel,
    Object.assign(link('/help/atomic960', t('atomic960Rules')), { id: 'atomic960-rules-link', className: 'rules-link' }),
    h('button', { type: 'submit', id: 'seek-button' }, t('seek')),
    h('span', { class: 'or' }, opponent, h('button', { type: 'button', id: 'challenge-button', onclick: async () => {
      if (!opponent.value.trim()) return;
      if (!(await app.session.ensure())) return;
      say((await app.client.challenge(opponent.value.trim(), terms())).text);
    } }, t('challenge'))),
  );
  seekForm.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (!(await app.session.ensure())) return;
    say((await app.client.seek(terms())).text);
  });

  // Lists from the API, polled while the lobby shows.
  const boards = new Map<number, ReturnType<typeof makeBoard>>();
  const poll = async () => {
    const [g, w] = await Promise.all([api<{ games: ApiGame[] }>('/api/games'), api<ApiWho>('/api/who'), events.poll(), computer.poll()]);
    if (g) {
      const seen = new Set<number>();
      const cards: HTMLElement[] = [];
      for (const game of g.games) {
        seen.add(game.number);
        let b = boards.get(game.number);
        if (!b) {
          b = makeBoard({ fen: game.fen, viewOnly: true, coordinates: false }, true);
          boards.set(game.number, b);
        } else b.api.set({ fen: game.fen });
        cards.push(
          h(
            'div',
            { class: 'game-card', 'data-game': game.number },
            link(`/game/${game.number}`, b.el),
            link(`/game/${game.number}`, `${game.number}: ${game.white.name} (${game.white.rating}) – ${game.black.name} (${game.black.rating})`),
            h('small', {}, `${game.time_control.minutes} + ${game.time_control.increment}${game.rated ? ' ' + t('rated').toLowerCase() : ''}${game.variant === 'atomic960' ? ' ' + t('atomic960') : ''}`),
          ),
        );
      }
      for (const [n, b] of boards) if (!seen.has(n)) (b.api.destroy(), boards.delete(n));
      if (cards.length) fill(games, ...cards);
      else fill(games, h('p', {}, t('noGames')));
    }
    if (w) fill(who, ...w.players.map((p) => h('li', {}, h('span', { class: 'rating', title: ratingTitle(p.rating) }, p.rating), ' ', link(`/player/${p.name}`, p.name), p.game ? h('small', {}, ' ', link(`/game/${p.game}`, `#${p.game}`)) : null)));
  };
  void poll();
  const timer = setInterval(() => void poll(), POLL_MS);

  const stop = m.listen((c) => {
    if (c.kind === 'seeks') drawSeeks();
    if (c.kind === 'session') {
      void poll();
      drawSeeks();
    }
  });
  drawSeeks();

  fill(
    app.main,
    h(
      'div',
      { class: 'lobby' },
      login.el,
      computer.el,
      h('section', { class: 'panel quick-panel' }, h('h2', {}, t('quickPairing')), quick, h('label', { class: 'quick-rated' }, quickRated, ' ', t('ratedIfRegistered')), h('label', { class: 'quick-rated' }, quick960, ' ', t('atomic960'))),
      h(
        'section',
        { class: 'panel seeks' },
        h('h2', {}, t('seeks')),
        h(
          'table',
          {},
          h('thead', {}, h('tr', {}, ...[t('player'), t('rating'), t('time'), t('mode'), t('color'), ''].map((x) => h('th', { scope: 'col' }, x)))),
          seeks,
        ),
        seekNote,
        h('h3', {}, t('newGame')),
        seekForm,
        notice,
      ),
      h('section', { class: 'panel' }, h('h2', {}, t('liveGames')), games),
      h('section', { class: 'panel' }, h('h2', {}, t('players')), who),
      events.el,
      cons.el,
    ),
  );
  return {
    leave() {
      clearInterval(timer);
      stop();
      cons.leave();
      login.leave();
      events.leave();
      for (const b of boards.values()) b.api.destroy();
    },
  };
}

