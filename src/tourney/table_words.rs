//! The words of the tables (`tables.rs`): headings, a knockout's
//! result, a bye, a match's state. Each has its English, as the tables and
//! the web API write it, and its catalogue line, for a person reading the
//! table in their language; the rows' data stays as it is.

use super::ByeKind;
use crate::event::Msg;
use crate::msg;

/// A line of a table that is words, not data: those who write the table
/// to a person take it from the message catalogue in their language
/// (`standings_messages`, `pairings_messages`); `standings_table` and
/// `pairings_table` write it in English.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Heading {
    /// How far the event is: after round `round` of `total`.
    After {
        round: u32,
        total: u32,
        in_progress: bool,
    },
    /// The column headings of a format's table.
    Columns(Columns),
    /// `Round 3`, over its pairings.
    Round(u32),
    /// Over an arena's games.
    GamesInProgress,
}

/// Which table's column headings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Columns {
    Swiss,
    RoundRobin,
    Arena,
    Knockout,
    /// A Swiss or round robin round's pairings.
    Pairings,
    /// An arena's games in progress.
    ArenaGames,
}

impl Heading {
    /// The heading in English, as the web API and the tests read it.
    pub fn english(self) -> String {
        match self {
            Heading::After {
                round,
                total,
                in_progress,
            } => {
                let state = if in_progress { " (in progress)" } else { "" };
                format!("Standings after round {round} of {total}{state}")
            }
            Heading::Columns(Columns::Swiss) => {
                " Rk Name              Rating   Pts  Buchholz     SB".to_string()
            }
            Heading::Columns(Columns::RoundRobin) => {
                " Rk Name              Rating   Pts     SB".to_string()
            }
            Heading::Columns(Columns::Arena) => {
                " Rk Name              Rating Points Games  Perf".to_string()
            }
            Heading::Columns(Columns::Knockout) => {
                " Rk Name              Rating  Result".to_string()
            }
            Heading::Columns(Columns::Pairings) => {
                " Bd White              Rtng   Pts  Result   Black              Rtng   Pts"
                    .to_string()
            }
            Heading::Columns(Columns::ArenaGames) => {
                "White                 Rtng  Black                 Rtng".to_string()
            }
            Heading::Round(r) => format!("Round {r}"),
            Heading::GamesInProgress => "Games in progress".to_string(),
        }
    }

    /// The heading as a catalogue line (`messages/*.ftl`, `tourney-standings-*`).
    pub fn message(self) -> Msg {
        match self {
            Heading::After {
                round,
                total,
                in_progress,
            } => msg!(
                "tourney-standings-after",
                round = round,
                total = total,
                progress = if in_progress { "yes" } else { "no" }
            ),
            Heading::Columns(Columns::Swiss) => msg!("tourney-standings-swiss"),
            Heading::Columns(Columns::RoundRobin) => msg!("tourney-standings-rr"),
            Heading::Columns(Columns::Arena) => msg!("tourney-standings-arena"),
            Heading::Columns(Columns::Knockout) => msg!("tourney-standings-ko"),
            Heading::Columns(Columns::Pairings) => msg!("tourney-pairings-columns"),
            Heading::Columns(Columns::ArenaGames) => msg!("tourney-pairings-arena"),
            Heading::Round(r) => msg!("tourney-pairings-round", round = r),
            Heading::GamesInProgress => msg!("tourney-pairings-arena-title"),
        }
    }
}

/// One line of a table: words, data, or data followed by words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableLine {
    Heading(Heading),
    Row(String),
    /// A knockout row and how far its player got.
    Knockout {
        row: String,
        result: KoResult,
    },
    /// An arena row whose player is on a winning streak.
    OnFire(String),
    /// A player without a game this round, and what it gives.
    Bye {
        row: String,
        kind: ByeKind,
    },
    /// A knockout match and where it stands.
    Match {
        row: String,
        state: MatchState,
    },
    /// A knockout player with nobody to play this round.
    KnockoutBye {
        name: String,
        rating: String,
    },
}

/// Where a knockout match stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MatchState {
    Won(String),
    /// Game `n` of the match is being played.
    Playing(u32),
    /// Game `n` is the next.
    Next(u32),
}

impl TableLine {
    /// The line in English, as the tables are written for the web API.
    pub fn english(&self) -> String {
        match self {
            TableLine::Heading(h) => h.english(),
            TableLine::Row(r) => r.clone(),
            TableLine::Knockout { row, result } => format!("{row}  {}", result.english()),
            TableLine::OnFire(r) => format!("{r} on fire"),
            TableLine::Bye { row, kind } => {
                let what = match kind {
                    ByeKind::Full => "bye (1 point)",
                    ByeKind::Half => "bye (1/2 point)",
                    ByeKind::Zero => "rest",
                };
                format!("{row}  {what}")
            }
            TableLine::Match { row, state } => {
                let state = match state {
                    MatchState::Won(name) => format!("{name} wins"),
                    MatchState::Playing(n) => format!("game {n} in progress"),
                    MatchState::Next(n) => format!("game {n} next"),
                };
                // Cut at the table's width, as it always was.
                format!("{row}  {state}")
                    .chars()
                    .take(super::tables::WIDTH)
                    .collect()
            }
            TableLine::KnockoutBye { name, rating } => format!("{name} ({rating}) bye"),
        }
    }

    /// The line as a catalogue line: its words in the reader's language.
    pub fn message(&self) -> Msg {
        match self {
            TableLine::Heading(h) => h.message(),
            TableLine::Row(r) => msg!("raw", text = r),
            TableLine::Knockout { row, result } => {
                msg!("tourney-row-ko", row = row, result = result.message())
            }
            TableLine::OnFire(r) => msg!("tourney-row-fire", row = r),
            TableLine::Bye { row, kind } => {
                let kind = match kind {
                    ByeKind::Full => "full",
                    ByeKind::Half => "half",
                    ByeKind::Zero => "zero",
                };
                msg!("tourney-row-bye", row = row, kind = kind)
            }
            TableLine::Match { row, state } => match state {
                MatchState::Won(name) => {
                    msg!(
                        "tourney-row-match",
                        row = row,
                        state = "won",
                        name = name,
                        game = 0
                    )
                }
                MatchState::Playing(n) => {
                    msg!(
                        "tourney-row-match",
                        row = row,
                        state = "playing",
                        name = "",
                        game = *n
                    )
                }
                MatchState::Next(n) => {
                    msg!(
                        "tourney-row-match",
                        row = row,
                        state = "next",
                        name = "",
                        game = *n
                    )
                }
            },
            TableLine::KnockoutBye { name, rating } => {
                msg!("tourney-row-ko-bye", name = name, rating = rating)
            }
        }
    }
}

/// How far a knockout player got: the last column of the standings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KoResult {
    Winner,
    In(Stage),
    LostIn(Stage),
}

/// A knockout round, named from the final down.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    Final,
    Semi,
    Quarter,
    Round(u32),
}

impl Stage {
    fn english(self) -> String {
        match self {
            Stage::Final => "final".to_string(),
            Stage::Semi => "semi-final".to_string(),
            Stage::Quarter => "quarter-final".to_string(),
            Stage::Round(r) => format!("round {r}"),
        }
    }

    fn key(self) -> (&'static str, u32) {
        match self {
            Stage::Final => ("final", 0),
            Stage::Semi => ("semi", 0),
            Stage::Quarter => ("quarter", 0),
            Stage::Round(r) => ("round", r),
        }
    }
}

impl KoResult {
    /// `winner`, `in final`, `lost in semi-final`.
    pub fn english(self) -> String {
        match self {
            KoResult::Winner => "winner".to_string(),
            KoResult::In(s) => format!("in {}", s.english()),
            KoResult::LostIn(s) => format!("lost in {}", s.english()),
        }
    }

    /// The result as a catalogue line (`tourney-ko-result`).
    pub fn message(self) -> Msg {
        let (result, stage) = match self {
            KoResult::Winner => ("winner", Stage::Final),
            KoResult::In(s) => ("in", s),
            KoResult::LostIn(s) => ("lost", s),
        };
        let (stage, round) = stage.key();
        msg!(
            "tourney-ko-result",
            result = result,
            stage = stage,
            round = round
        )
    }
}
