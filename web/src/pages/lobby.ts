// `/`: log in, the seeks, a form to seek or challenge, the challenges, the
// live games on small boards, the players online, the tournaments, and a
// console.

import { App, Page } from '../app';
import { api, fill, h, link } from '../dom';
import { t } from '../i18n';
import { makeBoard } from '../board';
import { consolePanel } from './console';

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
  turn: string;
  tourney: { id: number } | null;
}
interface ApiWho {
  players: { name: string; titles: string[]; rating: string; status: string; game: number | null }[];
}
interface ApiTourney {
  id: number;
  name: string;
  format: string;
  status: string;
  players: number;
  round: number;
  time_control: { minutes: number; increment: number };
}

const POLL_MS = 4000;

export function lobby(app: App): Page {
  const loginBox = h('section', { class: 'panel login', id: 'login' });
  const seeks = h('tbody', { id: 'seeks' });
  const offers = h('div', { id: 'offers' });
  const games = h('div', { class: 'games', id: 'games' });
  const who = h('ul', { class: 'who', id: 'who' });
  const tourneys = h('ul', { id: 'tourneys' });
  const notice = h('p', { class: 'notice', id: 'lobby-notice', 'aria-live': 'polite' });
  const cons = consolePanel(app);

  const drawLogin = () => {
    if (app.fics.loggedIn) {
      fill(loginBox);
      loginBox.hidden = true;
      return;
    }
    loginBox.hidden = false;
    const name = h('input', { type: 'text', id: 'login-name', autocomplete: 'username', 'aria-label': t('name'), placeholder: t('name') });
    const pw = h('input', { type: 'password', id: 'login-password', autocomplete: 'current-password', 'aria-label': t('password'), placeholder: t('password') });
    const form = h('form', {}, name, pw, h('button', { type: 'submit' }, t('login')));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      if (name.value.trim()) void app.login(name.value.trim(), pw.value);
    });
    fill(
      loginBox,
      h('button', { type: 'button', id: 'guest', class: 'big', onclick: () => void app.login('guest', '') }, t('guest')),
      form,
    );
  };

  const drawSeeks = () => {
    const list = [...app.live.seeks.values()].sort((a, b) => a.index - b.index);
    if (!list.length) {
      fill(seeks, h('tr', {}, h('td', { colspan: 6 }, t('noSeeks'))));
      return;
    }
    fill(
      seeks,
      ...list.map((s) => {
        const action = s.own
          ? h('button', { type: 'button', onclick: () => void app.fics.command(`unseek ${s.index}`) }, t('cancel'))
          : h('button', { type: 'button', class: 'play', onclick: () => void play(s.index) }, t('play'));
        return h(
          'tr',
          { 'data-seek': s.index, 'data-name': s.name },
          h('td', {}, s.name),
          h('td', {}, s.rating),
          h('td', {}, `${s.minutes} + ${s.increment}`),
          h('td', {}, s.rated ? t('rated') : '–'),
          h('td', {}, s.color === 'W' ? t('white') : s.color === 'B' ? t('black') : ''),
          h('td', {}, action),
        );
      }),
    );
  };

  const play = async (index: number) => {
    const reply = await app.fics.command(`play ${index}`);
    if (reply && !/Creating:/.test(reply)) fill(notice, reply.trim());
  };

  const drawOffers = () => {
    const list = [...app.live.offers.values()].filter((o) => o.kind === 'match');
    fill(
      offers,
      ...list.map((o) =>
        h(
          'div',
          { class: 'offer', 'data-offer': o.id },
          h('span', {}, o.toMe ? `${o.who}: ${o.params}` : `→ ${o.who}: ${o.params}`),
          ' ',
          o.toMe
            ? [
                h('button', { type: 'button', class: 'accept', onclick: () => void app.fics.command(`accept ${o.id}`) }, t('accept')),
                ' ',
                h('button', { type: 'button', onclick: () => void app.fics.command(`decline ${o.id}`) }, t('decline')),
              ].reduce((span, el) => (span.append(el), span), h('span', {}))
            : h('button', { type: 'button', onclick: () => void app.fics.command(`withdraw ${o.id}`) }, t('withdraw')),
        ),
      ),
    );
  };

  // The form: a seek for anyone, or a challenge when a name is given.
  const minutes = h('input', { type: 'number', id: 'seek-minutes', min: 0, max: 999, value: 3, 'aria-label': t('minutes') });
  const inc = h('input', { type: 'number', id: 'seek-inc', min: 0, max: 999, value: 0, 'aria-label': t('increment') });
  const rated = h('input', { type: 'checkbox', id: 'seek-rated' });
  const color = h(
    'select',
    { id: 'seek-color', 'aria-label': t('color') },
    h('option', { value: '' }, t('anyColor')),
    h('option', { value: 'white' }, t('white')),
    h('option', { value: 'black' }, t('black')),
  );
  const opponent = h('input', { type: 'text', id: 'challenge-name', placeholder: t('opponent'), 'aria-label': t('opponent') });
  const terms = () => `${Number(minutes.value) || 0} ${Number(inc.value) || 0} ${rated.checked ? 'rated' : 'unrated'}${color.value ? ' ' + color.value : ''}`;
  const say = (reply: string) => fill(notice, reply.split('\n').filter((l) => l && !l.startsWith('<')).join(' '));
  const seekForm = h(
    'form',
    { class: 'seek-form' },
    h('label', {}, t('minutes'), ' ', minutes),
    h('label', {}, t('increment'), ' ', inc),
    h('label', {}, rated, ' ', t('rated')),
    h('label', {}, t('color'), ' ', color),
    h('button', { type: 'submit', id: 'seek-button' }, t('seek')),
    h('span', { class: 'or' }, opponent, h('button', { type: 'button', id: 'challenge-button', onclick: async () => {
      if (!opponent.value.trim()) return;
      if (!(await app.ensureSession())) return;
      say(await app.fics.command(`match ${opponent.value.trim()} ${terms()}`));
    } }, t('challenge'))),
  );
  seekForm.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (!(await app.ensureSession())) return;
    say(await app.fics.command(`seek ${terms()}`));
  });

  // Lists from the API, polled while the lobby shows.
  const boards = new Map<number, ReturnType<typeof makeBoard>>();
  const poll = async () => {
    const [g, w, tl] = await Promise.all([
      api<{ games: ApiGame[] }>('/api/games'),
      api<ApiWho>('/api/who'),
      api<{ tourneys: ApiTourney[] }>('/api/tourneys'),
    ]);
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
            h('small', {}, `${game.time_control.minutes} + ${game.time_control.increment}${game.rated ? ' ' + t('rated') : ''}`),
          ),
        );
      }
      for (const [n, b] of boards) if (!seen.has(n)) (b.api.destroy(), boards.delete(n));
      if (cards.length) fill(games, ...cards);
      else fill(games, h('p', {}, t('noGames')));
    }
    if (w) fill(who, ...w.players.map((p) => h('li', {}, h('span', { class: 'rating' }, p.rating), ' ', link(`/player/${p.name}`, p.name), p.game ? h('small', {}, ' ', link(`/game/${p.game}`, `#${p.game}`)) : null)));
    if (tl) {
      const open = tl.tourneys.filter((x) => x.status !== 'finished');
      fill(tourneys, ...(open.length ? open.map((x) => h('li', {}, link(`/tourney/${x.id}`, `${x.name}`), ` ${x.format}, ${x.time_control.minutes} + ${x.time_control.increment}, ${x.status}`)) : [h('li', {}, t('noTourneys'))]));
    }
  };
  void poll();
  const timer = setInterval(() => void poll(), POLL_MS);

  const stop = app.live.listen((c) => {
    if (c.kind === 'seeks') drawSeeks();
    if (c.kind === 'offers') drawOffers();
    if (c.kind === 'login' || c.kind === 'logout') {
      void poll();
      drawLogin();
      drawSeeks();
      drawOffers();
    }
  });
  drawLogin();
  drawSeeks();
  drawOffers();

  fill(
    app.main,
    h(
      'div',
      { class: 'lobby' },
      loginBox,
      h(
        'section',
        { class: 'panel seeks' },
        h('h2', {}, t('seeks')),
        h('table', {}, seeks),
        h('h3', {}, t('newGame')),
        seekForm,
        notice,
        h('h3', {}, t('challenges')),
        offers,
      ),
      h('section', { class: 'panel' }, h('h2', {}, t('liveGames')), games),
      h('section', { class: 'panel' }, h('h2', {}, t('players')), who),
      h('section', { class: 'panel' }, h('h2', {}, t('tourneys')), tourneys),
      cons.el,
    ),
  );
  return {
    leave() {
      clearInterval(timer);
      stop();
      cons.leave();
      for (const b of boards.values()) b.api.destroy();
    },
  };
}
