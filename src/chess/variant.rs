//! The rules a game is played by: atomic from the standard position, or
//! Atomic960, atomic from one of the 960 Chess960 start positions.
//!
//! Both are the same atomic rules (explosions, check, mate: shakmaty's
//! `Atomic`); they differ only in castling. Atomic960 castles the Chess960
//! way: the king and rook end on the usual squares (c/d or g/f), the move
//! is the king's onto its own rook inside (shakmaty's
//! `CastlingMode::Chess960`), and it is written and stored that way
//! (`O-O`, UCI `b1a1`). See docs/atomic960.md.

use shakmaty::CastlingMode;

/// Which rules a game follows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Variant {
    /// FICS atomic, from the standard position or a set-up one with
    /// standard castling (king on e1/e8, rooks in the corners).
    #[default]
    Atomic,
    /// Atomic from a Chess960 start, castling the Chess960 way.
    Atomic960,
}

impl Variant {
    /// How shakmaty reads castling rights and writes castling in UCI.
    pub fn castling_mode(self) -> CastlingMode {
        match self {
            Variant::Atomic => CastlingMode::Standard,
            Variant::Atomic960 => CastlingMode::Chess960,
        }
    }

    /// The type word of the FICS lines and of `match`/`seek` (`atomic`,
    /// `atomic960`).
    pub fn word(self) -> &'static str {
        match self {
            Variant::Atomic => "atomic",
            Variant::Atomic960 => "atomic960",
        }
    }

    /// The type letter of the `games` and `history` columns: FICS's `x`
    /// for atomic; Atomic960 has no FICS letter and takes `X` (no FICS
    /// type uses it; upper case for another atomic, as FICS's `S`, `L`,
    /// `B` are for its other variants; help games says so).
    pub fn type_letter(self) -> char {
        match self {
            Variant::Atomic => 'x',
            Variant::Atomic960 => 'X',
        }
    }

    /// The variant a type word names, in any case. Only the two canonical
    /// words: which other spellings `match` and `seek` accept is the
    /// command layer's choice.
    pub fn from_word(word: &str) -> Option<Variant> {
        [Variant::Atomic, Variant::Atomic960]
            .into_iter()
            .find(|v| v.word().eq_ignore_ascii_case(word))
    }

    /// The variant of a stored or set-up start FEN: Atomic960 when its
    /// castling field names a rook by its file (Shredder-FEN, `HAha`; the
    /// server stores every Atomic960 start so, see
    /// [`super::StartPosition::shredder_fen`]), atomic otherwise: an atomic
    /// position's rights are always `KQkq` or fewer, as shakmaty writes
    /// them, so no stored atomic game reads as Atomic960.
    pub fn of_start_fen(fen: &str) -> Variant {
        let castling = fen.split_whitespace().nth(2).unwrap_or("-");
        if castling
            .chars()
            .any(|c| matches!(c.to_ascii_lowercase(), 'a'..='h'))
        {
            Variant::Atomic960
        } else {
            Variant::Atomic
        }
    }

    /// The PGN `Variant` tag. It is `Atomic` for both: python-chess, lichess
    /// (scalachess, chessops) and pychess know no `Atomic960` and would read
    /// such a game as standard chess, while with `Atomic` and a `FEN` tag
    /// they all play its castling right (python-chess turns Chess960
    /// castling on when the FEN's rights need it). An Atomic960 game always
    /// has its start FEN ([`AtomicGame::start_fen`]) for that tag.
    ///
    /// [`AtomicGame::start_fen`]: super::AtomicGame::start_fen
    pub fn pgn_tag(self) -> &'static str {
        "Atomic"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_round_trip_in_any_case() {
        for v in [Variant::Atomic, Variant::Atomic960] {
            assert_eq!(Variant::from_word(v.word()), Some(v));
            assert_eq!(Variant::from_word(&v.word().to_uppercase()), Some(v));
        }
        assert_eq!(Variant::from_word("Atomic960"), Some(Variant::Atomic960));
        for other in ["", "atomic 960", "960", "chess960", "wild/fr", "atomic9600"] {
            assert_eq!(Variant::from_word(other), None, "{other:?}");
        }
        assert_eq!(Variant::default(), Variant::Atomic);
        assert_eq!(Variant::Atomic960.castling_mode(), CastlingMode::Chess960);
        assert_eq!(Variant::Atomic.castling_mode(), CastlingMode::Standard);
        assert_eq!(Variant::Atomic960.pgn_tag(), "Atomic");
    }

    #[test]
    fn the_stored_start_tells_the_variant() {
        use crate::chess::StartPosition;
        let standard = StartPosition::new(518).unwrap();
        assert!(standard.shredder_fen().contains(" w HAha - 0 1"));
        assert_eq!(
            Variant::of_start_fen(&standard.shredder_fen()),
            Variant::Atomic960
        );
        assert_eq!(Variant::of_start_fen(&standard.fen()), Variant::Atomic);
        assert_eq!(
            Variant::of_start_fen("8/8/8/8/8/8/8/K6k w - - 0 1"),
            Variant::Atomic
        );
        assert_eq!(Variant::of_start_fen("junk"), Variant::Atomic);
        for start in StartPosition::all() {
            let fen = start.shredder_fen();
            assert_eq!(Variant::of_start_fen(&fen), Variant::Atomic960);
            let game = crate::chess::AtomicGame::from_fen_in(Variant::Atomic960, &fen).unwrap();
            assert_eq!(game.fen(), start.fen(), "{}", start.number());
        }
    }
}
