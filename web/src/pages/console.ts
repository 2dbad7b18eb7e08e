// The console: any FICS command, typed as on telnet; its reply and the
// server's other text lines (tells too) are shown as text. The lines are
// the model's, so the console shows what came while it was not on show.

import type { App } from '../app';
import { h } from '../dom';
import { t } from '../i18n';

export function consolePanel(app: App): { el: HTMLElement; leave: () => void } {
  const m = app.model;
  const out = h('pre', { class: 'console-out server-text', id: 'console-out', 'aria-live': 'polite' });
  const input = h('input', { type: 'text', id: 'console-in', placeholder: t('consoleHint'), autocomplete: 'off', 'aria-label': t('console') });
  const add = (text: string, cls = '') => {
    out.appendChild(h('div', { class: cls }, text));
    while (out.childNodes.length > 400) out.removeChild(out.firstChild as Node);
    out.scrollTop = out.scrollHeight;
  };
  for (const l of m.console) add(l.line, l.cls);
  const form = h('form', { class: 'console-form' }, input, h('button', { type: 'submit' }, t('send')));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const cmd = input.value;
    if (!cmd.trim()) return;
    input.value = '';
    m.log(`> ${cmd}`, 'typed');
    if (!(await app.session.ensure())) return;
    const shown = await app.client.raw(cmd);
    if (shown) m.log(shown, 'reply');
  });
  const stop = m.listen((c) => {
    if (c.kind === 'console') add(c.line, c.cls);
  });
  const el = h('section', { class: 'panel console' }, h('h2', {}, t('console')), out, form);
  return { el, leave: stop };
}
