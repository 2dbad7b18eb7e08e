//! python-chess reads our Atomic960 PGN back: two registered players play
//! an Atomic960 game over telnet from start 74 (NNRKBBQR), White castling
//! long and Black short, to an explosion; the game's PGN from the server
//! (`GET /api/history/{id}.pgn`) goes to python-chess
//! (`chess.pgn.read_game`, through `scripts/atomic960_pgn.py`), which must
//! take it as atomic with Chess960 castling (`[Variant "Atomic"]`, `SetUp`
//! and the X-FEN start), replay every move with our SANs, and end in our
//! final position with our result.
//!
//! This test needs `python3` with python-chess (`pip install chess`) and
//! fails, saying so, when it is missing: it is never skipped.

mod python_chess;
mod support;
mod web_common;

use atomicd::account::Titles;
use atomicd::chess::{AtomicGame, StartPosition, Variant};
use support::Client;
use web_common::get;

/// `mover` plays `mv`; both players read the board (and the prompt).
async fn play(mover: &mut Client, other: &mut Client, mv: &str) {
    mover.send(mv).await;
    for c in [mover, other] {
        c.expect("<12> ").await;
        c.expect("fics% ").await;
    }
}

/// python-chess's reading of `pgn` (see scripts/atomic960_pgn.py).
fn python_reads(pgn: &str) -> String {
    python_chess::run_script("atomic960_pgn.py", pgn)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn python_chess_replays_a_castling_atomic960_game_from_our_pgn() {
    let server = support::TestServer::start().await;
    server.add_user("Alice", "pw", Titles::default());
    server.add_user("Bob", "pw", Titles::default());
    let mut alice = server.user("Alice", "pw").await;
    let mut bob = server.user("Bob", "pw").await;
    for c in [&mut alice, &mut bob] {
        c.command("set bell 0").await;
        c.command("set style 12").await;
    }
    let issued = alice.command("match bob 3 0 atomic960 74 white").await;
    assert!(issued.contains("unrated atomic960 3 0"), "{issued}");
    bob.expect("You can \"accept\"").await;
    bob.expect("fics% ").await;
    bob.send("accept").await;
    for c in [&mut alice, &mut bob] {
        c.expect("<12> ").await;
        c.expect("fics% ").await;
    }
    let live = get(&server, "/api/games/1").await.json();
    let id = live["id"].as_i64().expect("the game's database id");

    // White castles long (king d1, rook c1), Black short (king d8 to g8,
    // rook h8 to f8), then the queen takes g7 and the king of g8 explodes.
    play(&mut alice, &mut bob, "O-O-O").await;
    let quiet = [
        "e6", "g4", "Be7", "g5", "d6", "a3", "Bd7", "a4", "f6", "h3", "Qf7", "h4",
    ];
    for (i, mv) in quiet.iter().enumerate() {
        if i % 2 == 0 {
            play(&mut bob, &mut alice, mv).await;
        } else {
            play(&mut alice, &mut bob, mv).await;
        }
    }
    play(&mut bob, &mut alice, "0-0").await;
    play(&mut alice, &mut bob, "gxf6").await;
    play(&mut bob, &mut alice, "a6").await;
    alice.send("Qxg7").await;
    for c in [&mut alice, &mut bob] {
        c.expect("{Game 1 (Alice vs. Bob) Bob's king exploded} 1-0")
            .await;
    }

    // Ours: the stored moves, replayed from the stored start.
    let stored = get(&server, &format!("/api/history/{id}")).await.json();
    let moves = stored["moves"].as_array().unwrap();
    let sans: Vec<&str> = moves.iter().map(|m| m["san"].as_str().unwrap()).collect();
    let ucis: Vec<&str> = moves.iter().map(|m| m["uci"].as_str().unwrap()).collect();
    assert_eq!(sans.len(), 17, "{stored}");
    assert_eq!((sans[0], sans[13]), ("O-O-O", "O-O"), "{stored}");
    let start = stored["start_fen"].as_str().unwrap();
    let ours = AtomicGame::replay_in(Variant::Atomic960, Some(start), ucis.iter().copied())
        .expect("our own moves replay");

    let answer = get(&server, &format!("/api/history/{id}.pgn")).await;
    assert_eq!(answer.status, 200);
    let pgn = answer.body.clone();
    assert!(pgn.contains("[Variant \"Atomic\"]"), "{pgn}");
    assert!(pgn.contains("[SetUp \"1\"]"), "{pgn}");
    let x_fen = StartPosition::new(74).unwrap().fen();
    assert!(pgn.contains(&format!("[FEN \"{x_fen}\"]")), "{pgn}");
    assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");

    let theirs = python_reads(&pgn);
    let lines: Vec<&str> = theirs.lines().collect();
    assert_eq!(
        lines,
        [
            "GAME AtomicBoard atomic True 17".to_string(),
            format!("SANS {}", sans.join(" ")),
            format!("FEN {}", ours.fen()),
            "RESULT 1-0".to_string(),
        ],
        "python-chess read {pgn}"
    );
}
