//! A line of quiet moves for load games: legal in atomic chess, no
//! captures (nothing explodes, no game ends), no checks, no castling or
//! promotions, and no position twice (no repetition claims). Built once by
//! our own rules with a fixed seed, so every run plays the same game.

use shakmaty::Position;

use crate::chess::{AtomicGame, Lang};

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
}
