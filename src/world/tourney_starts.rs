//! Atomic960 events: which start position each game of an event plays.
//!
//! As in Chess960 events, every game of a round starts from the same
//! position, drawn at random once per round, so that the round is fair
//! between boards (nobody gets an easier position than their rivals) and
//! the players can prepare together. For Swiss, round robin and knockout
//! events the position is a pure function of the event's seed and the
//! round number ([`round_start`]): nothing new is stored, a restart finds
//! the same position for the round's games still to start, and a test or an
//! arbiter can recompute it.
//!
//! An arena has no rounds: each pairing wave (the games paired together
//! when players become free) draws its own position, from the seed and
//! the number of games paired before the wave. The start each game of a
//! wave drew is stored with the game ([`Event::starts`], the
//! `start_no` column), so that after a restart a game paired but not yet
//! started plays the position that was announced.
//!
//! The variant itself is stored in the `format` column of the event's row
//! after the format word (`swiss atomic960`), so no migration is needed; a
//! variant column can replace it when the schema next changes.

use crate::chess::{StartPosition, Variant};
use crate::event::Msg;
use crate::msg;
use crate::tourney::{Format, SplitMix64};
use crate::world::tourneys::Event;

/// The start of every game of round `key` (a wave's first game index in an
/// arena) of the event with this seed.
pub fn round_start(seed: u64, key: u64) -> StartPosition {
    // Mixed twice so that neighbouring rounds are unrelated draws.
    let mut r = SplitMix64::new(seed ^ key.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    r.next_u64();
    StartPosition::from_random(r.next_u64())
}

/// The `format` column's value: the format word, then ` atomic960` for an
/// Atomic960 event.
pub fn stored_format(word: &str, variant: Variant) -> String {
    match variant {
        Variant::Atomic => word.to_string(),
        Variant::Atomic960 => format!("{word} {}", variant.word()),
    }
}

/// The format word and the variant back from the `format` column; an
/// unknown second word reads as atomic (only this code writes it).
pub fn parse_stored_format(stored: &str) -> (&str, Variant) {
    match stored.split_once(' ') {
        Some((word, v)) => (word, Variant::from_word(v).unwrap_or_default()),
        None => (stored, Variant::Atomic),
    }
}

impl Event {
    /// The start position of game `i`, or `None` in an atomic event.
    pub fn start_of(&self, i: usize) -> Option<StartPosition> {
        if self.variant != Variant::Atomic960 {
            return None;
        }
        let seed = self.t.seed();
        Some(match self.t.format() {
            Format::Arena => self
                .starts
                .get(&i)
                .copied()
                .unwrap_or_else(|| round_start(seed, i as u64)),
            _ => round_start(seed, u64::from(self.t.games().get(i)?.round)),
        })
    }

    /// Games `first..self.t.games().len()` were just paired together: in
    /// an Atomic960 event, the line that says which position they start
    /// from (and, in an arena, the wave's position is drawn now).
    pub fn start_announcement(&mut self, first: usize, round: u32) -> Option<Msg> {
        if self.variant != Variant::Atomic960 || first >= self.t.games().len() {
            return None;
        }
        if self.t.format() == Format::Arena {
            let start = round_start(self.t.seed(), first as u64);
            for i in first..self.t.games().len() {
                self.starts.insert(i, start);
            }
        }
        let start = self.start_of(first)?;
        let (id, n, letters) = (self.id, start.number(), start.letters());
        Some(if self.t.format() == Format::Arena {
            msg!(
                "tourney-start-position-arena",
                id = id,
                n = n,
                letters = letters
            )
        } else {
            msg!(
                "tourney-start-position",
                id = id,
                round = round,
                n = n,
                letters = letters
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_round_always_gets_the_same_start_and_rounds_differ() {
        assert_eq!(round_start(7, 1), round_start(7, 1));
        let starts: std::collections::BTreeSet<u16> =
            (1..=20).map(|r| round_start(7, r).number()).collect();
        assert!(starts.len() > 15, "{starts:?}");
        assert_ne!(round_start(7, 1), round_start(8, 1));
    }

    #[test]
    fn the_variant_rides_in_the_format_column() {
        assert_eq!(stored_format("swiss", Variant::Atomic), "swiss");
        let stored = stored_format("ko", Variant::Atomic960);
        assert_eq!(stored, "ko atomic960");
        assert_eq!(parse_stored_format(&stored), ("ko", Variant::Atomic960));
        assert_eq!(parse_stored_format("arena"), ("arena", Variant::Atomic));
    }
}
