// `/player/{name}`: titles, online or not (and the game being played),
// the atomic rating and record with its graph over time (and Atomic960's
// line once there is one: the graph stays atomic's), and the last
// games, newest first, with their dates, each a link to its page, its PGN
// and its computer analysis.

import { App, Page } from '../app';
import { api, fill, h, link } from '../dom';
import { t } from '../i18n';
import { ratingGraph } from '../graph';
import { dateText, termsText, titleWord } from '../words';

interface RatingLine {
  rating: number | null;
  rd: number;
  provisional: boolean;
  wins: number;
  losses: number;
  draws: number;
  games: number;
}

interface ApiPlayerPage {
  name: string;
  titles: string[];
  registered: boolean;
  online: boolean;
  status?: string;
  game?: number | null;
  // Atomic960's line is there once the player has a rated game of it.
  ratings?: { atomic?: RatingLine; atomic960?: RatingLine };
  rating_history?: { at: number; rating: number }[];
  last_games?: { id: number; white: string; black: string; white_rating: string; black_rating: string; rated: boolean; time_control: { minutes: number; increment: number }; result: string; reason: string; ended_at: number }[];
}

export function player(app: App, params: string[]): Page {
  const name = params[0];
  const el = h('section', { class: 'panel player', id: 'player' }, h('h2', {}, name));
  app.setTitle(name);
  fill(app.main, el);
  void (async () => {
    const p = await api<ApiPlayerPage>(`/api/players/${encodeURIComponent(name)}`);
    if (!p) return fill(el, h('h2', {}, name), h('p', {}, t('noSuchPlayer')));
    const lines = (['atomic', 'atomic960'] as const).flatMap((v) => {
      const r = p.ratings?.[v];
      return r ? [{ variant: v, r }] : [];
    });
    const facts: (HTMLElement | string)[] = [];
    if (p.titles.length) facts.push(`${t('titles')}: ${p.titles.map(titleWord).join(', ')}. `);
    facts.push(h('span', { id: 'presence' }, p.online ? t('isOnline') : t('isOffline')));
    if (p.game) facts.push(' ', link(`/game/${p.game}`, `${t('playingGame')} ${p.game}`));
    const games = [...(p.last_games ?? [])].sort((a, b) => b.ended_at - a.ended_at || b.id - a.id);
    fill(
      el,
      h('h2', {}, p.name),
      h('p', { class: 'facts' }, ...facts),
      lines.length
        ? h(
            'table',
            { id: 'ratings' },
            h('thead', {}, h('tr', {}, ...['', t('rating'), 'RD', t('wins'), t('losses'), t('draws'), t('games')].map((x) => h('th', { scope: 'col' }, x)))),
            h(
              'tbody',
              {},
              ...lines.map(({ variant, r }) =>
                h('tr', { 'data-variant': variant }, h('th', { scope: 'row' }, t(variant)), h('td', {}, r.rating === null ? '----' : `${r.rating}${r.provisional ? 'P' : ''}`), h('td', {}, r.rd), h('td', {}, r.wins), h('td', {}, r.losses), h('td', {}, r.draws), h('td', {}, r.games)),
              ),
            ),
          )
        : null,
      p.rating_history && p.rating_history.length > 1 ? h('figure', { class: 'graph', id: 'rating-graph' }, ratingGraph(p.rating_history), h('figcaption', {}, t('ratingOverTime'))) : null,
      h('h3', {}, t('recentGames')),
      games.length
        ? h(
            'ul',
            { id: 'recent' },
            ...games.map((g) =>
              h(
                'li',
                { 'data-game': g.id },
                h('time', { datetime: new Date(g.ended_at * 1000).toISOString() }, dateText(g.ended_at)),
                ' ',
                link(`/history/${g.id}`, `${g.white} (${g.white_rating}) – ${g.black} (${g.black_rating})`),
                ' ',
                h('strong', {}, g.result),
                ` ${g.reason}, ${termsText(g.time_control.minutes, g.time_control.increment, g.rated)} `,
                h('a', { href: `/api/history/${g.id}.pgn`, class: 'pgn' }, 'PGN'),
                ' ',
                // A page of its own (not the shell's): a plain link.
                h('a', { href: `/analysis/${g.id}`, class: 'analysis-link' }, t('analysis')),
              ),
            ),
          )
        : h('p', { id: 'recent-none' }, t('noGamesYet')),
    );
  })();
  return { leave() {} };
}
