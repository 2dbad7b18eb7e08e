// What a page can ask of the server, as typed calls: each one sends its
// FICS command and reads its reply with `parse.ts`, so that pages never
// build a command line nor read a reply. The JSON framing will send typed
// commands here instead, with the same signatures.

import type { Reply } from './events';
import type { Fics } from './fics';
import type { Model } from './state';
import { analysisReply, boardReply, consoleText, lastHistoryIndex, moveReply, observeReply, replyText, startReply, talkReply, tourneyCreated } from './parse';

export type TalkKind = 'say' | 'kibitz' | 'whisper';
export type GameOffer = 'draw' | 'abort' | 'adjourn' | 'takeback';

/** The terms of a seek or a challenge. */
export interface Terms {
  minutes: number;
  increment: number;
  rated: boolean;
  color: 'white' | 'black' | null;
}

export interface NewTourney {
  name: string;
  format: 'swiss' | 'rr' | 'arena' | 'ko';
  minutes: number;
  increment: number;
  rated: boolean;
  /** Swiss rounds, or arena minutes. */
  rounds?: number;
  arenaMinutes?: number;
}

const terms = (t: Terms) => `${t.minutes} ${t.increment} ${t.rated ? 'rated' : 'unrated'}${t.color ? ' ' + t.color : ''}`;
const plain = (reply: string): Reply => ({ ok: true, text: replyText(reply) });

export class Client {
  constructor(
    private readonly fics: Fics,
    private readonly model: Model,
  ) {}

  /** A command typed in the console, as it was typed; the reply's lines a person reads. */
  async raw(line: string): Promise<string> {
    return consoleText(await this.fics.command(line));
  }

  /** A tell to one user; it goes in the console too. */
  async tell(name: string, text: string): Promise<Reply> {
    const r = talkReply(await this.fics.command(`tell ${name} ${text}`));
    if (r.ok) this.model.log(`→ ${name}: ${text}`, 'typed');
    return r;
  }

  async move(move: string): Promise<Reply> {
    return moveReply(await this.fics.command(move));
  }

  async talk(game: number, kind: TalkKind, text: string): Promise<Reply> {
    const r = talkReply(await this.fics.command(`${kind} ${text}`));
    // The server tells the others, not me: my own line joins the game's talk here.
    if (r.ok) this.model.ownChat(game, kind === 'say' ? 'says' : kind === 'kibitz' ? 'kibitzes' : 'whispers', text);
    return r;
  }

  async observe(game: number): Promise<Reply> {
    return observeReply(await this.fics.command(`observe ${game}`));
  }

  async unobserve(game: number): Promise<void> {
    await this.fics.command(`unobserve ${game}`);
  }

  /** Asks for the board of the game I play, observe or examine (after a login, say). */
  async refresh(): Promise<Reply> {
    return boardReply(await this.fics.command('refresh'));
  }

  async accept(offer: number): Promise<Reply> {
    return plain(await this.fics.command(`accept ${offer}`));
  }

  async decline(offer: number): Promise<Reply> {
    return plain(await this.fics.command(`decline ${offer}`));
  }

  async withdraw(offer: number): Promise<Reply> {
    return plain(await this.fics.command(`withdraw ${offer}`));
  }

  async offer(kind: GameOffer): Promise<Reply> {
    return plain(await this.fics.command(kind));
  }

  async resign(): Promise<Reply> {
    return plain(await this.fics.command('resign'));
  }

  async seek(t: Terms): Promise<Reply> {
    return plain(await this.fics.command(`seek ${terms(t)}`));
  }

  async unseek(index: number): Promise<Reply> {
    return plain(await this.fics.command(`unseek ${index}`));
  }

  async play(index: number): Promise<Reply> {
    return startReply(await this.fics.command(`play ${index}`));
  }

  async challenge(name: string, t: Terms): Promise<Reply> {
    return plain(await this.fics.command(`match ${name} ${terms(t)}`));
  }

  /** Examines my last finished game, from its first move. */
  async examineLast(): Promise<Reply> {
    const me = this.model.session.name;
    const hist = await this.fics.command(`history ${me}`);
    const idx = lastHistoryIndex(hist);
    if (idx === null) return { ok: false, text: replyText(hist) };
    return boardReply(await this.fics.command(`examine ${me} ${idx}`));
  }

  /** Opens an example position (the rules page gives its command). */
  async examineExample(command: string): Promise<Reply> {
    return boardReply(await this.fics.command(command));
  }

  async step(forward: boolean): Promise<Reply> {
    return moveReply(await this.fics.command(forward ? 'forward' : 'backward'));
  }

  async unexamine(): Promise<Reply> {
    return plain(await this.fics.command('unexamine'));
  }

  async tourneyJoin(id: number): Promise<Reply> {
    return plain(await this.fics.command(`tourney join ${id}`));
  }

  async tourneyLeave(id: number): Promise<Reply> {
    return plain(await this.fics.command(`tourney leave ${id}`));
  }

  /** Creates an event; its number when it was created. */
  async tourneyCreate(t: NewTourney): Promise<Reply & { id: number | null }> {
    let line = `tourney create ${t.name} ${t.format} ${t.minutes} ${t.increment} ${t.rated ? 'rated' : 'unrated'}`;
    if (t.format === 'swiss' && t.rounds) line += ` rounds=${t.rounds}`;
    if (t.format === 'arena' && t.arenaMinutes) line += ` minutes=${t.arenaMinutes}`;
    const reply = await this.fics.command(line);
    const id = tourneyCreated(reply);
    return { ok: id !== null, text: replyText(reply), id };
  }

  async tourneyStart(id: number): Promise<Reply> {
    return plain(await this.fics.command(`tourney start ${id}`));
  }

  /**
   * Asks for the computer analysis of a finished game, by its database id:
   * queued the first time (registered players), then where it stands, then
   * done. `id` is the game's when its analysis page has something to show.
   */
  async analyse(id: number): Promise<Reply & { id: number | null }> {
    return analysisReply(await this.fics.command(`analyse ${id}`));
  }

  async setLang(lang: string): Promise<void> {
    await this.fics.command(`set lang ${lang}`);
  }
}
