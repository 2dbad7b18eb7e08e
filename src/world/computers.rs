//! Computer accounts as good citizens: the limits of `[computers]` in
//! `config.toml`, checked where games are offered.
//!
//! A bot never meets a silent drop: every refusal is one line that starts
//! with `Sorry, computer accounts may`, so a bot's author can match it.

use std::collections::{HashMap, VecDeque};
use std::time::Duration;

use tokio::time::Instant;

use crate::config::ComputerRules;
use crate::event::{Event, Refusal};
use crate::msg;
use crate::world::challenges::MatchRequest;
use crate::world::game::Terms;
use crate::world::{SessionId, World};

/// The window of the challenge limit.
const MINUTE: Duration = Duration::from_secs(60);

/// The rules, and the challenges each computer sent in the last minute.
#[derive(Debug, Default)]
pub struct Computers {
    pub rules: ComputerRules,
    sent: HashMap<SessionId, VecDeque<Instant>>,
}

impl Computers {
    /// Forgets challenges older than a minute (and sessions with none left).
    fn prune(&mut self, now: Instant) {
        self.sent.retain(|_, times| {
            while times
                .front()
                .is_some_and(|t| now.saturating_duration_since(*t) >= MINUTE)
            {
                times.pop_front();
            }
            !times.is_empty()
        });
    }
}

impl World {
    fn is_computer(&self, id: SessionId) -> bool {
        self.player(id).is_some_and(|p| p.titles.computer)
    }

    /// Why a game on `terms` between `a` and `b` may not be played because
    /// one of them (or both) is a computer; `None` if it may.
    pub fn computer_refusal(&self, a: SessionId, b: SessionId, terms: Terms) -> Option<Refusal> {
        let rules = self.computers.rules;
        let (ca, cb) = (self.is_computer(a), self.is_computer(b));
        if !ca && !cb {
            return None;
        }
        // One login plays one game at a time: a player who is here to be
        // asked plays 0 games now, and may start one if the limit allows.
        if rules.max_games == 0 {
            return Some(msg!("computer-no-games").into());
        }
        let busy = |id| u32::from(self.player(id).is_some_and(|p| p.game.is_some()));
        if (ca && busy(a) >= rules.max_games) || (cb && busy(b) >= rules.max_games) {
            return Some(msg!("computer-max-games", n = rules.max_games).into());
        }
        if terms.rated {
            if ca && cb && !rules.rated_vs_computers {
                return Some(msg!("computer-no-rated-computers").into());
            }
            if ca != cb && !rules.rated_vs_humans {
                return Some(msg!("computer-no-rated-humans").into());
            }
        }
        None
    }

    /// Why a computer may not post a seek on `terms`: only when no game
    /// could ever come of it.
    pub fn computer_seek_refusal(&self, owner: SessionId, terms: Terms) -> Option<Refusal> {
        let rules = self.computers.rules;
        if !self.is_computer(owner) {
            return None;
        }
        if rules.max_games == 0 {
            return Some(msg!("computer-no-games").into());
        }
        if terms.rated && !rules.rated_vs_humans && !rules.rated_vs_computers {
            return Some(msg!("computer-no-rated").into());
        }
        None
    }

    /// `match` with the computers' challenge limit: a computer's
    /// unsolicited challenges count against it; one to a player who has
    /// already challenged it is an answer and does not count, and neither
    /// does a challenge that was refused.
    pub fn challenge_limited(
        &mut self,
        from: SessionId,
        to: SessionId,
        req: MatchRequest,
        now: Instant,
    ) -> Result<Vec<Event>, Refusal> {
        let unsolicited = self.is_computer(from)
            && self
                .offers
                .between(to, from, crate::world::offers::OfferType::Match)
                .is_none();
        if unsolicited {
            self.challenge_quota(from, now)?;
        }
        let reply = self.challenge(from, to, req, now)?;
        if unsolicited {
            self.computers.sent.entry(from).or_default().push_back(now);
        }
        Ok(reply)
    }

    /// Whether a computer may send one more unsolicited challenge now.
    fn challenge_quota(&mut self, from: SessionId, now: Instant) -> Result<(), Refusal> {
        let limit = self.computers.rules.challenges_per_minute;
        if limit == 0 {
            return Err(msg!("computer-no-challenges").into());
        }
        self.computers.prune(now);
        let sent = self.computers.sent.get(&from).map_or(0, VecDeque::len);
        if sent >= limit as usize {
            return Err(msg!("computer-challenge-rate", n = limit).into());
        }
        Ok(())
    }
}
