//! Round robin on the FIDE Berger tables (Handbook C.05, Annex 1), single
//! or double.
//!
//! * Berger numbers are drawn by lot (from the tournament's seed) among the
//!   players entered when round 1 is paired; nobody can join afterwards.
//! * With an odd number of players a dummy takes the last number; whoever
//!   meets the dummy rests that round (a zero-point bye, as in the tables).
//! * A double round robin plays the same tables again with colours reversed.
//! * A withdrawn player's remaining games are not played: each opponent gets
//!   a full-point bye for that round (the games already played stand).

use super::{Bye, ByeKind, Error, Format, Pairing, PlayerId, RoundPairing, SplitMix64, Tournament};

/// Round `round` (1 ..= n-1) of the Berger table for an even `n`: pairs of
/// Berger numbers (1 ..= n), white first, table 1 first.
///
/// Round 1 is 1-n, 2-(n-1), ..., n/2-(n/2+1). Each later round adds n/2 to
/// every number but n (modulo n-1, within 1 ..= n-1); n plays on table 1,
/// with black in odd rounds and white in even ones.
pub fn berger_round(n: u32, round: u32) -> Vec<(u32, u32)> {
    if n < 2 || n % 2 == 1 || round == 0 || round >= n {
        return Vec::new();
    }
    let k = round - 1;
    let f = |x: u32| (x - 1 + k * (n / 2)) % (n - 1) + 1;
    let mut out = Vec::with_capacity(n as usize / 2);
    out.push(if round.is_multiple_of(2) {
        (n, f(1))
    } else {
        (f(1), n)
    });
    for i in 2..=n / 2 {
        out.push((f(i), f(n + 1 - i)));
    }
    out
}

/// The players by Berger number (index 0 holds number 1), drawn by lot.
pub fn berger_numbers(t: &Tournament) -> Vec<PlayerId> {
    let mut ids: Vec<PlayerId> = t
        .players()
        .iter()
        .filter(|p| p.joined <= 1)
        .map(|p| p.id)
        .collect();
    ids.sort();
    SplitMix64::new(t.seed()).shuffle(&mut ids);
    ids
}

/// How many rounds the tournament has.
pub fn total_rounds(t: &Tournament) -> u32 {
    match t.format() {
        Format::RoundRobin { cycles } => {
            let n = berger_numbers(t).len() as u32;
            let per_cycle = if n < 2 { 0 } else { n + n % 2 - 1 };
            per_cycle * cycles
        }
        _ => 0,
    }
}

/// True when every round is paired and finished.
pub fn is_over(t: &Tournament) -> bool {
    matches!(t.format(), Format::RoundRobin { .. })
        && t.current_round() >= total_rounds(t)
        && t.round_finished(t.current_round())
}

/// Pairs the next round. The previous round must be finished.
pub fn pair_round(t: &Tournament) -> Result<RoundPairing, Error> {
    let Format::RoundRobin { .. } = t.format() else {
        return Err(Error::WrongFormat);
    };
    let numbers = berger_numbers(t);
    if numbers.len() < 2 {
        return Err(Error::NotEnoughPlayers);
    }
    let current = t.current_round();
    if current >= total_rounds(t) {
        return Err(Error::Finished);
    }
    if !t.round_finished(current) {
        return Err(Error::RoundInProgress);
    }
    let round = current + 1;
    let n = numbers.len() as u32;
    let even = n + n % 2;
    let per_cycle = even - 1;
    let reversed = ((round - 1) / per_cycle) % 2 == 1;
    let in_play = |number: u32| -> Option<(PlayerId, bool)> {
        let id = *numbers.get(number as usize - 1)?;
        let active = t.player(id).is_some_and(|p| p.active_in(round));
        Some((id, active))
    };
    let mut rp = RoundPairing {
        round,
        ..RoundPairing::default()
    };
    for (w, b) in berger_round(even, (round - 1) % per_cycle + 1) {
        let (w, b) = if reversed { (b, w) } else { (w, b) };
        let bye = |player, kind| Bye {
            round,
            player,
            kind,
        };
        match (in_play(w), in_play(b)) {
            (Some((w, true)), Some((b, true))) => rp.games.push(Pairing::new(w, b)),
            (Some((p, true)), Some(_)) | (Some(_), Some((p, true))) => {
                rp.byes.push(bye(p, ByeKind::Full))
            }
            (Some((p, true)), None) | (None, Some((p, true))) => {
                rp.byes.push(bye(p, ByeKind::Zero))
            }
            _ => {}
        }
    }
    Ok(rp)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tourney::GameResult;

    fn table(n: u32) -> Vec<String> {
        (1..n)
            .map(|r| {
                berger_round(n, r)
                    .iter()
                    .map(|(w, b)| format!("{w}-{b}"))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }

    #[test]
    fn fide_berger_tables() {
        // FIDE Handbook C.05 Annex 1, tables for 3-4 and 5-6 players.
        assert_eq!(table(4), ["1-4 2-3", "4-3 1-2", "2-4 3-1"]);
        assert_eq!(
            table(6),
            [
                "1-6 2-5 3-4",
                "6-4 5-3 1-2",
                "2-6 3-1 4-5",
                "6-5 1-4 2-3",
                "3-6 4-2 5-1"
            ]
        );
        // 7-8 players, first three rounds.
        assert_eq!(
            table(8)[..3],
            ["1-8 2-7 3-6 4-5", "8-5 6-4 7-3 1-2", "2-8 3-1 4-7 5-6"]
        );
        assert_eq!(table(2), ["1-2"]);
    }

    #[test]
    fn every_pair_meets_once_with_balanced_colours() {
        for n in (2..=20).step_by(2) {
            let mut met = std::collections::HashSet::new();
            let mut whites = vec![0i32; n as usize + 1];
            for r in 1..n {
                for (w, b) in berger_round(n, r) {
                    assert!(met.insert((w.min(b), w.max(b))));
                    whites[w as usize] += 1;
                    whites[b as usize] -= 1;
                }
            }
            assert_eq!(met.len() as u32, n * (n - 1) / 2);
            // n-1 games each: white and black counts differ by at most one.
            assert!(whites[1..].iter().all(|d| d.abs() <= 1), "{n}: {whites:?}");
        }
    }

    fn rr(n: usize, cycles: u32) -> Tournament {
        let mut t = Tournament::new(Format::RoundRobin { cycles }, 3);
        for k in 0..n {
            t.join(&format!("p{k}"), 1500).unwrap();
        }
        t
    }

    /// Plays every round (draws) and returns (games, rests, full byes).
    fn play_out(t: &mut Tournament) -> (usize, usize, usize) {
        while !is_over(t) {
            let rp = pair_round(t).unwrap();
            t.add_round(&rp).unwrap();
            for g in &rp.games {
                t.record_result(g.white, g.black, GameResult::Draw, 40)
                    .unwrap();
            }
        }
        let rests = t.byes().iter().filter(|b| b.kind == ByeKind::Zero).count();
        let full = t.byes().iter().filter(|b| b.kind == ByeKind::Full).count();
        (t.games().len(), rests, full)
    }

    #[test]
    fn small_fields_single_and_double() {
        for n in 2..=5 {
            let mut t = rr(n, 1);
            let rounds = if n % 2 == 0 { n - 1 } else { n };
            assert_eq!(total_rounds(&t), rounds as u32);
            let (games, rests, _) = play_out(&mut t);
            assert_eq!(games, n * (n - 1) / 2);
            // Odd fields: each player rests exactly once.
            assert_eq!(rests, if n % 2 == 1 { n } else { 0 });
            let mut t = rr(n, 2);
            let (games, _, _) = play_out(&mut t);
            assert_eq!(games, n * (n - 1));
            // Each pair met once with each colour.
            for g in t.games() {
                let reverse = t
                    .games()
                    .iter()
                    .filter(|h| h.white == g.black && h.black == g.white)
                    .count();
                assert_eq!(reverse, 1);
            }
        }
        assert_eq!(pair_round(&rr(1, 1)), Err(Error::NotEnoughPlayers));
    }

    #[test]
    fn withdrawn_player_gives_full_point_byes() {
        let mut t = rr(4, 1);
        let rp = pair_round(&t).unwrap();
        t.add_round(&rp).unwrap();
        for g in &rp.games {
            t.record_result(g.white, g.black, GameResult::Draw, 40)
                .unwrap();
        }
        let quitter = berger_numbers(&t)[0];
        t.leave(quitter).unwrap();
        assert_eq!(t.join("late", 1500), Err(Error::JoinClosed));
        let (games, _, full) = play_out(&mut t);
        // 2 games in round 1, then 1 game and 1 walkover in rounds 2 and 3.
        assert_eq!((games, full), (4, 2));
    }

    #[test]
    fn berger_numbers_are_drawn_by_lot() {
        let t = rr(8, 1);
        let mut numbers = berger_numbers(&t);
        assert_ne!(numbers, {
            let mut sorted = numbers.clone();
            sorted.sort();
            sorted
        });
        numbers.sort();
        assert_eq!(
            numbers,
            t.players().iter().map(|p| p.id).collect::<Vec<_>>()
        );
    }
}
