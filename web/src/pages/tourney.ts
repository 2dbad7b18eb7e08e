// `/tourney/{id}`: the standings, the rounds and their pairings, the live
// games of the event, and join/withdraw for the logged-in user.

import { App, Page } from '../app';
import { api, fill, h, link } from '../dom';
import { t } from '../i18n';
import { formatWord, statusWord, termsText } from '../words';

interface Standing {
  rank: number;
  name: string;
  rating: number | null;
  /** The rating now (after a rated event's games), where the player has one. */
  rating_now?: number | null;
  points: string;
  buchholz?: string;
  sonneborn_berger?: string;
  performance?: number;
}
interface Pairing {
  round: number;
  white: string;
  black: string;
  result: string | null;
  plies: number;
}
interface Tourney {
  id: number;
  name: string;
  format: string;
  status: string;
  director: string;
  round: number;
  players: number;
  rated: boolean;
  variant?: string;
  time_control: { minutes: number; increment: number };
  entrants: { name: string; rating: number | null; withdrawn: boolean }[];
  standings: Standing[];
  pairings: Pairing[];
  byes?: { round: number; name: string; kind: string }[];
}
interface LiveGame {
  number: number;
  white: { name: string };
  black: { name: string };
  tourney: { id: number; round: number } | null;
}

const POLL_MS = 2000;

export function tourney(app: App, params: string[]): Page {
  const id = Number(params[0]);
  const head = h('div', { id: 'tourney-head' });
  const standings = h('tbody', { id: 'standings' });
  const rounds = h('div', { id: 'rounds' });
  const liveEl = h('ul', { id: 'tourney-games' });
  const mine = h('div', { class: 'actions', id: 'tourney-actions' });
  const notice = h('p', { class: 'notice', id: 'tourney-notice', 'aria-live': 'polite' });

  const act = async (what: 'join' | 'leave' | 'start') => {
    if (!app.model.registered) return fill(notice, t('needLogin'));
    const r = what === 'join' ? await app.client.tourneyJoin(id) : what === 'leave' ? await app.client.tourneyLeave(id) : await app.client.tourneyStart(id);
    fill(notice, r.text);
    void poll();
  };
  app.setTitle(`${t('tourney')} ${id}`);

  const poll = async () => {
    const [ev, games] = await Promise.all([api<Tourney>(`/api/tourneys/${id}`), api<{ games: LiveGame[] }>('/api/games')]);
    if (!ev) {
      fill(head, h('h2', {}, t('noSuchTourney')));
      return;
    }
    head.dataset.status = ev.status;
    app.setTitle(ev.name);
    fill(
      head,
      h('h2', {}, `#${ev.id} ${ev.name}`),
      h(
        'p',
        {},
        `${t('format')}: ${formatWord(ev.format)}, ${termsText(ev.time_control.minutes, ev.time_control.increment, ev.rated, ev.variant)}. `,
        `${t('status')}: `,
        h('strong', { id: 'tourney-status', 'data-status': ev.status }, statusWord(ev.status)),
        ev.round ? `, ${t('round').toLowerCase()} ${ev.round}` : '',
        `. ${t('director')}: `,
        link(`/player/${ev.director}`, ev.director),
        '.',
      ),
    );
    fill(
      standings,
      ...ev.standings.map((s) =>
        h(
          'tr',
          { 'data-name': s.name },
          h('td', {}, s.rank),
          h('td', {}, link(`/player/${s.name}`, s.name)),
          h('td', { class: 'rating' }, s.rating_now ?? (s.rating || '----')),
          h('td', { class: 'points' }, s.points),
          h('td', {}, s.sonneborn_berger ?? s.performance ?? ''),
        ),
      ),
    );
    const byRound = new Map<number, Pairing[]>();
    for (const p of ev.pairings) byRound.set(p.round, [...(byRound.get(p.round) ?? []), p]);
    const byes = new Map<number, string[]>();
    for (const b of ev.byes ?? []) byes.set(b.round, [...(byes.get(b.round) ?? []), b.name]);
    fill(
      rounds,
      ...[...new Set([...byRound.keys(), ...byes.keys()])]
        .sort((a, b) => a - b)
        .map((r) =>
          h(
            'div',
            { class: 'round', 'data-round': r },
            h('h4', {}, `${t('round')} ${r}`),
            h(
              'ul',
              {},
              ...(byRound.get(r) ?? []).map((p) => h('li', { class: 'pairing' }, `${p.white} – ${p.black} `, h('strong', {}, p.result ?? '…'))),
              ...(byes.get(r) ?? []).map((name) => h('li', { class: 'bye' }, `${name}: ${t('bye')}`)),
            ),
          ),
        ),
    );
    const live = (games?.games ?? []).filter((g) => g.tourney?.id === id);
    fill(liveEl, ...live.map((g) => h('li', {}, link(`/game/${g.number}`, `${g.number}: ${g.white.name} – ${g.black.name}`))));
    const me = app.model.session.name;
    const entered = ev.entrants.some((e) => e.name === me && !e.withdrawn);
    const directs = app.model.online && (ev.director === me || app.model.session.titles.includes('(*)'));
    fill(
      mine,
      ev.status === 'finished'
        ? null
        : entered
          ? h('button', { type: 'button', id: 'tourney-leave', onclick: () => void act('leave') }, t('leave'))
          : h('button', { type: 'button', id: 'tourney-join', onclick: () => void act('join') }, t('join')),
      ev.status === 'open' && directs ? h('button', { type: 'button', id: 'tourney-start', onclick: () => void act('start') }, t('startTourney')) : null,
    );
    if (ev.status === 'finished') clearInterval(timer);
  };
  const timer = setInterval(() => void poll(), POLL_MS);
  void poll();
  const stop = app.model.listen((c) => {
    if ((c.kind === 'game' && c.what === 'end') || c.kind === 'session') void poll();
  });

  fill(
    app.main,
    h(
      'div',
      { class: 'tourney-page' },
      h('section', { class: 'panel' }, head, mine, notice),
      h(
        'section',
        { class: 'panel' },
        h('h3', {}, t('standings')),
        h('table', {}, h('thead', {}, h('tr', {}, h('th', {}, t('rank')), h('th', {}, t('name')), h('th', {}, t('rating')), h('th', {}, t('points')), h('th', {}, 'SB'))), standings),
      ),
      h('section', { class: 'panel' }, h('h3', {}, t('liveGames')), liveEl),
      h('section', { class: 'panel' }, h('h3', {}, t('rounds')), rounds),
    ),
  );
  return {
    leave() {
      clearInterval(timer);
      stop();
    },
  };
}
