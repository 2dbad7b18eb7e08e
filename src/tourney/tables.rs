//! Plain text tables: standings, the pairings of a round, a crosstable.
//! Every line fits 79 columns (long names are cut, many rounds wrap), so
//! they read well in a telnet window. Lines end with `\n`; the server turns
//! them into `\n\r` like any other output.

use super::history::{self, Entry};
use super::standings::{Standing, quarters, standings};
use super::{ByeKind, Color, Format, GameResult, PlayerId, Points, Tournament, arena, knockout};
use std::fmt::Write;

/// The widest line any table produces.
pub const WIDTH: usize = 79;

/// `name` cut or padded to exactly `width` characters.
fn fit(name: &str, width: usize) -> String {
    let cut: String = name.chars().take(width).collect();
    format!("{cut:<width$}")
}

fn name(t: &Tournament, p: PlayerId) -> String {
    t.player(p)
        .map_or_else(|| format!("#{p}"), |p| p.name.clone())
}

/// The rating column: the number, or `----` without one.
fn rating(t: &Tournament, p: PlayerId) -> String {
    t.player(p)
        .map_or_else(|| "----".to_string(), |p| p.rating_text())
}

/// A line of the standings that is words, not data: those who write the
/// table to a person take it from the message catalogue in their
/// language ([`standings_messages`]); [`standings_table`] writes it in
/// English.
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
}

/// Which table's column headings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Columns {
    Swiss,
    RoundRobin,
    Arena,
    Knockout,
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
        }
    }

    /// The heading as a catalogue line (`messages/*.ftl`, `tourney-standings-*`).
    pub fn message(self) -> crate::event::Msg {
        use crate::msg;
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
    pub fn message(self) -> crate::event::Msg {
        let (result, stage) = match self {
            KoResult::Winner => ("winner", Stage::Final),
            KoResult::In(s) => ("in", s),
            KoResult::LostIn(s) => ("lost", s),
        };
        let (stage, round) = stage.key();
        crate::msg!(
            "tourney-ko-result",
            result = result,
            stage = stage,
            round = round
        )
    }
}

/// The standings as text, for any format, in English.
pub fn standings_table(t: &Tournament) -> String {
    let mut s = String::new();
    for line in standings_lines(t) {
        match line {
            TableLine::Heading(h) => s.push_str(&h.english()),
            TableLine::Row(r) => s.push_str(&r),
            TableLine::Knockout { row, result } => {
                let _ = write!(s, "{row}  {}", result.english());
            }
            TableLine::OnFire(r) => {
                let _ = write!(s, "{r} on fire");
            }
        }
        s.push('\n');
    }
    s
}

/// The standings as catalogue lines: the headings in the reader's
/// language, the rows as data.
pub fn standings_messages(t: &Tournament) -> Vec<crate::event::Msg> {
    standings_lines(t)
        .into_iter()
        .map(|line| match line {
            TableLine::Heading(h) => h.message(),
            TableLine::Row(r) => crate::msg!("raw", text = r),
            TableLine::Knockout { row, result } => {
                crate::msg!("tourney-row-ko", row = row, result = result.message())
            }
            TableLine::OnFire(r) => crate::msg!("tourney-row-fire", row = r),
        })
        .collect()
}

/// The standings, line by line, for any format.
pub fn standings_lines(t: &Tournament) -> Vec<TableLine> {
    let mut out = Vec::new();
    let round = t.current_round();
    let in_progress = !t.round_finished(round);
    match t.format() {
        Format::Swiss { rounds } => {
            out.push(TableLine::Heading(Heading::After {
                round,
                total: rounds,
                in_progress,
            }));
            out.push(TableLine::Heading(Heading::Columns(Columns::Swiss)));
            for st in standings(t) {
                out.push(TableLine::Row(format!(
                    "{:>3} {} {:>6} {:>5} {:>9} {:>6}",
                    st.rank,
                    fit(&name(t, st.player), 17),
                    rating(t, st.player),
                    st.points,
                    st.buchholz,
                    quarters(st.sonneborn_berger)
                )));
            }
        }
        Format::RoundRobin { .. } => {
            let total = super::roundrobin::total_rounds(t);
            out.push(TableLine::Heading(Heading::After {
                round,
                total,
                in_progress,
            }));
            out.push(TableLine::Heading(Heading::Columns(Columns::RoundRobin)));
            for st in standings(t) {
                out.push(TableLine::Row(format!(
                    "{:>3} {} {:>6} {:>5} {:>6}",
                    st.rank,
                    fit(&name(t, st.player), 17),
                    rating(t, st.player),
                    st.points,
                    quarters(st.sonneborn_berger)
                )));
            }
        }
        Format::Arena => {
            out.push(TableLine::Heading(Heading::Columns(Columns::Arena)));
            for (i, sh) in arena::ranking(t).iter().enumerate() {
                let perf = sh.performance.map_or("-".to_string(), |p| p.to_string());
                let row = format!(
                    "{:>3} {} {:>6} {:>6} {:>5} {:>5}",
                    i + 1,
                    fit(&name(t, sh.player), 17),
                    rating(t, sh.player),
                    sh.points,
                    sh.scores.len(),
                    perf
                );
                out.push(if sh.on_fire {
                    TableLine::OnFire(row)
                } else {
                    TableLine::Row(row)
                });
            }
        }
        Format::Knockout { .. } => {
            out.push(TableLine::Heading(Heading::Columns(Columns::Knockout)));
            for (i, (p, result)) in knockout_ranking(t).into_iter().enumerate() {
                let row = format!("{:>3} {} {:>6}", i + 1, fit(&name(t, p), 17), rating(t, p));
                out.push(TableLine::Knockout { row, result });
            }
        }
    }
    out
}

/// Knockout players from the champion down, with how far they got.
fn knockout_ranking(t: &Tournament) -> Vec<(PlayerId, KoResult)> {
    let b = knockout::bracket(t);
    let total = knockout::total_rounds(knockout::seeds(t).len());
    let stage = |r: u32| match total.saturating_sub(r) {
        0 => Stage::Final,
        1 => Stage::Semi,
        2 => Stage::Quarter,
        _ => Stage::Round(r),
    };
    let seeds = knockout::seeds(t);
    let mut rows: Vec<(u32, bool, usize, PlayerId, KoResult)> = Vec::new();
    for p in &seeds {
        let mut reached = 0;
        let mut alive = true;
        for m in b.rounds.iter().flatten() {
            if m.high == *p || m.low == Some(*p) {
                reached = m.round;
                alive = m.winner.is_none_or(|w| w == *p);
            }
        }
        let seed = seeds.iter().position(|q| q == p).unwrap_or(0);
        let result = if b.winner == Some(*p) {
            KoResult::Winner
        } else if alive {
            KoResult::In(stage(reached))
        } else {
            KoResult::LostIn(stage(reached))
        };
        rows.push((reached, alive, seed, *p, result));
    }
    rows.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)).then(a.2.cmp(&b.2)));
    rows.into_iter().map(|r| (r.3, r.4)).collect()
}

/// The pairings of `round` (Swiss, round robin, knockout), with points
/// before the round and results so far; for an arena, the games in
/// progress (`round` is ignored).
pub fn pairings_table(t: &Tournament, round: u32) -> String {
    let mut s = String::new();
    match t.format() {
        Format::Arena => {
            let _ = writeln!(s, "Games in progress");
            let _ = writeln!(s, "White                 Rtng  Black                 Rtng");
            for g in t.games().iter().filter(|g| g.result.is_none()) {
                let _ = writeln!(
                    s,
                    "{} {:>4}{} {} {:>4}{}",
                    fit(&name(t, g.white), 21),
                    rating(t, g.white),
                    if g.berserk_white { "B" } else { " " },
                    fit(&name(t, g.black), 21),
                    rating(t, g.black),
                    if g.berserk_black { " B" } else { "" }
                );
            }
        }
        Format::Knockout { .. } => {
            let b = knockout::bracket(t);
            let _ = writeln!(s, "Round {round}");
            for m in b
                .rounds
                .get(round.wrapping_sub(1) as usize)
                .into_iter()
                .flatten()
            {
                let _ = writeln!(s, "{}", match_line(t, m));
            }
        }
        Format::Swiss { .. } | Format::RoundRobin { .. } => {
            let records = history::records(t);
            let before = |p: PlayerId| {
                records
                    .iter()
                    .find(|r| r.id == p)
                    .map_or(Points::ZERO, |r| r.points_before(round))
            };
            let _ = writeln!(s, "Round {round}");
            let _ = writeln!(
                s,
                " Bd White              Rtng   Pts  Result   Black              Rtng   Pts"
            );
            let games = t.games().iter().filter(|g| g.round == round);
            for (i, g) in games.enumerate() {
                let result = g.result.map_or("*", GameResult::as_str);
                let _ = writeln!(
                    s,
                    "{:>3} {} {:>4} {:>5}  {:<7}  {} {:>4} {:>5}",
                    i + 1,
                    fit(&name(t, g.white), 18),
                    rating(t, g.white),
                    before(g.white),
                    result,
                    fit(&name(t, g.black), 18),
                    rating(t, g.black),
                    before(g.black)
                );
            }
            for b in t.byes().iter().filter(|b| b.round == round) {
                let what = match b.kind {
                    ByeKind::Full => "bye (1 point)",
                    ByeKind::Half => "bye (1/2 point)",
                    ByeKind::Zero => "rest",
                };
                let _ = writeln!(
                    s,
                    "    {} {:>4} {:>5}  {what}",
                    fit(&name(t, b.player), 18),
                    rating(t, b.player),
                    before(b.player)
                );
            }
        }
    }
    s
}

fn match_line(t: &Tournament, m: &knockout::Match) -> String {
    let Some(low) = m.low else {
        return format!("{} ({}) bye", name(t, m.high), rating(t, m.high));
    };
    let state = match m.winner {
        Some(w) => format!("{} wins", name(t, w)),
        None if m.playing => format!("game {} in progress", m.games + 1),
        None => format!("game {} next", m.games + 1),
    };
    let line = format!(
        "{} {:>4} {:>4} - {:<4} {} {:>4}  {}",
        fit(&name(t, m.high), 17),
        rating(t, m.high),
        m.high_points,
        m.low_points,
        fit(&name(t, low), 17),
        rating(t, low),
        state
    );
    line.chars().take(WIDTH).collect()
}

/// A crosstable: round by round for Swiss and round robin (`5w1` = against
/// the player ranked 5, white, won; `+`, `=`, `-` for byes and rests), the
/// game scores for an arena, the whole bracket for a knockout.
pub fn crosstable(t: &Tournament) -> String {
    match t.format() {
        Format::Swiss { .. } | Format::RoundRobin { .. } => round_crosstable(t),
        Format::Arena => arena_crosstable(t),
        Format::Knockout { .. } => {
            let mut s = String::new();
            for (i, round) in knockout::bracket(t).rounds.iter().enumerate() {
                let _ = writeln!(s, "Round {}", i + 1);
                for m in round {
                    let _ = writeln!(
                        s,
                        "  {}",
                        match_line(t, m).chars().take(WIDTH - 2).collect::<String>()
                    );
                }
            }
            s
        }
    }
}

/// Rounds shown per block of the round-by-round crosstable.
const ROUNDS_PER_BLOCK: usize = 8;

fn round_crosstable(t: &Tournament) -> String {
    let st: Vec<Standing> = standings(t);
    let records = history::records(t);
    let rank_of = |p: PlayerId| st.iter().position(|s| s.player == p).map_or(0, |i| i + 1);
    let rounds = t.current_round() as usize;
    let mut s = String::new();
    let mut first = 0;
    loop {
        let last = (first + ROUNDS_PER_BLOCK).min(rounds);
        let mut header = String::from(" Rk Name               Pts");
        for r in first..last {
            let _ = write!(header, " {:>5}", format!("R{}", r + 1));
        }
        let _ = writeln!(s, "{header}");
        for (i, line) in st.iter().enumerate() {
            let _ = write!(
                s,
                "{:>3} {} {:>5}",
                i + 1,
                fit(&name(t, line.player), 16),
                line.points
            );
            let Some(rec) = records.iter().find(|r| r.id == line.player) else {
                let _ = writeln!(s);
                continue;
            };
            for e in &rec.rounds[first..last] {
                let cell = match *e {
                    Entry::Game {
                        opponent,
                        colour,
                        result,
                    } => {
                        let c = if colour == Color::White { 'w' } else { 'b' };
                        let r = match result {
                            None => ' ',
                            Some(r) if r.is_forfeit() => {
                                if r.winner() == Some(colour) {
                                    '+'
                                } else {
                                    '-'
                                }
                            }
                            Some(r) => match r.points(colour).0 {
                                2 => '1',
                                1 => '=',
                                _ => '0',
                            },
                        };
                        format!("{}{c}{r}", rank_of(opponent))
                    }
                    Entry::Bye(ByeKind::Full) => "+".to_string(),
                    Entry::Bye(ByeKind::Half) => "=".to_string(),
                    Entry::Bye(ByeKind::Zero) | Entry::Absent => "-".to_string(),
                };
                let _ = write!(s, " {cell:>5}");
            }
            let _ = writeln!(s);
        }
        first = last;
        if first >= rounds {
            break;
        }
        let _ = writeln!(s);
    }
    s
}

fn arena_crosstable(t: &Tournament) -> String {
    let mut s = String::new();
    let indent = 27;
    for (i, sh) in arena::ranking(t).iter().enumerate() {
        let mut line = format!(
            "{:>3} {} {:>5} ",
            i + 1,
            fit(&name(t, sh.player), 16),
            sh.points
        );
        for score in &sh.scores {
            let cell = format!(" {score}");
            if line.chars().count() + cell.len() > WIDTH {
                let _ = writeln!(s, "{line}");
                line = " ".repeat(indent - 1);
            }
            line.push_str(&cell);
        }
        let _ = writeln!(s, "{line}");
    }
    s
}

#[cfg(test)]
#[path = "tables_tests.rs"]
mod tests;
