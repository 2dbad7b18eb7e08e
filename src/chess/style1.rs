//! Style 1: the compact board of the atomic help page (docs/protocol.md decision 1; the
//! files in `tests/data/golden/` are its contract, byte for byte).
//!
//! ```text
//! Game 1 (Alice vs. Bob)
//!
//!         +------------------------+
//!      8  | *R    *B *Q *K *B    *R|     Move # : 5 (White)
//!      7  | *P *P *P    *P *P    *P|     Black Moves : 'g6      (0:00)'
//! ```
//!
//! Cells are three characters (` P ` White, ` *P` Black, `   ` empty).
//! The side notes go by line, not by rank, so they stay put when the board
//! is turned for Black. Every line ends in `\n`; the server turns it into
//! `\n\r`.

use std::fmt::Write;

use shakmaty::{Color, File, Rank, Square};

use super::Lang;
use super::clock_text::{push_clock, push_move_time};
use super::notation::{piece_letter, san_for_display};
use super::snapshot::BoardSnapshot;

const BORDER: &str = "        +------------------------+\n";

/// Appends the style-1 board of `snap` to `out`, turned with rank 1 on top
/// when `black_at_bottom`, piece letters in `lang`.
pub fn render(snap: &BoardSnapshot, black_at_bottom: bool, lang: Lang, out: &mut String) {
    let _ = write!(
        out,
        "Game {} ({} vs. {})\n\n",
        snap.game_no, snap.white, snap.black
    );
    out.push_str(BORDER);
    let board = &snap.position.board;
    let (white_strength, black_strength) = snap.strengths();
    for line in 0..8u32 {
        let rank = Rank::new(if black_at_bottom { line } else { 7 - line });
        let _ = write!(out, "     {}  |", rank.char());
        for col in 0..8u32 {
            let file = File::new(if black_at_bottom { 7 - col } else { col });
            match board.piece_at(Square::from_coords(file, rank)) {
                Some(piece) => {
                    let letter = piece_letter(piece.role, lang);
                    if piece.color == Color::White {
                        out.push(' ');
                        out.push(letter);
                        out.push(' ');
                    } else {
                        out.push(' ');
                        out.push('*');
                        out.push(letter);
                    }
                }
                None => out.push_str("   "),
            }
        }
        out.push('|');
        side_note(snap, line, lang, (white_strength, black_strength), out);
        out.push('\n');
    }
    out.push_str(BORDER);
    out.push_str(if black_at_bottom {
        "          h  g  f  e  d  c  b  a\n"
    } else {
        "          a  b  c  d  e  f  g  h\n"
    });
}

/// The text right of board line `line` (0 = top).
fn side_note(snap: &BoardSnapshot, line: u32, lang: Lang, strengths: (u32, u32), out: &mut String) {
    let name = |c: Color| if c == Color::White { "White" } else { "Black" };
    let turn = snap.position.turn;
    match line {
        0 => {
            let _ = write!(out, "     Move # : {} ({})", snap.fullmove, name(turn));
        }
        1 => {
            if let Some(last) = &snap.last_move {
                let _ = write!(
                    out,
                    "     {} Moves : '{:<7} (",
                    name(!turn),
                    san_for_display(&last.san, lang)
                );
                push_move_time(out, last.time_ms, false);
                out.push_str(")'");
            }
        }
        3 => {
            out.push_str("     Black Clock : ");
            push_clock(out, snap.black_clock_ms);
        }
        4 => {
            out.push_str("     White Clock : ");
            push_clock(out, snap.white_clock_ms);
        }
        5 => {
            let _ = write!(out, "     Black Strength : {}", strengths.1);
        }
        6 => {
            let _ = write!(out, "     White Strength : {}", strengths.0);
        }
        _ => {}
    }
}
