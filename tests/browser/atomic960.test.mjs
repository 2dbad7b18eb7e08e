// Atomic960 in the browser (issue 27): a browser guest challenges a
// telnet user from the lobby's form to an Atomic960 game from start 74
// (NNRKBBQR: the king on d1 beside its rook on c1, so O-O-O is legal on
// move one) and castles by clicking the king, then the rook it stands
// beside; the telnet side's board shows the castling as the server
// played it. A second browser watches and sees both castlings; after the
// telnet user resigns, the finished-game page replays the game from its
// start, and the examined game steps through it. The rules page
// /help/atomic960 is linked from the form, in English and in French.
// The lobby lists a telnet user's Atomic960 seek with its type, and a
// telnet user plays the browser's Atomic960 seek, where the browser, as
// Black, castles too.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launchBrowser, openPage, screenshot, guestLogin, Telnet, boardPieces, clickMove, clickSquare } from './harness.mjs';

let server;
let browser;
before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await server?.stop();
});

/** The placement part of a FEN. */
const placement = (fen) => fen.split(' ')[0];
const movesOf = (page) => page.$$eval('#moves .san', (els) => els.map((e) => e.textContent));
const boardFen = (page) => page.getAttribute('.game-page .board', 'data-fen');
/** The destinations chessground offers the piece on `sq` (from chessops, as the page set them). */
const destsOf = (page, sq) => page.$eval('.game-page .board', (el, sq) => [...(el.cg.state.movable.dests?.get(sq) ?? [])].sort(), sq);

const START = 'nnrkbbqr/pppppppp/8/8/8/8/PPPPPPPP/NNRKBBQR';
const WHITE_CASTLED = 'nnrkbbqr/pppppppp/8/8/8/8/PPPPPPPP/NNKRBBQR';
const BOTH_CASTLED = 'nnkrbbqr/pppppppp/8/8/8/8/PPPPPPPP/NNKRBBQR';

test('a browser guest plays Atomic960 from start 74 against a telnet user and castles the king onto its rook', async () => {
  const { page: player, errors, foreign } = await openPage(browser, server.url('/'));
  const me = await guestLogin(player);
  const tel = new Telnet(server.telnet);
  await tel.loginAs('Telly');

  // The challenge, from the lobby's form: Atomic960, start 74, as White.
  assert.ok(await player.isHidden('#seek-start'), 'the start number is asked for Atomic960 only');
  await player.selectOption('#seek-variant', 'atomic960');
  await player.fill('#seek-start', '74');
  await player.selectOption('#seek-color', 'white');
  await player.fill('#challenge-name', 'Telly');
  await player.click('#challenge-button');
  await tel.expect(`Challenge: ${me} (++++) [white] Telly (++++) unrated atomic960 3 0.`);
  await tel.expect('fics% ');
  tel.send('accept');
  await tel.expect('Creating: ');
  const game = Number((await tel.expect(/\{Game (\d+) /))[1]);
  const first = await tel.expect(/<12> [^\n]*/);
  assert.match(first[0], /^<12> nnrkbbqr pppppppp -------- -------- -------- -------- PPPPPPPP NNRKBBQR W -1 1 1 1 1 /);
  await tel.expect('fics% ');

  await player.waitForURL(`**/game/${game}`);
  await player.waitForSelector('.game-page .board[data-ply="0"]');
  assert.equal(placement(await boardFen(player)), START);
  assert.equal(await player.textContent('#game-variant'), 'Atomic960, start position 74');

  // A watcher opens the game's address.
  const { page: watcher, errors: watcherErrors } = await openPage(browser, server.url(`/game/${game}`));
  await watcher.waitForSelector('.game-page .board[data-ply="0"]');
  assert.equal(await watcher.textContent('#game-variant'), 'Atomic960, start position 74');

  // The king of d1 may go onto its rook on c1 (O-O-O), and c1 is no
  // step of the king's (its own rook stands there): chessops's Chess960 castling.
  assert.deepEqual(await destsOf(player, 'd1'), ['c1']);
  await clickMove(player, 'd1', 'c1');
  await screenshot(player, 'atomic960-castled');
  // The server played O-O-O: the telnet side's board has the king on c1
  // and the rook on d1, White's rights gone, and the move as FICS writes it.
  const castled = (await tel.expect(/<12> [^\n]*/))[0].split(' ');
  assert.equal(castled[8], 'NNKRBBQR');
  assert.deepEqual(castled.slice(11, 15), ['0', '0', '1', '1']);
  assert.deepEqual([castled[27], castled[29]], ['o-o-o', 'O-O-O']);
  await tel.expect('fics% ');
  assert.equal(placement(await boardFen(player)), WHITE_CASTLED);
  const pieces = await boardPieces(player);
  assert.ok(pieces.includes('c1') && pieces.includes('d1'), `the king and the rook stand on c1 and d1: ${pieces}`);
  // Black castles long too, typed on telnet: both boards show it.
  await tel.command('O-O-O');
  await player.waitForSelector('.game-page .board[data-ply="2"]');
  assert.equal(placement(await boardFen(player)), BOTH_CASTLED);
  await watcher.waitForSelector('.game-page .board[data-ply="2"]');
  assert.equal(placement(await boardFen(watcher)), BOTH_CASTLED);
  assert.deepEqual(await movesOf(watcher), ['O-O-O', 'O-O-O']);
  // The last move's squares are the king's and its rook's (d8, c8), not the e-file's.
  assert.deepEqual(await watcher.$eval('.game-page .board', (el) => el.cg.state.lastMove), ['d8', 'c8']);

  await clickMove(player, 'g2', 'g4');
  await tel.expect('<12> ');
  await tel.expect('fics% ');
  tel.send('resign');
  await player.waitForSelector('#result-score');
  assert.equal(await player.textContent('#result-score'), '1-0');
  assert.match(await player.textContent('#result-reason'), /resign/);
  assert.deepEqual(await movesOf(player), ['O-O-O', 'O-O-O', 'g4']);
  await watcher.waitForSelector('#result-score');
  await player.waitForURL('**/history/*');
  const id = Number(new URL(player.url()).pathname.split('/').pop());

  // The finished game's page: the variant, its start and moves from the stored start.
  const { page: later, errors: laterErrors } = await openPage(browser, server.url(`/history/${id}`));
  await later.waitForSelector('#moves .san');
  assert.equal(await later.textContent('#game-variant'), 'Atomic960, start position 74');
  assert.deepEqual(await movesOf(later), ['O-O-O', 'O-O-O', 'g4']);
  await later.click('#btn-first');
  await later.waitForSelector('.game-page .board[data-ply="0"]');
  assert.equal(placement(await boardFen(later)), START);
  await later.click('#btn-next');
  await later.waitForSelector('.game-page .board[data-ply="1"]');
  assert.equal(placement(await boardFen(later)), WHITE_CASTLED);
  await later.click('#btn-next');
  await later.waitForSelector('.game-page .board[data-ply="2"]');
  assert.equal(placement(await boardFen(later)), BOTH_CASTLED);
  await screenshot(later, 'atomic960-history');

  // Examined again on the server: its first position, then the castling.
  await player.click('#btn-examine');
  await player.waitForSelector('#btn-forward');
  await player.waitForSelector('.game-page .board[data-ply="0"]');
  assert.equal(placement(await boardFen(player)), START);
  await player.click('#btn-forward');
  await player.waitForSelector('.game-page .board[data-ply="1"]');
  assert.equal(placement(await boardFen(player)), WHITE_CASTLED);

  assert.deepEqual(errors, []);
  assert.deepEqual(watcherErrors, []);
  assert.deepEqual(laterErrors, []);
  assert.deepEqual(foreign, [], 'no request left this server');
  tel.close();
});

test('the Atomic960 rules page is linked from the challenge form and reads in English and French', async () => {
  const { page, errors } = await openPage(browser, server.url('/'));
  await page.click('#atomic960-rules-link');
  await page.waitForURL('**/help/atomic960');
  await page.waitForSelector('#rules h2');
  assert.equal(await page.textContent('#rules h2'), 'Atomic960');
  assert.match(await page.textContent('#rules'), /518 is the usual RNBQKBNR/);
  assert.match(await page.textContent('#rules'), /O-O-O/);
  await screenshot(page, 'atomic960-rules');

  const { page: fr, errors: frErrors } = await openPage(browser, server.url('/help/atomic960'), { locale: 'fr-FR' });
  await fr.waitForSelector('#rules h2');
  const text = await fr.textContent('#rules');
  assert.doesNotMatch(text, /518 is the usual/);
  assert.match(text, /la 518 est la position habituelle/);
  assert.match(await fr.title(), /atomique 960/i);
  await screenshot(fr, 'atomic960-rules-fr');
  assert.deepEqual(errors, []);
  assert.deepEqual(frErrors, []);
});

test('the lobby lists an Atomic960 seek with its type, and a telnet user plays the browser\'s Atomic960 seek', async () => {
  const { page, errors } = await openPage(browser, server.url('/'));
  const me = await guestLogin(page);
  const sam = new Telnet(server.telnet);
  await sam.loginAs('Sam');

  // A telnet seek of Atomic960 from start 74, in the lobby's list with its type.
  await sam.command('seek 3 0 atomic960 74');
  const theirs = await page.waitForSelector('#seeks tr[data-name="Sam"]');
  assert.equal(await theirs.getAttribute('data-variant'), 'atomic960');
  assert.equal(await page.textContent('#seeks tr[data-name="Sam"] td .variant'), ' Atomic960 (74)');
  await screenshot(page, 'atomic960-seeks');
  await sam.command('unseek');
  await page.waitForSelector('#seeks tr[data-name="Sam"]', { state: 'detached' });

  // The browser's own seek, from the form: Atomic960 from start 74, as Black.
  await page.selectOption('#seek-variant', 'atomic960');
  await page.fill('#seek-start', '74');
  await page.selectOption('#seek-color', 'black');
  await page.click('#seek-button');
  const mine = await page.waitForSelector(`#seeks tr[data-name="${me}"]`);
  assert.equal(await mine.getAttribute('data-variant'), 'atomic960');
  const index = await mine.getAttribute('data-seek');
  // The telnet user hears the ad, then finds it in sought.
  await sam.expect(`${me}(U) (++++) seeking 3 0 unrated atomic960 74 [black] ("play ${index}" to`);
  await sam.expect('fics% ');
  const sought = await sam.command('sought');
  assert.match(sought, new RegExp(`${index} \\+\\+\\+\\+ ${me}\\(U\\)\\s+3\\s+0 unrated atomic960 \\[black\\]`));

  sam.send(`play ${index}`);
  await sam.expect(`Creating: Sam (++++) ${me} (++++) unrated atomic960 3 0`);
  const game = Number((await sam.expect(/\{Game (\d+) /))[1]);
  const first = (await sam.expect(/<12> [^\n]*/))[0];
  assert.match(first, /^<12> nnrkbbqr pppppppp -------- -------- -------- -------- PPPPPPPP NNRKBBQR W /);
  await sam.expect('fics% ');
  await page.waitForURL(`**/game/${game}`);
  await page.waitForSelector('.game-page .board[data-ply="0"]');
  assert.equal(placement(await boardFen(page)), START);
  assert.equal(await page.textContent('#game-variant'), 'Atomic960, start position 74');

  // White castles on telnet; the browser, Black, castles by clicking its king then its rook.
  await sam.command('O-O-O');
  await page.waitForSelector('.game-page .board[data-ply="1"]');
  assert.deepEqual(await destsOf(page, 'd8'), ['c8']);
  await clickMove(page, 'd8', 'c8');
  const castled = (await sam.expect(/<12> [^\n]*/))[0].split(' ');
  assert.equal(castled[1], 'nnkrbbqr');
  assert.deepEqual([castled[27], castled[29]], ['o-o-o', 'O-O-O']);
  await sam.expect('fics% ');
  sam.send('resign');
  await page.waitForSelector('#result-score');
  assert.equal(await page.textContent('#result-score'), '0-1');
  assert.deepEqual(errors, []);
  sam.close();
});

test('a castling premove in Atomic960: the king dropped on its rook while the opponent thinks castles when the turn comes', async () => {
  const { page, errors } = await openPage(browser, server.url('/'));
  const me = await guestLogin(page);
  const tel = new Telnet(server.telnet);
  await tel.loginAs('Prem');
  tel.send(`match ${me} 3 0 atomic960 74 white`);
  await page.waitForSelector('#notes .challenge button.accept');
  await page.click('#notes .challenge button.accept');
  await tel.expect('Creating: ');
  await tel.expect('fics% ');
  await page.waitForSelector('.game-page .board[data-ply="0"]');
  // White to move: Black's king of d8 onto its rook of c8 is a premove.
  await clickSquare(page, 'd8');
  await clickSquare(page, 'c8');
  const premove = await page.$eval('.game-page .board', (el) => el.cg.state.premovable.current);
  assert.deepEqual(premove, ['d8', 'c8']);
  // White's move comes; the premove is played at once: O-O-O for Black.
  await tel.command('g4');
  const castled = (await tel.expect(/<12> [^\n]*/))[0].split(' ');
  assert.equal(castled[1], 'nnkrbbqr');
  assert.deepEqual([castled[27], castled[29]], ['o-o-o', 'O-O-O']);
  await page.waitForSelector('.game-page .board[data-ply="2"]');
  assert.deepEqual(await movesOf(page), ['g4', 'O-O-O']);
  await tel.expect('fics% ');
  tel.send('resign');
  await page.waitForSelector('#result-score');
  assert.deepEqual(errors, []);
  tel.close();
});
