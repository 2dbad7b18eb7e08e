//! A game in progress: the chess, the clocks, who plays and who watches.

use std::collections::BTreeSet;
use std::sync::Arc;

use shakmaty::Color;
use tokio::time::Instant;

use crate::account::Titles;
use crate::chess::{AtomicGame, BoardSnapshot, GameLabel, LastMove};
use crate::event::{GameRef, TermsView};
use crate::rating::RatingDisplay;
use crate::store::games::MoveRow;
use crate::world::SessionId;
use crate::world::clock::Clock;

/// The terms of a game: time control and whether it is rated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Terms {
    /// Initial time in minutes.
    pub minutes: u32,
    /// Increment in seconds.
    pub inc: u32,
    pub rated: bool,
}

impl Terms {
    /// `rated`/`unrated`.
    pub fn rated_word(&self) -> &'static str {
        if self.rated { "rated" } else { "unrated" }
    }

    /// The terms as events carry them.
    pub fn view(&self) -> TermsView {
        TermsView {
            minutes: self.minutes,
            inc: self.inc,
            rated: self.rated,
        }
    }
}

/// One side of a game.
#[derive(Debug, Clone)]
pub struct Seat {
    /// The session playing this side; `None` while the player is away.
    pub id: Option<SessionId>,
    pub name: String,
    pub account_id: Option<i64>,
    pub titles: Titles,
    /// The rating when the game started.
    pub rating: RatingDisplay,
}

pub use crate::event::Viewer;

/// A game being played.
#[derive(Debug)]
pub struct Game {
    /// The number users see (`Game 12`); reused once the game is over.
    pub no: u32,
    /// The game's row in the database.
    pub db_id: i64,
    /// Its id and the players' ratings, shared by all its boards.
    pub label: Arc<GameLabel>,
    pub white: Seat,
    pub black: Seat,
    pub terms: Terms,
    pub chess: AtomicGame,
    pub clock: Clock,
    /// Time each half-move took, in ms.
    pub times: Vec<u64>,
    pub observers: BTreeSet<SessionId>,
    pub started_unix: i64,
    /// Lag credited on the last move (timeseal), style-12 field 32.
    pub last_lag_ms: u32,
    /// The board as of the last move, shared with every viewer.
    pub snapshot: Arc<BoardSnapshot>,
    /// Moves not yet queued for the store, whose queue was full: they go
    /// with the next move that finds room, or with the game's end.
    pub unsaved: Vec<MoveRow>,
    /// When the flag timer is set to fire, if it is (see
    /// [`World::arm_flag`](super::World::arm_flag)).
    pub flag_at: std::cell::Cell<Option<Instant>>,
}

impl Game {
    /// The label every board of a game carries.
    pub fn label_of(db_id: i64, white: &Seat, black: &Seat, simul: bool) -> Arc<GameLabel> {
        Arc::new(GameLabel {
            db_id,
            white_rating: white.rating.parenthesised().trim().to_string(),
            black_rating: black.rating.parenthesised().trim().to_string(),
            simul,
        })
    }

    pub fn seat(&self, color: Color) -> &Seat {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    pub fn seat_mut(&mut self, color: Color) -> &mut Seat {
        match color {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }

    /// The colour `id` plays in this game, if any.
    pub fn color_of(&self, id: SessionId) -> Option<Color> {
        if self.white.id == Some(id) {
            Some(Color::White)
        } else if self.black.id == Some(id) {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// How `id` looks at this game, if at all.
    pub fn viewer(&self, id: SessionId) -> Option<Viewer> {
        match self.color_of(id) {
            Some(c) => Some(Viewer::Player(c)),
            None => self.observers.contains(&id).then_some(Viewer::Observer),
        }
    }

    /// Everyone who sees this game's boards: the players present, then observers.
    pub fn audience(&self) -> impl Iterator<Item = (SessionId, Viewer)> + '_ {
        let players = [(self.white.id, Color::White), (self.black.id, Color::Black)]
            .into_iter()
            .filter_map(|(id, c)| id.map(|id| (id, Viewer::Player(c))));
        players.chain(self.observers.iter().map(|&id| (id, Viewer::Observer)))
    }

    /// The board now, with the clocks as they read at `now`.
    pub fn board_at(&self, now: Instant) -> BoardSnapshot {
        let mut snap = BoardSnapshot::new(&self.chess, self.no, &self.white.name, &self.black.name);
        if let (Some(last), Some(&ms)) = (snap.last_move.as_mut(), self.times.last()) {
            last.time_ms = ms;
        }
        let (w, b) = self.clock.both(self.chess.turn(), now);
        snap.white_clock_ms = w;
        snap.black_clock_ms = b;
        snap.initial_secs = self.terms.minutes * 60;
        snap.increment_secs = self.terms.inc;
        snap.ticking = self.clock.ticking();
        snap.lag_ms = self.last_lag_ms;
        snap.made_at = Some(now);
        snap.label = Some(self.label.clone());
        snap
    }

    /// Refreshes the shared snapshot after a change; returns it.
    pub fn refresh_snapshot(&mut self, now: Instant) -> Arc<BoardSnapshot> {
        self.snapshot = Arc::new(self.board_at(now));
        self.snapshot.clone()
    }

    /// The game as lines name it: number and players.
    pub fn game_ref(&self) -> GameRef {
        GameRef {
            no: self.no,
            white: self.white.name.clone(),
            black: self.black.name.clone(),
            variant: self.chess.variant().word(),
        }
    }

    /// The last move, as boards show it.
    pub fn last_move(&self) -> Option<&LastMove> {
        self.snapshot.last_move.as_ref()
    }

    /// Half-moves played.
    pub fn plies(&self) -> usize {
        self.chess.moves().len()
    }
}
