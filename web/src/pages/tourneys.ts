// The lobby's tournaments: those coming and running, those finished (each
// a link to its page), and, for those allowed to create events (directors
// and admins, or any registered user where the server lets them), a form
// that creates one and opens its page.

import type { App } from '../app';
import { api, fill, h, link } from '../dom';
import { t } from '../i18n';
import type { NewTourney } from '../client';
import { formatWord, statusWord, termsText } from '../words';

interface ApiTourney {
  id: number;
  name: string;
  format: string;
  status: string;
  players: number;
  round: number;
  rated: boolean;
  variant?: string;
  time_control: { minutes: number; increment: number };
}

interface ApiTourneys {
  tourneys: ApiTourney[];
  anyone_creates?: boolean;
}

export function tourneysPanel(app: App): { el: HTMLElement; poll(): Promise<void>; leave(): void } {
  const m = app.model;
  const current = h('ul', { id: 'tourneys' });
  const finished = h('ul', { id: 'tourneys-finished' });
  const finishedBox = h('div', { hidden: true }, h('h3', {}, t('finishedTourneys')), finished);
  const create = h('div', { id: 'tourney-create-box' });
  let anyone = false;

  const line = (x: ApiTourney) =>
    h('li', { 'data-tourney': x.id }, link(`/tourney/${x.id}`, x.name), ` ${formatWord(x.format)}, ${termsText(x.time_control.minutes, x.time_control.increment, x.rated, x.variant)}, ${statusWord(x.status)}`);

  const poll = async () => {
    const tl = await api<ApiTourneys>('/api/tourneys');
    if (!tl) return;
    anyone = !!tl.anyone_creates;
    const open = tl.tourneys.filter((x) => x.status !== 'finished' && x.status !== 'cancelled');
    const done = tl.tourneys.filter((x) => !open.includes(x)).reverse();
    fill(current, ...(open.length ? open.map(line) : [h('li', {}, t('noTourneys'))]));
    fill(finished, ...done.map(line));
    finishedBox.hidden = !done.length;
    drawCreate();
  };

  // The creation form.
  const name = h('input', { type: 'text', id: 'tc-name', required: true, maxlength: 30, pattern: '[A-Za-z0-9_\\-]+', 'aria-label': t('tourneyName'), placeholder: t('tourneyName') });
  const format = h(
    'select',
    { id: 'tc-format', 'aria-label': t('format') },
    ...(['swiss', 'rr', 'arena', 'ko'] as const).map((f) => h('option', { value: f }, formatWord({ swiss: 'swiss', rr: 'round robin', arena: 'arena', ko: 'knockout' }[f]))),
  );
  const minutes = h('input', { type: 'number', id: 'tc-minutes', min: 0, max: 999, value: 3, 'aria-label': t('minutes') });
  const inc = h('input', { type: 'number', id: 'tc-inc', min: 0, max: 999, value: 2, 'aria-label': t('increment') });
  const rated = h('input', { type: 'checkbox', id: 'tc-rated', checked: true });
  // Every game of a round from one Atomic960 start (the server draws it).
  const variant = h(
    'select',
    { id: 'tc-variant', 'aria-label': t('variant') },
    h('option', { value: 'atomic' }, t('atomic')),
    h('option', { value: 'atomic960' }, t('atomic960')),
  );
  const rounds = h('input', { type: 'number', id: 'tc-rounds', min: 1, max: 99, value: 5, 'aria-label': t('roundsCount') });
  const arenaMinutes = h('input', { type: 'number', id: 'tc-arena', min: 1, max: 10080, value: 30, 'aria-label': t('arenaMinutes') });
  const roundsLabel = h('label', {}, t('roundsCount'), ' ', rounds);
  const arenaLabel = h('label', {}, t('arenaMinutes'), ' ', arenaMinutes);
  const note = h('p', { class: 'notice', id: 'tc-notice' });
  const showOptions = () => {
    roundsLabel.hidden = format.value !== 'swiss';
    arenaLabel.hidden = format.value !== 'arena';
  };
  format.addEventListener('change', showOptions);
  showOptions();
  const form = h(
    'form',
    { class: 'tourney-form', id: 'tourney-create' },
    name,
    h('label', {}, t('format'), ' ', format),
    h('label', {}, t('variant'), ' ', variant),
    h('label', {}, t('minutes'), ' ', minutes),
    h('label', {}, t('increment'), ' ', inc),
    h('label', {}, rated, ' ', t('rated')),
    roundsLabel,
    arenaLabel,
    h('button', { type: 'submit', id: 'tc-submit' }, t('createTourney')),
    note,
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const r = await app.client.tourneyCreate({
      name: name.value.trim(),
      format: format.value as NewTourney['format'],
      minutes: Number(minutes.value) || 0,
      increment: Number(inc.value) || 0,
      rated: rated.checked,
      variant: variant.value === 'atomic960' ? 'atomic960' : 'atomic',
      rounds: Number(rounds.value) || undefined,
      arenaMinutes: Number(arenaMinutes.value) || undefined,
    });
    if (r.id !== null) app.go(`/tourney/${r.id}`);
    else fill(note, r.text);
  });
  const drawCreate = () => {
    const allowed = m.director || (anyone && m.registered);
    fill(create, ...(allowed ? [h('h3', {}, t('createTourney')), form] : []));
  };
  const stop = m.listen((c) => {
    if (c.kind === 'session') drawCreate();
  });
  drawCreate();
  const el = h('section', { class: 'panel' }, h('h2', {}, t('tourneys')), current, finishedBox, create);
  return { el, poll, leave: stop };
}
