//! Helpers of the durability tests: games between clients, and reading
//! style-12 boards.

#![allow(dead_code)]

use crate::support::Client;

/// The fields of a style-12 line the tests look at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board12 {
    pub game: u32,
    pub white: String,
    pub black: String,
    pub to_move: char,
    pub white_ms: i64,
    pub black_ms: i64,
    pub move_no: u32,
    pub san: String,
    pub ticking: bool,
}

/// Reads a `<12>` line (sent with `iset ms 1`).
pub fn parse12(line: &str) -> Board12 {
    let t: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(t[0], "<12>", "{line}");
    Board12 {
        game: t[16].parse().unwrap(),
        white: t[17].to_string(),
        black: t[18].to_string(),
        to_move: t[9].chars().next().unwrap(),
        white_ms: t[24].parse().unwrap(),
        black_ms: t[25].parse().unwrap(),
        move_no: t[26].parse().unwrap(),
        san: t[29].to_string(),
        ticking: t[31] == "1",
    }
}

/// Sets a client up for machine reading: style 12 with milliseconds, no wrapping.
pub async fn machine(c: &mut Client) {
    c.command("set style 12").await;
    c.command("iset ms 1").await;
    c.command("iset nowrap 1").await;
}

/// Waits for the next `<12>` line and reads it, with the prompt after it.
pub async fn next_board(c: &mut Client) -> Board12 {
    c.expect("<12> ").await;
    let rest = c.expect("\n").await;
    c.expect("fics% ").await;
    parse12(&format!("<12> {}", rest.trim_end()))
}

/// `white` challenges `black_name` with `terms` (`white` colour implied);
/// both see the game start. Returns the game number.
pub async fn start_game(
    white: &mut Client,
    black: &mut Client,
    black_name: &str,
    terms: &str,
) -> u32 {
    white
        .command(&format!("match {black_name} {terms} white"))
        .await;
    black.expect("Challenge:").await;
    black.expect("fics% ").await;
    black.send("accept").await;
    let b = next_board(black).await;
    let w = next_board(white).await;
    assert_eq!(b.game, w.game);
    w.game
}

/// Plays `mv` for `mover` and waits until both players have the board.
pub async fn play(mover: &mut Client, other: &mut Client, mv: &str) -> Board12 {
    mover.send(mv).await;
    let mine = next_board(mover).await;
    let theirs = next_board(other).await;
    assert_eq!(mine, theirs, "both players see the same board");
    mine
}

/// Waits for unsolicited text containing `pattern` and the prompt after
/// it; returns everything read.
pub async fn hear(c: &mut Client, pattern: &str) -> String {
    let mut text = c.expect(pattern).await;
    text.push_str(&c.expect("fics% ").await);
    text
}

/// The Atomic row of a `finger` rating table: (rating, wins, losses).
pub fn atomic_row(finger: &str) -> (i32, u32, u32) {
    let row = finger
        .lines()
        .find(|l| l.starts_with("Atomic"))
        .unwrap_or_else(|| panic!("no rating row in {finger}"));
    let f: Vec<&str> = row.split_whitespace().collect();
    (
        f[1].parse().unwrap(),
        f[3].parse().unwrap(),
        f[4].parse().unwrap(),
    )
}
