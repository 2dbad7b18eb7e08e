// The page's words for the server's typed values: time controls, offer
// kinds, tournament formats and states, dates. (The server's sentences
// stay as they come until its message catalogue speaks French too.)

import { lang, t, tf } from './i18n';

/** `5 + 2, rated` */
export function termsText(minutes: number, increment: number, rated: boolean, variant = 'atomic'): string {
  const terms = `${minutes} + ${increment}, ${rated ? t('rated').toLowerCase() : t('unrated')}`;
  return variant === 'atomic960' ? `${terms}, ${t('atomic960')}` : terms;
}

/** The game's rules as its page says them: nothing for atomic, `Atomic960, start position 74`. */
export function variantText(variant: string, chess960: number | null): string {
  if (variant !== 'atomic960') return '';
  return chess960 === null ? t('atomic960') : tf('atomic960Start', String(chess960));
}

/** "offers a draw", "would like to abort"… */
export function offerWord(kind: string): string {
  switch (kind) {
    case 'draw':
      return t('offerDraw');
    case 'abort':
      return t('offerAbort');
    case 'adjourn':
      return t('offerAdjourn');
    case 'takeback':
      return t('offerTakeback');
    default:
      return kind;
  }
}

/** What I offered: "You offer a draw." */
export function ownOfferWord(kind: string): string {
  switch (kind) {
    case 'draw':
      return t('youOfferDraw');
    case 'abort':
      return t('youOfferAbort');
    case 'adjourn':
      return t('youOfferAdjourn');
    case 'takeback':
      return t('youOfferTakeback');
    default:
      return kind;
  }
}

/** A tournament's format, as the API names it (`round robin`, `swiss`, `arena`, `knockout`). */
export function formatWord(format: string): string {
  switch (format) {
    case 'round robin':
      return t('roundRobin');
    case 'swiss':
      return t('swiss');
    case 'arena':
      return t('arena');
    case 'knockout':
      return t('knockout');
    default:
      return format;
  }
}

/** A tournament's state (`open`, `running`, `finished`…). */
export function statusWord(status: string): string {
  switch (status) {
    case 'open':
      return t('statusOpen');
    case 'running':
      return t('statusRunning');
    case 'finished':
      return t('statusFinished');
    case 'cancelled':
    case 'canceled':
      return t('statusCancelled');
    default:
      return status;
  }
}

/** A player's titles, as the API names them. */
export function titleWord(title: string): string {
  switch (title) {
    case 'admin':
      return t('titleAdmin');
    case 'td':
      return t('titleTd');
    case 'computer':
      return t('titleComputer');
    case 'unregistered':
      return t('titleUnregistered');
    default:
      return title;
  }
}

/** A date and time from Unix seconds, in the page's language. */
export function dateText(unix: number): string {
  return new Date(unix * 1000).toLocaleString(lang() === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

/** A short date, for the rating graph's axis. */
export function shortDate(unix: number): string {
  return new Date(unix * 1000).toLocaleDateString(lang() === 'fr' ? 'fr-FR' : 'en-GB', { day: 'numeric', month: 'short' });
}

/** "3 watching" */
export function watchersText(n: number): string {
  if (n === 0) return '';
  return n === 1 ? t('oneWatching') : tf('manyWatching', String(n));
}

/** A rating as the server writes it: `++++` for an unregistered player, `----` for one with no rated game yet. */
export function ratingTitle(rating: string): string | undefined {
  if (rating === '++++') return t('ratingGuest');
  if (rating === '----') return t('ratingNone');
  return undefined;
}
