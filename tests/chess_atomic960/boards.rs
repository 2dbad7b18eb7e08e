//! What GUIs and python-chess read of an Atomic960 game: the style-12
//! castling flags and last-move fields as FICS sends them for wild/fr
//! (xboard and PyChess read them so), style 1's last move, and PGN that
//! python-chess reads back to the same position (via
//! `scripts/pgn_final_fens.py`; it needs python3 with python-chess and
//! fails, saying so, without it).

use atomicd::chess::{AtomicGame, Lang, StartPosition, Variant, notation, pgn, style1, style12};
use shakmaty::{Move, Role};

fn fields(game: &AtomicGame) -> Vec<String> {
    let mut line = String::new();
    style12::render(
        &game.snapshot(7, "Alice", "Bob"),
        1,
        false,
        false,
        &mut line,
    );
    line.split_whitespace().map(str::to_owned).collect()
}

/// Style-12 fields 11–14 (White short, long, Black short, long).
fn flags(game: &AtomicGame) -> String {
    fields(game)[11..15].join(" ")
}

fn played(fen: &str, moves: &[&str]) -> AtomicGame {
    let mut game = AtomicGame::from_fen_in(Variant::Atomic960, fen).expect("fen");
    for m in moves {
        game.play_input(m, Lang::En, Role::Queen)
            .unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    game
}

#[test]
fn style12_castling_flags_are_per_side_of_the_king() {
    // Every start: both rooks of both sides may castle.
    for n in [0, 518, 709, 959] {
        let game = AtomicGame::atomic960(StartPosition::new(n).unwrap());
        assert_eq!(flags(&game), "1 1 1 1", "SP {n}");
    }
    // SP 518 in Atomic960 draws the same board as atomic.
    let mut line960 = String::new();
    let mut line = String::new();
    let game960 = AtomicGame::atomic960(StartPosition::STANDARD);
    style12::render(&game960.snapshot(1, "a", "b"), 0, false, true, &mut line960);
    style12::render(
        &AtomicGame::new().snapshot(1, "a", "b"),
        0,
        false,
        true,
        &mut line,
    );
    assert_eq!(line960, line);

    // SP 15 stripped, king e1 between rooks d1 and f1: the f1 rook moves,
    // White keeps the long castling (the rook on its a-side).
    let rook_moved = played(
        "3rkr2/pppppppp/8/8/8/8/PPPPPPPP/3RKR2 w KQkq - 0 1",
        &["Rg1"],
    );
    assert_eq!(
        rook_moved.fen(),
        "3rkr2/pppppppp/8/8/8/8/PPPPPPPP/3RK1R1 b Qkq - 1 1"
    );
    assert_eq!(flags(&rook_moved), "0 1 1 1");
    // Black's king moves: both its flags go.
    let king_moved = played(
        "3rkr2/pppp1ppp/8/8/8/8/PPPPPPPP/3RK1R1 b Qkq - 1 1",
        &["Ke8-e7"],
    );
    assert_eq!(
        king_moved.fen(),
        "3r1r2/ppppkppp/8/8/8/8/PPPPPPPP/3RK1R1 w Q - 2 2"
    );
    assert_eq!(flags(&king_moved), "0 1 0 0");
}

#[test]
fn style12_and_style1_show_a_castling_as_fics_does() {
    // SP 709 stripped: O-O-O takes the king from b1 to c1 and the rook
    // from a1 to d1; b1a1 typed as xboard's o-o-o or a GUI's king on rook.
    for input in ["o-o-o", "b1a1"] {
        let game = played("rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1", &[input]);
        let f = fields(&game);
        // Fields 1-8 are the ranks from 8 to 1.
        assert_eq!(
            f[1..9].join("/"),
            "rk-----r/pppppppp/--------/--------/--------/--------/PPPPPPPP/--KR---R"
        );
        assert_eq!(flags(&game), "0 0 1 1");
        // Last move: verbose, time, SAN.
        assert_eq!(&f[27..30], ["o-o-o", "(0:00)", "O-O-O"]);
        let mut board = String::new();
        style1::render(
            &game.snapshot(7, "Alice", "Bob"),
            false,
            Lang::Fr,
            &mut board,
        );
        assert!(board.contains("White Moves : 'O-O-O   (0:00)'"), "{board}");
    }
    // Black's swap castling in SP 3 stripped: o-o, O-O.
    let game = played(
        "4rkr1/pppppppp/8/8/8/8/PPPPPPPP/4RKR1 b KQkq - 0 1",
        &["O-O"],
    );
    let f = fields(&game);
    assert_eq!(f[1], "----rrk-");
    assert_eq!(flags(&game), "1 1 0 0");
    assert_eq!(&f[27..30], ["o-o", "(0:00)", "O-O"]);
}

/// Plays from `game`, for `plies` half-moves: a castling when there is
/// one, else a move of a piece other than the king and rooks off its
/// first rank, else a pawn move; never a capture when there is another move;
/// the first in UCI order among equals.
fn castle_early(mut game: AtomicGame, plies: usize) -> AtomicGame {
    for _ in 0..plies {
        if game.end().is_some() {
            break;
        }
        let mut moves: Vec<_> = game.legal_moves().iter().copied().collect();
        let first_rank = game.turn().backrank();
        let home = |m: Move| {
            m.from().is_some_and(|sq| sq.rank() == first_rank)
                && m.to().rank() != first_rank
                && !matches!(m.role(), Role::King | Role::Rook)
        };
        moves.sort_by_key(|&m| {
            (
                m.is_capture(),
                !m.is_castle(),
                !home(m),
                m.role() != Role::Pawn,
                notation::uci(m),
            )
        });
        game.play(moves[0]);
    }
    game
}

fn record(game: &AtomicGame, result: &str) -> String {
    let data = pgn::PgnGame {
        event: "atomicd unrated atomic960 game".to_owned(),
        site: "atomicd test".to_owned(),
        date: "2025.11.29".to_owned(),
        round: "-".to_owned(),
        white: "Alice".to_owned(),
        black: "Bob".to_owned(),
        result: result.to_owned(),
        white_elo: String::new(),
        black_elo: String::new(),
        initial_secs: 180,
        increment_secs: 0,
        start_fen: game.start_fen().map(str::to_owned),
        sans: game.moves().iter().map(|m| m.san.clone()).collect(),
        end_comment: None,
        evals: Vec::new(),
    };
    let mut out = String::new();
    pgn::write(&data, &mut out);
    out
}

#[test]
fn python_chess_reads_our_atomic960_pgn_to_the_same_positions() {
    let mut games = Vec::new();
    for n in [0, 3, 74, 249, 518, 631, 709, 959] {
        let game = castle_early(AtomicGame::atomic960(StartPosition::new(n).unwrap()), 60);
        assert!(
            game.start_fen().is_some(),
            "an Atomic960 game names its start"
        );
        games.push(game);
    }
    for fen in [
        "rkr5/pppppppp/8/8/8/8/PPPPPPPP/RKR5 w KQkq - 0 1",
        "2rk3r/pppppppp/8/8/8/8/PPPPPPPP/2RK3R w KQkq - 0 1",
        "4r3/8/8/8/8/8/3k4/R3K2R w KQ - 0 1",
        "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 b KQkq - 0 1",
    ] {
        games.push(castle_early(played(fen, &[]), 40));
    }
    let castled = games
        .iter()
        .filter(|g| g.moves().iter().any(|m| m.san.starts_with("O-O")))
        .count();
    assert!(castled >= 10, "only {castled} of the games castle");
    let texts: Vec<String> = games.iter().map(|g| record(g, "*")).collect();
    assert!(texts[0].contains("[Variant \"Atomic\"]\n[SetUp \"1\"]\n[FEN \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\"]\n"), "{}", texts[0]);

    let stdout = crate::python_chess::run_script("pgn_final_fens.py", &texts.concat());
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), games.len(), "one line per game:\n{stdout}");
    for ((game, text), line) in games.iter().zip(&texts).zip(lines) {
        let want = format!("AtomicBoard {} {}", game.fen(), game.moves().len());
        assert_eq!(
            line, want,
            "python-chess read this PGN differently:\n{text}"
        );
    }
}
