//! Computer analysis in SQLite: the request of each analysed game and the
//! engine's evaluation of each of its positions (schema version 9).
//!
//! Evaluations are stored from White's side, as lichess keeps them: `cp`
//! in centipawns, or `mate` in moves (positive: White mates), or neither
//! for a position where the game is over. Marks (inaccuracy, mistake,
//! blunder) are not stored: they follow from the evaluations
//! (`analysis/judge.rs`), so a change of thresholds needs no migration.

use rusqlite::{Connection, OptionalExtension, params};

/// One analysis request, as its row says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    pub game_id: i64,
    pub requested_by: String,
    pub requested_at: i64,
    /// `queued`, `running`, `done` or `failed`.
    pub status: String,
    pub engine: Option<String>,
    pub finished_at: Option<i64>,
    pub error: Option<String>,
}

/// The engine's word on one position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlyEval {
    /// 0: the start position; N: after the N-th half-move.
    pub ply: u32,
    pub cp: Option<i32>,
    pub mate: Option<i32>,
    /// The engine's best move there, in UCI (none when the game is over).
    pub best: Option<String>,
    pub depth: u32,
}

fn request_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<Request> {
    Ok(Request {
        game_id: r.get(0)?,
        requested_by: r.get(1)?,
        requested_at: r.get(2)?,
        status: r.get(3)?,
        engine: r.get(4)?,
        finished_at: r.get(5)?,
        error: r.get(6)?,
    })
}

const REQUEST_COLUMNS: &str =
    "game_id, requested_by, requested_at, status, engine, finished_at, error";

/// The request for this game, if there is one.
pub fn request(conn: &Connection, game_id: i64) -> rusqlite::Result<Option<Request>> {
    conn.query_row(
        &format!("SELECT {REQUEST_COLUMNS} FROM analyses WHERE game_id = ?1"),
        [game_id],
        request_row,
    )
    .optional()
}

/// Queues an analysis of `game_id` for `by`; false if one exists already.
pub fn insert(conn: &Connection, game_id: i64, by: &str, now: i64) -> rusqlite::Result<bool> {
    let n = conn.execute(
        "INSERT OR IGNORE INTO analyses (game_id, requested_by, requester_key, requested_at, status)
         VALUES (?1, ?2, ?3, ?4, 'queued')",
        params![game_id, by, by.to_ascii_lowercase(), now],
    )?;
    Ok(n == 1)
}

/// How many analyses `by` asked for since `since` (the daily limit).
pub fn asked_since(conn: &Connection, by: &str, since: i64) -> rusqlite::Result<u32> {
    conn.query_row(
        "SELECT COUNT(*) FROM analyses WHERE requester_key = ?1 AND requested_at >= ?2",
        params![by.to_ascii_lowercase(), since],
        |r| r.get(0),
    )
}

/// The analyses not finished when the server stopped, oldest first.
pub fn unfinished(conn: &Connection) -> rusqlite::Result<Vec<Request>> {
    let mut stmt = conn.prepare(&format!(
        "SELECT {REQUEST_COLUMNS} FROM analyses WHERE status IN ('queued', 'running')
         ORDER BY requested_at, game_id"
    ))?;
    stmt.query_map([], request_row)?.collect()
}

/// The request is being worked on by `engine`.
pub fn start(conn: &Connection, game_id: i64, engine: &str) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE analyses SET status = 'running', engine = ?2 WHERE game_id = ?1",
        params![game_id, engine],
    )?;
    Ok(())
}

/// The evaluations of every ply, and the request done.
pub fn finish(
    conn: &Connection,
    game_id: i64,
    plies: &[PlyEval],
    now: i64,
) -> rusqlite::Result<()> {
    conn.execute("DELETE FROM analysis_plies WHERE game_id = ?1", [game_id])?;
    let mut stmt = conn.prepare_cached(
        "INSERT INTO analysis_plies (game_id, ply, cp, mate, best, depth) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?;
    for p in plies {
        stmt.execute(params![game_id, p.ply, p.cp, p.mate, p.best, p.depth])?;
    }
    conn.execute(
        "UPDATE analyses SET status = 'done', finished_at = ?2, error = NULL WHERE game_id = ?1",
        params![game_id, now],
    )?;
    Ok(())
}

/// The request failed (the engine died, the game could not be replayed).
pub fn fail(conn: &Connection, game_id: i64, why: &str, now: i64) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE analyses SET status = 'failed', finished_at = ?2, error = ?3 WHERE game_id = ?1",
        params![game_id, now, why],
    )?;
    Ok(())
}

/// Forgets a failed request, so that it may be asked again.
pub fn forget(conn: &Connection, game_id: i64) -> rusqlite::Result<()> {
    conn.execute("DELETE FROM analyses WHERE game_id = ?1", [game_id])?;
    Ok(())
}

/// The evaluations of a game, by ply.
pub fn plies(conn: &Connection, game_id: i64) -> rusqlite::Result<Vec<PlyEval>> {
    let mut stmt = conn.prepare(
        "SELECT ply, cp, mate, best, depth FROM analysis_plies WHERE game_id = ?1 ORDER BY ply",
    )?;
    stmt.query_map([game_id], |r| {
        Ok(PlyEval {
            ply: r.get(0)?,
            cp: r.get(1)?,
            mate: r.get(2)?,
            best: r.get(3)?,
            depth: r.get(4)?,
        })
    })?
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_and_evaluations_round_trip() {
        let db = crate::store::schema::memory();
        db.execute(
            "INSERT INTO games (id, white, black, white_key, black_key, white_rating, black_rating,
              minutes, inc, rated, started_at, status, white_ms, black_ms)
             VALUES (7, 'Alice', 'Bob', 'alice', 'bob', '----', '----', 3, 0, 0, 100, 'finished', 0, 0)",
            [],
        )
        .unwrap();
        assert!(insert(&db, 7, "Alice", 1000).unwrap());
        assert!(!insert(&db, 7, "Bob", 1001).unwrap());
        assert_eq!(asked_since(&db, "alice", 999).unwrap(), 1);
        assert_eq!(asked_since(&db, "ALICE", 1001).unwrap(), 0);
        assert_eq!(unfinished(&db).unwrap().len(), 1);
        start(&db, 7, "Fairy-Stockfish").unwrap();
        let plies = vec![
            PlyEval {
                ply: 0,
                cp: Some(20),
                mate: None,
                best: Some("g1f3".into()),
                depth: 8,
            },
            PlyEval {
                ply: 1,
                cp: None,
                mate: Some(-2),
                best: Some("e7e6".into()),
                depth: 8,
            },
            PlyEval {
                ply: 2,
                cp: None,
                mate: None,
                best: None,
                depth: 0,
            },
        ];
        finish(&db, 7, &plies, 1002).unwrap();
        assert_eq!(self::plies(&db, 7).unwrap(), plies);
        let r = request(&db, 7).unwrap().unwrap();
        assert_eq!((r.status.as_str(), r.finished_at), ("done", Some(1002)));
        assert!(unfinished(&db).unwrap().is_empty());
        fail(&db, 7, "the engine exited", 1003).unwrap();
        forget(&db, 7).unwrap();
        assert!(request(&db, 7).unwrap().is_none());
        assert!(self::plies(&db, 7).unwrap().is_empty());
    }
}
