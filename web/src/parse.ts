// Pure parsers of the server's machine lines (spec §2.3, §2.4, §3.4, §4.2,
// §5.7) and of its English text: the login dialogue, the talk lines, the
// ends of games, the replies to commands. This is the only module that
// knows how the server words things; `feed.ts` turns its findings into
// the typed events of `events.ts`, and nothing else reads server text.
// No DOM, no socket.

import type { Reply, ServerEvent } from './events';

/** A style-12 board (`<12> ...`), the fields a page uses. */
export interface Board {
  /** Ranks 8..1, files a..h: `PNBRQK` white, `pnbrqk` black, `-` empty. */
  rows: string[];
  turn: 'white' | 'black';
  doublePushFile: number;
  castle: [boolean, boolean, boolean, boolean];
  irreversible: number;
  game: number;
  white: string;
  black: string;
  /** 1 my move, -1 opponent's, 0 observing, 2 examining, -2 observing an examination, -3 isolated. */
  relation: number;
  minutes: number;
  increment: number;
  whiteMs: number;
  blackMs: number;
  moveNumber: number;
  /** `P/e2-e4`, `o-o`, or `none`. */
  verbose: string;
  san: string;
  flip: boolean;
  ticking: boolean;
}

const FILES = 'abcdefgh';

export function parseStyle12(line: string): Board | null {
  const f = line.trim().split(' ');
  if (f[0] !== '<12>' || f.length < 32) return null;
  const rows = f.slice(1, 9);
  if (!rows.every((r) => /^[-pnbrqkPNBRQK]{8}$/.test(r))) return null;
  return {
    rows,
    turn: f[9] === 'B' ? 'black' : 'white',
    doublePushFile: Number(f[10]),
    castle: [f[11] === '1', f[12] === '1', f[13] === '1', f[14] === '1'],
    irreversible: Number(f[15]),
    game: Number(f[16]),
    white: f[17],
    black: f[18],
    relation: Number(f[19]),
    minutes: Number(f[20]),
    increment: Number(f[21]),
    whiteMs: Number(f[24]),
    blackMs: Number(f[25]),
    moveNumber: Number(f[26]),
    verbose: f[27],
    san: f[29],
    flip: f[30] === '1',
    ticking: f[31] === '1',
  };
}

/** Half-moves played before this board. */
export function plyOf(b: Board): number {
  return (b.moveNumber - 1) * 2 + (b.turn === 'black' ? 1 : 0);
}

/** The board as FEN (castling from the style-12 flags, the en-passant square from the double-push file). */
export function boardFen(b: Board): string {
  const placement = b.rows.map((r) => r.replace(/-+/g, (m) => String(m.length))).join('/');
  let castling = (b.castle[0] ? 'K' : '') + (b.castle[1] ? 'Q' : '') + (b.castle[2] ? 'k' : '') + (b.castle[3] ? 'q' : '');
  if (!castling) castling = '-';
  const ep = b.doublePushFile >= 0 && b.doublePushFile < 8 ? FILES[b.doublePushFile] + (b.turn === 'white' ? '6' : '3') : '-';
  return `${placement} ${b.turn === 'white' ? 'w' : 'b'} ${castling} ${ep} ${b.irreversible} ${b.moveNumber}`;
}

/** The piece letter (or '') on a square such as `e4`. */
export function pieceAt(b: Board, square: string): string {
  const file = FILES.indexOf(square[0]);
  const rank = Number(square[1]);
  const c = b.rows[8 - rank]?.[file] ?? '-';
  return c === '-' ? '' : c;
}

/** From and to squares of the last move, from the verbose field (castling by the side that moved). */
export function lastMoveSquares(b: Board): [string, string] | null {
  const m = /([a-h][1-8])-([a-h][1-8])/.exec(b.verbose);
  if (m) return [m[1], m[2]];
  const rank = b.turn === 'white' ? '8' : '1'; // the side that moved is the other one
  if (b.verbose === 'o-o') return ['e' + rank, 'g' + rank];
  if (b.verbose === 'o-o-o') return ['e' + rank, 'c' + rank];
  return null;
}

/**
 * The squares of an explosion between two consecutive boards: the capture
 * square and every square whose piece vanished, except the square the
 * capturer left. Empty when the move was no capture.
 */
export function explodedSquares(before: Board, after: Board): string[] {
  if (!after.san.includes('x')) return [];
  const move = lastMoveSquares(after);
  if (!move) return [];
  const [from, to] = move;
  const out = new Set<string>([to]);
  for (let r = 1; r <= 8; r++) {
    for (const file of FILES) {
      const sq = file + r;
      if (sq !== from && pieceAt(before, sq) && !pieceAt(after, sq)) out.add(sq);
    }
  }
  return [...out].sort();
}

/** A seek from `<s>` / `<sn>` (spec §3.4). */
export interface Seek {
  index: number;
  name: string;
  titles: number;
  rating: string;
  minutes: number;
  increment: number;
  rated: boolean;
  type: string;
  color: string;
  range: string;
  own: boolean;
}

export function parseSeek(line: string): Seek | null {
  const m = /^<(s|sn)> (\d+) (.*)$/.exec(line.trim());
  if (!m) return null;
  const kv = new Map<string, string>();
  for (const part of m[3].split(/ +/)) {
    const i = part.indexOf('=');
    if (i > 0) kv.set(part.slice(0, i), part.slice(i + 1));
  }
  const rt = kv.get('rt') ?? '0';
  const titles = parseInt(kv.get('ti') ?? '0', 16) || 0;
  return {
    index: Number(m[2]),
    name: kv.get('w') ?? '?',
    titles,
    rating: titles & 1 ? '++++' : rt.replace(/[ PE]$/, '') === '0' ? '----' : rt.trim(),
    minutes: Number(kv.get('t') ?? 0),
    increment: Number(kv.get('i') ?? 0),
    rated: kv.get('r') === 'r',
    type: kv.get('tp') ?? 'atomic',
    color: kv.get('c') ?? '?',
    range: kv.get('rr') ?? '0-9999',
    own: m[1] === 'sn',
  };
}

/** `<sr> 8 10` → [8, 10]. */
export function parseSeekRemoval(line: string): number[] | null {
  const m = /^<sr>((?: \d+)+)\s*$/.exec(line.trim());
  return m ? m[1].trim().split(' ').map(Number) : null;
}

/** An offer from `<pf>` (to me) or `<pt>` (from me), spec §4.2. */
export interface Offer {
  id: number;
  toMe: boolean;
  who: string;
  kind: string;
  params: string;
}

export function parseOffer(line: string): Offer | null {
  const m = /^<(pf|pt)> (\d+) w=(\S+) t=(\S+) p=(.*)$/.exec(line.trim());
  if (!m) return null;
  return { id: Number(m[2]), toMe: m[1] === 'pf', who: m[3], kind: m[4], params: m[5] };
}

export function parseOfferRemoval(line: string): number | null {
  const m = /^<pr> (\d+)\s*$/.exec(line.trim());
  return m ? Number(m[1]) : null;
}

/** `{Game 12 (A vs. B) A's king exploded} 1-0` and the Creating/Continuing form. */
export interface GameLine {
  game: number;
  white: string;
  black: string;
  text: string;
  result: string | null;
  starts: boolean;
}

export function parseGameLine(line: string): GameLine | null {
  const m = /^\{Game (\d+) \((\w+) vs\. (\w+)\) (.*)\} ?(1-0|0-1|1\/2-1\/2|\*)?(?: \[.*\])?\s*$/.exec(line.trim());
  if (!m) return null;
  const starts = /^(Creating|Continuing) /.test(m[4]);
  return { game: Number(m[1]), white: m[2], black: m[3], text: m[4], result: m[5] ?? null, starts };
}

/** A line of talk about a game: say, kibitz, whisper. */
export interface Chat {
  who: string;
  game: number | null;
  kind: 'says' | 'kibitzes' | 'whispers';
  text: string;
}

export function parseChat(line: string): Chat | null {
  const m = /^([A-Za-z]+)((?:\([^)]*\))*)(?:\[(\d+)\])? (says|kibitzes|whispers): (.*)$/.exec(line);
  if (!m) return null;
  return { who: m[1], game: m[3] ? Number(m[3]) : null, kind: m[4] as Chat['kind'], text: m[5] };
}

/** English SAN with the French piece letters of `set lang fr` (R D T F C). */
export function frenchSan(san: string): string {
  const map: Record<string, string> = { K: 'R', Q: 'D', R: 'T', B: 'F', N: 'C' };
  return san.replace(/[KQRBN]/g, (c) => map[c]);
}

/** French SAN typed by a user back to English letters (pawn files stay lowercase). */
export function englishSan(san: string): string {
  const map: Record<string, string> = { R: 'K', D: 'Q', T: 'R', F: 'B', C: 'N' };
  return san.replace(/[RDTFC]/g, (c) => map[c]);
}

/** `m:ss`, with tenths under ten seconds; negative clocks read 0:00. */
export function clockText(ms: number): string {
  const t = Math.max(0, ms);
  const s = Math.floor(t / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  if (h > 0) return `${h}:${String(m).padStart(2, '0')}:${sec}`;
  if (t < 10000) return `${m}:${sec}.${Math.floor((t % 1000) / 100)}`;
  return `${m}:${sec}`;
}

/** A challenge's terms, from the `p=` of a `<pf>`/`<pt>` match offer: `Alice (1500) [white] Bob (----) rated atomic 5 0`. */
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

export function parseChallenge(params: string): Challenge | null {
  const m = /^(\w+) \(([^)]*)\) (?:\[(white|black)\] )?(\w+) \(([^)]*)\) (rated|unrated) (\S+) (\d+) (\d+)( \(adjourned\))?\s*$/.exec(params.trim());
  if (!m) return null;
  return {
    from: m[1],
    fromRating: m[2],
    color: (m[3] as 'white' | 'black' | undefined) ?? null,
    to: m[4],
    toRating: m[5],
    rated: m[6] === 'rated',
    variant: m[7],
    minutes: Number(m[8]),
    increment: Number(m[9]),
    adjourned: !!m[10],
  };
}

/** Where the login dialogue stands, from the text received since the last thing sent. */
export type LoginStep =
  | { step: 'wait' }
  | { step: 'name' }
  | { step: 'password' }
  | { step: 'confirm' }
  | { step: 'started'; name: string; titles: string }
  | { step: 'badPassword' }
  | { step: 'refused'; text: string };

export function loginStep(text: string, after: 'open' | 'name' | 'password' | 'confirm'): LoginStep {
  const started = /\*\*\*\* Starting FICS session as ([A-Za-z]+)((?:\([^)]*\))*) \*\*\*\*[\s\S]*fics% $/.exec(text);
  if (started) return { step: 'started', name: started[1], titles: started[2] };
  if (after === 'password' && text.includes('**** Invalid password! ****')) return { step: 'badPassword' };
  if (!text.endsWith('login: ')) {
    if (after === 'name' && /password: $/.test(text)) return { step: 'password' };
    if (after === 'name' && text.includes('Press return to enter the server as "')) return { step: 'confirm' };
    return { step: 'wait' };
  }
  if (after === 'open') return { step: 'name' };
  const why = text
    .replace(/\n\r/g, '\n')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.endsWith('login:'));
  return { step: 'refused', text: why.join(' ') };
}

/** `Alice(U) tells you: hi` (a personal tell, not a channel's). */
function parseTell(line: string): { from: string; text: string } | null {
  const m = /^([A-Za-z]+)(?:\([^)]*\))* tells you: (.*)$/.exec(line);
  return m ? { from: m[1], text: m[2] } : null;
}

/**
 * What one line of the server's output means for the page: the typed
 * events it carries (often none). Every line that is not a machine line
 * (`<12>`, `<s>`, `<pf>` …) is also text for the console.
 */
export function lineEvents(line: string, solicited: boolean): ServerEvent[] {
  if (line.startsWith('<12> ')) {
    const board = parseStyle12(line);
    return board ? [{ type: 'board', board }] : [];
  }
  if (line.startsWith('<sc>')) return [{ type: 'seeksCleared' }];
  if (line.startsWith('<s> ') || line.startsWith('<sn> ')) {
    const seek = parseSeek(line);
    return seek ? [{ type: 'seek', seek }] : [];
  }
  if (line.startsWith('<sr>')) return [{ type: 'seeksGone', indexes: parseSeekRemoval(line) ?? [] }];
  if (line.startsWith('<pf> ') || line.startsWith('<pt> ')) {
    const offer = parseOffer(line);
    return offer ? [{ type: 'offer', offer }] : [];
  }
  if (line.startsWith('<pr> ')) {
    const id = parseOfferRemoval(line);
    return id === null ? [] : [{ type: 'offerGone', id }];
  }
  if (line.startsWith('<')) return [];
  const out: ServerEvent[] = [];
  const g = line.startsWith('{Game ') ? parseGameLine(line) : null;
  if (g?.starts) out.push({ type: 'gameStarted', game: g.game, white: g.white, black: g.black });
  else if (g?.result) {
    out.push({ type: 'gameEnded', game: g.game, white: g.white, black: g.black, result: g.result, reason: g.text, onTime: /forfeits on time/.test(g.text) });
  }
  const stopped = /^You are no longer examining game (\d+)\./.exec(line);
  if (stopped) out.push({ type: 'examineStopped', game: Number(stopped[1]) });
  const removed = /^Removing game (\d+) from observation list\./.exec(line);
  if (removed) out.push({ type: 'observeStopped', game: Number(removed[1]) });
  const chat = parseChat(line);
  if (chat) out.push({ type: 'chat', chat });
  const tell = parseTell(line);
  if (tell) out.push({ type: 'tell', tell });
  out.push({ type: 'text', line, solicited });
  return out;
}

/** The lines of a command's reply that a person reads (no machine lines, no game lines). */
export function replyText(reply: string): string {
  return reply
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('<') && !l.startsWith('{Game'))
    .join(' ')
    .trim();
}

/** A reply as the console shows it: every line but the machine lines. */
export function consoleText(reply: string): string {
  return reply
    .split('\n')
    .filter((l) => !l.startsWith('<'))
    .join('\n')
    .replace(/\n+$/, '');
}

/** How a typed move went: refused when the server says it is illegal, not my move, or ambiguous. */
export function moveReply(reply: string): Reply {
  return { ok: !/Illegal move|not your move|Ambiguous|You are not playing|not examining/.test(reply), text: replyText(reply) };
}

/** How a say, kibitz or whisper went. */
export function talkReply(reply: string): Reply {
  return { ok: /^\((told|kibitzed|whispered)/.test(reply.trim()), text: replyText(reply) };
}

/** How `observe N` went. */
export function observeReply(reply: string): Reply {
  return { ok: /You are now observing game/.test(reply) || /You are already observing game/.test(reply), text: replyText(reply) };
}

/** How `play N`, `seek`, `match` went: a game created, an offer sent, a seek posted. */
export function startReply(reply: string): Reply {
  return { ok: /Creating:|<12> /.test(reply), text: replyText(reply) };
}

/** Whether a command that shows a position (`examine`, `refresh`) gave one. */
export function boardReply(reply: string): Reply {
  return { ok: /<12> /.test(reply), text: replyText(reply) };
}

/** The index of the last game in a `history` reply, if any. */
export function lastHistoryIndex(reply: string): string | null {
  return [...reply.matchAll(/^\s*(\d+): /gm)].map((m) => m[1]).pop() ?? null;
}

/** `Tourney #3 created.`: the new event's number. */
export function tourneyCreated(reply: string): number | null {
  const m = /Tourney #(\d+) created/.exec(reply);
  return m ? Number(m[1]) : null;
}

/**
 * How `analyse ID` went. `id` is the game's when it has an analysis page
 * worth opening: queued, under way, or done (`Computer analysis of game
 * 12: …`); null when the server refused (a guest, the day's limit, no
 * engine, a game not finished). `text` is the reply's first line: a done
 * analysis goes on with every move, which its page shows better.
 */
export function analysisReply(reply: string): Reply & { id: number | null } {
  const m =
    /^Computer analysis of game (\d+): /m.exec(reply) ??
    /^Game (\d+) \(\w+ vs\. \w+\) is queued for computer analysis/m.exec(reply) ??
    /^Game (\d+) is being analysed: /m.exec(reply) ??
    /^Game (\d+) waits for its computer analysis/m.exec(reply);
  const first = reply.split('\n').find((l) => l.trim() && !l.startsWith('<') && !l.startsWith('{Game')) ?? '';
  return { ok: !!m, text: first.trim(), id: m ? Number(m[1]) : null };
}
