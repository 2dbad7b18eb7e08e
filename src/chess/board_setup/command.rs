//! What `bsetup` is told and what it answers: the commands read from its
//! arguments, what each one did and why one was refused. The editor that
//! applies them is the parent module's [`super::BoardEditor`].

use shakmaty::{Color, File, Piece, Role, Square};

use std::fmt;

use crate::chess::{SetupError, StartPosition};

/// What one `bsetup` argument asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupCommand {
    /// `clear`: an empty board.
    Clear,
    /// `start`: the standard starting position.
    Start,
    /// `start N`: Chess960 start position N (0–959); the game becomes an
    /// Atomic960 one.
    Start960(StartPosition),
    /// `fen FEN`: the board (and whatever else the FEN gives) from a FEN.
    Fen(String),
    /// `P@e4`, `wp@e4` (a piece), `x@e4` (an empty square).
    Place(Option<Piece>, Square),
    /// `tomove white|black`.
    ToMove(Color),
    /// `wcastle|bcastle both|kside|qside|none`.
    Castle(Color, CastleRights),
    /// `eppos FILE|none`: a pawn of the side not to move has just gone two
    /// squares forward on this file.
    EnPassant(Option<File>),
    /// `done`: check the position and start examining it.
    Done,
}

/// Which ways one side may still castle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastleRights {
    Both,
    KingSide,
    QueenSide,
    None,
}

/// The words `bsetup` understands, for its usage line.
pub const USAGE: &str = "bsetup [clear|start [0-959]|fen FEN|P@e4|x@e4|tomove white|black|wcastle|bcastle both|kside|qside|none|eppos FILE|none|done]";

/// What a `bsetup` command did, as the user is told (the server's line is
/// rendered from the catalogue; `Display` is the same in English).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupDone {
    Cleared,
    Started,
    Started960(StartPosition),
    FenSet,
    /// A piece put or taken away, or `done`: nothing to say.
    Quiet,
    ToMove(Color),
    Castle(Color, CastleRights),
    EnPassant(Option<File>),
}

/// Which side of its king a rook stands on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RookSide {
    /// The h-file side (king side).
    H,
    /// The a-file side (queen side).
    A,
}

/// Why a `bsetup` command was refused (`Display`: the English line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BsetupError {
    /// The arguments do not read: the syntax they should have
    /// (`bsetup tomove white|black`).
    Usage(String),
    /// `eppos` with something that is no file.
    EpUsage,
    /// Not `P@e4` and the like (as typed).
    NotPlacement(String),
    /// `fen` with text that is no FEN (as typed).
    NotFen(String),
    /// Atomic960 castling rights with the king off its first rank.
    KingNotHome(Color),
    /// Castling asked for on a side with no rook beside the king.
    NoRook(Color, RookSide),
    /// `done` with a position that cannot be played.
    Unplayable(Unplayable),
}

/// Why a set-up position cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unplayable {
    NoKing(Color),
    TwoKings(Color),
    PawnOnBackRank(Square),
    /// `checked` is in check, but `to_move` is to move.
    InCheck {
        checked: Color,
        to_move: Color,
    },
    /// Atomic castling rights without king and rook at home.
    Castling,
    /// Atomic960 castling rights without the king between its rooks.
    Castling960,
    /// No pawn of `pawn`'s side can have just gone to `square`.
    EnPassant {
        pawn: Color,
        square: Square,
    },
    /// What the rules of the game found (shakmaty's reasons).
    Setup(SetupError),
}

fn side_name(c: Color) -> &'static str {
    if c == Color::White { "White" } else { "Black" }
}

impl fmt::Display for SetupDone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupDone::Cleared => f.write_str("The board is now empty."),
            SetupDone::Started => f.write_str("The board is now in the starting position."),
            SetupDone::Started960(start) => write!(
                f,
                "The board is now in Chess960 start position {start} (Atomic960)."
            ),
            SetupDone::FenSet => f.write_str("The board is set from the FEN."),
            SetupDone::Quiet => Ok(()),
            SetupDone::ToMove(c) => write!(f, "{} to move.", side_name(*c)),
            SetupDone::Castle(c, rights) => {
                let name = side_name(*c);
                match rights {
                    CastleRights::Both => write!(f, "{name} may castle both ways."),
                    CastleRights::KingSide => write!(f, "{name} may castle king side only."),
                    CastleRights::QueenSide => write!(f, "{name} may castle queen side only."),
                    CastleRights::None => write!(f, "{name} may not castle."),
                }
            }
            SetupDone::EnPassant(Some(file)) => {
                write!(f, "En passant is possible on the {}-file.", file.char())
            }
            SetupDone::EnPassant(None) => f.write_str("No en passant."),
        }
    }
}

impl fmt::Display for BsetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BsetupError::Usage(syntax) => write!(f, "Usage: {syntax}"),
            BsetupError::EpUsage => {
                f.write_str("Usage: bsetup eppos FILE|none (a file from a to h)")
            }
            BsetupError::NotPlacement(text) => write!(
                f,
                "\"{text}\" is not a piece placement: write P@e4 (White), p@e4 (Black), wp@e4, bp@e4 or x@e4."
            ),
            BsetupError::NotFen(text) => write!(f, "\"{text}\" is not a FEN."),
            BsetupError::KingNotHome(c) => write!(
                f,
                "{} may only castle with its king on its first rank.",
                side_name(*c)
            ),
            BsetupError::NoRook(c, side) => write!(
                f,
                "{} has no rook on the {} of its king.",
                side_name(*c),
                match side {
                    RookSide::H => "h-side",
                    RookSide::A => "a-side",
                }
            ),
            BsetupError::Unplayable(Unplayable::Setup(e)) => write!(f, "{e}"),
            BsetupError::Unplayable(why) => {
                f.write_str("That position cannot be played: ")?;
                match why {
                    Unplayable::NoKing(c) => write!(f, "{} has no king", side_name(*c)),
                    Unplayable::TwoKings(c) => {
                        write!(f, "{} has more than one king", side_name(*c))
                    }
                    Unplayable::PawnOnBackRank(sq) => {
                        write!(f, "no pawn may stand on rank {} ({sq})", sq.rank().char())
                    }
                    Unplayable::InCheck { checked, to_move } => write!(
                        f,
                        "{} is in check but it is {}'s move",
                        side_name(*checked),
                        side_name(*to_move)
                    ),
                    Unplayable::Castling => f.write_str("castling needs the king and rook at home"),
                    Unplayable::Castling960 => f.write_str(
                        "castling needs the king on its first rank between its castling rooks",
                    ),
                    Unplayable::EnPassant { pawn, square } => write!(
                        f,
                        "no {} pawn can have just gone to {square}",
                        side_name(*pawn).to_ascii_lowercase()
                    ),
                    Unplayable::Setup(_) => Ok(()),
                }?;
                f.write_str(".")
            }
        }
    }
}

impl std::error::Error for BsetupError {}

impl SetupCommand {
    /// Reads the arguments of `bsetup` (already trimmed, not empty); the
    /// refusal is its English line (see [`SetupCommand::read`]).
    pub fn parse(args: &str) -> Result<SetupCommand, String> {
        Self::read(args).map_err(|e| e.to_string())
    }

    /// Reads the arguments of `bsetup` (already trimmed, not empty).
    pub fn read(args: &str) -> Result<SetupCommand, BsetupError> {
        let mut words = args.split_whitespace();
        let first = words.next().unwrap_or_default();
        let rest: Vec<&str> = words.collect();
        let usage = |what: &str| BsetupError::Usage(format!("bsetup {what}"));
        let one = |what: &str| -> Result<String, BsetupError> {
            match rest.as_slice() {
                [word] => Ok(word.to_ascii_lowercase()),
                _ => Err(usage(what)),
            }
        };
        match first.to_ascii_lowercase().as_str() {
            "clear" if rest.is_empty() => Ok(SetupCommand::Clear),
            "start" if rest.is_empty() => Ok(SetupCommand::Start),
            "start" => match rest.as_slice() {
                [number] => number
                    .parse()
                    .map(SetupCommand::Start960)
                    .map_err(|_| usage("start [0-959]")),
                _ => Err(usage("start [0-959]")),
            },
            "done" if rest.is_empty() => Ok(SetupCommand::Done),
            "fen" if !rest.is_empty() => Ok(SetupCommand::Fen(rest.join(" "))),
            "fen" => Err(usage("fen FEN")),
            "tomove" => match one("tomove white|black")?.as_str() {
                "white" | "w" => Ok(SetupCommand::ToMove(Color::White)),
                "black" | "b" => Ok(SetupCommand::ToMove(Color::Black)),
                _ => Err(usage("tomove white|black")),
            },
            word @ ("wcastle" | "bcastle") => {
                let color = if word == "wcastle" {
                    Color::White
                } else {
                    Color::Black
                };
                let syntax = format!("{word} both|kside|qside|none");
                let rights = match one(&syntax)?.as_str() {
                    "both" => CastleRights::Both,
                    "kside" => CastleRights::KingSide,
                    "qside" => CastleRights::QueenSide,
                    "none" => CastleRights::None,
                    _ => return Err(usage(&syntax)),
                };
                Ok(SetupCommand::Castle(color, rights))
            }
            "eppos" => {
                let word = one("eppos FILE|none")?;
                if word == "none" {
                    return Ok(SetupCommand::EnPassant(None));
                }
                // A file (`e`), or a square on it (`e3`, `e6`).
                let mut chars = word.chars();
                match (
                    chars.next().and_then(File::from_char),
                    chars.next(),
                    chars.next(),
                ) {
                    (Some(file), None, _) => Ok(SetupCommand::EnPassant(Some(file))),
                    (Some(file), Some('3' | '6'), None) => Ok(SetupCommand::EnPassant(Some(file))),
                    _ => Err(BsetupError::EpUsage),
                }
            }
            _ if rest.is_empty() && first.contains('@') => read_placement(first),
            _ => Err(BsetupError::Usage(USAGE.to_string())),
        }
    }
}

/// `P@e4` (upper case White, lower case Black), `wp@e4`/`bp@e4` (the
/// colour said first), `x@e4` (clear the square); the refusal in English.
pub fn parse_placement(text: &str) -> Result<SetupCommand, String> {
    read_placement(text).map_err(|e| e.to_string())
}

/// `P@e4`, `wp@e4`, `x@e4` (see [`parse_placement`]).
pub fn read_placement(text: &str) -> Result<SetupCommand, BsetupError> {
    let bad = || BsetupError::NotPlacement(text.to_string());
    let (piece, square) = text.split_once('@').ok_or_else(bad)?;
    let square = Square::from_ascii(square.to_ascii_lowercase().as_bytes()).map_err(|_| bad())?;
    let chars: Vec<char> = piece.chars().collect();
    let piece = match chars.as_slice() {
        ['x' | 'X'] => None,
        [letter] => Some(Piece::from_char(*letter).ok_or_else(bad)?),
        [side, letter] => {
            let color = match side.to_ascii_lowercase() {
                'w' => Color::White,
                'b' => Color::Black,
                _ => return Err(bad()),
            };
            let role = Role::from_char(letter.to_ascii_lowercase()).ok_or_else(bad)?;
            Some(Piece { color, role })
        }
        _ => return Err(bad()),
    };
    Ok(SetupCommand::Place(piece, square))
}
