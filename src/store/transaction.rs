//! One transaction of the store thread: a batch of jobs, each in a
//! savepoint of its own (but for a move row, which is one statement),
//! and the commit.
//!
//! Every statement run here on every ply is prepared once, when the thread
//! starts, and held ([`Held`]): BEGIN, SAVEPOINT, RELEASE, COMMIT and the
//! insert of a move. Through rusqlite's statement cache each use of one
//! hashed its SQL text twice (to find it, then to put it back) and reset
//! it through the cache's bookkeeping: ~4,000 instructions a statement,
//! five statements a ply (docs/PERFORMANCE.md, "Third round").

use std::panic::AssertUnwindSafe;
use std::sync::atomic::Ordering;
use std::time::Instant;

use rusqlite::{Connection, Statement};

use super::games::{self, MoveRow};
use super::writer::{Deliver, Job, Settings, State, Work, Write, passing, say_notice};

/// The statements of every transaction, prepared once for the life of the
/// thread's connection.
pub struct Held<'c> {
    conn: &'c Connection,
    begin: Statement<'c>,
    commit: Statement<'c>,
    rollback: Statement<'c>,
    savepoint: Statement<'c>,
    release: Statement<'c>,
    rollback_to: Statement<'c>,
    insert_move: Statement<'c>,
}

impl<'c> Held<'c> {
    pub fn new(conn: &'c Connection) -> rusqlite::Result<Held<'c>> {
        Ok(Held {
            conn,
            begin: conn.prepare("BEGIN")?,
            commit: conn.prepare("COMMIT")?,
            rollback: conn.prepare("ROLLBACK")?,
            savepoint: conn.prepare("SAVEPOINT job")?,
            release: conn.prepare("RELEASE job")?,
            rollback_to: conn.prepare("ROLLBACK TO job")?,
            insert_move: conn.prepare(games::APPEND_MOVE)?,
        })
    }

    /// Runs one transaction control statement.
    fn control(which: &mut Statement<'c>) -> rusqlite::Result<()> {
        let result = which.raw_execute();
        if let Err(e) = &result {
            tracing::debug!(error = %e, "store: {:?} failed", which.expanded_sql());
        }
        result.map(|_| ())
    }

    /// Runs a write's work once.
    fn run(&mut self, work: &mut Work) -> rusqlite::Result<()> {
        match work {
            Work::Any(f) => f(self.conn),
            Work::Move { game, row } => insert_move(&mut self.insert_move, *game, row),
        }
    }

    /// Rolls the whole transaction back, if SQLite has not already.
    fn abandon(&mut self) {
        if !self.conn.is_autocommit() {
            let _ = Self::control(&mut self.rollback);
        }
    }

    /// Undoes one job's savepoint and goes on with the transaction.
    fn undo_job(&mut self) {
        let _ = Self::control(&mut self.rollback_to);
        let _ = Self::control(&mut self.release);
    }

    /// Commits; false (and rolled back) if the disk refused it.
    fn commit(&mut self) -> bool {
        match Self::control(&mut self.commit) {
            Ok(()) => true,
            Err(e) => {
                tracing::warn!(error = %e, "store: the commit was refused; its writes are kept");
                self.abandon();
                false
            }
        }
    }
}

/// A move that came alone: its one statement is its own transaction
/// (SQLite commits it by itself), without BEGIN, COMMIT and the statement
/// journal SQLite keeps for a statement inside a longer transaction, about
/// 2,500 instructions less. This is the commit of a quiet server, where a
/// move seldom finds another waiting.
fn lone_move(
    held: &mut Held<'_>,
    mut w: Write,
    already_kept: usize,
    state: &State,
    settings: &Settings,
) -> Vec<Write> {
    let started = Instant::now();
    if !settings.delay.is_zero() {
        std::thread::sleep(settings.delay);
    }
    let mut kept = Vec::new();
    match held.run(&mut w.work) {
        Ok(()) => {}
        Err(e) if passing(&e) => {
            tracing::warn!(error = %e, "store: the database refused a write: {}", w.what);
            settings.failures.increment(1);
            // (SQLite rolled the statement, its transaction, back.)
            say_notice(&mut w);
            kept.push(w);
        }
        Err(e) => tracing::error!(error = %e, "store write failed and was undone: {}", w.what),
    }
    settings.commit_time.record(started.elapsed().as_secs_f64());
    settings.jobs.increment(1);
    state.over(1 - kept.len());
    state
        .kept
        .store(already_kept + kept.len(), Ordering::Relaxed);
    kept
}

fn insert_move(st: &mut Statement<'_>, game: i64, m: &MoveRow) -> rusqlite::Result<()> {
    games::bind_move(st, game, m)?;
    st.raw_execute().map(|_| ())
}

/// Where the transaction of a batch stands.
#[derive(PartialEq, Eq)]
enum Tx {
    Open,
    /// A write was refused for a passing reason (or SQLite gave up the
    /// transaction by itself, or could not begin one): everything is rolled
    /// back, the remaining writes are kept without being tried, calls run
    /// on their own (autocommit).
    Abandoned,
}

/// Runs `jobs` in one transaction and commits. Returns the writes to keep
/// (refused for a passing reason), in their order.
/// `already_kept` writes wait in memory besides: the count of kept writes
/// is right before any answer is delivered.
pub fn transact(
    held: &mut Held<'_>,
    mut jobs: Vec<Job>,
    already_kept: usize,
    state: &State,
    settings: &Settings,
) -> Vec<Write> {
    if let [
        Job::Write(Write {
            work: Work::Move { .. },
            ..
        }),
    ] = jobs.as_slice()
        && held.conn.is_autocommit()
        && let Some(Job::Write(w)) = jobs.pop()
    {
        return lone_move(held, w, already_kept, state, settings);
    }
    let started = Instant::now();
    let conn = held.conn;
    let count = jobs.len() as u64;
    let mut tx = match Held::control(&mut held.begin) {
        Ok(()) => Tx::Open,
        Err(e) => {
            tracing::warn!(error = %e, "store: cannot begin a transaction; writes are kept");
            settings.failures.increment(1);
            held.abandon();
            Tx::Abandoned
        }
    };
    // Writes that ran, in order.
    let mut done: Vec<Write> = Vec::new();
    let mut kept: Vec<Write> = Vec::new();
    // Answers of calls, and whether the call changed rows in the
    // transaction (its answer then stands only if the commit does).
    let mut answers: Vec<(Deliver, bool)> = Vec::new();
    let mut dropped = 0;
    for job in jobs {
        match job {
            Job::Write(mut w) if tx == Tx::Open => {
                // One statement is atomic by itself: a move row needs no
                // savepoint (SQLite undoes a failed statement alone).
                let savepoint = matches!(w.work, Work::Any(_));
                if savepoint {
                    let _ = Held::control(&mut held.savepoint);
                }
                let result = std::panic::catch_unwind(AssertUnwindSafe(|| held.run(&mut w.work)));
                match result {
                    Ok(Ok(())) => {
                        if savepoint {
                            let _ = Held::control(&mut held.release);
                        }
                        done.push(w);
                    }
                    Ok(Err(e)) if passing(&e) => {
                        tracing::warn!(error = %e, "store: the database refused a write: {}", w.what);
                        settings.failures.increment(1);
                        held.abandon();
                        tx = Tx::Abandoned;
                        kept.append(&mut done);
                        kept.push(w);
                    }
                    Ok(Err(e)) => {
                        tracing::error!(error = %e, "store write failed and was undone: {}", w.what);
                        if savepoint {
                            held.undo_job();
                        }
                        dropped += 1;
                    }
                    Err(_) => {
                        tracing::error!(
                            "store: a job panicked and was undone; the others go on: {}",
                            w.what
                        );
                        if savepoint {
                            held.undo_job();
                        }
                        dropped += 1;
                    }
                }
            }
            Job::Write(w) => kept.push(w),
            Job::Call(c) => {
                let open = tx == Tx::Open;
                if open {
                    let _ = Held::control(&mut held.savepoint);
                }
                let changes = conn.total_changes();
                match std::panic::catch_unwind(AssertUnwindSafe(|| (c.work)(conn))) {
                    Ok(deliver) => answers.push((deliver, open && conn.total_changes() != changes)),
                    Err(_) => {
                        // Its answer is gone with it: the caller hears the
                        // store is closed.
                        tracing::error!("store: a call panicked; the others go on");
                        state.over(1);
                    }
                }
                if open {
                    let _ = Held::control(&mut held.release);
                }
            }
        }
        if tx == Tx::Open && conn.is_autocommit() {
            // SQLite rolled the whole transaction back by itself (it may,
            // on a full disk or an I/O error, inside a call that swallowed
            // the error): what ran before is not stored, so it is kept.
            tracing::warn!("store: the database abandoned the transaction; its writes are kept");
            settings.failures.increment(1);
            tx = Tx::Abandoned;
            kept.append(&mut done);
        }
    }
    if !settings.delay.is_zero() {
        std::thread::sleep(settings.delay);
    }
    let committed = tx == Tx::Open && held.commit();
    if tx == Tx::Open && !committed {
        // Nothing was kept before the commit (a refusal abandons the
        // transaction): what ran is kept, in its order.
        settings.failures.increment(1);
        kept = std::mem::take(&mut done);
    }
    settings.commit_time.record(started.elapsed().as_secs_f64());
    settings.jobs.increment(count);
    state.over(done.len() + dropped);
    for w in &mut kept {
        say_notice(w);
    }
    state
        .kept
        .store(already_kept + kept.len(), Ordering::Relaxed);
    for (deliver, wrote) in answers {
        state.over(1);
        deliver(committed || !wrote);
    }
    kept
}
