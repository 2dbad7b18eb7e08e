//! Style-12 lines drawn once per board and kind of viewer, and shared.
//!
//! A thousand observers of one game all see the same line: same relation
//! (0), and nearly always the same orientation and clock precision. The
//! first session that needs a kind draws it; the others copy its bytes.
//! Players' lines (relation 1 or -1) are one of a kind per board, so they
//! are never kept here: drawing them into a reused buffer costs less than
//! keeping them.
//!
//! The slots are made only when a shared kind is first asked for, so a
//! board that no observer sees costs one empty pointer.
//!
//! The two players' lines differ only in two fields (the relation, `1` or
//! `-1`, and the flip, since each sees their own side at the bottom): one
//! line is drawn for both, with its two fields marked, and each player's
//! is that line with their two fields put in ([`SharedLines::player`]).

use std::fmt;
use std::sync::OnceLock;

use super::style12::Marks;

/// The relations (style-12 field 19) whose viewers may be many: observers
/// of a played game, and examiners and observers of an examined one.
const SHARED: [i8; 3] = [0, 2, -2];

/// One slot per shared relation, orientation and clock precision.
const SLOTS: usize = SHARED.len() * 4;

type Slots = [OnceLock<Box<str>>; SLOTS];

/// The lines of one board, filled in as viewers ask for them.
#[derive(Default)]
pub struct SharedLines(OnceLock<Box<Slots>>, [OnceLock<(Box<str>, Marks)>; 2]);

impl SharedLines {
    /// Writes a player's line (relation `1` or `-1`) to `out`: the players'
    /// line of this clock precision, drawn by `draw` the first time (with
    /// any relation and flip: it says where it put them), with this
    /// player's relation and flip put in.
    pub fn player(
        &self,
        relation: i8,
        flip: bool,
        ms: bool,
        draw: impl FnOnce(&mut String) -> Marks,
        out: &mut String,
    ) {
        let (line, marks) = self.1[usize::from(ms)].get_or_init(|| {
            let mut line = String::new();
            let marks = draw(&mut line);
            (line.into_boxed_str(), marks)
        });
        out.push_str(&line[..marks.relation.start]);
        out.push_str(if relation == 1 { "1" } else { "-1" });
        out.push_str(&line[marks.relation.end..marks.flip]);
        out.push(if flip { '1' } else { '0' });
        out.push_str(&line[marks.flip + 1..]);
    }

    /// The line for viewers of this kind, drawn by `draw` the first time;
    /// `None` for kinds that are not shared (players).
    pub fn get_or_draw(
        &self,
        relation: i8,
        flip: bool,
        ms: bool,
        draw: impl FnOnce(&mut String),
    ) -> Option<&str> {
        let kind = SHARED.iter().position(|&r| r == relation)?;
        let slot = kind * 4 + usize::from(flip) * 2 + usize::from(ms);
        let slots = self
            .0
            .get_or_init(|| Box::new(std::array::from_fn(|_| OnceLock::new())));
        Some(slots[slot].get_or_init(|| {
            let mut line = String::new();
            draw(&mut line);
            line.into_boxed_str()
        }))
    }
}

/// A copy of a board may be changed before it is shown: it starts with
/// no lines drawn.
impl Clone for SharedLines {
    fn clone(&self) -> Self {
        SharedLines::default()
    }
}

/// Whether a relation is a player's, whose line [`SharedLines::player`]
/// makes.
pub fn is_player(relation: i8) -> bool {
    relation == 1 || relation == -1
}

impl fmt::Debug for SharedLines {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let drawn = self.0.get().map_or(0, |slots| {
            slots.iter().filter(|s| s.get().is_some()).count()
        }) + self.1.iter().filter(|s| s.get().is_some()).count();
        write!(f, "SharedLines({drawn} drawn)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drawn_once_per_kind_and_never_for_players() {
        let lines = SharedLines::default();
        let mut draws = 0;
        for _ in 0..3 {
            let line = lines.get_or_draw(0, false, false, |s| {
                draws += 1;
                s.push_str("observer");
            });
            assert_eq!(line, Some("observer"));
        }
        assert_eq!(draws, 1);
        assert_eq!(
            lines.get_or_draw(0, true, false, |s| s.push_str("flipped")),
            Some("flipped")
        );
        assert_eq!(
            lines.get_or_draw(-2, false, true, |s| s.push_str("exam ms")),
            Some("exam ms")
        );
        assert_eq!(
            lines.get_or_draw(0, false, false, |_| unreachable!()),
            Some("observer")
        );
        for player in [1, -1] {
            assert_eq!(
                lines.get_or_draw(player, false, false, |_| unreachable!()),
                None
            );
        }
        assert!(lines.clone().0.get().is_none());
    }

    #[test]
    fn players_lines_are_one_line_with_their_fields_put_in() {
        let lines = SharedLines::default();
        let mut draws = 0;
        let mut draw = |s: &mut String| {
            draws += 1;
            s.push_str("<12> x y -1 3 0 z 0 1 5\n");
            Marks {
                relation: 9..11,
                flip: 18,
            }
        };
        let mut out = String::new();
        lines.player(1, true, false, &mut draw, &mut out);
        assert_eq!(out, "<12> x y 1 3 0 z 1 1 5\n");
        out.clear();
        lines.player(-1, false, false, |_| unreachable!(), &mut out);
        assert_eq!(out, "<12> x y -1 3 0 z 0 1 5\n");
        assert_eq!(draws, 1);
    }
}
