//! How long an HTTP connection may take to send a request's head, and how
//! long it may wait idle for the next one.
//!
//! hyper arms one timer for both: from the moment a connection waits for
//! a request (its opening, or the end of the previous answer) until that
//! request's head is read, `header_read_timeout` (hyper PR #3828). A
//! server wants two, as Go's `ReadHeaderTimeout` and `IdleTimeout` and
//! nginx's `client_header_timeout` and `keepalive_timeout` are: a browser
//! may keep a connection open for its next request for a minute, but once
//! a request has begun its head must come quickly (a slowloris client
//! sends one byte every few seconds for ever).
//!
//! So hyper keeps deciding *when* a head is awaited (it asks its timer for
//! a sleep each time it starts waiting, and drops it once the head is in),
//! and this module decides *for how long*: the sleep it hands out ends
//!
//! * for a connection's first request, `header` after the connection
//!   opened: a client that connects and sends nothing goes then;
//! * for a later one, `header` after the first byte of the request, or
//!   `idle` after the wait began if no byte came.
//!
//! The connection's reads tell it when that first byte came
//! ([`HeadWait::note_read`]); hyper polls its sleep after every read, so a
//! deadline moved by a byte is taken up at once.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::time::{Instant, Sleep};

/// What one connection's reads tell its head timer: when the first byte
/// after the start of the current wait arrived.
#[derive(Debug)]
pub struct HeadWait {
    /// Instants are kept as nanoseconds after this one.
    epoch: Instant,
    /// When the first byte of the awaited head arrived, + 1 (0: none yet).
    first_byte: AtomicU64,
    /// Whether a wait has been armed before (the first is for the first
    /// request, timed from the connection's opening).
    armed_before: AtomicBool,
}

impl HeadWait {
    pub fn new() -> Arc<HeadWait> {
        Arc::new(HeadWait {
            epoch: Instant::now(),
            first_byte: AtomicU64::new(0),
            armed_before: AtomicBool::new(false),
        })
    }

    /// A read of `n` bytes happened. Costs one atomic load once the head
    /// has begun (and after an upgrade, when no wait is armed again).
    pub fn note_read(&self, n: usize) {
        if n > 0 && self.first_byte.load(Ordering::Relaxed) == 0 {
            let at = Instant::now().saturating_duration_since(self.epoch);
            let _ = self.first_byte.compare_exchange(
                0,
                at.as_nanos() as u64 + 1,
                Ordering::Relaxed,
                Ordering::Relaxed,
            );
        }
    }

    /// A new wait for a head begins: forget the last head's first byte.
    /// True if this is the connection's first wait.
    fn arm(&self) -> bool {
        self.first_byte.store(0, Ordering::Relaxed);
        !self.armed_before.swap(true, Ordering::Relaxed)
    }

    fn first_byte(&self) -> Option<Instant> {
        match self.first_byte.load(Ordering::Relaxed) {
            0 => None,
            n => Some(self.epoch + Duration::from_nanos(n - 1)),
        }
    }
}

/// The timer one connection's hyper uses (it uses it for nothing but the
/// head wait).
#[derive(Debug, Clone)]
pub struct HeadTimer {
    pub wait: Arc<HeadWait>,
    pub header: Duration,
    pub idle: Duration,
}

impl hyper::rt::Timer for HeadTimer {
    fn sleep(&self, duration: Duration) -> Pin<Box<dyn hyper::rt::Sleep>> {
        Box::pin(Plain(Box::pin(tokio::time::sleep(duration))))
    }

    /// hyper asks for `now + header_read_timeout` when it starts waiting
    /// for a head; the deadline is ours to decide.
    fn sleep_until(&self, _deadline: std::time::Instant) -> Pin<Box<dyn hyper::rt::Sleep>> {
        let first = self.wait.arm();
        let began = Instant::now();
        Box::pin(HeadSleep {
            wait: self.wait.clone(),
            began,
            header: self.header,
            idle: if first { self.header } else { self.idle },
            sleep: Box::pin(tokio::time::sleep_until(began + self.header)),
        })
    }
}

/// A plain sleep, for anything else hyper might time.
struct Plain(Pin<Box<Sleep>>);

impl Future for Plain {
    type Output = ();
    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        self.0.as_mut().poll(cx)
    }
}

impl hyper::rt::Sleep for Plain {}

/// One wait for a head, ending at the deadline the module doc gives.
struct HeadSleep {
    wait: Arc<HeadWait>,
    began: Instant,
    header: Duration,
    /// How long the wait may last with no byte: `header` for the first
    /// request, `idle` for later ones.
    idle: Duration,
    sleep: Pin<Box<Sleep>>,
}

impl HeadSleep {
    fn deadline(&self) -> Instant {
        match self.wait.first_byte() {
            Some(at) if at >= self.began => at + self.header,
            _ => self.began + self.idle,
        }
    }
}

impl Future for HeadSleep {
    type Output = ();

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        let due = self.deadline();
        if self.sleep.deadline() != due {
            self.sleep.as_mut().reset(due);
        }
        self.sleep.as_mut().poll(cx)
    }
}

impl hyper::rt::Sleep for HeadSleep {}

#[cfg(test)]
mod tests {
    use super::*;
    use hyper::rt::Timer;

    fn timer() -> HeadTimer {
        HeadTimer {
            wait: HeadWait::new(),
            header: Duration::from_secs(10),
            idle: Duration::from_secs(60),
        }
    }

    /// Whether the sleep has ended, polled once.
    fn ended(sleep: &mut Pin<Box<dyn hyper::rt::Sleep>>) -> bool {
        let waker = std::task::Waker::noop();
        sleep
            .as_mut()
            .poll(&mut Context::from_waker(waker))
            .is_ready()
    }

    #[tokio::test(start_paused = true)]
    async fn the_first_request_has_the_header_time_from_the_opening() {
        let t = timer();
        let mut sleep = t.sleep_until(std::time::Instant::now());
        tokio::time::advance(Duration::from_secs(9)).await;
        assert!(!ended(&mut sleep));
        tokio::time::advance(Duration::from_secs(1)).await;
        assert!(ended(&mut sleep), "silent connection not timed out");
    }

    #[tokio::test(start_paused = true)]
    async fn a_later_request_may_wait_idle_then_has_the_header_time_from_its_first_byte() {
        let t = timer();
        drop(t.sleep_until(std::time::Instant::now())); // the first request's wait
        let mut sleep = t.sleep_until(std::time::Instant::now());
        tokio::time::advance(Duration::from_secs(30)).await;
        assert!(
            !ended(&mut sleep),
            "an idle keep-alive wait is not a header wait"
        );
        t.wait.note_read(1); // a slow client's first byte, at 30 s
        tokio::time::advance(Duration::from_secs(9)).await;
        t.wait.note_read(1); // later bytes do not move the deadline
        assert!(!ended(&mut sleep));
        tokio::time::advance(Duration::from_secs(1)).await;
        assert!(ended(&mut sleep), "a slow head not timed out at 40 s");
    }

    #[tokio::test(start_paused = true)]
    async fn an_idle_connection_goes_after_the_idle_time() {
        let t = timer();
        drop(t.sleep_until(std::time::Instant::now()));
        t.wait.note_read(100); // the previous request's bytes
        let mut sleep = t.sleep_until(std::time::Instant::now());
        tokio::time::advance(Duration::from_secs(59)).await;
        assert!(!ended(&mut sleep));
        tokio::time::advance(Duration::from_secs(1)).await;
        assert!(ended(&mut sleep));
    }
}
