//! How a game reaches the store: its moves one by one, kept by the game
//! itself while the store's queue is full, and its end, with a line to the
//! players when a rated result cannot be saved for now.
//!
//! Moves are never dropped. When the queue is at its bound
//! ([`Store::has_room`](crate::store::Store::has_room)) a move stays in the
//! game's `unsaved` rows, and goes with the next move that finds room, or
//! with the game's end or a takeback, which are always queued.

use std::sync::Arc;

use crate::event::Event;
use crate::msg;
use crate::store::games::{self as db, Ending, MoveRow};
use crate::world::game::Game;
use crate::world::{Out, SessionId, World};

/// What a player is told when the database refuses a rated result for now
/// (it is kept in memory and written when the disk takes it again).
pub fn unsaved_result_line(game: &Game) -> Event {
    Event::line(msg!(
        "result-not-saved",
        no = game.no,
        white = &game.white.name,
        black = &game.black.name
    ))
}

impl World {
    /// Queues a move just played in game `no`; while the store's queue is
    /// full the game keeps it (and those after it) until there is room.
    pub(crate) fn save_move(&mut self, no: u32, row: MoveRow) {
        let room = self.store.has_room();
        let Some(game) = self.games.get_mut(&no) else {
            return;
        };
        let db_id = game.db_id;
        if game.unsaved.is_empty() && room {
            self.store.write_move(db_id, row);
            return;
        }
        if game.unsaved.is_empty() {
            tracing::warn!(
                game = no,
                ply = row.ply,
                "store queue full: the game keeps its moves"
            );
        }
        game.unsaved.push(row);
        if room {
            save_unsaved(&self.store, game);
        }
    }

    /// Queues the end of a game (after any moves it kept), with its new
    /// ratings; if the result is rated and the database refuses it for
    /// now, the players present are told once.
    pub(crate) fn save_end(
        &self,
        game: &mut Game,
        ending: Ending,
        saves: Vec<crate::store::ratings::Save>,
    ) {
        save_unsaved(&self.store, game);
        let db_id = game.db_id;
        let write = move |c: &rusqlite::Connection| db::finish_rated(c, db_id, &ending, &saves);
        if !game.terms.rated {
            return self.store.write("end game", write);
        }
        let line = Arc::new(unsaved_result_line(game));
        let players: Vec<_> = [game.white.id, game.black.id]
            .into_iter()
            .flatten()
            .filter_map(|id: SessionId| self.player(id).map(|p| p.outbox.clone()))
            .collect();
        self.store.write_noted("end game", write, move || {
            for outbox in players {
                let _ = outbox.try_send(Out::Event(line.clone()));
            }
        });
    }
}

/// Queues the moves a game kept, whatever the depth of the queue (the
/// store keeps the order: they are written before what is queued after).
pub(crate) fn save_unsaved(store: &crate::store::Store, game: &mut Game) {
    if game.unsaved.is_empty() {
        return;
    }
    let rows = std::mem::take(&mut game.unsaved);
    let db_id = game.db_id;
    tracing::info!(game = game.no, moves = rows.len(), "kept moves queued");
    store.write("record kept moves", move |c| {
        rows.iter()
            .try_for_each(|row| db::append_move(c, db_id, row))
    });
}
