//! Stored games written out for other programs: PGN (`atomicd export-pgn`).

use rusqlite::Connection;

use crate::chess::pgn::{self, PgnGame};
use crate::store::games::{self, GameRow};
use crate::timefmt::pgn_date;

/// Every finished game (of one player, or of everyone) as PGN.
pub fn pgn_games(conn: &Connection, player: Option<&str>, site: &str) -> rusqlite::Result<String> {
    let mut out = String::new();
    for row in games::finished(conn, player)? {
        let moves = games::moves(conn, row.id)?;
        pgn::write(
            &pgn_game(&row, moves.into_iter().map(|m| m.san).collect(), site),
            &mut out,
        );
    }
    Ok(out)
}

/// A rating as a PGN Elo tag: only numbers count.
fn elo(shown: &str) -> String {
    let digits: String = shown.chars().take_while(char::is_ascii_digit).collect();
    digits
}

fn pgn_game(row: &GameRow, sans: Vec<String>, site: &str) -> PgnGame {
    PgnGame {
        event: format!(
            "{site} {} atomic match",
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
        start_fen: row.start_fen.clone(),
        sans,
        end_comment: row.reason.clone(),
    }
}
