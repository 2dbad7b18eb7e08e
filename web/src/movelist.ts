// The move list of a game page and a finished game's page: numbered
// moves in SAN (French letters in French), each a button that shows the
// position after it; the arrow keys step (← →), and go to the start and
// the end (↑ ↓, Home, End), as on lichess.

import { h, fill } from './dom';
import { lang, t } from './i18n';
import { frenchSan } from './position';

export interface MoveList {
  el: HTMLElement;
  /** Redraws the moves (`sans` by ply), marking the one after which the board stands (`current`). */
  draw(sans: Map<number, string>, current: number): void;
  /** Stops listening to the keyboard. */
  leave(): void;
}

/** `go(ply)` shows the position after `ply` half-moves; `bounds()` says which plies there are. */
export function moveList(go: (ply: number) => void, bounds: () => { first: number; last: number; current: number }): MoveList {
  const el = h('ol', { class: 'moves', id: 'moves', 'aria-label': t('moves') });
  const french = lang() === 'fr';
  const draw = (sans: Map<number, string>, current: number) => {
    const plies = [...sans.keys()].sort((a, b) => a - b);
    const rows: HTMLElement[] = [];
    let row: HTMLElement | null = null;
    for (const ply of plies) {
      const number = Math.ceil(ply / 2);
      const white = ply % 2 === 1;
      if (white || !row) {
        row = h('li', { value: number }, h('span', { class: 'no' }, `${number}.`));
        if (!white) row.appendChild(h('span', { class: 'empty' }, '…'));
        rows.push(row);
      }
      const san = sans.get(ply)!;
      row.appendChild(
        h(
          'button',
          { type: 'button', class: ply === current ? 'san current' : 'san', 'data-ply': ply, 'aria-current': ply === current ? 'true' : undefined, onclick: () => go(ply) },
          french ? frenchSan(san) : san,
        ),
      );
    }
    fill(el, ...rows);
    const cur = el.querySelector('.current') as HTMLElement | null;
    if (cur) {
      // Scroll the list only: the page itself stays where it is.
      const top = cur.offsetTop - el.offsetTop;
      if (top < el.scrollTop || top > el.scrollTop + el.clientHeight - cur.offsetHeight) el.scrollTop = top - el.clientHeight / 2;
    } else if (current >= (plies[plies.length - 1] ?? 0)) el.scrollTop = el.scrollHeight;
  };
  const keys = (e: KeyboardEvent) => {
    const target = e.target as HTMLElement | null;
    if (target && (target.tagName === 'INPUT' || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA')) return;
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const b = bounds();
    const to =
      e.key === 'ArrowLeft' ? b.current - 1
      : e.key === 'ArrowRight' ? b.current + 1
      : e.key === 'ArrowUp' || e.key === 'Home' ? b.first
      : e.key === 'ArrowDown' || e.key === 'End' ? b.last
      : null;
    if (to === null) return;
    e.preventDefault();
    go(Math.max(b.first, Math.min(b.last, to)));
  };
  document.addEventListener('keydown', keys);
  return { el, draw, leave: () => document.removeEventListener('keydown', keys) };
}
