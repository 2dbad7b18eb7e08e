//! Waking a session once its board's move is committed, not before.
//!
//! A board may be written only once the store has handled its move's
//! ticket. Queued and woken at once, a session woke to find its board not
//! yet committed, waited on the store, and woke again after the commit:
//! two wake-ups a board, the first for nothing. Through
//! [`Store::wake_when_handled`](super::Store::wake_when_handled) the board
//! is queued silently and the store thread wakes the session after the
//! commit that covers it: one wake-up, and the board is committed when the
//! session looks (its wait for the store is then a look at a counter).
//!
//! A store that does not answer must not hold boards for longer than
//! `[store] board_wait_ms`, as before: a watch task wakes whoever has
//! waited that long, and marks the store behind so that nobody waits
//! again until it catches up ([`super::Store::confirm`]). The task sleeps
//! while nothing waits, wakes once per `board_wait_ms` while boards come
//! and go, and goes back to sleep a second after the last one.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use tokio::sync::Notify;
use tokio::time::Instant;

/// Something to wake once the store has handled a ticket.
pub trait Waiter: Send + Sync {
    fn wake(&self);
}

/// A task that waits itself ([`super::Store::confirm`]).
#[derive(Default)]
pub struct Woken(Notify);

impl Woken {
    /// Until woken (at once if it was already: the permit is kept).
    pub async fn wait(&self) {
        self.0.notified().await;
    }
}

impl Waiter for Woken {
    fn wake(&self) {
        self.0.notify_one();
    }
}

/// One who waits: for which ticket, since when.
struct Entry {
    ticket: u64,
    since: Instant,
    waiter: Arc<dyn Waiter>,
}

/// Who waits for which ticket; shared by the store's handles, its thread
/// and the watch task.
#[derive(Default)]
pub struct Waiting {
    entries: Mutex<Vec<Entry>>,
    /// Whether the watch task runs (it is asked to only when it does not).
    watching: AtomicBool,
    /// Whether a watch task exists at all (none: nobody is ever made to
    /// wait here, every waiter is woken at once).
    started: AtomicBool,
    arm: Notify,
}

impl Waiting {
    /// Whether a watch task keeps the patience (else nobody is kept
    /// waiting here).
    pub fn is_watched(&self) -> bool {
        self.started.load(Ordering::Relaxed)
    }

    /// Says a watch task is about to run.
    pub fn watched(&self) {
        self.started.store(true, Ordering::Release);
    }

    fn entries(&self) -> MutexGuard<'_, Vec<Entry>> {
        self.entries.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Adds `waiter` for `ticket` unless `handled` (read under the lock,
    /// so that the store thread, which moves the count before it takes
    /// the lock, cannot miss it) says it is handled already; false then,
    /// and the caller wakes it itself.
    pub fn add(
        &self,
        ticket: u64,
        since: Instant,
        waiter: Arc<dyn Waiter>,
        handled: impl Fn() -> bool,
    ) -> bool {
        if !self.started.load(Ordering::Relaxed) {
            return false;
        }
        {
            let mut entries = self.entries();
            if handled() {
                return false;
            }
            entries.push(Entry {
                ticket,
                since,
                waiter,
            });
        }
        if !self.watching.swap(true, Ordering::AcqRel) {
            self.arm.notify_one();
        }
        true
    }

    /// Wakes everyone whose ticket is `handled` or before (the store thread,
    /// after each transaction).
    pub fn handled(&self, handled: u64) {
        let mut due: Vec<Entry> = {
            let mut entries = self.entries();
            if entries.is_empty() {
                return;
            }
            if entries.iter().all(|e| e.ticket <= handled) {
                // The usual case: one commit covers everyone waiting.
                std::mem::take(&mut *entries)
            } else {
                entries.extract_if(.., |e| e.ticket <= handled).collect()
            }
        };
        for e in due.drain(..) {
            e.waiter.wake();
        }
        // The list's buffer serves again, rather than one made per commit.
        let mut entries = self.entries();
        if entries.is_empty() && entries.capacity() < due.capacity() {
            *entries = due;
        }
    }

    /// Wakes everyone who has waited since `before` or longer; returns the
    /// highest ticket among them (0: none) and when the oldest of those
    /// left began.
    fn overdue(&self, before: Instant) -> (u64, Option<Instant>) {
        let (due, oldest) = {
            let mut entries = self.entries();
            let (due, rest): (Vec<Entry>, Vec<Entry>) = std::mem::take(&mut *entries)
                .into_iter()
                .partition(|e| e.since <= before);
            *entries = rest;
            (due, entries.iter().map(|e| e.since).min())
        };
        let highest = due.iter().map(|e| e.ticket).max().unwrap_or(0);
        for e in due {
            e.waiter.wake();
        }
        (highest, oldest)
    }

    /// The watch task: wakes whoever waited `patience`, calling `behind`
    /// with the highest ticket among them.
    pub async fn watch(self: Arc<Self>, patience: Duration, behind: impl Fn(u64)) {
        // (Set here too for tests; the store sets it before spawning the
        // task, so that no waiter comes before it counts.)
        self.started.store(true, Ordering::Release);
        loop {
            self.arm.notified().await;
            let mut quiet = Duration::ZERO;
            loop {
                let now = Instant::now();
                let (highest, oldest) = match now.checked_sub(patience) {
                    Some(before) => self.overdue(before),
                    None => (0, self.entries().iter().map(|e| e.since).min()),
                };
                if highest != 0 {
                    behind(highest);
                }
                let next = match oldest {
                    Some(since) => {
                        quiet = Duration::ZERO;
                        since + patience
                    }
                    None if quiet >= Duration::from_secs(1) => break,
                    None => {
                        quiet += patience;
                        now + patience
                    }
                };
                tokio::time::sleep_until(next).await;
            }
            self.watching.store(false, Ordering::Release);
            // A waiter that came as the task was leaving found it
            // watching and did not ask: look once more.
            if !self.entries().is_empty() && !self.watching.swap(true, Ordering::AcqRel) {
                self.arm.notify_one();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    #[derive(Default)]
    struct Count(AtomicUsize);

    impl Waiter for Count {
        fn wake(&self) {
            self.0.fetch_add(1, Ordering::Relaxed);
        }
    }

    #[tokio::test(start_paused = true)]
    async fn woken_when_handled_or_after_the_patience_and_never_twice() {
        let waiting = Arc::new(Waiting::default());
        let behind = Arc::new(std::sync::atomic::AtomicU64::new(0));
        let b = behind.clone();
        tokio::spawn(waiting.clone().watch(Duration::from_millis(250), move |t| {
            b.fetch_max(t, Ordering::Relaxed);
        }));
        tokio::task::yield_now().await;
        let (early, late) = (Arc::new(Count::default()), Arc::new(Count::default()));
        let now = Instant::now();
        // Handled already: not kept, the caller wakes it.
        assert!(!waiting.add(1, now, early.clone(), || true));
        assert!(waiting.add(2, now, early.clone(), || false));
        assert!(waiting.add(5, now, late.clone(), || false));
        waiting.handled(3);
        assert_eq!(early.0.load(Ordering::Relaxed), 1);
        assert_eq!(late.0.load(Ordering::Relaxed), 0);
        // Ticket 5 is never handled: woken once the patience is over, and
        // the store is behind up to it.
        tokio::time::sleep(Duration::from_millis(200)).await;
        assert_eq!(late.0.load(Ordering::Relaxed), 0);
        tokio::time::sleep(Duration::from_millis(100)).await;
        assert_eq!(late.0.load(Ordering::Relaxed), 1);
        assert_eq!(behind.load(Ordering::Relaxed), 5);
        waiting.handled(9);
        tokio::time::sleep(Duration::from_secs(5)).await;
        assert_eq!(
            (
                early.0.load(Ordering::Relaxed),
                late.0.load(Ordering::Relaxed)
            ),
            (1, 1)
        );
        // The task went to sleep, and comes back for a new waiter.
        assert!(!waiting.watching.load(Ordering::Relaxed));
        assert!(waiting.add(10, Instant::now(), late.clone(), || false));
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert_eq!(late.0.load(Ordering::Relaxed), 2);
    }
}
