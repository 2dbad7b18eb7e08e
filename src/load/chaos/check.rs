//! After the last restart: the players' records against the database.
//!
//! Three properties, counted rather than timed:
//!
//! * every move a board acknowledged is stored, at its place: the stored
//!   moves of each game are the start of the line the players played, at
//!   least as long as what they saw acknowledged (a move may be stored and
//!   not yet acknowledged: the kill came between the commit and the board);
//! * one game per pair: the two accounts of a pair have exactly one row;
//! * each finished game's ratings were applied exactly once: both players'
//!   stored ratings are what one rated game from a new rating gives
//!   (`rating::after_game` at the row's end time), one win or loss each;
//!   an account whose game is not finished has no rated game.
//!
//! And `PRAGMA integrity_check` says `ok`.

use std::path::Path;

use rusqlite::Connection;
use serde::Serialize;

use super::pair;
use crate::rating::{GameResult, Rating, after_game};
use crate::store::{accounts, games, ratings};

/// What the check counted; [`Findings::holds`] when nothing is wrong.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Findings {
    /// Moves the players saw acknowledged, all games together.
    pub acked_moves: u64,
    /// Moves found in the database, all compared with the line.
    pub stored_moves: u64,
    /// Acknowledged moves the database does not have.
    pub lost_moves: u64,
    /// Stored moves that are not the line's move at their place.
    pub misplaced_moves: u64,
    /// Pairs with more than one game row.
    pub duplicated_games: u64,
    /// Pairs with no game row although they saw a board.
    pub missing_games: u64,
    /// Games the players saw end that are not finished in the database.
    pub unfinished_ends: u64,
    /// Finished games in the database.
    pub finished_games: u64,
    /// Accounts whose rating was compared with a replay.
    pub ratings_checked: u64,
    /// Accounts whose rating is not one game's worth of the replay.
    pub ratings_wrong: u64,
    pub integrity: String,
    /// The first few problems, in words.
    pub problems: Vec<String>,
}

impl Findings {
    pub fn holds(&self) -> bool {
        self.lost_moves == 0
            && self.misplaced_moves == 0
            && self.duplicated_games == 0
            && self.missing_games == 0
            && self.unfinished_ends == 0
            && self.ratings_wrong == 0
            && self.integrity == "ok"
    }

    fn problem(&mut self, what: String) {
        if self.problems.len() < 20 {
            self.problems.push(what);
        }
    }
}

/// What one pair's record says.
struct Acked {
    /// `(ply, uci)` in the order written.
    moves: Vec<(u32, String)>,
    ended: bool,
}

fn read_record(dir: &Path, i: usize) -> Result<Acked, String> {
    let path = pair::record_path(dir, i);
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut acked = Acked {
        moves: Vec::new(),
        ended: false,
    };
    for line in text.lines() {
        if line == "end" {
            acked.ended = true;
        } else if let Some((ply, uci)) = line.split_once(' ')
            && let Ok(ply) = ply.parse()
        {
            acked.moves.push((ply, uci.to_string()));
        } else {
            return Err(format!("{}: bad line {line:?}", path.display()));
        }
    }
    Ok(acked)
}

/// Compares the records of `games` pairs under `dir` with the database.
pub fn check(db: &Path, dir: &Path, pairs: usize, line: &[String]) -> Result<Findings, String> {
    let conn = crate::store::open_connection(db).map_err(|e| e.to_string())?;
    let mut f = Findings {
        integrity: conn
            .query_row("PRAGMA integrity_check", [], |r| r.get(0))
            .map_err(|e| e.to_string())?,
        ..Findings::default()
    };
    for i in 0..pairs {
        let acked = read_record(dir, i)?;
        check_pair(&conn, i, &acked, line, &mut f).map_err(|e| e.to_string())?;
    }
    Ok(f)
}

fn check_pair(
    conn: &Connection,
    i: usize,
    acked: &Acked,
    line: &[String],
    f: &mut Findings,
) -> rusqlite::Result<()> {
    let [wn, bn] = pair::names(i);
    f.acked_moves += acked.moves.len() as u64;
    let ids: Vec<i64> = conn
        .prepare("SELECT id FROM games WHERE white = ?1 AND black = ?2 ORDER BY id")?
        .query_map([&wn, &bn], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    if ids.len() > 1 {
        f.duplicated_games += 1;
        f.problem(format!("{wn}-{bn}: {} games {ids:?}", ids.len()));
    }
    let Some(&id) = ids.first() else {
        if !acked.moves.is_empty() || acked.ended {
            f.missing_games += 1;
            f.problem(format!("{wn}-{bn}: no game stored"));
        }
        return check_unrated(conn, &[wn, bn], f);
    };
    let stored = games::moves(conn, id)?;
    f.stored_moves += stored.len() as u64;
    for (k, m) in stored.iter().enumerate() {
        let place_ok = m.ply == k as u32 + 1;
        if !place_ok || line.get(k) != Some(&m.uci) {
            f.misplaced_moves += 1;
            f.problem(format!("game {id}: ply {} is {} at row {k}", m.ply, m.uci));
        }
    }
    for (ply, uci) in &acked.moves {
        let found = stored
            .get(*ply as usize - 1)
            .is_some_and(|m| &m.uci == uci && m.ply == *ply);
        if !found {
            f.lost_moves += 1;
            f.problem(format!(
                "game {id}: acknowledged ply {ply} {uci} not stored"
            ));
        }
    }
    let row = games::get(conn, id)?.expect("the row just found");
    let result = row.result.as_deref().and_then(GameResult::from_score);
    let finished = row.status == games::status::FINISHED;
    if acked.ended && !finished {
        f.unfinished_ends += 1;
        f.problem(format!("game {id}: seen ending, stored {}", row.status));
    }
    match (finished, result, row.ended_at) {
        (true, Some(result), Some(ended_at)) => {
            f.finished_games += 1;
            let (white, black) = after_game(&Rating::new(), &Rating::new(), result, ended_at);
            for (name, expected) in [(&wn, white), (&bn, black)] {
                check_rating(conn, name, Some(&expected), f)?;
            }
            Ok(())
        }
        _ => check_unrated(conn, &[wn, bn], f),
    }
}

fn check_unrated(conn: &Connection, names: &[String], f: &mut Findings) -> rusqlite::Result<()> {
    for name in names {
        check_rating(conn, name, None, f)?;
    }
    Ok(())
}

/// Compares `name`'s stored rating with `expected` (None: never rated).
fn check_rating(
    conn: &Connection,
    name: &str,
    expected: Option<&Rating>,
    f: &mut Findings,
) -> rusqlite::Result<()> {
    let Some(account) = accounts::find(conn, name)? else {
        f.ratings_wrong += 1;
        f.problem(format!("{name}: no account"));
        return Ok(());
    };
    let stored = ratings::load(conn, account.id)?;
    f.ratings_checked += 1;
    let fresh = Rating::new();
    let want = expected.unwrap_or(&fresh);
    let same = stored.wins == want.wins
        && stored.losses == want.losses
        && stored.draws == want.draws
        && stored.last_game == want.last_game
        && (stored.rating - want.rating).abs() < 1e-9
        && (stored.rd - want.rd).abs() < 1e-9;
    if !same {
        f.ratings_wrong += 1;
        f.problem(format!(
            "{name}: rating {stored:?}, one game gives {want:?}"
        ));
    }
    Ok(())
}
