//! How someone looks at a game: it decides the relation of style 12 and
//! which side is at the bottom.

use shakmaty::Color;

use crate::chess::BoardSnapshot;

/// How someone looks at a game: it decides relation and orientation.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Viewer {
    Player(Color),
    Observer,
    /// Moves the pieces of an examined game (relation 2).
    Examiner,
    /// Watches an examined game (relation -2).
    ExamObserver,
}

impl Viewer {
    /// Style-12 relation of this viewer to the position in `snap`.
    pub fn relation(self, snap: &BoardSnapshot) -> i8 {
        match self {
            Viewer::Player(c) if c == snap.turn() => 1,
            Viewer::Player(_) => -1,
            Viewer::Observer => 0,
            Viewer::Examiner => 2,
            Viewer::ExamObserver => -2,
        }
    }

    /// Whether this viewer sees Black at the bottom before any `flip`.
    pub fn black_at_bottom(self) -> bool {
        self == Viewer::Player(Color::Black)
    }
}
