//! Stored games written out for other programs: PGN (`atomicd export-pgn`),
//! with the computer analysis's `[%eval …]` after each move of an analysed
//! game.

use rusqlite::Connection;

use crate::chess::pgn::{self, PgnGame};
use crate::store::games::{self, GameRow};
use crate::timefmt::pgn_date;

/// Every finished game (of one player, or of everyone) as PGN.
pub fn pgn_games(conn: &Connection, player: Option<&str>, site: &str) -> rusqlite::Result<String> {
    let mut out = String::new();
    for row in games::finished(conn, player)? {
        let moves = games::moves(conn, row.id)?;
        let evals = evals(conn, row.id)?;
        out.push_str(&game_pgn(
            &row,
            moves.into_iter().map(|m| m.san).collect(),
            evals,
            site,
        ));
    }
    Ok(out)
}

/// The evaluation after each half-move of a game's finished computer
/// analysis, as `[%eval …]` writes it; empty when it has none.
pub fn evals(conn: &Connection, game_id: i64) -> rusqlite::Result<Vec<Option<String>>> {
    let done = crate::store::analysis::request(conn, game_id)?.is_some_and(|r| r.status == "done");
    if !done {
        return Ok(Vec::new());
    }
    Ok(crate::store::analysis::plies(conn, game_id)?
        .into_iter()
        .filter(|p| p.ply > 0)
        .map(|p| crate::analysis::judge::Eval::from_columns(p.cp, p.mate).map(|e| e.pgn()))
        .collect())
}

/// One stored game as PGN (`evals`: see [`evals`]).
pub fn game_pgn(
    row: &GameRow,
    sans: Vec<String>,
    evals: Vec<Option<String>>,
    site: &str,
) -> String {
    let mut out = String::new();
    let mut game = pgn_game(row, sans, site);
    game.evals = evals;
    pgn::write(&game, &mut out);
    out
}

/// A rating as a PGN Elo tag: only numbers count.
fn elo(shown: &str) -> String {
    let digits: String = shown.chars().take_while(char::is_ascii_digit).collect();
    digits
}

/// The start FEN for the PGN and the game's type word: an Atomic960 game
/// is stored with Shredder castling, and written with X-FEN (`KQkq`), as
/// docs/atomic960.md decided (what python-chess and chessops write).
fn start_of(row: &GameRow) -> (Option<String>, &'static str) {
    let Some(fen) = row.start_fen.as_deref() else {
        return (None, "atomic");
    };
    match crate::chess::AtomicGame::from_stored_fen(fen) {
        Ok(game) => (game.start_fen().map(str::to_string), game.variant().word()),
        Err(_) => (Some(fen.to_string()), "atomic"),
    }
}

fn pgn_game(row: &GameRow, sans: Vec<String>, site: &str) -> PgnGame {
    let (start_fen, variant) = start_of(row);
    PgnGame {
        event: format!(
            "{site} {} {variant} match",
            if row.rated { "rated" } else { "unrated" }
        ),
        site: site.to_string(),
        date: pgn_date(row.started_at),
        round: "-".to_string(),
        white: row.white.clone(),
        black: row.black.clone(),
        result: row.result.clone().unwrap_or_else(|| "*".to_string()),
        white_elo: elo(&row.white_rating),
        black_elo: elo(&row.black_rating),
        initial_secs: row.minutes * 60,
        increment_secs: row.inc,
        start_fen,
        sans,
        end_comment: row.reason.clone(),
        evals: Vec::new(),
    }
}

/// The games of tournament `id` as PGN, in the event's order: the event's
/// name in the Event tag, its round in the Round tag. Only games with a
/// result; `Ok(None)` when there is no such tournament.
pub fn pgn_tourney(conn: &Connection, id: i64, site: &str) -> rusqlite::Result<Option<String>> {
    let Some(event) = crate::store::tourneys::load(conn, id)? else {
        return Ok(None);
    };
    let mut out = String::new();
    for (round, game_id) in crate::store::tourneys::game_ids(conn, id)? {
        let Some(row) = games::get(conn, game_id)? else {
            continue;
        };
        if row.status != games::status::FINISHED {
            continue;
        }
        let moves = games::moves(conn, row.id)?;
        let mut game = pgn_game(&row, moves.into_iter().map(|m| m.san).collect(), site);
        game.evals = evals(conn, row.id)?;
        game.event = format!("{} (tourney #{id})", event.name);
        game.round = round.to_string();
        pgn::write(&game, &mut out);
    }
    Ok(Some(out))
}

/// Tournament `id` as FIDE TRF-16 (`Ok(None)` when there is none).
pub fn trf_tourney(conn: &Connection, id: i64) -> rusqlite::Result<Option<String>> {
    let Some(row) = crate::store::tourneys::load(conn, id)? else {
        return Ok(None);
    };
    let date = |t: Option<i64>| t.map(|t| pgn_date(t).replace('.', "/")).unwrap_or_default();
    let header = crate::tourney::trf::Header {
        name: row.name.clone(),
        start_date: date(row.started_at.or(Some(row.created_at))),
        end_date: date(row.finished_at),
        arbiter: row.created_by.clone(),
        time_control: format!("{}+{}", row.minutes, row.inc),
        ..Default::default()
    };
    let event = crate::world::tourneys::Event::from_row(
        row,
        tokio::time::Instant::now(),
        std::time::Duration::ZERO,
        |_| false,
    )
    .map_err(rusqlite::Error::InvalidParameterName)?;
    Ok(Some(crate::tourney::trf::write(&event.t, &header)))
}
