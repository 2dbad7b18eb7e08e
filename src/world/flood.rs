//! Flood control for talk: how many lines a session may send in a window,
//! and how often one user may shout.
//!
//! Pure: the caller passes the time in, so the rules are tested without a
//! clock and the world never waits for one.

use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// Talk lines a session may send within [`TALK_WINDOW`].
pub const TALK_LINES: usize = 10;
/// The window of the talk rate limit.
pub const TALK_WINDOW: Duration = Duration::from_secs(5);
/// Time a user who is not an admin waits between two shouts.
pub const SHOUT_INTERVAL: Duration = Duration::from_secs(10);

/// At most `max` events in any `window`: a sliding window over the times of
/// the events it allowed. Refused events do not count, so a user who slows
/// down is let through again as soon as the oldest line leaves the window.
#[derive(Debug, Clone)]
pub struct RateLimit {
    max: usize,
    window: Duration,
    times: VecDeque<Instant>,
}

impl RateLimit {
    pub fn new(max: usize, window: Duration) -> RateLimit {
        RateLimit {
            max,
            window,
            times: VecDeque::with_capacity(max),
        }
    }

    /// The limit for talk lines: [`TALK_LINES`] in [`TALK_WINDOW`].
    pub fn talk() -> RateLimit {
        RateLimit::new(TALK_LINES, TALK_WINDOW)
    }

    /// Counts an event at `now` if the limit allows it; false if it does not.
    pub fn allow(&mut self, now: Instant) -> bool {
        while let Some(&first) = self.times.front() {
            if now.saturating_duration_since(first) >= self.window {
                self.times.pop_front();
            } else {
                break;
            }
        }
        if self.times.len() >= self.max {
            return false;
        }
        self.times.push_back(now);
        true
    }
}

impl Default for RateLimit {
    fn default() -> Self {
        RateLimit::talk()
    }
}

/// One event per `interval` (the shout quota).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Quota {
    pub interval: Duration,
}

impl Quota {
    /// Whole seconds still to wait after an event at `last`, rounded up;
    /// 0 when the next event may happen now.
    pub fn wait_secs(&self, last: Option<Instant>, now: Instant) -> u64 {
        let Some(last) = last else { return 0 };
        let passed = now.saturating_duration_since(last);
        match self.interval.checked_sub(passed) {
            Some(left) if !left.is_zero() => left.as_millis().div_ceil(1000) as u64,
            _ => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(start: Instant, millis: u64) -> Instant {
        start + Duration::from_millis(millis)
    }

    #[test]
    fn ten_lines_in_five_seconds_then_slow_down() {
        let t0 = Instant::now();
        let mut limit = RateLimit::talk();
        for i in 0..10 {
            assert!(limit.allow(at(t0, i * 100)), "line {i}");
        }
        assert!(!limit.allow(at(t0, 1_000)));
        assert!(!limit.allow(at(t0, 4_999)));
        // The first line (at 0 ms) leaves the window at 5 s: one more fits.
        assert!(limit.allow(at(t0, 5_000)));
        assert!(!limit.allow(at(t0, 5_050)));
        // The second (at 100 ms) leaves at 5.1 s.
        assert!(limit.allow(at(t0, 5_100)));
    }

    #[test]
    fn refused_lines_do_not_count() {
        let t0 = Instant::now();
        let mut limit = RateLimit::new(2, Duration::from_secs(1));
        assert!(limit.allow(t0));
        assert!(limit.allow(t0));
        for ms in [10, 200, 900] {
            assert!(!limit.allow(at(t0, ms)));
        }
        // Had the refusals counted, the window would still be full here.
        assert!(limit.allow(at(t0, 1_000)));
        assert!(limit.allow(at(t0, 1_000)));
        assert!(!limit.allow(at(t0, 1_001)));
    }

    #[test]
    fn steady_talk_is_never_refused() {
        let t0 = Instant::now();
        let mut limit = RateLimit::talk();
        // One line every 500 ms is exactly 10 per 5 s.
        for i in 0..100 {
            assert!(limit.allow(at(t0, i * 500)), "line {i}");
        }
    }

    #[test]
    fn shout_quota_counts_down_in_whole_seconds() {
        let t0 = Instant::now();
        let q = Quota {
            interval: SHOUT_INTERVAL,
        };
        assert_eq!(q.wait_secs(None, t0), 0);
        assert_eq!(q.wait_secs(Some(t0), t0), 10);
        assert_eq!(q.wait_secs(Some(t0), at(t0, 1)), 10);
        assert_eq!(q.wait_secs(Some(t0), at(t0, 9_000)), 1);
        assert_eq!(q.wait_secs(Some(t0), at(t0, 9_999)), 1);
        assert_eq!(q.wait_secs(Some(t0), at(t0, 10_000)), 0);
        assert_eq!(q.wait_secs(Some(t0), at(t0, 60_000)), 0);
        // A clock that seems to go back never panics.
        assert_eq!(q.wait_secs(Some(at(t0, 5_000)), t0), 10);
    }
}
