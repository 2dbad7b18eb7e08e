// `/player/{name}`: titles, the atomic rating and record, online or not,
// and the last games with their PGN.

import { App, Page } from '../app';
import { api, fill, h, link } from '../dom';
import { t } from '../i18n';

interface ApiPlayerPage {
  name: string;
  titles: string[];
  registered: boolean;
  online: boolean;
  status?: string;
  game?: number | null;
  ratings?: { atomic: { rating: number | null; rd: number; provisional: boolean; wins: number; losses: number; draws: number; games: number } };
  last_games?: { id: number; white: string; black: string; white_rating: string; black_rating: string; rated: boolean; time_control: { minutes: number; increment: number }; result: string; reason: string; ended_at: number }[];
}

export function player(app: App, params: string[]): Page {
  const name = params[0];
  const el = h('section', { class: 'panel player', id: 'player' }, h('h2', {}, name));
  fill(app.main, el);
  void (async () => {
    const p = await api<ApiPlayerPage>(`/api/players/${encodeURIComponent(name)}`);
    if (!p) return fill(el, h('h2', {}, name), h('p', {}, t('noSuchPlayer')));
    const r = p.ratings?.atomic;
    fill(
      el,
      h('h2', {}, p.name),
      h('p', {}, `${t('titles')}: ${p.titles.length ? p.titles.join(', ') : '–'}. `, p.online ? t('online') : t('offline'), p.game ? h('span', {}, ' ', link(`/game/${p.game}`, `#${p.game}`)) : null),
      r
        ? h(
            'table',
            { id: 'ratings' },
            h('thead', {}, h('tr', {}, h('th', {}, ''), h('th', {}, t('rating')), h('th', {}, 'RD'), h('th', {}, t('wins')), h('th', {}, t('losses')), h('th', {}, t('draws')), h('th', {}, t('games')))),
            h('tbody', {}, h('tr', {}, h('td', {}, 'Atomic'), h('td', {}, r.rating === null ? '----' : `${r.rating}${r.provisional ? 'P' : ''}`), h('td', {}, r.rd), h('td', {}, r.wins), h('td', {}, r.losses), h('td', {}, r.draws), h('td', {}, r.games))),
          )
        : null,
      h('h3', {}, t('recentGames')),
      h(
        'ul',
        { id: 'recent' },
        ...(p.last_games ?? []).map((g) =>
          h(
            'li',
            {},
            `${g.white} (${g.white_rating}) – ${g.black} (${g.black_rating}) `,
            h('strong', {}, g.result),
            ` ${g.reason}, ${g.time_control.minutes} + ${g.time_control.increment}${g.rated ? ' ' + t('rated') : ''} `,
            h('a', { href: `/api/history/${g.id}.pgn`, class: 'pgn' }, 'PGN'),
          ),
        ),
      ),
    );
  })();
  return { leave() {} };
}
