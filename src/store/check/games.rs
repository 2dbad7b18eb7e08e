//! Games: every stored game replays, and every end agrees with the board.

use rusqlite::Connection;
use shakmaty::Color;

use super::Report;
use crate::chess::outcome::result_token;
use crate::chess::{AtomicGame, DrawClaim};
use crate::store::games::status;

/// A game's row, as far as the check needs it.
struct Row {
    id: i64,
    white: String,
    black: String,
    status: String,
    result: Option<String>,
    reason: Option<String>,
    code: Option<String>,
    start_fen: Option<String>,
}

impl Row {
    fn label(&self) -> String {
        format!("game {} ({} vs. {})", self.id, self.white, self.black)
    }
}

/// Checks every game and counts games and moves.
pub fn check(conn: &Connection, report: &mut Report) -> rusqlite::Result<()> {
    let mut games = conn.prepare(
        "SELECT id, white, black, status, result, reason, end_code, start_fen FROM games ORDER BY id",
    )?;
    let mut moves =
        conn.prepare("SELECT ply, san, uci FROM moves WHERE game_id = ?1 ORDER BY ply")?;
    let mut rows = games.query([])?;
    while let Some(r) = rows.next()? {
        let row = Row {
            id: r.get(0)?,
            white: r.get(1)?,
            black: r.get(2)?,
            status: r.get(3)?,
            result: r.get(4)?,
            reason: r.get(5)?,
            code: r.get(6)?,
            start_fen: r.get(7)?,
        };
        let list: Vec<(i64, String, String)> = moves
            .query_map([row.id], |m| Ok((m.get(0)?, m.get(1)?, m.get(2)?)))?
            .collect::<Result<_, _>>()?;
        report.counts.games += 1;
        report.counts.moves += list.len() as u64;
        for text in game_problems(&row, &list) {
            report.add("games", format!("{}: {text}", row.label()));
        }
    }
    Ok(())
}

/// What is wrong with one game and its moves (`(ply, san, uci)`).
fn game_problems(row: &Row, moves: &[(i64, String, String)]) -> Vec<String> {
    let mut out = Vec::new();
    if let Some((i, (ply, ..))) = moves
        .iter()
        .enumerate()
        .find(|(i, (ply, ..))| *ply != *i as i64 + 1)
    {
        out.push(format!(
            "its moves skip from half-move {i} to {ply}; the game cannot be replayed"
        ));
        return out;
    }
    let chess = match AtomicGame::replay_stored(
        row.start_fen.as_deref(),
        moves.iter().map(|(_, _, uci)| uci.as_str()),
    ) {
        Ok(chess) => chess,
        Err((ply, why)) => {
            out.push(format!("half-move {ply} does not replay: {why}"));
            return out;
        }
    };
    for (played, (ply, san, _)) in chess.moves().iter().zip(moves) {
        if played.san != *san {
            out.push(format!(
                "half-move {ply} is stored as {san} but the board makes it {}",
                played.san
            ));
        }
    }
    let result = row.result.as_deref().unwrap_or("");
    match row.status.as_str() {
        status::FINISHED => out.extend(end_problems(row, &chess)),
        status::ADJOURNED | status::ABORTED if result != "*" => {
            out.push(format!("it is {} but its result is {result:?}", row.status));
        }
        status::ADJOURNED => {
            if let Some(end) = chess.end() {
                out.push(format!(
                    "it is adjourned but already over on the board ({})",
                    end.reason(&row.white, &row.black)
                ));
            }
        }
        status::LIVE | status::ABORTED => {}
        other => out.push(format!("unknown status {other:?}")),
    }
    out
}

/// A finished game: its result and end code against the final position.
fn end_problems(row: &Row, chess: &AtomicGame) -> Vec<String> {
    let result = row.result.as_deref().unwrap_or("");
    let code = row.code.as_deref().unwrap_or("");
    let reason = row.reason.as_deref().unwrap_or("");
    if !["1-0", "0-1", "1/2-1/2"].contains(&result) {
        return vec![format!("it is finished but its result is {result:?}")];
    }
    let on_board = chess.end();
    if let Some(end) = on_board {
        // The move that ended the game by itself was its last.
        if code != end.code() || result != end.result() {
            return vec![format!(
                "the board shows {} ({} {}) but it is stored as {code} {result}",
                end.reason(&row.white, &row.black),
                end.code(),
                end.result()
            )];
        }
        return Vec::new();
    }
    let fits = |winner: Option<Color>| result == result_token(winner);
    let problem = match code {
        "Kex" | "Mat" | "Sta" | "NM" => Some(format!(
            "it is stored as {code} {result} but the board after the last move is not over"
        )),
        "Rep" | "50" => {
            let claim = match code {
                "Rep" => DrawClaim::Repetition,
                _ => DrawClaim::FiftyMoves,
            };
            if !fits(None) {
                Some(format!("a claimed draw ({code}) is stored as {result}"))
            } else if chess.draw_claim() != Some(claim) {
                Some(format!(
                    "{} was claimed where the board does not allow it",
                    claim.reason()
                ))
            } else {
                None
            }
        }
        "Agr" | "TM" => (!fits(None)).then(|| format!("a draw ({code}) is stored as {result}")),
        "Res" | "Fla" | "Dis" => {
            let loser = [Color::White, Color::Black].into_iter().find(|&c| {
                let name = if c == Color::White {
                    &row.white
                } else {
                    &row.black
                };
                reason.starts_with(&format!("{name} "))
            });
            match loser {
                None => Some(format!(
                    "{code}: the reason {reason:?} names neither player"
                )),
                Some(l) if !fits(Some(!l)) => Some(format!("{reason:?} is stored as {result}")),
                _ => None,
            }
        }
        "Adj" => None,
        "" => Some(format!("it is finished with {result} but has no end code")),
        other => Some(format!("unknown end code {other:?}")),
    };
    problem.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::AutoEnd;

    fn row(status: &str, result: &str, code: &str, reason: &str) -> Row {
        Row {
            id: 1,
            white: "Alice".into(),
            black: "Bob".into(),
            status: status.into(),
            result: Some(result.into()),
            reason: Some(reason.into()),
            code: Some(code.into()),
            start_fen: None,
        }
    }

    fn moves(line: &[(&str, &str)]) -> Vec<(i64, String, String)> {
        line.iter()
            .enumerate()
            .map(|(i, (san, uci))| (i as i64 + 1, san.to_string(), uci.to_string()))
            .collect()
    }

    const TRAP: &[(&str, &str)] = &[
        ("Nf3", "g1f3"),
        ("a6", "a7a6"),
        ("Ng5", "f3g5"),
        ("a5", "a6a5"),
        ("Nxf7#", "g5f7"),
    ];

    #[test]
    fn an_explosion_must_be_stored_as_one() {
        let m = moves(TRAP);
        let chess = AtomicGame::replay(None, m.iter().map(|x| x.2.as_str())).unwrap();
        assert!(matches!(chess.end(), Some(AutoEnd::KingExploded { .. })));
        let good = row("finished", "1-0", "Kex", "Bob's king exploded");
        assert_eq!(game_problems(&good, &m), Vec::<String>::new());
        let wrong = row("finished", "0-1", "Kex", "Bob's king exploded");
        assert_eq!(game_problems(&wrong, &m).len(), 1);
        let resigned = row("finished", "0-1", "Res", "Alice resigns");
        assert!(game_problems(&resigned, &m)[0].contains("the board shows Bob's king exploded"));
        let adjourned = row("adjourned", "*", "Adj", "");
        assert!(game_problems(&adjourned, &m)[0].contains("already over"));
    }

    #[test]
    fn resignations_flags_and_claims_are_checked_against_their_words() {
        let m = moves(&TRAP[..4]);
        let ok = |r: Row| game_problems(&r, &m).is_empty();
        assert!(ok(row("finished", "0-1", "Res", "Alice resigns")));
        assert!(!ok(row("finished", "1-0", "Res", "Alice resigns")));
        assert!(!ok(row("finished", "1-0", "Res", "Carol resigns")));
        assert!(ok(row("finished", "1-0", "Fla", "Bob forfeits on time")));
        assert!(ok(row(
            "finished",
            "1/2-1/2",
            "Agr",
            "Game drawn by mutual agreement"
        )));
        assert!(!ok(row(
            "finished",
            "1-0",
            "Agr",
            "Game drawn by mutual agreement"
        )));
        assert!(!ok(row(
            "finished",
            "1/2-1/2",
            "Rep",
            "Game drawn by repetition"
        )));
        assert!(!ok(row("finished", "1-0", "Mat", "Bob checkmated")));
        assert!(ok(row(
            "adjourned",
            "*",
            "Adj",
            "Game adjourned by server shutdown"
        )));
        assert!(!ok(row("finished", "1-0", "", "")));
        assert!(!ok(row("aborted", "1-0", "", "")));
    }

    #[test]
    fn a_repetition_on_the_board_may_be_claimed() {
        let line = [
            ("Nf3", "g1f3"),
            ("Nf6", "g8f6"),
            ("Ng1", "f3g1"),
            ("Ng8", "f6g8"),
            ("Nf3", "g1f3"),
            ("Nf6", "g8f6"),
            ("Ng1", "f3g1"),
            ("Ng8", "f6g8"),
        ];
        let m = moves(&line);
        let claim = row("finished", "1/2-1/2", "Rep", "Game drawn by repetition");
        assert_eq!(game_problems(&claim, &m), Vec::<String>::new());
        assert!(!game_problems(&claim, &m[..6]).is_empty());
    }

    #[test]
    fn illegal_gapped_or_misnamed_moves_are_found() {
        let mut m = moves(TRAP);
        m[2].2 = "f3f5".into();
        let r = row("finished", "1-0", "Kex", "Bob's king exploded");
        assert!(game_problems(&r, &m)[0].starts_with("half-move 3 does not replay"));
        let mut m = moves(TRAP);
        m.remove(1);
        assert!(game_problems(&r, &m)[0].contains("skip"));
        let mut m = moves(TRAP);
        m[0].1 = "Nh3".into();
        assert!(game_problems(&r, &m)[0].contains("stored as Nh3"));
    }
}
