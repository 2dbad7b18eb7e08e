//! Slows down password guessing: after a few failures from one address,
//! each further attempt from it waits, twice as long each time. Attempts
//! from the same address take turns: a guesser who opens many connections
//! at once gets each one a later turn, not the same short wait.

use std::collections::HashMap;
use std::net::IpAddr;
use std::time::Duration;

use tokio::time::Instant;

/// The longest wait before a password is checked.
const MAX_DELAY: Duration = Duration::from_secs(30);
/// Failures are forgotten after this long without a new one.
const FORGET_AFTER: Duration = Duration::from_secs(15 * 60);

/// Failed password attempts per address.
#[derive(Debug)]
pub struct LoginThrottle {
    free_failures: u32,
    failures: HashMap<IpAddr, Failures>,
}

#[derive(Debug, Clone, Copy)]
struct Failures {
    count: u32,
    last: Instant,
    /// When the next attempt from this address may be checked.
    next_turn: Instant,
}

impl LoginThrottle {
    /// `free_failures` attempts may fail before delays start.
    pub fn new(free_failures: u32) -> LoginThrottle {
        LoginThrottle {
            free_failures,
            failures: HashMap::new(),
        }
    }

    /// How long to wait before checking a password from `addr`; takes
    /// that address's next turn.
    pub fn delay(&mut self, addr: IpAddr, now: Instant) -> Duration {
        self.forget_old(now);
        let n = self.failures(addr, now);
        if n < self.free_failures {
            return Duration::ZERO;
        }
        let doublings = (n - self.free_failures).min(5);
        let step = (Duration::from_secs(1) * 2u32.pow(doublings)).min(MAX_DELAY);
        let Some(entry) = self.failures.get_mut(&addr) else {
            return step;
        };
        let turn = entry.next_turn.max(now) + step;
        entry.next_turn = turn;
        turn - now
    }

    /// Counts a wrong password; returns how many failures the address has.
    pub fn failed(&mut self, addr: IpAddr, now: Instant) -> u32 {
        let entry = self.failures.entry(addr).or_insert(Failures {
            count: 0,
            last: now,
            next_turn: now,
        });
        entry.count += 1;
        entry.last = now;
        entry.count
    }

    /// A correct password clears the address.
    pub fn succeeded(&mut self, addr: IpAddr) {
        self.failures.remove(&addr);
    }

    /// Keeps the map small under a storm of addresses; otherwise entries
    /// expire lazily when their address comes back.
    fn forget_old(&mut self, now: Instant) {
        if self.failures.len() > 4096 {
            self.failures
                .retain(|_, f| now.duration_since(f.last) < FORGET_AFTER);
        }
    }

    /// Failures recorded for an address that are still remembered.
    pub fn failures(&mut self, addr: IpAddr, now: Instant) -> u32 {
        match self.failures.get(&addr) {
            Some(f) if now.duration_since(f.last) >= FORGET_AFTER => {
                self.failures.remove(&addr);
                0
            }
            Some(f) => f.count,
            None => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn delays_start_after_the_free_failures_and_double() {
        let mut t = LoginThrottle::new(3);
        let a: IpAddr = [10, 0, 0, 1].into();
        let b: IpAddr = [10, 0, 0, 2].into();
        let mut now = Instant::now();
        for _ in 0..3 {
            assert_eq!(t.delay(a, now), Duration::ZERO);
            t.failed(a, now);
        }
        // Each attempt made after waiting its turn.
        let attempt = |t: &mut LoginThrottle, now: &mut Instant| {
            let wait = t.delay(a, *now);
            *now += wait;
            t.failed(a, *now);
            wait
        };
        assert_eq!(attempt(&mut t, &mut now), Duration::from_secs(1));
        assert_eq!(attempt(&mut t, &mut now), Duration::from_secs(2));
        for _ in 0..10 {
            attempt(&mut t, &mut now);
        }
        assert_eq!(t.delay(a, now), MAX_DELAY);
        assert_eq!(t.delay(b, now), Duration::ZERO);
        t.succeeded(a);
        assert_eq!(t.delay(a, now), Duration::ZERO);
    }

    #[test]
    fn attempts_at_once_from_one_address_take_turns() {
        let mut t = LoginThrottle::new(1);
        let a: IpAddr = [10, 0, 0, 1].into();
        let now = Instant::now();
        t.failed(a, now);
        let waits: Vec<u64> = (0..3).map(|_| t.delay(a, now).as_secs()).collect();
        assert_eq!(waits, [1, 2, 3]);
    }

    #[test]
    fn old_failures_are_forgotten() {
        let mut t = LoginThrottle::new(3);
        let a: IpAddr = [10, 0, 0, 1].into();
        let now = Instant::now();
        t.failed(a, now);
        assert_eq!(t.failures(a, now), 1);
        assert_eq!(t.failures(a, now + FORGET_AFTER), 0);
    }
}
