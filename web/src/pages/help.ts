// `/help/atomic` and `/help/atomic960`: the rules of `help atomic` (or
// `help atomic960`), flowed as headings, paragraphs and lists at any
// width, and the atomic page's example positions drawn as boards; each
// opens in examine mode, on the page's game view.

import { App, Page } from '../app';
import { api, fill, h } from '../dom';
import { lang, t } from '../i18n';
import { makeBoard } from '../board';
import { helpBlocks } from '../helptext';

interface HelpAtomic {
  text: string;
  boards: { name: string; about: string; fen: string; command: string }[];
}

function rules(text: string): HTMLElement {
  const el = h('div', { class: 'rules', id: 'rules' });
  for (const b of helpBlocks(text)) {
    if (b.kind === 'heading') el.appendChild(h(el.childNodes.length ? 'h3' : 'h2', {}, b.text));
    else if (b.kind === 'paragraph') el.appendChild(h('p', {}, b.text));
    else if (b.kind === 'list') el.appendChild(h(b.ordered ? 'ol' : 'ul', {}, ...b.items.map((i) => h('li', {}, i))));
    else el.appendChild(h('dl', {}, ...b.items.flatMap((i) => [h('dt', {}, i.title), h('dd', {}, i.text)])));
  }
  return el;
}

export function help(app: App, params: string[] = []): Page {
  // The route's one part: `960` for the Atomic960 page.
  const topic = params[0] === '960' ? 'atomic960' : 'atomic';
  const el = h('div', { class: 'help-page', 'data-topic': topic });
  const boards: ReturnType<typeof makeBoard>[] = [];
  app.setTitle(topic === 'atomic960' ? t('atomic960Rules') : t('rules'));
  fill(app.main, el);
  void (async () => {
    const page = await api<HelpAtomic>(`/api/help/${topic}?lang=${lang()}`);
    if (!page) return fill(el, h('p', {}, t('rulesUnavailable')));
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
            if (!(await app.session.ensure())) return;
            const r = await app.client.examineExample(b.command);
            if (!r.ok) el.prepend(h('p', { class: 'notice' }, r.text));
          },
        }, `${t('examineIt')}: ${b.command}`),
      );
    });
    const examples = cards.length ? [h('section', { class: 'panel' }, h('h2', {}, t('examples')), h('div', { class: 'examples' }, ...cards))] : [];
    fill(el, h('section', { class: 'panel' }, rules(page.text)), ...examples);
  })();
  return {
    leave() {
      for (const b of boards) b.api.destroy();
    },
  };
}
