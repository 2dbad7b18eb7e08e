//! Inaccuracies, mistakes and blunders, as lichess marks them: pure
//! functions of the evaluations before and after each move.
//!
//! The thresholds are lichess's (lila, `modules/tree/src/main/Advice.scala`,
//! and scalachess's `WinPercent.winningChances`): a move that loses the
//! mover 0.1, 0.2 or 0.3 of winning chances (on the scale from -1, lost, to
//! +1, won; `2 / (1 + e^(-0.00368208 cp)) - 1`) is an inaccuracy, a mistake
//! or a blunder. Where a mate is involved on either side, lila's mate
//! rules apply instead: a move that lets a mate in is a blunder (a mistake
//! when the mover stood worse than -7, an inaccuracy worse than -9.99), and
//! so is a move that lets a forced mate go (a mistake when still above +7,
//! an inaccuracy above +9.99).

use shakmaty::Color;

/// An evaluation from White's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Eval {
    Cp(i32),
    /// Mate in N moves; positive when White mates.
    Mate(i32),
}

impl Eval {
    /// From the store's columns; `None` for a position where the game is
    /// over (nothing to evaluate).
    pub fn from_columns(cp: Option<i32>, mate: Option<i32>) -> Option<Eval> {
        match (cp, mate) {
            (_, Some(m)) => Some(Eval::Mate(m)),
            (Some(cp), None) => Some(Eval::Cp(cp)),
            (None, None) => None,
        }
    }

    /// As PGN's `[%eval …]` writes it: `0.35`, `-1.20`, `#3`, `#-2`.
    pub fn pgn(self) -> String {
        match self {
            Eval::Cp(cp) => {
                let sign = if cp < 0 { "-" } else { "" };
                let cp = cp.unsigned_abs();
                format!("{sign}{}.{:02}", cp / 100, cp % 100)
            }
            Eval::Mate(m) => format!("#{m}"),
        }
    }

    /// As players read it: `+0.35`, `-1.20`, `#3`, `#-2`.
    pub fn text(self) -> String {
        match self {
            Eval::Cp(cp) if cp >= 0 => format!("+{}", self.pgn()),
            _ => self.pgn(),
        }
    }

    /// For the evaluation graph: White's winning chances, -1 to +1.
    pub fn winning_chances(self) -> f64 {
        match self {
            Eval::Cp(cp) => winning_chances(cp),
            Eval::Mate(m) if m > 0 => 1.0,
            Eval::Mate(_) => -1.0,
        }
    }
}

/// A mark on a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Judgement {
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Judgement {
    /// `?!`, `?`, `??`.
    pub fn glyph(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "Inaccuracy",
            Judgement::Mistake => "Mistake",
            Judgement::Blunder => "Blunder",
        }
    }
}

/// lichess's winning chances of `cp` centipawns, -1 to +1.
pub fn winning_chances(cp: i32) -> f64 {
    const MULTIPLIER: f64 = -0.00368208;
    (2.0 / (1.0 + (MULTIPLIER * f64::from(cp)).exp()) - 1.0).clamp(-1.0, 1.0)
}

/// The mark of a move by `mover` that took the game from `before` to
/// `after` (both from White's side), or none.
pub fn judge(mover: Color, before: Eval, after: Eval) -> Option<Judgement> {
    let side = |v: i32| if mover == Color::White { v } else { -v };
    match (before, after) {
        (Eval::Cp(b), Eval::Cp(a)) => {
            let drop = side(1) as f64 * (winning_chances(b) - winning_chances(a));
            [
                (0.3, Judgement::Blunder),
                (0.2, Judgement::Mistake),
                (0.1, Judgement::Inaccuracy),
            ]
            .into_iter()
            .find(|(threshold, _)| *threshold <= drop)
            .map(|(_, j)| j)
        }
        _ => {
            // From the mover's side from here on.
            let mate = |e: Eval| match e {
                Eval::Mate(m) => Some(side(m)),
                Eval::Cp(_) => None,
            };
            let cp = |e: Eval| match e {
                Eval::Cp(c) => side(c),
                Eval::Mate(_) => 0,
            };
            let (prev, next) = (mate(before), mate(after));
            let created = prev.is_none() && next.is_some_and(|n| n < 0);
            let lost = match (prev, next) {
                (Some(p), None) => p > 0,
                (Some(p), Some(n)) => p > 0 && n < 0,
                _ => false,
            };
            if created {
                let was = cp(before);
                Some(if was < -999 {
                    Judgement::Inaccuracy
                } else if was < -700 {
                    Judgement::Mistake
                } else {
                    Judgement::Blunder
                })
            } else if lost {
                let now = cp(after);
                Some(if now > 999 {
                    Judgement::Inaccuracy
                } else if now > 700 {
                    Judgement::Mistake
                } else {
                    Judgement::Blunder
                })
            } else {
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};
    use Eval::{Cp, Mate};
    use Judgement::*;

    #[test]
    fn lichess_thresholds_on_winning_chances() {
        assert!(winning_chances(0).abs() < 1e-12);
        // +1.00 is about 0.18 of winning chances.
        assert!((winning_chances(100) - 0.182).abs() < 1e-3);
        assert_eq!(judge(White, Cp(30), Cp(20)), None);
        // From an even position: -0.50 loses 0.09, -0.60 0.11, -1.20 0.22,
        // -1.70 0.30 of winning chances.
        assert_eq!(judge(White, Cp(0), Cp(-50)), None);
        assert_eq!(judge(White, Cp(0), Cp(-60)), Some(Inaccuracy));
        assert_eq!(judge(White, Cp(0), Cp(-120)), Some(Mistake));
        assert_eq!(judge(White, Cp(0), Cp(-170)), Some(Blunder));
        // The same drop is nothing when already lost: chances flatten.
        assert_eq!(judge(White, Cp(-900), Cp(-1200)), None);
        // Black's drops go the other way.
        assert_eq!(judge(Black, Cp(0), Cp(170)), Some(Blunder));
        assert_eq!(judge(Black, Cp(0), Cp(-170)), None);
    }

    #[test]
    fn mates_let_in_and_let_go() {
        // Black lets a mate in from an even position: a blunder.
        assert_eq!(judge(Black, Cp(50), Mate(1)), Some(Blunder));
        assert_eq!(judge(Black, Cp(800), Mate(1)), Some(Mistake));
        assert_eq!(judge(Black, Cp(1200), Mate(1)), Some(Inaccuracy));
        // White had a mate and lets it go.
        assert_eq!(judge(White, Mate(2), Cp(300)), Some(Blunder));
        assert_eq!(judge(White, Mate(2), Cp(1500)), Some(Inaccuracy));
        assert_eq!(judge(White, Mate(2), Mate(-3)), Some(Blunder));
        // A longer mate, or a mate kept, is no mistake.
        assert_eq!(judge(White, Mate(2), Mate(3)), None);
        assert_eq!(judge(Black, Mate(-3), Mate(-2)), None);
        assert_eq!(judge(White, Mate(-3), Cp(0)), None);
    }

    #[test]
    fn evaluations_read_and_written() {
        assert_eq!(Eval::from_columns(Some(5), None), Some(Cp(5)));
        assert_eq!(Eval::from_columns(None, Some(-2)), Some(Mate(-2)));
        assert_eq!(Eval::from_columns(None, None), None);
        assert_eq!(Cp(35).pgn(), "0.35");
        assert_eq!(Cp(-120).pgn(), "-1.20");
        assert_eq!(Cp(-5).pgn(), "-0.05");
        assert_eq!(Cp(35).text(), "+0.35");
        assert_eq!(Mate(3).pgn(), "#3");
        assert_eq!(Mate(-2).text(), "#-2");
        assert_eq!(Mate(-2).winning_chances(), -1.0);
    }
}
