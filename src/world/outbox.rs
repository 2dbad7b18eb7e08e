//! The queue of messages waiting for one session.
//!
//! Bounded: a client that stops reading fills it and is disconnected, so
//! nobody else ever waits for it. Small when empty: an idle user's queue
//! holds no buffer at all (tokio's channel allocates a block of slots per
//! channel up front, which thousands of idle users would all pay for).

use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use tokio::sync::Notify;

use crate::store::{Store, Ticket, wake::Waiter};
use crate::world::Out;

/// How many messages may wait before the client counts as not reading.
pub const CAPACITY: usize = 256;

/// A queue that keeps more than this after emptying gives its memory back.
const KEEP: usize = 16;

#[derive(Debug, Default)]
struct Shared {
    queue: Mutex<VecDeque<Out>>,
    ready: Notify,
    closed: AtomicBool,
}

impl Shared {
    fn queue(&self) -> MutexGuard<'_, VecDeque<Out>> {
        self.queue.lock().unwrap_or_else(|p| p.into_inner())
    }

    fn pop(&self) -> Option<Out> {
        let mut q = self.queue();
        let out = q.pop_front();
        if q.is_empty() && q.capacity() > KEEP {
            *q = VecDeque::new();
        }
        out
    }
}

/// The world's end: queues messages.
#[derive(Debug, Clone)]
pub struct Sender(Arc<Shared>);

/// The session's end: takes them in order.
#[derive(Debug)]
pub struct Receiver(Arc<Shared>);

/// A new, empty outbox.
pub fn outbox() -> (Sender, Receiver) {
    let shared = Arc::new(Shared::default());
    (Sender(shared.clone()), Receiver(shared))
}

/// The message could not be queued: the queue is full or the session gone.
#[derive(Debug, PartialEq, Eq)]
pub struct NotQueued;

impl Waiter for Shared {
    fn wake(&self) {
        self.ready.notify_one();
    }
}

impl Sender {
    pub fn try_send(&self, out: Out) -> Result<(), NotQueued> {
        self.push(out)?;
        self.0.ready.notify_one();
        Ok(())
    }

    /// Queues a board that may be written only once the store has handled
    /// `ticket`, and wakes the session then, not now (see
    /// [`crate::store::wake`]): it would only wake to wait. Anything queued
    /// meanwhile wakes it at once, as always, and it finds the board in
    /// its turn.
    pub fn try_send_stored(
        &self,
        out: Out,
        ticket: Ticket,
        store: &Store,
        now: tokio::time::Instant,
    ) -> Result<(), NotQueued> {
        self.push(out)?;
        store.wake_when_handled(ticket, now, self.0.clone());
        Ok(())
    }

    fn push(&self, out: Out) -> Result<(), NotQueued> {
        if self.0.closed.load(Ordering::Acquire) {
            return Err(NotQueued);
        }
        let mut q = self.0.queue();
        if q.len() >= CAPACITY {
            return Err(NotQueued);
        }
        q.push_back(out);
        Ok(())
    }
}

impl Receiver {
    /// The next message, if one is waiting.
    pub fn try_recv(&mut self) -> Option<Out> {
        self.0.pop()
    }

    /// Waits for the next message. Cancel-safe: nothing is taken until it
    /// is returned.
    pub async fn recv(&mut self) -> Out {
        let shared = &*self.0;
        loop {
            let notified = shared.ready.notified();
            if let Some(out) = shared.pop() {
                return out;
            }
            notified.await;
        }
    }
}

impl Drop for Receiver {
    fn drop(&mut self) {
        self.0.closed.store(true, Ordering::Release);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn in_order_bounded_and_closed_with_the_receiver() {
        let (tx, mut rx) = outbox();
        for i in 0..CAPACITY {
            tx.try_send(Out::Text(i.to_string().into())).unwrap();
        }
        assert_eq!(
            tx.try_send(Out::Text("one too many".into())),
            Err(NotQueued)
        );
        for i in 0..CAPACITY {
            match rx.recv().await {
                Out::Text(t) => assert_eq!(&*t, i.to_string()),
                other => panic!("{other:?}"),
            }
        }
        assert!(rx.try_recv().is_none());
        let waiter = tokio::spawn(async move {
            let m = rx.recv().await;
            (rx, m)
        });
        tokio::task::yield_now().await;
        tx.try_send(Out::Text("late".into())).unwrap();
        let (rx, m) = waiter.await.unwrap();
        assert!(matches!(m, Out::Text(t) if &*t == "late"));
        drop(rx);
        assert_eq!(tx.try_send(Out::Text("nobody".into())), Err(NotQueued));
    }
}
