//! The body of the `moves` command (docs/protocol.md §6.2), which xboard and
//! PyChess parse to rebuild a game they start observing.
//!
//! ```text
//!
//! Movelist for game 12:
//!
//! Alice (1500) vs. Bob (UNR) --- Sat Nov 29, 12:01 UTC 2025
//! Unrated atomic match, initial time: 3 minutes, increment: 0 seconds.
//!
//! Move  Alice              Bob
//! ----  ----------------   ----------------
//!   1.  e4      (0:00)     e5      (0:00)
//!   2.  Nf3     (0:01)
//!       {Still in progress} *
//! ```
//!
//! The output comes in two parts, [`write_header`] (through the blank line
//! after the match line) and [`write_moves`] (from `Move  ` through the end
//! line), because with `iset startpos 1` the server puts the start
//! position's `<12>` line (relation -4) and a blank line between them.
//!
//! Widths: with ms times the White cell is 24 wide and the rules have 21
//! dashes (real FICS); without, 19 and 16 (FICS 1.6.2). Unlike 1.6.2 no
//! line carries trailing spaces.

use std::fmt::Write;

use super::Variant;
use super::clock_text::push_move_time;

/// What the `moves` list shows, in plain values.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveListData {
    pub game_no: u32,
    pub white: String,
    pub black: String,
    /// As shown in the header: `1500`, `UNR`, `++++`…
    pub white_rating: String,
    pub black_rating: String,
    /// Start date as FICS prints it, e.g. `Sat Nov 29, 12:01 UTC 2025`.
    pub date: String,
    pub rated: bool,
    /// Its type word in the match line, as FICS writes `wild/fr`:
    /// `Unrated atomic960 match` (the word of its `Creating:` line).
    pub variant: Variant,
    pub initial_secs: u32,
    pub increment_secs: u32,
    /// The move number of the first row (1 unless a set-up position says
    /// otherwise).
    pub first_move_number: u32,
    /// The first half-move was Black's (a set-up position): the first row
    /// starts with `...`.
    pub black_moves_first: bool,
    /// Every half-move: English SAN and the time it took.
    pub moves: Vec<TimedMove>,
    /// Times with milliseconds (`iset ms 1`).
    pub ms: bool,
    /// `None` while the game goes on (`{Still in progress} *`), else the end
    /// reason and result (`Bob's king exploded`, `1-0`).
    pub end: Option<(String, String)>,
}

/// One half-move of the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimedMove {
    pub san: String,
    pub time_ms: u64,
}

/// Appends everything up to and including the blank line after the
/// `... match, initial time: ...` line.
pub fn write_header(data: &MoveListData, out: &mut String) {
    let _ = write!(
        out,
        "\nMovelist for game {}:\n\n{} ({}) vs. {} ({}) --- {}\n{} {} match, initial time: {} minutes, increment: {} seconds.\n\n",
        data.game_no,
        data.white,
        data.white_rating,
        data.black,
        data.black_rating,
        data.date,
        if data.rated { "Rated" } else { "Unrated" },
        data.variant.word(),
        data.initial_secs / 60,
        data.increment_secs,
    );
}

/// Appends the move table and the end line.
pub fn write_moves(data: &MoveListData, out: &mut String) {
    // White's cell: padded to `pad`, then `gap` spaces (FICS `%-23s ` with
    // ms, 1.6.2 `%-16s   ` without).
    let (pad, gap, dashes) = if data.ms { (23, 1, 21) } else { (16, 3, 16) };
    let cell = pad + gap;
    let _ = writeln!(out, "Move  {:<cell$}{}", data.white, data.black);
    let rule = "-".repeat(dashes);
    let _ = writeln!(out, "----  {rule}   {rule}");

    let mut number = data.first_move_number.max(1);
    let mut rest = data.moves.as_slice();
    if data.black_moves_first
        && let Some((first, tail)) = rest.split_first()
    {
        let _ = write!(out, "{number:3}.  {:<pad$}{:gap$}", "...", "");
        push_move(out, first, data.ms);
        out.push('\n');
        number += 1;
        rest = tail;
    }
    for pair in rest.chunks(2) {
        let _ = write!(out, "{number:3}.  ");
        let start = out.len();
        push_move(out, &pair[0], data.ms);
        if let Some(black) = pair.get(1) {
            let width = out.len() - start;
            out.extend(std::iter::repeat_n(' ', pad.saturating_sub(width) + gap));
            push_move(out, black, data.ms);
        }
        out.push('\n');
        number += 1;
    }
    match &data.end {
        Some((reason, result)) => {
            let _ = writeln!(out, "      {{{reason}}} {result}");
        }
        None => out.push_str("      {Still in progress} *\n"),
    }
}

/// Appends the whole list: [`write_header`] then [`write_moves`].
pub fn render(data: &MoveListData, out: &mut String) {
    write_header(data, out);
    write_moves(data, out);
}

/// `%-7s (time)`.
fn push_move(out: &mut String, m: &TimedMove, ms: bool) {
    let _ = write!(out, "{:<7} (", m.san);
    push_move_time(out, m.time_ms, ms);
    out.push(')');
}

#[cfg(test)]
mod tests {
    use super::*;

    fn data(ms: bool) -> MoveListData {
        let mv = |san: &str, time_ms| TimedMove {
            san: san.to_owned(),
            time_ms,
        };
        MoveListData {
            game_no: 463,
            white: "schachbjm".to_owned(),
            black: "Maras".to_owned(),
            white_rating: "2243".to_owned(),
            black_rating: "2158".to_owned(),
            date: "Sat Jan 23, 14:34 EST 2016".to_owned(),
            rated: true,
            variant: Variant::Atomic,
            initial_secs: 45 * 60,
            increment_secs: 45,
            first_move_number: 1,
            black_moves_first: false,
            moves: vec![mv("e4", 0), mv("e6", 0), mv("d4", 1_617), mv("d5", 2_220)],
            ms,
            end: None,
        }
    }

    /// The real FICS example of docs/protocol.md §6.2 (ms mode), with our word
    /// `atomic` for FICS's `standard`.
    #[test]
    fn ms_list_matches_the_fics_example() {
        let mut out = String::new();
        render(&data(true), &mut out);
        assert_eq!(
            out,
            "\nMovelist for game 463:\n\n\
             schachbjm (2243) vs. Maras (2158) --- Sat Jan 23, 14:34 EST 2016\n\
             Rated atomic match, initial time: 45 minutes, increment: 45 seconds.\n\n\
             Move  schachbjm               Maras\n\
             ----  ---------------------   ---------------------\n\
             \x20 1.  e4      (0:00.000)      e6      (0:00.000)\n\
             \x20 2.  d4      (0:01.617)      d5      (0:02.220)\n\
             \x20     {Still in progress} *\n"
        );
    }

    /// An Atomic960 game's match line has its type word, as a FICS
    /// Fischer-random one has `wild/fr`.
    #[test]
    fn an_atomic960_list_says_so_in_its_match_line() {
        let mut d = data(false);
        d.variant = Variant::Atomic960;
        d.rated = false;
        let mut out = String::new();
        write_header(&d, &mut out);
        assert!(
            out.ends_with(
                "\nUnrated atomic960 match, initial time: 45 minutes, increment: 45 seconds.\n\n"
            ),
            "{out}"
        );
    }

    /// The 1.6.2 widths, as in a real non-ms FICS list:
    /// `  1.  d4      (0:00)     Nf6     (0:00)`.
    #[test]
    fn plain_list_uses_the_1_6_2_widths() {
        let mut d = data(false);
        d.moves.pop();
        d.end = Some(("Maras resigns".to_owned(), "1-0".to_owned()));
        let mut out = String::new();
        write_moves(&d, &mut out);
        assert_eq!(
            out,
            "Move  schachbjm          Maras\n\
             ----  ----------------   ----------------\n\
             \x20 1.  e4      (0:00)     e6      (0:00)\n\
             \x20 2.  d4      (0:01)\n\
             \x20     {Maras resigns} 1-0\n"
        );
    }

    #[test]
    fn black_first_starts_with_dots() {
        let mut d = data(false);
        d.black_moves_first = true;
        d.first_move_number = 12;
        d.moves.truncate(3);
        let mut out = String::new();
        write_moves(&d, &mut out);
        assert!(
            out.contains(
                " 12.  ...                e4      (0:00)\n 13.  e6      (0:00)     d4      (0:01)\n"
            ),
            "{out}"
        );
    }
}
