// What the page learns from the server, as typed values: `feed.ts` makes
// them from the JSON framing's messages (docs/json-protocol.md), and the
// model (`state.ts`) applies them; pages read the model. No module reads
// the server's words to learn a fact: the facts come as data.

import type { Board } from './position';

/** A seek (the `seek` message). */
export interface Seek {
  index: number;
  name: string;
  titles: number;
  rating: string;
  minutes: number;
  increment: number;
  rated: boolean;
  /** `W`, `B`, or `?` for either. */
  color: string;
  range: string;
  own: boolean;
  /** `atomic` or `atomic960`, with the Atomic960 start the seeker chose (null: drawn at random). */
  variant: 'atomic' | 'atomic960';
  start: number | null;
}

/** A challenge's terms, as the `offer` message's `terms`. */
export interface Challenge {
  from: string;
  fromRating: string;
  to: string;
  toRating: string;
  /** The colour the challenger asked for, if any. */
  color: 'white' | 'black' | null;
  rated: boolean;
  variant: string;
  minutes: number;
  increment: number;
  adjourned: boolean;
}

/** An offer to me (`toMe`) or from me, still open: a challenge (`match`) or an offer in a game. */
export interface Offer {
  id: number;
  toMe: boolean;
  who: string;
  kind: string;
  /** FICS's `p=`: a challenge's terms in words, a takeback's half-moves, `#`. */
  params: string;
  terms: Challenge | null;
}

/** A line of talk about a game: say, kibitz, whisper. */
export interface Chat {
  who: string;
  game: number | null;
  kind: 'says' | 'kibitzes' | 'whispers';
  text: string;
}

/** A tell to me from one user. */
export interface Tell {
  from: string;
  text: string;
}

export type ServerEvent =
  /** A position of a game I play, observe or examine. */
  | { type: 'board'; board: Board }
  /** A game of mine starts or goes on. */
  | { type: 'gameStarted'; game: number; white: string; black: string }
  /** A game I see ended: the score, the reason in my language, and whether it was lost on time. */
  | { type: 'gameEnded'; game: number; white: string; black: string; result: string; reason: string; onTime: boolean }
  /** I no longer examine this game. */
  | { type: 'examineStopped'; game: number }
  /** I no longer observe this game (it ended, or its examiner left). */
  | { type: 'observeStopped'; game: number }
  | { type: 'seek'; seek: Seek }
  | { type: 'seeksGone'; indexes: number[] }
  | { type: 'seeksCleared' }
  | { type: 'offer'; offer: Offer }
  | { type: 'offerGone'; id: number }
  /** Say, kibitz or whisper about a game. */
  | { type: 'chat'; chat: Chat }
  | { type: 'tell'; tell: Tell }
  /** How many watch a game of mine. */
  | { type: 'observers'; game: number; count: number }
  /** Anything else the server said: the console shows it (unless it answers a command). */
  | { type: 'text'; line: string; solicited: boolean };

/** How a command went: `ok`, and what the server said (in the user's language). */
export interface Reply {
  ok: boolean;
  text: string;
}
