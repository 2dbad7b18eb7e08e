//! Adjourned games: remembering them, listing them (`stored`), and bringing
//! one back (`resume`, or `match` with the stored opponent) with the same
//! position, move list and clocks.
//!
//! A resumed game keeps its database row: the row goes back to `live` and
//! the next moves are appended after the stored ones.

use std::sync::Arc;

use shakmaty::Color;
use tokio::time::Instant;

use crate::chess::{AtomicGame, BoardSnapshot};
use crate::event::{Beginning, Event, Msg, Refusal};
use crate::msg;
use crate::store::adjourned::{self as db, StoredGame};
use crate::store::games::MoveRow;
use crate::timefmt::{fics_date, unix_now};
use crate::world::challenges::MatchRequest;
use crate::world::clock::Clock;
use crate::world::game::{Game, Seat, Terms, Viewer};
use crate::world::{Out, SessionId, World};

/// Rebuilds the position of a stored game by replaying its moves (UCI, as
/// stored) from its start position.
pub fn replay(stored: &StoredGame) -> Result<AtomicGame, String> {
    AtomicGame::replay_stored(
        stored.start_fen.as_deref(),
        stored.moves.iter().map(|m| m.uci.as_str()),
    )
    .map_err(|(_, why)| why)
}

/// The terms a stored game was played with.
pub fn terms_of(stored: &StoredGame) -> Terms {
    Terms {
        minutes: stored.minutes,
        inc: stored.inc,
        rated: stored.rated,
    }
}

/// One line of `stored` for `name` (PyChess reads these with a regex):
/// ` 1: W Bob            Y [ xr  5   0] 39-39 W12  --- Wed Nov 30, 04:01 UTC 2026`.
pub fn stored_line(index: usize, stored: &StoredGame, name: &str, opponent_online: bool) -> String {
    let color = if stored.white.eq_ignore_ascii_case(name) {
        'W'
    } else {
        'B'
    };
    let (strength, to_move) = match replay(stored) {
        Ok(chess) => {
            let (w, b) = chess.strengths();
            let side = if chess.turn() == Color::White {
                'W'
            } else {
                'B'
            };
            (
                format!("{w:>2}-{b:<2}"),
                format!("{side}{}", chess.fullmove_number()),
            )
        }
        Err(_) => ("??-??".to_string(), "W1".to_string()),
    };
    format!(
        "{index:>2}: {color} {:<14} {} [ x{}{:>3} {:>3}] {strength} {to_move:<4} --- {}",
        stored.opponent_of(name),
        if opponent_online { 'Y' } else { 'N' },
        if stored.rated { 'r' } else { 'u' },
        stored.minutes,
        stored.inc,
        fics_date(stored.adjourned_at),
    )
}

/// The whole `stored` reply for `name`.
pub fn stored_text(name: &str, games: &[(StoredGame, bool)]) -> Vec<Msg> {
    if games.is_empty() {
        return vec![msg!("stored-none", name = name)];
    }
    let mut lines = vec![msg!("stored-header", name = name), msg!("stored-columns")];
    for (i, (g, online)) in games.iter().enumerate() {
        lines.push(msg!("raw", text = stored_line(i + 1, g, name, *online)));
    }
    lines
}

impl World {
    /// Keeps a game that has just been adjourned, so that it can be resumed.
    pub fn remember_adjourned(
        &mut self,
        game: &Game,
        white_ms: i64,
        black_ms: i64,
        by_server: bool,
    ) {
        let moves = game
            .chess
            .moves()
            .iter()
            .zip(game.times.iter().chain(std::iter::repeat(&0)))
            .enumerate()
            .map(|(i, (m, &t))| MoveRow {
                ply: i as u32 + 1,
                san: m.san.clone(),
                uci: m.uci.clone(),
                time_ms: t,
                white_ms: 0,
                black_ms: 0,
            })
            .collect();
        let stored = StoredGame {
            id: game.db_id,
            white: game.white.name.clone(),
            black: game.black.name.clone(),
            white_account: game.white.account_id,
            black_account: game.black.account_id,
            white_rating: game.white.rating.column(),
            black_rating: game.black.rating.column(),
            minutes: game.terms.minutes,
            inc: game.terms.inc,
            rated: game.terms.rated,
            start_fen: game.chess.stored_start_fen(),
            started_at: game.started_unix,
            adjourned_at: unix_now(),
            white_ms,
            black_ms,
            moves,
            by_server,
        };
        self.durable.adjourned.insert(game.db_id, stored);
    }

    /// Asks `them` to resume the stored game between `me` and them: a match
    /// offer marked `(adjourned)`, or the game itself if they asked first.
    pub fn resume_request(
        &mut self,
        me: SessionId,
        them: SessionId,
        now: Instant,
    ) -> Result<Vec<Event>, Refusal> {
        let (Some(mine), Some(theirs)) = (self.player(me), self.player(them)) else {
            return Err(Refusal::Gone);
        };
        let Some(stored) = self.durable.stored_between(&mine.name, &theirs.name) else {
            return Err(msg!("resume-none-with", name = &theirs.name).into());
        };
        let color = if stored.white.eq_ignore_ascii_case(&mine.name) {
            Color::White
        } else {
            Color::Black
        };
        let req = MatchRequest {
            terms: terms_of(stored),
            color: Some(color),
            fen: None,
            resume: Some(stored.id),
            variant: stored.start_fen.as_deref().map_or(
                crate::chess::Variant::Atomic,
                crate::chess::Variant::of_start_fen,
            ),
        };
        self.challenge(me, them, req, now)
    }

    /// Brings an adjourned game back between its two players, who must be
    /// online and free. Returns the new game number.
    pub fn resume_game(&mut self, db_id: i64, now: Instant) -> Result<u32, Msg> {
        if self.durable.closing {
            return Err(msg!("server-shutting-down"));
        }
        let Some(stored) = self.durable.adjourned.get(&db_id).cloned() else {
            return Err(msg!("resume-gone"));
        };
        let variant = stored.variant();
        let mut seats = Vec::new();
        for (name, account) in [
            (&stored.white, stored.white_account),
            (&stored.black, stored.black_account),
        ] {
            let Some(p) = self.by_name(name) else {
                return Err(msg!("player-not-logged-in", name = name));
            };
            if account.is_some() && p.account_id != account {
                return Err(msg!("player-not-logged-in", name = name));
            }
            if p.game.is_some() {
                return Err(msg!("refuse-playing", name = &p.name));
            }
            seats.push(Seat {
                id: Some(p.id),
                name: p.name.clone(),
                account_id: p.account_id,
                titles: p.titles,
                rating: p.rating_display_in(variant),
            });
        }
        let chess = replay(&stored).map_err(|why| msg!("resume-damaged", why = why))?;
        let (Some(black), Some(white)) = (seats.pop(), seats.pop()) else {
            return Err(msg!("resume-gone"));
        };
        let (white_id, black_id) = (white.id.unwrap_or_default(), black.id.unwrap_or_default());
        for id in [white_id, black_id] {
            self.withdraw_all_offers(id);
        }
        self.durable.adjourned.remove(&db_id);
        self.store
            .write("resume game", move |c| db::reopen(c, db_id).map(|_| ()));
        let no = (1..)
            .find(|n| !self.games.contains_key(n))
            .unwrap_or(u32::MAX);
        let terms = terms_of(&stored);
        let plies = chess.moves().len() as u32;
        let clock = Clock::resume(
            terms.minutes * 60,
            terms.inc,
            stored.white_ms,
            stored.black_ms,
            plies,
            now,
        );
        let snapshot = Arc::new(BoardSnapshot::new(&chess, no, &white.name, &black.name));
        let label = Game::label_of(db_id, &white, &black, false);
        let mut game = Game {
            no,
            db_id,
            label,
            white,
            black,
            terms,
            chess,
            clock,
            times: stored.moves.iter().map(|m| m.time_ms).collect(),
            observers: Default::default(),
            started_unix: stored.started_at,
            last_lag_ms: 0,
            snapshot,
            unsaved: Vec::new(),
            flag_at: Default::default(),
        };
        let snap = game.refresh_snapshot(now);
        let intro = Arc::new(self.intro_of(&game, Beginning::Continued { adjourned: true }));
        for (id, color) in [(white_id, Color::White), (black_id, Color::Black)] {
            if let Some(p) = self.player_mut(id) {
                p.game = Some(no);
                p.last_color = Some(color);
            }
            if let Some(p) = self.player(id) {
                p.send(Out::GameStart {
                    intro: intro.clone(),
                    board: snap.clone(),
                    viewer: Viewer::Player(color),
                    stored: self.store.last_ticket(),
                });
            }
        }
        let notice = Event::GameBegins {
            game: game.game_ref(),
            rated: game.terms.rated,
            how: Beginning::Continued { adjourned: true },
        };
        self.tell_game_watchers(notice, &[white_id, black_id]);
        tracing::info!(game = no, db_id, white = %game.white.name, black = %game.black.name, plies, "game resumed");
        self.games.insert(no, game);
        self.peak_games = self.peak_games.max(self.games.len());
        self.arm_flag(no);
        self.offer_to_watchers(db_id, no);
        Ok(no)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stored(moves: &[&str]) -> StoredGame {
        StoredGame {
            id: 7,
            white: "Alice".into(),
            black: "Bob".into(),
            white_account: Some(1),
            black_account: Some(2),
            white_rating: "----".into(),
            black_rating: "----".into(),
            minutes: 5,
            inc: 0,
            rated: false,
            start_fen: None,
            started_at: 0,
            adjourned_at: 0,
            white_ms: 290_000,
            black_ms: 280_000,
            moves: moves
                .iter()
                .enumerate()
                .map(|(i, u)| MoveRow {
                    ply: i as u32 + 1,
                    san: String::new(),
                    uci: u.to_string(),
                    time_ms: 0,
                    white_ms: 0,
                    black_ms: 0,
                })
                .collect(),
            by_server: false,
        }
    }

    #[test]
    fn replay_rebuilds_the_position_castling_included() {
        let g = stored(&["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"]);
        let chess = replay(&g).unwrap();
        assert_eq!(chess.moves().len(), 7);
        assert_eq!(chess.moves()[6].san, "O-O");
        assert_eq!(chess.turn(), Color::Black);
        assert!(replay(&stored(&["e2e5"])).is_err());
        assert!(replay(&stored(&["zz"])).is_err());
    }

    #[test]
    fn stored_lines_match_what_pychess_reads() {
        let g = stored(&["e2e4", "e7e5", "g1f3"]);
        let line = stored_line(1, &g, "alice", true);
        assert!(
            line.starts_with(
                " 1: W Bob            Y [ xu  5   0] 39-39 B2   --- Thu Jan  1, 00:00 UTC 1970"
            ),
            "{line:?}"
        );
        let line = stored_line(2, &g, "Bob", false);
        assert!(
            line.starts_with(" 2: B Alice          N [ xu  5   0]"),
            "{line}"
        );
        assert_eq!(
            stored_text("Carol", &[]),
            vec![msg!("stored-none", name = "Carol")]
        );
    }
}
