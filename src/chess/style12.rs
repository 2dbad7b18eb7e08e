//! Style 12: the one-line machine board every FICS client parses
//! (docs/protocol.md §2.3), with all 32 fields.
//!
//! xboard switches to millisecond clocks when field 28 has a `.`, so the
//! `ms` flag changes the clock fields and the move-time field together.
//!
//! Two boards are drawn for every move played (one for each player) and
//! one more for every observer, so this is written for speed: numbers go
//! through `itoa` rather than `core::fmt` (which was half the cost of a
//! board), and the line is reserved once.

use shakmaty::{Color, File, Piece, Role, Setup, Square};

use super::clock_text::push_move_time;
use super::snapshot::BoardSnapshot;

/// Room for a whole line with long names and millisecond clocks.
const LINE: usize = 224;

/// Appends one `<12> ...` line ending in `\n` (no newline before it).
///
/// `relation` is field 19 as seen by this viewer (1, -1, 0, 2, -2, -3,
/// -4); `flip` is field 30; `ms` is the viewer's `iset ms`.
pub fn render(snap: &BoardSnapshot, relation: i8, flip: bool, ms: bool, out: &mut String) {
    render_marked(snap, relation, flip, ms, out);
}

/// Where the two fields that differ between the players of one board lie
/// in a line, in bytes from its start: the relation (field 19, `1` or
/// `-1`) and the flip (field 30, one digit).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Marks {
    pub relation: std::ops::Range<usize>,
    pub flip: usize,
}

/// [`render`], saying where the relation and the flip went.
pub fn render_marked(
    snap: &BoardSnapshot,
    relation: i8,
    flip: bool,
    ms: bool,
    out: &mut String,
) -> Marks {
    let start = out.len();
    out.reserve(LINE + snap.white.len() + snap.black.len());
    let pos = &snap.position;
    // "<12>", then the ranks from 8 to 1, each after a space: square a8
    // is at 5, and every rank 9 bytes further.
    let mut ranks =
        *b"<12> -------- -------- -------- -------- -------- -------- -------- --------";
    for color in Color::ALL {
        for role in Role::ALL {
            let piece = Piece { color, role };
            for square in pos.board.by_piece(piece) {
                let at = 5 + (7 - square.rank() as usize) * 9 + square.file() as usize;
                ranks[at] = piece.char() as u8;
            }
        }
    }
    // Piece letters, digits, '<', '>', '-' and spaces: always ASCII.
    out.push_str(std::str::from_utf8(&ranks).unwrap_or_default());
    let flag = |yes: bool| if yes { " 1" } else { " 0" };
    let castles = castle_flags(pos);
    let (white_strength, black_strength) = snap.strengths();
    let clock = |clock_ms: i64| if ms { clock_ms } else { clock_ms / 1000 };
    out.push_str(if pos.turn == Color::White {
        " W "
    } else {
        " B "
    });
    match snap.double_push_file {
        Some(file) => push_int(out, file),
        None => out.push_str("-1"),
    }
    for yes in castles {
        out.push_str(flag(yes));
    }
    field(out, pos.halfmoves);
    field(out, snap.game_no);
    out.push(' ');
    out.push_str(&snap.white);
    out.push(' ');
    out.push_str(&snap.black);
    let relation_at = out.len() + 1 - start;
    field(out, relation);
    let relation = relation_at..out.len() - start;
    field(out, snap.initial_secs / 60);
    field(out, snap.increment_secs);
    field(out, white_strength);
    field(out, black_strength);
    field(out, clock(snap.white_clock_ms));
    field(out, clock(snap.black_clock_ms));
    field(out, snap.fullmove);
    out.push(' ');
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
    let flip_at = out.len() + 1 - start;
    out.push_str(if flip { " 1" } else { " 0" });
    out.push_str(if snap.ticking { " 1" } else { " 0" });
    field(out, snap.lag_ms);
    out.push('\n');
    Marks {
        relation,
        flip: flip_at,
    }
}

/// Fields 11–14: White may castle short, long, Black short, long.
///
/// Castling rights are the rooks that may still castle. Short is a rook on
/// the king's h-side, long one on its a-side: in atomic the rooks of h1,
/// a1, h8 and a8, in Atomic960 wherever they started. That is what FICS's
/// wild/fr boards mean by these flags, and how the GUIs read them back:
/// xboard gives the rights to the outermost rooks of the first board,
/// PyChess to the rook files of the first board (docs/atomic960.md). A
/// board being set up may have no king on its first rank yet; then only
/// the corner rooks count, as in atomic.
fn castle_flags(pos: &Setup) -> [bool; 4] {
    let side = |color: Color| {
        let rank = color.backrank();
        let rights = pos.castling_rights & rank;
        match pos.board.king_of(color).filter(|k| k.rank() == rank) {
            Some(king) => (
                rights.into_iter().any(|rook| rook.file() > king.file()),
                rights.into_iter().any(|rook| rook.file() < king.file()),
            ),
            None => (
                rights.contains(Square::from_coords(File::H, rank)),
                rights.contains(Square::from_coords(File::A, rank)),
            ),
        }
    };
    let ((white_short, white_long), (black_short, black_long)) =
        (side(Color::White), side(Color::Black));
    [white_short, white_long, black_short, black_long]
}

/// A space, then the number.
fn field(out: &mut String, n: impl itoa::Integer) {
    out.push(' ');
    push_int(out, n);
}

fn push_int(out: &mut String, n: impl itoa::Integer) {
    out.push_str(itoa::Buffer::new().format(n));
}

#[cfg(test)]
mod tests {
    use std::fmt::Write;

    use proptest::prelude::*;
    use shakmaty::{File, Rank};

    use super::*;
    use crate::chess::AtomicGame;
    use crate::chess::snapshot::LastMove;

    /// The renderer as first written, field by field with `core::fmt`: the
    /// fast one must give the same bytes.
    fn reference(snap: &BoardSnapshot, relation: i8, flip: bool, ms: bool) -> String {
        let mut out = String::new();
        let pos = &snap.position;
        out.push_str("<12>");
        for rank in (0..8u32).rev() {
            out.push(' ');
            for file in 0..8u32 {
                let square = Square::from_coords(File::new(file), Rank::new(rank));
                out.push(pos.board.piece_at(square).map_or('-', |p| p.char()));
            }
        }
        let flag = |rook: Square| u8::from(pos.castling_rights.contains(rook));
        let (ws, bs) = snap.strengths();
        let clock = |c: i64| if ms { c } else { c / 1000 };
        let took = |t: u64| {
            let secs = t / 1000;
            let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
            let mut x = if h > 0 {
                format!("{h}:{m:02}:{s:02}")
            } else {
                format!("{m}:{s:02}")
            };
            if ms {
                let _ = write!(x, ".{:03}", t % 1000);
            }
            x
        };
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
            ws,
            bs,
            clock(snap.white_clock_ms),
            clock(snap.black_clock_ms),
            snap.fullmove,
        );
        match &snap.last_move {
            Some(l) => {
                let _ = write!(out, "{} ({}) {}", l.verbose, took(l.time_ms), l.san);
            }
            None => {
                let _ = write!(out, "none ({}) none", took(0));
            }
        }
        let _ = writeln!(
            out,
            " {} {} {}",
            u8::from(flip),
            u8::from(snap.ticking),
            snap.lag_ms
        );
        out
    }

    proptest! {
        #[test]
        fn same_bytes_as_the_formatted_line(
            picks in prop::collection::vec(any::<prop::sample::Index>(), 0..80),
            clocks in (any::<i64>(), any::<i64>()),
            took in any::<u64>(),
            numbers in (any::<u32>(), any::<u32>(), any::<u32>(), any::<u32>()),
            relation in -4i8..=2,
            flip in any::<bool>(),
            ms in any::<bool>(),
            ticking in any::<bool>(),
        ) {
            let mut game = AtomicGame::new();
            for pick in picks {
                let legal = game.legal_moves().clone();
                if legal.is_empty() || game.end().is_some() {
                    break;
                }
                game.play(legal[pick.index(legal.len())]);
            }
            let mut snap = game.snapshot(numbers.0, "Alice", "GuestQWERTYUIOPASDF");
            snap.white_clock_ms = clocks.0;
            snap.black_clock_ms = clocks.1;
            snap.initial_secs = numbers.1;
            snap.increment_secs = numbers.2;
            snap.lag_ms = numbers.3;
            snap.ticking = ticking;
            if let Some(LastMove { time_ms, .. }) = &mut snap.last_move {
                *time_ms = took;
            }
            let mut fast = String::from("already here\n");
            render(&snap, relation, flip, ms, &mut fast);
            prop_assert_eq!(fast, format!("already here\n{}", reference(&snap, relation, flip, ms)));
        }
    }
}
