//! Games in the database: a row per game (live, adjourned, finished or
//! aborted) and a row per move, written as each move is played so that a
//! crash loses nothing.

use rusqlite::{Connection, OptionalExtension, Row, params};

/// Where a game stands.
pub mod status {
    pub const LIVE: &str = "live";
    pub const FINISHED: &str = "finished";
    pub const ADJOURNED: &str = "adjourned";
    pub const ABORTED: &str = "aborted";
}

/// A game's row as it is created.
#[derive(Debug, Clone)]
pub struct NewGame {
    pub id: i64,
    pub white: String,
    pub black: String,
    pub white_account: Option<i64>,
    pub black_account: Option<i64>,
    pub white_rating: String,
    pub black_rating: String,
    pub minutes: u32,
    pub inc: u32,
    pub rated: bool,
    pub start_fen: Option<String>,
    pub started_at: i64,
    pub clock_ms: i64,
}

/// Adds a game that has just started.
pub fn insert_live(conn: &Connection, g: &NewGame) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT INTO games (id, white, black, white_key, black_key, white_account, black_account,
             white_rating, black_rating, minutes, inc, rated, start_fen, started_at, status, white_ms, black_ms)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?16)",
        params![
            g.id,
            g.white,
            g.black,
            g.white.to_ascii_lowercase(),
            g.black.to_ascii_lowercase(),
            g.white_account,
            g.black_account,
            g.white_rating,
            g.black_rating,
            g.minutes,
            g.inc,
            g.rated,
            g.start_fen,
            g.started_at,
            status::LIVE,
            g.clock_ms
        ],
    )?;
    Ok(())
}

/// One move as played, with both clocks after it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveRow {
    pub ply: u32,
    pub san: String,
    pub uci: String,
    pub time_ms: u64,
    pub white_ms: i64,
    pub black_ms: i64,
}

/// The statement that records a move: the statement of every ply, which
/// the store thread holds prepared ([`super::transaction::Held`]). A move
/// written again (a write tried twice) takes the place of the row it
/// finds. (An upsert instead of the replace made no difference to the
/// server's instructions per ply: 45,023 against 44,889, within the runs'
/// spread. The statement journal SQLite keeps for it inside a transaction
/// is there for the foreign key either way.)
pub const APPEND_MOVE: &str =
    "INSERT OR REPLACE INTO moves (game_id, ply, san, uci, time_ms, white_ms, black_ms)
     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)";

/// Binds a move's row to [`APPEND_MOVE`].
pub fn bind_move(
    st: &mut rusqlite::Statement<'_>,
    game_id: i64,
    m: &MoveRow,
) -> rusqlite::Result<()> {
    st.raw_bind_parameter(1, game_id)?;
    st.raw_bind_parameter(2, m.ply)?;
    st.raw_bind_parameter(3, m.san.as_str())?;
    st.raw_bind_parameter(4, m.uci.as_str())?;
    st.raw_bind_parameter(5, m.time_ms as i64)?;
    st.raw_bind_parameter(6, m.white_ms)?;
    st.raw_bind_parameter(7, m.black_ms)
}

/// Records a move of a live game, and the clocks after it (the game's own
/// row is left alone until the game ends: crash recovery takes the clocks
/// from the last move). The moves of live games go through
/// [`super::Store::write_move`], which runs the same statement held
/// prepared; this is for the moves a game kept while the queue was full,
/// and for tests.
pub fn append_move(conn: &Connection, game_id: i64, m: &MoveRow) -> rusqlite::Result<()> {
    let mut insert = conn.prepare_cached(APPEND_MOVE)?;
    bind_move(&mut insert, game_id, m)?;
    insert.raw_execute()?;
    Ok(())
}

/// Drops moves after `plies` (a takeback).
pub fn truncate_moves(conn: &Connection, game_id: i64, plies: u32) -> rusqlite::Result<()> {
    conn.execute(
        "DELETE FROM moves WHERE game_id = ?1 AND ply > ?2",
        params![game_id, plies],
    )?;
    Ok(())
}

/// How a game ended.
#[derive(Debug, Clone)]
pub struct Ending {
    pub status: &'static str,
    pub result: String,
    pub reason: String,
    pub code: String,
    pub ended_at: i64,
    pub white_ms: i64,
    pub black_ms: i64,
}

/// Records the end of a game (finished, aborted or adjourned).
pub fn finish(conn: &Connection, game_id: i64, e: &Ending) -> rusqlite::Result<()> {
    conn.execute(
        "UPDATE games SET status = ?2, result = ?3, reason = ?4, end_code = ?5, ended_at = ?6,
             white_ms = ?7, black_ms = ?8
         WHERE id = ?1",
        params![
            game_id, e.status, e.result, e.reason, e.code, e.ended_at, e.white_ms, e.black_ms
        ],
    )?;
    Ok(())
}

/// Stores a game's end and the new ratings it brought, in one job so that
/// they are stored together or not at all.
pub fn finish_rated(
    conn: &Connection,
    game_id: i64,
    e: &Ending,
    ratings: &[super::ratings::Save],
) -> rusqlite::Result<()> {
    finish(conn, game_id, e)?;
    for (account, variant, rating) in ratings {
        super::ratings::save_in(conn, *account, *variant, rating)?;
    }
    Ok(())
}

/// The highest game id so far (new games count on from it).
pub fn max_id(conn: &Connection) -> rusqlite::Result<i64> {
    conn.query_row("SELECT COALESCE(MAX(id), 0) FROM games", [], |r| r.get(0))
}

/// A stored game, without its moves.
#[derive(Debug, Clone)]
pub struct GameRow {
    pub id: i64,
    pub white: String,
    pub black: String,
    pub white_rating: String,
    pub black_rating: String,
    pub minutes: u32,
    pub inc: u32,
    pub rated: bool,
    pub start_fen: Option<String>,
    pub started_at: i64,
    pub status: String,
    pub ended_at: Option<i64>,
    pub result: Option<String>,
    pub reason: Option<String>,
    pub end_code: Option<String>,
    pub white_ms: i64,
    pub black_ms: i64,
}

const GAME_COLUMNS: &str =
    "id, white, black, white_rating, black_rating, minutes, inc, rated, start_fen,
    started_at, status, ended_at, result, reason, end_code, white_ms, black_ms";

fn game_row(r: &Row<'_>) -> rusqlite::Result<GameRow> {
    Ok(GameRow {
        id: r.get(0)?,
        white: r.get(1)?,
        black: r.get(2)?,
        white_rating: r.get(3)?,
        black_rating: r.get(4)?,
        minutes: r.get(5)?,
        inc: r.get(6)?,
        rated: r.get(7)?,
        start_fen: r.get(8)?,
        started_at: r.get(9)?,
        status: r.get(10)?,
        ended_at: r.get(11)?,
        result: r.get(12)?,
        reason: r.get(13)?,
        end_code: r.get(14)?,
        white_ms: r.get(15)?,
        black_ms: r.get(16)?,
    })
}

/// The last `limit` finished games of a player, oldest first.
pub fn history(conn: &Connection, name: &str, limit: u32) -> rusqlite::Result<Vec<GameRow>> {
    let key = name.to_ascii_lowercase();
    let mut stmt = conn.prepare(&format!(
        "SELECT {GAME_COLUMNS} FROM games
         WHERE (white_key = ?1 OR black_key = ?1) AND status = 'finished'
         ORDER BY id DESC LIMIT ?2"
    ))?;
    let mut rows: Vec<GameRow> = stmt
        .query_map(params![key, limit], game_row)?
        .collect::<Result<_, _>>()?;
    rows.reverse();
    Ok(rows)
}

/// Finished games, oldest first, of one player or of everyone.
pub fn finished(conn: &Connection, name: Option<&str>) -> rusqlite::Result<Vec<GameRow>> {
    let key = name.map(str::to_ascii_lowercase);
    let mut stmt = conn.prepare(&format!(
        "SELECT {GAME_COLUMNS} FROM games
         WHERE status = 'finished' AND (?1 IS NULL OR white_key = ?1 OR black_key = ?1)
         ORDER BY id"
    ))?;
    stmt.query_map(params![key], game_row)?.collect()
}

/// One game by id.
pub fn get(conn: &Connection, id: i64) -> rusqlite::Result<Option<GameRow>> {
    conn.query_row(
        &format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?1"),
        [id],
        game_row,
    )
    .optional()
}

/// The moves of a game, in order.
pub fn moves(conn: &Connection, game_id: i64) -> rusqlite::Result<Vec<MoveRow>> {
    let mut stmt = conn.prepare(
        "SELECT ply, san, uci, time_ms, white_ms, black_ms FROM moves WHERE game_id = ?1 ORDER BY ply",
    )?;
    stmt.query_map([game_id], |r| {
        Ok(MoveRow {
            ply: r.get(0)?,
            san: r.get(1)?,
            uci: r.get(2)?,
            time_ms: r.get::<_, i64>(3)? as u64,
            white_ms: r.get(4)?,
            black_ms: r.get(5)?,
        })
    })?
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::schema;

    #[test]
    fn a_game_from_start_to_history() {
        let c = schema::memory();
        let g = NewGame {
            id: 1,
            white: "Alice".into(),
            black: "Bob".into(),
            white_account: None,
            black_account: None,
            white_rating: "++++".into(),
            black_rating: "++++".into(),
            minutes: 3,
            inc: 0,
            rated: false,
            start_fen: None,
            started_at: 100,
            clock_ms: 180_000,
        };
        insert_live(&c, &g).unwrap();
        for ply in 1..=3 {
            let m = MoveRow {
                ply,
                san: "e4".into(),
                uci: "e2e4".into(),
                time_ms: 10,
                white_ms: 170_000,
                black_ms: 175_000,
            };
            append_move(&c, 1, &m).unwrap();
        }
        truncate_moves(&c, 1, 2).unwrap();
        assert_eq!(moves(&c, 1).unwrap().len(), 2);
        assert!(history(&c, "alice", 10).unwrap().is_empty());
        let e = Ending {
            status: status::FINISHED,
            result: "1-0".into(),
            reason: "Bob resigns".into(),
            code: "Res".into(),
            ended_at: 200,
            white_ms: 1,
            black_ms: 2,
        };
        finish(&c, 1, &e).unwrap();
        let h = history(&c, "BOB", 10).unwrap();
        assert_eq!(h.len(), 1);
        assert_eq!(h[0].end_code.as_deref(), Some("Res"));
        assert_eq!(max_id(&c).unwrap(), 1);
        assert_eq!(finished(&c, None).unwrap().len(), 1);
        assert_eq!(finished(&c, Some("carol")).unwrap().len(), 0);
    }
}
