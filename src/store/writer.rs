//! The store thread: jobs in, transactions out, and what happens when the
//! disk refuses them.
//!
//! The thread takes every job that is waiting (at most [`BATCH`]) and runs
//! them in one transaction, each in a savepoint of its own, then commits:
//! a burst of moves costs one commit. A lone job is committed at once, with
//! no window to wait for company: boards wait for their move's commit (see
//! [`super::Store::confirm`]), so a window would be added to every relay.
//! Jobs that come while a transaction runs share the next one, which is
//! what groups commits under load.
//!
//! A write that fails for a reason that passes (the disk is full, an I/O
//! error, the file is locked) is *kept*: the transaction is abandoned, every
//! write of it is kept in memory, in order, and tried again after a pause
//! that doubles from [`FIRST_RETRY`] to [`LAST_RETRY`]. Meanwhile new
//! writes join the kept ones at the back, so that the order of the writes
//! never changes (a game's moves after its row, a result after its moves);
//! awaited calls still run at once, so reads go on answering. A write that
//! fails for any other reason (a constraint, a bug) is undone and logged,
//! and the others go on, as before.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, mpsc};
use std::time::{Duration, Instant};

use rusqlite::{Connection, ErrorCode};
use tokio::sync::watch;

use super::checkpoint::Checkpointer;
use super::games::MoveRow;
use super::transaction::{Held, transact};

/// Most jobs one transaction takes before it commits.
pub const BATCH: usize = 512;

/// The first pause before kept writes are tried again; it doubles on each
/// failure up to [`LAST_RETRY`].
pub const FIRST_RETRY: Duration = Duration::from_millis(50);
pub const LAST_RETRY: Duration = Duration::from_secs(2);

/// What the thread says when an awaited job is over: whether what it wrote
/// (if anything) is committed.
pub type Deliver = Box<dyn FnOnce(bool) + Send>;

/// What a write does; it may run more than once.
pub type WriteWork = Box<dyn FnMut(&Connection) -> rusqlite::Result<()> + Send>;

/// What a write does.
pub enum Work {
    /// Any statements, in a savepoint of its own: a job that fails halfway
    /// is undone whole.
    Any(WriteWork),
    /// One move of a live game: the write of every ply, run by a statement
    /// the thread holds prepared, without a savepoint (one statement is
    /// atomic by itself).
    Move { game: i64, row: MoveRow },
}

/// A write nobody waits for; it may run more than once (it is kept and
/// tried again when the disk refuses it), so it only borrows what it
/// captured.
pub struct Write {
    pub what: &'static str,
    pub work: Work,
    /// Said once, the first time this write is kept instead of stored
    /// (the players of a rated game are told their result waits).
    pub notice: Option<Box<dyn FnOnce() + Send>>,
}

/// A job someone awaits ([`super::Store::call`]): it runs once and its
/// answer is delivered after the commit.
pub struct Call {
    pub work: Box<dyn FnOnce(&Connection) -> Deliver + Send>,
}

/// A unit of work for the store thread, with its ticket.
pub enum Job {
    Write(Write),
    Call(Call),
}

/// What the thread and the handles share.
pub struct State {
    /// Jobs sent and not yet over (committed, dropped or answered): those
    /// in the channel and those kept after a failure.
    pub depth: AtomicUsize,
    /// Writes kept in memory after the disk refused them.
    pub kept: AtomicUsize,
    /// Every job with a ticket up to this one has been handled: committed,
    /// answered, dropped, or kept in memory after a failure.
    pub handled: AtomicU64,
    /// The same, for those who wait on it.
    pub handled_tx: watch::Sender<u64>,
    /// A test hook: while true, the thread starts no transaction.
    pub paused: Mutex<bool>,
    pub unpaused: Condvar,
    /// Sessions to wake once their board's ticket is handled.
    pub waiting: std::sync::Arc<super::wake::Waiting>,
}

impl Default for State {
    fn default() -> Self {
        State::new()
    }
}

impl State {
    pub fn new() -> State {
        State {
            depth: AtomicUsize::new(0),
            kept: AtomicUsize::new(0),
            handled: AtomicU64::new(0),
            handled_tx: watch::Sender::new(0),
            paused: Mutex::new(false),
            unpaused: Condvar::new(),
            waiting: Default::default(),
        }
    }

    fn mark_handled(&self, ticket: u64) {
        if ticket > self.handled.load(Ordering::Relaxed) {
            self.handled.store(ticket, Ordering::Release);
            self.handled_tx.send_replace(ticket);
            self.waiting.handled(ticket);
        }
    }

    pub(super) fn over(&self, jobs: usize) {
        self.depth.fetch_sub(jobs, Ordering::Relaxed);
    }

    fn wait_while_paused(&self) {
        let mut paused = self.paused.lock().unwrap_or_else(|p| p.into_inner());
        while *paused {
            paused = self
                .unpaused
                .wait(paused)
                .unwrap_or_else(|p| p.into_inner());
        }
    }
}

/// How the thread behaves, beside its connection.
pub struct Settings {
    /// Extra time each transaction takes before its commit: a slow disk,
    /// for tests and chaos runs (`[store] delay_ms`).
    pub delay: Duration,
    pub commit_time: metrics::Histogram,
    /// Jobs run in transactions (over the commits: jobs per commit).
    pub jobs: metrics::Counter,
    /// Transactions abandoned because the disk refused a write.
    pub failures: metrics::Counter,
}

/// Whether a failure may pass by itself, so that the write is worth
/// keeping and trying again.
pub fn passing(e: &rusqlite::Error) -> bool {
    matches!(
        e.sqlite_error_code(),
        Some(
            ErrorCode::DiskFull
                | ErrorCode::SystemIoFailure
                | ErrorCode::DatabaseBusy
                | ErrorCode::DatabaseLocked
                | ErrorCode::CannotOpen
                | ErrorCode::ReadOnly
                | ErrorCode::OutOfMemory
        )
    )
}

/// The thread's loop; returns when every handle is gone.
pub fn run(
    conn: Connection,
    jobs: mpsc::Receiver<(u64, Job)>,
    state: &State,
    settings: &Settings,
    checkpointer: Option<Checkpointer>,
) {
    // (Prepared once already by the store's opening, which reports why it
    // could not.)
    let mut held = Held::new(&conn).expect("the store's statements were prepared at opening");
    let conn = &mut held;
    let mut kept: VecDeque<Write> = VecDeque::new();
    let mut pause = FIRST_RETRY;
    let mut retry_at = Instant::now();
    loop {
        let first = if kept.is_empty() {
            match jobs.recv() {
                Ok(job) => Some(job),
                Err(_) => break,
            }
        } else {
            match jobs.recv_timeout(retry_at.saturating_duration_since(Instant::now())) {
                Ok(job) => Some(job),
                Err(mpsc::RecvTimeoutError::Timeout) => None,
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
        };
        state.wait_while_paused();
        let mut batch: Vec<(u64, Job)> = first.into_iter().collect();
        while batch.len() < BATCH
            && let Ok(job) = jobs.try_recv()
        {
            batch.push(job);
        }
        let last = batch.last().map(|(t, _)| *t);
        if kept.is_empty() {
            let jobs = batch.into_iter().map(|(_, j)| j).collect();
            let left = transact(conn, jobs, 0, state, settings);
            if !left.is_empty() {
                tracing::warn!(
                    kept = left.len(),
                    "store: the database refused writes; they are kept in memory and tried again"
                );
                kept.extend(left);
                pause = FIRST_RETRY;
                retry_at = Instant::now() + pause;
            }
        } else {
            // Failing: new writes wait behind the kept ones, in order;
            // awaited calls run now, on their own.
            let mut calls = Vec::new();
            for (_, job) in batch {
                match job {
                    Job::Write(mut w) => {
                        say_notice(&mut w);
                        kept.push_back(w);
                    }
                    Job::Call(c) => calls.push(Job::Call(c)),
                }
            }
            state.kept.store(kept.len(), Ordering::Relaxed);
            if !calls.is_empty() {
                transact(conn, calls, kept.len(), state, settings);
            }
        }
        if let Some(t) = last {
            state.mark_handled(t);
        }
        if !kept.is_empty() && Instant::now() >= retry_at {
            let before = kept.len();
            let all = kept.drain(..).map(Job::Write).collect();
            let left = transact(conn, all, 0, state, settings);
            if left.is_empty() {
                tracing::warn!(written = before, "store: the kept writes are saved");
            } else {
                pause = (pause * 2).min(LAST_RETRY);
                retry_at = Instant::now() + pause;
                tracing::debug!(
                    kept = left.len(),
                    retry_in_ms = pause.as_millis() as u64,
                    "store: still refused"
                );
            }
            kept = left.into();
        }
        state.kept.store(kept.len(), Ordering::Relaxed);
    }
    if !kept.is_empty() {
        // The server is stopping: one last try, then say what is lost.
        let all = kept.drain(..).map(Job::Write).collect();
        let left = transact(conn, all, 0, state, settings);
        for w in &left {
            tracing::error!(
                "store: the database refused this write until the end; it is lost: {}",
                w.what
            );
        }
        state.kept.store(0, Ordering::Relaxed);
    }
    // Before the connection closes: it is then the last one, and makes
    // the final checkpoint.
    drop(checkpointer);
    tracing::debug!("store thread stopped");
}

pub(super) fn say_notice(w: &mut Write) {
    if let Some(notice) = w.notice.take() {
        notice();
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::time::Duration;

    use crate::store::{Store, StoreError, StoreOptions};

    fn account_sql(name: &str) -> String {
        format!(
            "INSERT INTO accounts (name, name_lower, password_hash, created_at) VALUES ('{name}', '{}', 'h', 0)",
            name.to_lowercase()
        )
    }

    async fn names(store: &Store) -> Vec<String> {
        store
            .call(|c| {
                let mut st = c.prepare("SELECT name FROM accounts ORDER BY id").unwrap();
                st.query_map([], |r| r.get(0))
                    .unwrap()
                    .collect::<Result<Vec<String>, _>>()
                    .unwrap()
            })
            .await
            .unwrap()
    }

    #[tokio::test]
    async fn a_paused_store_shows_its_depth_and_refuses_calls_past_the_bound() {
        let dir = tempfile::tempdir().unwrap();
        let options = StoreOptions {
            queue_limit: 5,
            ..StoreOptions::default()
        };
        let store = Store::open_with(&dir.path().join("t.sqlite3"), options).unwrap();
        let paused = store.pause();
        // Let the thread reach its pause on a first job.
        store.write("first", |c| c.execute(&account_sql("A0"), []).map(|_| ()));
        for i in 1..5 {
            assert!(store.has_room(), "room for job {i}");
            let sql = account_sql(&format!("A{i}"));
            store.write("account", move |c| c.execute(&sql, []).map(|_| ()));
        }
        assert_eq!(store.queue_depth(), 5);
        assert!(!store.has_room());
        let ticket = store.last_ticket();
        assert!(!store.is_handled(ticket));
        assert!(!store.handled(ticket, Duration::from_millis(20)).await);
        // Past the bound an awaited job is refused at once, not queued.
        assert_eq!(store.call(|_| ()).await, Err(StoreError::Busy));
        // Writes of games are still taken.
        store.write("sixth", |c| c.execute(&account_sql("A5"), []).map(|_| ()));
        assert_eq!(store.queue_depth(), 6);
        drop(paused);
        assert!(store.handled(ticket, Duration::from_secs(30)).await);
        assert_eq!(names(&store).await, ["A0", "A1", "A2", "A3", "A4", "A5"]);
        assert_eq!(store.queue_depth(), 0);
    }

    #[tokio::test]
    async fn writes_the_full_database_refuses_are_kept_in_order_and_written_when_space_returns() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.sqlite3");
        let store = Store::open(&path).unwrap();
        store.write("before", |c| {
            c.execute(&account_sql("Before"), []).map(|_| ())
        });
        // The database may not grow past the pages it has: a full disk.
        // (Its free pages, which a migration's dropped table leaves, are
        // taken first by a filler, or they would be room.)
        let pages: i64 = store
            .call(|c| {
                let free: i64 = c
                    .query_row("PRAGMA freelist_count", [], |r| r.get(0))
                    .unwrap();
                c.execute_batch("CREATE TABLE filler (x BLOB)").unwrap();
                c.execute("INSERT INTO filler VALUES (zeroblob(?1))", [free * 4096])
                    .unwrap();
                let n: i64 = c.query_row("PRAGMA page_count", [], |r| r.get(0)).unwrap();
                c.pragma_update(None, "max_page_count", n).unwrap();
                n
            })
            .await
            .unwrap();
        let told = Arc::new(AtomicUsize::new(0));
        // Enough rows to need new pages (each name takes a page's worth).
        for i in 0..40 {
            let sql = account_sql(&format!("K{i:02}{}", "x".repeat(1000)));
            let heard = told.clone();
            store.write_noted(
                "kept",
                move |c| c.execute(&sql, []).map(|_| ()),
                move || {
                    heard.fetch_add(1, Ordering::Relaxed);
                },
            );
        }
        store.flush().await.unwrap();
        assert!(store.kept_writes() > 0, "the full database refused nothing");
        assert_eq!(store.queue_depth(), store.kept_writes());
        let kept = store.kept_writes();
        assert_eq!(told.load(Ordering::Relaxed), kept);
        // Reads still answer, and see none of the kept rows.
        let stored = names(&store).await;
        assert!(stored.len() < 41, "{stored:?}");
        assert_eq!(stored[0], "Before");
        // A new account cannot be saved: the call says so.
        let created = store
            .call(|c| c.execute(&account_sql(&format!("New{}", "y".repeat(3000))), []))
            .await;
        assert!(
            matches!(created, Ok(Err(_)) | Err(StoreError::Unsaved)),
            "{created:?}"
        );
        // Space returns: everything kept is written, in order, once.
        store
            .call(move |c| {
                c.pragma_update(None, "max_page_count", pages * 100)
                    .unwrap()
            })
            .await
            .unwrap();
        let deadline = std::time::Instant::now() + Duration::from_secs(30);
        while store.kept_writes() > 0 {
            assert!(
                std::time::Instant::now() < deadline,
                "kept writes never written"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let stored = names(&store).await;
        let expected: Vec<String> = std::iter::once("Before".to_string())
            .chain((0..40).map(|i| format!("K{i:02}{}", "x".repeat(1000))))
            .collect();
        assert_eq!(stored, expected);
        // Every write refused was told once, however often it was tried.
        assert_eq!(told.load(Ordering::Relaxed), kept);
        let ok: String = store
            .call(|c| {
                c.query_row("PRAGMA integrity_check", [], |r| r.get(0))
                    .unwrap()
            })
            .await
            .unwrap();
        assert_eq!(ok, "ok");
    }
}
