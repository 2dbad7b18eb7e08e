//! Random numbers for things that need no cryptography (guest names, lots).
//!
//! The standard library's `RandomState` is seeded from the operating system;
//! hashing a counter with it gives well-mixed, unpredictable values without
//! another dependency.

use std::collections::hash_map::RandomState;
use std::hash::{BuildHasher, Hasher};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

/// A random 64-bit number.
pub fn u64() -> u64 {
    static STATE: OnceLock<RandomState> = OnceLock::new();
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut h = STATE.get_or_init(RandomState::new).build_hasher();
    h.write_u64(COUNTER.fetch_add(1, Ordering::Relaxed));
    h.finish()
}

#[cfg(test)]
mod tests {
    #[test]
    fn values_differ() {
        let a: Vec<u64> = (0..100).map(|_| super::u64()).collect();
        let mut b = a.clone();
        b.sort();
        b.dedup();
        assert_eq!(a.len(), b.len());
    }
}
