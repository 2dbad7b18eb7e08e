//! The command budget of one connection: a token bucket, so that no client
//! can take a core by sending commands faster than any person or GUI does.
//!
//! The bucket holds `burst` commands and refills at `per_second`: a GUI's
//! login sequence, a pasted list or a burst of block-mode traffic pass
//! untouched. Past it the session's lines wait their turn (they stay in the
//! socket, so a flooder's own writes slow down), never dropped: a move in
//! a running game arrives late, not never. A move that is played costs
//! nothing: the game paces those (each waits for the opponent's). The user
//! is told once per spell of haste; a session that stays behind for
//! `disconnect_after_seconds` is not a person typing fast and is
//! disconnected.
//!
//! Pure: the caller passes the time in.

use std::time::Duration;

use tokio::time::Instant;

use super::conn::Line;

pub use crate::config::BudgetConfig;

/// What to do with the next line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Run it now.
    Run,
    /// Hold it until `until`; `first` the first time since the bucket was
    /// last full (the moment to tell the user, once per spell of haste).
    Wait { until: Instant, first: bool },
    /// The session has been behind its budget for too long.
    Flooding,
}

/// One session's bucket.
#[derive(Debug, Clone)]
pub struct Budget {
    config: BudgetConfig,
    tokens: f64,
    refilled: Instant,
    /// Since when lines have waited without the session catching up.
    behind_since: Option<Instant>,
    /// The user was told to slow down since the bucket was last full.
    told: bool,
}

impl Budget {
    /// A full bucket.
    pub fn new(config: BudgetConfig, now: Instant) -> Budget {
        Budget {
            config,
            tokens: f64::from(config.burst),
            refilled: now,
            behind_since: None,
            told: false,
        }
    }

    /// Whether a line of `commands` commands may run at `now`. A line
    /// with more commands than the burst runs once the bucket is full, and
    /// the lines after it wait for the whole of it.
    pub fn check(&mut self, commands: u32, now: Instant) -> Verdict {
        if self.config.burst == 0 {
            return Verdict::Run;
        }
        let burst = f64::from(self.config.burst);
        let elapsed = now.saturating_duration_since(self.refilled).as_secs_f64();
        self.tokens = (self.tokens + elapsed * self.config.per_second).min(burst);
        self.refilled = now;
        // A user told to slow down who has caught up and rested until the
        // bucket is full may be told again when next in a hurry.
        if self.tokens >= burst && self.behind_since.is_none() {
            self.told = false;
        }
        let need = f64::from(commands.clamp(1, self.config.burst));
        // (A hair of slack: refills add up in floating point.)
        if self.tokens + 1e-9 >= need {
            self.tokens -= f64::from(commands.max(1));
            return Verdict::Run;
        }
        let first = !std::mem::replace(&mut self.told, true);
        let since = *self.behind_since.get_or_insert(now);
        let limit = self.config.disconnect_after_seconds;
        if limit > 0.0 && now.saturating_duration_since(since).as_secs_f64() >= limit {
            return Verdict::Flooding;
        }
        let wait = (need - self.tokens) / self.config.per_second;
        Verdict::Wait {
            until: now + Duration::from_secs_f64(wait),
            first,
        }
    }

    /// No line is waiting any more: the session has caught up.
    pub fn caught_up(&mut self) {
        self.behind_since = None;
    }

    /// Gives back what `commands` cost: moves played in a game, which the
    /// game itself paces (a move waits for the opponent's), so that two
    /// programs playing each other at full speed are never held.
    pub fn refund(&mut self, commands: u32) {
        let burst = f64::from(self.config.burst);
        self.tokens = (self.tokens + f64::from(commands)).min(burst);
    }
}

/// The budget as the command loop uses it: it holds back the line that
/// must wait, and says when to look again.
#[derive(Debug)]
pub struct Gate {
    budget: Budget,
    held: Option<Line>,
    wake: Option<Instant>,
}

/// What the command loop does next.
#[derive(Debug)]
pub enum Next {
    /// Run this line.
    Run(Line),
    /// No line is waiting.
    Idle,
    /// The next line waits until [`Gate::wake`]; `tell`: say so (once).
    Held { tell: bool },
    /// Behind the budget for too long: disconnect.
    Flooding,
}

impl Gate {
    pub fn new(config: BudgetConfig, now: Instant) -> Gate {
        Gate {
            budget: Budget::new(config, now),
            held: None,
            wake: None,
        }
    }

    /// The next line to run: the one held back, else the next one `pop`
    /// gives, if the budget lets it run at `now`.
    pub fn next(&mut self, pop: impl FnOnce() -> Option<Line>, now: Instant) -> Next {
        let Some(line) = self.held.take().or_else(pop) else {
            self.budget.caught_up();
            return Next::Idle;
        };
        let commands = match &line {
            Line::Text(text) => commands_in(text),
            Line::TooLong => 1,
        };
        match self.budget.check(commands, now) {
            Verdict::Run => {
                self.wake = None;
                Next::Run(line)
            }
            Verdict::Wait { until, first } => {
                self.held = Some(line);
                self.wake = Some(until);
                Next::Held { tell: first }
            }
            Verdict::Flooding => Next::Flooding,
        }
    }

    /// When the line held back may run; None when none is held.
    pub fn wake(&self) -> Option<Instant> {
        self.held.as_ref().and(self.wake)
    }

    /// See [`Budget::refund`].
    pub fn refund(&mut self, commands: u32) {
        self.budget.refund(commands);
    }

    /// The line held back, taken out (the client is gone; it still runs).
    pub fn take_held(&mut self) -> Option<Line> {
        self.held.take()
    }
}

/// The commands of a line for the budget: each `;` piece is one.
pub fn commands_in(line: &str) -> u32 {
    let pieces = 1 + line.bytes().filter(|&b| b == b';').count();
    u32::try_from(pieces).unwrap_or(u32::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(burst: u32, per_second: f64, disconnect: f64) -> BudgetConfig {
        BudgetConfig {
            burst,
            per_second,
            disconnect_after_seconds: disconnect,
        }
    }

    fn at(t0: Instant, ms: u64) -> Instant {
        t0 + Duration::from_millis(ms)
    }

    #[test]
    fn a_burst_passes_then_lines_wait_their_turn() {
        let t0 = Instant::now();
        let mut b = Budget::new(BudgetConfig::default(), t0);
        for i in 0..50 {
            assert_eq!(b.check(1, t0), Verdict::Run, "line {i}");
        }
        // The 51st waits one twentieth of a second, and is told so once.
        assert_eq!(
            b.check(1, t0),
            Verdict::Wait {
                until: at(t0, 50),
                first: true
            }
        );
        assert!(matches!(
            b.check(1, at(t0, 10)),
            Verdict::Wait { first: false, .. }
        ));
        assert_eq!(b.check(1, at(t0, 50)), Verdict::Run);
        // Twenty a second after that, for as long as it goes on.
        for i in 1..=100 {
            assert_eq!(b.check(1, at(t0, 50 + i * 50)), Verdict::Run, "line {i}");
        }
    }

    #[test]
    fn the_user_is_told_again_only_after_the_bucket_was_full() {
        let t0 = Instant::now();
        let mut b = Budget::new(config(2, 10.0, 0.0), t0);
        b.check(1, t0);
        b.check(1, t0);
        assert!(matches!(b.check(1, t0), Verdict::Wait { first: true, .. }));
        assert_eq!(b.check(1, at(t0, 100)), Verdict::Run);
        b.caught_up();
        // Still in a hurry: the bucket never filled again.
        assert!(matches!(
            b.check(1, at(t0, 100)),
            Verdict::Wait { first: false, .. }
        ));
        assert_eq!(b.check(1, at(t0, 300)), Verdict::Run);
        b.caught_up();
        // Caught up and rested until the bucket is full: told again when
        // next in a hurry.
        b.check(1, at(t0, 500));
        b.check(1, at(t0, 500));
        assert!(matches!(
            b.check(1, at(t0, 500)),
            Verdict::Wait { first: true, .. }
        ));
    }

    #[test]
    fn moves_played_are_given_back() {
        let t0 = Instant::now();
        let mut b = Budget::new(config(3, 1.0, 0.0), t0);
        // A thousand moves at once, each one played: never held.
        for _ in 0..1000 {
            assert_eq!(b.check(1, t0), Verdict::Run);
            b.refund(1);
        }
        // Refunds never fill the bucket past the burst.
        for _ in 0..3 {
            assert_eq!(b.check(1, t0), Verdict::Run);
        }
        assert!(matches!(b.check(1, t0), Verdict::Wait { .. }));
    }

    #[test]
    fn a_steady_gui_is_never_held() {
        let t0 = Instant::now();
        let mut b = Budget::new(BudgetConfig::default(), t0);
        // A login sequence of 30 lines at once, then a command a second.
        for _ in 0..30 {
            assert_eq!(b.check(1, t0), Verdict::Run);
        }
        for s in 1..1000 {
            assert_eq!(b.check(1, at(t0, s * 1000)), Verdict::Run);
        }
    }

    #[test]
    fn every_piece_of_a_line_counts_and_a_long_line_still_runs() {
        assert_eq!(commands_in("who"), 1);
        assert_eq!(commands_in("set style 12; refresh;date"), 3);
        let t0 = Instant::now();
        let mut b = Budget::new(config(10, 10.0, 0.0), t0);
        // 25 commands in one line: it waits for a full bucket, runs, and
        // the next line waits for the whole of it.
        assert_eq!(b.check(25, t0), Verdict::Run);
        assert_eq!(
            b.check(1, t0),
            Verdict::Wait {
                until: at(t0, 1600),
                first: true
            }
        );
        assert_eq!(b.check(1, at(t0, 1600)), Verdict::Run);
    }

    #[test]
    fn staying_behind_too_long_is_flooding_catching_up_is_not() {
        let t0 = Instant::now();
        let mut b = Budget::new(config(2, 1.0, 5.0), t0);
        b.check(1, t0);
        b.check(1, t0);
        assert!(matches!(b.check(1, t0), Verdict::Wait { first: true, .. }));
        // Behind for four seconds: still only waiting.
        for s in 1..=4 {
            assert_eq!(b.check(1, at(t0, s * 1000)), Verdict::Run);
            assert!(matches!(
                b.check(1, at(t0, s * 1000)),
                Verdict::Wait { first: false, .. }
            ));
        }
        // At five seconds behind, the line that finds a token runs; the
        // next one that has to wait is one too many.
        assert_eq!(b.check(1, at(t0, 5000)), Verdict::Run);
        assert_eq!(b.check(1, at(t0, 5000)), Verdict::Flooding);
        // A session that caught up in between starts a new spell.
        let mut b = Budget::new(config(2, 1.0, 5.0), t0);
        b.check(1, t0);
        b.check(1, t0);
        assert!(matches!(b.check(1, t0), Verdict::Wait { .. }));
        b.caught_up();
        b.check(1, at(t0, 4000));
        b.check(1, at(t0, 4000));
        assert!(matches!(
            b.check(1, at(t0, 4000)),
            Verdict::Wait { first: true, .. }
        ));
        assert!(matches!(b.check(1, at(t0, 8000)), Verdict::Run));
    }

    #[test]
    fn the_gate_holds_the_line_that_must_wait_and_gives_it_back_in_order() {
        let t0 = Instant::now();
        let mut gate = Gate::new(config(1, 10.0, 0.0), t0);
        let line = |s: &str| Some(Line::Text(s.to_string()));
        assert!(matches!(gate.next(|| line("a"), t0), Next::Run(Line::Text(t)) if t == "a"));
        assert!(matches!(
            gate.next(|| line("b"), t0),
            Next::Held { tell: true }
        ));
        assert_eq!(gate.wake(), Some(at(t0, 100)));
        // Too early: still held, and not told again; nothing new is taken.
        assert!(matches!(
            gate.next(|| panic!("a held line goes first"), at(t0, 50)),
            Next::Held { tell: false }
        ));
        assert!(matches!(
            gate.next(|| None, at(t0, 100)),
            Next::Run(Line::Text(t)) if t == "b"
        ));
        assert_eq!(gate.wake(), None);
        assert!(matches!(gate.next(|| None, at(t0, 100)), Next::Idle));
    }

    #[test]
    fn a_zero_burst_turns_the_budget_off() {
        let t0 = Instant::now();
        let mut b = Budget::new(config(0, 0.0, 1.0), t0);
        for _ in 0..10_000 {
            assert_eq!(b.check(1, t0), Verdict::Run);
        }
        assert!(config(0, 0.0, 1.0).validate().is_ok());
        assert!(config(5, 0.0, 1.0).validate().is_err());
        assert!(BudgetConfig::default().validate().is_ok());
    }
}
