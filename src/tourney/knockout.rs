//! Knockout: a single-elimination bracket of mini-matches.
//!
//! * Seeds by rating (then name): seed 1 meets the lowest seed, and the
//!   bracket is laid out so that seeds 1 and 2 can only meet in the final,
//!   1–4 only from the semi-finals, and so on (the usual 1-8, 4-5, 2-7, 3-6).
//! * When the field is not a power of two, the bracket is filled up with
//!   empty places opposite the top seeds: they get byes into round 2.
//! * A match is `games` games, colours alternating, the higher seed white
//!   in the first. It stops as soon as one player can no longer be caught.
//!   Tied after `games` games, the players play one more game at a time,
//!   colours drawn by lot (from the tournament seed), until one game is won.
//! * A player who withdraws loses his current match (and any later one).
//!   If both players of a match withdraw, the higher seed goes through and
//!   loses his next match by walkover.
//!
//! The whole bracket is recomputed from the games: the games of round `r`
//! between two players are their match in that round.

use super::{Error, Format, Pairing, PlayerId, Points, SplitMix64, Tournament, swiss};

/// One match of the bracket.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    pub round: u32,
    /// The better seed.
    pub high: PlayerId,
    /// The other player, `None` for a bye.
    pub low: Option<PlayerId>,
    pub high_points: Points,
    pub low_points: Points,
    /// Finished games.
    pub games: u32,
    /// A game of the match is in progress.
    pub playing: bool,
    pub winner: Option<PlayerId>,
}

/// The bracket as far as it is known.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Bracket {
    /// `rounds[0]` is round 1; the last entry is the current round.
    pub rounds: Vec<Vec<Match>>,
    pub winner: Option<PlayerId>,
}

/// Seeds: the players by rating, best first (seed 1 at index 0).
pub fn seeds(t: &Tournament) -> Vec<PlayerId> {
    swiss::pairing_numbers(t)
}

/// Seed numbers in bracket order for a bracket of `size` (a power of two):
/// neighbours meet in round 1, then winners of neighbouring pairs, etc.
pub fn bracket_order(size: usize) -> Vec<usize> {
    let mut order = vec![1];
    while order.len() < size {
        let n = order.len() * 2;
        order = order.iter().flat_map(|&s| [s, n + 1 - s]).collect();
    }
    order
}

/// Number of rounds for `n` players.
pub fn total_rounds(n: usize) -> u32 {
    n.max(1).next_power_of_two().trailing_zeros()
}

/// The bracket, recomputed from the games.
pub fn bracket(t: &Tournament) -> Bracket {
    let Format::Knockout { games } = t.format() else {
        return Bracket::default();
    };
    let seeds = seeds(t);
    let seed_of = |p: PlayerId| seeds.iter().position(|&s| s == p).unwrap_or(usize::MAX);
    let size = seeds.len().max(1).next_power_of_two();
    let mut slots: Vec<Option<PlayerId>> = bracket_order(size)
        .into_iter()
        .map(|s| seeds.get(s - 1).copied())
        .collect();
    let mut out = Bracket::default();
    let mut round = 1;
    while slots.len() >= 2 {
        let matches: Vec<Match> = slots
            .chunks(2)
            .filter_map(|pair| {
                let (a, b) = (pair[0], pair[1]);
                let (high, low) = match (a, b) {
                    (Some(a), Some(b)) if seed_of(b) < seed_of(a) => (Some(b), Some(a)),
                    (None, b) => (b, None),
                    (a, b) => (a, b),
                };
                decide(t, round, high, low, games)
            })
            .collect();
        let decided = matches.iter().all(|m| m.winner.is_some());
        slots = matches.iter().map(|m| m.winner).collect();
        out.rounds.push(matches);
        if !decided {
            return out;
        }
        round += 1;
    }
    out.winner = slots.first().copied().flatten();
    out
}

/// Builds one match's state from its games. `None` when both places are
/// empty (which the seeding never produces).
fn decide(
    t: &Tournament,
    round: u32,
    high: Option<PlayerId>,
    low: Option<PlayerId>,
    games: u32,
) -> Option<Match> {
    let high = high?;
    let mut m = Match {
        round,
        high,
        low,
        high_points: Points::ZERO,
        low_points: Points::ZERO,
        games: 0,
        playing: false,
        winner: None,
    };
    let Some(low) = low else {
        m.winner = Some(high);
        return Some(m);
    };
    for g in t.games().iter().filter(|g| {
        g.round == round
            && ((g.white == high && g.black == low) || (g.white == low && g.black == high))
    }) {
        match g.result {
            Some(r) => {
                m.games += 1;
                let high_colour = if g.white == high {
                    super::Color::White
                } else {
                    super::Color::Black
                };
                m.high_points.0 += r.points(high_colour).0;
                m.low_points.0 += r.points(high_colour.other()).0;
            }
            None => m.playing = true,
        }
    }
    let out = |p: PlayerId| t.player(p).is_none_or(|p| p.withdrawn.is_some());
    m.winner = match (out(high), out(low)) {
        (true, false) => Some(low),
        (false, true) | (true, true) => Some(high),
        (false, false) if m.playing => None,
        (false, false) => {
            let lead = m.high_points.0.abs_diff(m.low_points.0);
            let left = games.saturating_sub(m.games) * 2;
            let leader = if m.high_points > m.low_points {
                high
            } else {
                low
            };
            (lead > left || (m.games >= games && lead > 0)).then_some(leader)
        }
    };
    Some(m)
}

/// The colour of the higher seed in game `index` (0-based) of a match.
pub fn high_seed_colour(t: &Tournament, m: &Match, index: u32) -> super::Color {
    let games = match t.format() {
        Format::Knockout { games } => games,
        _ => 1,
    };
    if index < games {
        if index.is_multiple_of(2) {
            super::Color::White
        } else {
            super::Color::Black
        }
    } else {
        let salt = (u64::from(m.round) << 48) ^ (u64::from(m.high.0) << 24) ^ u64::from(index);
        SplitMix64::new(t.seed() ^ salt).colour()
    }
}

/// The games to start now: the next game of every undecided match of the
/// current round that has no game in progress. Empty once there is a
/// winner, or while every open match is playing.
pub fn next_games(t: &Tournament) -> Result<Vec<(u32, Pairing)>, Error> {
    let Format::Knockout { .. } = t.format() else {
        return Err(Error::WrongFormat);
    };
    if seeds(t).len() < 2 {
        return Err(Error::NotEnoughPlayers);
    }
    let b = bracket(t);
    let Some(current) = b.rounds.last() else {
        return Ok(Vec::new());
    };
    let mut out = Vec::new();
    for m in current {
        let Some(low) = m.low else { continue };
        if m.winner.is_some() || m.playing {
            continue;
        }
        let pairing = match high_seed_colour(t, m, m.games) {
            super::Color::White => Pairing::new(m.high, low),
            super::Color::Black => Pairing::new(low, m.high),
        };
        out.push((m.round, pairing));
    }
    Ok(out)
}

/// The champion, once the final is decided.
pub fn winner(t: &Tournament) -> Option<PlayerId> {
    bracket(t).winner
}

/// True once there is a champion.
pub fn is_over(t: &Tournament) -> bool {
    winner(t).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tourney::GameResult::{self, BlackWins, Draw, WhiteWins};

    fn ko(n: usize, games: u32) -> Tournament {
        let mut t = Tournament::new(Format::Knockout { games }, 5);
        for k in 1..=n {
            t.join(&format!("s{k}"), 2000 - k as i32).unwrap();
        }
        t
    }

    fn name(t: &Tournament, p: PlayerId) -> &str {
        &t.player(p).unwrap().name
    }

    /// Starts the next games and plays them with `result(white, black)`.
    fn step(t: &mut Tournament, result: impl Fn(&str, &str) -> GameResult) -> Vec<String> {
        let next = next_games(t).unwrap();
        let mut shown = Vec::new();
        for (round, p) in next {
            t.add_game(round, p).unwrap();
            let r = result(name(t, p.white), name(t, p.black));
            shown.push(format!("{}-{}", name(t, p.white), name(t, p.black)));
            t.record_result(p.white, p.black, r, 30).unwrap();
        }
        shown
    }

    fn higher_seed_wins(w: &str, b: &str) -> GameResult {
        let n = |s: &str| s[1..].parse::<u32>().unwrap();
        if n(w) < n(b) { WhiteWins } else { BlackWins }
    }

    #[test]
    fn standard_bracket_order() {
        assert_eq!(bracket_order(2), [1, 2]);
        assert_eq!(bracket_order(4), [1, 4, 2, 3]);
        assert_eq!(bracket_order(8), [1, 8, 4, 5, 2, 7, 3, 6]);
        assert_eq!(total_rounds(5), 3);
        assert_eq!(total_rounds(2), 1);
    }

    #[test]
    fn five_players_top_three_get_byes() {
        // Bracket of 8: 1-(8), 4-5, 2-(7), 3-(6): only 4 and 5 play round 1.
        let mut t = ko(5, 1);
        assert_eq!(step(&mut t, higher_seed_wins), ["s4-s5"]);
        // Round 2: 1-4 and 2-3, higher seed white in game 1.
        assert_eq!(step(&mut t, higher_seed_wins), ["s1-s4", "s2-s3"]);
        assert_eq!(step(&mut t, higher_seed_wins), ["s1-s2"]);
        assert_eq!(winner(&t), t.player_by_name("s1").map(|p| p.id));
        assert!(next_games(&t).unwrap().is_empty());
    }

    #[test]
    fn mini_match_alternates_then_draws_lots() {
        // Two players, matches of 2 games: 1-0 then 0-1 (level), then
        // sudden death by lot until a game is won.
        let mut t = ko(2, 2);
        assert_eq!(step(&mut t, |_, _| WhiteWins), ["s1-s2"]);
        assert_eq!(step(&mut t, |_, _| WhiteWins), ["s2-s1"]);
        assert!(winner(&t).is_none());
        // Two drawn tiebreak games, then a win for s2.
        step(&mut t, |_, _| Draw);
        step(&mut t, |_, _| Draw);
        let last = step(&mut t, |w, _| if w == "s2" { WhiteWins } else { BlackWins });
        assert_eq!(last.len(), 1);
        assert_eq!(winner(&t), t.player_by_name("s2").map(|p| p.id));
        assert_eq!(t.games().len(), 5);
        // The tiebreak colours come from the seed: recomputing agrees.
        let b = bracket(&t);
        let m = &b.rounds[0][0];
        for (i, g) in t.games().iter().enumerate() {
            let high_white = g.white == m.high;
            assert_eq!(
                high_seed_colour(&t, m, i as u32) == crate::tourney::Color::White,
                high_white
            );
        }
    }

    #[test]
    fn match_stops_when_decided() {
        // Best of 3: 2-0 ends it.
        let mut t = ko(2, 3);
        step(&mut t, higher_seed_wins);
        step(&mut t, higher_seed_wins);
        assert!(winner(&t).is_some());
        assert_eq!(t.games().len(), 2);
    }

    #[test]
    fn small_fields() {
        for n in 2..=5 {
            let mut t = ko(n, 1);
            let mut rounds = 0;
            while !is_over(&t) {
                assert!(!step(&mut t, higher_seed_wins).is_empty());
                rounds += 1;
            }
            assert_eq!(rounds, total_rounds(n));
            assert_eq!(t.games().len(), n - 1);
        }
    }

    #[test]
    fn withdrawal_is_a_walkover() {
        let mut t = ko(4, 1);
        let s4 = t.player_by_name("s4").unwrap().id;
        let first = next_games(&t).unwrap();
        for (r, p) in &first {
            t.add_game(*r, *p).unwrap();
        }
        t.leave(s4).unwrap();
        // s1-s4 is decided for s1 even with its game in progress.
        let b = bracket(&t);
        assert_eq!(b.rounds[0][0].winner, t.player_by_name("s1").map(|p| p.id));
        assert!(next_games(&t).unwrap().is_empty()); // 2-3 still playing
    }
}
