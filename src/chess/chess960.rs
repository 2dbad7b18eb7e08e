//! The 960 start positions of Chess960, numbered 0–959 as the Chess960
//! literature numbers them (Reinhard Scharnagl's scheme; 518 is the
//! standard RNBQKBNR), which Atomic960 plays from.
//!
//! A [`StartPosition`] is only ever one of the 960: the number is checked
//! once, when it is made, so a board built from it is always a valid
//! Chess960 start (bishops on opposite colours, the king between the
//! rooks, Black mirroring White). Going from a number to the pieces is
//! shakmaty's [`Board::chess960`]; going back, from a board or a FEN to its
//! number, is [`StartPosition::from_back_rank`] and friends here, so that a
//! set-up or imported game can be recognised as "position 123".

use std::fmt;
use std::str::FromStr;

use shakmaty::{
    Bitboard, Board, CastlingMode, Color, EnPassantMode, File, Piece, Rank, Role, Setup, Square,
    fen::Fen, variant::Atomic,
};

/// One of the 960 Chess960 start positions, by its Scharnagl number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StartPosition(u16);

/// Why a text is not a Chess960 number: not digits, or above 959.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadNumber;

impl fmt::Display for BadNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a Chess960 position is a number from 0 to 959")
    }
}

impl std::error::Error for BadNumber {}

/// The knights' places among the five squares left after the bishops and
/// the queen, in Scharnagl's order (his "KRN" table: `NN---` is 0, `---NN`
/// is 9).
const KNIGHTS: [(usize, usize); 10] = [
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (1, 2),
    (1, 3),
    (1, 4),
    (2, 3),
    (2, 4),
    (3, 4),
];

impl StartPosition {
    /// How many there are.
    pub const COUNT: u16 = 960;

    /// Number 518: the standard position, RNBQKBNR.
    pub const STANDARD: StartPosition = StartPosition(518);

    /// The position with this number, if it is one (0–959).
    pub fn new(number: u32) -> Option<StartPosition> {
        u16::try_from(number)
            .ok()
            .filter(|&n| n < Self::COUNT)
            .map(StartPosition)
    }

    /// Its number, 0–959.
    pub fn number(self) -> u16 {
        self.0
    }

    /// Every start position, from 0 to 959.
    pub fn all() -> impl Iterator<Item = StartPosition> {
        (0..Self::COUNT).map(StartPosition)
    }

    /// The position a random 64-bit number picks, each of the 960 with the
    /// same chance (the bias of `x % 960` over 2^64 values is below 10^-16).
    pub fn from_random(x: u64) -> StartPosition {
        // The remainder is below 960, so it fits.
        StartPosition((x % u64::from(Self::COUNT)) as u16)
    }

    /// A position drawn at random (from [`crate::random`], seeded by the
    /// operating system): what `seek 3 0 atomic960` plays.
    pub fn random() -> StartPosition {
        Self::from_random(crate::random::u64())
    }

    /// The pieces of White's first rank, from the a-file to the h-file
    /// (Black's eighth rank is the same).
    pub fn back_rank(self) -> [Role; 8] {
        let board = Board::chess960(u32::from(self.0));
        File::ALL.map(|file| {
            board
                .role_at(Square::from_coords(file, Rank::First))
                .expect("a Chess960 first rank is full")
        })
    }

    /// The first rank as letters, `RNBQKBNR` for 518.
    pub fn letters(self) -> String {
        self.back_rank().iter().map(|r| r.upper_char()).collect()
    }

    /// The whole start: pieces, White to move, all four castling rights
    /// (the rooks on either side of each king), no en passant, move 1.
    pub fn setup(self) -> Setup {
        let board = Board::chess960(u32::from(self.0));
        let castling_rights = board.rooks() & Bitboard::BACKRANKS;
        Setup {
            board,
            castling_rights,
            ..Setup::initial()
        }
    }

    /// The start as an atomic position with Chess960 castling.
    pub fn position(self) -> Atomic {
        self.setup()
            .position(CastlingMode::Chess960)
            .expect("every Chess960 start position is a legal atomic position")
    }

    /// The FEN of the start, with X-FEN castling: at the start every
    /// castling rook is the outermost one, so this is always `KQkq`, which
    /// every reader takes for the outermost rooks (see docs/atomic960.md).
    pub fn fen(self) -> String {
        Fen::from_position(&self.position(), EnPassantMode::Legal).to_string()
    }

    /// The FEN of the start with Shredder castling (the rooks' files,
    /// `HAha` for 518): how the server stores an Atomic960 game's start, so
    /// that the stored FEN alone tells the variant until the games table
    /// has a column for it ([`super::Variant::of_start_fen`]). Every reader
    /// of FENs here (and python-chess, Stockfish) reads it back.
    pub fn shredder_fen(self) -> String {
        let rooks: Vec<char> = File::ALL
            .into_iter()
            .zip(self.back_rank())
            .filter(|(_, role)| *role == Role::Rook)
            .map(|(file, _)| file.char())
            .rev()
            .collect();
        let white: String = rooks.iter().map(char::to_ascii_uppercase).collect();
        let black: String = rooks.iter().collect();
        self.fen()
            .replacen(" KQkq ", &format!(" {white}{black} "), 1)
    }

    /// The start position whose first rank is `rank` (a to h), if it is a
    /// Chess960 one: two bishops on opposite colours, a queen, two knights,
    /// and a king between two rooks.
    pub fn from_back_rank(rank: [Role; 8]) -> Option<StartPosition> {
        let files_of = |role: Role| (0..8).filter(move |&f| rank[f] == role);
        let light: Vec<usize> = files_of(Role::Bishop).filter(|f| f % 2 == 1).collect();
        let dark: Vec<usize> = files_of(Role::Bishop).filter(|f| f % 2 == 0).collect();
        let (&[light], &[dark]) = (light.as_slice(), dark.as_slice()) else {
            return None;
        };
        // The squares left once the bishops are placed, then the queen.
        let mut rest: Vec<usize> = (0..8).filter(|&f| f != light && f != dark).collect();
        let queens = places(&rest, &rank, Role::Queen);
        let &[queen] = queens.as_slice() else {
            return None;
        };
        rest.remove(queen);
        let knights = places(&rest, &rank, Role::Knight);
        let &[first, second] = knights.as_slice() else {
            return None;
        };
        let code = KNIGHTS.iter().position(|&pair| pair == (first, second))?;
        let last: Vec<Role> = rest
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != first && i != second)
            .map(|(_, &f)| rank[f])
            .collect();
        if last != [Role::Rook, Role::King, Role::Rook] {
            return None;
        }
        let number = light / 2 + 4 * (dark / 2) + 16 * queen + 96 * code;
        StartPosition::new(number as u32)
    }

    /// The start position `setup` is, if it is exactly one: the start
    /// board, White to move, all four castling rights, no en passant, move
    /// 1 with a zero halfmove clock. A game that began elsewhere, or from
    /// such a board with a right missing, is no numbered start.
    pub fn from_setup(setup: &Setup) -> Option<StartPosition> {
        let white = setup.board.by_color(Color::White);
        let mut rank = [Role::Pawn; 8];
        for (file, role) in File::ALL.into_iter().zip(&mut rank) {
            let square = Square::from_coords(file, Rank::First);
            if !white.contains(square) {
                return None;
            }
            *role = setup.board.role_at(square)?;
        }
        let start = StartPosition::from_back_rank(rank)?;
        (start.setup() == *setup).then_some(start)
    }

    /// The start position a FEN shows (X-FEN `KQkq` or Shredder-FEN
    /// `HAha`-style castling alike), if it is one; see
    /// [`from_setup`](Self::from_setup).
    pub fn from_fen(fen: &str) -> Option<StartPosition> {
        let fen = Fen::from_ascii(fen.trim().as_bytes()).ok()?;
        StartPosition::from_setup(fen.as_setup())
    }
}

/// Where `role` stands among the free squares `files`: indices into
/// `files`, as Scharnagl counts them.
fn places(files: &[usize], rank: &[Role; 8], role: Role) -> Vec<usize> {
    (0..files.len())
        .filter(|&i| rank[files[i]] == role)
        .collect()
}

impl fmt::Display for StartPosition {
    /// The number, as people write it (`518`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl FromStr for StartPosition {
    type Err = BadNumber;

    /// Reads a number from 0 to 959, digits only (`atomic960 518`).
    fn from_str(s: &str) -> Result<StartPosition, BadNumber> {
        if s.is_empty() || s.len() > 3 || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(BadNumber);
        }
        s.parse::<u32>()
            .ok()
            .and_then(StartPosition::new)
            .ok_or(BadNumber)
    }
}

/// The pieces of a back rank from its letters (`RNBQKBNR`), for tests and
/// for reading tables.
pub fn roles_from_letters(letters: &str) -> Option<[Role; 8]> {
    let roles: Vec<Role> = letters
        .chars()
        .map(|c| Piece::from_char(c).map(|p| p.role))
        .collect::<Option<_>>()?;
    roles.try_into().ok()
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use shakmaty::Position;

    use super::*;

    #[test]
    fn every_number_goes_there_and_back() {
        let mut seen = HashSet::new();
        for start in StartPosition::all() {
            assert_eq!(
                StartPosition::from_back_rank(start.back_rank()),
                Some(start)
            );
            assert_eq!(StartPosition::from_setup(&start.setup()), Some(start));
            assert_eq!(StartPosition::from_fen(&start.fen()), Some(start));
            assert!(seen.insert(start.letters()));
            // Every start is playable, its four castling rights written
            // as KQkq. The first moves are the 16 pawn moves, the
            // knights' to the third rank (one from a corner, two from
            // anywhere else), and a castling where king and rook only swap
            // squares: king f1 and rook g1 (O-O), king d1 and rook c1
            // (O-O-O).
            assert!(start.fen().ends_with(" w KQkq - 0 1"), "{}", start.fen());
            let rank = start.back_rank();
            let knight_moves: usize = (0..8)
                .filter(|&f| rank[f] == Role::Knight)
                .map(|f| if f == 0 || f == 7 { 1 } else { 2 })
                .sum();
            let swaps = usize::from(rank[5] == Role::King && rank[6] == Role::Rook)
                + usize::from(rank[3] == Role::King && rank[2] == Role::Rook);
            let legal = start.position().legal_moves();
            assert_eq!(legal.len(), 16 + knight_moves + swaps, "SP {start}");
            assert_eq!(legal.iter().filter(|m| m.is_castle()).count(), swaps);
        }
        assert_eq!(seen.len(), 960);
    }

    #[test]
    fn the_numbers_everyone_knows() {
        assert_eq!(StartPosition::STANDARD.letters(), "RNBQKBNR");
        assert_eq!(
            StartPosition::STANDARD.fen(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
        assert_eq!(StartPosition::new(0).unwrap().letters(), "BBQNNRKR");
        assert_eq!(StartPosition::new(959).unwrap().letters(), "RKRNNQBB");
        assert_eq!(StartPosition::new(960), None);
        assert_eq!(StartPosition::new(u32::MAX), None);
    }

    #[test]
    fn numbers_are_read_as_digits_only() {
        assert_eq!("518".parse(), Ok(StartPosition::STANDARD));
        assert_eq!("0".parse::<StartPosition>().map(|s| s.number()), Ok(0));
        assert_eq!("007".parse::<StartPosition>().map(|s| s.number()), Ok(7));
        for bad in ["", "960", "-1", "+5", "12a", "1000", " 5", "0518"] {
            assert_eq!(bad.parse::<StartPosition>(), Err(BadNumber), "{bad:?}");
        }
    }

    #[test]
    fn what_is_not_a_numbered_start() {
        let number = |rank: &str| {
            StartPosition::from_back_rank(roles_from_letters(rank).unwrap()).map(|s| s.number())
        };
        assert_eq!(number("RNBQKBNR"), Some(518));
        // King and queen swapped is still a start (of another number).
        assert!(number("RNBKQBNR").is_some_and(|n| n != 518));
        // Bishops on the same colour, the king outside the rooks, two
        // queens, three bishops, a pawn.
        for rank in ["RNBNBQKR", "KRNBQBNR", "RNBQQBNR", "RBBQKBNR", "RNBQKBNP"] {
            assert_eq!(number(rank), None, "{rank}");
        }
        assert_eq!(roles_from_letters("RNBQKBN"), None);
        let standard = StartPosition::STANDARD.fen();
        assert_eq!(
            StartPosition::from_fen(&standard),
            Some(StartPosition::STANDARD)
        );
        // Shredder-FEN names the same rooks.
        let shredder = standard.replace("KQkq", "HAha");
        assert_eq!(
            StartPosition::from_fen(&shredder),
            Some(StartPosition::STANDARD)
        );
        // After a move, with a right missing, Black to move, or a later
        // move number, it is no start.
        for fen in [
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w Qkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 7",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNQ w KQkq - 0 1",
            "not a fen",
        ] {
            assert_eq!(StartPosition::from_fen(fen), None, "{fen}");
        }
    }

    #[test]
    fn random_numbers_reach_every_position() {
        assert_eq!(StartPosition::from_random(0).number(), 0);
        assert_eq!(StartPosition::from_random(959).number(), 959);
        assert_eq!(
            StartPosition::from_random(960 + 518),
            StartPosition::STANDARD
        );
        assert_eq!(StartPosition::from_random(u64::MAX).number(), 255);
        let drawn: HashSet<u16> = (0..20_000)
            .map(|_| StartPosition::random().number())
            .collect();
        assert_eq!(
            drawn.len(),
            960,
            "20,000 draws miss a position with odds below 1e-6"
        );
    }
}
