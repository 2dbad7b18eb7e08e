// `/analysis/N`: a finished game's computer analysis, as the server stored
// it (/api/analysis/N: the evaluation after every move, lichess's marks,
// the engine's best moves), drawn as an evaluation graph and a move list;
// and an analysis board on which the same engine, Fairy-Stockfish as
// WebAssembly, runs on the player's own machine and evaluates whatever
// position the board shows. The page is its own small program, loaded only
// here: the engine is 1.6 MB, and needs a cross-origin isolated page for
// its threads (the server sends the headers for this page only). Its words
// are the shell's (i18n.ts, English and French), and so is its header
// (the lobby, the rules, the language).

import { h, fill } from '../dom';
import { makeBoard } from '../board';
import { frenchSan } from '../position';
import { Lang, initialLang, lang, setLang, t, tf } from '../i18n';
import { Atomic } from 'chessops/variant';
import { makeFen, parseFen } from 'chessops/fen';
import { parseUci } from 'chessops/util';
import { makeSanAndPlay } from 'chessops/san';

interface Eval {
  cp?: number;
  mate?: number;
}
interface Move {
  ply: number;
  san: string;
  uci: string;
  eval: Eval | null;
  winning_chances: number | null;
  best: string | null;
  judgement: string | null;
}
interface Analysis {
  id: number;
  /** The position the game started from, when it was set up; null: the standard one. */
  start_fen?: string | null;
  status: string;
  engine: string | null;
  start?: Eval | null;
  moves?: Move[];
  white?: { inaccuracies: number; mistakes: number; blunders: number };
  black?: { inaccuracies: number; mistakes: number; blunders: number };
}

declare global {
  interface Window {
    Stockfish?: () => Promise<{ postMessage(line: string): void; addMessageListener(f: (line: string) => void): void }>;
  }
}

const GLYPH: Record<string, string> = { inaccuracy: '?!', mistake: '?', blunder: '??' };
const JUDGEMENT = { inaccuracy: 'judgeInaccuracy', mistake: 'judgeMistake', blunder: 'judgeBlunder' } as const;

/** A mark's name, as the page words it. */
function judgement(j: string): string {
  return j in JUDGEMENT ? t(JUDGEMENT[j as keyof typeof JUDGEMENT]) : j;
}

/** SAN in the page's language (French piece letters R D T F C). */
const san = (s: string) => (lang() === 'fr' ? frenchSan(s) : s);

/** `3 blunders`, `1 gaffe`, `0 erreur`: French counts 0 and 1 in the singular. */
function count(n: number, one: 'inaccuracy1' | 'mistake1' | 'blunder1', many: 'inaccuracyN' | 'mistakeN' | 'blunderN'): string {
  return tf(n === 1 || (n === 0 && lang() === 'fr') ? one : many, String(n));
}

function evalText(e: Eval | null | undefined): string {
  if (!e) return '–';
  if (e.mate !== undefined) return `#${e.mate}`;
  const cp = e.cp ?? 0;
  return `${cp >= 0 ? '+' : ''}${(cp / 100).toFixed(2)}`;
}

/** The evaluation graph: White's winning chances after each move, -1 to +1. */
function graph(moves: Move[], pick: (ply: number) => void): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('id', 'eval-graph');
  svg.setAttribute('viewBox', '0 0 600 120');
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', t('evalGraph'));
  const n = Math.max(moves.length, 1);
  const y = (w: number) => 60 - 58 * w;
  let last = 0;
  const points = moves.map((m, i) => {
    const w = m.winning_chances ?? (i === moves.length - 1 ? Math.sign(last) : last);
    last = w;
    return `${((i + 1) * 600) / n},${y(w).toFixed(1)}`;
  });
  const mid = document.createElementNS(ns, 'line');
  for (const [k, v] of [['x1', '0'], ['y1', '60'], ['x2', '600'], ['y2', '60'], ['class', 'axis']]) mid.setAttribute(k, v);
  const line = document.createElementNS(ns, 'polyline');
  line.setAttribute('points', `0,60 ${points.join(' ')}`);
  line.setAttribute('class', 'eval');
  svg.append(mid, line);
  moves.forEach((m, i) => {
    if (!m.judgement) return;
    const dot = document.createElementNS(ns, 'circle');
    const [cx, cy] = points[i].split(',');
    for (const [k, v] of [['cx', cx], ['cy', cy], ['r', '4'], ['class', `mark ${m.judgement}`]]) dot.setAttribute(k, v);
    dot.addEventListener('click', () => pick(m.ply));
    svg.append(dot);
  });
  return svg;
}

/** The engine in this browser: one search at a time, the newest wins. */
function localEngine(show: (text: string) => void, chess960: boolean) {
  if (!window.crossOriginIsolated || !window.Stockfish) {
    show(t('localNoEngine'));
    return null;
  }
  const ready = window.Stockfish().then((sf) => {
    let fen = '';
    sf.addMessageListener((line: string) => {
      const m = /^info depth (\d+) .*score (cp|mate) (-?\d+).* pv (\S+)/.exec(line);
      if (!m) return;
      const white = fen.split(' ')[1] === 'w' ? 1 : -1;
      const n = Number(m[3]) * white;
      const score = m[2] === 'cp' ? `${n >= 0 ? '+' : ''}${(n / 100).toFixed(2)}` : `#${n}`;
      show(tf('localEval', score, m[1], m[4]));
    });
    sf.postMessage('uci');
    sf.postMessage('setoption name UCI_Variant value atomic');
    // Atomic960: the FEN's KQkq are the outermost rooks, castling the king onto its rook.
    if (chess960) sf.postMessage('setoption name UCI_Chess960 value true');
    sf.postMessage('setoption name Threads value 1');
    return (f: string) => {
      fen = f;
      sf.postMessage('stop');
      sf.postMessage(`position fen ${f}`);
      sf.postMessage('go depth 14');
    };
  });
  return (fen: string) => void ready.then((go) => go(fen));
}

/** The shell's header: the lobby, the rules, the language (a change draws the page again). */
function header(): void {
  const top = document.getElementById('top')!;
  const choose = h(
    'select',
    { 'aria-label': t('language'), id: 'lang' },
    h('option', { value: 'en', selected: lang() === 'en' }, 'English'),
    h('option', { value: 'fr', selected: lang() === 'fr' }, 'Français'),
  );
  choose.addEventListener('change', () => {
    setLang(choose.value as Lang);
    location.reload();
  });
  fill(top, h('nav', {}, h('a', { href: '/' }, h('strong', {}, 'atomicd')), ' ', h('a', { href: '/' }, t('lobby')), ' ', h('a', { href: '/help/atomic' }, t('rules'))), choose);
}

/**
 * Whether a stored start is Atomic960's: the server keeps an Atomic960
 * start with Shredder castling letters (`HAha`), which an atomic one
 * never has (docs/atomic960.md). chessops reads both forms alike.
 */
export function isAtomic960Start(fen: string | null | undefined): boolean {
  return /[a-h]/i.test(fen?.split(' ')[2] ?? '');
}

/** The game's start: its set-up position, or the standard one. */
function startPosition(fen: string | null | undefined): Atomic {
  if (!fen) return Atomic.default();
  return parseFen(fen).chain((setup) => Atomic.fromSetup(setup)).unwrap(
    (pos) => pos,
    () => Atomic.default(),
  );
}

async function main() {
  setLang(initialLang());
  header();
  const root = document.getElementById('page')!;
  const id = Number(location.pathname.split('/').pop());
  document.title = `${tf('analysisOf', String(id))} – atomicd`;
  const r = await fetch(`/api/analysis/${id}`);
  const a = (await r.json()) as Analysis & { error?: string };
  if (!r.ok || a.status !== 'done' || !a.moves) {
    // The API's refusal comes in the server's words; the rest in the page's.
    const why = a.error ?? (a.status === 'failed' ? tf('analysisFailed', String(id)) : tf('analysisWaits', String(id)));
    fill(root, h('section', { class: 'panel' }, h('h2', {}, `${t('game')} ${id}`), h('p', { id: 'analysis-status' }, why, a.status ? '' : ` ${tf('analysisHowTo', String(id))}`)));
    return;
  }
  const moves = a.moves;
  // Every position of the game, for the board.
  const fens: string[] = [];
  const pos = startPosition(a.start_fen);
  fens.push(makeFen(pos.toSetup()));
  // Each move's number, from the position it was played in: a set-up game starts at any move, with either side.
  const numbers: string[] = [];
  for (const m of moves) {
    const mv = parseUci(m.uci);
    if (!mv) break;
    numbers.push(pos.turn === 'white' ? `${pos.fullmoves}. ` : numbers.length ? '' : `${pos.fullmoves}… `);
    makeSanAndPlay(pos, mv);
    fens.push(makeFen(pos.toSetup()));
  }
  const board = makeBoard({ fen: fens[0], viewOnly: true, coordinates: true });
  const local = h('p', { id: 'local-eval', 'aria-live': 'polite' }, t('localStarting'));
  const go = localEngine((text) => fill(local, text), isAtomic960Start(a.start_fen));
  const rows = moves.map((m, i) =>
    h(
      'li',
      { 'data-ply': m.ply, class: m.judgement ?? '' },
      h('span', { class: 'san' }, `${numbers[i] ?? ''}${san(m.san)}${m.judgement ? GLYPH[m.judgement] : ''}`),
      ' ',
      h('span', { class: 'eval' }, evalText(m.eval)),
      m.judgement && m.best ? h('small', {}, ` ${judgement(m.judgement)}. ${tf('wasBest', san(m.best))}`) : null,
    ),
  );
  const show = (ply: number) => {
    board.api.set({ fen: fens[ply] });
    board.el.dataset.fen = fens[ply];
    rows.forEach((r) => r.classList.toggle('current', Number(r.dataset.ply) === ply));
    go?.(fens[ply]);
  };
  rows.forEach((r) => r.addEventListener('click', () => show(Number(r.dataset.ply))));
  const side = (s: Analysis['white'], name: string) =>
    s ? h('p', {}, `${name}${lang() === 'fr' ? ' :' : ':'} ${count(s.inaccuracies, 'inaccuracy1', 'inaccuracyN')}, ${count(s.mistakes, 'mistake1', 'mistakeN')}, ${count(s.blunders, 'blunder1', 'blunderN')}`) : null;
  fill(
    root,
    h(
      'div',
      { class: 'analysis' },
      h('section', { class: 'panel' }, h('h2', {}, tf('analysisOf', String(id))), h('p', {}, a.engine ?? ''), graph(moves, show), side(a.white, t('white')), side(a.black, t('black'))),
      h('section', { class: 'panel' }, board.el, local),
      h('section', { class: 'panel' }, h('ol', { id: 'analysis-moves', class: 'moves' }, ...rows)),
    ),
  );
  show(0);
}

void main();
