// `/help/atomic`: the rules of `help atomic`, and its example positions
// drawn as boards; each opens in examine mode, on the page's game view.

import { App, Page } from '../app';
import { api, fill, h } from '../dom';
import { lang, t } from '../i18n';
import { makeBoard } from '../board';

interface HelpAtomic {
  text: string;
  boards: { name: string; about: string; fen: string; command: string }[];
}

export function help(app: App): Page {
  const el = h('div', { class: 'help-page' });
  const boards: ReturnType<typeof makeBoard>[] = [];
  fill(app.main, el);
  void (async () => {
    const page = await api<HelpAtomic>(`/api/help/atomic?lang=${lang()}`);
    if (!page) return fill(el, h('p', {}, 'The rules page is not available.'));
    const cards = page.boards.map((b) => {
      const view = makeBoard({ fen: b.fen, viewOnly: true, coordinates: false, turnColor: b.fen.split(' ')[1] === 'b' ? 'black' : 'white' }, true);
      boards.push(view);
      return h(
        'figure',
        { class: 'example', 'data-example': b.name },
        view.el,
        h('figcaption', {}, b.about),
        h('button', {
          type: 'button',
          class: 'examine',
          onclick: async () => {
            if (!(await app.ensureSession())) return;
            const reply = await app.fics.command(b.command);
            if (!/<12> /.test(reply)) alertText(el, reply);
          },
        }, `${t('examineIt')}: ${b.command}`),
      );
    });
    fill(el, h('section', { class: 'panel' }, h('pre', { class: 'rules', id: 'rules' }, page.text)), h('section', { class: 'panel' }, h('h2', {}, t('examples')), h('div', { class: 'examples' }, ...cards)));
  })();
  return {
    leave() {
      for (const b of boards) b.api.destroy();
    },
  };
}

function alertText(el: HTMLElement, text: string): void {
  el.prepend(h('p', { class: 'notice' }, text.trim()));
}
