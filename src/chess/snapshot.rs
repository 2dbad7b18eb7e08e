//! Everything a board shows, whoever looks at it.
//!
//! The server builds one [`BoardSnapshot`] per move and shares it (behind
//! an `Arc`) with both players and every observer; each session then
//! renders it in its own style, language and orientation, outside the
//! world lock. So it is plain owned data with no reference to the game.
//!
//! The position is a [`Setup`], not a checked position: a board being
//! built with `bsetup` may lack a king or put a pawn on the last rank for a
//! while, and its viewers still see it as it stands.

use std::sync::Arc;

use shakmaty::{EnPassantMode, Position, Setup};

use super::shared_lines::SharedLines;
use super::style12;
use super::{AtomicGame, Variant};

/// One board as of one moment of a game.
#[derive(Clone, Debug)]
pub struct BoardSnapshot {
    pub game_no: u32,
    pub white: String,
    pub black: String,
    /// The position after the last move (or as set up so far).
    pub position: Setup,
    /// The number of the move about to be made (`Move #`, style-12 field 26).
    pub fullmove: u32,
    /// Style-12 field 10: the file (0 = a) of a pawn that just moved two
    /// squares.
    pub double_push_file: Option<u8>,
    /// `None` before the first move.
    pub last_move: Option<LastMove>,
    /// Initial time in seconds (style 12 shows whole minutes).
    pub initial_secs: u32,
    pub increment_secs: u32,
    /// Clocks in ms; may be negative once a flag has fallen.
    pub white_clock_ms: i64,
    pub black_clock_ms: i64,
    /// Style-12 field 31: the clock of the side to move is running.
    pub ticking: bool,
    /// Style-12 field 32: lag in ms charged on the last move.
    pub lag_ms: u32,
    /// When the server made this board (a move's command, a clock
    /// change), for the relay latency in `/metrics`; a plain value, never
    /// read by the renderers.
    pub made_at: Option<tokio::time::Instant>,
    /// Style-12 lines already drawn for observers, shared by all who see
    /// the board alike. Empty in a copy: the copy may be changed.
    pub shared: SharedLines,
    /// What a board of a game in progress says of the game beyond its
    /// position (its database id, the players' ratings), for clients that
    /// read boards as data; one allocation per game, shared by its boards.
    pub label: Option<Arc<GameLabel>>,
    /// The game's rules: a client that moves pieces itself (the browser)
    /// needs to know whether castling is Chess960's (the king onto its
    /// rook) before the first castling, and the FEN cannot say it (518 is
    /// both).
    pub variant: Variant,
    /// The Chess960 number of an Atomic960 game's start (the game page
    /// shows it), if it began from one of the 960.
    pub chess960: Option<u16>,
}

/// A played game's facts that every one of its boards shares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameLabel {
    /// The game's row in the database.
    pub db_id: i64,
    /// Ratings as `Creating:` shows them (`1500`, `1500P`, `----`, `++++`).
    pub white_rating: String,
    pub black_rating: String,
    /// A board of a simultaneous exhibition (the exhibitor White): a
    /// browser shows the exhibitor all such boards at once instead of
    /// taking each as the one game of theirs.
    pub simul: bool,
}

/// The last move as the boards show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LastMove {
    /// English SAN (`Nxd5`, `Qh4#`).
    pub san: String,
    /// UCI (`c3d5`, `e7e8q`, castling as the game's variant writes it).
    pub uci: String,
    /// Style-12 field 27 (`N/c3-d5`).
    pub verbose: String,
    /// Time the move took, in ms.
    pub time_ms: u64,
}

impl BoardSnapshot {
    /// The board of `game` now, with clocks at zero and not ticking unless
    /// both sides have moved; the server fills in the clock fields.
    pub fn new(game: &AtomicGame, game_no: u32, white: &str, black: &str) -> BoardSnapshot {
        BoardSnapshot {
            game_no,
            white: white.to_owned(),
            black: black.to_owned(),
            position: game.position().to_setup(EnPassantMode::Legal),
            fullmove: game.fullmove_number(),
            double_push_file: game.double_push_file(),
            last_move: game.moves().last().map(|m| LastMove {
                san: m.san.clone(),
                uci: m.uci.clone(),
                verbose: m.verbose.clone(),
                time_ms: 0,
            }),
            initial_secs: 0,
            increment_secs: 0,
            white_clock_ms: 0,
            black_clock_ms: 0,
            ticking: game.moves().len() >= 2,
            lag_ms: 0,
            made_at: None,
            shared: SharedLines::default(),
            label: None,
            variant: game.variant(),
            chess960: game.chess960_number().map(|s| s.number()),
        }
    }

    /// Material of (White, Black).
    pub fn strengths(&self) -> (u32, u32) {
        super::atomic::strengths(&self.position.board)
    }

    /// A board that is not (yet) a playable position, such as one being
    /// built with `bsetup`: no last move, clocks at zero.
    pub fn from_setup(setup: Setup, game_no: u32, white: &str, black: &str) -> BoardSnapshot {
        BoardSnapshot {
            game_no,
            white: white.to_owned(),
            black: black.to_owned(),
            fullmove: setup.fullmoves.get(),
            position: setup,
            double_push_file: None,
            last_move: None,
            initial_secs: 0,
            increment_secs: 0,
            white_clock_ms: 0,
            black_clock_ms: 0,
            ticking: false,
            lag_ms: 0,
            made_at: None,
            shared: SharedLines::default(),
            label: None,
            variant: Variant::Atomic,
            chess960: None,
        }
    }

    /// The style-12 line for a viewer of a kind that many share (an
    /// observer), drawn once for all of them; `None` for a player, whose
    /// line is drawn for him alone.
    pub fn shared_style12(&self, relation: i8, flip: bool, ms: bool) -> Option<&str> {
        self.shared.get_or_draw(relation, flip, ms, |line| {
            style12::render(self, relation, flip, ms, line)
        })
    }

    /// Appends the style-12 line of a viewer who is not among the many
    /// (a player, or any viewer of a kind [`shared_style12`] does not
    /// share): a player's is the players' line of this board with their
    /// fields put in, the others are drawn.
    ///
    /// [`shared_style12`]: Self::shared_style12
    pub fn own_style12(&self, relation: i8, flip: bool, ms: bool, out: &mut String) {
        if super::shared_lines::is_player(relation) {
            let draw = |line: &mut String| style12::render_marked(self, relation, flip, ms, line);
            self.shared.player(relation, flip, ms, draw, out);
        } else {
            style12::render(self, relation, flip, ms, out);
        }
    }

    /// The side to move.
    pub fn turn(&self) -> shakmaty::Color {
        self.position.turn
    }
}

impl AtomicGame {
    /// The board of this game now; see [`BoardSnapshot::new`].
    pub fn snapshot(&self, game_no: u32, white: &str, black: &str) -> BoardSnapshot {
        BoardSnapshot::new(self, game_no, white, black)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::Lang;

    /// A player's line, made from the players' line of the board, is the
    /// line drawn for them alone, whoever asked first and with either
    /// orientation and clock precision.
    #[test]
    fn players_lines_are_the_lines_drawn_for_each() {
        let mut game = AtomicGame::new();
        for san in ["e4", "d5", "Nf3"] {
            let mv = game
                .parse_move(san, Lang::En, shakmaty::Role::Queen)
                .unwrap();
            game.play(mv);
        }
        let mut board = game.snapshot(12, "Alice", "Bob");
        board.white_clock_ms = 61_234;
        board.black_clock_ms = 9_999;
        board.last_move.as_mut().unwrap().time_ms = 1_500;
        let kinds: Vec<(i8, bool, bool)> = [1, -1]
            .into_iter()
            .flat_map(|r| [(r, false), (r, true)])
            .flat_map(|(r, f)| [(r, f, false), (r, f, true)])
            .collect();
        for first in &kinds {
            let snap = board.clone();
            for &(relation, flip, ms) in std::iter::once(first).chain(&kinds) {
                let mut drawn = String::new();
                style12::render(&snap, relation, flip, ms, &mut drawn);
                let mut made = String::from("before ");
                snap.own_style12(relation, flip, ms, &mut made);
                assert_eq!(made, format!("before {drawn}"), "{relation} {flip} {ms}");
            }
        }
    }
}
