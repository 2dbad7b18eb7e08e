//! Colour preferences and colour allocation of the FIDE Dutch system
//! (C.04.3 A.6 and E).

use super::Color;

/// How much a player wants a colour (A.6), weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Strength {
    None,
    Mild,
    Strong,
    Absolute,
}

/// A colour preference: the colour wanted and how strongly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Preference {
    pub(crate) colour: Option<Color>,
    pub(crate) strength: Strength,
    /// Whites minus blacks.
    pub(crate) difference: i32,
}

impl Preference {
    /// A.6 from the colours of the games played, oldest first:
    /// * absolute: colour difference above +1 or below -1, or the same
    ///   colour in the two latest games;
    /// * strong: colour difference +1 or -1 (wants the other colour);
    /// * mild: difference 0, wants to alternate from the last game;
    /// * none before the first game.
    pub(crate) fn of(colours: &[Color]) -> Preference {
        let difference: i32 = colours
            .iter()
            .map(|c| if *c == Color::White { 1 } else { -1 })
            .sum();
        let last = colours.last().copied();
        let twice = match colours {
            [.., a, b] if a == b => Some(*b),
            _ => None,
        };
        let (colour, strength) = if difference > 1 {
            (Some(Color::Black), Strength::Absolute)
        } else if difference < -1 {
            (Some(Color::White), Strength::Absolute)
        } else if let Some(c) = twice {
            (Some(c.other()), Strength::Absolute)
        } else if difference == 1 {
            (Some(Color::Black), Strength::Strong)
        } else if difference == -1 {
            (Some(Color::White), Strength::Strong)
        } else if let Some(c) = last {
            (Some(c.other()), Strength::Mild)
        } else {
            (None, Strength::None)
        };
        Preference {
            colour,
            strength,
            difference,
        }
    }

    /// C3: two players who absolutely want the same colour cannot meet.
    pub(crate) fn clashes_absolutely(&self, other: &Preference) -> bool {
        self.strength == Strength::Absolute
            && other.strength == Strength::Absolute
            && self.colour == other.colour
    }
}

/// One side of a pairing, as colour allocation sees it.
pub(crate) struct Side<'a> {
    pub(crate) pref: Preference,
    /// Colours by round (`None` where the player had no game), oldest first.
    pub(crate) by_round: &'a [Option<Color>],
    /// Pairing number (1 = highest rated).
    pub(crate) tpn: usize,
}

/// Rule E: the colour of `higher` (the higher ranked of the two: more
/// points, then the smaller pairing number) against `lower`.
///
/// E1 grant both preferences; E2 grant the stronger one (both absolute: the
/// wider colour difference); E3 alternate from the most recent round in
/// which one had white and the other black; E4 grant the higher ranked
/// player's preference; E5 the higher ranked player gets the initial colour
/// if his pairing number is odd, the other colour if it is even.
pub(crate) fn allocate(higher: &Side, lower: &Side, initial: Color) -> Color {
    let (h, l) = (higher.pref, lower.pref);
    match (h.colour, l.colour) {
        (Some(a), Some(b)) if a != b => return a,
        (Some(a), None) => return a,
        (None, Some(b)) => return b.other(),
        _ => {}
    }
    if let (Some(a), Some(_)) = (h.colour, l.colour) {
        // Same colour wanted.
        if h.strength != l.strength {
            return if h.strength > l.strength {
                a
            } else {
                a.other()
            };
        }
        if h.strength == Strength::Absolute && h.difference.abs() != l.difference.abs() {
            return if h.difference.abs() > l.difference.abs() {
                a
            } else {
                a.other()
            };
        }
    }
    // E3: look back from the latest round both played.
    let rounds = higher.by_round.len().min(lower.by_round.len());
    for r in (0..rounds).rev() {
        if let (Some(a), Some(b)) = (higher.by_round[r], lower.by_round[r])
            && a != b
        {
            return a.other();
        }
    }
    if let Some(a) = h.colour {
        return a;
    }
    if higher.tpn % 2 == 1 {
        initial
    } else {
        initial.other()
    }
}

/// How many of the two players would not get the colour they want (C12).
pub(crate) fn violations(higher: &Side, lower: &Side, initial: Color) -> u32 {
    let c = allocate(higher, lower, initial);
    u32::from(higher.pref.colour.is_some_and(|w| w != c))
        + u32::from(lower.pref.colour.is_some_and(|w| w != c.other()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black as B, White as W};

    #[test]
    fn preferences_follow_a6() {
        assert_eq!(Preference::of(&[]).strength, Strength::None);
        let p = Preference::of(&[W]);
        assert_eq!((p.colour, p.strength), (Some(B), Strength::Strong));
        let p = Preference::of(&[W, B]);
        assert_eq!((p.colour, p.strength), (Some(W), Strength::Mild));
        let p = Preference::of(&[B, W, W]);
        assert_eq!((p.colour, p.strength), (Some(B), Strength::Absolute));
        let p = Preference::of(&[W, B, W, W, B, W]);
        assert_eq!((p.colour, p.strength), (Some(B), Strength::Absolute));
        let p = Preference::of(&[B, W, B]);
        assert_eq!((p.colour, p.strength), (Some(W), Strength::Strong));
    }

    fn side<'a>(colours: &'a [Option<Color>], tpn: usize) -> Side<'a> {
        let played: Vec<Color> = colours.iter().flatten().copied().collect();
        Side {
            pref: Preference::of(&played),
            by_round: colours,
            tpn,
        }
    }

    #[test]
    fn allocation_follows_e1_to_e5() {
        // E5, first round: pairing number 1 gets the initial colour, 2 the other.
        assert_eq!(allocate(&side(&[], 1), &side(&[], 5), W), W);
        assert_eq!(allocate(&side(&[], 2), &side(&[], 6), W), B);
        assert_eq!(allocate(&side(&[], 2), &side(&[], 6), B), W);
        // E1: both get what they want.
        assert_eq!(allocate(&side(&[Some(W)], 1), &side(&[Some(B)], 2), W), B);
        // E2: both want white; strong (had B once) beats mild (W then B).
        let strong = [None, Some(B)];
        let mild = [Some(W), Some(B)];
        assert_eq!(allocate(&side(&mild, 1), &side(&strong, 2), W), B);
        assert_eq!(allocate(&side(&strong, 1), &side(&mild, 2), W), W);
        // E2 again: an absolute preference (BB) beats a strong one.
        let h = [Some(B), None];
        let l = [Some(W), Some(B), Some(B)];
        let (hs, ls) = (side(&h, 3), side(&l, 4));
        assert_eq!(ls.pref.strength, Strength::Absolute);
        assert_eq!(allocate(&hs, &ls, W), B);
        // E3: both mildly want black; the latest round where their colours
        // differed is round 2 (higher B, lower W): alternate, higher gets
        // white although E4 would have given him black.
        let h = [Some(W), Some(B), Some(B), Some(W)];
        let l = [Some(B), Some(W), Some(B), Some(W)];
        assert_eq!(side(&h, 1).pref.strength, Strength::Mild);
        assert_eq!(allocate(&side(&h, 1), &side(&l, 2), W), W);
        // E4: same history, same strength: the higher ranked gets his wish.
        let same = [Some(B)];
        assert_eq!(allocate(&side(&same, 7), &side(&same, 8), B), W);
    }

    #[test]
    fn counts_violations() {
        let a = [Some(B)];
        assert_eq!(violations(&side(&a, 1), &side(&a, 2), W), 1);
        let b = [Some(W)];
        assert_eq!(violations(&side(&a, 1), &side(&b, 2), W), 0);
        assert_eq!(violations(&side(&[], 1), &side(&b, 2), W), 0);
    }
}
