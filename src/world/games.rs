//! Starting, playing and ending games: the world's side of it.
//!
//! Every function here runs under the world lock, changes the state and
//! queues what other users must see; the caller gets back what its own user
//! must see, to render outside the lock.

use std::sync::Arc;
use std::time::Duration;

use shakmaty::{Color, Role};
use tokio::time::Instant;

use crate::chess::{AtomicGame, BoardSnapshot, Lang, MoveError, Variant};
use crate::event::{Beginning, EndKind, Event, GameInfo, GameIntro, Msg};
use crate::msg;
use crate::net::timing::MoveTiming;
use crate::settings::ivars::Ivar;
use crate::settings::vars::Switch;
use crate::store::games::{self as db, MoveRow, NewGame};
use crate::timefmt::unix_now;
use crate::world::clock::Clock;
use crate::world::game::{Game, Seat, Terms, Viewer};
use crate::world::game_end::End;
use crate::world::timers::TimerKey;
use crate::world::{Out, SessionId, World};

/// What became of a line a player typed as a move.
pub enum MoveOutcome {
    /// Not a move after all: try it as a command.
    NotAMove,
    /// An error line for the player (`It is not your move.`, `Illegal move (x).`).
    Refused {
        message: Msg,
        board: Option<(Arc<BoardSnapshot>, Viewer)>,
    },
    /// Played: the mover's board, then what follows it in the mover's
    /// reply (declined offers, the end of the game).
    Played {
        board: Arc<BoardSnapshot>,
        viewer: Viewer,
        before: Vec<Event>,
        after: Vec<Event>,
    },
    /// The mover's flag had already fallen: the game ended instead.
    TooLate,
}

impl World {
    /// The lowest game number nobody uses, played or examined.
    pub(crate) fn free_game_number(&self) -> u32 {
        (1..)
            .find(|n| !self.games.contains_key(n) && !self.exams.contains(*n))
            .unwrap_or(u32::MAX)
    }

    /// A player's seat in a game of `variant`, with that variant's rating.
    fn seat_for(&self, id: SessionId, variant: Variant) -> Option<Seat> {
        let p = self.player(id)?;
        Some(Seat {
            id: Some(id),
            name: p.name.clone(),
            account_id: p.account_id,
            titles: p.titles,
            rating: p.rating_display_in(variant),
        })
    }

    /// Starts a game between two online players, from the standard position
    /// or a set-up one (checked by the caller); returns its number.
    pub fn start_game(
        &mut self,
        white: SessionId,
        black: SessionId,
        terms: Terms,
        fen: Option<&str>,
        now: Instant,
    ) -> Option<u32> {
        self.start_game_labelled(white, black, terms, fen, now, false)
    }

    /// [`start_game`](Self::start_game), with `simul` set for a board of a
    /// simul (its boards say so from the first one on).
    pub(super) fn start_game_labelled(
        &mut self,
        white: SessionId,
        black: SessionId,
        terms: Terms,
        fen: Option<&str>,
        now: Instant,
        simul: bool,
    ) -> Option<u32> {
        let chess = match fen {
            Some(fen) => AtomicGame::from_stored_fen(fen).ok()?,
            None => AtomicGame::new(),
        };
        let variant = chess.variant();
        let (Some(w), Some(b)) = (self.seat_for(white, variant), self.seat_for(black, variant))
        else {
            return None;
        };
        for id in [white, black] {
            self.withdraw_all_offers(id);
            self.remove_seeks_of(id);
            self.stop_examining_to_play(id);
        }
        let no = self.free_game_number();
        self.next_db_id += 1;
        let db_id = self.next_db_id;
        let clock = Clock::new(terms.minutes * 60, terms.inc);
        let row = NewGame {
            id: db_id,
            white: w.name.clone(),
            black: b.name.clone(),
            white_account: w.account_id,
            black_account: b.account_id,
            white_rating: w.rating.column(),
            black_rating: b.rating.column(),
            minutes: terms.minutes,
            inc: terms.inc,
            rated: terms.rated,
            start_fen: chess.stored_start_fen(),
            started_at: unix_now(),
            clock_ms: i64::from(terms.minutes) * 60_000,
        };
        self.store
            .write("start game", move |c| db::insert_live(c, &row));
        tracing::info!(game = no, db_id, white = %w.name, black = %b.name, rated = terms.rated, minutes = terms.minutes, inc = terms.inc, "game started");
        let snapshot = Arc::new(BoardSnapshot::new(&chess, no, &w.name, &b.name));
        let label = Game::label_of(db_id, &w, &b, simul);
        let mut game = Game {
            no,
            db_id,
            label,
            white: w,
            black: b,
            terms,
            chess,
            clock,
            times: Vec::new(),
            observers: Default::default(),
            started_unix: unix_now(),
            last_lag_ms: 0,
            snapshot,
            unsaved: Vec::new(),
            flag_at: Default::default(),
        };
        let snap = game.refresh_snapshot(now);
        let intro = Arc::new(self.intro_of(&game, Beginning::Created));
        for (id, color) in [(white, Color::White), (black, Color::Black)] {
            if let Some(p) = self.player_mut(id) {
                p.game = Some(no);
                p.last_color = Some(color);
            }
            if let Some(p) = self.player(id) {
                p.send(Out::GameStart {
                    intro: intro.clone(),
                    board: snap.clone(),
                    viewer: Viewer::Player(color),
                    stored: self.store.last_ticket(),
                });
            }
        }
        let notice = Event::GameBegins {
            game: game.game_ref(),
            rated: terms.rated,
            how: Beginning::Created,
        };
        self.tell_game_watchers(notice, &[white, black]);
        self.games.insert(no, game);
        Some(no)
    }

    /// The `<g1>` values of a game (docs/protocol.md, "Game information").
    pub fn gameinfo_of(&self, game: &Game) -> GameInfo {
        let registered = |s: &Seat| s.account_id.is_some();
        let timeseal = |s: &Seat| {
            s.id.and_then(|id| self.player(id))
                .is_some_and(|p| p.timeseal)
        };
        GameInfo {
            no: game.no,
            rated: game.terms.rated,
            registered: (registered(&game.white), registered(&game.black)),
            initial_secs: game.terms.minutes * 60,
            inc: game.terms.inc,
            ratings: (game.white.rating.gameinfo(), game.black.rating.gameinfo()),
            timeseal: (timeseal(&game.white), timeseal(&game.black)),
            variant: game.chess.variant().word(),
        }
    }

    /// What the players of a game see as it begins (`Creating:`, `<g1>`).
    pub fn intro_of(&self, game: &Game, how: Beginning) -> GameIntro {
        GameIntro {
            game: game.game_ref(),
            db_id: game.db_id,
            white_rating: game.white.rating.parenthesised(),
            black_rating: game.black.rating.parenthesised(),
            terms: game.terms.view(),
            how,
            info: self.gameinfo_of(game),
        }
    }

    /// Sends a game's start or end line to everyone who asked to hear about
    /// all games (`set gin 1`, `iset allresults 1`), except `skip`.
    pub fn tell_game_watchers(&self, event: Event, skip: &[SessionId]) {
        let line = Arc::new(event);
        for p in self.players() {
            if skip.contains(&p.id) {
                continue;
            }
            let informed = p.vars.switch(Switch::Ginform) && (p.titles.td || p.titles.admin);
            if p.vars.switch(Switch::Gin) || p.ivars.get(Ivar::ALLRESULTS) || informed {
                p.share(&line);
            }
        }
    }

    /// The game `id` is playing.
    pub fn game_of(&self, id: SessionId) -> Option<&Game> {
        self.player(id)
            .and_then(|p| p.game)
            .and_then(|no| self.games.get(&no))
    }

    /// A player's line, tried as a move of their game.
    pub fn play_move(
        &mut self,
        id: SessionId,
        input: &str,
        lang: Lang,
        promote: Role,
        now: Instant,
        timing: Option<MoveTiming<'_>>,
    ) -> MoveOutcome {
        let Some((no, movecase)) = self
            .player(id)
            .and_then(|p| Some((p.game?, p.ivars.get(Ivar::MOVECASE))))
        else {
            return MoveOutcome::NotAMove;
        };
        let Some(game) = self.games.get_mut(&no) else {
            return MoveOutcome::NotAMove;
        };
        let Some(color) = game.color_of(id) else {
            return MoveOutcome::NotAMove;
        };
        let viewer = Viewer::Player(color);
        if game.clock.is_paused() {
            return match game.chess.parse_move(input, lang, promote) {
                Err(MoveError::NotAMove) => MoveOutcome::NotAMove,
                _ => MoveOutcome::Refused {
                    message: msg!("move-while-paused"),
                    board: None,
                },
            };
        }
        if game.chess.turn() != color {
            return match game.chess.parse_move(input, lang, promote) {
                Err(MoveError::NotAMove) => MoveOutcome::NotAMove,
                _ => MoveOutcome::Refused {
                    message: msg!("move-not-your-turn"),
                    board: None,
                },
            };
        }
        let mv = match game.chess.parse_move_cased(input, lang, promote, movecase) {
            Ok(mv) => mv,
            Err(MoveError::NotAMove) => return MoveOutcome::NotAMove,
            Err(e) => {
                return MoveOutcome::Refused {
                    message: crate::render::fics::move_error(&e),
                    board: Some((game.snapshot.clone(), viewer)),
                };
            }
        };
        // With timeseal the client's own clock times the move, within the
        // lag allowance (docs/protocol.md §8.3, docs/protocol.md decision 5), and the allowance applies
        // before the flag: a move the lag credit brings back under the wire
        // is in time.
        let (charged, lag_ms) = match timing {
            Some(t) if game.clock.ticking() => {
                let server_ms = game.clock.thinking_ms(now).min(u64::from(u32::MAX)) as u32;
                let c = t.allowance.charge(server_ms, t.client_elapsed, t.now_ms);
                (Some(u64::from(c.charged_ms)), c.lag_ms)
            }
            _ => (None, 0),
        };
        if !game.clock.is_untimed()
            && game.clock.ticking()
            && game.clock.remaining(color, color, now) + i64::from(lag_ms) <= 0
        {
            self.flag_fell(no, now);
            return MoveOutcome::TooLate;
        }
        let used = game.clock.on_move(color, now, charged);
        game.last_lag_ms = lag_ms;
        if let Some(p) = self.players.get_mut(&id) {
            p.last_lag_ms = lag_ms;
        }
        let played = game.chess.play(mv);
        let (san, uci) = (played.san.clone(), played.uci.clone());
        game.times.push(used);
        let snap = game.refresh_snapshot(now);
        let ply = game.plies() as u32;
        let row = MoveRow {
            ply,
            san,
            uci,
            time_ms: used,
            white_ms: snap.white_clock_ms,
            black_ms: snap.black_clock_ms,
        };
        let audience: Vec<(SessionId, Viewer)> =
            game.audience().filter(|(who, _)| *who != id).collect();
        // Queued before the boards: a board is written only once the
        // store has handled what was queued before it.
        self.save_move(no, row);
        let stored = self.store.last_ticket();
        for (who, v) in audience {
            if let Some(p) = self.player(who) {
                let board = Out::Board {
                    board: snap.clone(),
                    viewer: v,
                    stored,
                };
                p.send_stored(board, stored, &self.store, now);
            }
        }
        let before = self.decline_offers_to(id);
        let after = match self.games.get(&no).and_then(|g| g.chess.end()) {
            Some(auto) => {
                let end = End::of(EndKind::auto(auto));
                self.end_game(no, end, now, Some(id)).into_iter().collect()
            }
            None => {
                self.arm_flag(no);
                self.simul_moved(id, no, now)
            }
        };
        MoveOutcome::Played {
            board: snap,
            viewer,
            before,
            after,
        }
    }

    /// How far past zero the clock of `side` may run before the server
    /// flags it: for a timeseal user, the most lag one move can be credited
    /// (their move may be on its way); for others nothing.
    fn flag_grace_ms(&self, game: &Game, side: Color) -> i64 {
        let timeseal = game
            .seat(side)
            .id
            .and_then(|id| self.player(id))
            .is_some_and(|p| p.timeseal);
        if timeseal {
            i64::from(crate::net::timeseal::LAG_CAP_PER_MOVE_MS)
        } else {
            0
        }
    }

    /// Whether the side to move of game `no` has run out of time, its lag
    /// grace included.
    pub fn out_of_time(&self, no: u32, now: Instant) -> bool {
        self.games.get(&no).is_some_and(|game| {
            let turn = game.chess.turn();
            game.clock.ticking()
                && !game.clock.is_untimed()
                && game.clock.remaining(turn, turn, now) + self.flag_grace_ms(game, turn) <= 0
        })
    }

    /// Makes sure the flag timer of a game fires by the moment the side to
    /// move runs out (and its lag grace with it).
    ///
    /// A timer set earlier than that is left alone: when it fires,
    /// [`check_flag`](Self::check_flag) finds nobody out of time and sets
    /// it again. So a game does not reset its timer on every move (each
    /// reset is a message to the timer task and a wake-up of it, ~1,000
    /// instructions a ply), only when a deadline comes sooner than the one
    /// set, and an untimed game or a stopped clock sets nothing.
    pub fn arm_flag(&self, no: u32) {
        if let Some(game) = self.games.get(&no) {
            let turn = game.chess.turn();
            let grace = Duration::from_millis(self.flag_grace_ms(game, turn) as u64);
            if let Some(at) = game.clock.deadline(turn).map(|at| at + grace)
                && game.flag_at.get().is_none_or(|set| at < set)
            {
                game.flag_at.set(Some(at));
                self.timers.arm(TimerKey::Flag(no), at);
            }
        }
    }

    /// Called when a flag timer fires: ends the game if the side to move
    /// really is out of time, or sets the timer again.
    pub fn check_flag(&mut self, no: u32, now: Instant) {
        if let Some(game) = self.games.get(&no) {
            game.flag_at.set(None);
        }
        if self.out_of_time(no, now) {
            self.flag_fell(no, now);
        } else {
            self.arm_flag(no);
        }
    }

    /// The side to move has no time left: it loses, unless its opponent
    /// cannot mate (docs/protocol.md decision 4).
    fn flag_fell(&mut self, no: u32, now: Instant) {
        let Some(game) = self.games.get(&no) else {
            return;
        };
        let loser = game.chess.turn();
        let end = if game.chess.can_mate(!loser) {
            End::of(EndKind::Flagged { loser })
        } else {
            End::of(EndKind::FlaggedNoMaterial { loser })
        };
        self.end_game(no, end, now, None);
    }
}
