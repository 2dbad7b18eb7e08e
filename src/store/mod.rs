//! SQLite on its own thread.
//!
//! One connection (WAL, `synchronous = NORMAL`: a committed transaction
//! survives a crash of the process) owned by one thread. The rest of the
//! server sends it jobs; the thread runs every job that is waiting in one
//! short transaction and commits, so a burst of moves costs one commit, and a
//! crash can lose nothing that a caller was told is stored. Replies to
//! [`Store::call`] are delivered only after the commit.
//!
//! Writes are committed in groups: a write that finds the thread idle waits
//! [`COMMIT_WINDOW`] for others to join it. At thousands of moves a second
//! this turns a commit (a WAL page write) and a thread wake-up per move into
//! a few hundred a second; a move is on disk at most that much later.
//!
//! Each job runs inside a savepoint of the shared transaction: a write that
//! fails or panics halfway is undone whole (a game's result and its ratings
//! are stored together or not at all) and the others still commit.
//!
//! Neither the world lock nor a session ever waits on the disk: writes are
//! fire-and-forget, reads are awaited by the one session that asked.

pub mod accounts;
pub mod adjourned;
pub mod admin;
pub mod backup;
pub mod check;
pub mod games;
pub mod journal;
pub mod lists;
pub mod messages;
pub mod ratings;
pub mod schema;
pub mod tourneys;

use std::panic::AssertUnwindSafe;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

use rusqlite::Connection;
use tokio::sync::oneshot;

type Deliver = Box<dyn FnOnce() + Send>;
type Work = Box<dyn FnOnce(&Connection) -> Outcome + Send>;

/// How a job went.
enum Outcome {
    /// Keep what it wrote; deliver its answer (if any) after the commit.
    Done(Option<Deliver>),
    /// It failed: undo what it wrote.
    Failed,
}

/// A unit of work for the store thread.
struct Job {
    work: Work,
    /// Someone waits for the answer ([`Store::call`]): no commit window.
    awaited: bool,
}

/// Most jobs one transaction takes before it commits.
const BATCH: usize = 512;

/// How long a lone write waits for company before it is committed.
const COMMIT_WINDOW: std::time::Duration = std::time::Duration::from_millis(2);

/// A handle to the store thread; cheap to clone.
#[derive(Clone)]
pub struct Store {
    jobs: mpsc::Sender<Job>,
    /// Jobs sent and not yet taken by the thread (`/metrics`).
    queued: Arc<AtomicUsize>,
}

/// The store thread has stopped (only during shutdown).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StoreClosed;

impl std::fmt::Display for StoreClosed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the database is closed")
    }
}

impl std::error::Error for StoreClosed {}

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
    schema::migrate(&mut conn)?;
    Ok(conn)
}

impl Store {
    /// Opens the database and starts the store thread.
    pub fn open(path: &Path) -> rusqlite::Result<Store> {
        Store::open_measured(path, metrics::Histogram::noop())
    }

    /// [`Store::open`], timing every transaction into `commit_time`.
    pub fn open_measured(path: &Path, commit_time: metrics::Histogram) -> rusqlite::Result<Store> {
        let conn = open_connection(path)?;
        let (jobs, rx) = mpsc::channel::<Job>();
        let queued = Arc::new(AtomicUsize::new(0));
        let taken = queued.clone();
        std::thread::Builder::new()
            .name("atomicd-store".into())
            .spawn(move || run(conn, rx, &taken, &commit_time))
            .expect("spawning the store thread");
        Ok(Store { jobs, queued })
    }

    /// Jobs waiting for the store thread right now.
    pub fn queue_depth(&self) -> usize {
        self.queued.load(Ordering::Relaxed)
    }

    fn send(&self, job: Job) -> Result<(), StoreClosed> {
        self.queued.fetch_add(1, Ordering::Relaxed);
        self.jobs.send(job).map_err(|_| {
            self.queued.fetch_sub(1, Ordering::Relaxed);
            StoreClosed
        })
    }

    /// Runs `f` on the store thread and returns its result once committed.
    pub async fn call<R, F>(&self, f: F) -> Result<R, StoreClosed>
    where
        R: Send + 'static,
        F: FnOnce(&Connection) -> R + Send + 'static,
    {
        let (tx, rx) = oneshot::channel();
        let work: Work = Box::new(move |conn| {
            let result = f(conn);
            Outcome::Done(Some(Box::new(move || {
                let _ = tx.send(result);
            })))
        });
        let job = Job {
            work,
            awaited: true,
        };
        self.send(job)?;
        rx.await.map_err(|_| StoreClosed)
    }

    /// Queues a write; failures are logged with `what` and never reach the caller.
    pub fn write<F>(&self, what: &'static str, f: F)
    where
        F: FnOnce(&Connection) -> rusqlite::Result<()> + Send + 'static,
    {
        let work: Work = Box::new(move |conn| match f(conn) {
            Ok(()) => Outcome::Done(None),
            Err(e) => {
                tracing::error!(error = %e, "store write failed and was undone: {what}");
                Outcome::Failed
            }
        });
        let job = Job {
            work,
            awaited: false,
        };
        if self.send(job).is_err() {
            tracing::error!("store closed; write lost: {what}");
        }
    }

    /// Waits until every job queued before it is committed.
    pub async fn flush(&self) -> Result<(), StoreClosed> {
        self.call(|_| ()).await
    }
}

fn run(
    conn: Connection,
    jobs: mpsc::Receiver<Job>,
    queued: &AtomicUsize,
    commit_time: &metrics::Histogram,
) {
    while let Ok(first) = jobs.recv() {
        if !first.awaited {
            // Nobody waits on this one; let the writes right behind it (the
            // other moves of this moment) share its commit.
            std::thread::sleep(COMMIT_WINDOW);
        }
        let started = std::time::Instant::now();
        let mut delivers: Vec<Deliver> = Vec::new();
        if let Err(e) = conn.execute_batch("BEGIN") {
            tracing::error!(error = %e, "store: cannot begin a transaction");
        }
        let mut next = Some(first);
        let mut count = 0;
        while let Some(job) = next.take() {
            queued.fetch_sub(1, Ordering::Relaxed);
            let _ = savepoint(&conn, "SAVEPOINT job");
            match std::panic::catch_unwind(AssertUnwindSafe(|| (job.work)(&conn))) {
                Ok(Outcome::Done(deliver)) => delivers.extend(deliver),
                Ok(Outcome::Failed) => {
                    let _ = savepoint(&conn, "ROLLBACK TO job");
                }
                Err(_) => {
                    tracing::error!("store: a job panicked and was undone; the others go on");
                    let _ = savepoint(&conn, "ROLLBACK TO job");
                }
            }
            let _ = savepoint(&conn, "RELEASE job");
            count += 1;
            if count < BATCH {
                next = jobs.try_recv().ok();
            }
        }
        if let Err(e) = conn.execute_batch("COMMIT") {
            tracing::error!(error = %e, "store: commit failed");
            let _ = conn.execute_batch("ROLLBACK");
        }
        commit_time.record(started.elapsed().as_secs_f64());
        for deliver in delivers {
            deliver();
        }
    }
    tracing::debug!("store thread stopped");
}

/// Runs one of the savepoint statements (prepared once).
fn savepoint(conn: &Connection, sql: &str) -> rusqlite::Result<()> {
    let result = conn.prepare_cached(sql).and_then(|mut st| st.execute([]));
    if let Err(e) = &result {
        tracing::error!(error = %e, "store: {sql} failed");
    }
    result.map(|_| ())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn writes_then_reads_see_them_and_survive_reopening() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/t.sqlite3");
        let store = Store::open(&path).unwrap();
        for i in 0..100 {
            store.write("test", move |c| {
                c.execute("INSERT INTO user_vars VALUES (?1, 'x', 'y')", [i])
                    .map(|_| ())
            });
        }
        // Foreign keys are on: these rows have no account and must fail.
        let n: i64 = store
            .call(|c| {
                c.query_row("SELECT COUNT(*) FROM user_vars", [], |r| r.get(0))
                    .unwrap()
            })
            .await
            .unwrap();
        assert_eq!(n, 0);
        store
            .call(|c| {
                c.execute(
                    "INSERT INTO accounts (name, name_lower, password_hash, created_at) VALUES ('A','a','h',0)",
                    [],
                )
            })
            .await
            .unwrap()
            .unwrap();
        drop(store);
        let c = open_connection(&path).unwrap();
        let n: i64 = c
            .query_row("SELECT COUNT(*) FROM accounts", [], |r| r.get(0))
            .unwrap();
        assert_eq!(n, 1);
    }

    #[tokio::test]
    async fn a_write_that_fails_halfway_is_undone_whole() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(&dir.path().join("t.sqlite3")).unwrap();
        let account = |name: &str| {
            format!(
                "INSERT INTO accounts (name, name_lower, password_hash, created_at) VALUES ('{name}', '{}', 'h', 0)",
                name.to_lowercase()
            )
        };
        let (half, whole) = (account("Half"), account("Whole"));
        // Both jobs go into one transaction; the first fails at its second
        // statement (no account 999), after its first one succeeded.
        store.write("half", move |c| {
            c.execute(&half, [])?;
            c.execute("INSERT INTO user_vars VALUES (999, 'x', 'y')", [])?;
            Ok(())
        });
        store.write("whole", move |c| c.execute(&whole, []).map(|_| ()));
        let names: Vec<String> = store
            .call(|c| {
                let mut st = c
                    .prepare("SELECT name FROM accounts ORDER BY name")
                    .unwrap();
                st.query_map([], |r| r.get(0))
                    .unwrap()
                    .collect::<Result<_, _>>()
                    .unwrap()
            })
            .await
            .unwrap();
        assert_eq!(names, ["Whole"]);
    }
}
