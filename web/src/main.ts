// The entry point: the language, the routes, and off we go.

import { App } from './app';
import { initialLang, setLang } from './i18n';
import { lobby } from './pages/lobby';
import { game } from './pages/game';
import { historyPage } from './pages/history';
import { tourney } from './pages/tourney';
import { player } from './pages/player';
import { help } from './pages/help';
import { simulPage } from './pages/simul';

setLang(initialLang());
const app = new App([
  [/^\/$/, lobby],
  [/^\/game\/(\d+)$/, game],
  [/^\/history\/(\d+)$/, historyPage],
  [/^\/tourney\/(\d+)$/, tourney],
  [/^\/player\/([A-Za-z]+)$/, player],
  [/^\/help\/atomic(960)?$/, help],
  [/^\/simul$/, simulPage],
]);
app.start();
// The tests (and the curious) can reach the application from the console.
(window as unknown as { atomicd: App }).atomicd = app;
