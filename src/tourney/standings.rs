//! Standings and tie-breaks, and (re-exported from `tables`) the plain
//! text tables the server shows.
//!
//! Swiss: points, then Buchholz, then Sonneborn–Berger, then pairing number.
//! Round robin: points, then Sonneborn–Berger. Arena: points, then
//! performance ([`super::arena::ranking`]). Knockout: how far one got
//! ([`super::knockout::bracket`]).
//!
//! Unplayed rounds (byes, forfeits, rounds missed by late entrants or after
//! a withdrawal) count, for the tie-breaks, as a game against a virtual
//! opponent with the player's own score (FIDE C.07, 2023, "dummy opponent"),
//! with the points the round gave. So a bye neither helps nor hurts one's
//! Buchholz, and a withdrawn opponent's missing rounds are not held against
//! the players he met.

use super::history::{self, Entry};
use super::{Format, PlayerId, Points, Tournament, swiss};

pub use super::tables::{
    crosstable, pairings_messages, pairings_table, standings_messages, standings_table,
};

/// One line of the standings of a Swiss or round robin.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// 1-based; players level on points and every tie-break share a rank.
    pub rank: usize,
    pub player: PlayerId,
    pub points: Points,
    /// Sum of the opponents' points (Swiss; also computed for round robin).
    pub buchholz: Points,
    /// Sum of (opponent's points × own result), in quarter points.
    pub sonneborn_berger: u32,
}

/// A value in quarter points as text: `12.25`, `3`, `0.5`.
pub fn quarters(q: u32) -> String {
    let frac = match q % 4 {
        0 => "",
        1 => ".25",
        2 => ".5",
        _ => ".75",
    };
    format!("{}{}", q / 4, frac)
}

/// The standings of a Swiss or round robin (empty for other formats).
pub fn standings(t: &Tournament) -> Vec<Standing> {
    let swiss = match t.format() {
        Format::Swiss { .. } => true,
        Format::RoundRobin { .. } => false,
        _ => return Vec::new(),
    };
    let records = history::records(t);
    let points_of = |id: PlayerId| {
        records
            .iter()
            .find(|r| r.id == id)
            .map_or(Points::ZERO, |r| r.points())
    };
    let mut out: Vec<Standing> = records
        .iter()
        .map(|rec| {
            let own = rec.points();
            let (mut buchholz, mut sb) = (0u32, 0u32);
            for e in &rec.rounds {
                match *e {
                    Entry::Game { result: None, .. } => {}
                    Entry::Game {
                        opponent,
                        colour,
                        result: Some(r),
                    } if !r.is_forfeit() => {
                        let opp = points_of(opponent).0;
                        buchholz += opp;
                        sb += opp * r.points(colour).0;
                    }
                    _ => {
                        // Unplayed: a virtual opponent with one's own score.
                        buchholz += own.0;
                        sb += own.0 * e.points().0;
                    }
                }
            }
            Standing {
                rank: 0,
                player: rec.id,
                points: own,
                buchholz: Points(buchholz),
                sonneborn_berger: sb,
            }
        })
        .collect();
    let numbers = swiss::pairing_numbers(t);
    let number = |p: PlayerId| numbers.iter().position(|&q| q == p);
    let key = |s: &Standing| {
        let b = if swiss { s.buchholz } else { Points::ZERO };
        (s.points, b, s.sonneborn_berger)
    };
    out.sort_by(|a, b| {
        key(b)
            .cmp(&key(a))
            .then(number(a.player).cmp(&number(b.player)))
    });
    for i in 0..out.len() {
        out[i].rank = if i > 0 && key(&out[i]) == key(&out[i - 1]) {
            out[i - 1].rank
        } else {
            i + 1
        };
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tourney::{Bye, ByeKind, Game, GameResult, Player};

    fn player(id: u32, name: &str) -> Player {
        Player {
            id: PlayerId(id),
            name: name.into(),
            rating: 2000 - id as i32,
            joined: 1,
            withdrawn: None,
        }
    }

    fn game(round: u32, w: u32, b: u32, r: GameResult) -> Game {
        Game {
            round,
            white: PlayerId(w),
            black: PlayerId(b),
            result: Some(r),
            plies: 40,
            berserk_white: false,
            berserk_black: false,
            finished: None,
        }
    }

    #[test]
    fn buchholz_and_sonneborn_berger_by_hand() {
        use GameResult::*;
        // Five players, two rounds.
        // R1: A-B 1-0, C-D 1/2, E bye (1).
        // R2: E-A 0-1, B-C 1-0, D bye (1).
        // Points: A 2, B 1, C 0.5, D 1.5, E 1.
        // Buchholz (opponents' points; a bye = own points):
        //   A: B 1 + E 1 = 2          B: A 2 + C 0.5 = 2.5
        //   C: D 1.5 + B 1 = 2.5      D: C 0.5 + own 1.5 = 2
        //   E: own 1 + A 2 = 3
        // Sonneborn-Berger (opponent's points x result):
        //   A: 1x1 + 1x1 = 2          B: 0 + 0.5x1 = 0.5
        //   C: 1.5x0.5 + 0 = 0.75     D: 0.5x0.5 + 1.5x1 = 1.75
        //   E: 1x1 + 0 = 1
        // Order: A (2), D (1.5), E/B (1: Buchholz 3 > 2.5), C.
        let t = Tournament::from_rows(
            Format::Swiss { rounds: 3 },
            0,
            ["A", "B", "C", "D", "E"]
                .iter()
                .enumerate()
                .map(|(i, n)| player(i as u32 + 1, n))
                .collect(),
            vec![
                game(1, 1, 2, WhiteWins),
                game(1, 3, 4, Draw),
                game(2, 5, 1, BlackWins),
                game(2, 2, 3, WhiteWins),
            ],
            vec![
                Bye {
                    round: 1,
                    player: PlayerId(5),
                    kind: ByeKind::Full,
                },
                Bye {
                    round: 2,
                    player: PlayerId(4),
                    kind: ByeKind::Full,
                },
            ],
        )
        .unwrap();
        let s = standings(&t);
        let got: Vec<(u32, usize, u32, u32, u32)> = s
            .iter()
            .map(|s| {
                (
                    s.player.0,
                    s.rank,
                    s.points.0,
                    s.buchholz.0,
                    s.sonneborn_berger,
                )
            })
            .collect();
        assert_eq!(
            got,
            [
                (1, 1, 4, 4, 8),
                (4, 2, 3, 4, 7),
                (5, 3, 2, 6, 4),
                (2, 4, 2, 5, 2),
                (3, 5, 1, 5, 3)
            ]
        );
        assert_eq!(quarters(7), "1.75");
        assert_eq!(quarters(8), "2");
    }

    #[test]
    fn shared_rank_on_a_full_tie() {
        use GameResult::*;
        let t = Tournament::from_rows(
            Format::RoundRobin { cycles: 1 },
            0,
            vec![player(1, "A"), player(2, "B")],
            vec![game(1, 1, 2, Draw)],
            vec![],
        )
        .unwrap();
        let s = standings(&t);
        assert_eq!((s[0].rank, s[1].rank), (1, 1));
        assert_eq!(s[0].player, PlayerId(1));
    }
}
