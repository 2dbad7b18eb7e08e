//! The world on its own: built in a test without a socket, driven by its
//! methods, judged by the events it sends and returns. A real store on a
//! temporary file stands behind it (accounts are real rows), as in
//! production; nothing is mocked.

mod games;
mod offers;
mod presence;
mod seeks;
mod talk;
mod watching;

use std::sync::Arc;

use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

use crate::account::Titles;
use crate::event::{Event, KickReason};
use crate::rating::Rating;
use crate::settings::ivars::{Ivar, Ivars};
use crate::settings::vars::{Switch, Vars};
use crate::store::Store;
use crate::world::game::Terms;
use crate::world::outbox::{self, Receiver};
use crate::world::talk::Talk;
use crate::world::timers::Timers;
use crate::world::{Out, Player, SessionId, World};

/// A world with its store on a temporary file.
pub struct Fixture {
    pub world: World,
    store: Store,
    next: SessionId,
    _dir: tempfile::TempDir,
}

/// What one user received, in order.
#[derive(Debug, Default)]
pub struct Inbox {
    pub events: Vec<Arc<Event>>,
    pub boards: usize,
    pub starts: Vec<Arc<crate::event::GameIntro>>,
    pub kicks: Vec<KickReason>,
}

impl Inbox {
    /// Whether any event is one the predicate picks.
    pub fn has(&self, f: impl Fn(&Event) -> bool) -> bool {
        self.events.iter().any(|e| f(e))
    }

    /// The ids of every catalogue line received.
    pub fn line_ids(&self) -> Vec<&'static str> {
        self.events
            .iter()
            .flat_map(|e| match &**e {
                Event::Lines { lines } => lines.iter().map(|m| m.id).collect(),
                _ => Vec::new(),
            })
            .collect()
    }
}

/// The ids of the catalogue lines among a reply's events.
pub fn ids(events: &[Event]) -> Vec<&'static str> {
    events
        .iter()
        .flat_map(|e| match e {
            Event::Lines { lines } => lines.iter().map(|m| m.id).collect(),
            _ => Vec::new(),
        })
        .collect()
}

/// A user in the fixture: their session id and their outbox.
pub struct User {
    pub id: SessionId,
    pub rx: Receiver,
}

impl User {
    /// Everything waiting in the outbox.
    pub fn drain(&mut self) -> Inbox {
        let mut inbox = Inbox::default();
        while let Some(out) = self.rx.try_recv() {
            match out {
                Out::Event(e) => inbox.events.push(e),
                Out::Board { .. } => inbox.boards += 1,
                Out::GameStart { intro, .. } => inbox.starts.push(intro),
                Out::Kick(why) => inbox.kicks.push(why),
                Out::Text(t) => panic!("the world sent finished text: {t:?}"),
            }
        }
        inbox
    }
}

pub const UNRATED: Terms = Terms {
    minutes: 5,
    inc: 0,
    rated: false,
};

pub const RATED: Terms = Terms {
    minutes: 5,
    inc: 0,
    rated: true,
};

impl Fixture {
    pub fn new() -> Fixture {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("world.sqlite3")).unwrap();
        let (timers, _task) = Timers::new();
        let world = World::new(store.clone(), timers, 0);
        Fixture {
            world,
            store,
            next: 1,
            _dir: dir,
        }
    }

    /// A guest (or unregistered user) called `name`.
    pub fn guest(&mut self, name: &str) -> User {
        self.enter(name, None, Titles::default())
    }

    /// A registered user with an account row and a new rating.
    pub fn registered(&mut self, name: &str) -> User {
        self.registered_with(name, Titles::default())
    }

    pub fn registered_with(&mut self, name: &str, titles: Titles) -> User {
        let owned = name.to_string();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        let account = runtime
            .block_on(self.store.call(move |c| {
                crate::store::accounts::create(c, &owned, "x", titles, 0)
                    .map_err(|e| format!("{e:?}"))
            }))
            .unwrap()
            .unwrap();
        self.enter(name, Some(account), titles)
    }

    fn enter(&mut self, name: &str, account: Option<i64>, titles: Titles) -> User {
        let id = self.next;
        self.next += 1;
        let (outbox, rx) = outbox::outbox();
        let now = Instant::now();
        let player = Player {
            id,
            name: name.to_string(),
            account_id: account,
            titles,
            vars: Vars::default(),
            ivars: Ivars::default(),
            addr: "127.0.0.1".parse().unwrap(),
            timeseal: false,
            login_unix: 0,
            login_at: now,
            last_input: now,
            commands: 0,
            outbox,
            kill: CancellationToken::new(),
            game: None,
            examining: None,
            observing: Default::default(),
            last_opponent: None,
            last_color: None,
            promote: shakmaty::Role::Queen,
            rating: account.map(|_| Rating::new()),
            rating960: account.map(|_| Rating::new()),
            round_trip_ms: None,
            last_lag_ms: 0,
            talk: Talk::default(),
            muzzled: false,
            web: None,
        };
        self.world.enter(player);
        User { id, rx }
    }

    /// Changes a user's variable in the world's copy.
    pub fn set(&mut self, u: &User, s: Switch, on: bool) {
        self.world.player_mut(u.id).unwrap().vars.put(s, on);
    }

    /// Changes a user's interface variable in the world's copy.
    pub fn iset(&mut self, u: &User, v: Ivar, on: bool) {
        self.world.player_mut(u.id).unwrap().ivars.put(v, on);
    }

    /// Starts a game between `white` and `black`; its number.
    pub fn game(&mut self, white: &User, black: &User, terms: Terms) -> u32 {
        self.world
            .start_game(white.id, black.id, terms, None, Instant::now())
            .unwrap()
    }

    /// Plays a move (as typed) for `who`; the mover's after-events.
    pub fn play(&mut self, who: &User, mv: &str) -> Vec<Event> {
        let outcome = self.world.play_move(
            who.id,
            mv,
            crate::chess::Lang::En,
            shakmaty::Role::Queen,
            Instant::now(),
            None,
        );
        match outcome {
            crate::world::games::MoveOutcome::Played { before, after, .. } => {
                before.into_iter().chain(after).collect()
            }
            crate::world::games::MoveOutcome::Refused { message, .. } => {
                panic!("{mv} refused: {message:?}")
            }
            _ => panic!("{mv} was not played"),
        }
    }
}
