// The feed: the JSON framing's messages (docs/json-protocol.md) made into
// the model's typed events. Facts come from the messages' fields, never
// from their words; the words (`text`, in the user's language) go to the
// console when nobody asked for them.

import type { Challenge, Offer, Seek, ServerEvent } from './events';
import type { Model } from './state';
import type { Msg, Wire } from './wire';
import { Board, fenRows } from './position';

/** A `board` message's fields as the page's board. */
export function boardOf(m: Msg): Board {
  const clocks = m.clocks ?? {};
  return {
    fen: m.fen,
    rows: fenRows(m.fen),
    turn: m.turn === 'black' ? 'black' : 'white',
    ply: Number(m.ply) || 0,
    game: m.game,
    white: m.white?.name ?? '',
    black: m.black?.name ?? '',
    whiteRating: m.white?.rating ?? null,
    blackRating: m.black?.rating ?? null,
    relation: m.relation,
    minutes: Math.round((m.time?.initial_secs ?? 0) / 60),
    increment: m.time?.inc ?? 0,
    whiteMs: clocks.white_ms ?? 0,
    blackMs: clocks.black_ms ?? 0,
    verbose: m.move?.verbose ?? 'none',
    san: m.move?.san ?? 'none',
    uci: m.move?.uci ?? 'none',
    flip: !!m.flip,
    ticking: !!clocks.running,
    dbId: m.db_id ?? null,
    variant: m.variant === 'atomic960' ? 'atomic960' : 'atomic',
    chess960: typeof m.chess960 === 'number' ? m.chess960 : null,
    simul: m.simul?.exhibitor ?? null,
  };
}

function seekOf(s: Msg): Seek {
  return {
    index: s.id,
    name: s.name,
    titles: s.title_flags ?? 0,
    rating: s.rating,
    minutes: s.minutes,
    increment: s.inc,
    rated: !!s.rated,
    color: s.color === 'white' ? 'W' : s.color === 'black' ? 'B' : '?',
    range: Array.isArray(s.range) ? s.range.join('-') : '0-9999',
    own: !!s.own,
    variant: s.variant === 'atomic960' ? 'atomic960' : 'atomic',
    start: typeof s.start === 'number' ? s.start : null,
  };
}

function termsOf(t: Msg | null | undefined): Challenge | null {
  if (!t) return null;
  return {
    from: t.from,
    fromRating: t.from_rating,
    to: t.to,
    toRating: t.to_rating,
    color: t.color === 'white' || t.color === 'black' ? t.color : null,
    rated: !!t.rated,
    variant: t.variant,
    minutes: t.minutes,
    increment: t.inc,
    adjourned: !!t.adjourned,
  };
}

function offerOf(m: Msg): Offer {
  return { id: m.id, toMe: !!m.to_me, who: m.who, kind: m.kind, params: m.params ?? '', terms: termsOf(m.terms) };
}

const CHAT = { say: 'says', kibitz: 'kibitzes', whisper: 'whispers' } as const;

/** What one message means for the page: its typed events (often none), and its words for the console. */
export function messageEvents(m: Msg, solicited: boolean): ServerEvent[] {
  const out: ServerEvent[] = [];
  switch (m.type) {
    case 'board':
      out.push({ type: 'board', board: boardOf(m) });
      break;
    case 'game_start':
      out.push({ type: 'gameStarted', game: m.game, white: m.white.name, black: m.black.name });
      out.push({ type: 'board', board: boardOf(m.board) });
      break;
    case 'game_end':
      out.push({
        type: 'gameEnded',
        game: m.game,
        white: m.white,
        black: m.black,
        result: m.result,
        reason: m.reason,
        onTime: /^flagged/.test(m.end?.end ?? ''),
      });
      break;
    case 'seeks':
      out.push({ type: 'seeksCleared' });
      for (const s of m.seeks ?? []) out.push({ type: 'seek', seek: seekOf(s) });
      return out;
    case 'seek':
      return [{ type: 'seek', seek: seekOf(m.seek) }];
    case 'seeks_removed':
      return [{ type: 'seeksGone', indexes: m.ids ?? [] }];
    case 'offer':
      return [{ type: 'offer', offer: offerOf(m) }];
    case 'offer_removed':
      return [{ type: 'offerGone', id: m.id }];
    case 'observers':
      return [{ type: 'observers', game: m.game, count: m.count }];
    case 'talk':
      if (m.kind === 'tell') out.push({ type: 'tell', tell: { from: m.from, text: m.message } });
      else if (m.kind in CHAT) {
        out.push({ type: 'chat', chat: { who: m.from, game: m.game ?? null, kind: CHAT[m.kind as keyof typeof CHAT], text: m.message } });
      }
      break;
    case 'lines':
      for (const l of m.lines ?? []) {
        if (l.id === 'exam-you-stopped') out.push({ type: 'examineStopped', game: Number(l.args?.no) });
        if (l.id === 'observe-removed') out.push({ type: 'observeStopped', game: Number(l.args?.no) });
      }
      break;
    case 'reply':
    case 'ticket':
    case 'hello':
    case 'login':
    case 'game_info':
      return out;
  }
  if (typeof m.text === 'string' && m.text) out.push({ type: 'text', line: m.text, solicited });
  return out;
}

export function feed(wire: Wire, model: Model): void {
  wire.onMessage((m, solicited) => {
    for (const e of messageEvents(m, solicited)) model.apply(e);
  });
}
