// What a page can ask of the server, as typed calls: each one sends its
// command line in a `cmd` message and reads its `reply` (whether it went,
// its typed parts, its words in the user's language), so that pages never
// build a command line nor read a reply.

import type { Reply } from './events';
import type { Msg, Wire } from './wire';
import type { Model } from './state';

export type TalkKind = 'say' | 'kibitz' | 'whisper';
export type GameOffer = 'draw' | 'abort' | 'adjourn' | 'takeback';

/** The terms of a seek or a challenge. */
export interface Terms {
  minutes: number;
  increment: number;
  rated: boolean;
  color: 'white' | 'black' | null;
  /** Atomic960, from a start drawn at random or the one numbered `start` (0–959); atomic when left out. */
  variant?: 'atomic' | 'atomic960';
  start?: number | null;
}

export interface NewTourney {
  name: string;
  format: 'swiss' | 'rr' | 'arena' | 'ko';
  minutes: number;
  increment: number;
  rated: boolean;
  variant?: 'atomic' | 'atomic960';
  /** Swiss rounds, or arena minutes. */
  rounds?: number;
  arenaMinutes?: number;
}

/** The terms as the server reads them: the start's number right after `atomic960`, the time given before it. */
const terms = (t: Terms) =>
  `${t.minutes} ${t.increment} ${t.rated ? 'rated' : 'unrated'}${t.color ? ' ' + t.color : ''}` +
  (t.variant === 'atomic960' ? ` atomic960${t.start !== null && t.start !== undefined ? ' ' + t.start : ''}` : '');

/** The messages of a reply (none when the connection went first). */
const parts = (reply: Msg | null): Msg[] => (reply?.messages ?? []) as Msg[];

/** What a person reads of a reply, on one line: its words, without boards and game starts. */
export function replyText(reply: Msg | null): string {
  return parts(reply)
    .filter((m) => typeof m.text === 'string' && m.type !== 'game_start')
    .map((m) => m.text as string)
    .join(' ')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
}

/** The catalogue lines of a reply: their ids and values. */
export function replyLines(reply: Msg | null): { id: string; args: Record<string, string | number> }[] {
  return parts(reply)
    .filter((m) => m.type === 'lines')
    .flatMap((m) => m.lines ?? []);
}

const reply = (r: Msg | null): Reply => ({ ok: !!r?.ok, text: replyText(r) });
const hasBoard = (r: Msg | null): Reply => ({ ok: parts(r).some((m) => m.type === 'board'), text: replyText(r) });

/** The lines of a stored game's history reply (`  3: + 1500 W …`): the index of the last one. */
function lastHistoryIndex(text: string): string | null {
  return [...text.matchAll(/^\s*(\d+): /gm)].map((m) => m[1]).pop() ?? null;
}

/** Analysis lines that say the game has (or will have) an analysis page. */
const ANALYSIS = ['analysis-title', 'analysis-queued', 'analysis-running', 'analysis-waiting', 'analysis-waiting-place'];

export class Client {
  constructor(
    private readonly wire: Wire,
    private readonly model: Model,
  ) {}

  /** A command typed in the console, as it was typed; the reply's lines a person reads. */
  async raw(line: string): Promise<string> {
    const r = await this.wire.command(line);
    return (r?.text ?? '').replace(/\n+$/, '');
  }

  /** A tell to one user; it goes in the console too. */
  async tell(name: string, text: string): Promise<Reply> {
    const r = reply(await this.wire.command(`tell ${name} ${text}`));
    if (r.ok) this.model.log(`→ ${name}: ${text}`, 'typed');
    return r;
  }

  async move(move: string): Promise<Reply> {
    return reply(await this.wire.command(move));
  }

  async talk(game: number, kind: TalkKind, text: string): Promise<Reply> {
    const r = reply(await this.wire.command(`${kind} ${text}`));
    // The server tells the others, not me: my own line joins the game's talk here.
    if (r.ok) this.model.ownChat(game, kind === 'say' ? 'says' : kind === 'kibitz' ? 'kibitzes' : 'whispers', text);
    return r;
  }

  async observe(game: number): Promise<Reply> {
    const r = await this.wire.command(`observe ${game}`);
    return { ok: !!r?.ok || replyLines(r).some((l) => l.id === 'observe-already'), text: replyText(r) };
  }

  async unobserve(game: number): Promise<void> {
    await this.wire.command(`unobserve ${game}`);
  }

  async accept(offer: number): Promise<Reply> {
    return reply(await this.wire.command(`accept ${offer}`));
  }

  async decline(offer: number): Promise<Reply> {
    return reply(await this.wire.command(`decline ${offer}`));
  }

  async withdraw(offer: number): Promise<Reply> {
    return reply(await this.wire.command(`withdraw ${offer}`));
  }

  async offer(kind: GameOffer): Promise<Reply> {
    return reply(await this.wire.command(kind));
  }

  async resign(): Promise<Reply> {
    return reply(await this.wire.command('resign'));
  }

  async seek(t: Terms): Promise<Reply> {
    return reply(await this.wire.command(`seek ${terms(t)}`));
  }

  async unseek(index: number): Promise<Reply> {
    return reply(await this.wire.command(`unseek ${index}`));
  }

  async play(index: number): Promise<Reply> {
    return reply(await this.wire.command(`play ${index}`));
  }

  async challenge(name: string, t: Terms): Promise<Reply> {
    return reply(await this.wire.command(`match ${name} ${terms(t)}`));
  }

  /** Examines my last finished game, from its first move. */
  async examineLast(): Promise<Reply> {
    const me = this.model.session.name;
    const hist = await this.wire.command(`history ${me}`);
    const idx = lastHistoryIndex(hist?.text ?? '');
    if (idx === null) return { ok: false, text: replyText(hist) };
    return hasBoard(await this.wire.command(`examine ${me} ${idx}`));
  }

  /** Opens an example position (the rules page gives its command). */
  async examineExample(command: string): Promise<Reply> {
    return hasBoard(await this.wire.command(command));
  }

  async step(forward: boolean): Promise<Reply> {
    return reply(await this.wire.command(forward ? 'forward' : 'backward'));
  }

  async unexamine(): Promise<Reply> {
    return reply(await this.wire.command('unexamine'));
  }

  async tourneyJoin(id: number): Promise<Reply> {
    return reply(await this.wire.command(`tourney join ${id}`));
  }

  async tourneyLeave(id: number): Promise<Reply> {
    return reply(await this.wire.command(`tourney leave ${id}`));
  }

  /** Creates an event; its number when it was created. */
  async tourneyCreate(t: NewTourney): Promise<Reply & { id: number | null }> {
    let line = `tourney create ${t.name} ${t.format} ${t.minutes} ${t.increment} ${t.rated ? 'rated' : 'unrated'}`;
    if (t.variant === 'atomic960') line += ' atomic960';
    if (t.format === 'swiss' && t.rounds) line += ` rounds=${t.rounds}`;
    if (t.format === 'arena' && t.arenaMinutes) line += ` minutes=${t.arenaMinutes}`;
    const r = await this.wire.command(line);
    const made = replyLines(r).find((l) => l.id === 'tourney-tourney-created-tourney-start-starts');
    const id = made ? Number(made.args.id) : null;
    return { ok: id !== null, text: replyText(r), id };
  }

  async tourneyStart(id: number): Promise<Reply> {
    return reply(await this.wire.command(`tourney start ${id}`));
  }

  /**
   * Asks for the computer analysis of a finished game, by its database id:
   * queued the first time (registered players), then where it stands, then
   * done. `id` is the game's when its analysis page has something to show.
   */
  async analyse(id: number): Promise<Reply & { id: number | null }> {
    const r = await this.wire.command(`analyse ${id}`);
    const found = replyLines(r).find((l) => ANALYSIS.includes(l.id));
    // A done analysis goes on with every move, which its page shows better: the first line says enough.
    const first = (r?.text ?? '').split('\n').find((l: string) => l.trim()) ?? '';
    return { ok: !!found, text: first.trim(), id: found ? Number(found.args.id) : null };
  }

  async setLang(lang: string): Promise<void> {
    await this.wire.command(`set lang ${lang}`);
  }
}
