//! The built-in tournament director's live state: every event, its pure
//! [`Tournament`] (src/tourney/) and, beside each of its games, where that
//! game stands on the server (waiting to start, being played, adjourned).
//!
//! Events are created, joined, left, started and cancelled here; running
//! them (starting games, forfeits, results, the next round) is in
//! `tourney_run.rs`. Every change is written to SQLite whole
//! (`store::tourneys::save`), so a restart finds each event as it was.

use std::collections::BTreeMap;
use std::time::Duration;

use tokio::time::Instant;

use crate::chess::{StartPosition, Variant};
use crate::event::Msg;
use crate::msg;
use crate::store::tourneys::{self as db, EventRow};
use crate::timefmt::unix_now;
use crate::tourney::{Format, PlayerId, Tournament};
use crate::world::timers::TimerKey;
use crate::world::tourney_starts::{parse_stored_format, stored_format};
use crate::world::{SessionId, World};

/// The director's settings (from `config.toml`).
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    /// Between a pairing and the start of its game.
    pub countdown: Duration,
    /// How long a game waits for an absent player before a forfeit.
    pub forfeit_after: Duration,
    /// Every registered user may create events.
    pub anyone_creates: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            countdown: Duration::from_secs(10),
            forfeit_after: Duration::from_secs(120),
            anyone_creates: false,
        }
    }
}

/// Where an event is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Open,
    Running,
    Finished,
    Cancelled,
}

impl Status {
    pub fn word(self) -> &'static str {
        match self {
            Status::Open => "open",
            Status::Running => "running",
            Status::Finished => "finished",
            Status::Cancelled => "cancelled",
        }
    }

    fn parse(s: &str) -> Status {
        match s {
            "open" => Status::Open,
            "running" => Status::Running,
            "cancelled" => Status::Cancelled,
            _ => Status::Finished,
        }
    }
}

/// Where one game of an event stands on the server.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    /// Paired; the game starts at `due` when both players are there.
    Waiting { due: Instant },
    /// Being played (its `games` row is `Link::db_id`).
    Live,
    /// Adjourned (a dropped connection, a restart) since `since`: resumed
    /// when both players are back.
    Adjourned { since: Instant },
    /// It has a result (or the event is over and it never will).
    Done,
}

/// The server's side of one game of an event (same index as
/// `Tournament::games`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Link {
    pub db_id: Option<i64>,
    pub stage: Stage,
}

/// A tournament being organised, played or kept for its results.
#[derive(Debug, Clone)]
pub struct Event {
    pub id: u32,
    pub name: String,
    pub t: Tournament,
    pub status: Status,
    pub minutes: u32,
    pub inc: u32,
    pub rated: bool,
    pub max_players: Option<u32>,
    pub min_rating: Option<i32>,
    /// Length of an arena.
    pub arena: Duration,
    pub created_by: String,
    pub created_at: i64,
    pub started_at: Option<i64>,
    /// When an arena ends, as Unix time and as an instant.
    pub ends_unix: Option<i64>,
    pub ends_at: Option<Instant>,
    pub finished_at: Option<i64>,
    pub links: Vec<Link>,
    /// Absences charged so far; two withdraw a player.
    pub forfeits: BTreeMap<PlayerId, u32>,
    /// Atomic or Atomic960 (see `tourney_starts.rs`).
    pub variant: Variant,
    /// An Atomic960 arena's start position of each game by its index, as
    /// its pairing wave drew it (stored with the game: `tourney_starts.rs`).
    pub starts: BTreeMap<usize, StartPosition>,
}

/// Everything `tourney create` asks for.
#[derive(Debug, Clone, PartialEq)]
pub struct NewEvent {
    pub name: String,
    pub format: Format,
    pub minutes: u32,
    pub inc: u32,
    pub rated: bool,
    pub arena: Duration,
    pub max_players: Option<u32>,
    pub min_rating: Option<i32>,
    pub variant: Variant,
}

/// Every event the server knows of in this run.
#[derive(Debug, Default)]
pub struct Tourneys {
    pub settings: Settings,
    pub events: BTreeMap<u32, Event>,
    pub next_id: u32,
}

impl Event {
    /// The format's parameter as stored (rounds, cycles, games per match).
    fn param(&self) -> u32 {
        match self.t.format() {
            Format::Swiss { rounds } => rounds,
            Format::RoundRobin { cycles } => cycles,
            Format::Knockout { games } => games,
            Format::Arena => 0,
        }
    }

    /// The rows that store this event.
    pub fn to_row(&self) -> EventRow {
        EventRow {
            id: i64::from(self.id),
            name: self.name.clone(),
            format: stored_format(self.t.format().word(), self.variant),
            param: self.param(),
            arena_secs: self.arena.as_secs(),
            minutes: self.minutes,
            inc: self.inc,
            rated: self.rated,
            max_players: self.max_players,
            min_rating: self.min_rating,
            seed: self.t.seed(),
            created_by: self.created_by.clone(),
            created_at: self.created_at,
            status: self.status.word().to_string(),
            started_at: self.started_at,
            ends_at: self.ends_unix,
            finished_at: self.finished_at,
            players: self.t.players().to_vec(),
            forfeits: self.forfeits.iter().map(|(k, v)| (*k, *v)).collect(),
            games: self.t.games().to_vec(),
            game_ids: self.links.iter().map(|l| l.db_id).collect(),
            starts: (0..self.t.games().len())
                .map(|i| self.starts.get(&i).map(|s| s.number()))
                .collect(),
            byes: self.t.byes().to_vec(),
        }
    }

    /// The event back from its rows. Games without a result come back
    /// adjourned when `adjourned(game_id)` says the server keeps them so,
    /// else waiting to be (re)started.
    pub fn from_row(
        row: EventRow,
        now: Instant,
        countdown: Duration,
        adjourned: impl Fn(i64) -> bool,
    ) -> Result<Event, String> {
        let (word, variant) = parse_stored_format(&row.format);
        let format = Format::from_word(word, row.param)
            .ok_or_else(|| format!("unknown format {}", row.format))?;
        let status = Status::parse(&row.status);
        let links = row
            .games
            .iter()
            .zip(row.game_ids.iter())
            .map(|(g, id)| {
                let stage = match (g.result, id) {
                    (Some(_), _) => Stage::Done,
                    _ if status != Status::Running => Stage::Done,
                    (None, Some(id)) if adjourned(*id) => Stage::Adjourned { since: now },
                    (None, _) => Stage::Waiting {
                        due: now + countdown,
                    },
                };
                let db_id = if matches!(stage, Stage::Waiting { .. }) {
                    None
                } else {
                    *id
                };
                Link { db_id, stage }
            })
            .collect();
        let ends_at = row.ends_at.map(|end| {
            let left = (end - unix_now()).max(0) as u64;
            now + Duration::from_secs(left)
        });
        let starts = row
            .starts
            .iter()
            .enumerate()
            .filter_map(|(i, n)| Some((i, StartPosition::new(u32::from((*n)?))?)))
            .collect();
        let t = Tournament::from_rows(format, row.seed, row.players, row.games, row.byes)
            .map_err(|e| e.to_string())?;
        Ok(Event {
            id: u32::try_from(row.id).map_err(|_| "bad id".to_string())?,
            name: row.name,
            t,
            status,
            minutes: row.minutes,
            inc: row.inc,
            rated: row.rated,
            max_players: row.max_players,
            min_rating: row.min_rating,
            arena: Duration::from_secs(row.arena_secs),
            created_by: row.created_by,
            created_at: row.created_at,
            started_at: row.started_at,
            ends_unix: row.ends_at,
            ends_at,
            finished_at: row.finished_at,
            links,
            forfeits: row.forfeits.into_iter().filter(|(_, n)| *n > 0).collect(),
            variant,
            starts,
        })
    }

    /// `swiss 3 rounds`, `round robin`, `arena 30 min`, `knockout 2
    /// game(s)`, as a catalogue line (`tourney-kind`).
    pub fn kind(&self) -> Msg {
        let (format, n) = match self.t.format() {
            Format::Swiss { rounds } => ("swiss", u64::from(rounds)),
            Format::RoundRobin { cycles: 1 } => ("rr", 1),
            Format::RoundRobin { cycles } => ("rrx", u64::from(cycles)),
            Format::Knockout { games } => ("ko", u64::from(games)),
            Format::Arena => {
                let secs = self.arena.as_secs();
                if secs.is_multiple_of(60) {
                    ("arena-min", secs / 60)
                } else {
                    ("arena-s", secs)
                }
            }
        };
        msg!("tourney-kind", format = format, n = n)
    }

    /// The kind in English, for the API.
    pub fn kind_text(&self) -> String {
        crate::render::catalogue::text(crate::chess::Lang::En, &self.kind())
    }

    /// `3 0 rated`, `3 0 unrated atomic960` (`tourney-terms`).
    pub fn terms(&self) -> Msg {
        let rated = if self.rated { "rated" } else { "unrated" };
        msg!(
            "tourney-terms",
            minutes = self.minutes,
            inc = self.inc,
            rated = rated,
            variant = self.variant.word()
        )
    }

    /// The participant called `name`.
    pub fn player_id(&self, name: &str) -> Option<PlayerId> {
        self.t.player_by_name(name).map(|p| p.id)
    }

    pub fn name_of(&self, p: PlayerId) -> String {
        self.t
            .player(p)
            .map_or_else(|| format!("#{p}"), |p| p.name.clone())
    }
}

impl World {
    /// Takes the director's settings and the events a previous run left
    /// open or running; their games come back adjourned (when the server
    /// keeps them so) or waiting to start.
    pub fn load_tourneys(&mut self, settings: Settings, rows: Vec<EventRow>, last_id: i64) {
        let now = Instant::now();
        self.tourneys.settings = settings;
        self.tourneys.next_id = u32::try_from(last_id).unwrap_or(0);
        for row in rows {
            let id = row.id;
            let adjourned = |db_id: i64| self.durable.adjourned.contains_key(&db_id);
            match Event::from_row(row, now, settings.countdown, adjourned) {
                Ok(e) => {
                    if e.status == Status::Running {
                        self.timers.arm(TimerKey::Tourney(e.id), now);
                    }
                    self.tourneys.events.insert(e.id, e);
                }
                Err(why) => tracing::error!(tourney = id, %why, "cannot load a tournament"),
            }
        }
    }

    /// Writes an event whole.
    pub(crate) fn save_event(&self, id: u32) {
        if let Some(e) = self.tourneys.events.get(&id) {
            let row = e.to_row();
            self.store.write("save tourney", move |c| db::save(c, &row));
        }
    }

    /// `tourney create`: a new open event; returns its number.
    pub fn create_tourney(&mut self, by: &str, new: NewEvent) -> u32 {
        self.tourneys.next_id += 1;
        let id = self.tourneys.next_id;
        let seed = crate::random::u64();
        let event = Event {
            id,
            name: new.name,
            t: Tournament::new(new.format, seed),
            status: Status::Open,
            minutes: new.minutes,
            inc: new.inc,
            rated: new.rated,
            max_players: new.max_players,
            min_rating: new.min_rating,
            arena: new.arena,
            created_by: by.to_string(),
            created_at: unix_now(),
            started_at: None,
            ends_unix: None,
            ends_at: None,
            finished_at: None,
            links: Vec::new(),
            forfeits: BTreeMap::new(),
            variant: new.variant,
            starts: BTreeMap::new(),
        };
        let text = msg!(
            "tourney-created",
            id = id,
            name = &event.name,
            kind = event.kind(),
            terms = event.terms(),
            by = by
        );
        self.tourneys.events.insert(id, event);
        self.save_event(id);
        self.tourney_announce(id, text);
        id
    }

    /// The event `id`, or the message saying it does not exist.
    pub fn tourney(&self, id: u32) -> Result<&Event, Msg> {
        self.tourneys
            .events
            .get(&id)
            .ok_or_else(|| msg!("tourney-no-such", id = id))
    }

    /// `tourney join`: `me` enters event `id`.
    pub fn join_tourney(&mut self, me: SessionId, id: u32) -> Result<Msg, Msg> {
        let p = self.player(me).ok_or_else(|| msg!("not-logged-in"))?;
        if !p.is_registered() {
            return Err(msg!("tourney-registered-only"));
        }
        let name = p.name.clone();
        // The event seeds (and `minrating` reads) its variant's line.
        let variant = self.tourney(id)?.variant;
        let rating = p.rating_number_in(variant);
        let e = self.tourney(id)?;
        match e.status {
            Status::Open => {}
            Status::Running if matches!(e.t.format(), Format::Swiss { .. } | Format::Arena) => {}
            Status::Running => return Err(msg!("tourney-started-already", id = id)),
            _ => return Err(msg!("tourney-over-already", id = id)),
        }
        if e.t.player_by_name(&name).is_some() {
            return Err(msg!("tourney-in-already", id = id));
        }
        if let Some(max) = e.max_players
            && e.t.players().len() >= max as usize
        {
            return Err(msg!("tourney-full", id = id, max = max));
        }
        if let Some(min) = e.min_rating
            && rating < min
        {
            return Err(msg!("tourney-min-rating", id = id, min = min));
        }
        let running = e.status == Status::Running;
        let e = self.gone(id)?;
        e.t.join(&name, rating)
            .map_err(|err| msg!("raw", text = err.to_string()))?;
        let count = e.t.players().len();
        self.save_event(id);
        self.tourney_announce(id, msg!("tourney-joins", name = &name, id = id, n = count));
        if running {
            self.timers.arm(TimerKey::Tourney(id), Instant::now());
        }
        Ok(msg!("tourney-you-join", id = id))
    }

    /// `tourney leave`: before the start the entry is removed; afterwards
    /// the player is withdrawn (a game in progress is played out).
    pub fn leave_tourney(&mut self, name: &str, id: u32) -> Result<Msg, Msg> {
        let e = self.tourney(id)?;
        if matches!(e.status, Status::Finished | Status::Cancelled) {
            return Err(msg!("tourney-over-already", id = id));
        }
        let pid = e
            .player_id(name)
            .ok_or_else(|| msg!("tourney-not-in", id = id))?;
        let e = self.gone(id)?;
        e.t.leave(pid)
            .map_err(|err| msg!("raw", text = err.to_string()))?;
        self.save_event(id);
        self.tourney_announce(id, msg!("tourney-leaves", name = name, id = id));
        self.timers.arm(TimerKey::Tourney(id), Instant::now());
        Ok(msg!("tourney-you-leave", id = id))
    }

    /// May `who` (a TD, an admin or its creator) manage event `id`?
    pub fn may_manage(&self, id: u32, who: SessionId) -> Result<(), Msg> {
        let e = self.tourney(id)?;
        let p = self.player(who).ok_or_else(|| msg!("not-logged-in"))?;
        if p.titles.admin || p.titles.td || p.name.eq_ignore_ascii_case(&e.created_by) {
            Ok(())
        } else {
            Err(msg!("tourney-director-only", id = id))
        }
    }

    fn gone(&mut self, id: u32) -> Result<&mut Event, Msg> {
        self.tourneys
            .events
            .get_mut(&id)
            .ok_or_else(|| msg!("tourney-no-such", id = id))
    }

    /// `tourney start`: closes entries and pairs the first games.
    pub fn start_tourney(&mut self, id: u32, now: Instant) -> Result<Msg, Msg> {
        let e = self.tourney(id)?;
        if e.status != Status::Open {
            return Err(msg!("tourney-not-open", id = id));
        }
        if e.t.players().len() < 2 {
            return Err(msg!("tourney-too-few", id = id));
        }
        let e = self
            .tourneys
            .events
            .get_mut(&id)
            .ok_or_else(|| msg!("tourney-no-such", id = id))?;
        // More Swiss rounds than the field allows would mean rematches.
        if let Format::Swiss { rounds } = e.t.format() {
            let most = crate::tourney::swiss::max_rounds(e.t.players().len());
            if rounds > most {
                let t = &e.t;
                e.t = Tournament::from_rows(
                    Format::Swiss { rounds: most },
                    t.seed(),
                    t.players().to_vec(),
                    Vec::new(),
                    t.byes().to_vec(),
                )
                .map_err(|err| msg!("raw", text = err.to_string()))?;
            }
        }
        e.status = Status::Running;
        e.started_at = Some(unix_now());
        if e.t.format() == Format::Arena {
            e.ends_unix = Some(unix_now() + e.arena.as_secs() as i64);
            e.ends_at = Some(now + e.arena);
            if let Some(at) = e.ends_at {
                self.timers.arm(TimerKey::Tourney(id), at);
            }
        }
        let text = msg!(
            "tourney-starts",
            id = id,
            name = &e.name,
            n = e.t.players().len()
        );
        self.save_event(id);
        self.tourney_announce(id, text);
        self.tourney_advance(id, now);
        self.tourney_tick(id, now);
        Ok(msg!("tourney-started", id = id))
    }

    /// `tourney cancel`: the event stops; games in progress are played out
    /// without counting.
    pub fn cancel_tourney(&mut self, id: u32) -> Result<Msg, Msg> {
        let e = self
            .tourneys
            .events
            .get_mut(&id)
            .ok_or_else(|| msg!("tourney-none"))?;
        if matches!(e.status, Status::Finished | Status::Cancelled) {
            return Err(msg!("tourney-already-over", id = id));
        }
        e.status = Status::Cancelled;
        e.finished_at = Some(unix_now());
        for l in &mut e.links {
            l.stage = Stage::Done;
        }
        self.timers.cancel(TimerKey::Tourney(id));
        self.save_event(id);
        self.tourney_announce(id, msg!("tourney-cancelled-announce", id = id));
        Ok(msg!("tourney-cancelled", id = id))
    }

    /// The event and game index of a game being played, by its row.
    pub(crate) fn tourney_game_of(&self, db_id: i64) -> Option<(u32, usize)> {
        self.tourneys.events.values().find_map(|e| {
            e.links
                .iter()
                .position(|l| l.db_id == Some(db_id) && l.stage != Stage::Done)
                .map(|i| (e.id, i))
        })
    }
}

#[cfg(test)]
#[path = "tourneys_tests.rs"]
mod tests;
