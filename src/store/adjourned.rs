//! Adjourned games in the database: crash recovery, loading them at start,
//! and bringing one back to life.
//!
//! A game's row and its moves are written as the game is played (see
//! [`super::games`]), so after a crash the rows still marked `live` hold
//! every move that was played, each with both clocks after it. Recovery
//! turns them into adjourned games; nothing else is touched, so a finished
//! game is never recovered or counted twice.

use rusqlite::{Connection, params};

use crate::store::games::{self, MoveRow, status};

/// The reason recorded for a game the server found unfinished at start.
pub const RECOVERED_REASON: &str = "Game adjourned when the server stopped";

/// The reason recorded for a game a shutdown adjourned.
pub const SHUTDOWN_REASON: &str = "Game adjourned by server shutdown";

/// Whether a shutdown adjourned the game, not the players (an agreement,
/// a dropped connection) or a crash: such a game goes on by itself when
/// both players are back. A game a crash left is resumed with `match` (it
/// may have a guest, and its last moves may be lost: its players decide).
pub fn by_server(reason: &str) -> bool {
    reason == SHUTDOWN_REASON
}

/// An adjourned game with everything needed to resume it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredGame {
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
    /// When it was adjourned (Unix time).
    pub adjourned_at: i64,
    /// Both clocks as they stood when the game stopped.
    pub white_ms: i64,
    pub black_ms: i64,
    pub moves: Vec<MoveRow>,
    /// Adjourned by a shutdown ([`by_server`]).
    pub by_server: bool,
}

impl StoredGame {
    /// The rules it is played by, read from its stored start (an
    /// Atomic960 start is stored with Shredder castling).
    pub fn variant(&self) -> crate::chess::Variant {
        crate::chess::Variant::of_start_fen(self.start_fen.as_deref().unwrap_or(""))
    }

    /// Whether `name` (any case) plays in this game.
    pub fn involves(&self, name: &str) -> bool {
        self.white.eq_ignore_ascii_case(name) || self.black.eq_ignore_ascii_case(name)
    }

    /// The other player of `name`'s game.
    pub fn opponent_of(&self, name: &str) -> &str {
        if self.white.eq_ignore_ascii_case(name) {
            &self.black
        } else {
            &self.white
        }
    }
}

/// Turns every `live` game into an adjourned one, with the clocks after its
/// last stored move (or the starting clocks if no move was made). Returns
/// how many games were recovered.
pub fn recover_live(conn: &Connection, now: i64) -> rusqlite::Result<usize> {
    let mut stmt = conn.prepare("SELECT id, minutes FROM games WHERE status = ?1 ORDER BY id")?;
    let live: Vec<(i64, i64)> = stmt
        .query_map([status::LIVE], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    for &(id, minutes) in &live {
        let initial = minutes * 60_000;
        let (white_ms, black_ms) = games::moves(conn, id)?
            .last()
            .map(|m| (m.white_ms, m.black_ms))
            .unwrap_or((initial, initial));
        conn.execute(
            "UPDATE games SET status = ?2, result = '*', reason = ?3, end_code = 'Adj', ended_at = ?4,
                 white_ms = ?5, black_ms = ?6
             WHERE id = ?1",
            params![id, status::ADJOURNED, RECOVERED_REASON, now, white_ms, black_ms],
        )?;
    }
    Ok(live.len())
}

/// Every adjourned game, oldest first, with its moves.
pub fn load_all(conn: &Connection) -> rusqlite::Result<Vec<StoredGame>> {
    let mut stmt = conn.prepare(
        "SELECT id, white, black, white_account, black_account, white_rating, black_rating, minutes, inc,
             rated, start_fen, started_at, COALESCE(ended_at, started_at), white_ms, black_ms,
             COALESCE(reason, '')
         FROM games WHERE status = ?1 ORDER BY id",
    )?;
    let mut rows: Vec<StoredGame> = stmt
        .query_map([status::ADJOURNED], |r| {
            Ok(StoredGame {
                id: r.get(0)?,
                white: r.get(1)?,
                black: r.get(2)?,
                white_account: r.get(3)?,
                black_account: r.get(4)?,
                white_rating: r.get(5)?,
                black_rating: r.get(6)?,
                minutes: r.get(7)?,
                inc: r.get(8)?,
                rated: r.get(9)?,
                start_fen: r.get(10)?,
                started_at: r.get(11)?,
                adjourned_at: r.get(12)?,
                white_ms: r.get(13)?,
                black_ms: r.get(14)?,
                moves: Vec::new(),
                by_server: by_server(&r.get::<_, String>(15)?),
            })
        })?
        .collect::<Result<_, _>>()?;
    for row in &mut rows {
        row.moves = games::moves(conn, row.id)?;
    }
    Ok(rows)
}

/// Remembers who watched a game the shutdown adjourned (registered
/// observers by name), to offer it to them when it goes on.
pub fn save_watchers(conn: &Connection, game_id: i64, names: &[String]) -> rusqlite::Result<()> {
    let mut ins =
        conn.prepare_cached("INSERT OR IGNORE INTO game_watchers (game_id, name) VALUES (?1, ?2)")?;
    for name in names {
        ins.execute(params![game_id, name])?;
    }
    Ok(())
}

/// The watchers of every adjourned game, by game.
pub fn load_watchers(
    conn: &Connection,
) -> rusqlite::Result<std::collections::HashMap<i64, Vec<String>>> {
    let mut st = conn.prepare(
        "SELECT w.game_id, w.name FROM game_watchers w JOIN games g ON g.id = w.game_id
         WHERE g.status = ?1 ORDER BY w.game_id, w.name",
    )?;
    let mut out: std::collections::HashMap<i64, Vec<String>> = Default::default();
    let rows = st.query_map([status::ADJOURNED], |r| Ok((r.get(0)?, r.get(1)?)))?;
    for row in rows {
        let (id, name): (i64, String) = row?;
        out.entry(id).or_default().push(name);
    }
    Ok(out)
}

/// Forgets a game's watchers (it goes on, or it ended).
pub fn forget_watchers(conn: &Connection, game_id: i64) -> rusqlite::Result<()> {
    conn.execute("DELETE FROM game_watchers WHERE game_id = ?1", [game_id])?;
    Ok(())
}

/// Marks an adjourned game as being played again; false if it was not
/// adjourned (resumed or adjudicated meanwhile).
pub fn reopen(conn: &Connection, id: i64) -> rusqlite::Result<bool> {
    let n = conn.execute(
        "UPDATE games SET status = ?2, result = NULL, reason = NULL, end_code = NULL, ended_at = NULL
         WHERE id = ?1 AND status = ?3",
        params![id, status::LIVE, status::ADJOURNED],
    )?;
    Ok(n == 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::games::{Ending, NewGame, append_move, finish, insert_live};
    use crate::store::schema;

    fn db() -> Connection {
        schema::memory()
    }

    fn new_game(c: &Connection, id: i64) {
        let g = NewGame {
            id,
            white: "Alice".into(),
            black: "Bob".into(),
            white_account: None,
            black_account: None,
            white_rating: "----".into(),
            black_rating: "----".into(),
            minutes: 3,
            inc: 2,
            rated: false,
            start_fen: None,
            started_at: 100,
            clock_ms: 180_000,
        };
        insert_live(c, &g).unwrap();
    }

    fn mv(ply: u32, san: &str, uci: &str, w: i64, b: i64) -> MoveRow {
        MoveRow {
            ply,
            san: san.into(),
            uci: uci.into(),
            time_ms: 10,
            white_ms: w,
            black_ms: b,
        }
    }

    #[test]
    fn live_games_come_back_adjourned_with_their_last_clocks_and_finished_ones_stay() {
        let c = db();
        new_game(&c, 1);
        append_move(&c, 1, &mv(1, "e4", "e2e4", 180_000, 180_000)).unwrap();
        append_move(&c, 1, &mv(2, "e5", "e7e5", 180_000, 180_000)).unwrap();
        append_move(&c, 1, &mv(3, "Nf3", "g1f3", 175_500, 180_000)).unwrap();
        // A takeback left the games row's clocks ahead of the moves.
        append_move(&c, 1, &mv(4, "Nc6", "b8c6", 175_500, 171_000)).unwrap();
        games::truncate_moves(&c, 1, 3).unwrap();
        new_game(&c, 2);
        new_game(&c, 3);
        let end = Ending {
            status: status::FINISHED,
            result: "1-0".into(),
            reason: "Bob resigns".into(),
            code: "Res".into(),
            ended_at: 150,
            white_ms: 5,
            black_ms: 6,
        };
        finish(&c, 3, &end).unwrap();
        assert_eq!(recover_live(&c, 999).unwrap(), 2);
        assert_eq!(recover_live(&c, 1000).unwrap(), 0);
        let all = load_all(&c).unwrap();
        assert_eq!(all.len(), 2);
        assert_eq!(
            (all[0].white_ms, all[0].black_ms, all[0].moves.len()),
            (175_500, 180_000, 3)
        );
        assert_eq!(
            (all[1].white_ms, all[1].black_ms, all[1].moves.len()),
            (180_000, 180_000, 0)
        );
        assert_eq!(all[0].adjourned_at, 999);
        assert!(all[0].involves("BOB") && all[0].opponent_of("bob") == "Alice");
        let finished = games::get(&c, 3).unwrap().unwrap();
        assert_eq!(
            (finished.status.as_str(), finished.white_ms),
            ("finished", 5)
        );
        assert!(reopen(&c, 1).unwrap());
        assert!(!reopen(&c, 1).unwrap());
        assert_eq!(load_all(&c).unwrap().len(), 1);
    }
}
