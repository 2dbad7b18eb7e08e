//! `atomicd check`: is the database sound?
//!
//! First SQLite's own checks (`PRAGMA integrity_check`, `foreign_key_check`),
//! then what only this server knows must hold:
//!
//! * every stored game replays legally from its start position, move by
//!   move, to the SAN that was stored ([`games`]);
//! * every finished game's result agrees with how it ended: a king that
//!   exploded or a mate is on the board after the last move, a claimed draw
//!   could be claimed there, a resignation or a flag names the loser; an
//!   adjourned game is not over already ([`games`]);
//! * the wins, losses and draws of every rating row are the rated games
//!   that account finished ([`ratings`]);
//! * every tournament's rows hold together: games and byes name entrants,
//!   results agree with the games played, and the standings add up to the
//!   points the results gave ([`tourneys`]).
//!
//! The check opens the file read-only (and `query_only`): it never changes
//! the database, so it may run beside a live server, which it sees as one
//! snapshot (a single read transaction).

mod games;
mod ratings;
mod tourneys;

use std::path::Path;

use rusqlite::{Connection, OpenFlags};

use crate::store::schema;

/// One thing that is wrong, in one line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    /// What part of the database: `sqlite`, `games`, `ratings`, `tourneys`.
    pub area: &'static str,
    pub text: String,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.area, self.text)
    }
}

/// What was looked at, for the closing line.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Counts {
    pub accounts: u64,
    pub games: u64,
    pub moves: u64,
    pub ratings: u64,
    pub tourneys: u64,
}

/// The whole verdict.
#[derive(Debug, Clone, Default)]
pub struct Report {
    pub problems: Vec<Problem>,
    pub counts: Counts,
}

impl Report {
    fn add(&mut self, area: &'static str, text: String) {
        self.problems.push(Problem { area, text });
    }
}

/// Opens a database for checking: read-only, and only if its schema is the
/// one this binary knows (an older one must be migrated by starting the
/// server first; a newer one belongs to a newer atomicd).
pub fn open(path: &Path) -> Result<Connection, String> {
    if !path.exists() {
        return Err(format!("{}: no such file", path.display()));
    }
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| format!("cannot open {}: {e}", path.display()))?;
    let fail = |e: rusqlite::Error| format!("cannot read {}: {e}", path.display());
    conn.busy_timeout(std::time::Duration::from_secs(5))
        .map_err(fail)?;
    conn.pragma_update(None, "query_only", true).map_err(fail)?;
    let version = schema::version_of(&conn).map_err(fail)?;
    if version > schema::VERSION {
        return Err(schema::newer_message(path, version));
    }
    if version < schema::VERSION {
        return Err(format!(
            "{} has schema version {version}; this atomicd checks version {}: start the server (or run any atomicd command) on it once to migrate it, then check",
            path.display(),
            schema::VERSION
        ));
    }
    Ok(conn)
}

/// Runs every check (see the module doc) on one snapshot of the database.
pub fn run(conn: &Connection) -> rusqlite::Result<Report> {
    let mut report = Report::default();
    conn.execute_batch("BEGIN")?;
    let result = run_all(conn, &mut report);
    let _ = conn.execute_batch("COMMIT");
    result.map(|()| report)
}

fn run_all(conn: &Connection, report: &mut Report) -> rusqlite::Result<()> {
    sqlite(conn, report)?;
    report.counts.accounts = count(conn, "accounts")?;
    report.counts.tourneys = count(conn, "tourneys")?;
    report.counts.ratings = count(conn, "ratings")?;
    games::check(conn, report)?;
    ratings::check(conn, report)?;
    tourneys::check(conn, report)?;
    Ok(())
}

fn count(conn: &Connection, table: &str) -> rusqlite::Result<u64> {
    conn.query_row(&format!("SELECT COUNT(*) FROM {table}"), [], |r| {
        r.get::<_, i64>(0)
    })
    .map(|n| n as u64)
}

/// SQLite's own view: the file's structure, then every foreign key.
fn sqlite(conn: &Connection, report: &mut Report) -> rusqlite::Result<()> {
    let mut st = conn.prepare("PRAGMA integrity_check")?;
    let lines: Vec<String> = st.query_map([], |r| r.get(0))?.collect::<Result<_, _>>()?;
    for line in lines.into_iter().filter(|l| l != "ok") {
        report.add("sqlite", format!("integrity_check: {line}"));
    }
    let mut st = conn.prepare("PRAGMA foreign_key_check")?;
    let broken: Vec<(String, Option<i64>, String)> = st
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<Result<_, _>>()?;
    for (table, rowid, parent) in broken {
        let row = rowid.map_or("a row".to_string(), |id| format!("row {id}"));
        report.add(
            "sqlite",
            format!("foreign_key_check: {row} of {table} points at a missing {parent} row"),
        );
    }
    Ok(())
}
