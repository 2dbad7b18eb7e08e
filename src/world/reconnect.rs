//! Reconnection grace (docs/protocol.md decision 6): a game with a guest or unregistered
//! player does not end when a player's connection drops. The clocks stop,
//! the seat waits `disconnect_grace` seconds for the same name to log in
//! again, and the game goes on from where it stood. Only when the grace
//! ends does the absent player forfeit (or, before both have moved, the
//! game is aborted).
//!
//! The seat's session id is `None` while its player is away; a timer
//! (`TimerKey::Grace`) wakes the world when the first grace ends.

use std::sync::Arc;

use shakmaty::Color;
use tokio::time::Instant;

use crate::event::{Beginning, EndKind, Event, Msg};
use crate::msg;
use crate::world::clock::Clock;
use crate::world::durable::Absence;
use crate::world::game::Viewer;
use crate::world::game_end::End;
use crate::world::timers::TimerKey;
use crate::world::{Out, SessionId, World};

impl World {
    /// The player of `color` in game `no` lost their connection: stop the
    /// clocks and wait for them (or end the game at once if there is no
    /// grace to give).
    pub fn player_away(&mut self, no: u32, color: Color, now: Instant) {
        let grace = self.durable.grace;
        let Some(game) = self.games.get_mut(&no) else {
            return;
        };
        let name = game.seat(color).name.clone();
        if grace.is_zero() || self.durable.closing {
            let end = if game.plies() < 2 {
                End::of(EndKind::LostConnectionAborted { who: color })
            } else {
                End::of(EndKind::Disconnected { loser: color })
            };
            self.end_game(no, end, now, None);
            return;
        }
        game.seat_mut(color).id = None;
        let turn = game.chess.turn();
        game.clock.stop(turn, now);
        let snap = game.refresh_snapshot(now);
        let db_id = game.db_id;
        let entry = self.durable.absent.entry(no).or_default();
        if entry.db_id != db_id {
            *entry = Absence {
                db_id,
                ..Absence::default()
            };
        }
        entry.set(color, Some(now + grace));
        let first = entry.first_deadline();
        if let Some(at) = first {
            self.timers.arm(TimerKey::Grace(no), at);
        }
        self.arm_flag(no);
        let secs = grace.as_secs();
        let line = msg!("grace-waiting", no = no, name = &name, secs = secs);
        tracing::info!(game = no, player = %name, secs, "player away; game waits");
        self.tell_game_audience(no, line, Some(snap));
    }

    /// A grace timer fired: the players still away when their grace is over
    /// lose the game (or it is aborted); otherwise wait for the next one.
    pub fn grace_ended(&mut self, no: u32, now: Instant) {
        let Some(absence) = self.durable.absent.get(&no).cloned() else {
            return;
        };
        let Some(game) = self.games.get(&no).filter(|g| g.db_id == absence.db_id) else {
            self.durable.absent.remove(&no);
            return;
        };
        let expired: Vec<Color> = [Color::White, Color::Black]
            .into_iter()
            .filter(|&c| absence.deadline(c).is_some_and(|t| t <= now))
            .collect();
        let Some(&color) = expired.first() else {
            if let Some(at) = absence.first_deadline() {
                self.timers.arm(TimerKey::Grace(no), at);
            }
            return;
        };
        let both_registered = game.white.account_id.is_some() && game.black.account_id.is_some();
        let end = if both_registered {
            // Two registered players (one away from a browser): what a
            // dropped telnet connection gives them at once.
            End::of(EndKind::LostConnectionAdjourned { who: color })
        } else if absence.white.is_some() && absence.black.is_some() {
            End::of(EndKind::BothLostConnection)
        } else if game.plies() < 2 {
            End::of(EndKind::LostConnectionAborted { who: color })
        } else {
            End::of(EndKind::Disconnected { loser: color })
        };
        self.durable.absent.remove(&no);
        self.end_game(no, end, now, None);
    }

    /// A user just logged in: every game waiting for that name (or for the
    /// name's previous session, just replaced by this one) seats them
    /// again, restarts its clocks and is shown to them. One game as a rule;
    /// a simul's exhibitor back from a reload has all their boards waiting,
    /// and takes up the simul too.
    pub fn rejoin_game(&mut self, id: SessionId, replaced: Option<SessionId>, now: Instant) {
        // An exhibitor's boards first, in the simul's order: the page
        // numbers its boards in the order they come.
        for no in self.simul_away_boards(id) {
            self.rejoin_one(id, replaced, Some(no), now);
        }
        // Each call seats them in one more game: at most once a game.
        for _ in 0..self.games.len() {
            if !self.rejoin_one(id, replaced, None, now) {
                break;
            }
        }
        self.simul_rejoined(id, replaced, now);
    }

    /// Seats `id` again in one game waiting for them (game `only`, when
    /// given); false when none was.
    fn rejoin_one(
        &mut self,
        id: SessionId,
        replaced: Option<SessionId>,
        only: Option<u32>,
        now: Instant,
    ) -> bool {
        let Some(p) = self.player(id) else {
            return false;
        };
        let (name, account) = (p.name.clone(), p.account_id);
        let mut games = self
            .games
            .iter()
            .filter(|(no, _)| only.is_none_or(|o| o == **no));
        let found = games.find_map(|(&no, g)| {
            [Color::White, Color::Black].into_iter().find_map(|c| {
                let seat = g.seat(c);
                let waiting = seat.id.is_none() || (replaced.is_some() && seat.id == replaced);
                (waiting && seat.name.eq_ignore_ascii_case(&name) && seat.account_id == account)
                    .then_some((no, c))
            })
        });
        let Some((no, color)) = found else {
            return false;
        };
        let Some(game) = self.games.get_mut(&no) else {
            return false;
        };
        let was_away = game.seat(color).id.is_none();
        game.seat_mut(color).id = Some(id);
        let mut still_away = false;
        if let Some(absence) = self
            .durable
            .absent
            .get_mut(&no)
            .filter(|a| a.db_id == game.db_id)
        {
            absence.set(color, None);
            still_away = absence.anyone_away();
            if !still_away {
                self.durable.absent.remove(&no);
                self.timers.cancel(TimerKey::Grace(no));
            }
        }
        if was_away && !still_away {
            let turn = game.chess.turn();
            let (w, b) = game.clock.both(turn, now);
            let plies = game.plies() as u32;
            game.clock = Clock::resume(game.terms.minutes * 60, game.terms.inc, w, b, plies, now);
        }
        let snap = game.refresh_snapshot(now);
        let intro = match self.games.get(&no) {
            Some(g) => Arc::new(self.intro_of(g, Beginning::Continued { adjourned: false })),
            None => return false,
        };
        let stored = self.store.last_ticket();
        if let Some(p) = self.player_mut(id) {
            p.game = Some(no);
            p.last_color = Some(color);
            p.send(Out::GameStart {
                intro,
                board: snap.clone(),
                viewer: Viewer::Player(color),
                stored,
            });
        }
        self.arm_flag(no);
        self.tell_observer_count(no);
        let line = if still_away {
            msg!("grace-back-waiting", no = no, name = &name)
        } else {
            msg!("grace-back", no = no, name = &name)
        };
        tracing::info!(game = no, player = %name, "player back in game");
        self.tell_game_audience_except(no, line, Some(snap), id);
        true
    }

    /// Whether a game is waiting for a dropped player of this name (so that
    /// the name is not handed to a new guest meanwhile).
    pub fn seat_waits_for(&self, name: &str) -> bool {
        self.games.values().any(|g| {
            [&g.white, &g.black]
                .iter()
                .any(|s| s.id.is_none() && s.name.eq_ignore_ascii_case(name))
        })
    }

    fn tell_game_audience(
        &self,
        no: u32,
        line: Msg,
        board: Option<Arc<crate::chess::BoardSnapshot>>,
    ) {
        self.tell_game_audience_except(no, line, board, SessionId::MAX);
    }

    /// A line (and a fresh board, whose clocks show whether they run) to
    /// everyone who sees game `no`, except `skip`.
    fn tell_game_audience_except(
        &self,
        no: u32,
        line: Msg,
        board: Option<Arc<crate::chess::BoardSnapshot>>,
        skip: SessionId,
    ) {
        let Some(game) = self.games.get(&no) else {
            return;
        };
        let line = Arc::new(Event::line(line));
        for (who, viewer) in game.audience() {
            if who == skip {
                continue;
            }
            if let Some(p) = self.player(who) {
                p.share(&line);
                if let Some(b) = &board {
                    p.send(Out::Board {
                        board: b.clone(),
                        viewer,
                        stored: self.store.last_ticket(),
                    });
                }
            }
        }
    }
}
