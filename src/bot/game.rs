//! One game the bot plays: the position as the server shows it, the moves
//! since the start (for the engine's `position … moves …`, which lets it
//! see repetitions), the clocks for `go`, and the check of the engine's
//! move before it is sent.
//!
//! The server's style-12 boards are the truth. Each new board is matched
//! against the tracked position plus the move it names; when they disagree
//! (a takeback, a missed board, a game resumed half-way) the game starts
//! over from the board's own FEN. Pure code on shakmaty.

use std::time::Duration;

use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::variant::Atomic;
use shakmaty::{CastlingMode, Color, EnPassantMode, Position, PositionError};

use super::fics::Board12;
use super::level::Level;
use crate::chess::notation::uci_in;

/// The standard start, as style 12 gives it.
const START_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// How long past its own clock an engine may think before the bot gives
/// up on it (network and process start-up included).
pub const HANG_GRACE: Duration = Duration::from_secs(2);

/// What a new board did to the tracked game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sync {
    /// The same position again (a refresh, a refused move).
    Same,
    /// One more move, as expected.
    Moved,
    /// Something else: the game now starts from this board.
    Restarted,
}

/// A game in progress, from the bot's side.
#[derive(Debug, Clone)]
pub struct GameState {
    pub no: u32,
    pub color: Color,
    /// `None`: the standard start.
    start_fen: Option<String>,
    /// Moves since the start, in UCI.
    moves: Vec<String>,
    pos: Atomic,
    /// `Chess960` in an Atomic960 game: how castling rights are read from
    /// a FEN (X-FEN `KQkq`: the outermost rooks) and castling is written
    /// in UCI (the king onto its rook, `b1a1`), for the engine with
    /// `UCI_Chess960` and for the server, which reads that form as
    /// castling.
    mode: CastlingMode,
    /// The last board the server sent.
    pub board: Board12,
}

fn position_of(fen: &str, mode: CastlingMode) -> Result<Atomic, String> {
    let fen = Fen::from_ascii(fen.as_bytes()).map_err(|e| format!("bad FEN {fen}: {e}"))?;
    fen.into_position(mode)
        .or_else(PositionError::ignore_invalid_ep_square)
        .or_else(PositionError::ignore_invalid_castling_rights)
        .map_err(|e| format!("impossible position: {e}"))
}

/// Placement and side to move: what must agree between us and the server.
fn key(pos: &Atomic) -> String {
    let fen = Fen::from_position(pos, EnPassantMode::Legal).to_string();
    fen.split(' ').take(2).collect::<Vec<_>>().join(" ")
}

fn board_key(board: &Board12) -> String {
    board.fen().split(' ').take(2).collect::<Vec<_>>().join(" ")
}

impl GameState {
    /// Starts following a game at this board; `me` is the bot's name;
    /// `chess960` for an Atomic960 game (its `Creating` line says so).
    pub fn start(board: &Board12, me: &str, chess960: bool) -> Result<GameState, String> {
        let color = board
            .color_of(me)
            .ok_or_else(|| format!("{me} does not play game {}", board.game))?;
        let fen = board.fen();
        let mode = if chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        let pos = position_of(&fen, mode)?;
        Ok(GameState {
            no: board.game,
            color,
            start_fen: (fen != START_FEN).then_some(fen),
            moves: Vec::new(),
            pos,
            mode,
            board: board.clone(),
        })
    }

    /// Takes the server's next board.
    pub fn observe(&mut self, board: &Board12) -> Result<Sync, String> {
        let target = board_key(board);
        self.board = board.clone();
        if key(&self.pos) == target {
            return Ok(Sync::Same);
        }
        let played = SanPlus::from_ascii(board.san.as_bytes())
            .ok()
            .and_then(|san| san.san.to_move(&self.pos).ok());
        if let Some(mv) = played {
            let mut next = self.pos.clone();
            next.play_unchecked(mv);
            if key(&next) == target {
                self.moves.push(uci_in(mv, self.mode));
                self.pos = next;
                return Ok(Sync::Moved);
            }
        }
        let fen = board.fen();
        self.pos = position_of(&fen, self.mode)?;
        self.start_fen = (fen != START_FEN).then_some(fen);
        self.moves.clear();
        Ok(Sync::Restarted)
    }

    /// Whether this is an Atomic960 game (the engine needs `UCI_Chess960`).
    pub fn chess960(&self) -> bool {
        self.mode == CastlingMode::Chess960
    }

    /// Whether the bot is to move.
    pub fn my_turn(&self) -> bool {
        self.pos.turn() == self.color && self.board.relation == 1
    }

    /// How many half-moves the bot has seen (to tell searches apart).
    pub fn plies(&self) -> usize {
        self.moves.len()
    }

    /// `position startpos moves e2e4 …` or `position fen … moves …`.
    pub fn position_command(&self) -> String {
        let mut s = match &self.start_fen {
            None => "position startpos".to_string(),
            Some(fen) => format!("position fen {fen}"),
        };
        if !self.moves.is_empty() {
            s.push_str(" moves ");
            s.push_str(&self.moves.join(" "));
        }
        s
    }

    /// The `go` command from the server's clocks, and how long the engine
    /// may take before the bot counts it as hung. An untimed game gives the
    /// engine `movetime`. A bot playing at a `level` searches to its depth
    /// for its time per move (see [`Level::time_for_move`]).
    pub fn go_command(&self, movetime: Duration, level: Option<Level>) -> (String, Duration) {
        let b = &self.board;
        let untimed = b.minutes == 0 && b.inc == 0;
        let (w, bl) = (b.white_clock_ms().max(1), b.black_clock_ms().max(1));
        let mine = if self.color == Color::White { w } else { bl };
        let inc = u64::from(b.inc) * 1000;
        if let Some(level) = level {
            let think = if untimed {
                level.movetime()
            } else {
                level.time_for_move(
                    Duration::from_millis(mine as u64),
                    Duration::from_millis(inc),
                )
            };
            let ms = think.as_millis().max(1);
            return (
                format!("go depth {} movetime {ms}", level.depth()),
                think + HANG_GRACE,
            );
        }
        if untimed {
            let ms = movetime.as_millis().max(1);
            return (format!("go movetime {ms}"), movetime + HANG_GRACE);
        }
        (
            format!("go wtime {w} btime {bl} winc {inc} binc {inc}"),
            Duration::from_millis(mine as u64) + HANG_GRACE,
        )
    }

    /// Every legal move here, in UCI (for `searchmoves`).
    pub fn legal_uci(&self) -> Vec<String> {
        self.pos
            .legal_moves()
            .iter()
            .map(|m| uci_in(*m, self.mode))
            .collect()
    }

    /// The time left on the bot's own clock.
    pub fn my_clock(&self) -> Duration {
        let b = &self.board;
        let ms = if self.color == Color::White {
            b.white_clock_ms()
        } else {
            b.black_clock_ms()
        };
        Duration::from_millis(ms.max(0) as u64)
    }

    /// Checks the engine's `bestmove` against the position; the move as
    /// the server is sent it (`e7e8=q` for a promotion, `e1g1` castles;
    /// in Atomic960 the king onto its rook, `b1a1`, whichever form the
    /// engine used).
    pub fn engine_move(&self, uci: &str) -> Result<String, String> {
        let parsed =
            UciMove::from_ascii(uci.as_bytes()).map_err(|_| format!("\"{uci}\" is not a move"))?;
        let mv = parsed
            .to_move(&self.pos)
            .map_err(|_| format!("{uci} is illegal in {}", self.fen()))?;
        let text = uci_in(mv, self.mode);
        Ok(match mv.promotion() {
            Some(role) => format!("{}={}", &text[..4], role.char()),
            None => text,
        })
    }

    /// The tracked position as FEN (for log lines).
    pub fn fen(&self) -> String {
        Fen::from_position(&self.pos, EnPassantMode::Legal).to_string()
    }
}

impl Board12 {
    /// White's clock in milliseconds, whether the server sends ms or s.
    pub fn white_clock_ms(&self) -> i64 {
        if self.ms {
            self.white_clock
        } else {
            self.white_clock * 1000
        }
    }

    /// Black's clock in milliseconds.
    pub fn black_clock_ms(&self) -> i64 {
        if self.ms {
            self.black_clock
        } else {
            self.black_clock * 1000
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(ranks: &str, turn: &str, rest: &str) -> Board12 {
        Board12::parse(&format!("<12> {ranks} {turn} {rest}")).unwrap()
    }

    const START: &str = "rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR";

    #[test]
    fn moves_are_followed_and_given_to_the_engine_from_startpos() {
        let b0 = board(
            START,
            "W",
            "-1 1 1 1 1 0 5 Robo Alice 1 3 2 39 39 180000 180000 1 none (0:00.000) none 0 0 0",
        );
        let mut g = GameState::start(&b0, "robo", false).unwrap();
        assert_eq!(g.color, Color::White);
        assert!(g.my_turn());
        assert_eq!(g.position_command(), "position startpos");
        let (go, limit) = g.go_command(Duration::from_secs(1), None);
        assert_eq!(go, "go wtime 180000 btime 180000 winc 2000 binc 2000");
        assert_eq!(limit, Duration::from_millis(182_000));
        // At level 8 with 180 s left: a second a move, depth 22.
        let (go, limit) = g.go_command(Duration::from_secs(1), Level::new(8).ok());
        assert_eq!(go, "go depth 22 movetime 1000");
        assert_eq!(limit, Duration::from_secs(1) + HANG_GRACE);
        assert_eq!(g.legal_uci().len(), 20);
        assert_eq!(g.engine_move("g1f3").unwrap(), "g1f3");
        assert!(g.engine_move("e2e5").unwrap_err().contains("illegal"));
        assert!(g.engine_move("0000").is_err());
        assert!(g.engine_move("zz").is_err());
        let b1 = board(
            "rnbqkbnr pppppppp -------- -------- -------- -----N-- PPPPPPPP RNBQKB-R",
            "B",
            "-1 1 1 1 1 1 5 Robo Alice -1 3 2 39 39 180000 180000 1 N/g1-f3 (0:00.000) Nf3 0 0 0",
        );
        assert_eq!(g.observe(&b1).unwrap(), Sync::Moved);
        assert!(!g.my_turn());
        assert_eq!(g.observe(&b1).unwrap(), Sync::Same);
        assert_eq!(g.position_command(), "position startpos moves g1f3");
        // The atomic capture 1.Nf3 d5 2.Ne5 Nd7 3.Nxd7 of docs/protocol.md §2.3, seen
        // board by board: the explosion comes from shakmaty, and agrees.
        let boards = [
            (
                "rnbqkbnr ppp-pppp -------- ---p---- -------- -----N-- PPPPPPPP RNBQKB-R",
                "W",
                "3 1 1 1 1 0 5 Robo Alice 1 3 2 39 39 180000 180000 2 P/d7-d5 (0:00.000) d5 0 0 0",
            ),
            (
                "rnbqkbnr ppp-pppp -------- ---pN--- -------- -------- PPPPPPPP RNBQKB-R",
                "B",
                "-1 1 1 1 1 1 5 Robo Alice -1 3 2 39 39 180000 180000 2 N/f3-e5 (0:00.000) Ne5 0 1 0",
            ),
            (
                "r-bqkbnr pppnpppp -------- ---pN--- -------- -------- PPPPPPPP RNBQKB-R",
                "W",
                "-1 1 1 1 1 2 5 Robo Alice 1 3 2 39 39 180000 180000 3 N/b8-d7 (0:00.000) Nd7 0 1 0",
            ),
            (
                "r----bnr ppp-pppp -------- ---p---- -------- -------- PPPPPPPP RNBQKB-R",
                "B",
                "-1 1 1 0 0 0 5 Robo Alice -1 3 2 36 24 180000 180000 3 N/e5-d7 (0:00.000) Nxd7 0 1 0",
            ),
        ];
        for (ranks, turn, rest) in boards {
            assert_eq!(g.observe(&board(ranks, turn, rest)).unwrap(), Sync::Moved);
        }
        assert_eq!(
            g.position_command(),
            "position startpos moves g1f3 d7d5 f3e5 b8d7 e5d7"
        );
    }

    #[test]
    fn set_up_and_surprising_boards_start_from_their_fen() {
        // Black to move in a set-up position, untimed.
        let b = board(
            "----k--- -------P -------- -------- -------- -------- -------- ----K---",
            "B",
            "-1 0 0 0 0 0 9 Alice Robo 1 0 0 1 0 0 0 1 none (0:00.000) none 1 0 0",
        );
        let mut g = GameState::start(&b, "Robo", false).unwrap();
        assert_eq!(g.color, Color::Black);
        assert_eq!(
            g.position_command(),
            "position fen 4k3/7P/8/8/8/8/8/4K3 b - - 0 1"
        );
        assert_eq!(
            g.go_command(Duration::from_millis(500), None).0,
            "go movetime 500"
        );
        let three = Level::new(3).ok();
        assert_eq!(
            g.go_command(Duration::from_millis(500), three).0,
            "go depth 5 movetime 150"
        );
        // A board that does not follow (a takeback of two moves, say).
        let other = board(
            "----k--- -------- -------- -------- -------- -------- -------P ----K---",
            "B",
            "-1 0 0 0 0 0 9 Alice Robo 1 0 0 1 0 0 0 1 none (0:00.000) none 1 0 0",
        );
        assert_eq!(g.observe(&other).unwrap(), Sync::Restarted);
        assert_eq!(
            g.position_command(),
            "position fen 4k3/8/8/8/8/8/7P/4K3 b - - 0 1"
        );
        // Promotion goes out in the FICS form.
        let white = board(
            "----k--- -------P -------- -------- -------- -------- -------- ----K---",
            "W",
            "-1 0 0 0 0 0 9 Robo Alice 1 0 0 1 0 0 0 1 none (0:00.000) none 0 0 0",
        );
        let g = GameState::start(&white, "Robo", false).unwrap();
        assert_eq!(g.engine_move("h7h8q").unwrap(), "h7h8=q");
        assert!(GameState::start(&white, "Nobody", false).is_err());
    }

    #[test]
    fn an_atomic960_game_castles_the_chess960_way() {
        // RNBBQKRN (king f1, rook g1): O-O is the king onto the g1 rook.
        let b0 = board(
            "rnbbqkrn pppppppp -------- -------- -------- -------- PPPPPPPP RNBBQKRN",
            "W",
            "-1 1 1 1 1 0 5 Robo Alice 1 3 0 39 39 180000 180000 1 none (0:00.000) none 0 0 0",
        );
        let mut g = GameState::start(&b0, "Robo", true).unwrap();
        assert!(g.chess960());
        assert_eq!(
            g.position_command(),
            "position fen rnbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/RNBBQKRN w KQkq - 0 1"
        );
        assert!(g.legal_uci().contains(&"f1g1".to_string()));
        assert_eq!(g.engine_move("f1g1").unwrap(), "f1g1");
        let b1 = board(
            "rnbbqkrn pppppppp -------- -------- -------- -------- PPPPPPPP RNBBQRKN",
            "B",
            "-1 0 0 1 1 1 5 Robo Alice -1 3 0 39 39 180000 180000 1 o-o (0:00.000) O-O 0 0 0",
        );
        assert_eq!(g.observe(&b1).unwrap(), Sync::Moved);
        assert_eq!(
            g.position_command(),
            "position fen rnbbqkrn/pppppppp/8/8/8/8/PPPPPPPP/RNBBQKRN w KQkq - 0 1 moves f1g1"
        );
        // The same start read as atomic has no castling at all.
        let atomic = GameState::start(&b0, "Robo", false).unwrap();
        assert!(!atomic.chess960());
        assert!(!atomic.legal_uci().contains(&"f1g1".to_string()));
    }
}
