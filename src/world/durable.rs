//! The world's part in never losing a game (docs/protocol.md decision 6): the adjourned
//! games, players who dropped out of a game and may come back, the idle
//! logout and the shutdown countdown.
//!
//! Everything here lives in one field of the [`World`](super::World), so
//! the rest of the world knows only a few hooks: a game that ends
//! adjourned is remembered, a dropped player's seat waits, a user who logs
//! in takes back a waiting seat.

use std::collections::{BTreeMap, HashMap};
use std::time::Duration;

use crate::rating::Rating;

use shakmaty::Color;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

use crate::store::adjourned::StoredGame;

/// A game whose player (or players) dropped out and may come back.
#[derive(Debug, Clone, Default)]
pub struct Absence {
    /// The game's row, to tell it from a later game with the same number.
    pub db_id: i64,
    /// When each side's grace ends, while that side is away.
    pub white: Option<Instant>,
    pub black: Option<Instant>,
}

impl Absence {
    pub fn deadline(&self, color: Color) -> Option<Instant> {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    pub fn set(&mut self, color: Color, at: Option<Instant>) {
        match color {
            Color::White => self.white = at,
            Color::Black => self.black = at,
        }
    }

    /// The first grace to end.
    pub fn first_deadline(&self) -> Option<Instant> {
        match (self.white, self.black) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    pub fn anyone_away(&self) -> bool {
        self.white.is_some() || self.black.is_some()
    }
}

/// A shutdown announced for later.
#[derive(Debug, Clone)]
pub struct Countdown {
    /// When the server stops.
    pub at: Instant,
    /// Who ordered it.
    pub by: String,
}

/// The state behind adjournment, reconnection, idle logouts and shutdown.
#[derive(Debug, Default)]
pub struct Durable {
    /// Adjourned games by database id: loaded at start (crash-recovered
    /// ones included), added to when a game is adjourned, removed when one
    /// is resumed or adjudicated. Moves carry per-move clocks only when
    /// they came from the database; resuming needs the moves and the two
    /// final clocks.
    pub adjourned: BTreeMap<i64, StoredGame>,
    /// The ratings of players who are away and have a rated adjourned
    /// game, by account and variant: that game may be decided without them
    /// (`adjudicate`, a tournament forfeit). Loaded at start, set when such
    /// a player leaves; exact, because an absent player's rating changes
    /// only here.
    pub away_ratings: HashMap<(i64, crate::chess::Variant), Rating>,
    /// Registered observers of games a shutdown adjourned, by game row:
    /// offered the game when it goes on ([`super::restart`]).
    pub watchers: HashMap<i64, Vec<String>>,
    /// Games waiting for a dropped player, by game number.
    pub absent: HashMap<u32, Absence>,
    /// How long a game with a guest waits for a dropped player.
    pub grace: Duration,
    /// Idle users who are not playing are logged out after this.
    pub idle_timeout: Option<Duration>,
    /// Cancelling it stops the server (sessions end, the store is flushed).
    pub stop: Option<CancellationToken>,
    /// A shutdown announced for later, if any.
    pub countdown: Option<Countdown>,
    /// The server is stopping: no new games, no grace.
    pub closing: bool,
}

impl Durable {
    /// The adjourned games of `name`, oldest first.
    pub fn stored_of(&self, name: &str) -> Vec<&StoredGame> {
        self.adjourned
            .values()
            .filter(|g| g.involves(name))
            .collect()
    }

    /// Whether `account` has a rated adjourned game.
    pub fn has_rated_adjourned(&self, account: i64) -> bool {
        self.adjourned.values().any(|g| {
            g.rated && (g.white_account == Some(account) || g.black_account == Some(account))
        })
    }

    /// The oldest adjourned game between `a` and `b`.
    pub fn stored_between(&self, a: &str, b: &str) -> Option<&StoredGame> {
        self.adjourned
            .values()
            .find(|g| g.involves(a) && g.opponent_of(a).eq_ignore_ascii_case(b))
    }
}
