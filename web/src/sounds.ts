// The sounds of a game, made on the spot with the Web Audio API (no file,
// no request): a move, an explosion, a game's start and end, and low time
// on my clock. A switch in the header mutes them (kept in localStorage).
// `played` lists what sounded, newest last, for the curious and the tests.

import { Model, clockMs, myColor } from './state';

export type SoundName = 'move' | 'explosion' | 'start' | 'end' | 'lowTime' | 'notify';

const MUTED = 'atomicd.muted';
/** Low time: under a tenth of the starting time, and at most 20 s. */
const LOW_SHARE = 0.1;
const LOW_MAX_MS = 20000;

export class Sounds {
  muted = localStorage.getItem(MUTED) === '1';
  readonly played: SoundName[] = [];
  private ctx: AudioContext | null = null;
  /** The games whose low-time warning has sounded. */
  private warned = new Set<number>();
  /** The challenges that have rung. */
  private rung = new Set<number>();

  constructor(private readonly model: Model) {
    model.listen((c) => {
      if (c.kind === 'mine' && !c.game.examining) this.play('start');
      if (c.kind === 'game' && c.what === 'board' && c.previous) this.play(c.game.board?.san.includes('x') ? 'explosion' : 'move');
      // The model hears only of the games I play, observe or examine.
      if (c.kind === 'game' && c.what === 'end') this.play('end');
      if (c.kind === 'offers') {
        // A new challenge to me rings once.
        const fresh = model.challenges().filter((x) => x.offer.toMe && !this.rung.has(x.offer.id));
        for (const x of fresh) this.rung.add(x.offer.id);
        if (fresh.length) this.play('notify');
      }
    });
    setInterval(() => this.checkLowTime(), 500);
  }

  setMuted(m: boolean): void {
    this.muted = m;
    localStorage.setItem(MUTED, m ? '1' : '0');
  }

  play(name: SoundName): void {
    this.played.push(name);
    if (this.played.length > 50) this.played.shift();
    if (this.muted) return;
    try {
      this.ctx ??= new AudioContext();
      SYNTHS[name](this.ctx);
    } catch {
      // No audio here (or not allowed yet): the game goes on in silence.
    }
  }

  private checkLowTime(): void {
    const n = this.model.myGame;
    const g = n === null ? undefined : this.model.games.get(n);
    if (!g?.board || g.end) return;
    const me = myColor(g, this.model.session.name);
    if (!me || this.warned.has(g.serial)) return;
    const limit = Math.min(LOW_MAX_MS, g.board.minutes * 60000 * LOW_SHARE);
    const left = clockMs(g, me);
    if (limit > 0 && left > 0 && left < limit) {
      this.warned.add(g.serial);
      this.play('lowTime');
    }
  }
}

/** A short tone: `freq` Hz, `ms` long, from `at` seconds from now. */
function tone(ctx: AudioContext, freq: number, ms: number, at = 0, type: OscillatorType = 'sine', gain = 0.2): void {
  const t0 = ctx.currentTime + at;
  const osc = ctx.createOscillator();
  const g = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t0);
  g.gain.setValueAtTime(gain, t0);
  g.gain.exponentialRampToValueAtTime(0.001, t0 + ms / 1000);
  osc.connect(g).connect(ctx.destination);
  osc.start(t0);
  osc.stop(t0 + ms / 1000);
}

/** A burst of noise that falls off: the blast. */
function noise(ctx: AudioContext, ms: number, gain: number): void {
  const len = Math.floor((ctx.sampleRate * ms) / 1000);
  const buf = ctx.createBuffer(1, len, ctx.sampleRate);
  const data = buf.getChannelData(0);
  for (let i = 0; i < len; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / len) ** 2;
  const src = ctx.createBufferSource();
  const filter = ctx.createBiquadFilter();
  filter.type = 'lowpass';
  filter.frequency.value = 900;
  const g = ctx.createGain();
  g.gain.value = gain;
  src.buffer = buf;
  src.connect(filter).connect(g).connect(ctx.destination);
  src.start();
}

const SYNTHS: Record<SoundName, (ctx: AudioContext) => void> = {
  move: (c) => tone(c, 520, 60, 0, 'triangle', 0.25),
  explosion: (c) => {
    noise(c, 450, 0.6);
    tone(c, 80, 300, 0, 'sine', 0.35);
  },
  start: (c) => {
    tone(c, 440, 120);
    tone(c, 660, 180, 0.12);
  },
  end: (c) => {
    tone(c, 660, 140);
    tone(c, 440, 240, 0.14);
  },
  lowTime: (c) => {
    tone(c, 880, 90, 0, 'square', 0.08);
    tone(c, 880, 90, 0.18, 'square', 0.08);
  },
  notify: (c) => tone(c, 740, 120, 0, 'sine', 0.15),
};
