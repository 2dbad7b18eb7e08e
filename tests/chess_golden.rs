//! The board renderers against their contracts: the golden style-1 files
//! (docs/protocol.md decision 1) and style-12 lines captured from real FICS (docs/protocol.md §2.3).

mod chess_common;

use atomicd::chess::{AtomicGame, BoardSnapshot, Lang, style1, style12};
use chess_common::data_text;
use shakmaty::Role;

/// Plays SAN moves typed in English.
fn game_after(moves: &[&str]) -> AtomicGame {
    let mut game = AtomicGame::new();
    for m in moves {
        game.play_input(m, Lang::En, Role::Queen)
            .unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    game
}

const SEED_1: &[&str] = &["d4", "d5", "Nc3", "Nc6", "Nf3", "Nf6", "Ne5", "g6"];

fn seed_2() -> AtomicGame {
    let mut moves = SEED_1.to_vec();
    moves.push("Nxd5");
    game_after(&moves)
}

fn style1_text(snap: &BoardSnapshot, black_at_bottom: bool, lang: Lang) -> String {
    let mut out = String::new();
    style1::render(snap, black_at_bottom, lang, &mut out);
    out
}

#[track_caller]
fn assert_golden(file: &str, got: &str) {
    let want = data_text(&format!("golden/{file}"));
    assert!(
        got == want,
        "{file} differs\n--- want\n{want}\n--- got\n{got}\n--- want (debug) {want:?}\n--- got (debug) {got:?}"
    );
}

#[test]
fn seed_board_1_english_and_french() {
    let snap = game_after(SEED_1).snapshot(1, "Alice", "Bob");
    assert_golden("seed-board-1.en.txt", &style1_text(&snap, false, Lang::En));
    assert_golden("seed-board-1.fr.txt", &style1_text(&snap, false, Lang::Fr));
}

#[test]
fn seed_board_2_english_and_french() {
    let snap = seed_2().snapshot(1, "Alice", "Bob");
    assert_golden("seed-board-2.en.txt", &style1_text(&snap, false, Lang::En));
    assert_golden("seed-board-2.fr.txt", &style1_text(&snap, false, Lang::Fr));
}

#[test]
fn seed_board_2_seen_by_black_in_a_timed_game() {
    let mut snap = seed_2().snapshot(1, "Alice", "Bob");
    snap.initial_secs = 180;
    snap.black_clock_ms = 182_000;
    snap.white_clock_ms = 178_000;
    if let Some(last) = &mut snap.last_move {
        last.time_ms = 2_300;
    }
    assert_golden(
        "seed-board-2.en.black.txt",
        &style1_text(&snap, true, Lang::En),
    );
}

#[test]
fn style1_strengths_follow_the_explosion() {
    assert_eq!(game_after(SEED_1).strengths(), (39, 39));
    assert_eq!(seed_2().strengths(), (33, 35));
}

fn style12_text(snap: &BoardSnapshot, relation: i8, flip: bool, ms: bool) -> String {
    let mut out = String::new();
    style12::render(snap, relation, flip, ms, &mut out);
    out
}

/// The first two real FICS lines of docs/protocol.md §2.3: a start position with
/// ms clocks and one without.
#[test]
fn style12_start_positions_match_real_fics_lines() {
    let game = AtomicGame::new();
    let mut snap = game.snapshot(107, "gbtami", "ggbtami");
    snap.initial_secs = 300;
    snap.white_clock_ms = 300_000;
    snap.black_clock_ms = 300_000;
    assert_eq!(
        style12_text(&snap, 1, false, true),
        "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 107 gbtami ggbtami 1 5 0 39 39 300000 300000 1 none (0:00.000) none 0 0 0\n"
    );
    let mut snap = game.snapshot(92, "Motyl", "Aretus");
    snap.initial_secs = 900;
    snap.increment_secs = 10;
    snap.white_clock_ms = 900_000;
    snap.black_clock_ms = 900_000;
    assert_eq!(
        style12_text(&snap, 0, false, false),
        "<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 92 Motyl Aretus 0 15 10 39 39 900 900 1 none (0:00) none 0 0 0\n"
    );
}

/// The constructed example of docs/protocol.md §2.3: 1.Nf3 d5 2.Ne5 Nd7 3.Nxd7
/// blows up the black king; strengths 36 24; Black's castling rights are
/// gone with the king and the a8-rook stays.
#[test]
fn style12_seed_example_after_nxd7() {
    let game = game_after(&["Nf3", "d5", "Ne5", "Nd7", "Nxd7"]);
    let last = game.moves().last().expect("moves were played");
    assert_eq!(last.san, "Nxd7#");
    assert_eq!(last.verbose, "N/e5-d7");
    let snap = game.snapshot(1, "W", "B");
    let line = style12_text(&snap, -1, false, false);
    assert!(
        line.starts_with(
            "<12> r----bnr ppp-pppp -------- ---p---- -------- -------- PPPPPPPP RNBQKB-R B -1 1 1 0 0 0 1 W B -1 0 0 36 24 0 0 3 N/e5-d7 (0:00) Nxd7# 0 1 0\n"
        ),
        "{line}"
    );
}

#[test]
fn style12_fields_after_a_double_push_with_ms_clocks() {
    let game = game_after(&["e4"]);
    let mut snap = game.snapshot(5, "Alice", "Bob");
    snap.initial_secs = 120;
    snap.increment_secs = 12;
    snap.white_clock_ms = 119_250;
    snap.black_clock_ms = -1_500;
    if let Some(last) = &mut snap.last_move {
        last.time_ms = 3_723_004;
    }
    snap.lag_ms = 45;
    assert_eq!(
        style12_text(&snap, 1, true, true),
        "<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 5 Alice Bob 1 2 12 39 39 119250 -1500 1 P/e2-e4 (1:02:03.004) e4 1 0 45\n"
    );
    assert_eq!(
        style12_text(&snap, -1, false, false),
        "<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 5 Alice Bob -1 2 12 39 39 119 -1 1 P/e2-e4 (1:02:03) e4 0 0 45\n"
    );
}

/// The tolerant regex of docs/protocol.md §2.3 accepts what we send.
#[test]
fn style12_lines_have_32_fields() {
    let game = seed_2();
    let line = style12_text(&game.snapshot(1, "Alice", "Bob"), 0, false, true);
    assert!(line.ends_with('\n') && !line.starts_with('\n'));
    assert_eq!(line.trim_end().split(' ').count(), 33, "{line}");
}
