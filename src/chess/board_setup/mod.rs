//! Building a position by hand (`bsetup`): the board as it is being set
//! up, the commands that change it, and the check that it can be played.
//!
//! While the board is built it may be anything (no king, a pawn on the
//! last rank), so it is a shakmaty [`Setup`], not a position; only
//! [`BoardEditor::finish`] turns it into an [`AtomicGame`], or says in one
//! sentence why it cannot.

mod command;

pub use command::{
    BsetupError, CastleRights, RookSide, SetupCommand, SetupDone, USAGE, Unplayable,
    parse_placement, read_placement,
};

use shakmaty::{
    Bitboard, Color, File, FromSetup, PositionErrorKinds, Rank, Setup, Square, fen::Fen,
    variant::Atomic,
};

use super::{AtomicGame, BoardSnapshot, Variant};

/// A board being set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardEditor {
    /// The rules the finished position is played by: they say which
    /// castling rights can be given (Atomic960: any rook beside the king).
    variant: Variant,
    setup: Setup,
    /// The file of a pawn that has just gone two squares, if any; its
    /// square follows from the side to move when the setup is done.
    ep_file: Option<File>,
}

impl Default for BoardEditor {
    fn default() -> Self {
        Self::empty()
    }
}

impl BoardEditor {
    /// An empty board, White to move, for an atomic game.
    pub fn empty() -> BoardEditor {
        BoardEditor::empty_in(Variant::Atomic)
    }

    /// An empty board, White to move, for a game of `variant`.
    pub fn empty_in(variant: Variant) -> BoardEditor {
        BoardEditor {
            variant,
            setup: Setup::empty(),
            ep_file: None,
        }
    }

    /// The rules the position will be played by.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The current position of a game, to change it (in the game's variant).
    pub fn from_game(game: &AtomicGame) -> BoardEditor {
        use shakmaty::{EnPassantMode, Position};
        let setup = game.position().to_setup(EnPassantMode::Legal);
        let ep_file = setup.ep_square.map(Square::file);
        BoardEditor {
            variant: game.variant(),
            setup: Setup {
                ep_square: None,
                ..setup
            },
            ep_file,
        }
    }

    /// Applies one command (not `done`); returns the line for the user,
    /// in English (see [`BoardEditor::change`]).
    pub fn apply(&mut self, command: &SetupCommand) -> Result<String, String> {
        self.change(command)
            .map(|done| done.to_string())
            .map_err(|e| e.to_string())
    }

    /// Applies one command (not `done`): what it did, or why it cannot.
    pub fn change(&mut self, command: &SetupCommand) -> Result<SetupDone, BsetupError> {
        Ok(match command {
            SetupCommand::Clear => {
                *self = BoardEditor::empty_in(self.variant);
                SetupDone::Cleared
            }
            SetupCommand::Start => {
                *self = BoardEditor {
                    variant: self.variant,
                    setup: Setup::initial(),
                    ep_file: None,
                };
                SetupDone::Started
            }
            SetupCommand::Start960(start) => {
                *self = BoardEditor {
                    variant: Variant::Atomic960,
                    setup: start.setup(),
                    ep_file: None,
                };
                SetupDone::Started960(*start)
            }
            SetupCommand::Fen(text) => {
                let fen = Fen::from_ascii(text.trim().as_bytes())
                    .map_err(|_| BsetupError::NotFen(text.trim().to_string()))?;
                let setup = fen.into_setup();
                self.ep_file = setup.ep_square.map(Square::file);
                self.setup = Setup {
                    pockets: None,
                    promoted: Bitboard::EMPTY,
                    remaining_checks: None,
                    ep_square: None,
                    ..setup
                };
                SetupDone::FenSet
            }
            SetupCommand::Place(Some(piece), square) => {
                self.setup.board.set_piece_at(*square, *piece);
                SetupDone::Quiet
            }
            SetupCommand::Place(None, square) => {
                self.setup.board.discard_piece_at(*square);
                SetupDone::Quiet
            }
            SetupCommand::ToMove(color) => {
                self.setup.turn = *color;
                SetupDone::ToMove(*color)
            }
            SetupCommand::Castle(color, rights) => {
                let rooks = self.castling_rooks(*color, *rights)?;
                let rank = color.backrank();
                self.setup.castling_rights = (self.setup.castling_rights & !Bitboard::from(rank))
                    | rooks.into_iter().flatten().collect::<Bitboard>();
                SetupDone::Castle(*color, *rights)
            }
            SetupCommand::EnPassant(file) => {
                self.ep_file = *file;
                SetupDone::EnPassant(*file)
            }
            SetupCommand::Done => SetupDone::Quiet,
        })
    }

    /// The rook squares `wcastle`/`bcastle` give rights to, h-side and
    /// a-side: in atomic the corners; in Atomic960 the outermost rook on
    /// each side of the king, which must be on its first rank (what X-FEN's
    /// `K` and `Q` mean). A side asked for without such a rook is refused.
    fn castling_rooks(
        &self,
        color: Color,
        rights: CastleRights,
    ) -> Result<[Option<Square>; 2], BsetupError> {
        let (h_wanted, a_wanted) = match rights {
            CastleRights::Both => (true, true),
            CastleRights::KingSide => (true, false),
            CastleRights::QueenSide => (false, true),
            CastleRights::None => (false, false),
        };
        let rank = color.backrank();
        let (h_rook, a_rook) = match self.variant {
            Variant::Atomic => (
                Some(Square::from_coords(File::H, rank)),
                Some(Square::from_coords(File::A, rank)),
            ),
            Variant::Atomic960 if !h_wanted && !a_wanted => (None, None),
            Variant::Atomic960 => {
                let board = &self.setup.board;
                let king = board
                    .king_of(color)
                    .filter(|k| k.rank() == rank)
                    .ok_or(BsetupError::KingNotHome(color))?;
                let rooks = board.by_piece(color.rook()) & rank;
                (
                    rooks.into_iter().rfind(|r| r.file() > king.file()),
                    rooks.into_iter().find(|r| r.file() < king.file()),
                )
            }
        };
        let pick = |wanted: bool, rook: Option<Square>, side: RookSide| match (wanted, rook) {
            (false, _) => Ok(None),
            (true, Some(rook)) => Ok(Some(rook)),
            (true, None) => Err(BsetupError::NoRook(color, side)),
        };
        Ok([
            pick(h_wanted, h_rook, RookSide::H)?,
            pick(a_wanted, a_rook, RookSide::A)?,
        ])
    }

    /// The position as a [`Setup`], with the en passant square in place.
    pub fn setup(&self) -> Setup {
        let ep_square = self.ep_file.map(|file| {
            // The pawn went two squares last move: it belongs to the side not to move.
            let rank = if self.setup.turn == Color::White {
                Rank::Sixth
            } else {
                Rank::Third
            };
            Square::from_coords(file, rank)
        });
        Setup {
            ep_square,
            ..self.setup.clone()
        }
    }

    /// The FEN of the board as it stands (legal or not).
    pub fn fen(&self) -> String {
        Fen::try_from_setup(self.setup())
            .unwrap_or_else(|e| e.ignore())
            .to_string()
    }

    /// The board as its viewers see it.
    pub fn snapshot(&self, game_no: u32, white: &str, black: &str) -> BoardSnapshot {
        let mut snap = BoardSnapshot::from_setup(self.setup.clone(), game_no, white, black);
        snap.double_push_file = self.ep_file.map(|f| f as u8);
        snap.variant = self.variant;
        snap
    }

    /// Checks that the position can be played and makes it a game; or says
    /// what is wrong, in one English sentence (see [`BoardEditor::check`]).
    pub fn finish(&self) -> Result<AtomicGame, String> {
        self.check().map_err(|e| e.to_string())
    }

    /// Checks that the position can be played and makes it a game; or says
    /// why it cannot.
    pub fn check(&self) -> Result<AtomicGame, BsetupError> {
        let cannot = |why: Unplayable| BsetupError::Unplayable(why);
        let setup = self.setup();
        let board = &setup.board;
        for color in Color::ALL {
            match (board.kings() & board.by_color(color)).count() {
                0 => return Err(cannot(Unplayable::NoKing(color))),
                1 => {}
                _ => return Err(cannot(Unplayable::TwoKings(color))),
            }
        }
        if let Some(square) = (board.pawns() & Bitboard::BACKRANKS).first() {
            return Err(cannot(Unplayable::PawnOnBackRank(square)));
        }
        let kinds = match Atomic::from_setup(setup.clone(), self.variant.castling_mode()) {
            Ok(_) => PositionErrorKinds::empty(),
            Err(e) => e.kinds(),
        };
        let turn = setup.turn;
        if kinds.contains(PositionErrorKinds::OPPOSITE_CHECK) {
            return Err(cannot(Unplayable::InCheck {
                checked: !turn,
                to_move: turn,
            }));
        }
        if kinds.contains(PositionErrorKinds::INVALID_CASTLING_RIGHTS) {
            return Err(cannot(match self.variant {
                Variant::Atomic => Unplayable::Castling,
                Variant::Atomic960 => Unplayable::Castling960,
            }));
        }
        if kinds.contains(PositionErrorKinds::INVALID_EP_SQUARE)
            && let Some(sq) = setup.ep_square
        {
            // The pawn that went two squares, as `eppos` named its file.
            let rank = if turn == Color::White {
                Rank::Fifth
            } else {
                Rank::Fourth
            };
            return Err(cannot(Unplayable::EnPassant {
                pawn: !turn,
                square: Square::from_coords(sq.file(), rank),
            }));
        }
        AtomicGame::from_fen_in(self.variant, &self.fen()).map_err(|e| cannot(Unplayable::Setup(e)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn apply_all(editor: &mut BoardEditor, commands: &[&str]) {
        for c in commands {
            let command = SetupCommand::parse(c).unwrap_or_else(|e| panic!("{c}: {e}"));
            editor
                .apply(&command)
                .unwrap_or_else(|e| panic!("{c}: {e}"));
        }
    }

    #[test]
    fn pieces_one_by_one_make_the_lone_queen_mate() {
        let mut e = BoardEditor::empty();
        apply_all(
            &mut e,
            &["K@f6", "wq@g7", "k@h8", "P@a3", "x@a3", "tomove black"],
        );
        assert_eq!(e.fen(), "7k/6Q1/5K2/8/8/8/8/8 b - - 0 1");
        let game = e.finish().unwrap();
        assert!(game.legal_moves().is_empty() && game.end().is_some());
    }

    #[test]
    fn every_illegal_setup_is_refused_with_its_reason() {
        let refused = |commands: &[&str]| {
            let mut e = BoardEditor::empty();
            apply_all(&mut e, commands);
            e.finish().unwrap_err()
        };
        assert_eq!(
            refused(&["K@e1"]),
            "That position cannot be played: Black has no king."
        );
        assert_eq!(
            refused(&["k@e8"]),
            "That position cannot be played: White has no king."
        );
        assert_eq!(
            refused(&["K@e1", "K@d1", "k@e8"]),
            "That position cannot be played: White has more than one king."
        );
        assert_eq!(
            refused(&["K@e1", "k@e8", "p@a1"]),
            "That position cannot be played: no pawn may stand on rank 1 (a1)."
        );
        // The black king is attacked by the rook while White is to move.
        assert_eq!(
            refused(&["K@a1", "k@e8", "R@e2", "tomove white"]),
            "That position cannot be played: Black is in check but it is White's move."
        );
        assert_eq!(
            refused(&["K@a1", "k@e8", "wcastle both"]),
            "That position cannot be played: castling needs the king and rook at home."
        );
        assert_eq!(
            refused(&["K@a1", "k@e8", "eppos d"]),
            "That position cannot be played: no black pawn can have just gone to d5."
        );
        // Kings side by side are no check in atomic chess.
        let mut e = BoardEditor::empty();
        apply_all(&mut e, &["K@e4", "k@e5", "Q@e1", "tomove white"]);
        assert!(e.finish().is_ok());
    }

    #[test]
    fn fen_castling_and_en_passant() {
        let mut e = BoardEditor::empty();
        apply_all(
            &mut e,
            &[
                "fen 4k3/8/8/3pP3/8/8/8/R3K2R w - - 0 12",
                "wcastle kside",
                "eppos d",
            ],
        );
        assert_eq!(e.fen(), "4k3/8/8/3pP3/8/8/8/R3K2R w K d6 0 12");
        let game = e.finish().unwrap();
        assert_eq!(game.fullmove_number(), 12);
        assert!(game.legal_moves().iter().any(|m| m.is_en_passant()));
        assert_eq!(e.snapshot(3, "a", "b").double_push_file, Some(3));
        // A board-only FEN is enough.
        apply_all(&mut e, &["fen 8/8/8/8/8/8/8/K6k"]);
        assert_eq!(e.fen(), "8/8/8/8/8/8/8/K6k w - - 0 1");
    }

    #[test]
    fn bad_arguments_say_how_to_write_them() {
        assert!(
            SetupCommand::parse("tomove red")
                .unwrap_err()
                .starts_with("Usage: bsetup tomove")
        );
        assert!(
            SetupCommand::parse("Z@e4")
                .unwrap_err()
                .contains("not a piece placement")
        );
        assert!(
            SetupCommand::parse("P@i9")
                .unwrap_err()
                .contains("not a piece placement")
        );
        assert!(
            SetupCommand::parse("eppos z")
                .unwrap_err()
                .starts_with("Usage: bsetup eppos")
        );
        assert!(
            SetupCommand::parse("nonsense")
                .unwrap_err()
                .starts_with("Usage: bsetup")
        );
        assert_eq!(
            SetupCommand::parse("x@h8"),
            Ok(SetupCommand::Place(None, Square::H8))
        );
        assert_eq!(SetupCommand::parse("DONE"), Ok(SetupCommand::Done));
        let mut e = BoardEditor::empty();
        assert!(
            e.apply(&SetupCommand::parse("fen not/a/fen").unwrap())
                .is_err()
        );
    }
}
