//! Ratings in play: what a formula sees of an offer, the preview before a
//! rated game, and the update after one (both players in one transaction).

use shakmaty::Color;

use crate::chess::Variant;
use crate::event::{Msg, Refusal};
use crate::formula::OfferFacts;
use crate::msg;
use crate::rating::{self, GameResult, Rating};
use crate::store::adjourned::StoredGame;
use crate::store::ratings::Save;
use crate::timefmt::unix_now;
use crate::world::game::{Game, Terms};
use crate::world::{Player, SessionId, World};

/// The new ratings after a rated game: a line for each player present, and
/// what to store.
pub struct RatedOutcome {
    /// Each player's rating before and after.
    pub lines: Vec<(SessionId, (i32, i32))>,
    pub saves: Vec<Save>,
}

impl World {
    /// What `owner`'s formula sees of an offer from `opponent` on `terms`
    /// in `variant`.
    pub fn offer_facts(
        &self,
        owner: &Player,
        opponent: &Player,
        terms: Terms,
        variant: Variant,
    ) -> OfferFacts {
        let now = unix_now();
        let (win, draw, loss) = match (
            owner.rating_in(variant),
            opponent.rating_in(variant),
            terms.rated,
        ) {
            (Some(me), Some(them), true) => {
                let p = rating::preview(me, them, now);
                (p.win, p.draw, p.loss)
            }
            _ => (0, 0, 0),
        };
        let opponent_rated = opponent.rating_in(variant).filter(|r| r.total() > 0);
        OfferFacts {
            time: i64::from(terms.minutes),
            inc: i64::from(terms.inc),
            rated: terms.rated,
            private: false,
            rating: i64::from(opponent.rating_number_in(variant)),
            myrating: i64::from(owner.rating_number_in(variant)),
            rd: opponent_rated.map_or(350, |r| rating::rd_now(r, now).round() as i64),
            provisional: opponent_rated.is_none_or(Rating::is_provisional),
            registered: opponent.is_registered(),
            computer: opponent.titles.computer,
            abuser: false,
            timeseal: opponent.timeseal,
            assess_win: i64::from(win),
            assess_draw: i64::from(draw),
            assess_loss: i64::from(loss),
            atomic960: variant == Variant::Atomic960,
        }
    }

    /// `None` if `owner`'s formula lets the offer through, else the two
    /// lines of the refusal (docs/protocol.md §3.5), told to `asker`.
    pub fn formula_refusal(
        &self,
        owner: SessionId,
        asker: SessionId,
        terms: Terms,
        variant: Variant,
    ) -> Option<Refusal> {
        let (o, a) = (self.player(owner)?, self.player(asker)?);
        let formulas = o.formulas();
        let facts = self.offer_facts(o, a, terms, variant);
        if crate::formula::accepts(&formulas, &facts) {
            return None;
        }
        let text = formulas
            .formula
            .as_ref()
            .map(|f| f.source().to_string())
            .unwrap_or_default();
        Some(Refusal::Formula {
            owner: o.name.clone(),
            formula: text,
        })
    }

    /// The two preview lines of a rated offer in `variant` for `me`
    /// against `them`.
    pub fn preview_lines(
        &self,
        me: SessionId,
        them: SessionId,
        variant: Variant,
    ) -> Option<(i32, i32, i32, f64)> {
        let mine = self.player(me)?.rating_in(variant)?;
        let theirs = self.player(them)?.rating_in(variant)?;
        let p = rating::preview(mine, theirs, unix_now());
        Some((p.win, p.draw, p.loss, p.new_rd))
    }

    /// Rates a rated game that finished at `now` (Unix secs, the time its
    /// row records): updates both players' ratings in the world and returns
    /// their lines and what to store. `None` when the game is not rated or
    /// a player is not here to be rated.
    pub fn rate_game(&mut self, game: &Game, result: &str, now: i64) -> Option<RatedOutcome> {
        if !game.terms.rated {
            return None;
        }
        let outcome = GameResult::from_score(result)?;
        let (wid, bid) = (game.white.id?, game.black.id?);
        let (wa, ba) = (game.white.account_id?, game.black.account_id?);
        // A rated game moves its own variant's line only.
        let variant = game.chess.variant();
        let white = self.player(wid)?.rating_in(variant)?.clone();
        let black = self.player(bid)?.rating_in(variant)?.clone();
        let (new_white, new_black) = rating::after_game(&white, &black, outcome, now);
        let mut lines = Vec::new();
        for (id, old, new, color) in [
            (wid, &white, &new_white, Color::White),
            (bid, &black, &new_black, Color::Black),
        ] {
            lines.push((id, (old.whole(), new.whole())));
            if let Some(p) = self.player_mut(id) {
                p.set_rating_in(variant, new.clone());
            }
            tracing::info!(game = game.no, variant = variant.word(), player = %game.seat(color).name, old = old.whole(), new = new.whole(), "rating changed");
        }
        Some(RatedOutcome {
            lines,
            saves: vec![(wa, variant, new_white), (ba, variant, new_black)],
        })
    }

    /// Rates an adjourned game decided without being resumed (adjudicated,
    /// or forfeited in a tournament) with `result` (`1-0`, `0-1`,
    /// `1/2-1/2`). Ratings come from the players online, or else from
    /// those remembered for players away, and are updated in both places.
    /// Returns each player's adjustment line (by name) and what to store;
    /// None when the game is unrated or a rating is unknown.
    pub fn rate_stored_game(&mut self, stored: &StoredGame, result: &str) -> Option<StoredRated> {
        if !stored.rated {
            return None;
        }
        let outcome = GameResult::from_score(result)?;
        let (wa, ba) = (stored.white_account?, stored.black_account?);
        let variant = stored.variant();
        let online = |world: &World, name: &str, account: i64| {
            world
                .by_name(name)
                .filter(|p| p.account_id == Some(account))
                .map(|p| p.id)
        };
        let current = |world: &World, name: &str, account: i64| match online(world, name, account) {
            Some(id) => world.player(id).and_then(|p| p.rating_in(variant).cloned()),
            None => world.durable.away_ratings.get(&(account, variant)).cloned(),
        };
        let (Some(white), Some(black)) = (
            current(self, &stored.white, wa),
            current(self, &stored.black, ba),
        ) else {
            tracing::warn!(
                db_id = stored.id,
                "no rating known for a player; the game is not rated"
            );
            return None;
        };
        let (new_white, new_black) = rating::after_game(&white, &black, outcome, unix_now());
        let mut lines = Vec::new();
        for (account, name, old, new) in [
            (wa, &stored.white, &white, &new_white),
            (ba, &stored.black, &black, &new_black),
        ] {
            lines.push((name.clone(), (old.whole(), new.whole())));
            match online(self, name, account).and_then(|id| self.player_mut(id)) {
                Some(p) => p.set_rating_in(variant, new.clone()),
                None => {
                    self.durable
                        .away_ratings
                        .insert((account, variant), new.clone());
                }
            }
            tracing::info!(db_id = stored.id, player = %name, old = old.whole(), new = new.whole(), "rating changed (stored game)");
        }
        Some(StoredRated {
            variant,
            lines,
            saves: vec![(wa, variant, new_white), (ba, variant, new_black)],
        })
    }
}

/// The new ratings after a stored game was decided: each player's
/// adjustment line, by name, and what to store.
pub struct StoredRated {
    /// The variant whose line moved.
    pub variant: Variant,
    pub lines: Vec<(String, (i32, i32))>,
    pub saves: Vec<Save>,
}

impl StoredRated {
    /// The line for `name`, or FICS's "no adjustment" line.
    pub fn line_for(rated: Option<&StoredRated>, name: &str) -> Msg {
        match rated.and_then(|r| r.lines.iter().find(|(n, _)| n.eq_ignore_ascii_case(name))) {
            Some((_, (old, new))) if rated.is_some_and(|r| r.variant == Variant::Atomic960) => {
                msg!("rating-adjustment-atomic960", old = *old, new = *new)
            }
            Some((_, (old, new))) => msg!("rating-adjustment", old = *old, new = *new),
            None => msg!("rating-none"),
        }
    }
}
