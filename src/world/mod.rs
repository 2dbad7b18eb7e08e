//! The live server: who is online now (and, with later parts, their games,
//! seeks, offers and channels).
//!
//! One `World` sits behind one mutex. Every change happens under that lock,
//! which is never held across an `.await` nor while writing to a socket:
//! messages to other users go into their bounded outboxes.

pub mod adjourn;
pub mod admin;
pub mod challenges;
pub mod clock;
pub mod computers;
pub mod courtesy;
pub mod durable;
pub mod exam_moves;
pub mod exam_watch;
pub mod examine;
pub mod flood;
pub mod game;
pub mod game_end;
pub mod games;
pub mod negotiation;
pub mod offers;
pub mod outbox;
pub mod player;
pub mod ratings;
pub mod reconnect;
pub mod restart;
pub mod saving;
pub mod seeks;
pub mod shutdown;
pub mod simul;
pub mod speech;
pub mod talk;
pub mod timers;
pub mod tourney_play;
mod tourney_results;
pub mod tourney_run;
pub mod tourney_starts;
pub mod tourneys;
pub mod watching;

#[cfg(test)]
mod tests;

use std::collections::{BTreeMap, HashMap, HashSet};

use tokio::time::Instant;

use crate::chess::Variant;
use crate::event::KickReason;
use crate::store::Store;
pub use player::{Out, Player, SessionId};
use timers::{TimerKey, Timers};

/// Why a name lookup among online users failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FindError {
    /// Nobody online matches.
    NotFound,
    /// Several online users start with the text; their names.
    Ambiguous(Vec<String>),
}

/// Everyone online, and every game, offer and timer.
pub struct World {
    /// Boxed: a map of thousands of idle users should not hold its spare
    /// capacity in whole players.
    ///
    /// Hashed with foldhash, not SipHash: every move and every board of a
    /// fan-out looks players up here, and the keys are the server's own
    /// counters, which no client chooses (SipHash guards against chosen
    /// keys), so the cheaper hash is safe.
    players: HashMap<SessionId, Box<Player>, foldhash::fast::RandomState>,
    by_name: HashMap<String, SessionId>,
    /// Lowercase names of guests and unregistered users who are between
    /// `login:` and "Press return": nobody else may take them meanwhile.
    reserved: HashSet<String>,
    /// Most users online at once since start (`uptime`).
    pub peak_players: usize,
    /// Games in progress, by number.
    pub games: BTreeMap<u32, game::Game>,
    /// Most games at once since start.
    pub peak_games: usize,
    /// Examined games, numbered from the same pool as `games`.
    pub exams: examine::Exams,
    pub offers: offers::Offers,
    pub seeks: seeks::Seeks,
    /// The last game id given out in the database.
    next_db_id: i64,
    store: Store,
    timers: Timers,
    /// Talk state that outlives sessions (the shout quota).
    talk: talk::TalkWorld,
    /// The limits on computer accounts, and their recent challenges.
    pub computers: computers::Computers,
    /// Adjourned games, dropped players, idle logouts, shutdown.
    pub durable: durable::Durable,
    /// The built-in tournament director's events.
    pub tourneys: tourneys::Tourneys,
    /// Simultaneous exhibitions: who gives one, on which boards.
    pub simuls: simul::Simuls,
}

impl World {
    /// An empty world; `last_game_id` is the highest game id in the database.
    pub fn new(store: Store, timers: Timers, last_game_id: i64) -> World {
        World {
            players: HashMap::default(),
            by_name: HashMap::new(),
            reserved: HashSet::new(),
            peak_players: 0,
            games: BTreeMap::new(),
            peak_games: 0,
            exams: examine::Exams::default(),
            offers: offers::Offers::default(),
            seeks: seeks::Seeks::default(),
            next_db_id: last_game_id,
            store,
            timers,
            talk: talk::TalkWorld::default(),
            computers: computers::Computers::default(),
            durable: durable::Durable::default(),
            tourneys: tourneys::Tourneys::default(),
            simuls: simul::Simuls::default(),
        }
    }

    /// A timer is due.
    pub fn on_timer(&mut self, key: TimerKey, now: Instant) {
        match key {
            TimerKey::Flag(no) => self.check_flag(no, now),
            TimerKey::Grace(no) => self.grace_ended(no, now),
            TimerKey::Idle(id) => self.idle_check(id, now),
            TimerKey::Shutdown => self.shutdown_tick(now),
            TimerKey::Tourney(id) => self.tourney_tick(id, now),
        }
    }

    pub fn player(&self, id: SessionId) -> Option<&Player> {
        self.players.get(&id).map(|p| &**p)
    }

    pub fn player_mut(&mut self, id: SessionId) -> Option<&mut Player> {
        self.players.get_mut(&id).map(|p| &mut **p)
    }

    /// The online user with exactly this name (any case).
    pub fn by_name(&self, name: &str) -> Option<&Player> {
        self.by_name
            .get(&name.to_ascii_lowercase())
            .and_then(|id| self.player(*id))
    }

    /// The online user this text names: an exact name, or the only name it
    /// is a prefix of (FICS lets users abbreviate names).
    pub fn find(&self, text: &str) -> Result<&Player, FindError> {
        if let Some(p) = self.by_name(text) {
            return Ok(p);
        }
        let lower = text.to_ascii_lowercase();
        let mut found: Vec<&Player> = self
            .players()
            .filter(|p| p.name.to_ascii_lowercase().starts_with(&lower))
            .collect();
        match found.len() {
            0 => Err(FindError::NotFound),
            1 => Ok(found.remove(0)),
            _ => {
                let mut names: Vec<String> = found.iter().map(|p| p.name.clone()).collect();
                names.sort_by_key(|n| n.to_ascii_lowercase());
                Err(FindError::Ambiguous(names))
            }
        }
    }

    pub fn players(&self) -> impl Iterator<Item = &Player> {
        self.players.values().map(|p| &**p)
    }

    pub fn count(&self) -> usize {
        self.players.len()
    }

    /// Adds a user who finished logging in. If a registered user of that
    /// name is already here, the old session is told why and closed
    /// (docs/protocol.md §1.4), and its id is returned.
    pub fn enter(&mut self, player: Player) -> Option<SessionId> {
        let key = player.name.to_ascii_lowercase();
        self.reserved.remove(&key);
        let kicked = self.by_name.get(&key).copied();
        if let Some(old_id) = kicked {
            // The old session stops watching now: once it is out of the
            // map, its own `leave` can no longer find what it watched.
            // (Its game, if any, passes to the new session below.)
            self.leave_exams(old_id);
            self.stop_observing_all(old_id);
        }
        if let Some(old) = kicked.and_then(|id| self.players.remove(&id)) {
            self.announce_departure(&old);
            old.send(Out::Kick(KickReason::LoggedInElsewhere {
                name: player.name.clone(),
            }));
        }
        let id = player.id;
        self.by_name.insert(key, id);
        self.players.insert(id, Box::new(player));
        self.peak_players = self.peak_players.max(self.players.len());
        self.after_enter(id, kicked, Instant::now());
        kicked
    }

    /// Takes `id` off the observer lists of every game it watches.
    fn stop_observing_all(&mut self, id: SessionId) {
        let Some(p) = self.players.get_mut(&id) else {
            return;
        };
        let watched = std::mem::take(&mut p.observing);
        for &no in &watched {
            if let Some(g) = self.games.get_mut(&no) {
                g.observers.remove(&id);
            }
        }
        for no in watched {
            self.tell_observer_count(no);
        }
    }

    /// Removes a session that ended; returns the player it was, if it was
    /// still the one logged in under its name.
    pub fn leave(&mut self, id: SessionId) -> Option<Player> {
        let now = Instant::now();
        self.simul_left(id, now);
        self.player_left_game(id, now);
        self.withdraw_all_offers(id);
        self.remove_seeks_of(id);
        self.leave_exams(id);
        self.stop_observing_all(id);
        let player = self.players.remove(&id)?;
        if let Some(account) = player.account_id
            && self.durable.has_rated_adjourned(account)
        {
            for variant in [Variant::Atomic, Variant::Atomic960] {
                if let Some(rating) = player.rating_in(variant) {
                    let key = (account, variant);
                    self.durable.away_ratings.insert(key, rating.clone());
                }
            }
        }
        let key = player.name.to_ascii_lowercase();
        if self.by_name.get(&key) == Some(&id) {
            self.by_name.remove(&key);
        }
        self.announce_departure(&player);
        Some(*player)
    }

    /// A guest name (`Guest` + 4 capitals) that nobody online has.
    pub fn fresh_guest_name(&self, mut random: impl FnMut() -> u64) -> String {
        loop {
            let mut bits = random();
            let mut name = String::from("Guest");
            for _ in 0..4 {
                name.push((b'A' + (bits % 26) as u8) as char);
                bits /= 26;
            }
            if self.name_is_free(&name) && !self.seat_waits_for(&name) {
                return name;
            }
        }
    }

    fn name_is_free(&self, name: &str) -> bool {
        let key = name.to_ascii_lowercase();
        !self.by_name.contains_key(&key) && !self.reserved.contains(&key)
    }

    /// Holds a name for a login in progress; false if it is taken.
    pub fn reserve_name(&mut self, name: &str) -> bool {
        self.name_is_free(name) && self.reserved.insert(name.to_ascii_lowercase())
    }

    /// Gives back a name held by [`World::reserve_name`].
    pub fn release_name(&mut self, name: &str) {
        self.reserved.remove(&name.to_ascii_lowercase());
    }
}
