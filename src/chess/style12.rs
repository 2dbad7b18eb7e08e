//! Style 12: the one-line machine board every FICS client parses
//! (protocol §2.3), with all 32 fields.
//!
//! xboard switches to millisecond clocks when field 28 has a `.`, so the
//! `ms` flag changes the clock fields and the move-time field together.

use std::fmt::Write;

use shakmaty::{Color, File, Rank, Square};

use super::clock_text::push_move_time;
use super::snapshot::BoardSnapshot;

/// Appends one `<12> ...` line ending in `\n` (no newline before it).
///
/// `relation` is field 19 as seen by this viewer (1, -1, 0, 2, -2, -3,
/// -4); `flip` is field 30; `ms` is the viewer's `iset ms`.
pub fn render(snap: &BoardSnapshot, relation: i8, flip: bool, ms: bool, out: &mut String) {
    let pos = &snap.position;
    let board = &pos.board;
    out.push_str("<12>");
    for rank in (0..8u32).rev() {
        out.push(' ');
        for file in 0..8u32 {
            let square = Square::from_coords(File::new(file), Rank::new(rank));
            out.push(board.piece_at(square).map_or('-', |p| p.char()));
        }
    }
    // Castling rights are the rooks that may still castle (standard
    // chess: a1, h1, a8, h8).
    let flag = |rook: Square| u8::from(pos.castling_rights.contains(rook));
    let (white_strength, black_strength) = snap.strengths();
    let clock = |clock_ms: i64| if ms { clock_ms } else { clock_ms / 1000 };
    let _ = write!(
        out,
        " {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} {} ",
        if pos.turn == Color::White { 'W' } else { 'B' },
        snap.double_push_file.map_or(-1, i32::from),
        flag(Square::H1),
        flag(Square::A1),
        flag(Square::H8),
        flag(Square::A8),
        pos.halfmoves,
        snap.game_no,
        snap.white,
        snap.black,
        relation,
        snap.initial_secs / 60,
        snap.increment_secs,
        white_strength,
        black_strength,
        clock(snap.white_clock_ms),
        clock(snap.black_clock_ms),
        snap.fullmove,
    );
    match &snap.last_move {
        Some(last) => {
            out.push_str(&last.verbose);
            out.push_str(" (");
            push_move_time(out, last.time_ms, ms);
            out.push_str(") ");
            out.push_str(&last.san);
        }
        None => {
            out.push_str("none (");
            push_move_time(out, 0, ms);
            out.push_str(") none");
        }
    }
    let _ = writeln!(
        out,
        " {} {} {}",
        u8::from(flip),
        u8::from(snap.ticking),
        snap.lag_ms
    );
}
