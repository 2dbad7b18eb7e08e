//! Computer analysis of finished games: a bounded queue of jobs, one
//! engine that works through them, and the evaluations of every ply kept
//! in SQLite (`store/analysis.rs`), from which the marks of lichess
//! (`judge.rs`) and the report (`report.rs`) are made when asked.
//!
//! The queue is small and bounded (`[analysis] queue_limit`), each
//! registered player may ask `jobs_per_user_per_day` analyses a day, and
//! one engine with `threads` threads does them one after another: the
//! analysis costs at most that many threads, whatever players ask. The
//! engine runs only while there is work (`worker.rs`); requests are rows
//! in the database before they are queued, so the ones a stop interrupted
//! are queued again at the next start.

pub mod config;
pub mod judge;
pub mod report;
mod worker;

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use tokio::sync::Notify;

use crate::server::Shared;
use config::AnalysisConfig;

/// A game waiting for analysis.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Job {
    pub game_id: i64,
    /// Who asked (told when it is ready).
    pub requester: String,
}

/// Where a game stands in the queue.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// Waiting; 1 is next.
    Waiting(usize),
    /// Being analysed: plies done of all.
    Running { done: usize, of: usize },
}

#[derive(Debug, Default)]
struct Queue {
    jobs: VecDeque<Job>,
    running: Option<(i64, usize, usize)>,
}

/// The analysis queue, as the rest of the server sees it.
pub struct Analysis {
    pub config: AnalysisConfig,
    engine: Option<String>,
    queue: Mutex<Queue>,
    wake: Notify,
}

fn lock(m: &Mutex<Queue>) -> std::sync::MutexGuard<'_, Queue> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Analysis {
    pub fn new(config: &crate::Config) -> Analysis {
        Analysis {
            config: config.analysis,
            engine: config.engine.clone(),
            queue: Mutex::new(Queue::default()),
            wake: Notify::new(),
        }
    }

    /// Adds a job (its row is in the database already); false when the
    /// queue is full.
    pub fn push(&self, job: Job) -> bool {
        let mut q = lock(&self.queue);
        if q.jobs.len() >= self.config.queue_limit {
            return false;
        }
        if !q.jobs.iter().any(|j| j.game_id == job.game_id) {
            q.jobs.push_back(job);
        }
        drop(q);
        self.wake.notify_one();
        true
    }

    /// Whether one more job fits.
    pub fn has_room(&self) -> bool {
        lock(&self.queue).jobs.len() < self.config.queue_limit
    }

    /// Where this game is, if it is queued or being analysed.
    pub fn place(&self, game_id: i64) -> Option<Place> {
        let q = lock(&self.queue);
        if let Some((id, done, of)) = q.running
            && id == game_id
        {
            return Some(Place::Running { done, of });
        }
        q.jobs
            .iter()
            .position(|j| j.game_id == game_id)
            .map(|i| Place::Waiting(i + 1 + usize::from(q.running.is_some())))
    }

    fn next(&self) -> Option<Job> {
        lock(&self.queue).jobs.pop_front()
    }

    fn progress(&self, running: Option<(i64, usize, usize)>) {
        lock(&self.queue).running = running;
    }
}

/// Starts the worker (it waits for jobs); the jobs a stop interrupted are
/// queued again.
pub fn start(shared: &Arc<Shared>) {
    if shared.analysis.engine.is_none() {
        return;
    }
    tokio::spawn(worker::run(shared.clone()));
}
