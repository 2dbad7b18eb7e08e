//! Boards as one user sees them: their style, language, clock precision
//! and orientation. Rendering happens here, in the session, never under the
//! world lock.

use crate::chess::{BoardSnapshot, style1, style12};
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
    let flip = black_at_bottom(session, viewer);
    if session.vars.style == 12 {
        style12::render(
            snap,
            viewer.relation(snap),
            flip,
            session.ivars.get(Ivar::MS),
            out,
        );
    } else {
        style1::render(snap, flip, session.vars.lang, out);
    }
}

/// A board as part of a command's reply: the delivery newline, then the
/// board (spec §2.1).
pub fn board(session: &Session, snap: &BoardSnapshot, viewer: Viewer, out: &mut String) {
    out.push('\n');
    board_body(session, snap, viewer, out);
}
