// The lobby's "Play with the computer": the server's computer opponents
// (/api/bots), one per level 1 to 8, with a time control and a colour.
// The opponent of the level chosen is challenged as anyone is (a guest
// session is opened first if there is none); it accepts, and the game's
// page opens as for any game of mine. When computer play is off (no
// engine, no computer opponents in config.toml) the panel says so, and
// why in the server's words.

import type { App } from '../app';
import { api, fill, h } from '../dom';
import { t } from '../i18n';
import type { Terms } from '../client';

interface ApiBots {
  available: boolean;
  why: string | null;
  bots: { name: string; level: number; rating: string | null; status: 'free' | 'playing' | 'offline' }[];
}

export function computerPanel(app: App): { el: HTMLElement; poll(): Promise<void> } {
  const el = h('section', { class: 'panel computer', id: 'computer' }, h('h2', {}, t('playComputer')));
  const level = h('select', { id: 'computer-level', 'aria-label': t('level') });
  const minutes = h('input', { type: 'number', id: 'computer-minutes', min: 0, max: 999, value: 5, 'aria-label': t('minutes') });
  const inc = h('input', { type: 'number', id: 'computer-inc', min: 0, max: 999, value: 3, 'aria-label': t('increment') });
  const color = h(
    'select',
    { id: 'computer-color', 'aria-label': t('color') },
    h('option', { value: '' }, t('anyColor')),
    h('option', { value: 'white' }, t('white')),
    h('option', { value: 'black' }, t('black')),
  );
  // The server's answer when the challenge does not go (the bot busy, all the games the house plays taken).
  const notice = h('p', { class: 'notice', id: 'computer-notice', 'aria-live': 'polite' });
  const form = h(
    'form',
    { class: 'seek-form' },
    h('label', { class: 'level' }, t('level'), ' ', level),
    h('label', {}, t('minutes'), ' ', minutes),
    h('label', {}, t('increment'), ' ', inc),
    h('label', {}, t('color'), ' ', color),
    h('button', { type: 'submit', id: 'computer-button', class: 'big' }, t('playComputer')),
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (!level.value || !(await app.session.ensure())) return;
    // Games against the house are unrated: its bots' ratings are not a person's.
    const terms: Terms = { minutes: Number(minutes.value) || 0, increment: Number(inc.value) || 0, rated: false, color: (color.value || null) as Terms['color'] };
    fill(notice, (await app.client.challenge(level.value, terms)).text);
  });

  // Drawn again only when the API says something new: a redraw would close an open select.
  let shown = '';
  const draw = (b: ApiBots) => {
    const key = JSON.stringify(b);
    if (key === shown) return;
    shown = key;
    if (!b.available) {
      fill(el, h('h2', {}, t('playComputer')), h('p', { id: 'computer-off' }, t('computerOff'), ' ', h('span', { id: 'computer-why' }, `${b.why ?? ''}.`)));
      return;
    }
    const chosen = level.value;
    fill(
      level,
      ...b.bots.map((bot) =>
        h('option', { value: bot.name }, `${bot.level} – ${bot.name}${bot.rating ? ` (${bot.rating})` : ''}${bot.status === 'playing' ? `, ${t('playing')}` : ''}`),
      ),
    );
    if (chosen) level.value = chosen;
    fill(el, h('h2', {}, t('playComputer')), form, notice);
  };

  const poll = async () => {
    const b = await api<ApiBots>('/api/bots');
    if (b) draw(b);
  };
  return { el, poll };
}
