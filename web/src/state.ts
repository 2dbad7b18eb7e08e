// The page's model of the world: the session, the games and their boards
// and clocks, the seeks, the offers and challenges, the tells and notices,
// the console's lines. It changes only by `apply(event)` (the typed
// events of `events.ts`, from whichever feed) and by what the session
// itself knows (`setSession`); pages read it and listen for its changes.
// It never sees a line of server text.

import type { Challenge, Chat, Offer, Seek, ServerEvent, Tell } from './events';
import { Board, boardFen, plyOf } from './position';
import { simulBoard } from './simul';

export type Connection = 'offline' | 'connecting' | 'online' | 'reconnecting';

export interface SessionInfo {
  connection: Connection;
  name: string;
  /** As the header shows them: `(U)`, `(TD)`, `(*)(TD)`… */
  titles: string;
  /** The game the login said I play (its start and board come after the login). */
  loginGame: number | null;
  /** Why the last login failed (or the session ended), for the login form: a word of `i18n.ts` or the server's own text. */
  problem: { key: 'badPassword' | 'needPassword' | 'closed' | 'refused' | 'loginAgain' | 'kicked'; text?: string } | null;
}

export interface GameEnd {
  result: string;
  reason: string;
  onTime: boolean;
}

/** One game as this page sees it. A new game under the same number is a new `GameState`. */
export interface GameState {
  number: number;
  /** Tells this game from an earlier or later one with the same number. */
  serial: number;
  white: string;
  black: string;
  board: Board | null;
  /** When `board` arrived (performance.now()): its clocks run from there. */
  boardAt: number;
  /** The SAN of each ply (1 = White's first move) and the position after it, as seen. */
  sans: Map<number, string>;
  fens: Map<number, string>;
  /** The ply of the first board seen: the game may start later than move 1 (an example position). */
  firstPly: number;
  end: GameEnd | null;
  /** The clocks when the game ended, frozen. */
  finalMs: { white: number; black: number } | null;
  chat: Chat[];
  examining: boolean;
  observing: boolean;
  /** How many watch it, as the server last said (null: not said yet). */
  observers: number | null;
}

export interface Note {
  id: number;
  kind: 'tell' | 'notice';
  from?: string;
  text: string;
  at: number;
}

export type Change =
  | { kind: 'session' }
  | { kind: 'seeks' }
  | { kind: 'offers' }
  /** A game changed: a board (with the one before it, when it is the next move), an end, a chat line, a status. */
  | { kind: 'game'; game: GameState; previous: Board | null; what: 'board' | 'end' | 'chat' | 'status' }
  /** A game of mine started (or came back): its page should open. */
  | { kind: 'mine'; game: GameState }
  /** A board of the simul I give began: the simul page should open (`simul.ts`). */
  | { kind: 'simul'; game: GameState }
  | { kind: 'notes' }
  | { kind: 'console'; line: string; cls: string };

const CONSOLE_KEEP = 400;
const NOTES_KEEP = 20;

let serials = 0;
let noteIds = 0;

export class Model {
  session: SessionInfo = { connection: 'offline', name: '', titles: '', loginGame: null, problem: null };
  seeks = new Map<number, Seek>();
  offers = new Map<number, Offer>();
  /** The latest game seen under each number. */
  games = new Map<number, GameState>();
  /** The game I play or examine, if any. */
  myGame: number | null = null;
  /** The boards of the simul I give (or gave last), in the order they began: several games of mine at once. */
  simulGames: GameState[] = [];
  /** The opponent of my last game (a rematch goes to them). */
  lastOpponent: string | null = null;
  notes: Note[] = [];
  console: { line: string; cls: string }[] = [];
  private listeners = new Set<(c: Change) => void>();

  listen(l: (c: Change) => void): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  emit(c: Change): void {
    for (const l of [...this.listeners]) l(c);
  }

  get registered(): boolean {
    return this.session.connection === 'online' && !this.session.titles.includes('(U)');
  }

  get online(): boolean {
    return this.session.connection === 'online';
  }

  /** May create tournaments: a director or an admin. */
  get director(): boolean {
    return this.online && (this.session.titles.includes('(TD)') || this.session.titles.includes('(*)'));
  }

  setSession(s: Partial<SessionInfo>): void {
    const wasOnline = this.online;
    this.session = { ...this.session, ...s };
    if (wasOnline && !this.online) {
      // What the server told this connection no longer holds; a new one tells it again.
      this.seeks.clear();
      this.offers.clear();
      this.emit({ kind: 'seeks' });
      this.emit({ kind: 'offers' });
      // The server stops the clocks of a game whose player is away: so do we, until its next board.
      for (const g of this.games.values()) {
        if (!g.board || g.end) continue;
        g.board = { ...g.board, whiteMs: clockMs(g, 'white'), blackMs: clockMs(g, 'black'), ticking: false };
        g.boardAt = performance.now();
      }
    }
    this.emit({ kind: 'session' });
  }

  /** The challenges (match offers) to and from me. */
  challenges(): { offer: Offer; terms: Challenge | null }[] {
    return [...this.offers.values()].filter((o) => o.kind === 'match').map((offer) => ({ offer, terms: offer.terms }));
  }

  /** The game offers (draw, abort, adjourn, takeback) between me and `opponent`. */
  gameOffers(opponent: string): Offer[] {
    return [...this.offers.values()].filter((o) => o.kind !== 'match' && o.who === opponent);
  }

  note(kind: Note['kind'], text: string, from?: string): void {
    this.notes.push({ id: ++noteIds, kind, text, from, at: Date.now() });
    if (this.notes.length > NOTES_KEEP) this.notes.shift();
    this.emit({ kind: 'notes' });
  }

  dismiss(id: number): void {
    this.notes = this.notes.filter((n) => n.id !== id);
    this.emit({ kind: 'notes' });
  }

  /** A line for the console (kept, so that a console opened later shows it). */
  log(line: string, cls = ''): void {
    this.console.push({ line, cls });
    if (this.console.length > CONSOLE_KEEP) this.console.shift();
    this.emit({ kind: 'console', line, cls });
  }

  apply(e: ServerEvent): void {
    switch (e.type) {
      case 'board':
        return this.board(e.board);
      case 'gameStarted': {
        const g = this.games.get(e.game);
        // A game under a number seen before is a new game: nothing of the old one carries over.
        if (!g || g.end || g.white !== e.white || g.black !== e.black) this.fresh(e.game, e.white, e.black);
        return;
      }
      case 'gameEnded': {
        const g = this.games.get(e.game);
        if (!g || g.end) return;
        g.end = { result: e.result, reason: e.reason, onTime: e.onTime };
        g.finalMs = g.board ? { white: clockMs(g, 'white'), black: clockMs(g, 'black') } : null;
        if (g.finalMs && e.onTime) {
          // The side that lost on time has no time left, whatever the last board said.
          const loser = e.result === '1-0' ? 'black' : e.result === '0-1' ? 'white' : null;
          if (loser) g.finalMs[loser] = 0;
        }
        g.observing = false;
        if (this.myGame === e.game) this.myGame = null;
        this.emit({ kind: 'game', game: g, previous: null, what: 'end' });
        return;
      }
      case 'examineStopped':
      case 'observeStopped': {
        const g = this.games.get(e.game);
        if (!g) return;
        if (e.type === 'examineStopped') g.examining = false;
        g.observing = false;
        if (this.myGame === e.game && e.type === 'examineStopped') this.myGame = null;
        this.emit({ kind: 'game', game: g, previous: null, what: 'status' });
        return;
      }
      case 'seek':
        this.seeks.set(e.seek.index, e.seek);
        return this.emit({ kind: 'seeks' });
      case 'seeksGone':
        for (const i of e.indexes) this.seeks.delete(i);
        return this.emit({ kind: 'seeks' });
      case 'seeksCleared':
        this.seeks.clear();
        return this.emit({ kind: 'seeks' });
      case 'offer':
        this.offers.set(e.offer.id, e.offer);
        return this.emit({ kind: 'offers' });
      case 'offerGone':
        this.offers.delete(e.id);
        return this.emit({ kind: 'offers' });
      case 'observers': {
        const g = this.games.get(e.game);
        if (!g) return;
        g.observers = e.count;
        return this.emit({ kind: 'game', game: g, previous: null, what: 'status' });
      }
      case 'chat':
        return this.chat(e.chat);
      case 'tell':
        return this.tell(e.tell);
      case 'text':
        if (!e.solicited && e.line.trim()) this.log(e.line);
        return;
    }
  }

  /** A line of my own talk, as the others see it. */
  ownChat(game: number, kind: Chat['kind'], text: string): void {
    this.chat({ who: this.session.name, game, kind, text });
  }

  /** The game whose page shows, when it is one I only watch. */
  lastObserved: number | null = null;

  private chat(c: Chat): void {
    // A say names no game: it is about the last game with the one who says it (or mine).
    const withSpeaker = [...this.games.values()].filter((x) => x.white === c.who || x.black === c.who).sort((a, b) => b.serial - a.serial)[0];
    const number = c.game ?? (c.who === this.session.name ? null : withSpeaker?.number) ?? this.myGame ?? this.lastObserved;
    const g = number === null || number === undefined ? undefined : this.games.get(number);
    if (!g) return;
    g.chat.push({ ...c, game: number });
    this.emit({ kind: 'game', game: g, previous: null, what: 'chat' });
  }

  private tell(t: Tell): void {
    this.note('tell', t.text, t.from);
  }

  private fresh(number: number, white: string, black: string): GameState {
    const g: GameState = {
      number,
      serial: ++serials,
      white,
      black,
      board: null,
      boardAt: 0,
      sans: new Map(),
      fens: new Map(),
      firstPly: 0,
      end: null,
      finalMs: null,
      chat: [],
      examining: false,
      observing: false,
      observers: null,
    };
    this.games.set(number, g);
    return g;
  }

  private board(b: Board): void {
    let g = this.games.get(b.game);
    const playing = b.relation === 1 || b.relation === -1;
    const examining = b.relation === 2;
    // Another pair of players, or a game that ended and shows a board again
    // (the next game under this number, or an examination of it): a new game.
    if (!g || g.white !== b.white || g.black !== b.black || (g.end && (playing || examining))) g = this.fresh(b.game, b.white, b.black);
    const previous = g.board;
    const ply = plyOf(b);
    if (!g.board) g.firstPly = ply;
    if (b.san !== 'none' && ply > 0) g.sans.set(ply, b.san);
    // Moves taken back (or stepped back in an examination) are no longer part of the game.
    for (const p of [...g.sans.keys()]) if (p > ply) g.sans.delete(p);
    for (const p of [...g.fens.keys()]) if (p > ply) g.fens.delete(p);
    g.fens.set(ply, boardFen(b));
    if (ply < g.firstPly) g.firstPly = ply;
    g.board = b;
    g.boardAt = performance.now();
    g.examining = examining;
    if (b.relation === 0 || b.relation === -2) {
      g.observing = true;
      this.lastObserved = b.game;
    }
    const next = previous && plyOf(previous) + 1 === ply ? previous : null;
    let started = false;
    if (playing && b.simul === this.session.name) {
      // One board of my simul among several: none of them is "my game".
      const fresh = simulBoard(this, g);
      this.emit({ kind: 'game', game: g, previous: next, what: 'board' });
      if (fresh) this.emit({ kind: 'simul', game: g });
      return;
    }
    if (playing || examining) {
      const me = this.session.name;
      if (b.white === me) this.lastOpponent = b.black;
      else if (b.black === me) this.lastOpponent = b.white;
      started = this.myGame !== b.game;
      this.myGame = b.game;
    }
    // The board first: a page that already shows this game takes it, and needs no new page.
    this.emit({ kind: 'game', game: g, previous: next, what: 'board' });
    if (started) this.emit({ kind: 'mine', game: g });
  }
}

/** The side whose clock runs now, if one does. */
export function runningSide(g: GameState): 'white' | 'black' | null {
  const b = g.board;
  if (!b || g.end || !b.ticking || ![1, -1, 0].includes(b.relation)) return null;
  return b.turn;
}

/** A clock as it reads now: the last board's time, less what ran since it arrived; frozen at the end. */
export function clockMs(g: GameState, side: 'white' | 'black'): number {
  if (g.finalMs) return g.finalMs[side];
  const b = g.board;
  if (!b) return 0;
  const base = side === 'white' ? b.whiteMs : b.blackMs;
  return runningSide(g) === side ? base - (performance.now() - g.boardAt) : base;
}

/** My colour in a game I play, or null. */
export function myColor(g: GameState, me: string): 'white' | 'black' | null {
  const b = g.board;
  if (!b || ![1, -1].includes(b.relation)) return null;
  return b.white === me ? 'white' : b.black === me ? 'black' : null;
}
