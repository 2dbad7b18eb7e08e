// The feed of today: the server's FICS text lines, made into the model's
// typed events by `parse.ts`. The JSON framing of /ws will replace this
// module (and only this one, with `client.ts`): it will hand the model
// the same events, decoded instead of parsed.

import type { Fics } from './fics';
import type { Model } from './state';
import { lineEvents } from './parse';

export function feed(fics: Fics, model: Model): void {
  fics.onLine((line, solicited) => {
    for (const e of lineEvents(line, solicited)) model.apply(e);
  });
}
