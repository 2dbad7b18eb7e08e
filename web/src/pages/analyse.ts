// A finished game's "Computer analysis", on its game page and on its
// /history page: the button asks the server for the analysis of the game
// by its database id (`analyse ID`: queued the first time, for registered
// players; then where it stands; then done, for anyone) and shows what the
// server answered. Once the game is queued, under way or analysed, a link
// opens its /analysis page, a page of its own with its own script (and
// the engine): a plain link, not one of the shell's.

import type { App } from '../app';
import { fill, h } from '../dom';
import { t } from '../i18n';

export function analyseBox(app: App, id: number): HTMLElement {
  // The server's words (who may ask, the day's limit, where the game is in the queue).
  const said = h('span', { class: 'notice', id: 'analysis-notice', 'aria-live': 'polite' });
  const page = h('a', { href: `/analysis/${id}`, id: 'analysis-link', hidden: true }, t('analysis'));
  const ask = h('button', {
    type: 'button',
    id: 'btn-analyse',
    onclick: async () => {
      if (!(await app.session.ensure())) return;
      const r = await app.client.analyse(id);
      fill(said, r.text);
      if (r.id === id) page.hidden = false;
    },
  }, t('analyseGame'));
  return h('span', { class: 'analyse' }, ask, ' ', page, ' ', said);
}
