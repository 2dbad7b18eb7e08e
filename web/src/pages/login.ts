// The login box of the lobby: play as a guest, or log in with a name and
// a password. A failed login says why (a wrong password, no password for
// a registered name, the server's own reason) and keeps what was typed.

import type { App } from '../app';
import { h, fill } from '../dom';
import { t } from '../i18n';

export function loginPanel(app: App): { el: HTMLElement; leave(): void } {
  const m = app.model;
  const el = h('section', { class: 'panel login', id: 'login' });
  const name = h('input', { type: 'text', id: 'login-name', autocomplete: 'username', 'aria-label': t('name'), placeholder: t('name') });
  const pw = h('input', { type: 'password', id: 'login-password', autocomplete: 'current-password', 'aria-label': t('password'), placeholder: t('password') });
  const error = h('p', { class: 'error', id: 'login-error', role: 'alert' });
  const form = h('form', {}, name, pw, h('button', { type: 'submit' }, t('login')));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (name.value.trim()) void app.session.login(name.value.trim(), pw.value);
  });
  const guest = h('button', { type: 'button', id: 'guest', class: 'big', onclick: () => void app.session.login('guest', '') }, t('guest'));
  fill(el, guest, form, error);

  const draw = () => {
    el.hidden = m.online || m.session.connection === 'reconnecting';
    const p = m.session.problem;
    // After a reload the notification area asks for the password again; the form here has the name ready.
    if (p?.key === 'loginAgain' && !name.value && p.text) name.value = p.text;
    const why = !p || p.key === 'loginAgain'
      ? ''
      : p.key === 'badPassword'
        ? t('badPassword')
        : p.key === 'needPassword'
          ? t('needPassword')
          : (p.key === 'refused' || p.key === 'kicked') && p.text
            ? p.text
            : t('loginFailed');
    fill(error, why);
    error.hidden = !why;
    if (p?.key === 'badPassword' || p?.key === 'needPassword') pw.focus();
  };
  draw();
  const stop = m.listen((c) => {
    if (c.kind === 'session') draw();
  });
  return { el, leave: stop };
}
