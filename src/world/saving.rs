//! How a game reaches the store: its moves one by one, kept by the game
//! itself while the store's queue is full, and its end, with a line to the
//! players when a rated result cannot be saved for now.
//!
//! Moves are never dropped. When the queue is at its bound
//! ([`Store::has_room`](crate::store::Store::has_room)) a move stays in the
//! game's `unsaved` rows, and goes with the next move that finds room, or
//! with the game's end or a takeback, which are always queued.

use std::sync::{Arc, Mutex, PoisonError};

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
    /// now, the players present are told once, after the end itself: the
    /// caller sends the end and then calls [`KeptNotice::end_sent`].
    pub(crate) fn save_end(
        &self,
        game: &mut Game,
        ending: Ending,
        saves: Vec<crate::store::ratings::Save>,
    ) -> Option<Arc<KeptNotice>> {
        save_unsaved(&self.store, game);
        let db_id = game.db_id;
        let write = move |c: &rusqlite::Connection| db::finish_rated(c, db_id, &ending, &saves);
        if !game.terms.rated {
            self.store.write("end game", write);
            return None;
        }
        let outboxes = [game.white.id, game.black.id]
            .into_iter()
            .flatten()
            .filter_map(|id: SessionId| self.player(id).map(|p| p.outbox.clone()))
            .collect();
        let notice = Arc::new(KeptNotice {
            line: Arc::new(unsaved_result_line(game)),
            outboxes,
            stage: Mutex::new(Stage::Waiting),
        });
        let kept = notice.clone();
        self.store
            .write_noted("end game", write, move || kept.arrive(Stage::Kept));
        Some(notice)
    }
}

/// The line telling the players that a rated result is kept for now. It
/// waits for two things that happen on two threads: the store's word that
/// it kept the write, and the world's word that the game's end is sent
/// (the record is queued first, so the store may answer first).
/// Whichever comes second sends it: a player never reads that the result
/// cannot be saved before the result itself.
pub(crate) struct KeptNotice {
    line: Arc<Event>,
    outboxes: Vec<crate::world::outbox::Sender>,
    stage: Mutex<Stage>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stage {
    Waiting,
    /// The store kept the write; the end is not sent yet.
    Kept,
    /// The end is sent; the store has not said it kept the write.
    EndSent,
    Done,
}

impl KeptNotice {
    /// The world has sent the game's end to its players.
    pub(crate) fn end_sent(&self) {
        self.arrive(Stage::EndSent);
    }

    fn arrive(&self, side: Stage) {
        let mut stage = self.stage.lock().unwrap_or_else(PoisonError::into_inner);
        match *stage {
            Stage::Waiting => *stage = side,
            Stage::Done => {}
            other if other == side => {}
            _ => {
                for outbox in &self.outboxes {
                    let _ = outbox.try_send(Out::Event(self.line.clone()));
                }
                *stage = Stage::Done;
            }
        }
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::world::outbox::outbox;

    fn notice() -> (KeptNotice, crate::world::outbox::Receiver) {
        let (tx, rx) = outbox();
        let notice = KeptNotice {
            line: Arc::new(Event::line(msg!("raw", text = "kept"))),
            outboxes: vec![tx],
            stage: Mutex::new(Stage::Waiting),
        };
        (notice, rx)
    }

    fn lines(rx: &mut crate::world::outbox::Receiver) -> usize {
        std::iter::from_fn(|| rx.try_recv()).count()
    }

    #[test]
    fn the_notice_waits_for_the_end_when_the_store_answers_first() {
        let (notice, mut rx) = notice();
        notice.arrive(Stage::Kept);
        assert_eq!(lines(&mut rx), 0, "sent before the end");
        notice.end_sent();
        assert_eq!(lines(&mut rx), 1);
        notice.arrive(Stage::Kept);
        notice.end_sent();
        assert_eq!(lines(&mut rx), 0, "told twice");
    }

    #[test]
    fn the_notice_goes_when_the_store_keeps_a_write_after_the_end() {
        let (notice, mut rx) = notice();
        notice.end_sent();
        notice.end_sent();
        assert_eq!(lines(&mut rx), 0, "sent though nothing was kept");
        notice.arrive(Stage::Kept);
        assert_eq!(lines(&mut rx), 1);
    }
}
