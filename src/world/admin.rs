//! What admin commands change in the live world: kicking users out,
//! muzzles on users online, and adjudicating games (in progress or
//! adjourned). The database side is in `store::admin`.

use shakmaty::Color;
use tokio::time::Instant;

use crate::event::{EndKind, Event, KickReason, Msg};
use crate::msg;
use crate::store::adjourned::StoredGame;
use crate::store::games::{self as db, Ending};
use crate::timefmt::unix_now;
use crate::world::game_end::End;
use crate::world::ratings::StoredRated;
use crate::world::{Out, World};

/// An adjudicated result (`adjudicate white black result`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    WhiteWins,
    BlackWins,
    Draw,
    Abort,
}

impl Verdict {
    /// `white`, `black`, `draw`, `abort` (FICS), also `1-0`, `0-1`, `1/2-1/2`.
    pub fn parse(word: &str) -> Option<Verdict> {
        match word.to_ascii_lowercase().as_str() {
            "white" | "1-0" => Some(Verdict::WhiteWins),
            "black" | "0-1" => Some(Verdict::BlackWins),
            "draw" | "1/2-1/2" | "=" => Some(Verdict::Draw),
            "abort" | "*" => Some(Verdict::Abort),
            _ => None,
        }
    }

    /// How the game ends (docs/protocol.md §5.7 wording).
    pub fn end(self) -> End {
        End::of(match self {
            Verdict::WhiteWins => EndKind::Adjudicated {
                winner: Some(Color::White),
            },
            Verdict::BlackWins => EndKind::Adjudicated {
                winner: Some(Color::Black),
            },
            Verdict::Draw => EndKind::Adjudicated { winner: None },
            Verdict::Abort => EndKind::AbortedByAdjudication,
        })
    }
}

/// Which game an adjudication ended, and its players as they spell
/// their names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Adjudicated {
    pub game: AdjudicatedGame,
    pub white: String,
    pub black: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AdjudicatedGame {
    /// A game in progress, by number.
    Live(u32),
    /// An adjourned game, by database id.
    Stored(i64),
}

impl World {
    /// Closes the session of the user called `name` with `text`; their
    /// name as shown, or None if nobody of that name is online.
    pub fn kick(&self, name: &str, why: Msg) -> Option<String> {
        let p = self.by_name(name)?;
        p.send(Out::Kick(KickReason::Said(why)));
        Some(p.name.clone())
    }

    /// Sets the muzzle of the user `name` if online; their name as shown.
    pub fn set_muzzle_online(&mut self, name: &str, on: bool) -> Option<String> {
        let id = self.by_name(name)?.id;
        let p = self.player_mut(id)?;
        p.muzzled = on;
        Some(p.name.clone())
    }

    /// The oldest adjourned game with `white` as White and `black` as Black.
    fn adjourned_between(&self, white: &str, black: &str) -> Option<&StoredGame> {
        self.durable
            .adjourned
            .values()
            .find(|g| g.white.eq_ignore_ascii_case(white) && g.black.eq_ignore_ascii_case(black))
    }

    /// Adjudicates the game between `white` and `black`: the one in
    /// progress if there is one, else their oldest adjourned game (rated
    /// as if it had been played out, whether its players are here or not).
    pub fn adjudicate(
        &mut self,
        white: &str,
        black: &str,
        verdict: Verdict,
        by: &str,
        now: Instant,
    ) -> Option<Adjudicated> {
        let live = self
            .games
            .values()
            .find(|g| {
                g.white.name.eq_ignore_ascii_case(white) && g.black.name.eq_ignore_ascii_case(black)
            })
            .map(|g| (g.no, g.white.name.clone(), g.black.name.clone()));
        if let Some((no, w, b)) = live {
            self.end_game(no, verdict.end(), now, None);
            return Some(Adjudicated {
                game: AdjudicatedGame::Live(no),
                white: w,
                black: b,
            });
        }
        let stored: StoredGame = self.adjourned_between(white, black).cloned()?;
        self.durable.adjourned.remove(&stored.id);
        let end = verdict.end();
        let reason = end.reason(&stored.white, &stored.black);
        let rated = self.rate_stored_game(&stored, end.result);
        let ending = Ending {
            status: end.status,
            result: end.result.to_string(),
            reason: reason.clone(),
            code: end.code.to_string(),
            ended_at: unix_now(),
            white_ms: stored.white_ms,
            black_ms: stored.black_ms,
        };
        let id = stored.id;
        let saves = rated.as_ref().map(|r| r.saves.clone()).unwrap_or_default();
        self.store.write("adjudicate", move |c| {
            db::finish_rated(c, id, &ending, &saves)
        });
        for (me, them) in [
            (&stored.white, &stored.black),
            (&stored.black, &stored.white),
        ] {
            if let Some(p) = self.by_name(me) {
                let adjustment = StoredRated::line_for(rated.as_ref(), me);
                p.send_event(Event::Lines {
                    lines: vec![
                        msg!(
                            "adjudicated-stored",
                            by = by,
                            opponent = them,
                            reason = &reason,
                            result = end.result
                        ),
                        adjustment,
                    ],
                });
            }
        }
        tracing::info!(db_id = id, white = %stored.white, black = %stored.black, result = end.result, %by, "adjourned game adjudicated");
        self.tourney_stored_game_ended(&stored, &end, now);
        Some(Adjudicated {
            game: AdjudicatedGame::Stored(id),
            white: stored.white,
            black: stored.black,
        })
    }

    /// Forgets the adjourned games of a removed account.
    pub fn forget_stored_of(&mut self, name: &str) {
        self.durable.adjourned.retain(|_, g| !g.involves(name));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_in_fics_words() {
        assert_eq!(Verdict::parse("WHITE"), Some(Verdict::WhiteWins));
        assert_eq!(Verdict::parse("0-1"), Some(Verdict::BlackWins));
        assert_eq!(Verdict::parse("win"), None);
        let e = Verdict::WhiteWins.end();
        assert_eq!(
            (e.reason("Alice", "Bob").as_str(), e.result),
            ("Alice wins by adjudication", "1-0")
        );
        assert_eq!(
            Verdict::Draw.end().reason("a", "b"),
            "Game drawn by adjudication"
        );
        assert_eq!(Verdict::Abort.end().status, "aborted");
    }
}
