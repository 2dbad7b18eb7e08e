// `/game/{n}`: a live game for its players and its observers, or a game
// being examined. The board follows the server's boards (style 12): each
// capture explodes on the board, then the board shows the server's
// position; the clocks tick here and are set again by every board.

import type { Key } from '@lichess-org/chessground/types';
import { App, Page } from '../app';
import { api, fill, h, link } from '../dom';
import { lang, t } from '../i18n';
import { Board, boardFen, clockText, explodedSquares, frenchSan, lastMoveSquares, pieceAt, plyOf } from '../parse';
import { legalDests, makeBoard, typedMove } from '../board';

interface ApiGame {
  number: number;
  rated: boolean;
  time_control: { minutes: number; increment: number };
  white: { name: string; rating: string };
  black: { name: string; rating: string };
  moves: { san: string }[];
  tourney: number | null;
}

const OFFER_WORDS: Record<string, 'offerDraw' | 'offerAbort' | 'offerAdjourn' | 'offerTakeback'> = {
  draw: 'offerDraw',
  abort: 'offerAbort',
  adjourn: 'offerAdjourn',
  takeback: 'offerTakeback',
};

export function game(app: App, params: string[]): Page {
  const n = Number(params[0]);
  const view = makeBoard({ viewOnly: false, movable: { free: false, color: undefined } });
  const title = h('h2', { id: 'game-title' }, `Game ${n}`);
  const status = h('p', { class: 'status', id: 'game-status', 'aria-live': 'polite' });
  const topClock = h('div', { class: 'clock', id: 'clock-top' });
  const bottomClock = h('div', { class: 'clock', id: 'clock-bottom' });
  const topName = h('div', { class: 'side-name', id: 'name-top' });
  const bottomName = h('div', { class: 'side-name', id: 'name-bottom' });
  const movesEl = h('ol', { class: 'moves', id: 'moves', 'aria-label': t('moves') });
  const result = h('p', { class: 'result', id: 'result', 'aria-live': 'polite' });
  const offersEl = h('div', { class: 'offers', id: 'game-offers' });
  const actions = h('div', { class: 'actions', id: 'actions' });
  const after = h('div', { class: 'actions', id: 'after' });
  const chatList = h('ul', { class: 'chat', id: 'chat' });
  const promo = h('div', { class: 'promotion', id: 'promotion', hidden: true });

  let cur: Board | null = null;
  let moves: string[] = [];
  let info: ApiGame | null = null;
  let orientation: 'white' | 'black' = 'white';
  let oriented = false;
  let observing = false;
  let ended = false;
  let clockAt = performance.now();
  const french = lang() === 'fr';

  const myColor = (): 'white' | 'black' | null => {
    if (!cur || ![1, -1].includes(cur.relation)) return null;
    return cur.white === app.fics.name ? 'white' : cur.black === app.fics.name ? 'black' : null;
  };
  const examining = () => cur?.relation === 2;

  const drawMoves = () => {
    const items: HTMLElement[] = [];
    for (let i = 0; i < moves.length; i += 2) {
      const li = h('li', {});
      for (const san of moves.slice(i, i + 2)) li.appendChild(h('span', { class: 'san' }, french ? frenchSan(san) : san));
      items.push(li);
    }
    fill(movesEl, ...items);
    movesEl.scrollTop = movesEl.scrollHeight;
  };

  const drawClocks = () => {
    if (!cur) return;
    const running = cur.ticking && !ended && [1, -1, 0].includes(cur.relation) ? cur.turn : null;
    const spent = performance.now() - clockAt;
    const ms = (c: 'white' | 'black') => (c === 'white' ? cur!.whiteMs : cur!.blackMs) - (running === c ? spent : 0);
    const bottom = orientation;
    const top = orientation === 'white' ? 'black' : 'white';
    fill(bottomClock, clockText(ms(bottom)));
    fill(topClock, clockText(ms(top)));
    bottomClock.classList.toggle('running', running === bottom);
    topClock.classList.toggle('running', running === top);
  };

  const drawNames = () => {
    if (!cur) return;
    const label = (c: 'white' | 'black') => {
      const name = c === 'white' ? cur!.white : cur!.black;
      const rating = info ? (c === 'white' ? info.white.rating : info.black.rating) : '';
      return h('span', {}, link(`/player/${name}`, name), rating ? ` (${rating})` : '');
    };
    fill(bottomName, label(orientation));
    fill(topName, label(orientation === 'white' ? 'black' : 'white'));
  };

  const drawOffers = () => {
    const opponent = cur ? (myColor() === 'white' ? cur.black : cur.white) : '';
    const mine = [...app.live.offers.values()].filter((o) => o.kind !== 'match' && o.who === opponent);
    fill(
      offersEl,
      ...mine.map((o) => {
        const word = OFFER_WORDS[o.kind] ? t(OFFER_WORDS[o.kind]) : o.kind;
        if (!o.toMe) return h('div', { class: 'offer mine' }, `→ ${o.kind} `, h('button', { type: 'button', onclick: () => void app.fics.command(`withdraw ${o.id}`) }, t('withdraw')));
        return h(
          'div',
          { class: 'offer', 'data-offer': o.id, 'data-kind': o.kind },
          `${o.who} ${word} `,
          h('button', { type: 'button', class: 'accept', onclick: () => void app.fics.command(`accept ${o.id}`) }, t('accept')),
          ' ',
          h('button', { type: 'button', onclick: () => void app.fics.command(`decline ${o.id}`) }, t('decline')),
        );
      }),
    );
  };

  const send = async (cmd: string) => {
    const reply = await app.fics.command(cmd);
    const text = reply.split('\n').filter((l) => l.trim() && !l.startsWith('<') && !l.startsWith('{Game')).join(' ');
    if (text) fill(status, text);
    if (/Illegal move|not your move|Ambiguous/.test(reply) && cur) apply(cur, null);
    return reply;
  };

  const button = (label: string, cmd: string, id: string) => h('button', { type: 'button', id, onclick: () => void send(cmd) }, label);

  const drawActions = () => {
    if (examining()) {
      fill(actions, button(t('backward'), 'backward', 'btn-backward'), button(t('forward'), 'forward', 'btn-forward'), button(t('unexamine'), 'unexamine', 'btn-unexamine'));
    } else if (myColor() && !ended) {
      fill(
        actions,
        button(t('draw'), 'draw', 'btn-draw'),
        button(t('takeback'), 'takeback', 'btn-takeback'),
        button(t('abort'), 'abort', 'btn-abort'),
        button(t('adjourn'), 'adjourn', 'btn-adjourn'),
        button(t('resign'), 'resign', 'btn-resign'),
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

  /** Sets the board to `b`; `previous` is the board before it, if this is the next move. */
  const apply = (b: Board, previous: Board | null) => {
    cur = b;
    clockAt = performance.now();
    if (!oriented) {
      orientation = b.flip ? 'black' : 'white';
      oriented = true;
    }
    const ply = plyOf(b);
    const next = previous && plyOf(previous) + 1 === ply;
    if (b.san !== 'none' && ply === moves.length + 1) moves.push(b.san);
    else if (ply < moves.length) moves = moves.slice(0, ply);
    else if (ply > moves.length && !examining()) void loadMoves();
    drawMoves();
    const fen = boardFen(b);
    const me = myColor();
    const movable = examining() ? b.turn : ended ? undefined : (me ?? undefined);
    const myTurn = movable !== undefined && b.turn === movable;
    const last = lastMoveSquares(b);
    view.api.set({
      fen,
      orientation,
      turnColor: b.turn,
      lastMove: last ? (last as Key[]) : undefined,
      check: /\+$/.test(b.san) ? b.turn : false,
      movable: { color: movable, dests: myTurn ? legalDests(fen) : new Map() },
      premovable: { enabled: !!me },
    });
    view.el.dataset.fen = fen;
    view.el.dataset.ply = String(ply);
    if (next) {
      const blown = explodedSquares(previous!, b);
      if (blown.length) view.blast(blown, orientation);
    }
    if (myTurn && me) view.api.playPremove();
    fill(title, `${t('games').replace(/s$/, '')} ${b.game}: ${b.white} – ${b.black}${b.relation === 0 ? ` (${t('observing')})` : b.relation === 2 ? ` (${t('examining')})` : ''}`);
    if (myTurn && !examining()) fill(status, t('yourMove'));
    else if (status.textContent === t('yourMove')) fill(status);
    drawNames();
    drawClocks();
    drawActions();
    drawOffers();
  };

  const loadMoves = async () => {
    const g = await api<ApiGame>(`/api/games/${n}`);
    if (!g) return;
    info = g;
    moves = g.moves.map((m) => m.san);
    if (cur && plyOf(cur) < moves.length) moves = moves.slice(0, plyOf(cur));
    drawMoves();
    drawNames();
  };

  // A move made on the board: promotion asks for the piece first.
  view.api.set({
    movable: {
      events: {
        after: (orig: Key, dest: Key) => {
          if (!cur) return;
          const piece = pieceAt(cur, orig);
          if (piece.toLowerCase() === 'p' && (dest[1] === '8' || dest[1] === '1')) choosePromotion(orig, dest, piece === 'P');
          else void send(`${orig}${dest}`);
        },
      },
    },
  });

  const choosePromotion = (orig: string, dest: string, white: boolean) => {
    promo.hidden = false;
    const pick = (p: string) => {
      promo.hidden = true;
      void send(`${orig}${dest}=${p}`);
    };
    const names: Record<string, string> = french ? { q: 'D', r: 'T', b: 'F', n: 'C' } : { q: 'Q', r: 'R', b: 'B', n: 'N' };
    fill(
      promo,
      h('span', {}, t('promoteTo'), ' '),
      ...['q', 'r', 'b', 'n'].map((p) =>
        h('button', { type: 'button', class: `promote ${white ? 'white' : 'black'}`, 'data-piece': p, onclick: () => pick(p) }, names[p]),
      ),
    );
    (promo.querySelector('button') as HTMLButtonElement).focus();
  };

  // Typing a move: SAN (French letters on the French page) or coordinates.
  const moveInput = h('input', { type: 'text', id: 'move-input', placeholder: t('typeMove'), autocomplete: 'off', 'aria-label': t('typeMove') });
  const moveForm = h('form', { class: 'move-form' }, moveInput);
  moveForm.addEventListener('submit', (e) => {
    e.preventDefault();
    if (!cur) return;
    const typed = moveInput.value;
    const mv = typedMove(boardFen(cur), typed, french);
    moveInput.value = '';
    if (mv) void send(mv);
    else fill(status, `Illegal move (${typed}).`);
  });

  // Talk: say to the opponent, kibitz to players and observers, whisper to observers.
  const chatKind = h(
    'select',
    { id: 'chat-kind', 'aria-label': t('chat') },
    h('option', { value: 'say' }, t('say')),
    h('option', { value: 'kibitz' }, t('kibitz')),
    h('option', { value: 'whisper' }, t('whisper')),
  );
  const chatInput = h('input', { type: 'text', id: 'chat-input', autocomplete: 'off', 'aria-label': t('chat') });
  const chatForm = h('form', { class: 'chat-form' }, chatKind, chatInput, h('button', { type: 'submit' }, t('send')));
  const addChat = (who: string, kind: string, text: string) => {
    chatList.appendChild(h('li', {}, h('b', {}, who), ` ${kind}: `, text));
    chatList.scrollTop = chatList.scrollHeight;
  };
  chatForm.addEventListener('submit', async (e) => {
    e.preventDefault();
    const text = chatInput.value.trim();
    if (!text) return;
    chatInput.value = '';
    const reply = await app.fics.command(`${chatKind.value} ${text}`);
    if (/^\((told|kibitzed|whispered)/.test(reply.trim())) addChat(app.fics.name, chatKind.value, text);
    else fill(status, reply.trim());
  });
  for (const c of app.live.chats.get(n) ?? []) addChat(c.who, c.kind, c.text);
  if (!(app.live.chats.get(n) ?? []).length) chatList.textContent = '';

  const showEnd = (text: string, res: string) => {
    ended = true;
    if (status.textContent === t('yourMove')) fill(status);
    fill(result, h('strong', { id: 'result-score' }, res), ' ', h('span', { id: 'result-reason' }, text));
    view.api.set({ movable: { color: undefined, dests: new Map() } });
    view.api.cancelPremove();
    drawClocks();
    drawActions();
    const me = app.fics.name;
    const b = cur;
    if (!b || (b.white !== me && b.black !== me)) return;
    const opp = b.white === me ? b.black : b.white;
    const colour = b.white === me ? 'black' : 'white';
    const rated = info?.rated ? 'rated' : 'unrated';
    fill(
      after,
      h('button', { type: 'button', id: 'btn-rematch', onclick: () => void send(`match ${opp} ${b.minutes} ${b.increment} ${rated} ${colour}`) }, t('rematch')),
      h('button', {
        type: 'button',
        id: 'btn-examine',
        onclick: async () => {
          const hist = await app.fics.command(`history ${me}`);
          const idx = [...hist.matchAll(/^\s*(\d+): /gm)].map((m) => m[1]).pop();
          if (idx !== undefined) void send(`examine ${me} ${idx}`);
          else fill(status, hist.trim());
        },
      }, t('examine')),
    );
  };

  const stop = app.live.listen((c) => {
    if (c.kind === 'board' && c.board.game === n) {
      if (c.board.relation !== 2 && ended && c.board.relation !== -3) return;
      apply(c.board, c.previous && cur ? cur : null);
    } else if (c.kind === 'end' && c.end.game === n) {
      showEnd(c.end.text, c.end.result ?? '*');
    } else if (c.kind === 'offers') drawOffers();
    else if (c.kind === 'chat' && c.chat.game === n) addChat(c.chat.who, c.chat.kind, c.chat.text);
    else if (c.kind === 'text' && (c.line.startsWith(`Removing game ${n} `) || c.line.startsWith(`You are no longer examining game ${n}.`))) {
      observing = false;
      if (!ended) fill(status, c.line);
    }
  });

  const tick = setInterval(drawClocks, 100);

  const begin = async () => {
    if (!(await app.ensureSession())) return fill(status, t('notConnected'));
    const known = app.live.boards.get(n);
    if (known && app.live.myGame === n) {
      apply(known, null);
      if (!examining()) void loadMoves();
      return;
    }
    const ended0 = app.live.ends.get(n);
    if (ended0 && known) {
      apply(known, null);
      void loadMoves();
      return showEnd(ended0.text, ended0.result ?? '*');
    }
    await loadMoves();
    const reply = await app.fics.command(`observe ${n}`);
    if (/You are now observing game/.test(reply)) observing = true;
    else if (!cur) fill(status, reply.trim());
  };
  void begin();

  fill(
    app.main,
    h(
      'div',
      { class: 'game-page' },
      h('div', { class: 'board-col' }, h('div', { class: 'player-bar' }, topName, topClock), view.el, promo, h('div', { class: 'player-bar' }, bottomName, bottomClock), moveForm),
      h(
        'div',
        { class: 'side-col' },
        title,
        status,
        result,
        offersEl,
        actions,
        after,
        h('h3', {}, t('moves')),
        movesEl,
        h('h3', {}, t('chat')),
        chatList,
        chatForm,
      ),
    ),
  );
  return {
    leave() {
      stop();
      clearInterval(tick);
      if (observing && app.fics.loggedIn) void app.fics.command(`unobserve ${n}`);
      view.api.destroy();
    },
  };
}
