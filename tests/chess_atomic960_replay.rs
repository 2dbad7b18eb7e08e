//! Random Atomic960 games played by `AtomicGame` and replayed move for
//! move by python-chess (`chess.variant.AtomicBoard(fen, chess960=True)`,
//! through `scripts/atomic960_replay.py`): at every ply the FEN, the set of
//! legal moves and the SAN of the move played must be the same, and at
//! the end the result and how the game ended.
//!
//! Two games in three start from a random Chess960 start position; the
//! third from one whose first ranks lost a random part of their bishops,
//! knights and queen, so that castling comes early and often. Whenever a
//! castling is legal it is played one time in two.
//!
//! This test needs `python3` with python-chess (`pip install chess`) and
//! fails, saying so, when it is missing: it is never skipped.

mod chess_common;
mod python_chess;

use std::fmt::Write as _;

use atomicd::chess::{AtomicGame, StartPosition, Variant, notation};
use shakmaty::{Bitboard, CastlingMode, Role, fen::Fen};

const GAMES: u64 = 300;
const MAX_PLIES: usize = 120;

/// SplitMix64: a small, good, seeded generator, so that a failure can be
/// replayed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The start of game `index`.
fn start(index: u64, rng: &mut Rng) -> AtomicGame {
    let start = StartPosition::from_random(rng.next());
    if index % 3 != 2 {
        return AtomicGame::atomic960(start);
    }
    let mut setup = start.setup();
    for square in setup.board.occupied() & Bitboard::BACKRANKS {
        let role = setup.board.role_at(square).expect("occupied");
        if role != Role::King && role != Role::Rook && rng.below(2) == 0 {
            setup.board.discard_piece_at(square);
        }
    }
    let fen = Fen::try_from_setup(setup).expect("a start").to_string();
    AtomicGame::from_fen_in(Variant::Atomic960, &fen).expect("a start less some pieces")
}

struct Played {
    start_fen: String,
    ucis: Vec<String>,
    /// What python-chess should print for it, line by line.
    expected: Vec<String>,
}

fn legal_line(game: &AtomicGame) -> String {
    let mut legal: Vec<String> = game
        .legal_moves()
        .iter()
        .map(|&m| notation::uci_in(m, CastlingMode::Chess960))
        .collect();
    legal.sort();
    if legal.is_empty() {
        "-".to_owned()
    } else {
        legal.join(",")
    }
}

fn play(index: u64, rng: &mut Rng) -> Played {
    let mut game = start(index, rng);
    let start_fen = game.fen();
    let mut expected = Vec::new();
    let mut ucis = Vec::new();
    for ply in 0..=MAX_PLIES {
        let fen = game.fen();
        let legal = legal_line(&game);
        if game.end().is_some() || ply == MAX_PLIES {
            expected.push(format!("{ply} {fen} {legal} -"));
            break;
        }
        let moves = game.legal_moves().clone();
        let castles: Vec<_> = moves.iter().filter(|m| m.is_castle()).copied().collect();
        let mv = if !castles.is_empty() && rng.below(2) == 0 {
            castles[rng.below(castles.len())]
        } else {
            moves[rng.below(moves.len())]
        };
        let played = game.play(mv);
        expected.push(format!("{ply} {fen} {legal} {}", played.san));
        ucis.push(played.uci.clone());
    }
    let (result, termination) = match game.end() {
        None => ("*", "none"),
        Some(end) => (
            end.result(),
            match end {
                atomicd::chess::AutoEnd::KingExploded { .. } => "king_exploded",
                atomicd::chess::AutoEnd::Checkmate { .. } => "checkmate",
                atomicd::chess::AutoEnd::Stalemate => "stalemate",
                atomicd::chess::AutoEnd::NoMaterial => "insufficient_material",
            },
        ),
    };
    expected.push(format!("END {result} {termination}"));
    // Stored games replay from their UCI, castling as the king onto its
    // rook.
    let again = AtomicGame::replay_in(
        Variant::Atomic960,
        Some(&start_fen),
        ucis.iter().map(String::as_str),
    )
    .unwrap_or_else(|(ply, e)| panic!("game {index}: replay fails at {ply}: {e}"));
    assert_eq!(again.fen(), game.fen(), "game {index}: replayed");
    Played {
        start_fen,
        ucis,
        expected,
    }
}

#[test]
fn random_atomic960_games_agree_with_python_chess_move_for_move() {
    let mut rng = Rng(0x0960_a70c);
    let games: Vec<Played> = (0..GAMES).map(|i| play(i, &mut rng)).collect();
    let castlings: usize = games
        .iter()
        .map(|g| g.expected.iter().filter(|l| l.contains(" O-O")).count())
        .sum();
    assert!(
        castlings >= GAMES as usize / 2,
        "only {castlings} castlings"
    );
    // The seed gives 356 castlings in 22,412 plies, and games that end by
    // explosion (188), mate (13) and stalemate (1).
    for end in ["king_exploded", "checkmate", "stalemate"] {
        assert!(
            games
                .iter()
                .any(|g| g.expected.last().is_some_and(|l| l.ends_with(end))),
            "no game ends by {end}"
        );
    }

    let mut input = String::new();
    for g in &games {
        let _ = writeln!(input, "GAME {}\nMOVES {}", g.start_fen, g.ucis.join(" "));
    }
    let stdout = python_chess::run_script("atomic960_replay.py", &input);
    let mut theirs = stdout.lines();
    for (index, g) in games.iter().enumerate() {
        for ours in &g.expected {
            let line = theirs.next().unwrap_or("(nothing)");
            assert_eq!(
                line,
                ours,
                "game {index} from {} (moves {}): python-chess differs",
                g.start_fen,
                g.ucis.join(" ")
            );
        }
    }
    assert_eq!(theirs.next(), None, "python-chess printed more");
}
