//! Slows down password guessing: after a few failures, each further
//! attempt waits, twice as long each time.
//!
//! Failures count against the address they come from *and* the account
//! they were tried on, and the wait follows whichever of the two has more:
//! a guesser cannot clear the count of the account he is guessing by
//! logging in to his own from the same address, nor escape the address's
//! count by spreading his guesses over many accounts, nor the account's by
//! spreading them over many addresses. A correct password clears only
//! what that account failed from that address. Attempts that share an
//! address or an account take turns: many connections at once get each a
//! later turn, not the same short wait.

use std::collections::HashMap;
use std::hash::Hash;
use std::net::IpAddr;
use std::time::Duration;

use tokio::time::Instant;

/// The longest wait before a password is checked.
const MAX_DELAY: Duration = Duration::from_secs(30);
/// Failures are forgotten after this long without a new one.
const FORGET_AFTER: Duration = Duration::from_secs(15 * 60);
/// Past this many entries a table drops the ones it has forgotten.
const PRUNE_ABOVE: usize = 4096;

/// An account, by its database id.
pub type AccountId = i64;

/// Failed password attempts per address, per account, and per both.
#[derive(Debug)]
pub struct LoginThrottle {
    free_failures: u32,
    addresses: Tallies<IpAddr>,
    accounts: Tallies<AccountId>,
    /// What each account failed from each address: what a success clears.
    pairs: Tallies<(AccountId, IpAddr)>,
}

#[derive(Debug, Clone, Copy)]
struct Tally {
    count: u32,
    last: Instant,
    /// When the next attempt counted here may be checked.
    next_turn: Instant,
}

/// Failures by key, forgotten [`FORGET_AFTER`] after the last one.
#[derive(Debug)]
struct Tallies<K>(HashMap<K, Tally>);

impl<K: Hash + Eq + Copy> Tallies<K> {
    fn new() -> Self {
        Tallies(HashMap::new())
    }

    /// The entry of `key` if it is still remembered (a stale one is dropped).
    fn live(&mut self, key: K, now: Instant) -> Option<&mut Tally> {
        if self
            .0
            .get(&key)
            .is_some_and(|t| now.duration_since(t.last) >= FORGET_AFTER)
        {
            self.0.remove(&key);
        }
        self.0.get_mut(&key)
    }

    fn count(&mut self, key: K, now: Instant) -> u32 {
        self.live(key, now).map_or(0, |t| t.count)
    }

    fn add(&mut self, key: K, now: Instant) -> u32 {
        if self.0.len() > PRUNE_ABOVE {
            self.0
                .retain(|_, t| now.duration_since(t.last) < FORGET_AFTER);
        }
        if self.live(key, now).is_none() {
            self.0.insert(
                key,
                Tally {
                    count: 0,
                    last: now,
                    next_turn: now,
                },
            );
        }
        let t = self.0.get_mut(&key).expect("just inserted");
        t.count += 1;
        t.last = now;
        t.count
    }

    /// Takes `n` failures back (a success cleared them).
    fn subtract(&mut self, key: K, n: u32) {
        if let Some(t) = self.0.get_mut(&key) {
            t.count = t.count.saturating_sub(n);
            if t.count == 0 {
                self.0.remove(&key);
            }
        }
    }
}

impl LoginThrottle {
    /// From now on `n` attempts may fail before delays start (a reload).
    pub fn set_free_failures(&mut self, n: u32) {
        self.free_failures = n;
    }

    /// `free_failures` attempts may fail before delays start.
    pub fn new(free_failures: u32) -> LoginThrottle {
        LoginThrottle {
            free_failures,
            addresses: Tallies::new(),
            accounts: Tallies::new(),
            pairs: Tallies::new(),
        }
    }

    /// How long to wait before checking a password for `account` from
    /// `addr`; takes the next turn of both.
    pub fn delay(&mut self, addr: IpAddr, account: AccountId, now: Instant) -> Duration {
        let n = self.failures(addr, account, now);
        if n < self.free_failures {
            return Duration::ZERO;
        }
        let doublings = (n - self.free_failures).min(5);
        let step = (Duration::from_secs(1) * 2u32.pow(doublings)).min(MAX_DELAY);
        let by_addr = self.addresses.live(addr, now).map(|t| t.next_turn);
        let by_account = self.accounts.live(account, now).map(|t| t.next_turn);
        let turn = by_addr.max(by_account).unwrap_or(now).max(now) + step;
        for t in [
            self.addresses.live(addr, now),
            self.accounts.live(account, now),
        ]
        .into_iter()
        .flatten()
        {
            t.next_turn = turn;
        }
        turn - now
    }

    /// Counts a wrong password; returns the failures the wait now follows.
    pub fn failed(&mut self, addr: IpAddr, account: AccountId, now: Instant) -> u32 {
        self.pairs.add((account, addr), now);
        let by_addr = self.addresses.add(addr, now);
        let by_account = self.accounts.add(account, now);
        by_addr.max(by_account)
    }

    /// A correct password clears what this account failed from this
    /// address, and nothing else.
    pub fn succeeded(&mut self, addr: IpAddr, account: AccountId, now: Instant) {
        let n = self.pairs.count((account, addr), now);
        self.pairs.subtract((account, addr), n);
        self.addresses.subtract(addr, n);
        self.accounts.subtract(account, n);
    }

    /// The failures that decide the wait of an attempt on `account` from
    /// `addr`: the address's or the account's, whichever is more.
    pub fn failures(&mut self, addr: IpAddr, account: AccountId, now: Instant) -> u32 {
        let by_addr = self.addresses.count(addr, now);
        let by_account = self.accounts.count(account, now);
        by_addr.max(by_account)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALICE: AccountId = 1;
    const BOB: AccountId = 2;

    #[test]
    fn delays_start_after_the_free_failures_and_double() {
        let mut t = LoginThrottle::new(3);
        let a: IpAddr = [10, 0, 0, 1].into();
        let b: IpAddr = [10, 0, 0, 2].into();
        let mut now = Instant::now();
        for _ in 0..3 {
            assert_eq!(t.delay(a, ALICE, now), Duration::ZERO);
            t.failed(a, ALICE, now);
        }
        // Each attempt made after waiting its turn.
        let attempt = |t: &mut LoginThrottle, now: &mut Instant| {
            let wait = t.delay(a, ALICE, *now);
            *now += wait;
            t.failed(a, ALICE, *now);
            wait
        };
        assert_eq!(attempt(&mut t, &mut now), Duration::from_secs(1));
        assert_eq!(attempt(&mut t, &mut now), Duration::from_secs(2));
        for _ in 0..10 {
            attempt(&mut t, &mut now);
        }
        assert_eq!(t.delay(a, ALICE, now), MAX_DELAY);
        // Another address on another account waits for nothing.
        assert_eq!(t.delay(b, BOB, now), Duration::ZERO);
        t.succeeded(a, ALICE, now);
        assert_eq!(t.delay(a, ALICE, now), Duration::ZERO);
    }

    #[test]
    fn attempts_at_once_from_one_address_take_turns() {
        let mut t = LoginThrottle::new(1);
        let a: IpAddr = [10, 0, 0, 1].into();
        let now = Instant::now();
        t.failed(a, ALICE, now);
        let waits: Vec<u64> = (0..3).map(|_| t.delay(a, ALICE, now).as_secs()).collect();
        assert_eq!(waits, [1, 2, 3]);
        // Another account from the same address waits its turn after them.
        assert_eq!(t.delay(a, BOB, now).as_secs(), 4);
    }

    #[test]
    fn old_failures_are_forgotten() {
        let mut t = LoginThrottle::new(3);
        let a: IpAddr = [10, 0, 0, 1].into();
        let now = Instant::now();
        t.failed(a, ALICE, now);
        assert_eq!(t.failures(a, ALICE, now), 1);
        assert_eq!(t.failures(a, ALICE, now + FORGET_AFTER), 0);
    }

    #[test]
    fn logging_in_to_ones_own_account_clears_nothing_of_the_victims() {
        let mut t = LoginThrottle::new(3);
        let me: IpAddr = [10, 0, 0, 1].into();
        let now = Instant::now();
        for _ in 0..3 {
            t.failed(me, ALICE, now);
        }
        t.succeeded(me, BOB, now);
        assert_eq!(t.failures(me, ALICE, now), 3);
        assert_eq!(t.delay(me, ALICE, now), Duration::from_secs(1));
        // The address counts even on an account never guessed before.
        assert_eq!(t.failures(me, 3, now), 3);
    }

    #[test]
    fn an_account_guessed_from_many_addresses_is_slowed_everywhere() {
        let mut t = LoginThrottle::new(3);
        let now = Instant::now();
        for i in 1..=3u8 {
            t.failed([10, 0, 0, i].into(), ALICE, now);
        }
        let fresh: IpAddr = [10, 0, 0, 9].into();
        assert_eq!(t.delay(fresh, ALICE, now), Duration::from_secs(1));
        assert_eq!(t.delay(fresh, BOB, now), Duration::ZERO);
    }

    #[test]
    fn a_success_clears_its_own_failures_from_its_own_address_only() {
        let mut t = LoginThrottle::new(3);
        let home: IpAddr = [10, 0, 0, 1].into();
        let away: IpAddr = [10, 0, 0, 2].into();
        let now = Instant::now();
        // Alice mistypes twice at home; a guesser fails twice from away.
        for _ in 0..2 {
            t.failed(home, ALICE, now);
            t.failed(away, ALICE, now);
        }
        assert_eq!(t.failures(home, ALICE, now), 4);
        t.succeeded(home, ALICE, now);
        // Her own mistakes are gone; the guesser's still count.
        assert_eq!(t.failures(home, ALICE, now), 2);
        assert_eq!(t.failures(away, ALICE, now), 2);
        assert_eq!(t.failures(home, BOB, now), 0);
    }
}
