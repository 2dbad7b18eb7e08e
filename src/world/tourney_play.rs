//! What a tournament means inside a game: the mamer suffix of end lines
//! (`tournset`) and berserk (arena).

use tokio::time::Instant;

use crate::event::{Event, Msg};
use crate::msg;
use crate::settings::vars::Switch;
use crate::tourney::Format;
use crate::world::game::{Game, Viewer};
use crate::world::{Out, SessionId, World};

/// The game type number of the mamer suffix: lasker's `TYPE_WILD` (4),
/// the class mamer files variants under (`getpi` gives the atomic rating in
/// its wild slot too).
pub const MAMER_TYPE: u32 = 4;

impl World {
    /// The ` [time inc rated private type]` mamer reads after a game's end
    /// line, when both players have their `tourney` variable set.
    pub fn tourney_suffix(&self, game: &Game) -> String {
        let set = |id: Option<SessionId>| {
            id.and_then(|id| self.player(id))
                .is_some_and(|p| p.vars.switch(Switch::Tourney))
        };
        if set(game.white.id) && set(game.black.id) {
            format!(
                " [{} {} {} 0 {MAMER_TYPE}]",
                game.terms.minutes,
                game.terms.inc,
                u8::from(game.terms.rated)
            )
        } else {
            String::new()
        }
    }

    /// `berserk`: in an arena game, before one's first move, halves one's
    /// own clock; a win of 14 half-moves or more then scores one more point.
    pub fn berserk(&mut self, me: SessionId, now: Instant) -> Result<Msg, Msg> {
        let not_playing = || msg!("not-playing");
        let no = self
            .player(me)
            .and_then(|p| p.game)
            .ok_or_else(not_playing)?;
        let game = self.games.get(&no).ok_or_else(not_playing)?;
        let color = game.color_of(me).ok_or_else(not_playing)?;
        let not_arena = || msg!("berserk-not-arena");
        let (id, i) = self.tourney_game_of(game.db_id).ok_or_else(not_arena)?;
        let e = self.tourneys.events.get(&id).ok_or_else(not_arena)?;
        if e.t.format() != Format::Arena {
            return Err(not_arena());
        }
        let g = &e.t.games()[i];
        let (pid, already) = if color == shakmaty::Color::White {
            (g.white, g.berserk_white)
        } else {
            (g.black, g.berserk_black)
        };
        if already {
            return Err(msg!("berserk-already"));
        }
        let moved = match color {
            shakmaty::Color::White => game.plies() >= 1,
            shakmaty::Color::Black => game.plies() >= 2,
        };
        if moved {
            return Err(msg!("berserk-too-late"));
        }
        if game.clock.is_untimed() {
            return Err(msg!("berserk-untimed"));
        }
        let game = self.games.get_mut(&no).ok_or_else(not_playing)?;
        let turn = game.chess.turn();
        let left = game.clock.remaining(color, turn, now);
        game.clock.add(color, -(left / 2));
        let snap = game.refresh_snapshot(now);
        let audience: Vec<(SessionId, Viewer)> = game.audience().collect();
        let name = game.seat(color).name.clone();
        let opponent = game.seat(!color).id;
        for (who, viewer) in audience {
            if let Some(p) = self.player(who) {
                p.send(Out::Board {
                    board: snap.clone(),
                    viewer,
                    stored: self.store.last_ticket(),
                });
            }
        }
        if let Some(p) = opponent.and_then(|o| self.player(o)) {
            p.send_event(Event::line(msg!("berserk-opponent", name = name)));
        }
        self.arm_flag(no);
        if let Some(e) = self.tourneys.events.get_mut(&id) {
            let _ = e.t.berserk(pid);
        }
        self.save_event(id);
        Ok(msg!("berserk-done"))
    }
}
