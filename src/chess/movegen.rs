//! Atomic moves without the list of every legal move.
//!
//! shakmaty decides atomic legality by listing every pseudo-legal move and
//! playing each one on a copy of the board (an explosion can uncover or
//! remove anything). Listing them all after every ply, to learn whether
//! the game is over and to read the next typed move, was ~9,400 of the
//! ~60,000 instructions of a relayed ply (docs/PERFORMANCE.md). Here the
//! same pseudo-legal moves (those shakmaty's `Atomic::legal_moves` makes)
//! are made one at a time and tested with the same test, so that
//!
//! * [`has_legal_move`] stops at the first legal move (mate and stalemate
//!   need only to know whether there is one), and
//! * [`legal_between`] tests only the moves from and to the squares a typed
//!   move names (reading `Nf3` plays out knight moves to f3, not all 20).
//!
//! Castling is left to shakmaty (its rules in atomic, and in Chess960, are
//! its own): [`has_legal_move`] asks it only when no other move is legal,
//! and [`legal_between`] never gives a castle (the reader of typed moves
//! asks shakmaty's full list when the text may be one). shakmaty makes
//! castles from the position's castling rights alone, whichever mode read
//! them, so an Atomic960 game (read in `CastlingMode::Chess960`) needs
//! nothing here: its other moves are made as in atomic. The tests check
//! both functions against shakmaty's list on every position of random
//! games and of the perft suites, atomic and Atomic960.

use std::ops::ControlFlow;

use shakmaty::variant::Atomic;
use shakmaty::{Bitboard, Color, Move, MoveList, Position, Rank, Role, Square, attacks};

/// Whether the side to move has a legal move (castling included).
pub fn has_legal_move(pos: &Atomic) -> bool {
    let found = pseudo_legal(pos, Bitboard::FULL, Bitboard::FULL, &mut |m| {
        if is_legal(pos, m) {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    found.is_break() || pos.legal_moves().iter().any(|m| m.is_castle())
}

/// The legal moves, castles aside, from a square of `from` to a square of
/// `to` (an en passant capture goes to the square its pawn lands on).
pub fn legal_between(pos: &Atomic, from: Bitboard, to: Bitboard) -> MoveList {
    let mut moves = MoveList::new();
    let _ = pseudo_legal(pos, from, to, &mut |m| {
        if is_legal(pos, m) {
            moves.push(m);
        }
        ControlFlow::Continue(())
    });
    moves
}

/// shakmaty's test of an atomic move (the filter of `Atomic::legal_moves`):
/// after it, our king still stands, and either theirs is gone or ours is
/// not attacked (kings side by side never are: a king cannot capture).
fn is_legal(pos: &Atomic, m: Move) -> bool {
    let us = pos.turn();
    let mut after = pos.clone();
    after.play_unchecked(m);
    let board = after.board();
    match board.king_of(us) {
        Some(king) => {
            (board.kings() & board.by_color(!us)).is_empty()
                || after.king_attackers(king, !us, board.occupied()).is_empty()
        }
        None => false,
    }
}

/// Calls `f` with each pseudo-legal move from `from` to `to` that
/// shakmaty's atomic generator makes, castles aside, until it breaks.
fn pseudo_legal(
    pos: &Atomic,
    from: Bitboard,
    to: Bitboard,
    f: &mut impl FnMut(Move) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let board = pos.board();
    let us = pos.turn();
    let ours = board.by_color(us) & from;
    let occupied = board.occupied();
    // Pieces move to any square but their own; a king only to an empty
    // one (in atomic it cannot capture).
    let target = !board.by_color(us) & to;
    let normal = |role: Role, from: Square, to: Square, promotion: Option<Role>| Move::Normal {
        role,
        from,
        capture: board.role_at(to),
        to,
        promotion,
    };
    for sq in ours & board.knights() {
        for dest in attacks::knight_attacks(sq) & target {
            f(normal(Role::Knight, sq, dest, None))?;
        }
    }
    for sq in ours & board.kings() {
        for dest in attacks::king_attacks(sq) & !occupied & to {
            f(normal(Role::King, sq, dest, None))?;
        }
    }
    pawn_moves(pos, ours & board.pawns(), to, f)?;
    for sq in ours & board.bishops() {
        for dest in attacks::bishop_attacks(sq, occupied) & target {
            f(normal(Role::Bishop, sq, dest, None))?;
        }
    }
    for sq in ours & board.rooks() {
        for dest in attacks::rook_attacks(sq, occupied) & target {
            f(normal(Role::Rook, sq, dest, None))?;
        }
    }
    for sq in ours & board.queens() {
        for dest in attacks::queen_attacks(sq, occupied) & target {
            f(normal(Role::Queen, sq, dest, None))?;
        }
    }
    ControlFlow::Continue(())
}

/// The pawn moves of `pawns` to `to`: captures, pushes (one step or two
/// from the second rank), promotions to the four pieces shakmaty offers,
/// and the en passant capture of the position's en passant square.
fn pawn_moves(
    pos: &Atomic,
    pawns: Bitboard,
    to: Bitboard,
    f: &mut impl FnMut(Move) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let board = pos.board();
    let us = pos.turn();
    let them = board.by_color(!us);
    let occupied = board.occupied();
    let last = us.relative_rank(Rank::Eighth);
    let second = us.relative_rank(Rank::Second);
    let forward = |sq: Square| sq.offset(if us == Color::White { 8 } else { -8 });
    let mut emit = |from: Square, dest: Square| -> ControlFlow<()> {
        let capture = board.role_at(dest);
        if dest.rank() == last {
            for promotion in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                f(Move::Normal {
                    role: Role::Pawn,
                    from,
                    capture,
                    to: dest,
                    promotion: Some(promotion),
                })?;
            }
            ControlFlow::Continue(())
        } else {
            f(Move::Normal {
                role: Role::Pawn,
                from,
                capture,
                to: dest,
                promotion: None,
            })
        }
    };
    for from in pawns {
        for dest in attacks::pawn_attacks(us, from) & them & to {
            emit(from, dest)?;
        }
        let Some(one) = forward(from).filter(|sq| !occupied.contains(*sq)) else {
            continue;
        };
        if to.contains(one) {
            emit(from, one)?;
        }
        if from.rank() == second
            && let Some(two) = forward(one).filter(|sq| !occupied.contains(*sq))
            && to.contains(two)
        {
            emit(from, two)?;
        }
    }
    if let Some(ep) = pos.maybe_ep_square().filter(|sq| to.contains(*sq)) {
        for from in pawns & attacks::pawn_attacks(!us, ep) {
            f(Move::EnPassant { from, to: ep })?;
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    /// Our moves and shakmaty's, castles aside, as sorted UCI text.
    fn compare(pos: &Atomic) {
        let uci = |moves: &mut dyn Iterator<Item = Move>| {
            let mut v: Vec<String> = moves
                .map(|m| m.to_uci(CastlingMode::Standard).to_string())
                .collect();
            v.sort();
            v
        };
        let legal = pos.legal_moves();
        let theirs = uci(&mut legal.iter().copied().filter(|m| !m.is_castle()));
        let ours = uci(&mut legal_between(pos, Bitboard::FULL, Bitboard::FULL).into_iter());
        let fen = Fen::from_position(pos, shakmaty::EnPassantMode::Always);
        assert_eq!(ours, theirs, "{fen}");
        assert_eq!(has_legal_move(pos), !legal.is_empty(), "{fen}");
        // Restricted to one square each way, the same moves.
        for sq in [Square::F3, Square::E4, Square::D5, Square::G1, Square::E8] {
            let to = uci(&mut legal_between(pos, Bitboard::FULL, sq.into()).into_iter());
            let want: Vec<String> = theirs
                .iter()
                .filter(|u| u[2..4] == sq.to_string())
                .cloned()
                .collect();
            assert_eq!(to, want, "to {sq} in {fen}");
            let from = uci(&mut legal_between(pos, sq.into(), Bitboard::FULL).into_iter());
            let want: Vec<String> = theirs
                .iter()
                .filter(|u| u[0..2] == sq.to_string())
                .cloned()
                .collect();
            assert_eq!(from, want, "from {sq} in {fen}");
        }
    }

    /// The FENs of the `epd` lines of a perft file.
    fn epds(text: &str) -> impl Iterator<Item = String> + '_ {
        text.lines()
            .filter_map(|l| l.strip_prefix("epd "))
            .map(|epd| format!("{epd} 0 1"))
    }

    /// `fens` as positions read in `mode`, and every position one ply
    /// after each.
    fn with_replies(fens: &[String], mode: CastlingMode) -> Vec<Atomic> {
        let mut positions = Vec::new();
        for fen in fens {
            let setup = fen.parse::<Fen>().unwrap();
            // A few edge cases are positions shakmaty refuses as set-ups.
            let Ok(pos) = setup.into_position::<Atomic>(mode) else {
                continue;
            };
            for m in &pos.legal_moves() {
                let mut after = pos.clone();
                after.play_unchecked(*m);
                positions.push(after);
            }
            positions.push(pos);
        }
        positions
    }

    /// The positions of the perft suites and of the edge cases of
    /// tests/data/atomic, and every position one ply after each.
    fn suites() -> Vec<Atomic> {
        let mut fens: Vec<String> = epds(include_str!("../../tests/data/atomic/atomic.perft"))
            .chain(epds(include_str!(
                "../../tests/data/atomic/fairy-stockfish-atomic.perft"
            )))
            .collect();
        let cases = include_str!("../../tests/data/atomic/atomic-edge-cases.jsonl");
        for line in cases.lines().filter(|l| !l.trim().is_empty()) {
            let case: serde_json::Value = serde_json::from_str(line).unwrap();
            fens.push(case["fen"].as_str().unwrap().to_string());
        }
        with_replies(&fens, CastlingMode::Standard)
    }

    /// The Atomic960 perft positions of tests/data/atomic960 (start
    /// positions, the same with kings, rooks and pawns only, castling
    /// cases), read in Chess960 mode, and every position one ply after
    /// each.
    fn suites_960() -> Vec<Atomic> {
        let fens: Vec<String> = epds(include_str!(
            "../../tests/data/atomic960/python-chess-atomic960.perft"
        ))
        .chain(epds(include_str!(
            "../../tests/data/atomic960/fairy-stockfish-atomic960.perft"
        )))
        .collect();
        with_replies(&fens, CastlingMode::Chess960)
    }

    #[test]
    fn the_same_moves_as_shakmaty_in_the_test_suites() {
        let positions = suites();
        assert!(positions.len() > 500, "{} positions", positions.len());
        for pos in &positions {
            compare(pos);
        }
    }

    #[test]
    fn the_same_moves_as_shakmaty_in_the_atomic960_suites() {
        let positions = suites_960();
        assert!(positions.len() > 500, "{} positions", positions.len());
        // Castling is shakmaty's in Chess960 mode too: legal_between never
        // gives one, has_legal_move counts them (compare checks it against
        // shakmaty's list), and the suites do castle.
        let mut castles = 0;
        for pos in &positions {
            compare(pos);
            castles += pos.legal_moves().iter().filter(|m| m.is_castle()).count();
        }
        assert!(castles > 50, "{castles} castles");
    }

    /// Plays `games` random games from the positions `start` gives, comparing
    /// at every ply; says how many en passant captures, promotions, castles
    /// and ends the games saw among their legal moves.
    fn random_games(games: usize, mut start: impl FnMut(u64) -> Atomic) -> [usize; 4] {
        // A fixed generator: the same games every run.
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut seen = [0; 4];
        for _ in 0..games {
            let mut pos = start(next());
            for _ in 0..120 {
                compare(&pos);
                let legal = pos.legal_moves();
                seen[0] += legal.iter().filter(|m| m.is_en_passant()).count();
                seen[1] += legal.iter().filter(|m| m.is_promotion()).count();
                seen[2] += legal.iter().filter(|m| m.is_castle()).count();
                seen[3] += usize::from(legal.is_empty());
                if legal.is_empty() || pos.is_variant_end() {
                    break;
                }
                let m = legal[(next() % legal.len() as u64) as usize];
                pos.play_unchecked(m);
            }
        }
        seen
    }

    #[test]
    fn the_same_moves_as_shakmaty_along_random_games() {
        // What the games went through, so that the test is known to cover
        // the rare moves and the ends.
        let [en_passant, promotions, _, ends] = random_games(300, |_| Atomic::default());
        assert!(
            en_passant > 0 && promotions > 0 && ends > 0,
            "{en_passant} en passant, {promotions} promotions, {ends} ends"
        );
    }

    #[test]
    fn the_same_moves_as_shakmaty_along_random_atomic960_games() {
        // From random Chess960 start positions, castling by Chess960 rules.
        let [en_passant, promotions, castles, ends] = random_games(300, |x| {
            crate::chess::chess960::StartPosition::from_random(x).position()
        });
        assert!(
            en_passant > 0 && promotions > 0 && castles > 0 && ends > 0,
            "{en_passant} en passant, {promotions} promotions, {castles} castles, {ends} ends"
        );
    }
}
