//! Random legal atomic games, chosen by the fuzzer's bytes: the input of
//! the move, PGN and rendering checks.

use arbitrary::Unstructured;
use atomicd::chess::AtomicGame;

/// Where games start: the standard position, and set-up positions with
/// castling both ways, promotions, an en passant capture at once, Black to
/// move and a late move number (as `match … fen` and `bsetup` make them).
pub const STARTS: &[Option<&str>] = &[
    None,
    Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    Some("8/P6k/8/8/8/8/6Kp/8 b - - 0 31"),
    Some("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"),
    Some("r3k2r/1P4P1/8/8/8/8/1p4p1/R3K2R b KQkq - 7 40"),
];

/// A game from one of [`STARTS`] with up to `max_plies` legal half-moves,
/// stopping where the game ends by itself (as the server stops it).
pub fn random_game(
    u: &mut Unstructured<'_>,
    max_plies: usize,
) -> (AtomicGame, Option<&'static str>) {
    let start = STARTS[u.choose_index(STARTS.len()).unwrap_or(0)];
    let mut game = match start {
        None => AtomicGame::new(),
        Some(fen) => AtomicGame::from_fen(fen).expect("every start position is legal"),
    };
    let plies = u.int_in_range(0..=max_plies).unwrap_or(0);
    for _ in 0..plies {
        let legal = game.legal_moves();
        if game.end().is_some() || legal.is_empty() {
            break;
        }
        let mv = legal[u.choose_index(legal.len()).unwrap_or(0)];
        game.play(mv);
    }
    (game, start)
}
