//! Checkpoints beside the writer thread, not inside its commits.
//!
//! In WAL mode every commit appends pages to the `-wal` file, and a
//! *checkpoint* copies them back into the database file so that the WAL
//! can start over. Left to itself SQLite checkpoints inside the commit
//! that takes the WAL past 1,000 pages: that commit then copies the pages,
//! and (with `synchronous = NORMAL`) syncs the WAL and the database file,
//! a few milliseconds during which every board of every game waits for a
//! commit that cannot start. At 100 games that was one commit in ~200,
//! and most of the relay's tail (docs/PERFORMANCE.md, "Third round").
//!
//! So the writer's connection does not checkpoint by itself. A WAL hook
//! (called by SQLite after each commit with the WAL's length) asks this
//! thread, which has its own connection, for a *passive* checkpoint: it
//! copies what no reader still needs and syncs, while the writer goes on
//! committing (a checkpoint never blocks a writer in WAL mode). The WAL
//! starts over at the first write that finds it wholly copied. Under a
//! load so steady that it never is, the WAL would grow without end, so past
//! [`HARD_LIMIT`] pages the writer checkpoints inside its commit again,
//! as SQLite would have done (and then it always catches up: nobody
//! writes meanwhile).
//!
//! What the durability promise rests on does not change: a commit is
//! still one `write()` of its pages to the WAL before any board shows its
//! move (docs/RELIABILITY.md); where the copy into the database file
//! happens is SQLite's business, and a crash during it is safe by design.

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};

use rusqlite::{Connection, OpenFlags};

/// WAL pages after which the checkpointer is asked to run (SQLite's own
/// default for the automatic checkpoint).
pub const SOFT_LIMIT: i32 = 1_000;

/// WAL pages after which the writer checkpoints inside its commit: the
/// checkpointer has not caught up (a reader holds an old snapshot, or
/// commits never left it a moment). 10,000 pages are 40 MiB.
pub const HARD_LIMIT: i32 = 10_000;

/// What the writer's WAL hook and the checkpointer share.
#[derive(Default)]
struct Shared {
    /// A checkpoint was asked for and has not finished yet.
    asked: AtomicBool,
    wake: Mutex<Wake>,
    wakeup: Condvar,
}

#[derive(Default)]
struct Wake {
    wanted: bool,
    stop: bool,
}

/// The writer's end; dropping it stops the checkpointer thread and waits
/// for it (the writer's connection, closed after it, is then the last one
/// and makes the final checkpoint, as before).
pub struct Checkpointer {
    shared: Arc<Shared>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Drop for Checkpointer {
    fn drop(&mut self) {
        {
            let mut wake = self.shared.wake.lock().unwrap_or_else(|p| p.into_inner());
            wake.stop = true;
            self.shared.wakeup.notify_one();
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Takes automatic checkpoints away from `writer` and starts a thread that
/// makes them on a connection of its own to the file at `path`. If that
/// connection cannot be opened (or the hook cannot be set) the writer
/// keeps SQLite's automatic checkpoints: slower commits now and then, and
/// nothing else lost.
pub fn start(writer: &mut Connection, path: &Path) -> Option<Checkpointer> {
    let conn = match Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    ) {
        Ok(conn) => conn,
        Err(e) => {
            tracing::warn!(error = %e, "store: no checkpoint thread; commits checkpoint themselves");
            return None;
        }
    };
    let shared = Arc::new(Shared::default());
    let hook_shared = shared.clone();
    let hooked = writer.wal_hook(Some(move |wal: &mut rusqlite::hooks::Wal, pages| {
        if pages >= HARD_LIMIT {
            // Errors here would fail a commit that happened: logged only.
            if let Err(e) = wal.checkpoint() {
                tracing::debug!(error = %e, pages, "store: the writer's checkpoint failed");
            }
        } else if pages >= SOFT_LIMIT && !hook_shared.asked.swap(true, Ordering::AcqRel) {
            let mut wake = hook_shared.wake.lock().unwrap_or_else(|p| p.into_inner());
            wake.wanted = true;
            hook_shared.wakeup.notify_one();
        }
        Ok(())
    }));
    if let Err(e) = hooked {
        tracing::warn!(error = %e, "store: no WAL hook; commits checkpoint themselves");
        return None;
    }
    let thread_shared = shared.clone();
    let spawned = std::thread::Builder::new()
        .name("atomicd-checkpoint".into())
        .spawn(move || run(conn, &thread_shared));
    match spawned {
        Ok(thread) => Some(Checkpointer {
            shared,
            thread: Some(thread),
        }),
        Err(e) => {
            tracing::warn!(error = %e, "store: no checkpoint thread; commits checkpoint themselves");
            let _ = writer.pragma_update(None, "wal_autocheckpoint", SOFT_LIMIT);
            None
        }
    }
}

fn run(conn: Connection, shared: &Shared) {
    loop {
        {
            let mut wake = shared.wake.lock().unwrap_or_else(|p| p.into_inner());
            while !wake.wanted && !wake.stop {
                wake = shared.wakeup.wait(wake).unwrap_or_else(|p| p.into_inner());
            }
            if wake.stop {
                break;
            }
            wake.wanted = false;
        }
        let result = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |r| {
            Ok((r.get::<_, i64>(1)?, r.get::<_, i64>(2)?))
        });
        match result {
            Ok((log, copied)) => tracing::trace!(log, copied, "store: checkpoint"),
            Err(e) => tracing::debug!(error = %e, "store: checkpoint failed"),
        }
        shared.asked.store(false, Ordering::Release);
    }
    tracing::debug!("checkpoint thread stopped");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_checkpointer_copies_the_wal_into_the_database_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("c.sqlite3");
        let mut writer = Connection::open(&path).unwrap();
        writer.pragma_update(None, "journal_mode", "WAL").unwrap();
        writer
            .execute("CREATE TABLE t (x INTEGER PRIMARY KEY, y TEXT)", [])
            .unwrap();
        let checkpointer = start(&mut writer, &path).expect("a checkpointer");
        let before = std::fs::metadata(&path).unwrap().len();
        // A row of 3,000 bytes takes a page of its own: each commit
        // appends one, well past the soft limit.
        let row = "y".repeat(3000);
        for i in 0..(2 * SOFT_LIMIT) {
            writer
                .execute("INSERT INTO t VALUES (?1, ?2)", rusqlite::params![i, row])
                .unwrap();
        }
        // The hook asked (at the commit that passed the soft limit, in
        // this thread); wait for that checkpoint to end.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        while checkpointer.shared.asked.load(Ordering::Acquire) {
            assert!(std::time::Instant::now() < deadline, "no checkpoint ended");
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        // The writer never checkpointed (the hook took that away, and the
        // hard limit is far): the rows in the database file were copied
        // there by the other thread.
        let after = std::fs::metadata(&path).unwrap().len();
        assert!(
            after >= before + 4096 * u64::try_from(SOFT_LIMIT).unwrap() / 2,
            "database file {before} -> {after} bytes"
        );
        drop(checkpointer);
        drop(writer);
        let again = Connection::open(&path).unwrap();
        let (ok, n): (String, i64) = (
            again
                .query_row("PRAGMA integrity_check", [], |r| r.get(0))
                .unwrap(),
            again
                .query_row("SELECT COUNT(*) FROM t", [], |r| r.get(0))
                .unwrap(),
        );
        assert_eq!((ok.as_str(), n), ("ok", i64::from(2 * SOFT_LIMIT)));
    }
}
