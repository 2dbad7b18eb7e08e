// The console: any FICS command, typed as on telnet; its reply and the
// server's other text lines are shown as text.

import { App } from '../app';
import { h } from '../dom';
import { t } from '../i18n';

const KEEP = 400;

export function consolePanel(app: App): { el: HTMLElement; leave: () => void } {
  const out = h('pre', { class: 'console-out', id: 'console-out', 'aria-live': 'polite' });
  const input = h('input', { type: 'text', id: 'console-in', placeholder: t('consoleHint'), autocomplete: 'off', 'aria-label': t('console') });
  const add = (text: string, cls = '') => {
    const line = h('div', { class: cls }, text);
    out.appendChild(line);
    while (out.childNodes.length > KEEP) out.removeChild(out.firstChild as Node);
    out.scrollTop = out.scrollHeight;
  };
  const form = h(
    'form',
    { class: 'console-form' },
    input,
    h('button', { type: 'submit' }, t('send')),
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const cmd = input.value;
    if (!cmd.trim()) return;
    input.value = '';
    add(`> ${cmd}`, 'typed');
    if (!(await app.ensureSession())) return;
    const reply = await app.fics.command(cmd);
    const shown = reply
      .split('\n')
      .filter((l) => !l.startsWith('<'))
      .join('\n')
      .replace(/\n+$/, '');
    if (shown) add(shown, 'reply');
  });
  const stop = app.live.listen((c) => {
    if (c.kind === 'text' && !c.solicited && c.line.trim() && !c.line.startsWith('<')) add(c.line);
  });
  const el = h('section', { class: 'panel console' }, h('h2', {}, t('console')), out, form);
  return { el, leave: stop };
}
