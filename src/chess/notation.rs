//! How moves and pieces are written: piece letters per language, the
//! verbose move of style-12 field 27, UCI, and French SAN for display.

use std::borrow::Cow;

use shakmaty::{CastlingMode, CastlingSide, Move, Role, uci::UciMove};

use super::Lang;

/// The upper-case letter of a piece in `lang` (`N` in English, `C` in
/// French for a knight).
pub fn piece_letter(role: Role, lang: Lang) -> char {
    match lang {
        Lang::En => role.upper_char(),
        Lang::Fr => match role {
            Role::Pawn => 'P',
            Role::Knight => 'C',
            Role::Bishop => 'F',
            Role::Rook => 'T',
            Role::Queen => 'D',
            Role::King => 'R',
        },
    }
}

/// English SAN as the user reads it in `lang`: in French every piece letter
/// is translated (`Nxd5` → `Cxd5`, `e8=Q` → `e8=D`); castling, files and
/// check marks stay.
pub fn san_for_display(san: &str, lang: Lang) -> Cow<'_, str> {
    match lang {
        Lang::En => Cow::Borrowed(san),
        Lang::Fr => Cow::Owned(
            san.chars()
                .map(|c| match Role::from_char(c.to_ascii_lowercase()) {
                    // Only piece letters are upper case in SAN; `O` of
                    // castling is not a role letter.
                    Some(role) if c.is_ascii_uppercase() => piece_letter(role, Lang::Fr),
                    _ => c,
                })
                .collect(),
        ),
    }
}

/// The verbose move of style-12 field 27: `P/e2-e4`, `N/g1-f3`,
/// `P/e7-e8=Q`, `o-o`, `o-o-o`. An atomic capture is written as the plain
/// move (`N/e5-d7`); the board shows the explosion.
pub fn verbose(mv: Move) -> String {
    match mv {
        Move::Castle { .. } => match mv.castling_side() {
            Some(CastlingSide::QueenSide) => "o-o-o".to_owned(),
            _ => "o-o".to_owned(),
        },
        _ => {
            let mut s = String::with_capacity(9);
            s.push(mv.role().upper_char());
            s.push('/');
            if let Some(from) = mv.from() {
                s.push_str(from.as_str_ascii());
            }
            s.push('-');
            s.push_str(mv.to().as_str_ascii());
            if let Some(promotion) = mv.promotion() {
                s.push('=');
                s.push(promotion.upper_char());
            }
            s
        }
    }
}

/// The move in UCI with standard castling (`e1g1`), as PyChess and engines
/// write it.
pub fn uci(mv: Move) -> String {
    uci_in(mv, CastlingMode::Standard)
}

/// The move in UCI for a game castling in `mode`: with
/// `CastlingMode::Chess960` a castling is the king onto its rook (`b1a1`),
/// as engines with `UCI_Chess960` and python-chess's `chess960` boards
/// write it; every other move is the same in both.
pub fn uci_in(mv: Move, mode: CastlingMode) -> String {
    UciMove::from_move(mv, mode).to_string()
}

trait SquareAscii {
    fn as_str_ascii(&self) -> &'static str;
}

impl SquareAscii for shakmaty::Square {
    /// The square's name (`e4`) without formatting machinery.
    fn as_str_ascii(&self) -> &'static str {
        const NAMES: [&str; 64] = [
            "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "a2", "b2", "c2", "d2", "e2", "f2",
            "g2", "h2", "a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3", "a4", "b4", "c4", "d4",
            "e4", "f4", "g4", "h4", "a5", "b5", "c5", "d5", "e5", "f5", "g5", "h5", "a6", "b6",
            "c6", "d6", "e6", "f6", "g6", "h6", "a7", "b7", "c7", "d7", "e7", "f7", "g7", "h7",
            "a8", "b8", "c8", "d8", "e8", "f8", "g8", "h8",
        ];
        NAMES[self.to_usize()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::Square;

    #[test]
    fn french_san_translates_piece_letters_only() {
        assert_eq!(san_for_display("Nxd5", Lang::Fr), "Cxd5");
        assert_eq!(san_for_display("Qh4#", Lang::Fr), "Dh4#");
        assert_eq!(san_for_display("Kxe2", Lang::Fr), "Rxe2");
        assert_eq!(san_for_display("Rfe8", Lang::Fr), "Tfe8");
        assert_eq!(san_for_display("Bb5+", Lang::Fr), "Fb5+");
        assert_eq!(san_for_display("exd8=Q+", Lang::Fr), "exd8=D+");
        assert_eq!(san_for_display("O-O-O", Lang::Fr), "O-O-O");
        assert_eq!(san_for_display("bxc4", Lang::Fr), "bxc4");
        assert_eq!(san_for_display("Nxd5", Lang::En), "Nxd5");
    }

    #[test]
    fn verbose_moves_follow_style_12() {
        let push = Move::Normal {
            role: Role::Pawn,
            from: Square::E2,
            capture: None,
            to: Square::E4,
            promotion: None,
        };
        assert_eq!(verbose(push), "P/e2-e4");
        let promo = Move::Normal {
            role: Role::Pawn,
            from: Square::E7,
            capture: Some(Role::Rook),
            to: Square::D8,
            promotion: Some(Role::Knight),
        };
        assert_eq!(verbose(promo), "P/e7-d8=N");
        let short = Move::Castle {
            king: Square::E1,
            rook: Square::H1,
        };
        let long = Move::Castle {
            king: Square::E8,
            rook: Square::A8,
        };
        assert_eq!(verbose(short), "o-o");
        assert_eq!(verbose(long), "o-o-o");
        assert_eq!(uci(short), "e1g1");
        assert_eq!(uci(long), "e8c8");
        assert_eq!(uci_in(short, CastlingMode::Chess960), "e1h1");
        assert_eq!(uci_in(long, CastlingMode::Chess960), "e8a8");
        // A Chess960 long castling from b1: the king goes to c1, the rook
        // from a1 to d1. Standard UCI would write the king's one-square
        // step, which is also a king move; so Atomic960 writes b1a1.
        let from_b1 = Move::Castle {
            king: Square::B1,
            rook: Square::A1,
        };
        assert_eq!(verbose(from_b1), "o-o-o");
        assert_eq!(uci(from_b1), "b1c1");
        assert_eq!(uci_in(from_b1, CastlingMode::Chess960), "b1a1");
        let swap = Move::Castle {
            king: Square::G8,
            rook: Square::H8,
        };
        assert_eq!(verbose(swap), "o-o");
        let ep = Move::EnPassant {
            from: Square::D5,
            to: Square::E6,
        };
        assert_eq!(verbose(ep), "P/d5-e6");
    }
}
