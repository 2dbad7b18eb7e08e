// `/tourney/{id}`: the standings, the rounds and their pairings, the live
// games of the event, and join/withdraw for the logged-in user.

import { App, Page } from '../app';
import { api, fill, h, link } from '../dom';
import { t } from '../i18n';

interface Standing {
  rank: number;
  name: string;
  rating: number | null;
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
  time_control: { minutes: number; increment: number };
  entrants: { name: string; rating: number | null; withdrawn: boolean }[];
  standings: Standing[];
  pairings: Pairing[];
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

  const act = async (what: 'join' | 'leave') => {
    if (!app.fics.registered) return fill(notice, t('needLogin'));
    const reply = await app.fics.command(`tourney ${what} ${id}`);
    fill(notice, reply.trim());
    void poll();
  };

  const poll = async () => {
    const [ev, games] = await Promise.all([api<Tourney>(`/api/tourneys/${id}`), api<{ games: LiveGame[] }>('/api/games')]);
    if (!ev) {
      fill(head, h('h2', {}, t('noSuchTourney')));
      return;
    }
    head.dataset.status = ev.status;
    fill(
      head,
      h('h2', {}, `#${ev.id} ${ev.name}`),
      h(
        'p',
        {},
        `${t('format')}: ${ev.format}, ${ev.time_control.minutes} + ${ev.time_control.increment}${ev.rated ? ', ' + t('rated') : ''}. `,
        `${t('status')}: `,
        h('strong', { id: 'tourney-status' }, ev.status),
        ev.round ? `, ${t('round')} ${ev.round}` : '',
        `. ${t('director')}: ${ev.director}.`,
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
          h('td', {}, s.rating ? s.rating : '----'),
          h('td', { class: 'points' }, s.points),
          h('td', {}, s.sonneborn_berger ?? s.performance ?? ''),
        ),
      ),
    );
    const byRound = new Map<number, Pairing[]>();
    for (const p of ev.pairings) byRound.set(p.round, [...(byRound.get(p.round) ?? []), p]);
    fill(
      rounds,
      ...[...byRound.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([r, ps]) =>
          h(
            'div',
            { class: 'round', 'data-round': r },
            h('h4', {}, `${t('round')} ${r}`),
            h('ul', {}, ...ps.map((p) => h('li', {}, `${p.white} – ${p.black} `, h('strong', {}, p.result ?? '…')))),
          ),
        ),
    );
    const live = (games?.games ?? []).filter((g) => g.tourney?.id === id);
    fill(liveEl, ...live.map((g) => h('li', {}, link(`/game/${g.number}`, `${g.number}: ${g.white.name} – ${g.black.name}`))));
    const entered = ev.entrants.some((e) => e.name === app.fics.name && !e.withdrawn);
    fill(
      mine,
      ev.status === 'finished'
        ? null
        : entered
          ? h('button', { type: 'button', id: 'tourney-leave', onclick: () => void act('leave') }, t('leave'))
          : h('button', { type: 'button', id: 'tourney-join', onclick: () => void act('join') }, t('join')),
    );
    if (ev.status === 'finished') clearInterval(timer);
  };
  const timer = setInterval(() => void poll(), POLL_MS);
  void poll();
  const stop = app.live.listen((c) => {
    if (c.kind === 'end' || c.kind === 'login' || c.kind === 'logout') void poll();
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
