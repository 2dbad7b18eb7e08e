//! What the bot plays when its engine answers an illegal move.
//!
//! Fairy-Stockfish's own notes say its atomic may, rarely, play an illegal
//! move; a server that takes the move as sent would make the bot forfeit
//! for the engine's mistake. Every `bestmove` is checked against the
//! server's rules first ([`GameState::engine_move`]); on an illegal one the
//! bot asks the engine again, for its [`LINES`] best lines (`MultiPV`)
//! among the legal moves only (`searchmoves`), and plays the best-ranked
//! legal move of that answer. An engine that still names nothing legal
//! gets the first legal move played for it: the game goes on either way,
//! and the log says what happened.

use std::collections::BTreeMap;
use std::time::Duration;

use super::game::GameState;
use super::level::Level;

/// Lines the second search asks for.
pub const LINES: u32 = 5;

/// The longest the second search may take.
const MOST: Duration = Duration::from_secs(1);

/// The second search: its `go` and how long it may take.
pub fn go_command(g: &GameState, level: Option<Level>) -> (String, Duration) {
    let think = (g.my_clock() / 20).clamp(Duration::from_millis(10), MOST);
    let depth = level.map_or(String::new(), |l| format!("depth {} ", l.depth()));
    let moves = g.legal_uci().join(" ");
    (
        format!(
            "go {depth}movetime {} searchmoves {moves}",
            think.as_millis()
        ),
        think + super::game::HANG_GRACE,
    )
}

/// How the move of a second search was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice {
    /// The engine's line of this rank (1 is its best) was legal.
    Line { rank: u32, mv: String },
    /// No line was legal, but its `bestmove` was.
    Best(String),
    /// Nothing it said was legal: the first legal move.
    FirstLegal(String),
    /// There is no legal move at all (the game is over).
    None,
}

impl Choice {
    /// The move to send, as the server takes it.
    pub fn mv(&self) -> Option<&str> {
        match self {
            Choice::Line { mv, .. } | Choice::Best(mv) | Choice::FirstLegal(mv) => Some(mv),
            Choice::None => None,
        }
    }
}

/// The move to play after a second search that gave these `lines` (the
/// first move of each, by rank) and this `bestmove`.
pub fn choose(g: &GameState, lines: &BTreeMap<u32, String>, bestmove: &str) -> Choice {
    for (rank, uci) in lines {
        if let Ok(mv) = g.engine_move(uci) {
            return Choice::Line { rank: *rank, mv };
        }
    }
    if let Ok(mv) = g.engine_move(bestmove) {
        return Choice::Best(mv);
    }
    match g.legal_uci().first().and_then(|m| g.engine_move(m).ok()) {
        Some(mv) => Choice::FirstLegal(mv),
        None => Choice::None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::fics::Board12;

    fn start() -> GameState {
        let b = Board12::parse(
            "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 5 Robo Alice 1 3 0 39 39 180000 180000 1 none (0:00.000) none 0 0 0",
        )
        .unwrap();
        GameState::start(&b, "Robo", false).unwrap()
    }

    #[test]
    fn the_best_ranked_legal_line_is_played() {
        let g = start();
        let lines: BTreeMap<u32, String> = [(1, "e2e5"), (2, "zz"), (3, "g1f3"), (4, "e2e4")]
            .into_iter()
            .map(|(r, m)| (r, m.to_string()))
            .collect();
        assert_eq!(
            choose(&g, &lines, "e2e5"),
            Choice::Line {
                rank: 3,
                mv: "g1f3".into()
            }
        );
        assert_eq!(
            choose(&g, &BTreeMap::new(), "d2d4"),
            Choice::Best("d2d4".into())
        );
        let first = choose(&g, &BTreeMap::new(), "a1a8");
        assert!(matches!(first, Choice::FirstLegal(_)), "{first:?}");
        assert!(g.engine_move(first.mv().unwrap()).is_ok());
        let (go, limit) = go_command(&g, None);
        assert!(go.starts_with("go movetime 1000 searchmoves "), "{go}");
        assert_eq!(go.split_whitespace().count(), 4 + 20);
        assert!(limit > Duration::from_secs(1));
        let (go, _) = go_command(&g, Level::new(2).ok());
        assert!(
            go.starts_with("go depth 5 movetime 1000 searchmoves "),
            "{go}"
        );
    }
}
