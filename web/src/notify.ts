// The notification area, under the header on every page: challenges to
// me (a rematch too) with accept and decline, my own with withdraw; the
// offers of my game when its page is not the one showing; tells, each
// with a reply box; notices. Everything in it stays until it is answered
// or dismissed; tells are kept in the console as well.

import type { App } from './app';
import { h, fill } from './dom';
import { t, tf } from './i18n';
import type { Offer } from './events';
import { offerWord, termsText } from './words';

export function notificationArea(app: App): HTMLElement {
  const el = h('aside', { id: 'notes', class: 'notes', 'aria-live': 'polite', 'aria-label': t('notifications') });
  const m = app.model;
  /** The tells being answered: their reply box survives a redraw. */
  const replying = new Map<number, HTMLInputElement>();

  const answer = (label: string, cls: string, act: () => Promise<unknown>) =>
    h('button', { type: 'button', class: cls, onclick: () => void act() }, label);

  const challenge = (o: Offer) => {
    const c = m.challenges().find((x) => x.offer.id === o.id)?.terms ?? null;
    const terms = c ? termsText(c.minutes, c.increment, c.rated) : o.params;
    if (o.toMe) {
      // The colour the challenger asked for is theirs: I get the other one.
      const mine = c?.color === 'white' ? t('black') : c?.color === 'black' ? t('white') : null;
      return h(
        'div',
        { class: 'note challenge', 'data-offer': o.id, 'data-from': o.who },
        h('span', { class: 'what' }, h('b', {}, o.who), c ? ` (${c.fromRating})` : '', ` ${t('challengesYou')}: ${terms}`, mine ? `, ${tf('youPlay', mine)}` : '', c?.adjourned ? ` (${t('adjourned')})` : ''),
        answer(t('accept'), 'accept', () => app.client.accept(o.id)),
        answer(t('decline'), 'decline', () => app.client.decline(o.id)),
      );
    }
    return h(
      'div',
      { class: 'note challenge mine', 'data-offer': o.id, 'data-to': o.who },
      h('span', { class: 'what' }, `${tf('youChallenge', o.who)}: ${terms}`),
      answer(t('withdraw'), 'withdraw', () => app.client.withdraw(o.id)),
    );
  };

  const gameOffer = (o: Offer) =>
    o.toMe
      ? h(
          'div',
          { class: 'note offer', 'data-offer': o.id, 'data-kind': o.kind },
          h('span', { class: 'what' }, h('b', {}, o.who), ` ${offerWord(o.kind)}`),
          answer(t('accept'), 'accept', () => app.client.accept(o.id)),
          answer(t('decline'), 'decline', () => app.client.decline(o.id)),
        )
      : null;

  const tell = (id: number, from: string, text: string) => {
    const box = replying.get(id);
    const form = box ? h('form', { class: 'reply-form' }, box, h('button', { type: 'submit' }, t('send'))) : null;
    form?.addEventListener('submit', async (e) => {
      e.preventDefault();
      const text = box!.value.trim();
      if (!text) return;
      const r = await app.client.tell(from, text);
      replying.delete(id);
      if (r.ok) m.dismiss(id);
      else m.note('notice', r.text);
    });
    return h(
      'div',
      { class: 'note tell', 'data-note': id, 'data-from': from },
      h('span', { class: 'what' }, h('b', {}, from), ` ${t('tellsYou')}: `, h('span', { class: 'text' }, text)),
      box
        ? form
        : answer(t('reply'), 'reply', async () => {
            replying.set(id, h('input', { type: 'text', class: 'reply-text', 'aria-label': tf('replyTo', from), autocomplete: 'off' }));
            draw();
            replying.get(id)?.focus();
          }),
      answer('×', 'dismiss', async () => m.dismiss(id)),
    );
  };

  /**
   * A registered user whose connection could not be taken up again (no
   * resume cookie: the browser refused it) is asked for the password,
   * wherever the page is.
   */
  let password: HTMLInputElement | null = null;
  let againName: string | null = null;
  const loginAgain = () => {
    const p = m.session.problem;
    if (p?.key === 'loginAgain') againName = p.text ?? null;
    else if (p?.key !== 'badPassword') againName = null;
    const name = againName;
    if (!name || m.online) return null;
    password ??= h('input', { type: 'password', id: 'again-password', autocomplete: 'current-password', 'aria-label': t('password'), placeholder: t('password') });
    const form = h('form', { class: 'reply-form' }, password, h('button', { type: 'submit', id: 'again-login' }, t('login')));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const pw = password!.value;
      void app.session.login(name, pw).then((ok) => {
        if (!ok) m.setSession({ problem: { key: 'badPassword', text: name } });
      });
    });
    return h(
      'div',
      { class: 'note again', id: 'login-again' },
      h('span', { class: 'what' }, tf('loginAgain', name), p?.key === 'badPassword' ? h('b', { class: 'error' }, ` ${t('badPassword')}`) : ''),
      form,
      answer(t('asGuestInstead'), 'as-guest', async () => {
        againName = null;
        m.setSession({ problem: null });
        password = null;
        await app.session.ensure();
      }),
    );
  };

  const draw = () => {
    const shown = app.page?.gameNumber?.() ?? null;
    const onMyGamePage = shown !== null && shown === m.myGame;
    const items: (HTMLElement | null)[] = [
      loginAgain(),
      ...[...m.offers.values()].filter((o) => o.kind === 'match').map(challenge),
      ...(onMyGamePage ? [] : [...m.offers.values()].filter((o) => o.kind !== 'match').map(gameOffer)),
      ...m.notes.map((n) =>
        n.kind === 'tell'
          ? tell(n.id, n.from ?? '?', n.text)
          : h('div', { class: 'note notice', 'data-note': n.id }, h('span', { class: 'what' }, n.text), answer('×', 'dismiss', async () => m.dismiss(n.id))),
      ),
    ];
    const shownItems = items.filter((x): x is HTMLElement => !!x);
    const focused = document.activeElement === password;
    fill(el, ...shownItems);
    if (focused) password?.focus();
    el.hidden = !shownItems.length;
  };

  m.listen((c) => {
    if (c.kind === 'offers' || c.kind === 'notes' || c.kind === 'session' || c.kind === 'mine') draw();
  });
  window.addEventListener('atomicd:redraw', draw);
  draw();
  return el;
}
