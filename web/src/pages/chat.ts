// A game's talk: every line said, kibitzed or whispered about it (mine
// too, worded as the others see it), and the box to talk, with only the
// kinds this user may use: a player says and kibitzes; a registered
// observer or examiner kibitzes and whispers; a guest watching others'
// game cannot talk in it, and the page says so instead of offering it.

import type { App } from '../app';
import { h, fill } from '../dom';
import { t } from '../i18n';
import type { TalkKind } from '../client';
import { GameState, myColor } from '../state';

const VERB = { says: 'chatSays', kibitzes: 'chatKibitzes', whispers: 'chatWhispers' } as const;

export function chatPanel(app: App, n: number): { el: HTMLElement; draw(g: GameState | null): void } {
  const list = h('ul', { class: 'chat', id: 'chat' });
  const form = h('form', { class: 'chat-form', id: 'chat-form' });
  const note = h('p', { class: 'notice', id: 'chat-note' });
  const input = h('input', { type: 'text', id: 'chat-input', autocomplete: 'off', 'aria-label': t('chat') });
  const kind = h('select', { id: 'chat-kind', 'aria-label': t('chat') });
  let kinds: TalkKind[] = [];
  let shown = 0;
  let serial = -1;
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    input.value = '';
    const r = await app.client.talk(n, kind.value as TalkKind, text);
    if (!r.ok) fill(note, r.text);
  });

  const draw = (g: GameState | null) => {
    if (!g) return;
    // Another game under the same number starts with no talk.
    if (g.serial !== serial) {
      serial = g.serial;
      shown = 0;
      fill(list);
    }
    for (const c of g.chat.slice(shown)) list.appendChild(h('li', { 'data-kind': c.kind }, h('b', {}, c.who), ` ${t(VERB[c.kind])}: `, c.text));
    if (g.chat.length > shown) list.scrollTop = list.scrollHeight;
    shown = g.chat.length;
    const m = app.model;
    const player = !!myColor(g, m.session.name) && !g.end;
    const want: TalkKind[] = !m.online
      ? []
      : player
        ? ['say', 'kibitz']
        : g.end && (g.white === m.session.name || g.black === m.session.name)
          ? ['say']
          : m.registered
            ? ['kibitz', 'whisper']
            : [];
    if (want.join() !== kinds.join()) {
      kinds = want;
      fill(kind, ...want.map((k) => h('option', { value: k }, t(k))));
      fill(form, kind, input, h('button', { type: 'submit' }, t('send')));
    }
    form.hidden = !want.length;
    if (!want.length && m.online) fill(note, t('guestsCannotTalk'));
    else if (!want.length) fill(note);
    else if (note.textContent === t('guestsCannotTalk')) fill(note);
  };
  const el = h('section', { class: 'talk' }, h('h3', {}, t('chat')), list, form, note);
  return { el, draw };
}
