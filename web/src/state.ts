// What the session has learnt from the server's lines: the seeks, the
// offers, the latest board and the end of every game this session sees,
// the talk about them. Pages read it and listen for its changes.

import { Fics } from './fics';
import {
  Board,
  Chat,
  GameLine,
  Offer,
  Seek,
  parseChat,
  parseGameLine,
  parseOffer,
  parseOfferRemoval,
  parseSeek,
  parseSeekRemoval,
  parseStyle12,
} from './parse';

export type Change =
  | { kind: 'seeks' }
  | { kind: 'offers' }
  | { kind: 'board'; board: Board; previous: Board | null }
  | { kind: 'end'; end: GameLine }
  | { kind: 'start'; game: number }
  | { kind: 'chat'; chat: Chat }
  | { kind: 'text'; line: string; solicited: boolean }
  | { kind: 'login' }
  | { kind: 'logout' };

export class Live {
  seeks = new Map<number, Seek>();
  offers = new Map<number, Offer>();
  boards = new Map<number, Board>();
  ends = new Map<number, GameLine>();
  chats = new Map<number, Chat[]>();
  /** The game I play or examine, if any. */
  myGame: number | null = null;
  /** The game my last `say` goes to, kept after it ends. */
  lastOpponent: string | null = null;
  private listeners = new Set<(c: Change) => void>();

  constructor(readonly fics: Fics) {
    fics.onLine((line, solicited) => this.line(line, solicited));
    fics.onClose(() => {
      this.seeks.clear();
      this.offers.clear();
      this.myGame = null;
      this.emit({ kind: 'logout' });
    });
  }

  listen(l: (c: Change) => void): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  emit(c: Change): void {
    for (const l of [...this.listeners]) l(c);
  }

  private line(line: string, solicited: boolean): void {
    if (line.startsWith('<12> ')) {
      const board = parseStyle12(line);
      if (!board) return;
      const previous = this.boards.get(board.game) ?? null;
      this.boards.set(board.game, board);
      if ([1, -1, 2].includes(board.relation)) {
        if (this.myGame !== board.game) {
          this.myGame = board.game;
          this.ends.delete(board.game);
          this.emit({ kind: 'start', game: board.game });
        }
        const me = this.fics.name;
        if (board.white === me) this.lastOpponent = board.black;
        else if (board.black === me) this.lastOpponent = board.white;
      }
      this.emit({ kind: 'board', board, previous });
      return;
    }
    if (line.startsWith('<sc>')) {
      this.seeks.clear();
      this.emit({ kind: 'seeks' });
      return;
    }
    if (line.startsWith('<s> ') || line.startsWith('<sn> ')) {
      const s = parseSeek(line);
      if (s) {
        this.seeks.set(s.index, s);
        this.emit({ kind: 'seeks' });
      }
      return;
    }
    if (line.startsWith('<sr>')) {
      for (const i of parseSeekRemoval(line) ?? []) this.seeks.delete(i);
      this.emit({ kind: 'seeks' });
      return;
    }
    if (line.startsWith('<pf> ') || line.startsWith('<pt> ')) {
      const o = parseOffer(line);
      if (o) {
        this.offers.set(o.id, o);
        this.emit({ kind: 'offers' });
      }
      return;
    }
    if (line.startsWith('<pr> ')) {
      const id = parseOfferRemoval(line);
      if (id !== null) this.offers.delete(id);
      this.emit({ kind: 'offers' });
      return;
    }
    if (line.startsWith('<g1> ') || line.startsWith('<')) return;
    if (line.startsWith('{Game ')) {
      const g = parseGameLine(line);
      if (g && !g.starts && g.result) {
        this.ends.set(g.game, g);
        if (this.myGame === g.game) this.myGame = null;
        this.emit({ kind: 'end', end: g });
      }
    }
    const stopped = /^You are no longer examining game (\d+)\./.exec(line);
    if (stopped && this.myGame === Number(stopped[1])) this.myGame = null;
    const chat = parseChat(line);
    if (chat) {
      const game = chat.game ?? this.myGame ?? -1;
      const list = this.chats.get(game) ?? [];
      list.push(chat);
      this.chats.set(game, list);
      this.emit({ kind: 'chat', chat: { ...chat, game } });
    }
    this.emit({ kind: 'text', line, solicited });
  }
}
