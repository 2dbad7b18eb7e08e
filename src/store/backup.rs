//! `atomicd backup PATH`: a consistent copy of the database while the
//! server runs.
//!
//! The copy is made with SQLite's online backup API on a connection of its
//! own (in its own process: the server's writer thread never sees it). The
//! API copies a few pages per step, and the pause between steps leaves the
//! disk and the CPU to the server. Left alone, the API *restarts* the copy
//! whenever another connection writes to the source between two steps, and
//! a server commits every few milliseconds while people play, so a paced
//! copy would never end. The copy therefore runs inside one read
//! transaction: in WAL mode a reader sees one snapshot for as long as it
//! likes and never blocks the writer (nor is blocked by it), so every step
//! copies pages of the same snapshot and nothing restarts. What the copy
//! costs the server is the disk bandwidth of reading the file once, and a
//! WAL that cannot be checkpointed past the snapshot until the copy ends.
//!
//! The copy is written beside its destination (`PATH.partial`), checked
//! with `PRAGMA quick_check`, turned into a single self-contained file
//! (rollback journal: no `-wal` beside it), and only then renamed to
//! `PATH`, so a file at `PATH` is always a whole backup.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use rusqlite::backup::{Backup, StepResult};
use rusqlite::{Connection, OpenFlags};

/// How the copy is paced.
#[derive(Debug, Clone, Copy)]
pub struct Pace {
    /// Pages copied per step (a page is 4 KiB).
    pub pages_per_step: i32,
    /// Rest between two steps.
    pub pause: Duration,
}

impl Default for Pace {
    /// 1 MiB a step and a 2 ms rest: a 500 MB database takes a few seconds
    /// more than an unpaced copy, and the server's commits (a few a
    /// millisecond at most) find the disk free between steps.
    fn default() -> Self {
        Pace {
            pages_per_step: 256,
            pause: Duration::from_millis(2),
        }
    }
}

/// What a finished backup did.
#[derive(Debug, Clone)]
pub struct Report {
    pub pages: i64,
    pub bytes: u64,
    pub steps: u64,
    /// Times SQLite started the copy over (0 with the read transaction).
    pub restarts: u64,
    pub elapsed: Duration,
}

/// Why a backup failed; `Display` is one line for the operator.
#[derive(Debug)]
pub enum BackupError {
    Exists(PathBuf),
    Source(PathBuf, rusqlite::Error),
    Copy(rusqlite::Error),
    /// The copy does not pass `quick_check`: its first complaint.
    Corrupt(String),
    Io(PathBuf, std::io::Error),
}

impl std::fmt::Display for BackupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BackupError::Exists(p) => write!(
                f,
                "{} already exists; give a new file name (a backup never overwrites)",
                p.display()
            ),
            BackupError::Source(p, e) => write!(f, "cannot read {}: {e}", p.display()),
            BackupError::Copy(e) => write!(f, "the copy failed: {e}"),
            BackupError::Corrupt(e) => write!(f, "the copy does not check out: {e}"),
            BackupError::Io(p, e) => write!(f, "{}: {e}", p.display()),
        }
    }
}

impl std::error::Error for BackupError {}

/// `PATH.partial`, where the copy is written before it is renamed.
fn partial_path(dest: &Path) -> PathBuf {
    let mut name = dest.as_os_str().to_owned();
    name.push(".partial");
    PathBuf::from(name)
}

/// Copies the database at `source` to a new file `dest` (see the module doc).
pub fn backup(source: &Path, dest: &Path, pace: Pace) -> Result<Report, BackupError> {
    if dest.exists() {
        return Err(BackupError::Exists(dest.to_path_buf()));
    }
    let started = Instant::now();
    let src = open_source(source).map_err(|e| BackupError::Source(source.to_path_buf(), e))?;
    let partial = partial_path(dest);
    remove_with_journals(&partial);
    let result = copy(&src, &partial, pace).and_then(|(pages, steps, restarts)| {
        finish_copy(&partial)?;
        std::fs::rename(&partial, dest).map_err(|e| BackupError::Io(dest.to_path_buf(), e))?;
        let bytes = std::fs::metadata(dest).map(|m| m.len()).unwrap_or(0);
        Ok(Report {
            pages,
            bytes,
            steps,
            restarts,
            elapsed: started.elapsed(),
        })
    });
    if result.is_err() {
        remove_with_journals(&partial);
    }
    result
}

/// A read-only connection to the live database, inside a read transaction
/// that pins one snapshot (see the module doc).
fn open_source(source: &Path) -> rusqlite::Result<Connection> {
    if !source.exists() {
        return Err(rusqlite::Error::SqliteFailure(
            rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_CANTOPEN),
            Some("no such file".into()),
        ));
    }
    let src = Connection::open_with_flags(
        source,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    src.busy_timeout(Duration::from_secs(5))?;
    src.execute_batch("BEGIN")?;
    // A deferred transaction takes its snapshot at its first read.
    src.query_row("SELECT COUNT(*) FROM sqlite_schema", [], |r| {
        r.get::<_, i64>(0)
    })?;
    Ok(src)
}

/// Copies every page, paced; returns pages, steps and restarts.
fn copy(src: &Connection, partial: &Path, pace: Pace) -> Result<(i64, u64, u64), BackupError> {
    let mut dst = Connection::open(partial).map_err(BackupError::Copy)?;
    let backup = Backup::new(src, &mut dst).map_err(BackupError::Copy)?;
    let (mut steps, mut restarts) = (0u64, 0u64);
    let mut last_remaining = i64::MAX;
    loop {
        let step = backup
            .step(pace.pages_per_step.max(1))
            .map_err(BackupError::Copy)?;
        steps += 1;
        let p = backup.progress();
        let remaining = i64::from(p.remaining);
        if remaining > last_remaining {
            restarts += 1;
        }
        last_remaining = remaining;
        match step {
            StepResult::Done => return Ok((i64::from(p.pagecount), steps, restarts)),
            _ => std::thread::sleep(pace.pause),
        }
    }
}

/// Checks the copy and makes it one file with no journal beside it.
fn finish_copy(partial: &Path) -> Result<(), BackupError> {
    let conn = Connection::open(partial).map_err(BackupError::Copy)?;
    let verdict: String = conn
        .query_row("PRAGMA quick_check", [], |r| r.get(0))
        .map_err(BackupError::Copy)?;
    if verdict != "ok" {
        return Err(BackupError::Corrupt(verdict));
    }
    let mode: String = conn
        .query_row("PRAGMA journal_mode = DELETE", [], |r| r.get(0))
        .map_err(BackupError::Copy)?;
    if !mode.eq_ignore_ascii_case("delete") {
        return Err(BackupError::Corrupt(format!("journal mode stays {mode}")));
    }
    drop(conn);
    let file = std::fs::File::open(partial).map_err(|e| BackupError::Io(partial.into(), e))?;
    file.sync_all()
        .map_err(|e| BackupError::Io(partial.into(), e))?;
    Ok(())
}

/// Removes a file and any `-wal`/`-shm`/`-journal` SQLite left beside it.
fn remove_with_journals(path: &Path) {
    for suffix in ["", "-wal", "-shm", "-journal"] {
        let mut name = path.as_os_str().to_owned();
        name.push(suffix);
        let _ = std::fs::remove_file(PathBuf::from(name));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};

    fn wal_db(path: &Path) -> Connection {
        let c = Connection::open(path).unwrap();
        c.pragma_update(None, "journal_mode", "WAL").unwrap();
        c.execute_batch(
            "CREATE TABLE a (n INTEGER PRIMARY KEY, pad TEXT);
             CREATE TABLE b (n INTEGER PRIMARY KEY, pad TEXT);",
        )
        .unwrap();
        c
    }

    /// A writer commits without pause all through a slow, paced copy:
    /// the copy ends, never restarts, and holds one moment of the source
    /// (tables written in the same transactions have as many rows).
    #[test]
    fn a_paced_copy_of_a_busy_database_ends_and_is_consistent() {
        let dir = tempfile::tempdir().unwrap();
        let source = dir.path().join("live.sqlite3");
        let c = wal_db(&source);
        let pad = "x".repeat(2000);
        for n in 0..2000 {
            c.execute("INSERT INTO a VALUES (?1, ?2)", rusqlite::params![n, pad])
                .unwrap();
            c.execute("INSERT INTO b VALUES (?1, ?2)", rusqlite::params![n, pad])
                .unwrap();
        }
        let stop = Arc::new(AtomicBool::new(false));
        let writer = {
            let stop = stop.clone();
            std::thread::spawn(move || {
                let mut n = 10_000;
                let mut commits = 0;
                while !stop.load(Ordering::Relaxed) {
                    c.execute_batch("BEGIN").unwrap();
                    c.execute("INSERT INTO a VALUES (?1, 'w')", [n]).unwrap();
                    c.execute("INSERT INTO b VALUES (?1, 'w')", [n]).unwrap();
                    c.execute_batch("COMMIT").unwrap();
                    n += 1;
                    commits += 1;
                }
                commits
            })
        };
        let dest = dir.path().join("copy.sqlite3");
        let pace = Pace {
            pages_per_step: 8,
            pause: Duration::from_millis(1),
        };
        let report = backup(&source, &dest, pace).unwrap();
        stop.store(true, Ordering::Relaxed);
        let commits = writer.join().unwrap();
        assert!(commits > 0, "the writer never committed during the copy");
        assert_eq!(report.restarts, 0);
        assert!(report.steps > 100, "{report:?}");
        let copy = Connection::open(&dest).unwrap();
        let count = |t: &str| -> i64 {
            copy.query_row(&format!("SELECT COUNT(*) FROM {t}"), [], |r| r.get(0))
                .unwrap()
        };
        assert!(count("a") >= 2000);
        assert_eq!(count("a"), count("b"));
        let mode: String = copy
            .query_row("PRAGMA journal_mode", [], |r| r.get(0))
            .unwrap();
        assert_eq!(mode, "delete");
        assert!(!partial_path(&dest).exists());
    }

    #[test]
    fn a_backup_never_overwrites_and_names_a_missing_source() {
        let dir = tempfile::tempdir().unwrap();
        let source = dir.path().join("live.sqlite3");
        drop(wal_db(&source));
        let dest = dir.path().join("copy.sqlite3");
        std::fs::write(&dest, b"keep me").unwrap();
        let e = backup(&source, &dest, Pace::default()).unwrap_err();
        assert!(e.to_string().contains("already exists"), "{e}");
        assert_eq!(std::fs::read(&dest).unwrap(), b"keep me");
        let e = backup(
            &dir.path().join("nothing.sqlite3"),
            &dir.path().join("n2"),
            Pace::default(),
        )
        .unwrap_err();
        assert!(e.to_string().contains("nothing.sqlite3"), "{e}");
        assert!(!dir.path().join("n2").exists());
    }
}
