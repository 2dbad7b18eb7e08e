//! Stopping the server without losing a game, and logging out idle users.
//!
//! A shutdown (SIGTERM, SIGINT or the admin `shutdown` command) first ends
//! every game under the world lock: games between registered players are
//! adjourned (they can be resumed after the restart), games with a guest
//! are aborted, since a guest's name means nothing after a restart. Only
//! then are the sessions told to close, so that every player still reads
//! the end of their game; the server flushes the database last.

use std::sync::Arc;
use std::time::Duration;

use tokio::time::Instant;

use crate::event::{EndKind, Event, KickReason, Msg};
use crate::msg;

/// A notice to everyone, between blank lines (`**** ... ****`).
pub fn framed(m: Msg) -> Event {
    Event::Lines {
        lines: vec![msg!("blank"), m, msg!("blank")],
    }
}
use crate::world::durable::Countdown;
use crate::world::game_end::End;
use crate::world::timers::TimerKey;
use crate::world::{Out, SessionId, World};

/// `2 minutes`, `1 minute`, `30 seconds`.
pub fn duration_text(d: Duration) -> String {
    let secs = d.as_secs();
    let (n, unit) = if secs >= 60 && secs.is_multiple_of(60) {
        (secs / 60, "minute")
    } else {
        (secs, "second")
    };
    format!("{n} {unit}{}", if n == 1 { "" } else { "s" })
}

impl World {
    /// Ends every game for a shutdown (see the module doc).
    pub fn close_all_games(&mut self, now: Instant) {
        let numbers: Vec<u32> = self.games.keys().copied().collect();
        for no in numbers {
            let Some(game) = self.games.get(&no) else {
                continue;
            };
            let end = if game.white.account_id.is_some() && game.black.account_id.is_some() {
                self.remember_watchers(no);
                End::of(EndKind::ShutdownAdjourned)
            } else {
                End::of(EndKind::ShutdownAborted)
            };
            self.end_game(no, end, now, None);
        }
        self.durable.absent.clear();
    }

    /// Stops the server now: every game ends (see the module doc), then the
    /// sessions are told to close.
    pub fn shut_down_now(&mut self, now: Instant) {
        if !self.durable.closing {
            tracing::info!(games = self.games.len(), "shutting down: ending every game");
        }
        self.durable.closing = true;
        self.durable.countdown = None;
        self.timers.cancel(TimerKey::Shutdown);
        self.close_all_games(now);
        if let Some(stop) = &self.durable.stop {
            stop.cancel();
        }
    }

    /// Announces a shutdown in `after` and starts the countdown.
    pub fn schedule_shutdown(&mut self, by: &str, after: Duration, now: Instant) {
        self.durable.countdown = Some(Countdown {
            at: now + after,
            by: by.to_string(),
        });
        self.shutdown_warning(after);
        self.timers
            .arm(TimerKey::Shutdown, now + after.min(Duration::from_secs(60)));
    }

    /// Stops a countdown; false if there was none.
    pub fn cancel_shutdown(&mut self, by: &str) -> bool {
        if self.durable.countdown.take().is_none() {
            return false;
        }
        self.timers.cancel(TimerKey::Shutdown);
        self.tell_everyone(framed(msg!("shutdown-canceled", by = by)), None);
        true
    }

    /// The countdown timer fired: warn again, or stop the server.
    pub fn shutdown_tick(&mut self, now: Instant) {
        let Some(countdown) = self.durable.countdown.clone() else {
            return;
        };
        if countdown.at <= now {
            tracing::info!(by = %countdown.by, "shutdown countdown over");
            return self.shut_down_now(now);
        }
        let left = countdown.at - now;
        // Round to whole seconds so that "1 minute" reads as it should.
        let left = Duration::from_secs(left.as_secs() + u64::from(left.subsec_millis() >= 500));
        self.shutdown_warning(left);
        self.timers
            .arm(TimerKey::Shutdown, now + left.min(Duration::from_secs(60)));
    }

    fn shutdown_warning(&self, left: Duration) {
        let secs = left.as_secs();
        let line = framed(if secs >= 60 && secs.is_multiple_of(60) {
            msg!("shutdown-in-minutes", n = secs / 60)
        } else {
            msg!("shutdown-in-seconds", n = secs)
        });
        self.tell_everyone(line, None);
    }

    /// Sends `text` to everyone online except `skip`; returns how many got it.
    pub fn tell_everyone(&self, event: Event, skip: Option<SessionId>) -> usize {
        let event = Arc::new(event);
        let mut n = 0;
        for p in self.players() {
            if Some(p.id) != skip {
                p.share(&event);
                n += 1;
            }
        }
        n
    }

    /// Starts watching a user for idleness.
    pub fn watch_idle(&self, id: SessionId, now: Instant) {
        if let Some(limit) = self.durable.idle_timeout {
            self.timers.arm(TimerKey::Idle(id), now + limit);
        }
    }

    /// An idle timer fired: log the user out if they have typed nothing for
    /// the whole timeout and are not playing; otherwise look again later.
    pub fn idle_check(&mut self, id: SessionId, now: Instant) {
        let Some(limit) = self.durable.idle_timeout else {
            return;
        };
        let Some(p) = self.player(id) else { return };
        if p.game.is_some() {
            return self.timers.arm(TimerKey::Idle(id), now + limit);
        }
        let due = p.last_input + limit;
        if due > now {
            return self.timers.arm(TimerKey::Idle(id), due);
        }
        tracing::info!(player = %p.name, "idle logout");
        p.send(Out::Kick(KickReason::Idle {
            secs: limit.as_secs(),
        }));
    }

    /// What happens to a user who has just logged in: a game waiting for
    /// them takes them back, and the idle clock starts.
    pub fn after_enter(&mut self, id: SessionId, replaced: Option<SessionId>, now: Instant) {
        self.rejoin_game(id, replaced, now);
        self.watch_idle(id, now);
        self.tourney_player_arrived(id, now);
        self.continue_server_adjourned(id, now);
        self.offer_watched_games(id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_naturally() {
        assert_eq!(duration_text(Duration::from_secs(120)), "2 minutes");
        assert_eq!(duration_text(Duration::from_secs(60)), "1 minute");
        assert_eq!(duration_text(Duration::from_secs(1)), "1 second");
        assert_eq!(duration_text(Duration::from_secs(90)), "90 seconds");
    }
}
