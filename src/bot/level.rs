//! The eight strengths of the computer opponents, as lichess sets its own
//! levels 1 to 8 (fishnet's `SkillLevel`: Stockfish's `Skill Level`, a
//! search depth and a time per move). A level is a fixed handicap, not a
//! rating: each house bot's own account earns the rating its level plays at.

use std::time::Duration;

/// A level from 1 (weakest) to 8 (full strength within a second a move).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Level(u8);

/// `Skill Level`, depth and milliseconds per move of levels 1 to 8,
/// lichess's values (fishnet `src/api.rs`, `SkillLevel`).
const TABLE: [(i32, u32, u64); 8] = [
    (-9, 5, 50),
    (-5, 5, 100),
    (-1, 5, 150),
    (3, 5, 200),
    (7, 5, 300),
    (11, 8, 400),
    (16, 13, 500),
    (20, 22, 1000),
];

impl Level {
    pub const MIN: u8 = 1;
    pub const MAX: u8 = 8;

    pub fn new(n: u8) -> Result<Level, String> {
        if (Level::MIN..=Level::MAX).contains(&n) {
            Ok(Level(n))
        } else {
            Err(format!(
                "a level is a number from {} to {}, not {n}",
                Level::MIN,
                Level::MAX
            ))
        }
    }

    pub fn number(self) -> u8 {
        self.0
    }

    fn row(self) -> (i32, u32, u64) {
        TABLE[usize::from(self.0 - 1)]
    }

    /// The engine's `Skill Level` option (-20 to 20 in Fairy-Stockfish).
    pub fn skill(self) -> i32 {
        self.row().0
    }

    /// The deepest the engine searches.
    pub fn depth(self) -> u32 {
        self.row().1
    }

    /// The longest the engine thinks about one move.
    pub fn movetime(self) -> Duration {
        Duration::from_millis(self.row().2)
    }

    /// The time for the next move with `clock` left and `inc` added per
    /// move: the level's time, but never more than a thirtieth of the
    /// clock plus the increment, so that a level-8 bot does not lose a
    /// bullet game on time (at least 10 ms).
    pub fn time_for_move(self, clock: Duration, inc: Duration) -> Duration {
        let budget = clock / 30 + inc;
        self.movetime().min(budget).max(Duration::from_millis(10))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_are_lichess_levels() {
        assert!(Level::new(0).is_err() && Level::new(9).is_err());
        let one = Level::new(1).unwrap();
        assert_eq!((one.skill(), one.depth()), (-9, 5));
        assert_eq!(one.movetime(), Duration::from_millis(50));
        let eight = Level::new(8).unwrap();
        assert_eq!((eight.skill(), eight.depth()), (20, 22));
        assert_eq!(eight.movetime(), Duration::from_secs(1));
        // Strength never goes down from one level to the next.
        for n in 1..8 {
            let (a, b) = (Level::new(n).unwrap(), Level::new(n + 1).unwrap());
            assert!(a.skill() < b.skill() && a.depth() <= b.depth() && a.movetime() < b.movetime());
        }
        // Short of time, the level thinks less.
        let secs = Duration::from_secs;
        assert_eq!(eight.time_for_move(secs(300), secs(0)), secs(1));
        assert_eq!(
            eight.time_for_move(secs(6), secs(0)),
            Duration::from_millis(200)
        );
        assert_eq!(eight.time_for_move(secs(6), secs(2)), secs(1));
        assert_eq!(
            eight.time_for_move(Duration::ZERO, secs(0)),
            Duration::from_millis(10)
        );
    }
}
