//! One atomic game: a shakmaty position with the history FICS needs.
//!
//! The game does not list the legal moves of every position it reaches
//! (that was most of a ply's cost): whether any exists (for mate and
//! stalemate) is a search that stops at the first, and a typed move is
//! looked for among the moves between the squares it names
//! ([`super::movegen`]). The full list is made only when asked for.

use std::borrow::Cow;
use std::fmt;
use std::sync::OnceLock;

use shakmaty::{
    Bitboard, Color, EnPassantMode, Move, MoveList, Position, Role,
    fen::{Fen, ParseFenError},
    san::San,
    variant::Atomic,
    zobrist::Zobrist64,
};

use super::Lang;
use super::chess960::StartPosition;
use super::input::{Found, Shape, parse_shape};
use super::movegen;
use super::notation;
use super::outcome::{AutoEnd, DrawClaim};
use super::variant::Variant;

/// One half-move as the server shows and stores it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    /// English SAN with `+`/`#` as shakmaty writes it (`#` also for a
    /// capture that blows up the enemy king).
    pub san: String,
    /// Style-12 field 27: `P/e2-e4`, `N/g1-f3`, `P/e7-e8=Q`, `o-o`, `o-o-o`.
    pub verbose: String,
    /// UCI as the game's variant writes it: `e2e4`, `e7e8q`; castling as
    /// the king's two-square step in atomic (`e1g1`), as the king onto its
    /// rook in Atomic960 (`b1a1`), where the king's target can be a square
    /// it could also step to.
    pub uci: String,
    /// The move itself.
    pub mv: Move,
}

/// Why a typed line is not a move that can be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The line does not look like a move at all: the server then tries it
    /// as a command.
    NotAMove,
    /// It looks like a move but is not legal here. Holds the text as typed.
    Illegal(String),
    /// It fits several legal moves. Holds the text as typed.
    Ambiguous(String),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::NotAMove => f.write_str("That is not a move."),
            MoveError::Illegal(text) => write!(f, "Illegal move ({text})."),
            MoveError::Ambiguous(text) => write!(f, "Ambiguous move ({text})."),
        }
    }
}

impl std::error::Error for MoveError {}

/// Why a FEN cannot start a game. `Display` is one sentence for the user.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// The text is not a FEN.
    Syntax(ParseFenError),
    /// The FEN is well formed but the position cannot be played; holds
    /// shakmaty's reasons.
    Illegal(shakmaty::PositionErrorKinds),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use shakmaty::PositionErrorKinds as K;
        let part = |e: &ParseFenError| match e {
            ParseFenError::InvalidBoard => "the board part is wrong",
            ParseFenError::InvalidTurn => "the side to move must be w or b",
            ParseFenError::InvalidCastling => "the castling part is wrong",
            ParseFenError::InvalidEpSquare => "the en passant square is wrong",
            ParseFenError::InvalidHalfmoveClock => "the halfmove clock is wrong",
            ParseFenError::InvalidFullmoves => "the move number is wrong",
            _ => "it does not have the right fields",
        };
        match self {
            SetupError::Syntax(e) => write!(f, "That is not a valid FEN: {}.", part(e)),
            SetupError::Illegal(kinds) => {
                let why = [
                    (K::EMPTY_BOARD, "the board is empty"),
                    (K::MISSING_KING, "a king is missing"),
                    (K::TOO_MANY_KINGS, "a side has more than one king"),
                    (
                        K::PAWNS_ON_BACKRANK,
                        "a pawn stands on the first or last rank",
                    ),
                    (
                        K::INVALID_CASTLING_RIGHTS,
                        "a castling right has no king or rook in place",
                    ),
                    (K::INVALID_EP_SQUARE, "the en passant square is impossible"),
                    (K::OPPOSITE_CHECK, "the side not to move is in check"),
                    (
                        K::IMPOSSIBLE_CHECK,
                        "the check cannot have come from a move",
                    ),
                    (
                        K::TOO_MUCH_MATERIAL,
                        "there are more pieces than a game can have",
                    ),
                    (K::VARIANT, "it breaks the atomic rules"),
                ]
                .into_iter()
                .find(|(k, _)| kinds.contains(*k))
                .map_or("it is not a legal position", |(_, why)| why);
                write!(f, "That position cannot be played: {why}.")
            }
        }
    }
}

impl std::error::Error for SetupError {}

/// An atomic game from its start position, with every half-move played.
#[derive(Clone, Debug)]
pub struct AtomicGame {
    /// Atomic or Atomic960: how castling is read, played and written.
    variant: Variant,
    start: Atomic,
    /// Normalised FEN of a set-up start position; always there in an
    /// Atomic960 game.
    start_fen: Option<String>,
    pos: Atomic,
    /// Legal moves of `pos`, made the first time they are asked for.
    legal: OnceLock<MoveList>,
    /// Whether `pos` has a legal move.
    has_moves: bool,
    moves: Vec<PlayedMove>,
    /// `hashes[i]`: the position after `i` half-moves, for repetition.
    hashes: Vec<Zobrist64>,
}

impl Default for AtomicGame {
    fn default() -> Self {
        Self::new()
    }
}

impl AtomicGame {
    /// A game from the standard start position.
    pub fn new() -> Self {
        Self::from_position(Variant::Atomic, Atomic::default(), None)
    }

    /// An Atomic960 game from a Chess960 start position. Its start FEN is
    /// kept even for 518, the standard one: an Atomic960 game always says
    /// where it began (PGN, the database).
    pub fn atomic960(start: StartPosition) -> Self {
        Self::from_position(Variant::Atomic960, start.position(), Some(start.fen()))
    }

    /// A game from a set-up position (standard castling, strict checks).
    pub fn from_fen(fen: &str) -> Result<Self, SetupError> {
        Self::from_fen_in(Variant::Atomic, fen)
    }

    /// A game of `variant` from a set-up position, strict checks. Atomic
    /// only accepts castling rights of a king on e1/e8 with rooks in the
    /// corners; Atomic960 any king between its castling rooks (X-FEN
    /// `KQkq` for the outermost rooks, or the rooks' files, Shredder-FEN
    /// `HFhf`).
    pub fn from_fen_in(variant: Variant, fen: &str) -> Result<Self, SetupError> {
        let fen = Fen::from_ascii(fen.trim().as_bytes()).map_err(SetupError::Syntax)?;
        let pos: Atomic = fen
            .into_position(variant.castling_mode())
            .map_err(|e| SetupError::Illegal(e.kinds()))?;
        let normalised = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
        Ok(Self::from_position(variant, pos, Some(normalised)))
    }

    /// Replays a stored atomic game: its start position (None: the standard
    /// one) and its moves in UCI, as the database keeps them. The error says
    /// which half-move (1-based; 0 for the start position) went wrong.
    pub fn replay<'a>(
        start_fen: Option<&str>,
        ucis: impl IntoIterator<Item = &'a str>,
    ) -> Result<Self, (usize, String)> {
        Self::replay_in(Variant::Atomic, start_fen, ucis)
    }

    /// [`replay`](Self::replay) for a game of `variant`; an Atomic960 game
    /// without a start FEN starts from 518. Castling may be stored either
    /// way, the king onto its rook (`b1a1`) or, from e1/e8, its two-square
    /// step (`e1g1`).
    pub fn replay_in<'a>(
        variant: Variant,
        start_fen: Option<&str>,
        ucis: impl IntoIterator<Item = &'a str>,
    ) -> Result<Self, (usize, String)> {
        let mut game = match (start_fen, variant) {
            (Some(fen), _) => Self::from_fen_in(variant, fen)
                .map_err(|e| (0, format!("bad start position: {e}")))?,
            (None, Variant::Atomic) => Self::new(),
            (None, Variant::Atomic960) => Self::atomic960(StartPosition::STANDARD),
        };
        for (i, text) in ucis.into_iter().enumerate() {
            let ply = i + 1;
            let uci: shakmaty::uci::UciMove = text
                .parse()
                .map_err(|_| (ply, format!("bad stored move {text}")))?;
            let mv = uci
                .to_move(game.position())
                .map_err(|_| (ply, format!("illegal stored move {text}")))?;
            game.try_play(mv).map_err(|e| (ply, e.to_string()))?;
        }
        Ok(game)
    }

    /// A game as the store keeps it, of the variant its start FEN tells
    /// ([`Variant::of_start_fen`]; no start FEN: atomic from the standard
    /// position).
    pub fn replay_stored<'a>(
        start_fen: Option<&str>,
        ucis: impl IntoIterator<Item = &'a str>,
    ) -> Result<Self, (usize, String)> {
        let variant = start_fen.map_or(Variant::Atomic, Variant::of_start_fen);
        Self::replay_in(variant, start_fen, ucis)
    }

    /// A stored start FEN read back as a game of the variant it tells.
    pub fn from_stored_fen(fen: &str) -> Result<Self, SetupError> {
        Self::from_fen_in(Variant::of_start_fen(fen), fen)
    }

    /// The start FEN as the store keeps it: [`start_fen`](Self::start_fen)
    /// for atomic, and for Atomic960 the same with Shredder castling
    /// (`HAha`), which is how a stored game says it is Atomic960.
    pub fn stored_start_fen(&self) -> Option<String> {
        let fen = self.start_fen.clone()?;
        if self.variant == Variant::Atomic {
            return Some(fen);
        }
        let rights = self.start.castles().castling_rights();
        if rights.is_empty() {
            return Some(fen);
        }
        let mut field = String::new();
        for color in Color::ALL {
            let mut files: Vec<char> = (rights & Bitboard::from_rank(color.backrank()))
                .into_iter()
                .map(|sq| sq.file().char())
                .collect();
            files.reverse();
            for f in files {
                field.push(if color.is_white() {
                    f.to_ascii_uppercase()
                } else {
                    f
                });
            }
        }
        let mut parts: Vec<&str> = fen.split(' ').collect();
        if parts.len() > 2 {
            parts[2] = &field;
        }
        Some(parts.join(" "))
    }

    fn from_position(variant: Variant, pos: Atomic, start_fen: Option<String>) -> Self {
        AtomicGame {
            variant,
            legal: OnceLock::new(),
            has_moves: movegen::has_legal_move(&pos),
            hashes: vec![hash(&pos)],
            start: pos.clone(),
            start_fen,
            pos,
            moves: Vec::new(),
        }
    }

    /// Atomic or Atomic960.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The Chess960 number of an Atomic960 game's start, if it began from
    /// one of the 960 (not from a set-up position).
    pub fn chess960_number(&self) -> Option<StartPosition> {
        match self.variant {
            Variant::Atomic => None,
            Variant::Atomic960 => {
                StartPosition::from_setup(&self.start.to_setup(EnPassantMode::Legal))
            }
        }
    }

    /// The current position.
    pub fn position(&self) -> &Atomic {
        &self.pos
    }

    /// The position the game started from.
    pub fn start_position(&self) -> &Atomic {
        &self.start
    }

    /// The start FEN, only for set-up games.
    pub fn start_fen(&self) -> Option<&str> {
        self.start_fen.as_deref()
    }

    /// FEN of the current position.
    pub fn fen(&self) -> String {
        Fen::from_position(&self.pos, EnPassantMode::Legal).to_string()
    }

    /// Every half-move so far.
    pub fn moves(&self) -> &[PlayedMove] {
        &self.moves
    }

    /// The legal moves of the current position.
    pub fn legal_moves(&self) -> &MoveList {
        self.legal.get_or_init(|| self.pos.legal_moves())
    }

    /// The side to move.
    pub fn turn(&self) -> Color {
        self.pos.turn()
    }

    /// The number of the move about to be made (FICS `Move #`, style-12
    /// field 26): half-moves made / 2 + 1 from the standard start; a set-up
    /// game counts on from its FEN's move number.
    pub fn fullmove_number(&self) -> u32 {
        self.pos.fullmoves().get()
    }

    /// Reads one line of user input as a move (every form of
    /// docs/protocol.md §5.1, see [`super::input`]). A promotion typed without a piece uses
    /// `promote`.
    pub fn parse_move(&self, input: &str, lang: Lang, promote: Role) -> Result<Move, MoveError> {
        self.parse_move_cased(input, lang, promote, false)
    }

    /// [`parse_move`](Self::parse_move), reading letters strictly by case
    /// when `strict_case` is set (`iset movecase 1`: `bc4` is a pawn move,
    /// `Bc4` the bishop's).
    pub fn parse_move_cased(
        &self,
        input: &str,
        lang: Lang,
        promote: Role,
        strict_case: bool,
    ) -> Result<Move, MoveError> {
        let shape = parse_shape(input, Some(lang), strict_case).ok_or(MoveError::NotAMove)?;
        match shape.find(&self.candidates(&shape), promote) {
            Found::One(m) => Ok(m),
            Found::None => Err(MoveError::Illegal(input.trim().to_owned())),
            Found::Several => Err(MoveError::Ambiguous(input.trim().to_owned())),
        }
    }

    /// Plays a move taken from [`parse_move`](Self::parse_move) or
    /// [`legal_moves`](Self::legal_moves).
    ///
    /// # Panics
    ///
    /// If `mv` is not legal here: that is a bug in the caller, never a
    /// user's doing. Use [`try_play`](Self::try_play) when unsure.
    pub fn play(&mut self, mv: Move) -> &PlayedMove {
        match self.try_play(mv) {
            Ok(played) => played,
            Err(_) => panic!("AtomicGame::play: illegal move {mv:?}"),
        }
    }

    /// Plays `mv` if it is legal here.
    pub fn try_play(&mut self, mv: Move) -> Result<&PlayedMove, MoveError> {
        if !self.is_legal(mv) {
            return Err(MoveError::Illegal(notation::uci(mv)));
        }
        let mut san = String::with_capacity(8);
        San::disambiguate(mv, &self.rivals(mv)).append_to_string(&mut san);
        self.advance(mv);
        // The suffix shakmaty writes: `#` for any decisive end (a king
        // exploded, or mate), `+` for check.
        if self.pos.is_variant_end() || (!self.has_moves && self.pos.is_check()) {
            san.push('#');
        } else if self.pos.is_check() {
            san.push('+');
        }
        self.moves.push(PlayedMove {
            san,
            verbose: notation::verbose(mv),
            uci: notation::uci_in(mv, self.variant.castling_mode()),
            mv,
        });
        Ok(self.moves.last().expect("a move was just pushed"))
    }

    /// Makes the move on the board and brings the legal list and the
    /// hashes up to date.
    fn advance(&mut self, mv: Move) {
        self.pos.play_unchecked(mv);
        self.forget_moves();
        self.hashes.push(hash(&self.pos));
    }

    /// The position changed: what was known of its moves is not.
    fn forget_moves(&mut self) {
        self.legal = OnceLock::new();
        self.has_moves = movegen::has_legal_move(&self.pos);
    }

    /// The legal moves a typed move may be: those between the squares it
    /// names, or all of them when it may be a castle.
    fn candidates(&self, shape: &Shape) -> Cow<'_, MoveList> {
        match shape.squares(self.pos.board(), self.pos.turn()) {
            Some((from, to)) => Cow::Owned(movegen::legal_between(&self.pos, from, to)),
            None => Cow::Borrowed(self.legal_moves()),
        }
    }

    /// Whether `mv` is legal here, without the full list but for a castle.
    fn is_legal(&self, mv: Move) -> bool {
        if mv.is_castle() {
            return self.legal_moves().contains(&mv);
        }
        movegen::legal_between(&self.pos, mv.from().into_iter().collect(), mv.to().into())
            .contains(&mv)
    }

    /// The legal moves the SAN of `mv` must be told apart from: the same
    /// piece's moves to the same square (what `San::disambiguate` reads).
    fn rivals(&self, mv: Move) -> MoveList {
        let board = self.pos.board();
        let ours = board.by_color(self.pos.turn()) & board.by_role(mv.role());
        movegen::legal_between(&self.pos, ours, mv.to().into())
    }

    /// Reads `input` and plays it.
    pub fn play_input(
        &mut self,
        input: &str,
        lang: Lang,
        promote: Role,
    ) -> Result<&PlayedMove, MoveError> {
        let mv = self.parse_move(input, lang, promote)?;
        self.try_play(mv)
    }

    /// The game is over by itself after the last move: a king exploded,
    /// checkmate, stalemate, or neither side has mating material (in that
    /// order; docs/protocol.md decision 4).
    pub fn end(&self) -> Option<AutoEnd> {
        if self.pos.is_variant_end() {
            let loser = if self.pos.board().king_of(Color::White).is_none() {
                Color::White
            } else {
                Color::Black
            };
            return Some(AutoEnd::KingExploded { loser });
        }
        if !self.has_moves {
            return Some(if self.pos.is_check() {
                AutoEnd::Checkmate {
                    loser: self.pos.turn(),
                }
            } else {
                AutoEnd::Stalemate
            });
        }
        if self.pos.is_insufficient_material() {
            return Some(AutoEnd::NoMaterial);
        }
        None
    }

    /// A draw that can be claimed now: 50 moves (halfmove clock ≥ 100),
    /// then threefold repetition of the current position since the last
    /// capture or pawn move (FICS 1.6.2 `Check50MoveRule`,
    /// `CheckRepetition`).
    pub fn draw_claim(&self) -> Option<DrawClaim> {
        if self.pos.halfmoves() >= 100 {
            return Some(DrawClaim::FiftyMoves);
        }
        let now = self.hashes.len() - 1;
        let since = now.saturating_sub(self.pos.halfmoves() as usize);
        let current = self.hashes[now];
        let seen = self.hashes[since..]
            .iter()
            .filter(|&&h| h == current)
            .count();
        (seen >= 3).then_some(DrawClaim::Repetition)
    }

    /// Whether `color` could still win (false: insufficient material in
    /// the atomic sense, used when its opponent's flag falls).
    pub fn can_mate(&self, color: Color) -> bool {
        !self.pos.has_insufficient_material(color)
    }

    /// Material of (White, Black): P=1, N=3, B=3, R=5, Q=9 (docs/protocol.md §2.5).
    pub fn strengths(&self) -> (u32, u32) {
        strengths(self.pos.board())
    }

    /// The file (0 = a) of a pawn that just moved two squares, for style-12
    /// field 10; FICS sets it for every double push.
    pub fn double_push_file(&self) -> Option<u8> {
        match self.moves.last()?.mv {
            Move::Normal {
                role: Role::Pawn,
                from,
                to,
                ..
            } if from.rank().distance(to.rank()) == 2 => Some(to.file() as u8),
            _ => None,
        }
    }

    /// Undoes the last `half_moves` half-moves (all of them if there are
    /// fewer), by replaying the rest from the start.
    pub fn takeback(&mut self, half_moves: usize) {
        let keep = self.moves.len().saturating_sub(half_moves);
        self.moves.truncate(keep);
        self.hashes.truncate(keep + 1);
        self.pos = self.start.clone();
        for played in &self.moves {
            self.pos.play_unchecked(played.mv);
        }
        self.forget_moves();
    }
}

/// Material of (White, Black) on a board, as FICS counts strength.
pub fn strengths(board: &shakmaty::Board) -> (u32, u32) {
    let side = |color: Color| {
        let ours = board.by_color(color);
        let count = |bb: shakmaty::Bitboard| (bb & ours).count() as u32;
        count(board.pawns())
            + 3 * count(board.knights())
            + 3 * count(board.bishops())
            + 5 * count(board.rooks())
            + 9 * count(board.queens())
    };
    (side(Color::White), side(Color::Black))
}

fn hash(pos: &Atomic) -> Zobrist64 {
    pos.zobrist_hash(EnPassantMode::Legal)
}
