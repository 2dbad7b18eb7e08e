//! Boards as one user sees them: their style, language, clock precision
//! and orientation. Rendering happens here, in the session, never under the
//! world lock.

use crate::chess::{BoardSnapshot, Lang, style1, style12};
use crate::session::Session;
use crate::session::ivars::Ivar;
use crate::world::game::Viewer;

/// Whether this user sees Black at the bottom: a Black player does, and
/// `set flip` and the `flip` command each turn the board over.
pub fn black_at_bottom(session: &Session, viewer: Viewer) -> bool {
    viewer.black_at_bottom() ^ session.vars.switch("flip") ^ session.flipped
}

/// The board text (style 12 line or style 1 board), without the newline
/// that precedes every board on the wire.
pub fn board_body(session: &Session, snap: &BoardSnapshot, viewer: Viewer, out: &mut String) {
    BoardStyle::of(session).body(snap, viewer, out);
}

/// How one user draws boards, taken from the session so that a reply that
/// waits for the database (and no longer has the session) draws them the
/// same way.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardStyle {
    style12: bool,
    /// `set flip` and the `flip` command, together.
    flip: bool,
    ms: bool,
    lang: Lang,
}

impl BoardStyle {
    pub fn of(session: &Session) -> BoardStyle {
        BoardStyle {
            style12: session.vars.style == 12,
            flip: session.vars.switch("flip") ^ session.flipped,
            ms: session.ivars.get(Ivar::MS),
            lang: session.vars.lang,
        }
    }

    /// The board body as `viewer` sees it.
    pub fn body(self, snap: &BoardSnapshot, viewer: Viewer, out: &mut String) {
        self.body_as(snap, viewer.relation(snap), viewer.black_at_bottom(), out);
    }

    /// The board body with a relation of its own (`-3` for a position
    /// outside any game, `-4` for a start position).
    pub fn body_as(
        self,
        snap: &BoardSnapshot,
        relation: i8,
        black_at_bottom: bool,
        out: &mut String,
    ) {
        let flip = black_at_bottom ^ self.flip;
        if self.style12 {
            style12::render(snap, relation, flip, self.ms, out);
        } else {
            style1::render(snap, flip, self.lang, out);
        }
    }

    /// A board in a reply: the delivery newline, then the board.
    pub fn board(self, snap: &BoardSnapshot, viewer: Viewer, out: &mut String) {
        out.push('\n');
        self.body(snap, viewer, out);
    }
}

/// A board as part of a command's reply: the delivery newline, then the
/// board (spec §2.1).
pub fn board(session: &Session, snap: &BoardSnapshot, viewer: Viewer, out: &mut String) {
    out.push('\n');
    board_body(session, snap, viewer, out);
}
