//! Plain text tables: standings, the pairings of a round, a crosstable.
//! Every line fits 79 columns (long names are cut, many rounds wrap), so
//! they read well in a telnet window. Lines end with `\n`; the server turns
//! them into `\n\r` like any other output.

use super::history::{self, Entry};
use super::standings::{Standing, quarters, standings};
use super::{ByeKind, Color, Format, GameResult, PlayerId, Points, Tournament, arena, knockout};
use std::fmt::Write;

pub use super::table_words::{Columns, Heading, KoResult, MatchState, Stage, TableLine};

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

/// The standings as text, for any format, in English.
pub fn standings_table(t: &Tournament) -> String {
    english(&standings_lines(t))
}

/// The standings as catalogue lines: the words in the reader's language,
/// the rows as data.
pub fn standings_messages(t: &Tournament) -> Vec<crate::event::Msg> {
    standings_lines(t).iter().map(TableLine::message).collect()
}

/// Lines in English, each ending in a newline.
fn english(lines: &[TableLine]) -> String {
    let mut s = String::new();
    for line in lines {
        s.push_str(&line.english());
        s.push('\n');
    }
    s
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
/// progress (`round` is ignored). In English.
pub fn pairings_table(t: &Tournament, round: u32) -> String {
    english(&pairings_lines(t, round))
}

/// The pairings as catalogue lines (see [`pairings_table`]).
pub fn pairings_messages(t: &Tournament, round: u32) -> Vec<crate::event::Msg> {
    pairings_lines(t, round)
        .iter()
        .map(TableLine::message)
        .collect()
}

/// The pairings, line by line (see [`pairings_table`]).
pub fn pairings_lines(t: &Tournament, round: u32) -> Vec<TableLine> {
    let mut out = Vec::new();
    match t.format() {
        Format::Arena => {
            out.push(TableLine::Heading(Heading::GamesInProgress));
            out.push(TableLine::Heading(Heading::Columns(Columns::ArenaGames)));
            for g in t.games().iter().filter(|g| g.result.is_none()) {
                out.push(TableLine::Row(format!(
                    "{} {:>4}{} {} {:>4}{}",
                    fit(&name(t, g.white), 21),
                    rating(t, g.white),
                    if g.berserk_white { "B" } else { " " },
                    fit(&name(t, g.black), 21),
                    rating(t, g.black),
                    if g.berserk_black { " B" } else { "" }
                )));
            }
        }
        Format::Knockout { .. } => {
            let b = knockout::bracket(t);
            out.push(TableLine::Heading(Heading::Round(round)));
            for m in b
                .rounds
                .get(round.wrapping_sub(1) as usize)
                .into_iter()
                .flatten()
            {
                out.push(match_line(t, m));
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
            out.push(TableLine::Heading(Heading::Round(round)));
            out.push(TableLine::Heading(Heading::Columns(Columns::Pairings)));
            let games = t.games().iter().filter(|g| g.round == round);
            for (i, g) in games.enumerate() {
                let result = g.result.map_or("*", GameResult::as_str);
                out.push(TableLine::Row(format!(
                    "{:>3} {} {:>4} {:>5}  {:<7}  {} {:>4} {:>5}",
                    i + 1,
                    fit(&name(t, g.white), 18),
                    rating(t, g.white),
                    before(g.white),
                    result,
                    fit(&name(t, g.black), 18),
                    rating(t, g.black),
                    before(g.black)
                )));
            }
            for b in t.byes().iter().filter(|b| b.round == round) {
                let row = format!(
                    "    {} {:>4} {:>5}",
                    fit(&name(t, b.player), 18),
                    rating(t, b.player),
                    before(b.player)
                );
                out.push(TableLine::Bye { row, kind: b.kind });
            }
        }
    }
    out
}

fn match_line(t: &Tournament, m: &knockout::Match) -> TableLine {
    let Some(low) = m.low else {
        return TableLine::KnockoutBye {
            name: name(t, m.high),
            rating: rating(t, m.high),
        };
    };
    let state = match m.winner {
        Some(w) => MatchState::Won(name(t, w)),
        None if m.playing => MatchState::Playing(m.games + 1),
        None => MatchState::Next(m.games + 1),
    };
    let row = format!(
        "{} {:>4} {:>4} - {:<4} {} {:>4}",
        fit(&name(t, m.high), 17),
        rating(t, m.high),
        m.high_points,
        m.low_points,
        fit(&name(t, low), 17),
        rating(t, low)
    );
    TableLine::Match { row, state }
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
                        match_line(t, m)
                            .english()
                            .chars()
                            .take(WIDTH - 2)
                            .collect::<String>()
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
