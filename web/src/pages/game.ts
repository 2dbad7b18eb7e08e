// `/game/{n}`: a live game for its players and its observers, or a game
// being examined. Everything shown comes from the model's `GameState`
// (boards, clocks, moves, end, talk) and the offers; the page follows one
// game: when it has ended, a later game under the same number is not it.
// Each capture explodes on the board, then the board shows the server's
// position; the clocks tick here from the time of the last board.

import type { Key } from '@lichess-org/chessground/types';
import { App, Page } from '../app';
import { api, fill, h, link } from '../dom';
import { lang, t, tf } from '../i18n';
import { Board, boardFen, clockText, explodedSquares, lastMoveSquares, pieceAt, plyOf } from '../position';
import { legalDests, makeBoard, typedMove } from '../board';
import { GameState, clockMs, myColor, runningSide } from '../state';
import { Replay } from '../replay';
import { moveList } from '../movelist';
import { ownOfferWord, offerWord, watchersText, ratingTitle, variantText } from '../words';
import { analyseBox } from './analyse';
import { chatPanel } from './chat';
import { confirmButton } from './confirm';

interface ApiGame {
  number: number;
  id?: number;
  rated: boolean;
  white: { name: string; rating: string };
  black: { name: string; rating: string };
  moves: { san: string }[];
  observers: number;
  tourney: { id: number; name: string; round: number } | null;
  /** The position before the first move, when it is not the usual one (an Atomic960 start). */
  start_fen?: string;
}

interface ApiHistory {
  clocks: { white_ms: number; black_ms: number };
}

export function game(app: App, params: string[]): Page {
  const n = Number(params[0]);
  const m = app.model;
  const view = makeBoard({ viewOnly: false, movable: { free: false, color: undefined } });
  const title = h('h2', { id: 'game-title' }, `${t('game')} ${n}`);
  const status = h('p', { class: 'status', id: 'game-status', 'aria-live': 'polite' });
  const watchers = h('p', { class: 'watchers', id: 'watchers' });
  const variantEl = h('p', { class: 'variant', id: 'game-variant' });
  const topClock = h('div', { class: 'clock', id: 'clock-top' });
  const bottomClock = h('div', { class: 'clock', id: 'clock-bottom' });
  const topName = h('div', { class: 'side-name', id: 'name-top' });
  const bottomName = h('div', { class: 'side-name', id: 'name-bottom' });
  const result = h('p', { class: 'result', id: 'result', 'aria-live': 'polite' });
  const offersEl = h('div', { class: 'offers', id: 'game-offers' });
  const actions = h('div', { class: 'actions', id: 'actions' });
  const after = h('div', { class: 'actions', id: 'after' });
  const promo = h('div', { class: 'promotion', id: 'promotion', hidden: true });
  const browsing = h('p', { class: 'browsing', id: 'browsing', hidden: true });
  app.setTitle(`${t('game')} ${n}`);

  /** The game this page follows; null until its first board. */
  let g: GameState | null = null;
  let info: ApiGame | null = null;
  let orientation: 'white' | 'black' = 'white';
  let oriented = false;
  /** The ply shown while stepping through the moves; null: the game as it stands. */
  let viewing: number | null = null;
  let left = false;
  /** The finished game's "Computer analysis", kept across redraws (its answer and link stay). */
  let analyse: { id: number; el: HTMLElement } | null = null;
  const french = lang() === 'fr';
  const me = () => m.session.name;
  const cur = (): Board | null => g?.board ?? null;
  const mine = () => (g ? myColor(g, me()) : null);
  /** The game's database id (its lasting address once it ends): the boards carry it, the API too. */
  const dbId = (): number | null => g?.board?.dbId ?? info?.id ?? null;
  const examining = () => !!g?.examining && !g.end;
  const playing = () => !!mine() && !g?.end;
  // The moves' positions, worked out again only when the game has changed.
  let memo: { key: string; r: Replay } | null = null;
  const replay = () => {
    const key = g ? `${g.serial}:${g.sans.size}:${g.fens.size}:${g.board ? plyOf(g.board) : -1}` : '';
    if (!memo || memo.key !== key) memo = { key, r: new Replay(g?.sans ?? new Map(), g?.fens ?? new Map(), info?.start_fen ?? null) };
    return memo.r;
  };

  const list = moveList(
    (ply) => browse(ply),
    () => {
      const r = replay();
      return { first: r.first, last: r.last, current: viewing ?? r.last };
    },
  );

  const drawMoves = () => list.draw(g?.sans ?? new Map(), viewing ?? replay().last);

  const drawClocks = () => {
    if (!g?.board) return;
    // An examined game (an example position, a game looked at again) has no clocks.
    topClock.hidden = bottomClock.hidden = g.examining || (g.board.relation === 2 || g.board.relation === -2);
    const running = runningSide(g);
    const top = orientation === 'white' ? 'black' : 'white';
    fill(bottomClock, clockText(clockMs(g, orientation)));
    fill(topClock, clockText(clockMs(g, top)));
    bottomClock.classList.toggle('running', running === orientation);
    topClock.classList.toggle('running', running === top);
  };

  const drawNames = () => {
    const b = cur();
    if (!b) return;
    const label = (c: 'white' | 'black') => {
      const name = c === 'white' ? b.white : b.black;
      // The boards carry the ratings; the API's are for a board without them.
      const fromApi = info && info.white.name === b.white ? (c === 'white' ? info.white.rating : info.black.rating) : '';
      const rating = (c === 'white' ? b.whiteRating : b.blackRating) || fromApi;
      return h('span', {}, link(`/player/${name}`, name), rating ? h('span', { class: 'rating', title: ratingTitle(rating) }, ` (${rating})`) : '');
    };
    fill(bottomName, label(orientation));
    fill(topName, label(orientation === 'white' ? 'black' : 'white'));
  };

  const drawTitle = () => {
    const b = cur();
    if (!b) return;
    const how = examining() ? ` (${t('examining')})` : g?.observing ? ` (${t('observing')})` : '';
    fill(title, `${t('game')} ${b.game}: ${b.white} – ${b.black}${how}`);
    fill(variantEl, variantText(b.variant, b.chess960));
    if (info?.tourney) title.append(' ', h('small', {}, link(`/tourney/${info.tourney.id}`, `${info.tourney.name}, ${t('round').toLowerCase()} ${info.tourney.round}`)));
  };

  const drawOffers = () => {
    const b = cur();
    const opponent = b ? (mine() === 'white' ? b.black : b.white) : '';
    const offers = playing() ? m.gameOffers(opponent) : [];
    fill(
      offersEl,
      ...offers.map((o) =>
        o.toMe
          ? h(
              'div',
              { class: 'offer', 'data-offer': o.id, 'data-kind': o.kind },
              `${o.who} ${offerWord(o.kind)} `,
              h('button', { type: 'button', class: 'accept', onclick: () => void app.client.accept(o.id) }, t('accept')),
              ' ',
              h('button', { type: 'button', class: 'decline', onclick: () => void app.client.decline(o.id) }, t('decline')),
            )
          : h('div', { class: 'offer mine', 'data-offer': o.id, 'data-kind': o.kind }, `${ownOfferWord(o.kind)} `, h('button', { type: 'button', onclick: () => void app.client.withdraw(o.id) }, t('withdraw'))),
      ),
    );
  };

  const say = (r: { ok: boolean; text: string }) => {
    if (r.text) fill(status, r.text);
  };
  const button = (label: string, id: string, act: () => Promise<{ ok: boolean; text: string }>) => h('button', { type: 'button', id, onclick: async () => say(await act()) }, label);

  const drawActions = () => {
    // Nothing to send while the page is reconnecting.
    if (!m.online) fill(actions);
    else if (examining()) {
      fill(
        actions,
        button(t('backward'), 'btn-backward', () => app.client.step(false)),
        button(t('forward'), 'btn-forward', () => app.client.step(true)),
        // Its end shows in the page's own words (the examination's end event), not the reply.
        h('button', { type: 'button', id: 'btn-unexamine', onclick: () => void app.client.unexamine() }, t('unexamine')),
      );
    } else if (playing()) {
      fill(
        actions,
        confirmButton(t('draw'), 'btn-draw', t('confirmDraw'), async () => say(await app.client.offer('draw'))),
        button(t('takeback'), 'btn-takeback', () => app.client.offer('takeback')),
        button(t('abort'), 'btn-abort', () => app.client.offer('abort')),
        button(t('adjourn'), 'btn-adjourn', () => app.client.offer('adjourn')),
        // The end of the game shows what happened: the reply adds nothing.
        confirmButton(t('resign'), 'btn-resign', t('confirmResign'), async () => void (await app.client.resign())),
      );
    } else fill(actions);
    actions.appendChild(h('button', { type: 'button', id: 'btn-flip', onclick: () => flip() }, t('flip')));
  };

  const flip = () => {
    orientation = orientation === 'white' ? 'black' : 'white';
    view.api.set({ orientation });
    drawNames();
    drawClocks();
  };

  /** The board as it stands (or at the ply being viewed), movable when it is mine to move. */
  const drawBoard = (previous: Board | null) => {
    const b = cur();
    if (!b || !g) return;
    if (viewing !== null) return browse(viewing);
    const fen = boardFen(b);
    const me = mine();
    const movable = examining() ? b.turn : g.end ? undefined : (me ?? undefined);
    const myTurn = movable !== undefined && b.turn === movable;
    const last = lastMoveSquares(b);
    view.api.set({
      fen,
      orientation,
      turnColor: b.turn,
      lastMove: last ? (last as Key[]) : undefined,
      check: /\+$/.test(b.san) ? b.turn : false,
      movable: { color: movable, dests: myTurn ? legalDests(fen, b.variant === 'atomic960') : new Map() },
      premovable: { enabled: !!me && !g.end },
    });
    view.el.dataset.fen = fen;
    view.el.dataset.ply = String(plyOf(b));
    delete view.el.dataset.viewing;
    if (previous) {
      const blown = explodedSquares(previous, b);
      if (blown.length) view.blast(blown, orientation);
    }
    if (myTurn && me) view.api.playPremove();
    browsing.hidden = true;
  };

  /** Shows the position after `ply` (a past one: the board does not move then). */
  const browse = (ply: number) => {
    if (!g) return;
    const r = replay();
    const target = Math.max(r.first, Math.min(r.last, ply));
    const before = viewing ?? r.last;
    viewing = target >= r.last ? null : target;
    if (viewing === null) {
      drawBoard(null);
      drawMoves();
      if (target === before + 1) {
        const blown = r.at(target)?.blown ?? [];
        if (blown.length) view.blast(blown, orientation);
      }
      return;
    }
    const step = r.at(viewing);
    if (!step) return;
    view.api.set({
      fen: step.fen,
      orientation,
      turnColor: step.fen.split(' ')[1] === 'b' ? 'black' : 'white',
      lastMove: step.from && step.to ? ([step.from, step.to] as Key[]) : undefined,
      check: false,
      movable: { color: undefined, dests: new Map() },
    });
    view.el.dataset.viewing = String(viewing);
    if (viewing === before + 1 && step.blown.length) view.blast(step.blown, orientation);
    fill(browsing, tf('viewingMove', String(viewing)), ' ', h('button', { type: 'button', id: 'btn-live', onclick: () => browse(Infinity) }, t('backToGame')));
    browsing.hidden = false;
    drawMoves();
  };

  const drawStatus = () => {
    const b = cur();
    const myTurn = !!b && playing() && b.turn === mine();
    if (myTurn) fill(status, t('yourMove'));
    else if (status.textContent === t('yourMove')) fill(status);
    if (g && !g.examining && !g.end && !mine() && !g.observing && b?.relation === 2) fill(status, t('examineOver'));
  };

  const drawEnd = () => {
    if (!g?.end) return fill(result);
    fill(result, h('strong', { id: 'result-score' }, g.end.result), ' ', h('span', { id: 'result-reason' }, g.end.reason));
    view.api.set({ movable: { color: undefined, dests: new Map() } });
    view.api.cancelPremove();
    const b = g.board;
    const items: (HTMLElement | string)[] = [];
    if (b && (b.white === me() || b.black === me()) && m.online) {
      const opp = b.white === me() ? b.black : b.white;
      const colour = b.white === me() ? 'black' : 'white';
      items.push(
        button(t('rematch'), 'btn-rematch', () => app.client.challenge(opp, { minutes: b.minutes, increment: b.increment, rated: !!info?.rated, color: colour, variant: b.variant })),
        button(t('examine'), 'btn-examine', () => app.client.examineLast()),
      );
      // A guest who has just played may want a name that keeps a rating:
      // the sign-up page, in a new tab so that this session lives on.
      if (!m.registered) {
        items.push(' ', h('a', { href: '/register', id: 'signup-link', target: '_blank', rel: 'noopener' }, t('signUpToKeep')));
      }
    }
    const id = dbId();
    if (id && g.end.result !== '*') {
      const permanent = link(`/history/${id}`, t('permanentPage'));
      permanent.id = 'history-link';
      if (analyse?.id !== id) analyse = { id, el: analyseBox(app, id) };
      items.push(
        permanent,
        ' ',
        h('a', { href: `/api/history/${id}.pgn`, class: 'pgn' }, 'PGN'),
        ' ',
        analyse.el,
      );
    }
    fill(after, ...items);
  };

  /** After the end: the clocks as the server stored them, and the game's lasting address. */
  const settle = async () => {
    const id = dbId();
    if (!g?.end || !id) return;
    drawEnd();
    // An adjourned game (a server shutdown, say) goes on later: no lasting page yet, nothing to ask a stopping server.
    if (g.end.result === '*') return;
    const h0 = await api<ApiHistory>(`/api/history/${id}`);
    if (h0 && g?.end && g.finalMs) {
      g.finalMs = { white: h0.clocks.white_ms, black: h0.clocks.black_ms };
      drawClocks();
    }
    if (location.pathname === `/game/${n}`) history.replaceState(null, '', `/history/${id}`);
  };

  const drawAll = (previous: Board | null) => {
    if (!g?.board) return;
    if (!oriented) {
      orientation = g.board.flip ? 'black' : 'white';
      oriented = true;
    }
    drawBoard(previous);
    drawMoves();
    drawTitle();
    drawStatus();
    drawNames();
    drawClocks();
    drawActions();
    drawOffers();
    drawEnd();
    chat.draw(g);
    // The server says how many watch whenever it changes; the API's count is for the pages before it did.
    if (g.observers !== null) fill(watchers, watchersText(g.observers));
    moveForm.hidden = !(playing() || examining()) || !m.online;
  };

  /** The live game's facts the boards do not carry: the moves before this page, its tournament, whether rated; the spectators until the server says. */
  const loadInfo = async () => {
    const a = await api<ApiGame>(`/api/games/${n}`);
    if (!a || left) return;
    // Another game under this number is not this page's.
    if (g?.board && (a.white.name !== g.white || a.black.name !== g.black || (g.end && a.id !== info?.id))) return;
    info = a;
    if (g && !g.end) {
      a.moves.forEach((mv, i) => {
        if (!g!.sans.has(i + 1) && i + 1 <= replay().last) g!.sans.set(i + 1, mv.san);
      });
    }
    if (g?.observers == null) fill(watchers, watchersText(a.observers));
    if (g) drawAll(null);
  };

  // A move made on the board: promotion asks for the piece first.
  view.api.set({
    movable: {
      events: {
        after: (orig: Key, dest: Key) => {
          const b = cur();
          if (!b) return;
          const piece = pieceAt(b, orig);
          if (piece.toLowerCase() === 'p' && (dest[1] === '8' || dest[1] === '1')) choosePromotion(orig, dest, piece === 'P');
          else void sendMove(`${orig}${dest}`);
        },
      },
    },
  });

  const sendMove = async (mv: string) => {
    const r = await app.client.move(mv);
    if (!r.ok) {
      say(r);
      drawBoard(null);
    }
  };

  const choosePromotion = (orig: string, dest: string, white: boolean) => {
    promo.hidden = false;
    const pick = (p: string) => {
      promo.hidden = true;
      void sendMove(`${orig}${dest}=${p}`);
    };
    const names: Record<string, string> = french ? { q: 'D', r: 'T', b: 'F', n: 'C' } : { q: 'Q', r: 'R', b: 'B', n: 'N' };
    fill(
      promo,
      h('span', {}, t('promoteTo'), ' '),
      ...['q', 'r', 'b', 'n'].map((p) => h('button', { type: 'button', class: `promote ${white ? 'white' : 'black'}`, 'data-piece': p, onclick: () => pick(p) }, names[p])),
    );
    (promo.querySelector('button') as HTMLButtonElement).focus();
  };

  // Typing a move: SAN (French letters on the French page) or coordinates.
  const moveInput = h('input', { type: 'text', id: 'move-input', placeholder: t('typeMove'), autocomplete: 'off', 'aria-label': t('typeMove') });
  const moveForm = h('form', { class: 'move-form', hidden: true }, moveInput);
  moveForm.addEventListener('submit', (e) => {
    e.preventDefault();
    const b = cur();
    if (!b) return;
    const typed = moveInput.value;
    const mv = typedMove(boardFen(b), typed, french, b.variant === 'atomic960');
    moveInput.value = '';
    if (mv) void sendMove(mv);
    else fill(status, tf('illegalMove', typed));
  });

  const chat = chatPanel(app, n);

  const adopt = (x: GameState) => {
    g = x;
    // An examined game is nobody's live game: the API does not know it.
    if (!info && !x.examining && !x.end) void loadInfo();
  };

  const stop = m.listen((c) => {
    if (c.kind === 'game' && c.game.number === n) {
      if (!g) adopt(c.game);
      if (c.game !== g) return;
      if (c.what === 'chat') return chat.draw(g);
      drawAll(c.previous);
      if (c.what === 'end') void settle();
    } else if (c.kind === 'offers') drawOffers();
    else if (c.kind === 'session') {
      // Logged in after the page opened (the password asked again, a guest chosen): begin now.
      if (!g && m.online && !beginning) void begin();
      else drawAll(null);
    }
  });

  // No polling: boards, the spectator count and the end come as the server's messages.
  const tick = setInterval(drawClocks, 100);

  let beginning = false;
  const begin = async () => {
    beginning = true;
    const ok = await app.session.ensure();
    beginning = false;
    if (!ok || left) return fill(status, t('notConnected'));
    const known = m.games.get(n);
    // The game I play or examine, or the game I watch.
    if (known && (m.myGame === n || known.observing) && !known.end) {
      adopt(known);
      drawAll(null);
      return;
    }
    // My own game, which the login said comes back: its board is on its way (observing it would be refused).
    if (m.session.loginGame === n && !known?.end) return;
    const a = await api<ApiGame>(`/api/games/${n}`);
    if (left) return;
    // A game of mine that ended (its page opened again) when no other game has its number yet.
    if (known?.end && !a) {
      adopt(known);
      drawAll(null);
      return;
    }
    if (!a) return fill(status, tf('noSuchGame', String(n)));
    const r = await app.client.observe(n);
    if (!r.ok && !g && !left) fill(status, r.text);
  };
  void begin();

  fill(
    app.main,
    h(
      'div',
      { class: 'game-page' },
      h('div', { class: 'board-col' }, h('div', { class: 'player-bar' }, topName, topClock), view.el, promo, h('div', { class: 'player-bar' }, bottomName, bottomClock), moveForm),
      h('div', { class: 'side-col' }, title, variantEl, watchers, status, result, offersEl, actions, after, h('h3', {}, t('moves')), browsing, list.el, chat.el),
    ),
  );
  return {
    leave() {
      left = true;
      stop();
      list.leave();
      clearInterval(tick);
      if (g?.observing && m.online) void app.client.unobserve(n);
      view.api.destroy();
    },
    showsGame: (x) => x === g,
    gameNumber: () => n,
  };
}
