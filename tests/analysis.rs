//! Computer analysis of a finished game, with the real engine: `analyse`
//! queues the game, the requester is told when it is ready, every ply has
//! an evaluation (the last position, where the king exploded, is over),
//! the decisive blunder is marked with lichess's thresholds and the best
//! move beside it, and the PGN and the JSON of the web port carry it. The
//! engine searches to a fixed depth: the answers do not depend on the
//! machine's speed, and the test waits as long as a busy machine needs.

mod engine_common;
mod support;
mod web_common;

use std::time::Duration;

use atomicd::Config;
use atomicd::account::Titles;
use support::{Client, TestServer};

fn with_analysis(config: &mut Config) {
    config.engine = Some(engine_common::fairy_stockfish().display().to_string());
    config.analysis.depth = Some(8);
    config.analysis.jobs_per_user_per_day = 1;
}

/// The trap of `help atomic`: after 1.Nf3 Black must guard f7 (1...f6,
/// the book move); 1...a6?? lets White's knight in, and 3.Nxf7's explosion
/// takes Black's king. Alice (White) and Bob play it; the game is number 1.
async fn play_the_trap(server: &TestServer) -> (Client, Client) {
    server.add_user("Alice", "pw", Titles::default());
    server.add_user("Bob", "pw", Titles::default());
    let mut alice = server.user("Alice", "pw").await;
    let mut bob = server.user("Bob", "pw").await;
    for c in [&mut alice, &mut bob] {
        c.command("set bell 0").await;
        c.command("set style 12").await;
    }
    alice.start_game_with(&mut bob, "3 0 unrated").await;
    for (i, mv) in ["Nf3", "a6", "Ng5", "a5", "Nxf7"].iter().enumerate() {
        let (mover, other) = if i % 2 == 0 {
            (&mut alice, &mut bob)
        } else {
            (&mut bob, &mut alice)
        };
        let mine = mover.play(mv).await;
        assert!(!mine.contains("Illegal"), "{mv}: {mine}");
        other.next_message().await;
    }
    let _ = alice.drain(Duration::from_millis(300)).await;
    let _ = bob.drain(Duration::from_millis(300)).await;
    (alice, bob)
}

/// Waits, as long as a busy machine takes (three minutes at most), for
/// a line the server sends by itself; returns what came up to it.
async fn wait_for(c: &mut Client, text: &str) -> String {
    let mut seen = String::new();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(180);
    while !unwrapped(&seen).contains(text) {
        assert!(
            tokio::time::Instant::now() < deadline,
            "never came: {text}; got {seen}"
        );
        seen.push_str(&c.drain(Duration::from_millis(500)).await);
    }
    seen
}

fn unwrapped(text: &str) -> String {
    text.replace('\r', "").replace("\n\\   ", "")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_analysis_of_the_trap_marks_its_blunder() {
    let server = TestServer::start_with(with_analysis).await;
    let (mut alice, mut bob) = play_the_trap(&server).await;

    // Guests may not ask; Alice asks for her last game.
    let (mut guest, _) = server.guest().await;
    let refused = guest.command("analyse 1").await;
    assert!(
        refused.contains("Only registered players may ask for a computer analysis."),
        "{refused}"
    );
    let queued = unwrapped(&alice.command("analyse").await);
    assert!(
        queued.contains("Game 1 (Alice vs. Bob) is queued for computer analysis"),
        "{queued}"
    );
    // Asking again while it runs says where it is, and costs nothing.
    let again = alice.command("analyse 1").await;
    assert!(
        again.contains("Game 1 is being analysed") || again.contains("Game 1 waits"),
        "{again}"
    );
    let ready = wait_for(&mut alice, "\"analyse 1\" shows it.").await;
    assert!(
        unwrapped(&ready)
            .contains("The computer analysis of game 1 is ready: \"analyse 1\" shows it."),
        "{ready}"
    );

    // Anyone may read it: Bob does.
    let shown = bob.command("analyse 1").await;
    assert!(
        shown.contains("Computer analysis of game 1: Alice vs. Bob (1-0), by Fairy-Stockfish"),
        "{shown}"
    );
    // The American spelling names the same command.
    assert!(
        bob.command("analyze 1")
            .await
            .contains("Computer analysis of game 1")
    );
    let lines: Vec<&str> = shown.lines().collect();
    // The start, then one line per half-move, each with its evaluation;
    // the king's explosion ends the game: nothing to evaluate after it.
    let start = lines
        .iter()
        .position(|l| l.trim_start().starts_with("start"))
        .unwrap();
    let moves = &lines[start..start + 6];
    for line in &moves[..5] {
        let eval = line
            .split_whitespace()
            .find(|w| w.starts_with('+') || w.starts_with('-') || w.starts_with('#'));
        assert!(eval.is_some(), "no evaluation in {line:?}:\n{shown}");
    }
    assert!(
        moves[5].contains("3. Nxf7#") && moves[5].trim_end().ends_with('-'),
        "{shown}"
    );
    // The decisive blunder: the first move after which the engine sees a
    // mate for White is 1...a6, marked ?? with the book move beside it;
    // 2...a5 only shortens a mate already there, and is not marked.
    let first_mate = moves[1..5]
        .iter()
        .position(|l| {
            l.split_whitespace()
                .any(|w| w.starts_with('#') && !w.starts_with("#-"))
        })
        .map(|i| moves[1 + i]);
    let a6 = first_mate.unwrap_or_else(|| panic!("no mate for White:\n{shown}"));
    assert!(a6.contains("1... a6") && a6.contains("??"), "{shown}");
    assert!(a6.contains("Blunder. f6 was best."), "{shown}");
    assert!(
        moves[4].contains("2... a5") && moves[4].contains("#1"),
        "{shown}"
    );
    assert!(!moves[4].contains('?'), "{shown}");
    assert!(
        shown.contains("Black (Bob): 0 inaccuracies, 0 mistakes, 1 blunder"),
        "{shown}"
    );

    // The PGN carries the evaluations, as lichess writes them.
    let pgn = web_common::get(&server, "/api/history/1.pgn").await;
    let text = pgn.body.replace('\n', " ");
    assert!(text.contains("2... a5 { [%eval #1] }"), "{text}");
    assert!(text.contains("1. Nf3 { [%eval "), "{text}");
    // And `atomicd export-pgn`, from the database.
    server.flush_store().await;
    let exported = std::process::Command::new(env!("CARGO_BIN_EXE_atomicd"))
        .arg("--db")
        .arg(&server.config.database)
        .arg("export-pgn")
        .output()
        .expect("export-pgn runs");
    let exported = String::from_utf8_lossy(&exported.stdout).replace('\n', " ");
    assert!(exported.contains("2... a5 { [%eval #1] }"), "{exported}");
    // So does the JSON for the web page.
    let json = web_common::get(&server, "/api/analysis/1").await.json();
    assert_eq!(json["status"], "done");
    assert!(json["start_fen"].is_null(), "the standard start: {json}");
    let moves = json["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 5);
    assert_eq!(moves[1]["san"], "a6");
    assert_eq!(moves[1]["judgement"], "blunder");
    assert_eq!(moves[1]["best"], "f6");
    assert!(moves[1]["eval"]["mate"].as_i64().unwrap() > 0);
    assert_eq!(moves[3]["san"], "a5");
    assert_eq!(moves[3]["eval"]["mate"], 1);
    assert!(moves[3]["judgement"].is_null());
    assert!(moves[4]["eval"].is_null());
    assert_eq!(json["black"]["blunders"], 1);
    assert_eq!(
        web_common::get(&server, "/api/analysis/2").await.status,
        404
    );

    // One analysis a day each (jobs_per_user_per_day = 1).
    let _ = alice.drain(Duration::from_millis(300)).await;
    let _ = bob.drain(Duration::from_millis(300)).await;
    alice.start_game_with(&mut bob, "3 0 unrated").await;
    alice.command("resign").await;
    let _ = bob.drain(Duration::from_millis(300)).await;
    let limited = unwrapped(&alice.command("analyse 2").await);
    assert!(
        limited.contains("You have asked for 1 computer analysis in the last 24 hours"),
        "{limited}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_an_engine_analysis_is_not_available() {
    let server = TestServer::start().await;
    let (mut alice, _bob) = play_the_trap(&server).await;
    let reply = unwrapped(&alice.command("analyse 1").await);
    assert!(
        reply.contains("Computer analysis is not available: the server has no engine"),
        "{reply}"
    );
    let none = alice.command("analyse 9").await;
    assert!(none.contains("There is no game 9."), "{none}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_a_stop_interrupted_is_done_after_the_restart() {
    // Ten seconds a position: the analysis cannot be done by the restart.
    let mut server = TestServer::start_with(|c| {
        with_analysis(c);
        c.analysis.depth = None;
        c.analysis.ms_per_ply = 10_000;
    })
    .await;
    let (mut alice, _bob) = play_the_trap(&server).await;
    let queued = unwrapped(&alice.command("analyse 1").await);
    assert!(
        queued.contains("is queued for computer analysis"),
        "{queued}"
    );
    drop(alice);
    server.config.analysis.depth = Some(8);
    server.restart().await;
    let mut alice = server.user("Alice", "pw").await;
    let mut shown = String::new();
    for _ in 0..1800 {
        shown = alice.command("analyse 1").await;
        if shown.contains("Computer analysis of game 1") {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(shown.contains("Computer analysis of game 1"), "{shown}");
    assert!(shown.contains("1... a6      ??"), "{shown}");
}

/// An Atomic960 game, castled on both wings from start 74 (NNRKBBQR): the
/// engine reads its start and its castlings (stored king onto rook) in its
/// Chess960 mode, so it sees the position the players had. The proof: after
/// 8...a6 White mates at once (Qxg7 explodes the king castled to g8), and
/// the engine says #1 there; in the wrong mode the castling is an illegal
/// move to it and it would be looking at another position.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_atomic960_game_is_analysed_in_the_engine_s_chess960_mode() {
    let server = TestServer::start_with(with_analysis).await;
    server.add_user("Alice", "pw", Titles::default());
    server.add_user("Bob", "pw", Titles::default());
    let mut alice = server.user("Alice", "pw").await;
    let mut bob = server.user("Bob", "pw").await;
    for c in [&mut alice, &mut bob] {
        c.command("set bell 0").await;
        c.command("set style 12").await;
    }
    alice
        .start_game_with(&mut bob, "3 0 unrated atomic960 74")
        .await;
    let line = [
        "O-O-O", "e6", "g4", "Be7", "g5", "d6", "a3", "Bd7", "a4", "f6", "h3", "Qf7", "h4", "0-0",
        "gxf6", "a6", "Qxg7",
    ];
    for (i, mv) in line.iter().enumerate() {
        let (mover, other) = if i % 2 == 0 {
            (&mut alice, &mut bob)
        } else {
            (&mut bob, &mut alice)
        };
        let mine = mover.play(mv).await;
        assert!(!mine.contains("Illegal"), "{mv}: {mine}");
        other.next_message().await;
    }
    let _ = alice.drain(Duration::from_millis(300)).await;
    let queued = unwrapped(&alice.command("analyse 1").await);
    assert!(
        queued.contains("is queued for computer analysis"),
        "{queued}"
    );
    wait_for(&mut alice, "\"analyse 1\" shows it.").await;

    let json = web_common::get(&server, "/api/analysis/1").await.json();
    assert_eq!(json["status"], "done", "{json}");
    assert!(json["start_fen"].is_string(), "{json}");
    let moves = json["moves"].as_array().unwrap();
    assert_eq!(moves.len(), line.len(), "{json}");
    assert_eq!(moves[0]["san"], "O-O-O");
    assert_eq!(moves[13]["san"], "O-O");
    for m in &moves[..16] {
        assert!(
            !m["eval"].is_null(),
            "a position without evaluation: {json}"
        );
    }
    assert_eq!(moves[15]["san"], "a6");
    assert_eq!(moves[15]["eval"]["mate"], 1, "{json}");
    assert!(moves[16]["eval"].is_null(), "the king exploded: {json}");
}
