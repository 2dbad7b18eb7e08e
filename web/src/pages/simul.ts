// `/simul`: the exhibitor's page. Every board of the simul I give at
// once, a small board each with its opponent, the clocks and, at the end,
// the result; the boards where it is my move stand out. A move is made on
// the board it is for: the page first sends the exhibitor to that board
// (`gonum N`, where the server takes moves) and then the move, one board
// at a time. The console stays below, for `simmatch NAME` and the rest.

import type { Key } from '@lichess-org/chessground/types';
import type { App, Page } from '../app';
import { fill, h } from '../dom';
import { lang } from '../i18n';
import { Board, boardFen, clockText, explodedSquares, lastMoveSquares, pieceAt } from '../position';
import { BoardView, legalDests, makeBoard } from '../board';
import { GameState, clockMs, runningSide } from '../state';
import { replyText } from '../client';
import { simulToMove } from '../simul';
import { consolePanel } from './console';

/** This page's own words (kept here, beside the page, in both languages). */
const WORDS = {
  en: {
    title: 'Simul',
    none: 'No simul board yet: type "simopen" in the console, and "simmatch NAME" to take a board someone asks for.',
    playing: (open: number, all: number) => `${open} of ${all} boards in play.`,
    over: 'The simul is over.',
    yourMove: 'Your move',
    board: (n: number) => `Board ${n}`,
  },
  fr: {
    title: 'Simultanée',
    none: "Pas encore d'échiquier : tapez « simopen » dans la console, puis « simmatch NOM » pour prendre l'échiquier qu'on vous demande.",
    playing: (open: number, all: number) => `${open} échiquiers en jeu sur ${all}.`,
    over: 'La simultanée est terminée.',
    yourMove: 'À vous de jouer',
    board: (n: number) => `Échiquier ${n}`,
  },
};

const words = () => WORDS[lang()];

interface Cell {
  g: GameState;
  el: HTMLElement;
  view: BoardView;
  clocks: HTMLElement;
  turn: HTMLElement;
  result: HTMLElement;
  note: HTMLElement;
}

export function simulPage(app: App): Page {
  const m = app.model;
  const w = words();
  app.setTitle(w.title);
  const status = h('p', { class: 'status', id: 'simul-status', 'aria-live': 'polite' });
  const grid = h('div', { class: 'simul-grid', id: 'simul-grid' });
  const cons = consolePanel(app);
  const cells = new Map<GameState, Cell>();
  /** Moves go one after another: each one's `gonum` must not overtake the one before. */
  let queue: Promise<void> = Promise.resolve();
  let ticker: number | null = null;

  const send = (cell: Cell, move: string) => {
    queue = queue.then(async () => {
      const at = await app.fics.command(`gonum ${cell.g.number}`);
      const r = at?.ok ? await app.fics.command(move) : at;
      if (!r?.ok) {
        fill(cell.note, replyText(r));
        drawCell(cell, null);
      } else fill(cell.note);
    });
  };

  const makeCell = (g: GameState, index: number): Cell => {
    // No premoves: the page plays a board's move only when that board is drawn on my move.
    const view = makeBoard({ orientation: 'white', coordinates: false, movable: { free: false, color: undefined }, premovable: { enabled: false } }, true);
    const clocks = h('span', { class: 'simul-clocks' });
    const turn = h('span', { class: 'simul-turn' });
    const result = h('p', { class: 'simul-result' });
    const note = h('p', { class: 'simul-note', 'aria-live': 'polite' });
    const el = h(
      'div',
      { class: 'simul-board', 'data-game': String(g.number), 'data-opponent': g.black },
      h('div', { class: 'simul-head' }, h('strong', {}, `${w.board(index)} · ${g.black}`), ' ', clocks, ' ', turn),
      view.el,
      result,
      note,
    );
    const cell: Cell = { g, el, view, clocks, turn, result, note };
    view.api.set({
      movable: {
        events: {
          after: (orig: Key, dest: Key) => {
            const b = g.board;
            if (!b) return;
            // A pawn reaching the last rank becomes a queen: a grid has no room to ask.
            const promo = pieceAt(b, orig) === 'P' && dest[1] === '8' ? '=q' : '';
            send(cell, `${orig}${dest}${promo}`);
          },
        },
      },
    });
    return cell;
  };

  const drawClocks = (cell: Cell) => {
    const b = cell.g.board;
    // An untimed board (a simul's, by default) has no clocks to show.
    if (!b || (b.minutes === 0 && b.increment === 0)) return fill(cell.clocks);
    fill(cell.clocks, `${clockText(clockMs(cell.g, 'white'))} – ${clockText(clockMs(cell.g, 'black'))}`);
  };

  const drawCell = (cell: Cell, previous: Board | null) => {
    const { g, view } = cell;
    const b = g.board;
    if (!b) return;
    const fen = boardFen(b);
    const mine = simulToMove(g);
    const last = lastMoveSquares(b);
    view.api.set({
      fen,
      turnColor: b.turn,
      lastMove: last ? (last as Key[]) : undefined,
      check: /\+$/.test(b.san) ? b.turn : false,
      movable: { color: g.end ? undefined : 'white', dests: mine ? legalDests(fen) : new Map() },
    });
    view.el.dataset.fen = fen;
    view.el.dataset.ply = String(b.ply);
    if (previous) {
      const blown = explodedSquares(previous, b);
      if (blown.length) view.blast(blown, 'white');
    }
    cell.el.classList.toggle('to-move', mine);
    fill(cell.turn, mine ? w.yourMove : '');
    if (g.end) {
      view.api.set({ movable: { color: undefined, dests: new Map() } });
      cell.el.dataset.result = g.end.result;
      cell.el.classList.add('ended');
      fill(cell.result, h('strong', { class: 'simul-score' }, g.end.result), ' ', h('span', { class: 'simul-reason' }, g.end.reason));
    }
    drawClocks(cell);
  };

  const drawStatus = () => {
    const all = m.simulGames.length;
    const open = m.simulGames.filter((g) => !g.end).length;
    fill(status, all === 0 ? w.none : open === 0 ? w.over : w.playing(open, all));
    // The clocks tick here only while one of them runs (a simul is often untimed).
    const running = m.simulGames.some((g) => runningSide(g));
    if (running && ticker === null) ticker = window.setInterval(() => cells.forEach(drawClocks), 500);
    if (!running && ticker !== null) {
      window.clearInterval(ticker);
      ticker = null;
    }
  };

  const drawAll = () => {
    for (const [g, cell] of cells) {
      if (!m.simulGames.includes(g)) {
        cell.view.api.destroy();
        cell.el.remove();
        cells.delete(g);
      }
    }
    m.simulGames.forEach((g, i) => {
      let cell = cells.get(g);
      if (!cell) {
        cell = makeCell(g, i + 1);
        cells.set(g, cell);
        grid.appendChild(cell.el);
        drawCell(cell, null);
      }
    });
    drawStatus();
  };

  fill(app.main, h('section', { class: 'panel simul-page' }, h('h2', { id: 'simul-title' }, w.title), status, grid), cons.el);
  drawAll();

  const stop = m.listen((c) => {
    if (c.kind === 'simul') drawAll();
    if (c.kind === 'game') {
      const cell = cells.get(c.game);
      if (!cell) return;
      if (c.what === 'board' || c.what === 'end') drawCell(cell, c.what === 'board' ? c.previous : null);
      drawStatus();
    }
  });

  return {
    leave: () => {
      stop();
      cons.leave();
      if (ticker !== null) window.clearInterval(ticker);
      for (const cell of cells.values()) cell.view.api.destroy();
    },
    showsGame: (g) => m.simulGames.includes(g),
  };
}
