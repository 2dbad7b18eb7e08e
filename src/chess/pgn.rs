//! One finished game as PGN, readable by python-chess's atomic reader
//! (`[Variant "Atomic"]`) and by lichess and pychess.
//!
//! ```text
//! [Event "atomicd rated atomic game"]
//! ...
//! [TimeControl "180+0"]
//! [Variant "Atomic"]
//!
//! 1. Nf3 f6 2. Ne5 ... 5. Nxf7# {Bob's king exploded} 1-0
//! ```

use std::fmt::Write;

use shakmaty::{Color, fen::Fen};

/// What a PGN record holds, in plain values.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    pub event: String,
    pub site: String,
    /// `YYYY.MM.DD`.
    pub date: String,
    /// `-` when not part of a tournament.
    pub round: String,
    pub white: String,
    pub black: String,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub result: String,
    /// Left out when empty.
    pub white_elo: String,
    pub black_elo: String,
    pub initial_secs: u32,
    pub increment_secs: u32,
    /// The set-up position, for games that did not start from the standard
    /// one (adds `[SetUp "1"]` and `[FEN ...]`).
    pub start_fen: Option<String>,
    /// English SAN of every half-move.
    pub sans: Vec<String>,
    /// The reason of the end line, written as the final comment, e.g.
    /// `Bob's king exploded`.
    pub end_comment: Option<String>,
    /// The computer analysis's evaluation after each half-move, as
    /// `[%eval …]` writes it (`0.35`, `#-2`), when the game was analysed;
    /// each becomes a `{ [%eval 0.35] }` comment after its move, as
    /// lichess exports them.
    pub evals: Vec<Option<String>>,
}

/// Movetext lines stay within this width (PGN export format: under 80).
const LINE_WIDTH: usize = 79;

/// Appends the game as PGN, ending with a blank line so games can be
/// concatenated.
pub fn write(game: &PgnGame, out: &mut String) {
    let tag = |out: &mut String, name: &str, value: &str| {
        let _ = writeln!(out, "[{name} \"{}\"]", escape(value));
    };
    tag(out, "Event", &game.event);
    tag(out, "Site", &game.site);
    tag(out, "Date", &game.date);
    tag(out, "Round", &game.round);
    tag(out, "White", &game.white);
    tag(out, "Black", &game.black);
    tag(out, "Result", &game.result);
    if !game.white_elo.is_empty() {
        tag(out, "WhiteElo", &game.white_elo);
    }
    if !game.black_elo.is_empty() {
        tag(out, "BlackElo", &game.black_elo);
    }
    let time_control = if game.initial_secs == 0 && game.increment_secs == 0 {
        "-".to_owned()
    } else {
        format!("{}+{}", game.initial_secs, game.increment_secs)
    };
    tag(out, "TimeControl", &time_control);
    tag(out, "Variant", "Atomic");
    if let Some(fen) = &game.start_fen {
        tag(out, "SetUp", "1");
        tag(out, "FEN", fen);
    }
    out.push('\n');

    let mut tokens: Vec<String> = Vec::with_capacity(game.sans.len() * 3 / 2 + 2);
    let (mut turn, mut number) = start_of(game.start_fen.as_deref());
    let mut after_comment = false;
    for (i, san) in game.sans.iter().enumerate() {
        if turn == Color::White {
            tokens.push(format!("{number}. {san}"));
        } else if i == 0 || after_comment {
            tokens.push(format!("{number}... {san}"));
        } else {
            tokens.push(san.clone());
        }
        after_comment = false;
        if let Some(Some(eval)) = game.evals.get(i) {
            tokens.push(format!("{{ [%eval {eval}] }}"));
            after_comment = true;
        }
        if turn == Color::Black {
            number += 1;
        }
        turn = !turn;
    }
    if let Some(comment) = &game.end_comment {
        // `}` would end the comment early.
        tokens.push(format!("{{{}}}", comment.replace('}', ")")));
    }
    tokens.push(game.result.clone());

    let mut col = 0;
    for token in &tokens {
        if col > 0 && col + 1 + token.len() > LINE_WIDTH {
            out.push('\n');
            col = 0;
        }
        if col > 0 {
            out.push(' ');
            col += 1;
        }
        out.push_str(token);
        col += token.len();
    }
    out.push_str("\n\n");
}

/// Side to move and move number of the start position.
fn start_of(fen: Option<&str>) -> (Color, u32) {
    fen.and_then(|f| Fen::from_ascii(f.as_bytes()).ok())
        .map_or((Color::White, 1), |fen| {
            let setup = fen.as_setup();
            (setup.turn, setup.fullmoves.get())
        })
}

/// Tag values escape `\` and `"` (PGN standard 8.1.1).
fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game() -> PgnGame {
        PgnGame {
            event: "atomicd rated atomic game".to_owned(),
            site: "atomicd".to_owned(),
            date: "2025.11.29".to_owned(),
            round: "-".to_owned(),
            white: "Alice".to_owned(),
            black: "Bob".to_owned(),
            result: "1-0".to_owned(),
            white_elo: "1500".to_owned(),
            black_elo: "1623".to_owned(),
            initial_secs: 180,
            increment_secs: 0,
            start_fen: None,
            sans: ["Nf3", "a6", "Ng5", "a5", "Nxf7#"]
                .map(String::from)
                .to_vec(),
            end_comment: Some("Bob's king exploded".to_owned()),
            evals: Vec::new(),
        }
    }

    #[test]
    fn evaluations_follow_their_moves() {
        let mut g = game();
        g.evals = ["0.20", "1.50", "1.80", "#1"]
            .map(|e| Some(e.to_owned()))
            .to_vec();
        g.evals.push(None);
        let mut out = String::new();
        write(&g, &mut out);
        let movetext = out.split("\n\n").nth(1).unwrap().replace('\n', " ");
        assert_eq!(
            movetext,
            "1. Nf3 { [%eval 0.20] } 1... a6 { [%eval 1.50] } 2. Ng5 { [%eval 1.80] } 2... a5 { [%eval #1] } 3. Nxf7# {Bob's king exploded} 1-0"
        );
        assert!(out.lines().all(|l| l.len() <= LINE_WIDTH), "{out}");
    }

    #[test]
    fn a_finished_game() {
        let mut out = String::new();
        write(&game(), &mut out);
        assert_eq!(
            out,
            "[Event \"atomicd rated atomic game\"]\n[Site \"atomicd\"]\n[Date \"2025.11.29\"]\n\
             [Round \"-\"]\n[White \"Alice\"]\n[Black \"Bob\"]\n[Result \"1-0\"]\n\
             [WhiteElo \"1500\"]\n[BlackElo \"1623\"]\n[TimeControl \"180+0\"]\n\
             [Variant \"Atomic\"]\n\n\
             1. Nf3 a6 2. Ng5 a5 3. Nxf7# {Bob's king exploded} 1-0\n\n"
        );
    }

    #[test]
    fn a_set_up_game_with_black_to_move_and_long_movetext() {
        let mut g = game();
        g.start_fen = Some("4k3/8/8/8/8/8/8/4K2R b K - 0 31".to_owned());
        g.sans = ["Kd8", "Rh8+"].map(String::from).to_vec();
        g.white_elo.clear();
        g.end_comment = None;
        g.result = "*".to_owned();
        g.initial_secs = 0;
        g.white = "A \"quoted\" \\ name".to_owned();
        let mut out = String::new();
        write(&g, &mut out);
        assert!(
            out.contains("[White \"A \\\"quoted\\\" \\\\ name\"]\n"),
            "{out}"
        );
        assert!(!out.contains("WhiteElo"));
        assert!(out.contains("[TimeControl \"-\"]\n"));
        assert!(out.contains(
            "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R b K - 0 31\"]\n\n31... Kd8 32. Rh8+ *\n\n"
        ));

        g.sans = vec!["Kd8".to_owned(); 60];
        let mut out = String::new();
        write(&g, &mut out);
        assert!(out.lines().all(|l| l.len() <= LINE_WIDTH), "{out}");
        assert!(out.lines().filter(|l| l.contains("Kd8")).count() > 3);
    }
}
