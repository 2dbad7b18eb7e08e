//! The atomic-chess core of atomicd: everything about a game that does not
//! touch a socket, a clock or a database, for atomic and for Atomic960
//! (atomic from the 960 Chess960 start positions, [`Variant`]).
//!
//! Move legality, explosions, check and mate come from shakmaty
//! (`shakmaty::variant::Atomic`), which matches the FICS atomic rules on
//! every published perft count. What shakmaty leaves to its caller is
//! decided here, in one place: how a user's typed move is read (FICS accepts
//! many forms), the FICS reason for a game end, claimed draws, strength
//! figures, and every text the server shows for a game (style 1 and style 12
//! boards, the `moves` list, PGN).
//!
//! Everything here is pure: values in, values out.

pub mod atomic;
pub mod board_setup;
pub mod chess960;
pub mod clock_text;
pub mod input;
pub mod lessons;
pub mod movegen;
pub mod movelist;
pub mod notation;
pub mod outcome;
pub mod pgn;
pub mod shared_lines;
pub mod snapshot;
pub mod style1;
pub mod style12;
pub mod variant;

pub use atomic::{AtomicGame, MoveError, PlayedMove, SetupError};
pub use chess960::StartPosition;
pub use input::looks_like_move;
pub use outcome::{AutoEnd, DrawClaim};
pub use snapshot::{BoardSnapshot, GameLabel, LastMove};
pub use variant::Variant;

/// The language a user reads and types chess in (`set lang en|fr`).
///
/// It changes the piece letters of the style-1 board and of the last move
/// shown in it, how typed SAN is read, and which help pages are shown.
/// Machine lines (`<12>`, move lists, PGN) are always English.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English: K Q R B N P.
    #[default]
    En,
    /// French: R (roi) D (dame) T (tour) F (fou) C (cavalier) P (pion).
    Fr,
}

impl Lang {
    /// Reads the value of `set lang`: `en` or `fr`, in any case.
    pub fn from_code(code: &str) -> Option<Lang> {
        if code.eq_ignore_ascii_case("en") {
            Some(Lang::En)
        } else if code.eq_ignore_ascii_case("fr") {
            Some(Lang::Fr)
        } else {
            None
        }
    }

    /// The code `set lang` takes and `variables` shows.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
        }
    }
}
