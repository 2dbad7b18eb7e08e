//! Why a game ended, as a value: every end the server knows, each with the
//! side it concerns. The end line's reason is rendered from it, in the
//! reader's language; the store keeps the English reason (`history`, PGN
//! and the API show what was stored).

use serde::{Serialize, Serializer};
use shakmaty::Color;

use crate::chess::{AutoEnd, DrawClaim};

/// `white` or `black` in JSON.
fn side<S: Serializer>(c: &Color, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(if *c == Color::White { "white" } else { "black" })
}

/// How a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "end", rename_all = "snake_case")]
pub enum EndKind {
    /// A capture blew up `loser`'s king.
    KingExploded {
        #[serde(serialize_with = "side")]
        loser: Color,
    },
    Checkmated {
        #[serde(serialize_with = "side")]
        loser: Color,
    },
    Stalemate,
    NoMaterial,
    Resigned {
        #[serde(serialize_with = "side")]
        loser: Color,
    },
    /// `loser`'s flag fell and the opponent can mate.
    Flagged {
        #[serde(serialize_with = "side")]
        loser: Color,
    },
    /// `loser`'s flag fell but the opponent has no mating material.
    FlaggedNoMaterial {
        #[serde(serialize_with = "side")]
        loser: Color,
    },
    DrawAgreed,
    AbortAgreed,
    AdjournAgreed,
    Repetition,
    FiftyMoves,
    /// Aborted with `abort` before the second half-move.
    AbortedOnMove1,
    /// `loser` stayed away past the reconnection grace.
    Disconnected {
        #[serde(serialize_with = "side")]
        loser: Color,
    },
    /// `who` dropped before the game had two half-moves.
    LostConnectionAborted {
        #[serde(serialize_with = "side")]
        who: Color,
    },
    BothLostConnection,
    /// `who` dropped from a game between registered players.
    LostConnectionAdjourned {
        #[serde(serialize_with = "side")]
        who: Color,
    },
    /// An admin's verdict: a win for `winner`, or a draw.
    Adjudicated {
        #[serde(serialize_with = "maybe_side")]
        winner: Option<Color>,
    },
    AbortedByAdjudication,
    ShutdownAdjourned,
    ShutdownAborted,
}

fn maybe_side<S: Serializer>(c: &Option<Color>, s: S) -> Result<S::Ok, S::Error> {
    match c {
        Some(c) => side(c, s),
        None => s.serialize_none(),
    }
}

/// What a finished, aborted or adjourned game comes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Win(Color),
    Draw,
    Aborted,
    Adjourned,
}

impl EndKind {
    /// The rules' own end of a game.
    pub fn auto(end: AutoEnd) -> EndKind {
        match end {
            AutoEnd::KingExploded { loser } => EndKind::KingExploded { loser },
            AutoEnd::Checkmate { loser } => EndKind::Checkmated { loser },
            AutoEnd::Stalemate => EndKind::Stalemate,
            AutoEnd::NoMaterial => EndKind::NoMaterial,
        }
    }

    /// A claimed draw.
    pub fn claim(claim: DrawClaim) -> EndKind {
        match claim {
            DrawClaim::Repetition => EndKind::Repetition,
            DrawClaim::FiftyMoves => EndKind::FiftyMoves,
        }
    }

    /// What the game comes to.
    pub fn outcome(self) -> Outcome {
        use EndKind::*;
        match self {
            KingExploded { loser }
            | Checkmated { loser }
            | Resigned { loser }
            | Flagged { loser }
            | Disconnected { loser } => Outcome::Win(!loser),
            Adjudicated {
                winner: Some(winner),
            } => Outcome::Win(winner),
            Stalemate
            | NoMaterial
            | FlaggedNoMaterial { .. }
            | DrawAgreed
            | Repetition
            | FiftyMoves
            | Adjudicated { winner: None } => Outcome::Draw,
            AbortAgreed
            | AbortedOnMove1
            | LostConnectionAborted { .. }
            | BothLostConnection
            | AbortedByAdjudication
            | ShutdownAborted => Outcome::Aborted,
            AdjournAgreed | LostConnectionAdjourned { .. } | ShutdownAdjourned => {
                Outcome::Adjourned
            }
        }
    }

    /// The `history` end code (`Res`), empty for an abort.
    pub fn code(self) -> &'static str {
        use EndKind::*;
        match self {
            KingExploded { .. } | Checkmated { .. } | Stalemate | NoMaterial => {
                self.as_auto().map_or("", AutoEnd::code)
            }
            Resigned { .. } => "Res",
            Flagged { .. } => "Fla",
            FlaggedNoMaterial { .. } => "TM",
            DrawAgreed => "Agr",
            Repetition => DrawClaim::Repetition.code(),
            FiftyMoves => DrawClaim::FiftyMoves.code(),
            Disconnected { .. } => "Dis",
            Adjudicated { .. } => "Adj",
            AdjournAgreed | LostConnectionAdjourned { .. } | ShutdownAdjourned => "Adj",
            AbortAgreed
            | AbortedOnMove1
            | LostConnectionAborted { .. }
            | BothLostConnection
            | AbortedByAdjudication
            | ShutdownAborted => "",
        }
    }

    fn as_auto(self) -> Option<AutoEnd> {
        match self {
            EndKind::KingExploded { loser } => Some(AutoEnd::KingExploded { loser }),
            EndKind::Checkmated { loser } => Some(AutoEnd::Checkmate { loser }),
            EndKind::Stalemate => Some(AutoEnd::Stalemate),
            EndKind::NoMaterial => Some(AutoEnd::NoMaterial),
            _ => None,
        }
    }
}
