//! Tournaments in the database: one row per event and the rows the pure
//! engine rebuilds its state from (players, games, byes).
//!
//! An event is small (tens of players, a few hundred games), so every
//! change writes the event whole, in one job and so one transaction:
//! delete its rows, insert them again. No partial state can be stored, and
//! there is only one write path to get right.

use rusqlite::{Connection, OptionalExtension, params};

use crate::tourney::{Bye, ByeKind, Game, GameResult, Player, PlayerId};

/// Everything stored about one event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EventRow {
    pub id: i64,
    pub name: String,
    /// `swiss`, `rr`, `arena` or `ko`.
    pub format: String,
    /// Rounds (Swiss), cycles (round robin) or games per match (knockout).
    pub param: u32,
    /// The length of an arena, in seconds.
    pub arena_secs: u64,
    pub minutes: u32,
    pub inc: u32,
    pub rated: bool,
    pub max_players: Option<u32>,
    pub min_rating: Option<i32>,
    pub seed: u64,
    pub created_by: String,
    pub created_at: i64,
    /// `open`, `running`, `finished` or `cancelled`.
    pub status: String,
    pub started_at: Option<i64>,
    /// When an arena ends (Unix time).
    pub ends_at: Option<i64>,
    pub finished_at: Option<i64>,
    pub players: Vec<Player>,
    /// Absences charged to each player, by player number.
    pub forfeits: Vec<(PlayerId, u32)>,
    pub games: Vec<Game>,
    /// The `games` row of each game, once it was started (same order).
    pub game_ids: Vec<Option<i64>>,
    /// The Atomic960 start (0–959) an arena's wave drew for each game
    /// (same order); `None` where the start follows from the seed.
    pub starts: Vec<Option<u16>>,
    pub byes: Vec<Bye>,
}

/// How a result is stored: the table form (`1-0`, `+:-`...).
pub fn result_word(r: GameResult) -> &'static str {
    r.as_str()
}

/// A stored result back; `None` for anything unknown.
pub fn parse_result(s: &str) -> Option<GameResult> {
    Some(match s {
        "1-0" => GameResult::WhiteWins,
        "0-1" => GameResult::BlackWins,
        "1/2-1/2" => GameResult::Draw,
        "+:-" => GameResult::WhiteWinsByForfeit,
        "-:+" => GameResult::BlackWinsByForfeit,
        _ => return None,
    })
}

fn bye_word(k: ByeKind) -> &'static str {
    match k {
        ByeKind::Full => "full",
        ByeKind::Half => "half",
        ByeKind::Zero => "zero",
    }
}

fn parse_bye(s: &str) -> ByeKind {
    match s {
        "half" => ByeKind::Half,
        "zero" => ByeKind::Zero,
        _ => ByeKind::Full,
    }
}

/// Writes an event whole (see the module doc).
pub fn save(conn: &Connection, e: &EventRow) -> rusqlite::Result<()> {
    conn.execute(
        "INSERT OR REPLACE INTO tourneys (id, name, format, param, arena_secs, minutes, inc, rated,
             max_players, min_rating, seed, created_by, created_at, status, started_at, ends_at, finished_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)",
        params![
            e.id,
            e.name,
            e.format,
            e.param,
            e.arena_secs as i64,
            e.minutes,
            e.inc,
            e.rated,
            e.max_players,
            e.min_rating,
            e.seed as i64,
            e.created_by,
            e.created_at,
            e.status,
            e.started_at,
            e.ends_at,
            e.finished_at
        ],
    )?;
    for table in ["tourney_players", "tourney_games", "tourney_byes"] {
        conn.execute(
            &format!("DELETE FROM {table} WHERE tourney_id = ?1"),
            [e.id],
        )?;
    }
    let mut ins = conn.prepare_cached(
        "INSERT INTO tourney_players (tourney_id, player_no, name, rating, joined, withdrawn, forfeits)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?;
    for p in &e.players {
        let forfeits = e
            .forfeits
            .iter()
            .find(|(id, _)| *id == p.id)
            .map_or(0, |(_, n)| *n);
        ins.execute(params![
            e.id,
            p.id.0,
            p.name,
            p.rating,
            p.joined,
            p.withdrawn,
            forfeits
        ])?;
    }
    let mut ins = conn.prepare_cached(
        "INSERT INTO tourney_games (tourney_id, seq, round, white_no, black_no, result, plies,
             berserk_white, berserk_black, finished_order, game_id, start_no)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
    )?;
    for (i, g) in e.games.iter().enumerate() {
        let game_id = e.game_ids.get(i).copied().flatten();
        // A game row may be gone (an account removed): keep the link only
        // while it points at something.
        let game_id = match game_id {
            Some(id) => conn
                .query_row("SELECT id FROM games WHERE id = ?1", [id], |r| {
                    r.get::<_, i64>(0)
                })
                .optional()?,
            None => None,
        };
        ins.execute(params![
            e.id,
            i as i64,
            g.round,
            g.white.0,
            g.black.0,
            g.result.map(result_word),
            g.plies,
            g.berserk_white,
            g.berserk_black,
            g.finished,
            game_id,
            e.starts.get(i).copied().flatten()
        ])?;
    }
    let mut ins = conn.prepare_cached(
        "INSERT OR REPLACE INTO tourney_byes (tourney_id, round, player_no, kind) VALUES (?1, ?2, ?3, ?4)",
    )?;
    for b in &e.byes {
        ins.execute(params![e.id, b.round, b.player.0, bye_word(b.kind)])?;
    }
    Ok(())
}

/// The highest event id so far.
pub fn max_id(conn: &Connection) -> rusqlite::Result<i64> {
    conn.query_row("SELECT COALESCE(MAX(id), 0) FROM tourneys", [], |r| {
        r.get(0)
    })
}

/// Every event, or only those not yet over (`open`, `running`).
pub fn load_all(conn: &Connection, active_only: bool) -> rusqlite::Result<Vec<EventRow>> {
    let sql = if active_only {
        "SELECT id FROM tourneys WHERE status IN ('open', 'running') ORDER BY id"
    } else {
        "SELECT id FROM tourneys ORDER BY id"
    };
    let ids: Vec<i64> = conn
        .prepare(sql)?
        .query_map([], |r| r.get(0))?
        .collect::<rusqlite::Result<_>>()?;
    let mut out = Vec::new();
    for id in ids {
        if let Some(e) = load(conn, id)? {
            out.push(e);
        }
    }
    Ok(out)
}

/// One event with all its rows.
pub fn load(conn: &Connection, id: i64) -> rusqlite::Result<Option<EventRow>> {
    let head = conn
        .query_row(
            "SELECT id, name, format, param, arena_secs, minutes, inc, rated, max_players, min_rating,
                 seed, created_by, created_at, status, started_at, ends_at, finished_at
             FROM tourneys WHERE id = ?1",
            [id],
            |r| {
                Ok(EventRow {
                    id: r.get(0)?,
                    name: r.get(1)?,
                    format: r.get(2)?,
                    param: r.get(3)?,
                    arena_secs: r.get::<_, i64>(4)?.max(0) as u64,
                    minutes: r.get(5)?,
                    inc: r.get(6)?,
                    rated: r.get(7)?,
                    max_players: r.get(8)?,
                    min_rating: r.get(9)?,
                    seed: r.get::<_, i64>(10)? as u64,
                    created_by: r.get(11)?,
                    created_at: r.get(12)?,
                    status: r.get(13)?,
                    started_at: r.get(14)?,
                    ends_at: r.get(15)?,
                    finished_at: r.get(16)?,
                    players: Vec::new(),
                    forfeits: Vec::new(),
                    games: Vec::new(),
                    game_ids: Vec::new(),
                    starts: Vec::new(),
                    byes: Vec::new(),
                })
            },
        )
        .optional()?;
    let Some(mut e) = head else { return Ok(None) };
    let mut q = conn.prepare(
        "SELECT player_no, name, rating, joined, withdrawn, forfeits FROM tourney_players
         WHERE tourney_id = ?1 ORDER BY player_no",
    )?;
    let rows = q.query_map([id], |r| {
        Ok((
            Player {
                id: PlayerId(r.get(0)?),
                name: r.get(1)?,
                rating: r.get(2)?,
                joined: r.get(3)?,
                withdrawn: r.get(4)?,
            },
            r.get::<_, u32>(5)?,
        ))
    })?;
    for row in rows {
        let (p, forfeits) = row?;
        e.forfeits.push((p.id, forfeits));
        e.players.push(p);
    }
    let mut q = conn.prepare(
        "SELECT round, white_no, black_no, result, plies, berserk_white, berserk_black,
             finished_order, game_id, start_no
         FROM tourney_games WHERE tourney_id = ?1 ORDER BY seq",
    )?;
    let rows = q.query_map([id], |r| {
        Ok((
            Game {
                round: r.get(0)?,
                white: PlayerId(r.get(1)?),
                black: PlayerId(r.get(2)?),
                result: r
                    .get::<_, Option<String>>(3)?
                    .as_deref()
                    .and_then(parse_result),
                plies: r.get(4)?,
                berserk_white: r.get(5)?,
                berserk_black: r.get(6)?,
                finished: r.get(7)?,
            },
            r.get::<_, Option<i64>>(8)?,
            r.get::<_, Option<u16>>(9)?,
        ))
    })?;
    for row in rows {
        let (g, game_id, start) = row?;
        e.games.push(g);
        e.game_ids.push(game_id);
        e.starts.push(start);
    }
    let mut q = conn.prepare(
        "SELECT round, player_no, kind FROM tourney_byes WHERE tourney_id = ?1 ORDER BY round, player_no",
    )?;
    let rows = q.query_map([id], |r| {
        Ok(Bye {
            round: r.get(0)?,
            player: PlayerId(r.get(1)?),
            kind: parse_bye(&r.get::<_, String>(2)?),
        })
    })?;
    for row in rows {
        e.byes.push(row?);
    }
    Ok(Some(e))
}

/// The database ids of an event's played games, in the event's order,
/// with their round.
pub fn game_ids(conn: &Connection, id: i64) -> rusqlite::Result<Vec<(u32, i64)>> {
    let mut q = conn.prepare(
        "SELECT round, game_id FROM tourney_games
         WHERE tourney_id = ?1 AND game_id IS NOT NULL ORDER BY seq",
    )?;
    q.query_map([id], |r| Ok((r.get(0)?, r.get(1)?)))?.collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::schema;

    #[test]
    fn an_event_survives_a_round_trip() {
        let c = schema::memory();
        let e = EventRow {
            id: 3,
            name: "Spring".into(),
            format: "swiss".into(),
            param: 3,
            arena_secs: 0,
            minutes: 3,
            inc: 2,
            rated: true,
            max_players: Some(8),
            min_rating: None,
            seed: u64::MAX - 5,
            created_by: "Boss".into(),
            created_at: 100,
            status: "running".into(),
            started_at: Some(120),
            ends_at: None,
            finished_at: None,
            players: vec![
                Player {
                    id: PlayerId(1),
                    name: "Alice".into(),
                    rating: 1600,
                    joined: 1,
                    withdrawn: None,
                },
                Player {
                    id: PlayerId(2),
                    name: "Bob".into(),
                    rating: 1500,
                    joined: 1,
                    withdrawn: Some(3),
                },
            ],
            forfeits: vec![(PlayerId(1), 0), (PlayerId(2), 2)],
            games: vec![Game {
                round: 1,
                white: PlayerId(1),
                black: PlayerId(2),
                result: Some(GameResult::BlackWinsByForfeit),
                plies: 0,
                berserk_white: false,
                berserk_black: true,
                finished: Some(0),
            }],
            game_ids: vec![None],
            starts: vec![Some(959)],
            byes: vec![Bye {
                round: 2,
                player: PlayerId(1),
                kind: ByeKind::Half,
            }],
        };
        save(&c, &e).unwrap();
        save(&c, &e).unwrap();
        assert_eq!(load(&c, 3).unwrap(), Some(e.clone()));
        assert_eq!(max_id(&c).unwrap(), 3);
        assert_eq!(load_all(&c, true).unwrap().len(), 1);
        let mut done = e;
        done.status = "finished".into();
        save(&c, &done).unwrap();
        assert!(load_all(&c, true).unwrap().is_empty());
        assert_eq!(load_all(&c, false).unwrap().len(), 1);
    }
}
