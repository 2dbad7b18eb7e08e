// A button whose action needs a second click: "Resign" becomes "Resign?
// Yes / No" in place, so that one click never loses a game.

import { h, fill } from '../dom';
import { t } from '../i18n';

export function confirmButton(label: string, id: string, question: string, act: () => Promise<void>): HTMLElement {
  const box = h('span', { class: 'confirm', id: `${id}-box` });
  const ask = () => {
    const yes = h('button', { type: 'button', id: `${id}-yes`, class: 'yes', onclick: async () => (reset(), await act()) }, t('yes'));
    fill(box, h('span', { class: 'question' }, question), ' ', yes, h('button', { type: 'button', id: `${id}-no`, onclick: reset }, t('no')));
    yes.focus();
  };
  const reset = () => fill(box, h('button', { type: 'button', id, onclick: ask }, label));
  reset();
  return box;
}
