//! PGN that python-chess's atomic reader reads back to the same final
//! position (via `scripts/pgn_final_fens.py`).
//!
//! This test needs `python3` with python-chess (`pip install chess`) and
//! fails, saying so, when it is missing: it is never skipped.

mod chess_common;
mod python_chess;

use atomicd::chess::{AtomicGame, Lang, pgn};
use chess_common::{data_text, read_fics_games};
use shakmaty::Role;

fn record(
    game: &AtomicGame,
    white: &str,
    black: &str,
    result: &str,
    comment: Option<&str>,
) -> String {
    let data = pgn::PgnGame {
        event: "atomicd unrated atomic game".to_owned(),
        site: "atomicd test".to_owned(),
        date: "2025.11.29".to_owned(),
        round: "-".to_owned(),
        white: white.to_owned(),
        black: black.to_owned(),
        result: result.to_owned(),
        white_elo: "1500".to_owned(),
        black_elo: String::new(),
        initial_secs: 180,
        increment_secs: 0,
        start_fen: game.start_fen().map(str::to_owned),
        sans: game.moves().iter().map(|m| m.san.clone()).collect(),
        end_comment: comment.map(str::to_owned),
        evals: Vec::new(),
    };
    let mut out = String::new();
    pgn::write(&data, &mut out);
    out
}

fn played(start: Option<&str>, moves: &[&str]) -> AtomicGame {
    let mut game = match start {
        Some(fen) => AtomicGame::from_fen(fen).expect("fen"),
        None => AtomicGame::new(),
    };
    for m in moves {
        game.play_input(m, Lang::En, Role::Queen)
            .unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    game
}

#[test]
fn python_chess_reads_our_pgn_to_the_same_positions() {
    let mut games: Vec<(AtomicGame, String)> = Vec::new();
    let trap = played(None, &["Nf3", "a6", "Ng5", "a5", "Nxf7"]);
    let text = record(&trap, "Alice", "Bob", "1-0", Some("Bob's king exploded"));
    games.push((trap, text));
    let check = played(Some("6r1/8/8/8/2B5/7q/p7/1k5K w - - 0 1"), &["Bxa2"]);
    let text = record(&check, "Alice", "Bob", "1-0", Some("Bob's king exploded"));
    games.push((check, text));
    let black_first = played(
        Some("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R b KQkq - 4 12"),
        &["O-O-O", "O-O", "Kb8", "a4", "d5", "Rfd1"],
    );
    let text = record(&black_first, "Alice", "Bob", "*", None);
    games.push((black_first, text));
    let promotion = played(Some("3r3k/4P3/8/8/8/8/8/K7 w - - 0 1"), &["exd8=N"]);
    let text = record(
        &promotion,
        "Alice",
        "Bob",
        "1/2-1/2",
        Some("Neither player has mating material"),
    );
    games.push((promotion, text));
    let fics = read_fics_games(&data_text("atomic/fics-atomic-games-2005.pgn"));
    for fics_game in fics {
        let moves: Vec<&str> = fics_game.sans.iter().map(String::as_str).collect();
        let game = played(None, &moves);
        let text = record(
            &game,
            "grogers",
            "siggemannen",
            "*",
            Some("a \"quoted\" {comment}"),
        );
        games.push((game, text));
    }

    let input: String = games.iter().map(|(_, text)| text.as_str()).collect();
    let stdout = python_chess::run_script("pgn_final_fens.py", &input);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), games.len(), "one line per game:\n{stdout}");
    for ((game, text), line) in games.iter().zip(lines) {
        let want = format!("AtomicBoard {} {}", game.fen(), game.moves().len());
        assert_eq!(
            line, want,
            "python-chess read this PGN differently:\n{text}"
        );
    }
}
