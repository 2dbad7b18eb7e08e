//! Ending games: the result, the ratings and the record, and who is told.
//!
//! [`World::end_game`] runs under the world lock: it queues the game's
//! record first (a client told of the end may ask for it at once), then
//! tells the players, the observers and those who follow the game, and
//! hands the game to what waits for its end (tourneys, simuls, adjourned
//! games to resume).

use std::sync::Arc;

use shakmaty::Color;
use tokio::time::Instant;

use crate::event::end::Outcome;
use crate::event::{EndFor, EndKind, Event};
use crate::store::games::{self as db, Ending};
use crate::timefmt::unix_now;
use crate::world::offers::OfferType;
use crate::world::timers::TimerKey;
use crate::world::{SessionId, World};

/// How a game ends: its kind, and what that makes of the game's row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct End {
    pub kind: EndKind,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: &'static str,
    /// The `history` end code (`Res`), or empty for an unfinished game.
    pub code: &'static str,
    /// What becomes of the game's row: finished, aborted or adjourned.
    pub status: &'static str,
}

impl End {
    /// The end of this kind.
    pub fn of(kind: EndKind) -> End {
        let (result, status) = match kind.outcome() {
            Outcome::Win(Color::White) => ("1-0", db::status::FINISHED),
            Outcome::Win(Color::Black) => ("0-1", db::status::FINISHED),
            Outcome::Draw => ("1/2-1/2", db::status::FINISHED),
            Outcome::Aborted => ("*", db::status::ABORTED),
            Outcome::Adjourned => ("*", db::status::ADJOURNED),
        };
        End {
            kind,
            result,
            code: kind.code(),
            status,
        }
    }

    /// The reason in English, as the store keeps it (`history`, PGN, the
    /// API and the logs show what was stored).
    pub fn reason(&self, white: &str, black: &str) -> String {
        crate::render::fics::end_reason(crate::chess::Lang::En, self.kind, white, black)
    }
}

impl World {
    /// Ends a game: everyone concerned is told, the record is written, and
    /// the players are free again. If `reply_to` is one of the players, their
    /// event is returned instead of sent (it belongs in their command's reply).
    pub fn end_game(
        &mut self,
        no: u32,
        end: End,
        now: Instant,
        reply_to: Option<SessionId>,
    ) -> Option<Event> {
        let mut game = self.games.remove(&no)?;
        self.timers.cancel(TimerKey::Flag(no));
        let turn = game.chess.turn();
        game.clock.stop(turn, now);
        let (white_ms, black_ms) = game.clock.both(turn, now);
        let suffix = self.tourney_suffix(&game);
        let reason = end.reason(&game.white.name, &game.black.name);
        let game_ref = game.game_ref();
        let ended = |to: EndFor| Event::GameEnded {
            game: game_ref.clone(),
            kind: end.kind,
            result: end.result.to_string(),
            suffix: suffix.clone(),
            to,
        };
        let players: Vec<SessionId> = [game.white.id, game.black.id]
            .into_iter()
            .flatten()
            .collect();
        // One time for the ratings and the row, so that a result can be
        // replayed from what is stored.
        let ended_at = unix_now();
        let (lines, saves) = match end.status {
            db::status::FINISHED => self.rate_game(&game, end.result, ended_at),
            _ => None,
        }
        .map_or_else(Default::default, |r| (r.lines, r.saves));
        // The record is queued before anyone is told: a page that reads
        // the end and asks for the finished game at once (`/api/history`)
        // reaches the store after it, even when this thread is slow to
        // get to the line below its messages.
        let ending = Ending {
            status: end.status,
            result: end.result.to_string(),
            reason: reason.clone(),
            code: end.code.to_string(),
            ended_at,
            white_ms,
            black_ms,
        };
        let kept_notice = self.save_end(&mut game, ending, saves);
        let mut reply = None;
        for &pid in &players {
            let opponent = if game.white.id == Some(pid) {
                &game.black.name
            } else {
                &game.white.name
            };
            let opponent = opponent.clone();
            if let Some(p) = self.player_mut(pid) {
                // A simul's exhibitor may stand at another board.
                if p.game == Some(no) {
                    p.game = None;
                }
                p.last_opponent = Some(opponent);
            }
            for offer in self.offers.involving(pid) {
                let between_players = self.offers.get(offer).is_some_and(|o| {
                    players.contains(&o.from)
                        && players.contains(&o.to)
                        && o.kind.offer_type() != OfferType::Match
                });
                if between_players {
                    self.drop_offer(offer);
                }
            }
            let rating = lines
                .iter()
                .find(|(id, _)| *id == pid)
                .map(|(_, change)| *change);
            let event = ended(EndFor::Player { rating });
            if Some(pid) == reply_to {
                reply = Some(event);
            } else if let Some(p) = self.player(pid) {
                p.send_event(event);
            }
        }
        let observer_event = Arc::new(ended(EndFor::Observer));
        for &oid in &game.observers {
            if let Some(p) = self.player_mut(oid) {
                p.observing.remove(&no);
                p.share(&observer_event);
            }
        }
        let mut skip = players.clone();
        skip.extend(game.observers.iter().copied());
        self.tell_game_watchers(ended(EndFor::Follower), &skip);
        if let Some(notice) = &kept_notice {
            notice.end_sent();
        }
        if end.status == db::status::ADJOURNED {
            let by_server = end.kind == EndKind::ShutdownAdjourned;
            self.remember_adjourned(&game, white_ms, black_ms, by_server);
        }
        tracing::info!(game = no, white = %game.white.name, black = %game.black.name, result = end.result, reason = %reason, "game over");
        self.tourney_game_ended(&game, &end, now);
        if end.status != db::status::ADJOURNED {
            self.durable.watchers.remove(&game.db_id);
        }
        self.simul_board_ended(no, &players, now);
        for &pid in &players {
            self.continue_server_adjourned(pid, now);
        }
        reply
    }

    /// A player left the server in the middle of a game (docs/protocol.md decision 6).
    pub fn player_left_game(&mut self, id: SessionId, now: Instant) {
        let Some(game) = self.game_of(id) else { return };
        let Some(color) = game.color_of(id) else {
            return;
        };
        let both_registered = game.white.account_id.is_some() && game.black.account_id.is_some();
        let no = game.no;
        // A browser's dropped connection is most often a reload: its game
        // waits for it whoever plays (telnet keeps FICS's adjournment).
        let web = self.player(id).is_some_and(|p| p.web.is_some());
        if !both_registered || web {
            // The game waits for them (world/reconnect.rs).
            return self.player_away(no, color, now);
        }
        let end = End::of(EndKind::LostConnectionAdjourned { who: color });
        self.end_game(no, end, now, None);
    }
}
