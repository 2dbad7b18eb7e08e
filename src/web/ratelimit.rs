//! A token bucket per client address for `/api`, in bounded memory.
//!
//! Each address may make a burst of requests, then a steady rate. The
//! table holds at most [`MAX_ADDRESSES`] buckets: when it is full, buckets
//! that have filled up again (they know nothing a new bucket would not)
//! are dropped, and if none has, new addresses share one overflow bucket,
//! so an attacker with many addresses slows only those addresses and
//! cannot grow the table. IPv6 addresses count by their /64, the block one
//! subscriber gets.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::Duration;

use tokio::time::Instant;

/// Addresses with a bucket of their own at most.
pub const MAX_ADDRESSES: usize = 4096;

/// A full table is swept at most this often.
const SWEEP_EVERY: Duration = Duration::from_secs(1);

#[derive(Debug, Clone, Copy)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    fn refill(&mut self, now: Instant, per_sec: f64, burst: f64) {
        let secs = now.saturating_duration_since(self.at).as_secs_f64();
        self.tokens = (self.tokens + secs * per_sec).min(burst);
        self.at = now;
    }

    fn take(&mut self) -> bool {
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

struct Table {
    buckets: HashMap<IpAddr, Bucket>,
    overflow: Bucket,
    last_sweep: Option<Instant>,
}

/// The API's rate limit.
pub struct RateLimiter {
    per_sec: f64,
    burst: f64,
    table: Mutex<Table>,
}

impl RateLimiter {
    /// `per_minute` requests a minute per address, in bursts of a tenth
    /// of that (at least one).
    pub fn per_minute(per_minute: u32) -> RateLimiter {
        let burst = (f64::from(per_minute) / 10.0).max(1.0).floor();
        RateLimiter {
            per_sec: f64::from(per_minute) / 60.0,
            burst,
            table: Mutex::new(Table {
                buckets: HashMap::new(),
                overflow: Bucket {
                    tokens: burst,
                    at: Instant::now(),
                },
                last_sweep: None,
            }),
        }
    }

    /// Whether a request from `ip` may go ahead now (and counts it).
    pub fn allow(&self, ip: IpAddr, now: Instant) -> bool {
        let key = crate::net::address::subscriber(ip);
        let (per_sec, burst) = (self.per_sec, self.burst);
        let mut t = self.table.lock().unwrap_or_else(|p| p.into_inner());
        if !t.buckets.contains_key(&key) && t.buckets.len() >= MAX_ADDRESSES {
            let due = t
                .last_sweep
                .is_none_or(|at| now.saturating_duration_since(at) >= SWEEP_EVERY);
            if due {
                t.last_sweep = Some(now);
                t.buckets.retain(|_, b| {
                    b.refill(now, per_sec, burst);
                    b.tokens < burst
                });
            }
            if t.buckets.len() >= MAX_ADDRESSES {
                t.overflow.refill(now, per_sec, burst);
                return t.overflow.take();
            }
        }
        let bucket = t.buckets.entry(key).or_insert(Bucket {
            tokens: burst,
            at: now,
        });
        bucket.refill(now, per_sec, burst);
        bucket.take()
    }

    /// Addresses with a bucket now.
    pub fn tracked(&self) -> usize {
        self.table
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .buckets
            .len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(n: u32) -> IpAddr {
        IpAddr::V4(std::net::Ipv4Addr::from(0x0a00_0000 + n))
    }

    #[test]
    fn a_burst_then_the_steady_rate() {
        let limiter = RateLimiter::per_minute(600); // bursts of 60, 10 a second
        let t0 = Instant::now();
        assert!((0..60).all(|_| limiter.allow(ip(1), t0)));
        assert!(!limiter.allow(ip(1), t0));
        assert!(
            limiter.allow(ip(2), t0),
            "another address has its own bucket"
        );
        let later = t0 + Duration::from_millis(500);
        assert_eq!((0..10).filter(|_| limiter.allow(ip(1), later)).count(), 5);
    }

    #[test]
    fn many_addresses_cannot_grow_the_table() {
        let limiter = RateLimiter::per_minute(60); // bursts of 6
        let t0 = Instant::now();
        for n in 0..(MAX_ADDRESSES as u32 + 500) {
            limiter.allow(ip(n), t0);
        }
        assert_eq!(limiter.tracked(), MAX_ADDRESSES);
        // The newcomers share one bucket: six requests in all, not each.
        let shared = (0..20)
            .filter(|i| limiter.allow(ip(100_000 + i), t0))
            .count();
        assert!(shared <= 6, "{shared}");
        // Once the old buckets have filled up again they make room.
        let much_later = t0 + Duration::from_secs(60);
        assert!(limiter.allow(ip(200_000), much_later));
        assert!(limiter.tracked() < MAX_ADDRESSES);
    }

    #[test]
    fn an_ipv6_subscriber_is_one_address() {
        let limiter = RateLimiter::per_minute(10); // bursts of 1
        let t0 = Instant::now();
        let a: IpAddr = "2001:db8:1:2::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:ffff::9".parse().unwrap();
        assert!(limiter.allow(a, t0));
        assert!(!limiter.allow(b, t0));
        assert!(limiter.allow("2001:db8:1:3::1".parse().unwrap(), t0));
    }
}
