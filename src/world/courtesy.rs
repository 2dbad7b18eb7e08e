//! The courtesies of a game in progress: switching sides (`switch`),
//! stopping the clocks by agreement (`pause`, `unpause`), and aborting
//! alone a game the opponent can no longer play (`courtesyabort`).
//!
//! `switch` and `pause` are offers like a draw (`negotiation.rs` makes and
//! answers them); what an accepted one does is here. FICS 1.6.2's rules:
//! sides may be switched before the first move of a rated game, or at any
//! time in an unrated one (the clocks stay with their colours); a pause
//! gives the side to move back the time it thought since the last move,
//! and either player may unpause alone.

use std::sync::Arc;

use shakmaty::Color;
use tokio::time::Instant;

use crate::event::{EndKind, Event, Msg};
use crate::msg;
use crate::world::game::Viewer;
use crate::world::game_end::End;
use crate::world::offers::OfferKind;
use crate::world::{Out, SessionId, World};

impl World {
    /// `switch`: offers to exchange colours, or accepts the opponent's
    /// offer; refused where the rules do not allow it.
    pub fn offer_switch(&mut self, me: SessionId, now: Instant) -> Result<Vec<Event>, Msg> {
        let game = self.game_of(me).ok_or_else(|| msg!("not-playing"))?;
        if game.terms.rated && game.plies() > 0 {
            return Err(msg!("switch-rated-started"));
        }
        if self.tourney_game_of(game.db_id).is_some() {
            return Err(msg!("switch-tourney"));
        }
        Ok(self.offer_in_game(me, OfferKind::Switch, now))
    }

    /// An accepted switch: White's player takes Black and Black's White,
    /// in the world and in the game's row; everyone who sees the game is
    /// told and gets the board. Returns the acceptor's events.
    pub(super) fn switch_sides(&mut self, me: SessionId, now: Instant) -> Vec<Event> {
        let Some(no) = self.player(me).and_then(|p| p.game) else {
            return Vec::new();
        };
        let Some(game) = self.games.get_mut(&no) else {
            return Vec::new();
        };
        std::mem::swap(&mut game.white, &mut game.black);
        let db_id = game.db_id;
        let snap = game.refresh_snapshot(now);
        let note = Arc::new(Event::line(msg!(
            "switch-done",
            no = no,
            white = &game.white.name,
            black = &game.black.name
        )));
        let audience: Vec<(SessionId, Viewer)> = game.audience().collect();
        let seats = [(game.white.id, Color::White), (game.black.id, Color::Black)];
        self.store.write("switch sides", move |c| {
            crate::store::directory::swap_sides(c, db_id)
        });
        for (id, color) in seats {
            if let Some(p) = id.and_then(|id| self.player_mut(id)) {
                p.last_color = Some(color);
            }
        }
        let mut reply = Vec::new();
        for (who, viewer) in audience {
            if who == me {
                reply.push(Event::Blank);
                reply.push((*note).clone());
            } else if let Some(p) = self.player(who) {
                p.share(&note);
            }
            if let Some(p) = self.player(who) {
                p.send(Out::Board {
                    board: snap.clone(),
                    viewer,
                    stored: self.store.last_ticket(),
                });
            }
        }
        self.arm_flag(no);
        tracing::info!(game = no, "sides switched");
        reply
    }

    /// `pause`: offers to stop the clocks, or accepts the opponent's offer.
    pub fn offer_pause(&mut self, me: SessionId, now: Instant) -> Result<Vec<Event>, Msg> {
        let game = self.game_of(me).ok_or_else(|| msg!("not-playing"))?;
        if game.clock.is_paused() {
            return Err(msg!("pause-already"));
        }
        Ok(self.offer_in_game(me, OfferKind::Pause, now))
    }

    /// An accepted pause: the clocks stop where they stood at the last
    /// move. Returns the acceptor's events; the others hear it.
    pub(super) fn pause_game(&mut self, me: SessionId, now: Instant) -> Vec<Event> {
        let Some(no) = self.player(me).and_then(|p| p.game) else {
            return Vec::new();
        };
        let Some(game) = self.games.get_mut(&no) else {
            return Vec::new();
        };
        game.clock.pause();
        self.timers.cancel(crate::world::timers::TimerKey::Flag(no));
        self.clock_notice(no, me, msg!("pause-done", no = no), now)
    }

    /// `unpause`: either player starts the clocks of a paused game again.
    pub fn unpause(&mut self, me: SessionId, now: Instant) -> Result<Vec<Event>, Msg> {
        let game = self.game_of(me).ok_or_else(|| msg!("not-playing"))?;
        if !game.clock.is_paused() {
            return Err(msg!("unpause-not-paused"));
        }
        let no = game.no;
        let name = self.name_of(me);
        if let Some(game) = self.games.get_mut(&no) {
            game.clock.unpause(now);
        }
        let reply = self.clock_notice(no, me, msg!("unpause-done", no = no, name = name), now);
        self.arm_flag(no);
        Ok(reply)
    }

    /// After a change of the clocks: a line and the board to everyone who
    /// sees game `no`; `me`'s copy is returned for their reply.
    fn clock_notice(&mut self, no: u32, me: SessionId, line: Msg, now: Instant) -> Vec<Event> {
        let Some(game) = self.games.get_mut(&no) else {
            return Vec::new();
        };
        let snap = game.refresh_snapshot(now);
        let audience: Vec<(SessionId, Viewer)> = game.audience().collect();
        let line = Arc::new(Event::line(line));
        let mut reply = Vec::new();
        for (who, viewer) in audience {
            let Some(p) = self.player(who) else { continue };
            if who == me {
                reply.push(Event::Blank);
                reply.push((*line).clone());
            } else {
                p.share(&line);
            }
            p.send(Out::Board {
                board: snap.clone(),
                viewer,
                stored: self.store.last_ticket(),
            });
        }
        reply
    }

    /// `courtesyabort`: a player aborts alone a game whose opponent has run
    /// out of time or has lost connection (and waits in the grace). Returns
    /// the player's end of the game.
    pub fn courtesy_abort(&mut self, me: SessionId, now: Instant) -> Result<Vec<Event>, Msg> {
        let game = self.game_of(me).ok_or_else(|| msg!("not-playing"))?;
        let color = game.color_of(me).ok_or_else(|| msg!("not-playing"))?;
        let them = !color;
        let away = game.seat(them).id.is_none();
        let flag_down = !game.clock.is_untimed()
            && game.chess.turn() == them
            && game.clock.remaining(them, them, now) <= 0;
        if !away && !flag_down {
            return Err(msg!("courtesyabort-not-due"));
        }
        let no = game.no;
        self.durable.absent.remove(&no);
        self.timers
            .cancel(crate::world::timers::TimerKey::Grace(no));
        let end = End::of(EndKind::CourtesyAborted { by: color });
        Ok(match self.end_game(no, end, now, Some(me)) {
            Some(event) => vec![Event::Blank, event],
            None => Vec::new(),
        })
    }
}
