// What the page learns from the server, as typed values. Today
// `feed.ts` makes them from the FICS text lines (with `parse.ts`, the
// only module that knows the server's English); the JSON framing of
// `/ws` will carry the same facts as typed events, and only the feed
// changes. The model (`state.ts`) applies them; pages read the model.

import type { Board, Chat, Offer, Seek } from './parse';

/** A tell to me from one user. */
export interface Tell {
  from: string;
  text: string;
}

export type ServerEvent =
  /** A position of a game I play, observe or examine (style 12). */
  | { type: 'board'; board: Board }
  /** A game of mine starts or goes on (`{Game 12 (A vs. B) Creating …}`). */
  | { type: 'gameStarted'; game: number; white: string; black: string }
  /** A game I see ended: the score and the reason as the server words it. */
  | { type: 'gameEnded'; game: number; white: string; black: string; result: string; reason: string; onTime: boolean }
  /** I no longer examine this game. */
  | { type: 'examineStopped'; game: number }
  /** I no longer observe this game (it ended, or its examiner left). */
  | { type: 'observeStopped'; game: number }
  | { type: 'seek'; seek: Seek }
  | { type: 'seeksGone'; indexes: number[] }
  | { type: 'seeksCleared' }
  /** An offer or challenge to me (`toMe`) or from me, still open. */
  | { type: 'offer'; offer: Offer }
  | { type: 'offerGone'; id: number }
  /** Say, kibitz or whisper about a game. */
  | { type: 'chat'; chat: Chat }
  | { type: 'tell'; tell: Tell }
  /** Anything else the server wrote: the console shows it. */
  | { type: 'text'; line: string; solicited: boolean };

/** How a command went: `ok`, and what the server said (for the user, as it came). */
export interface Reply {
  ok: boolean;
  text: string;
}
