//! SQLite on its own thread.
//!
//! One connection (WAL, `synchronous = NORMAL`: a committed transaction
//! survives a crash of the process, see docs/RELIABILITY.md for what it
//! does not survive) owned by one thread ([`writer`]). The rest of the
//! server sends it jobs; the thread runs every job that is waiting in one
//! short transaction, each job in a savepoint of its own (a write that
//! fails or panics halfway is undone whole: a game's result and its
//! ratings are stored together or not at all), and commits.
//!
//! Neither the world lock nor a session ever waits on the disk: writes are
//! fire-and-forget, reads are awaited by the one session that asked. What
//! waits is a board: every job gets a ticket, and a session writes a board
//! to its socket only once the store has handled every job queued before
//! it ([`Store::confirm`]), so that a move a player saw on a board is
//! already committed when a `kill -9` comes. A store that is slow or
//! failing is not waited for long (`[store] board_wait_ms`): play goes on.
//!
//! The queue is bounded ([`StoreOptions::queue_limit`], counting the
//! writes kept in memory after the disk refused them), and what happens
//! when it is full depends on the job:
//!
//! * [`Store::write`]: the writes of games and events (a game's start and
//!   end with its ratings, adjournments, takebacks, tournaments, admin
//!   actions) are always taken: there are at most a few per game, so they
//!   are bounded by the games themselves;
//! * [`Store::has_room`]: the moves of live games are not queued past the
//!   bound; the game keeps them (world/games.rs) and queues them with its
//!   next move or its end once there is room;
//! * settings (variables, aliases, lists, the logout time) are written
//!   with [`Store::write`] too: each is one command of a user, and the
//!   command budget bounds those;
//! * [`Store::call`]: awaited jobs are refused ([`StoreError::Busy`]) when
//!   the thread itself is that far behind; writes kept after the disk
//!   refused them do not count here (calls still run while the disk is
//!   full: logins, reads, and a clear answer for a new account).
//!
//! The depth is logged when it crosses [`DEPTH_LEVELS`] going up, and when
//! it is back under half the first one; it is shown at `/metrics`
//! (`atomicd_store_queue_depth`, with `atomicd_store_kept_writes`).

pub mod accounts;
pub mod adjourned;
pub mod admin;
pub mod analysis;
pub mod backup;
pub mod check;
pub mod checkpoint;
pub mod directory;
pub mod games;
pub mod journal;
pub mod lists;
pub mod logons;
pub mod messages;
pub mod news;
pub mod ratings;
pub mod resets;
pub mod schema;
pub mod selfserve;
pub mod tourneys;
pub mod transaction;
pub mod wake;
pub mod writer;

use std::path::Path;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, mpsc};
use std::time::Duration;

use rusqlite::Connection;
use tokio::sync::oneshot;

use games::MoveRow;
use writer::{Call, Deliver, Job, State, Work, Write};

/// Depths of the queue at which the store logs a line, going up (a warning)
/// and coming back down; the last level is the bound itself.
pub const DEPTH_LEVELS: [usize; 3] = [1_000, 5_000, usize::MAX];

/// The level of [`DEPTH_LEVELS`] (capped at `limit`) a queue of `depth`
/// jobs is at, coming from level `before`: up as soon as a level is
/// reached, down only under half of it, so that a depth going to and fro
/// across a level does not log a line each time.
fn depth_level(depth: usize, limit: usize, before: usize) -> usize {
    let levels = DEPTH_LEVELS.map(|l| l.min(limit));
    let reached = levels.iter().filter(|&&l| depth >= l).count();
    if reached >= before {
        return reached;
    }
    let mut level = before;
    while level > 0 && depth < levels[level - 1] / 2 {
        level -= 1;
    }
    level
}

/// How the store is set up.
#[derive(Clone)]
pub struct StoreOptions {
    /// Jobs that may wait (kept writes included) before the optional ones
    /// are refused.
    pub queue_limit: usize,
    /// Extra time every transaction takes: a slow disk, for tests and
    /// chaos runs.
    pub delay: Duration,
    pub commit_time: metrics::Histogram,
    /// Jobs run in transactions.
    pub jobs: metrics::Counter,
    /// Transactions the disk refused.
    pub failures: metrics::Counter,
    /// Awaited jobs refused because the thread was too far behind.
    pub refused: metrics::Counter,
}

impl Default for StoreOptions {
    fn default() -> Self {
        StoreOptions {
            queue_limit: 10_000,
            delay: Duration::ZERO,
            commit_time: metrics::Histogram::noop(),
            jobs: metrics::Counter::noop(),
            failures: metrics::Counter::noop(),
            refused: metrics::Counter::noop(),
        }
    }
}

/// A handle to the store thread; cheap to clone.
#[derive(Clone)]
pub struct Store {
    inner: Arc<Inner>,
}

struct Inner {
    /// Sending under this lock keeps tickets in the order the thread
    /// receives the jobs.
    jobs: Mutex<mpsc::Sender<(u64, Job)>>,
    /// The last ticket given out.
    last: AtomicU64,
    state: Arc<State>,
    limit: usize,
    refused: metrics::Counter,
    /// The index in [`DEPTH_LEVELS`] of the last depth logged.
    level: AtomicUsize,
    /// The ticket a [`Store::confirm`] ran out of patience on: until the
    /// store has handled it, nobody waits again.
    behind: AtomicU64,
}

/// The place of a job in the store's queue: every job before it has a
/// smaller one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Ticket(pub u64);

impl Ticket {
    /// Before every job: always handled (a board no write comes before,
    /// such as an examined game's).
    pub const NOTHING: Ticket = Ticket(0);
}

/// Why an awaited job got no answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StoreError {
    /// The store thread has stopped (only during shutdown).
    Closed,
    /// The queue is full: nothing more is taken until it drains.
    Busy,
    /// It ran, but the database refused to keep what it wrote (the disk
    /// is full or failing); nothing of it is stored.
    Unsaved,
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            StoreError::Closed => "the database is closed",
            StoreError::Busy => "the database is too busy",
            StoreError::Unsaved => "the database cannot be written to",
        })
    }
}

impl std::error::Error for StoreError {}

/// Opens (creating if needed) the database file and brings its schema up to date.
pub fn open_connection(path: &Path) -> rusqlite::Result<Connection> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        // A missing directory is reported by SQLite itself with the path.
        let _ = std::fs::create_dir_all(dir);
    }
    schema::refuse_newer(path)?;
    let mut conn = Connection::open(path)?;
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    // The transaction control statements and the statements of every ply
    // stay prepared; the default cache of 16 would leave little room.
    conn.set_prepared_statement_cache_capacity(64);
    schema::migrate(&mut conn)?;
    Ok(conn)
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// While this lives the store thread starts no transaction: jobs pile up
/// in its queue as behind a disk that does not answer. A test hook.
pub struct Paused(Arc<State>);

impl Drop for Paused {
    fn drop(&mut self) {
        *lock(&self.0.paused) = false;
        self.0.unpaused.notify_all();
    }
}

impl Store {
    /// Opens the database and starts the store thread with default options.
    pub fn open(path: &Path) -> rusqlite::Result<Store> {
        Store::open_with(path, StoreOptions::default())
    }

    /// Opens the database and starts the store thread.
    pub fn open_with(path: &Path, options: StoreOptions) -> rusqlite::Result<Store> {
        let mut conn = open_connection(path)?;
        // The thread prepares them again; here a failure has a caller.
        drop(transaction::Held::new(&conn)?);
        let checkpointer = checkpoint::start(&mut conn, path);
        let (jobs, rx) = mpsc::channel();
        let state = Arc::new(State::new());
        let thread_state = state.clone();
        let settings = writer::Settings {
            delay: options.delay,
            commit_time: options.commit_time,
            jobs: options.jobs,
            failures: options.failures,
        };
        std::thread::Builder::new()
            .name("atomicd-store".into())
            .spawn(move || writer::run(conn, rx, &thread_state, &settings, checkpointer))
            .expect("spawning the store thread");
        Ok(Store {
            inner: Arc::new(Inner {
                jobs: Mutex::new(jobs),
                last: AtomicU64::new(0),
                state,
                limit: options.queue_limit.max(1),
                refused: options.refused,
                level: AtomicUsize::new(0),
                behind: AtomicU64::new(0),
            }),
        })
    }

    /// Jobs waiting for the store thread right now, kept writes included.
    pub fn queue_depth(&self) -> usize {
        self.inner.state.depth.load(Ordering::Relaxed)
    }

    /// Writes kept in memory because the database refused them.
    pub fn kept_writes(&self) -> usize {
        self.inner.state.kept.load(Ordering::Relaxed)
    }

    /// Whether the queue may take optional jobs (the moves of live games).
    pub fn has_room(&self) -> bool {
        self.queue_depth() < self.inner.limit
    }

    /// Whether the thread is so far behind (kept writes aside) that
    /// awaited jobs are refused.
    fn is_swamped(&self) -> bool {
        self.queue_depth().saturating_sub(self.kept_writes()) >= self.inner.limit
    }

    /// The ticket of the last job queued.
    pub fn last_ticket(&self) -> Ticket {
        Ticket(self.inner.last.load(Ordering::Acquire))
    }

    /// Whether every job up to `ticket` has been handled (committed, or
    /// kept in memory after the disk refused it).
    pub fn is_handled(&self, ticket: Ticket) -> bool {
        self.inner.state.handled.load(Ordering::Acquire) >= ticket.0
    }

    /// Waits until every job up to `ticket` has been handled; false if it
    /// took longer than `patience`.
    pub async fn handled(&self, ticket: Ticket, patience: Duration) -> bool {
        if self.is_handled(ticket) {
            return true;
        }
        let mut handled = self.inner.state.handled_tx.subscribe();
        tokio::time::timeout(patience, handled.wait_for(|h| *h >= ticket.0))
            .await
            .is_ok_and(|r| r.is_ok())
    }

    /// Waits, within `patience`, until every job up to `ticket` is handled;
    /// false if it was not. Once a wait has run out, the next ones do not
    /// wait at all until the store has caught up with the ticket it ran
    /// out on: a store that is slow costs play one pause now and then, not
    /// one per board.
    pub async fn confirm(&self, ticket: Ticket, patience: Duration) -> bool {
        if self.is_handled(ticket) {
            return true;
        }
        let behind = self.inner.behind.load(Ordering::Relaxed);
        if behind != 0 && !self.is_handled(Ticket(behind)) {
            return false;
        }
        if self.inner.state.waiting.is_watched() {
            // The store thread wakes us after the commit, the watch after
            // its patience (the same `board_wait_ms`), marking the store
            // behind: no timer and no channel of our own.
            let woken = Arc::new(wake::Woken::default());
            self.wake_when_handled(ticket, tokio::time::Instant::now(), woken.clone());
            woken.wait().await;
            return self.is_handled(ticket);
        }
        if self.handled(ticket, patience).await {
            return true;
        }
        self.inner.behind.fetch_max(ticket.0, Ordering::Relaxed);
        false
    }

    /// Wakes `waiter` once every job up to `ticket` is handled: at once if
    /// it is (or if the store is behind, see [`Store::confirm`], or if no
    /// watch was started), else from the store thread after the commit
    /// that covers it, or from the watch once it has waited the patience
    /// given to [`Store::start_board_watch`]; `since` is now. See
    /// [`wake`].
    pub fn wake_when_handled(
        &self,
        ticket: Ticket,
        since: tokio::time::Instant,
        waiter: Arc<dyn wake::Waiter>,
    ) {
        let behind = self.inner.behind.load(Ordering::Relaxed);
        let slow = behind != 0 && !self.is_handled(Ticket(behind));
        let kept = !slow
            && self
                .inner
                .state
                .waiting
                .add(ticket.0, since, waiter.clone(), || self.is_handled(ticket));
        if !kept {
            waiter.wake();
        }
    }

    /// Starts, on the current tokio runtime, the task that wakes the
    /// sessions of [`Store::wake_when_handled`] whose boards waited
    /// `patience` for a store that did not answer, and marks the store
    /// behind up to their tickets.
    /// A patience of zero starts nothing: boards then never wait (see
    /// [`Store::confirm`]).
    pub fn start_board_watch(&self, patience: Duration) {
        if patience.is_zero() {
            return;
        }
        let inner = Arc::downgrade(&self.inner);
        let waiting = self.inner.state.waiting.clone();
        waiting.watched();
        tokio::spawn(waiting.watch(patience, move |ticket| {
            if let Some(inner) = inner.upgrade() {
                inner.behind.fetch_max(ticket, Ordering::Relaxed);
            }
        }));
    }

    /// Stops the store thread before its next transaction until the guard
    /// is dropped (tests: a store that does not answer).
    pub fn pause(&self) -> Paused {
        *lock(&self.inner.state.paused) = true;
        Paused(self.inner.state.clone())
    }

    fn send(&self, job: Job) -> Result<Ticket, StoreError> {
        let inner = &*self.inner;
        let jobs = lock(&inner.jobs);
        let ticket = inner.last.load(Ordering::Relaxed) + 1;
        let depth = inner.state.depth.fetch_add(1, Ordering::Relaxed) + 1;
        if jobs.send((ticket, job)).is_err() {
            inner.state.depth.fetch_sub(1, Ordering::Relaxed);
            return Err(StoreError::Closed);
        }
        inner.last.store(ticket, Ordering::Release);
        drop(jobs);
        self.note_depth(depth);
        Ok(Ticket(ticket))
    }

    /// Logs the depth when it crosses one of [`DEPTH_LEVELS`] or the bound.
    fn note_depth(&self, depth: usize) {
        let inner = &*self.inner;
        let before = inner.level.load(Ordering::Relaxed);
        let level = depth_level(depth, inner.limit, before);
        if level == before {
            return;
        }
        inner.level.store(level, Ordering::Relaxed);
        if level > before {
            tracing::warn!(
                depth,
                limit = inner.limit,
                kept = self.kept_writes(),
                "store queue is deep: the database is slow or failing"
            );
        } else if level == 0 {
            tracing::info!(depth, "store queue is back to normal");
        }
    }

    /// Runs `f` on the store thread and returns its result once committed.
    pub async fn call<R, F>(&self, f: F) -> Result<R, StoreError>
    where
        R: Send + 'static,
        F: FnOnce(&Connection) -> R + Send + 'static,
    {
        if self.is_swamped() {
            self.inner.refused.increment(1);
            return Err(StoreError::Busy);
        }
        let (tx, rx) = oneshot::channel();
        let work = Box::new(move |conn: &Connection| -> Deliver {
            let result = f(conn);
            Box::new(move |committed| {
                let _ = tx.send(if committed {
                    Ok(result)
                } else {
                    Err(StoreError::Unsaved)
                });
            })
        });
        self.send(Job::Call(Call { work }))?;
        rx.await.unwrap_or(Err(StoreError::Closed))
    }

    /// Queues a write that must be kept, whatever the depth of the queue;
    /// failures are logged with `what` and never reach the caller.
    pub fn write<F>(&self, what: &'static str, f: F)
    where
        F: FnMut(&Connection) -> rusqlite::Result<()> + Send + 'static,
    {
        self.queue(what, Work::Any(Box::new(f)), None);
    }

    /// [`Store::write`], and `notice` runs once if the database refuses it
    /// for now (it is kept and written later): who must be told is told.
    pub fn write_noted<F, N>(&self, what: &'static str, f: F, notice: N)
    where
        F: FnMut(&Connection) -> rusqlite::Result<()> + Send + 'static,
        N: FnOnce() + Send + 'static,
    {
        self.queue(what, Work::Any(Box::new(f)), Some(Box::new(notice)));
    }

    /// Queues the move of ply `row.ply` of the game whose row is `game`:
    /// the write of every ply, run by a statement the store thread holds
    /// prepared. Taken whatever the depth, as [`Store::write`] (the world
    /// asks [`Store::has_room`] first).
    pub fn write_move(&self, game: i64, row: MoveRow) -> Ticket {
        self.queue("record move", Work::Move { game, row }, None)
    }

    fn queue(
        &self,
        what: &'static str,
        work: Work,
        notice: Option<Box<dyn FnOnce() + Send>>,
    ) -> Ticket {
        let job = Job::Write(Write { what, work, notice });
        match self.send(job) {
            Ok(ticket) => ticket,
            Err(_) => {
                tracing::error!("store closed; write lost: {what}");
                self.last_ticket()
            }
        }
    }

    /// Gives the writes kept after the disk refused them up to `patience`
    /// to be written (the thread retries at least every two seconds);
    /// returns how many are still kept. For a clean stop.
    pub async fn settle_kept(&self, patience: Duration) -> usize {
        let deadline = tokio::time::Instant::now() + patience;
        while self.kept_writes() > 0 && tokio::time::Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        self.kept_writes()
    }

    /// Waits until every job queued before it is handled.
    pub async fn flush(&self) -> Result<(), StoreError> {
        let (tx, rx) = oneshot::channel();
        let work = Box::new(move |_: &Connection| -> Deliver {
            Box::new(move |_| {
                let _ = tx.send(());
            })
        });
        self.send(Job::Call(Call { work }))?;
        rx.await.map_err(|_| StoreError::Closed)
    }
}

#[cfg(test)]
mod tests;
