//! Restarts nobody notices: a game a shutdown adjourned goes on by itself as soon as both players are
//! back and free, with the position, moves and clocks it had; nobody has
//! to type `match`. Who watched it when the shutdown came is offered it
//! again when it goes on, or on coming back later.
//!
//! Tournament games are the director's (`tourney_run.rs`): it resumes them
//! through the same [`World::resume_game`]. Games the players adjourned
//! themselves (by agreement, or a dropped connection) wait for `match` or
//! `resume`, as on FICS.

use tokio::time::Instant;

use crate::event::{Event, Msg};
use crate::msg;
use crate::store::adjourned as db;
use crate::world::{SessionId, World};

impl World {
    /// `id` has just logged in or finished a game: the first game the
    /// shutdown adjourned between them and a player who is online goes on
    /// (one game at a time), both told who arrived. When one of the two
    /// is busy, `id` is told it waits; when the opponent is away,
    /// [`World::restart_notices`] says so at login.
    pub fn continue_server_adjourned(&mut self, id: SessionId, now: Instant) {
        if self.durable.closing {
            return;
        }
        let Some(me) = self.player(id) else {
            return;
        };
        let name = me.name.clone();
        for (db_id, opponent) in self.server_adjourned(&name) {
            let Some(o) = self.by_name(&opponent) else {
                continue;
            };
            if o.game.is_some() || self.player(id).is_none_or(|p| p.game.is_some()) {
                if let Some(p) = self.player(id) {
                    p.send_event(Event::line(msg!("restart-when-free", opponent = &opponent)));
                }
                continue;
            }
            o.send_event(Event::line(msg!("restart-arrived", name = &name)));
            if let Err(why) = self.resume_game(db_id, now) {
                tracing::warn!(db_id, ?why, "cannot continue a game the shutdown adjourned");
            }
        }
    }

    /// The lines of the login text about games the shutdown adjourned
    /// whose opponent is away: they go on when the opponent logs in.
    pub fn restart_notices(&self, id: SessionId) -> Vec<Msg> {
        let Some(me) = self.player(id) else {
            return Vec::new();
        };
        self.server_adjourned(&me.name)
            .into_iter()
            .filter(|(_, opponent)| self.by_name(opponent).is_none())
            .map(|(_, o)| msg!("restart-when-back", opponent = o))
            .collect()
    }

    /// The games the shutdown adjourned that `name` plays in and that are
    /// not a tournament's, with the opponent of each, oldest first.
    fn server_adjourned(&self, name: &str) -> Vec<(i64, String)> {
        let mut games: Vec<(i64, String)> = self
            .durable
            .adjourned
            .values()
            .filter(|g| g.by_server && g.involves(name))
            .filter(|g| !self.tourney_owns(g.id))
            .map(|g| (g.id, g.opponent_of(name).to_string()))
            .collect();
        games.sort_unstable();
        games
    }

    /// Whether a stored game belongs to a tournament (its director resumes it).
    fn tourney_owns(&self, db_id: i64) -> bool {
        self.tourneys
            .events
            .values()
            .any(|e| e.links.iter().any(|l| l.db_id == Some(db_id)))
    }

    /// The shutdown is adjourning game `no`: its registered observers are
    /// remembered (in the database) to be offered it after the restart.
    pub fn remember_watchers(&mut self, no: u32) {
        let Some(game) = self.games.get(&no) else {
            return;
        };
        let names: Vec<String> = game
            .observers
            .iter()
            .filter_map(|&o| self.player(o))
            .filter(|p| p.is_registered())
            .map(|p| p.name.clone())
            .collect();
        if names.is_empty() {
            return;
        }
        let db_id = game.db_id;
        self.store.write("remember watchers", move |c| {
            db::save_watchers(c, db_id, &names)
        });
    }

    /// Game `no` (row `db_id`) has just gone on: its old observers who are
    /// online are offered it; the others will be when they log in.
    pub fn offer_to_watchers(&mut self, db_id: i64, no: u32) {
        let Some(mut names) = self.durable.watchers.remove(&db_id) else {
            return;
        };
        self.store
            .write("forget watchers", move |c| db::forget_watchers(c, db_id));
        names.retain(|name| !self.offer_watch(name, no));
        if !names.is_empty() {
            self.durable.watchers.insert(db_id, names);
        }
    }

    /// `id` just logged in: a game they watched before a restart, which
    /// has gone on since, is offered to them.
    pub fn offer_watched_games(&mut self, id: SessionId) {
        let Some(name) = self.player(id).map(|p| p.name.clone()) else {
            return;
        };
        let live: Vec<(i64, u32)> = self
            .games
            .values()
            .filter(|g| {
                self.durable
                    .watchers
                    .get(&g.db_id)
                    .is_some_and(|w| w.iter().any(|n| n.eq_ignore_ascii_case(&name)))
            })
            .map(|g| (g.db_id, g.no))
            .collect();
        for (db_id, no) in live {
            if self.offer_watch(&name, no)
                && let Some(w) = self.durable.watchers.get_mut(&db_id)
            {
                w.retain(|n| !n.eq_ignore_ascii_case(&name));
            }
        }
    }

    /// Tells `name`, if online, that game `no` they watched goes on.
    fn offer_watch(&self, name: &str, no: u32) -> bool {
        let (Some(p), Some(g)) = (self.by_name(name), self.games.get(&no)) else {
            return false;
        };
        p.send_event(Event::line(msg!(
            "restart-watch",
            no = no,
            white = &g.white.name,
            black = &g.black.name
        )));
        true
    }
}
