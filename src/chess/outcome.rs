//! How a game ends, in FICS terms.
//!
//! shakmaty only says who won; FICS needs the reason (`Bob's king
//! exploded`, `Game drawn by stalemate`), the result token and the short
//! end code of `history`. Decision 4 of docs/protocol.md fixes which ends are
//! automatic ([`AutoEnd`]) and which must be claimed with `draw`
//! ([`DrawClaim`]).

use shakmaty::Color;

/// A game that ended by itself with the last move, checked in this order
/// (docs/protocol.md decision 4): a king exploded, checkmate, stalemate, and then both
/// sides without mating material (shakmaty's atomic rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AutoEnd {
    /// A capture blew up `loser`'s king.
    KingExploded { loser: Color },
    /// `loser` is in check and has no legal move.
    Checkmate { loser: Color },
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// Neither side can ever win (`has_insufficient_material` for both).
    NoMaterial,
}

impl AutoEnd {
    /// The winner, or `None` for a draw.
    pub fn winner(self) -> Option<Color> {
        match self {
            AutoEnd::KingExploded { loser } | AutoEnd::Checkmate { loser } => Some(!loser),
            AutoEnd::Stalemate | AutoEnd::NoMaterial => None,
        }
    }

    /// The result token of the end line and PGN: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result(self) -> &'static str {
        result_token(self.winner())
    }

    /// The reason inside the end line `{Game N (W vs. B) <reason>} <result>`,
    /// e.g. `Bob's king exploded` or `Game drawn by stalemate`.
    pub fn reason(self, white: &str, black: &str) -> String {
        let name = |c: Color| if c == Color::White { white } else { black };
        match self {
            AutoEnd::KingExploded { loser } => format!("{}'s king exploded", name(loser)),
            AutoEnd::Checkmate { loser } => format!("{} checkmated", name(loser)),
            AutoEnd::Stalemate => "Game drawn by stalemate".to_owned(),
            AutoEnd::NoMaterial => "Neither player has mating material".to_owned(),
        }
    }

    /// The end code of `history` (`Kex` for an explosion is our own, FICS's
    /// is unknown).
    pub fn code(self) -> &'static str {
        match self {
            AutoEnd::KingExploded { .. } => "Kex",
            AutoEnd::Checkmate { .. } => "Mat",
            AutoEnd::Stalemate => "Sta",
            AutoEnd::NoMaterial => "NM",
        }
    }
}

/// A draw the player to move may claim with `draw` right now, as FICS
/// 1.6.2 `com_draw` checks it: the 50-move rule first, then repetition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawClaim {
    /// The current position has stood on the board three times since the
    /// last capture or pawn move.
    Repetition,
    /// 100 half-moves without a capture or a pawn move.
    FiftyMoves,
}

impl DrawClaim {
    /// The reason of the end line.
    pub fn reason(self) -> &'static str {
        match self {
            DrawClaim::Repetition => "Game drawn by repetition",
            DrawClaim::FiftyMoves => "Game drawn by the 50 move rule",
        }
    }

    /// The end code of `history`.
    pub fn code(self) -> &'static str {
        match self {
            DrawClaim::Repetition => "Rep",
            DrawClaim::FiftyMoves => "50",
        }
    }
}

/// `1-0`, `0-1`, or `1/2-1/2` when nobody won.
pub fn result_token(winner: Option<Color>) -> &'static str {
    match winner {
        Some(Color::White) => "1-0",
        Some(Color::Black) => "0-1",
        None => "1/2-1/2",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_and_results_read_as_fics_writes_them() {
        let e = AutoEnd::KingExploded {
            loser: Color::Black,
        };
        assert_eq!(e.reason("Alice", "Bob"), "Bob's king exploded");
        assert_eq!(e.result(), "1-0");
        let m = AutoEnd::Checkmate {
            loser: Color::White,
        };
        assert_eq!(m.reason("grogers", "siggemannen"), "grogers checkmated");
        assert_eq!(m.result(), "0-1");
        assert_eq!(AutoEnd::Stalemate.result(), "1/2-1/2");
        assert_eq!(
            AutoEnd::NoMaterial.reason("a", "b"),
            "Neither player has mating material"
        );
        assert_eq!(
            DrawClaim::FiftyMoves.reason(),
            "Game drawn by the 50 move rule"
        );
    }
}
