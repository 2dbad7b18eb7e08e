//! FIDE Tournament Report File (TRF-16, Handbook C.04 Annex 2), so that
//! anyone can check our Swiss pairings with an outside pairing program
//! (bbpPairings, JaVaFo: `--check`).
//!
//! Header lines `012` name, `022` city, `032` federation, `042`/`052`
//! start/end date, `062` players, `072` rated players, `092` type, `102`
//! arbiter, `122` time control, then JaVaFo's extensions `XXR` (rounds)
//! and `XXC` (colour of pairing number 1 in round 1). Then one `001` line
//! per player, in pairing-number order:
//!
//! ```text
//! cols  1-3  001          5-8  pairing number   15-47 name
//!      49-52 rating     81-84  points           86-89 rank
//!      92-95 opponent (0000 none)  97 colour w/b/-  99 result
//!      and every 10 columns further on for the next round
//! ```
//!
//! Results: `1 = 0` played games, `+ -` forfeits, `U` pairing-allocated
//! bye, `F` full-point bye (round robin walkover), `H` half-point bye, `Z`
//! not paired. Only finished rounds are written; a player withdrawn before
//! the round in progress gets `0000 - -` in that round, JaVaFo's way of
//! saying "do not pair", so the outside program pairs the same field.

use super::history::{self, Entry};
use super::{ByeKind, Color, Format, Points, Tournament, swiss};
use std::fmt::Write;

/// The free-text header fields; empty ones are still written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Header {
    pub name: String,
    pub city: String,
    pub federation: String,
    /// `YYYY/MM/DD`.
    pub start_date: String,
    pub end_date: String,
    pub arbiter: String,
    /// E.g. `3+2`.
    pub time_control: String,
}

/// Places `text` so that it ends in 1-based column `end` (right-aligned in
/// a field of `width`), or starts at `end - width + 1` when left-aligned.
fn put(line: &mut Vec<char>, end: usize, width: usize, text: &str, left: bool) {
    if line.len() < end {
        line.resize(end, ' ');
    }
    let chars: Vec<char> = text.chars().take(width).collect();
    let start = if left { end - width } else { end - chars.len() };
    for (i, c) in chars.into_iter().enumerate() {
        line[start + i] = c;
    }
}

/// The TRF text of `t` (Swiss or round robin; other formats give only the
/// header and players without rounds). Lines end with `\n`.
pub fn write(t: &Tournament, h: &Header) -> String {
    let (rounds, kind) = match t.format() {
        Format::Swiss { rounds } => (rounds, "Individual: Swiss-System"),
        Format::RoundRobin { .. } => (
            super::roundrobin::total_rounds(t),
            "Individual: Round-Robin",
        ),
        Format::Arena => (0, "Individual: Arena"),
        Format::Knockout { .. } => (0, "Individual: Knockout"),
    };
    let current = t.current_round();
    let complete = if t.round_finished(current) {
        current
    } else {
        current.saturating_sub(1)
    };
    let records = history::records(t);
    let numbers = swiss::pairing_numbers(t);
    let number_of = |id| numbers.iter().position(|&p| p == id).map_or(0, |i| i + 1);
    let points = |id| {
        records
            .iter()
            .find(|r| r.id == id)
            .map_or(Points::ZERO, |r| r.points_before(complete + 1))
    };
    // Rank after the finished rounds: points, then pairing number (the
    // tie-breaks of the standings need every round; TRF readers recompute
    // their own anyway).
    let mut ranked = numbers.clone();
    ranked.sort_by_key(|&id| (std::cmp::Reverse(points(id)), number_of(id)));

    let mut s = String::new();
    let rated = t.players().iter().filter(|p| p.rating > 0).count();
    let _ = writeln!(s, "012 {}", h.name);
    let _ = writeln!(s, "022 {}", h.city);
    let _ = writeln!(s, "032 {}", h.federation);
    let _ = writeln!(s, "042 {}", h.start_date);
    let _ = writeln!(s, "052 {}", h.end_date);
    let _ = writeln!(s, "062 {}", t.players().len());
    let _ = writeln!(s, "072 {rated}");
    let _ = writeln!(s, "092 {kind}");
    let _ = writeln!(s, "102 {}", h.arbiter);
    let _ = writeln!(s, "122 {}", h.time_control);
    if matches!(t.format(), Format::Swiss { .. } | Format::RoundRobin { .. }) {
        let _ = writeln!(s, "XXR {rounds}");
        let first = match swiss::initial_colour(t) {
            Color::White => "white1",
            Color::Black => "black1",
        };
        let _ = writeln!(s, "XXC {first}");
    } else {
        // No rounds to report for arena and knockout.
        return finish_players(s, t, &numbers, &ranked, &points);
    }

    let full_bye = if matches!(t.format(), Format::Swiss { .. }) {
        'U'
    } else {
        'F'
    };
    for &id in &numbers {
        let Some(rec) = records.iter().find(|r| r.id == id) else {
            continue;
        };
        let mut line = player_columns(t, id, number_of(id), points(id), &ranked);
        for r in 1..=complete {
            let (opp, colour, result) = match rec.rounds[r as usize - 1] {
                Entry::Game {
                    opponent,
                    colour,
                    result: Some(res),
                } => {
                    let c = if colour == Color::White { "w" } else { "b" };
                    let mark = match (res.is_forfeit(), res.points(colour).0) {
                        (true, 2) => '+',
                        (true, _) => '-',
                        (false, 2) => '1',
                        (false, 1) => '=',
                        (false, _) => '0',
                    };
                    (format!("{:>4}", number_of(opponent)), c, mark)
                }
                Entry::Bye(ByeKind::Full) => ("0000".into(), "-", full_bye),
                Entry::Bye(ByeKind::Half) => ("0000".into(), "-", 'H'),
                _ => ("0000".into(), "-", 'Z'),
            };
            let base = 10 * (r as usize - 1);
            put(&mut line, 95 + base, 4, &opp, false);
            put(&mut line, 97 + base, 1, colour, false);
            put(&mut line, 99 + base, 1, &result.to_string(), false);
        }
        let next = complete + 1;
        let out = t
            .player(id)
            .is_some_and(|p| !p.active_in(next) && p.withdrawn.is_some());
        if next <= rounds && out {
            let base = 10 * (next as usize - 1);
            put(&mut line, 95 + base, 4, "0000", false);
            put(&mut line, 97 + base, 1, "-", false);
            put(&mut line, 99 + base, 1, "-", false);
        }
        let text: String = line.into_iter().collect();
        let _ = writeln!(s, "{}", text.trim_end());
    }
    s
}

/// Columns 1–89 of a player line.
fn player_columns(
    t: &Tournament,
    id: super::PlayerId,
    number: usize,
    points: Points,
    ranked: &[super::PlayerId],
) -> Vec<char> {
    let mut line = Vec::new();
    put(&mut line, 3, 3, "001", false);
    put(&mut line, 8, 4, &number.to_string(), false);
    let p = t.player(id);
    put(&mut line, 47, 33, p.map_or("", |p| p.name.as_str()), true);
    let rating = p.map_or(0, |p| p.rating);
    if (1..=9999).contains(&rating) {
        put(&mut line, 52, 4, &rating.to_string(), false);
    }
    put(&mut line, 84, 4, &points.to_string(), false);
    let rank = ranked.iter().position(|&q| q == id).map_or(0, |i| i + 1);
    put(&mut line, 89, 4, &rank.to_string(), false);
    line
}

fn finish_players(
    mut s: String,
    t: &Tournament,
    numbers: &[super::PlayerId],
    ranked: &[super::PlayerId],
    points: &dyn Fn(super::PlayerId) -> Points,
) -> String {
    for (i, &id) in numbers.iter().enumerate() {
        let line: String = player_columns(t, id, i + 1, points(id), ranked)
            .into_iter()
            .collect();
        let _ = writeln!(s, "{}", line.trim_end());
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tourney::{GameResult, RoundPairing, roundrobin};

    fn swiss_played() -> Tournament {
        // Three players, two rounds of three; p2 withdraws after round 2.
        let mut t = Tournament::new(Format::Swiss { rounds: 3 }, 0);
        for (n, r) in [
            ("Alpha, Ann", 2100),
            ("Beta, Bo", 2000),
            ("Gamma, Cy", 1900),
        ] {
            t.join(n, r).unwrap();
        }
        for res in [GameResult::WhiteWins, GameResult::Draw] {
            let rp: RoundPairing = swiss::pair_round(&t).unwrap();
            t.add_round(&rp).unwrap();
            for g in &rp.games {
                t.record_result(g.white, g.black, res, 30).unwrap();
            }
        }
        let bo = t.player_by_name("Beta, Bo").unwrap().id;
        t.leave(bo).unwrap();
        t
    }

    #[test]
    fn columns_follow_trf16() {
        let t = swiss_played();
        let h = Header {
            name: "Atomic Swiss".into(),
            start_date: "2025/01/02".into(),
            time_control: "3+0".into(),
            ..Header::default()
        };
        let text = write(&t, &h);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "012 Atomic Swiss");
        assert_eq!(lines[3], "042 2025/01/02");
        assert_eq!(lines[5], "062 3");
        assert_eq!(lines[7], "092 Individual: Swiss-System");
        assert_eq!(lines[10], "XXR 3");
        assert_eq!(lines[11], "XXC white1");
        // R1: Gamma bye, Alpha-Beta 1-0. R2: bye to Beta (lowest without
        // one), Gamma (1, no colour) - Alpha (wants black) draw.
        // Points: Alpha 1.5, Gamma 1.5, Beta 1. Rank: by points, then number.
        let expected = [
            "001    1      Alpha, Ann                        2100                             1.5    1     2 w 1     3 b =",
            "001    2      Beta, Bo                          2000                             1.0    3     1 b 0  0000 - U  0000 - -",
            "001    3      Gamma, Cy                         1900                             1.5    2  0000 - U     1 w =",
        ];
        assert_eq!(&lines[12..], &expected);
        // Spot checks against the column table of the spec (1-based).
        let beta = lines[13];
        assert_eq!(&beta[0..3], "001");
        assert_eq!(&beta[4..8], "   2");
        assert_eq!(&beta[14..22], "Beta, Bo");
        assert_eq!(&beta[48..52], "2000");
        assert_eq!(&beta[80..84], " 1.0");
        assert_eq!(&beta[85..89], "   3");
        assert_eq!(&beta[91..95], "   1");
        assert_eq!(&beta[96..97], "b");
        assert_eq!(&beta[98..99], "0");
        assert_eq!(&beta[101..105], "0000");
        assert_eq!(&beta[108..109], "U");
    }

    #[test]
    fn unfinished_round_is_left_out() {
        let mut t = Tournament::new(Format::Swiss { rounds: 3 }, 0);
        for n in ["a", "b", "c", "d"] {
            t.join(n, 1500).unwrap();
        }
        for finish in [true, false] {
            let rp = swiss::pair_round(&t).unwrap();
            t.add_round(&rp).unwrap();
            for g in rp.games.iter().filter(|_| finish) {
                t.record_result(g.white, g.black, GameResult::Draw, 30)
                    .unwrap();
            }
        }
        let text = write(&t, &Header::default());
        // One round per line: round 2 is in progress.
        let a = text.lines().find(|l| l.contains(" a ")).unwrap();
        assert_eq!(a.len(), 99, "{a:?}");
    }

    #[test]
    fn round_robin_rest_and_header() {
        let mut t = Tournament::new(Format::RoundRobin { cycles: 1 }, 0);
        for n in ["a", "b", "c"] {
            t.join(n, 1500).unwrap();
        }
        let rp = roundrobin::pair_round(&t).unwrap();
        t.add_round(&rp).unwrap();
        for g in &rp.games {
            t.record_result(g.white, g.black, GameResult::BlackWins, 30)
                .unwrap();
        }
        let text = write(&t, &Header::default());
        assert!(text.contains("092 Individual: Round-Robin\n"));
        assert!(text.contains("XXR 3\n"));
        assert_eq!(text.lines().filter(|l| l.ends_with("0000 - Z")).count(), 1);
    }

    #[test]
    fn other_formats_list_players_only() {
        let mut t = Tournament::new(Format::Arena, 0);
        t.join("x", 1500).unwrap();
        let text = write(&t, &Header::default());
        let x = text.lines().last().unwrap();
        assert_eq!(
            (&x[14..15], &x[48..52], &x[80..84], &x[85..89]),
            ("x", "1500", " 0.0", "   1")
        );
        assert!(!text.contains("XXR"));
    }
}
