//! How many accounts one address may make in an hour: a sliding window of
//! the sign-ups each address made, kept in memory (a restart forgets it,
//! which costs a flood one more hour's worth at most).

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Duration;

use tokio::time::Instant;

/// The window.
const HOUR: Duration = Duration::from_secs(3600);

/// Addresses tracked at once; past it the oldest windows are swept.
const MAX_ADDRESSES: usize = 10_000;

/// The sign-ups of the last hour, by address (an IPv6 address by its /64).
#[derive(Debug, Default)]
pub struct SignupLimit {
    seen: Mutex<HashMap<IpAddr, VecDeque<Instant>>>,
}

impl SignupLimit {
    /// Counts a sign-up from `ip` at `now` if fewer than `per_hour` were
    /// made from there in the hour before; false (and nothing counted)
    /// otherwise.
    pub fn take(&self, ip: IpAddr, per_hour: u32, now: Instant) -> bool {
        let key = crate::net::address::subscriber(ip);
        let mut seen = self.seen.lock().unwrap_or_else(|p| p.into_inner());
        if seen.len() >= MAX_ADDRESSES && !seen.contains_key(&key) {
            seen.retain(|_, times| {
                times
                    .back()
                    .is_some_and(|t| now.saturating_duration_since(*t) < HOUR)
            });
        }
        let times = seen.entry(key).or_default();
        while times
            .front()
            .is_some_and(|t| now.saturating_duration_since(*t) >= HOUR)
        {
            times.pop_front();
        }
        if times.len() >= per_hour as usize {
            return false;
        }
        times.push_back(now);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_gets_its_hourly_share_and_no_more() {
        let limit = SignupLimit::default();
        let (a, b): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        let t0 = Instant::now();
        assert!(limit.take(a, 2, t0));
        assert!(limit.take(a, 2, t0));
        assert!(!limit.take(a, 2, t0 + Duration::from_secs(10)));
        assert!(limit.take(b, 2, t0));
        assert!(limit.take(a, 2, t0 + HOUR));
        assert!(!limit.take(a, 0, t0));
    }
}
