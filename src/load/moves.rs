//! A line of quiet moves for load games: legal in atomic chess, no
//! captures (nothing explodes, no game ends), no checks, no castling or
//! promotions, and no position twice (no repetition claims). Built once by
//! our own rules with a fixed seed, so every run plays the same game.
//!
//! Every move is also legal, and no check, in normal chess: with no capture
//! the two games stand on the same board, so the same line plays on a FICS
//! server that knows no atomic (the C servers), as an unrated standard
//! game, and the load compares servers move for move.

use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Move, Position};

use crate::chess::{AtomicGame, Lang};

/// Whether `m` is legal and gives no check in normal chess from the
/// position of `game` (false where normal chess has no such position,
/// e.g. with the kings side by side).
fn quiet_in_normal_chess(game: &AtomicGame, m: Move) -> bool {
    let Ok(fen) = Fen::from_ascii(game.fen().as_bytes()) else {
        return false;
    };
    let Ok(chess) = fen.into_position::<Chess>(CastlingMode::Standard) else {
        return false;
    };
    chess.is_legal(m) && chess.play(m).is_ok_and(|after| !after.is_check())
}

/// Up to `plies` moves in coordinate form (`g1f3`); shorter only if the
/// walk runs out of fresh quiet moves.
pub fn quiet_line(plies: usize) -> Vec<String> {
    let mut game = AtomicGame::new();
    let mut seen = std::collections::HashSet::new();
    seen.insert(board_key(&game));
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut line = Vec::with_capacity(plies);
    while line.len() < plies {
        let candidates: Vec<(String, String)> = game
            .legal_moves()
            .iter()
            .filter(|m| !m.is_capture() && !m.is_castle() && !m.is_promotion())
            .filter(|m| quiet_in_normal_chess(&game, **m))
            .filter_map(|m| {
                let mut next = AtomicGame::from_fen(&game.fen()).ok()?;
                let played = next.play(*m).clone();
                let key = board_key(&next);
                let quiet = !played.san.ends_with('+')
                    && !played.san.ends_with('#')
                    && next.end().is_none();
                (quiet && !seen.contains(&key)).then_some((played.uci, key))
            })
            .collect();
        if candidates.is_empty() {
            break;
        }
        // Prefer piece moves; a pawn move now and then keeps the 50-move count low.
        let pawn_due = game.position().halfmoves() > 30;
        let pool: Vec<&(String, String)> = candidates
            .iter()
            .filter(|(uci, _)| {
                let from = &uci[..2];
                let is_pawn = game
                    .position()
                    .board()
                    .role_at(from.parse().unwrap_or(shakmaty::Square::A1))
                    == Some(shakmaty::Role::Pawn);
                is_pawn == pawn_due
            })
            .collect();
        let pool = if pool.is_empty() {
            candidates.iter().collect()
        } else {
            pool
        };
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let (uci, key) = pool[(seed % pool.len() as u64) as usize].clone();
        if game
            .play_input(&uci, Lang::En, shakmaty::Role::Queen)
            .is_err()
        {
            break;
        }
        seen.insert(key);
        line.push(uci);
    }
    line
}

/// The position without move counters (what repetition compares).
fn board_key(game: &AtomicGame) -> String {
    game.fen().split(' ').take(4).collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_line_is_long_legal_and_quiet() {
        let line = quiet_line(300);
        assert_eq!(line.len(), 300);
        let mut game = AtomicGame::new();
        for uci in &line {
            let played = game
                .play_input(uci, Lang::En, shakmaty::Role::Queen)
                .unwrap()
                .clone();
            assert!(
                !played.san.contains('x') && !played.san.contains('+'),
                "{}",
                played.san
            );
        }
        assert!(game.end().is_none() && game.draw_claim().is_none());
        assert_eq!(quiet_line(50), line[..50]);
    }

    #[test]
    fn the_line_is_legal_and_quiet_in_normal_chess_too() {
        let mut chess = Chess::default();
        for uci in quiet_line(300) {
            let m = uci
                .parse::<shakmaty::uci::UciMove>()
                .unwrap()
                .to_move(&chess)
                .unwrap_or_else(|e| panic!("{uci}: {e}"));
            assert!(!m.is_capture(), "{uci}");
            chess = chess.play(m).unwrap();
            assert!(!chess.is_check(), "{uci} gives check");
        }
        assert!(!chess.is_game_over());
    }
}
