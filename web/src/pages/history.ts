// `/history/{id}`: a finished game for good, whatever became of its live
// number: the players, the result and why, the date, the moves to step
// through (a click, or the arrow keys) with every explosion, its PGN, its
// address to share, and its computer analysis.

import type { Key } from '@lichess-org/chessground/types';
import { App, Page } from '../app';
import { api, fill, h, link } from '../dom';
import { t } from '../i18n';
import { makeBoard } from '../board';
import { clockText } from '../position';
import { Replay } from '../replay';
import { moveList } from '../movelist';
import { dateText, ratingTitle, termsText, variantText } from '../words';
import { analyseBox } from './analyse';

interface ApiHistory {
  id: number;
  white: { name: string; rating: string };
  black: { name: string; rating: string };
  time_control: { minutes: number; increment: number };
  rated: boolean;
  start_fen: string | null;
  /** `atomic960` for an Atomic960 game (its start keeps Shredder castling letters), with its start's number. */
  variant?: string;
  chess960?: number;
  started_at: number;
  ended_at: number | null;
  result: string;
  reason: string;
  clocks: { white_ms: number; black_ms: number };
  moves: { san: string }[];
}

export function historyPage(app: App, params: string[]): Page {
  const id = Number(params[0]);
  const view = makeBoard({ viewOnly: true });
  const head = h('div', { id: 'history-head' }, h('h2', {}, `${t('game')} #${id}`));
  const names = { top: h('div', { class: 'side-name', id: 'name-top' }), bottom: h('div', { class: 'side-name', id: 'name-bottom' }) };
  const clocks = { top: h('div', { class: 'clock', id: 'clock-top' }), bottom: h('div', { class: 'clock', id: 'clock-bottom' }) };
  const share = h('div', { class: 'share', id: 'share' });
  let game: ApiHistory | null = null;
  let replay = new Replay(new Map(), new Map());
  let current = 0;
  let orientation: 'white' | 'black' = 'white';
  app.setTitle(`${t('game')} #${id}`);

  const show = (ply: number) => {
    const target = Math.max(replay.first, Math.min(replay.last, ply));
    const step = replay.at(target);
    if (!step) return;
    const forward = target === current + 1;
    current = target;
    view.api.set({
      fen: step.fen,
      orientation,
      turnColor: step.fen.split(' ')[1] === 'b' ? 'black' : 'white',
      lastMove: step.from && step.to ? ([step.from, step.to] as Key[]) : undefined,
    });
    view.el.dataset.ply = String(current);
    view.el.dataset.fen = step.fen;
    if (forward && step.blown.length) view.blast(step.blown, orientation);
    list.draw(replay.sans, current);
  };
  const list = moveList(show, () => ({ first: replay.first, last: replay.last, current }));

  const nav = h(
    'div',
    { class: 'actions', id: 'replay-nav' },
    h('button', { type: 'button', id: 'btn-first', 'aria-label': t('first'), onclick: () => show(replay.first) }, '«'),
    h('button', { type: 'button', id: 'btn-prev', 'aria-label': t('previous'), onclick: () => show(current - 1) }, '◀'),
    h('button', { type: 'button', id: 'btn-next', 'aria-label': t('next'), onclick: () => show(current + 1) }, '▶'),
    h('button', { type: 'button', id: 'btn-last', 'aria-label': t('last'), onclick: () => show(replay.last) }, '»'),
    h('button', { type: 'button', id: 'btn-flip', onclick: () => {
      orientation = orientation === 'white' ? 'black' : 'white';
      drawSides();
      show(current);
    } }, t('flip')),
  );

  const drawSides = () => {
    if (!game) return;
    const side = (c: 'white' | 'black') => {
      const p = game![c];
      return h('span', {}, link(`/player/${p.name}`, p.name), h('span', { class: 'rating', title: ratingTitle(p.rating) }, ` (${p.rating})`));
    };
    const top = orientation === 'white' ? 'black' : 'white';
    fill(names.bottom, side(orientation));
    fill(names.top, side(top));
    fill(clocks.bottom, clockText(orientation === 'white' ? game.clocks.white_ms : game.clocks.black_ms));
    fill(clocks.top, clockText(top === 'white' ? game.clocks.white_ms : game.clocks.black_ms));
  };

  void (async () => {
    const g = await api<ApiHistory>(`/api/history/${id}`);
    if (!g) return fill(head, h('h2', {}, `${t('game')} #${id}`), h('p', {}, t('noSuchFinishedGame')));
    game = g;
    const sans = new Map(g.moves.map((m, i) => [i + 1, m.san] as [number, string]));
    replay = new Replay(sans, new Map(), g.start_fen);
    fill(
      head,
      h('h2', {}, `${g.white.name} – ${g.black.name}`),
      h('p', { class: 'result' }, h('strong', { id: 'result-score' }, g.result), ' ', h('span', { id: 'result-reason' }, g.reason)),
      h('p', {}, `${termsText(g.time_control.minutes, g.time_control.increment, g.rated)}. `, h('time', { datetime: new Date(g.started_at * 1000).toISOString() }, dateText(g.started_at))),
      g.variant === 'atomic960' ? h('p', { class: 'variant', id: 'game-variant' }, variantText(g.variant, g.chess960 ?? null)) : '',
    );
    const address = `${location.origin}/history/${id}`;
    const field = h('input', { type: 'text', id: 'share-link', readonly: true, value: address, 'aria-label': t('shareLink') });
    field.addEventListener('focus', () => field.select());
    const copied = h('span', { class: 'notice', id: 'share-copied' });
    fill(
      share,
      h('label', {}, t('shareLink'), ' ', field),
      h('button', { type: 'button', id: 'share-copy', onclick: async () => {
        field.select();
        try {
          await navigator.clipboard.writeText(address);
          fill(copied, t('copied'));
        } catch {
          fill(copied, t('copyByHand'));
        }
      } }, t('copy')),
      copied,
      ' ',
      h('a', { href: `/api/history/${id}.pgn`, class: 'pgn', id: 'pgn-link', download: `atomicd-${id}.pgn` }, t('downloadPgn')),
      h('p', {}, analyseBox(app, id)),
    );
    drawSides();
    show(replay.last);
  })();

  fill(
    app.main,
    h(
      'div',
      { class: 'game-page history-page' },
      h('div', { class: 'board-col' }, h('div', { class: 'player-bar' }, names.top, clocks.top), view.el, h('div', { class: 'player-bar' }, names.bottom, clocks.bottom), nav),
      h('div', { class: 'side-col' }, head, h('h3', {}, t('moves')), list.el, share),
    ),
  );
  return {
    leave() {
      list.leave();
      view.api.destroy();
    },
  };
}
