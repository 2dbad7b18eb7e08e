//! What admin commands change in the live world: kicking users out,
//! muzzles on users online, and adjudicating games (in progress or
//! adjourned). The database side is in `store::admin`.

use shakmaty::Color;
use tokio::time::Instant;

use crate::rating::{self, GameResult, Rating};
use crate::store::adjourned::StoredGame;
use crate::store::games::{self as db, Ending};
use crate::timefmt::unix_now;
use crate::world::games::End;
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

    /// How the game ends (spec §5.7 wording).
    pub fn end(self, white: &str, black: &str) -> End {
        match self {
            Verdict::WhiteWins => {
                End::win(Color::White, format!("{white} wins by adjudication"), "Adj")
            }
            Verdict::BlackWins => {
                End::win(Color::Black, format!("{black} wins by adjudication"), "Adj")
            }
            Verdict::Draw => End::finished("Game drawn by adjudication".into(), "1/2-1/2", "Adj"),
            Verdict::Abort => End::aborted("Game aborted by adjudication".into()),
        }
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
    pub fn kick(&self, name: &str, text: &str) -> Option<String> {
        let p = self.by_name(name)?;
        p.send(Out::Kick(text.into()));
        Some(p.name.clone())
    }

    /// Sets the muzzle of the user `name` if online; their name as shown.
    pub fn set_muzzle_online(&mut self, name: &str, on: bool) -> Option<String> {
        let id = self.by_name(name)?.id;
        let p = self.player_mut(id)?;
        p.muzzled = on;
        Some(p.name.clone())
    }

    /// The accounts (White, Black) whose stored ratings an adjudication of
    /// this pair's adjourned game needs: Some only when there is no game in
    /// progress between them and their adjourned game is rated.
    pub fn adjudication_needs_ratings(&self, white: &str, black: &str) -> Option<(i64, i64)> {
        let live = self.games.values().any(|g| {
            g.white.name.eq_ignore_ascii_case(white) && g.black.name.eq_ignore_ascii_case(black)
        });
        if live {
            return None;
        }
        let stored = self.adjourned_between(white, black)?;
        match (stored.rated, stored.white_account, stored.black_account) {
            (true, Some(w), Some(b)) => Some((w, b)),
            _ => None,
        }
    }

    fn adjourned_between(&self, white: &str, black: &str) -> Option<&StoredGame> {
        self.durable
            .adjourned
            .values()
            .find(|g| g.white.eq_ignore_ascii_case(white) && g.black.eq_ignore_ascii_case(black))
    }

    /// Adjudicates the game between `white` and `black`: the one in
    /// progress if there is one, else their oldest adjourned game. A rated
    /// adjourned game is rated with `stored_ratings` (White's, Black's, as
    /// the database had them), or with the ratings in memory of whoever is
    /// online, which are never older.
    pub fn adjudicate(
        &mut self,
        white: &str,
        black: &str,
        verdict: Verdict,
        by: &str,
        now: Instant,
        stored_ratings: Option<(Rating, Rating)>,
    ) -> Option<Adjudicated> {
        let live = self
            .games
            .values()
            .find(|g| {
                g.white.name.eq_ignore_ascii_case(white) && g.black.name.eq_ignore_ascii_case(black)
            })
            .map(|g| (g.no, g.white.name.clone(), g.black.name.clone()));
        if let Some((no, w, b)) = live {
            self.end_game(no, verdict.end(&w, &b), now, None);
            return Some(Adjudicated {
                game: AdjudicatedGame::Live(no),
                white: w,
                black: b,
            });
        }
        let stored: StoredGame = self.adjourned_between(white, black).cloned()?;
        self.durable.adjourned.remove(&stored.id);
        let end = verdict.end(&stored.white, &stored.black);
        let rated = self.rate_adjudicated(&stored, verdict, stored_ratings);
        let ending = Ending {
            status: end.status,
            result: end.result.to_string(),
            reason: end.reason.clone(),
            code: end.code.to_string(),
            ended_at: unix_now(),
            white_ms: stored.white_ms,
            black_ms: stored.black_ms,
        };
        let id = stored.id;
        let saves: Vec<(i64, Rating)> = rated.iter().map(|(a, _, r)| (*a, r.clone())).collect();
        // One job, one transaction: the result and the ratings together.
        self.store.write("adjudicate", move |c| {
            db::finish(c, id, &ending)?;
            for (account, rating) in &saves {
                crate::store::ratings::save(c, *account, rating)?;
            }
            Ok(())
        });
        for (me, them) in [
            (&stored.white, &stored.black),
            (&stored.black, &stored.white),
        ] {
            if let Some(p) = self.by_name(me) {
                let adjustment = rated
                    .iter()
                    .find(|(_, name, _)| name.eq_ignore_ascii_case(me))
                    .map_or("No ratings adjustment done.".to_string(), |(_, _, r)| {
                        let old = p.rating.as_ref().map_or(r.whole(), Rating::whole);
                        rating::adjustment_line(old, r.whole())
                    });
                p.send_text(format!(
                    "{by} has adjudicated your adjourned game with {them}: {} {}\n{adjustment}\n",
                    end.reason, end.result
                ));
            }
        }
        for (_, name, new) in &rated {
            if let Some(id) = self.by_name(name).map(|p| p.id)
                && let Some(p) = self.player_mut(id)
            {
                p.rating = Some(new.clone());
            }
        }
        tracing::info!(db_id = id, white = %stored.white, black = %stored.black, result = end.result, %by, "adjourned game adjudicated");
        self.tourney_stored_game_ended(id, &end, stored.moves.len() as u32, now);
        Some(Adjudicated {
            game: AdjudicatedGame::Stored(id),
            white: stored.white,
            black: stored.black,
        })
    }

    /// The new ratings (account, name, rating) after adjudicating a rated
    /// adjourned game; empty when it is unrated, aborted or lacks ratings.
    fn rate_adjudicated(
        &self,
        stored: &StoredGame,
        verdict: Verdict,
        stored_ratings: Option<(Rating, Rating)>,
    ) -> Vec<(i64, String, Rating)> {
        let outcome = match verdict {
            Verdict::WhiteWins => GameResult::WhiteWins,
            Verdict::BlackWins => GameResult::BlackWins,
            Verdict::Draw => GameResult::Draw,
            Verdict::Abort => return Vec::new(),
        };
        let (Some(wa), Some(ba), Some((w, b))) =
            (stored.white_account, stored.black_account, stored_ratings)
        else {
            return Vec::new();
        };
        if !stored.rated {
            return Vec::new();
        }
        let current = |name: &str, loaded: Rating| {
            self.by_name(name)
                .and_then(|p| p.rating.clone())
                .unwrap_or(loaded)
        };
        let (w, b) = (current(&stored.white, w), current(&stored.black, b));
        let (new_w, new_b) = rating::after_game(&w, &b, outcome, unix_now());
        tracing::info!(db_id = stored.id, white = %stored.white, old = w.whole(), new = new_w.whole(), "rating changed by adjudication");
        tracing::info!(db_id = stored.id, black = %stored.black, old = b.whole(), new = new_b.whole(), "rating changed by adjudication");
        vec![
            (wa, stored.white.clone(), new_w),
            (ba, stored.black.clone(), new_b),
        ]
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
        let e = Verdict::WhiteWins.end("Alice", "Bob");
        assert_eq!(
            (e.reason.as_str(), e.result),
            ("Alice wins by adjudication", "1-0")
        );
        assert_eq!(
            Verdict::Draw.end("a", "b").reason,
            "Game drawn by adjudication"
        );
        assert_eq!(Verdict::Abort.end("a", "b").status, "aborted");
    }
}
