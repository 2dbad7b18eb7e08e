//! Deadlines: one task keeps every timer of the server (flags falling,
//! later seek expiry, reconnection grace, idle logouts) in one
//! `DelayQueue`, and calls back into the world when one is due. Nothing
//! polls.
//!
//! A timer is only a reminder: when it fires, the world looks at the real
//! state (the clock may have changed since) and decides, or arms it again.

use std::collections::HashMap;

use tokio::sync::mpsc;
use tokio::time::Instant;
use tokio_util::time::{DelayQueue, delay_queue};

/// What a timer is for.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum TimerKey {
    /// The side to move in this game may run out of time.
    Flag(u32),
    /// A dropped player's grace in this game may be over.
    Grace(u32),
    /// This session may have been idle too long.
    Idle(crate::world::SessionId),
    /// The next step of a shutdown countdown.
    Shutdown,
    /// The next deadline of this tournament (a game to start, a forfeit,
    /// the end of an arena).
    Tourney(u32),
}

enum Command {
    Arm(TimerKey, Instant),
    Cancel(TimerKey),
}

/// The world's handle on the timer task.
#[derive(Debug, Clone)]
pub struct Timers {
    commands: mpsc::UnboundedSender<Command>,
}

impl Timers {
    /// A handle and the receiving end the timer task will own.
    pub fn new() -> (Timers, TimerTask) {
        let (commands, rx) = mpsc::unbounded_channel();
        (Timers { commands }, TimerTask { rx })
    }

    /// Sets (or moves) the deadline of `key`.
    pub fn arm(&self, key: TimerKey, at: Instant) {
        let _ = self.commands.send(Command::Arm(key, at));
    }

    /// Forgets `key`.
    pub fn cancel(&self, key: TimerKey) {
        let _ = self.commands.send(Command::Cancel(key));
    }
}

/// The timer task, before it is started.
pub struct TimerTask {
    rx: mpsc::UnboundedReceiver<Command>,
}

impl TimerTask {
    /// Runs until the server's state is gone.
    pub async fn run(mut self, mut due: impl FnMut(TimerKey) -> bool) {
        let mut queue: DelayQueue<TimerKey> = DelayQueue::new();
        let mut keys: HashMap<TimerKey, delay_queue::Key> = HashMap::new();
        loop {
            tokio::select! {
                command = self.rx.recv() => match command {
                    Some(Command::Arm(key, at)) => match keys.get(&key) {
                        Some(k) => queue.reset_at(k, at),
                        None => {
                            let k = queue.insert_at(key.clone(), at);
                            keys.insert(key, k);
                        }
                    },
                    Some(Command::Cancel(key)) => {
                        if let Some(k) = keys.remove(&key) {
                            queue.remove(&k);
                        }
                    }
                    None => return,
                },
                Some(expired) = std::future::poll_fn(|cx| queue.poll_expired(cx)), if !queue.is_empty() => {
                    let key = expired.into_inner();
                    keys.remove(&key);
                    if !due(key) {
                        return;
                    }
                }
            }
        }
    }
}
