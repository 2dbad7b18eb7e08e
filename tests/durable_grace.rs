//! Reconnection grace (docs/protocol.md decision 6): a game with a guest waits for a
//! dropped player, with the clocks stopped, and goes on when the same name
//! logs in again; after the grace the absent player forfeits, or the game
//! is aborted before both have moved.

mod durable_common;
mod support;

use std::time::Duration;

use durable_common::{hear, machine, next_board, play, start_game};
use support::{Client, TestServer};

/// Logs in with an unregistered name.
async fn unregistered(server: &TestServer, name: &str) -> Client {
    let mut c = server.connect().await;
    c.expect("login: ").await;
    c.send(name).await;
    c.expect("Press return").await;
    c.send("").await;
    c.expect("fics% ").await;
    machine(&mut c).await;
    c
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dropped_guest_comes_back_and_the_game_goes_on_with_its_clocks() {
    let server = TestServer::start_with(|c| c.disconnect_grace = 30).await;
    let mut a = unregistered(&server, "Alfred").await;
    let mut b = unregistered(&server, "Bertha").await;
    let (mut watcher, _) = server.guest().await;
    machine(&mut watcher).await;
    start_game(&mut a, &mut b, "Bertha", "2 0").await;
    play(&mut a, &mut b, "e4").await;
    play(&mut b, &mut a, "e5").await;
    let before = play(&mut a, &mut b, "Nf3").await;
    watcher.command("observe 1").await;
    drop(b);
    let note = hear(&mut a, "Game 1: Bertha has lost connection.").await;
    assert!(
        note.contains("Game 1: Bertha has lost connection. The clocks are stopped; the game waits 30 seconds for Bertha to come back."),
        "{note}"
    );
    let stopped = next_board(&mut a).await;
    assert!(!stopped.ticking, "{stopped:?}");
    hear(&mut watcher, "Bertha has lost connection").await;
    // The name cannot be taken by a new guest meanwhile, and the game is not over.
    assert!(a.command("games").await.contains("1 game displayed."));
    tokio::time::sleep(Duration::from_millis(600)).await;
    let mut b = server.connect().await;
    b.expect("login: ").await;
    b.send("Bertha").await;
    b.expect("Press return").await;
    b.send("").await;
    let back = b.expect("Continuing unrated atomic match.}\n").await;
    assert!(
        back.contains("\nCreating: Alfred (++++) Bertha (++++) unrated atomic 2 0\n{Game 1 (Alfred vs. Bertha) Continuing unrated atomic match.}\n"),
        "{back}"
    );
    // The board, in the new session's own style (1).
    let board = b.expect("fics% ").await;
    assert!(
        board.contains("Game 1 (Alfred vs. Bertha)") && board.contains("Move # : 2 (Black)"),
        "{board}"
    );
    machine(&mut b).await;
    hear(&mut a, "Game 1: Bertha has reconnected; the game goes on.").await;
    let going = next_board(&mut a).await;
    assert!(going.ticking);
    // Nobody's clock ran while Bertha was away.
    assert_eq!(
        (going.white_ms, going.black_ms),
        (stopped.white_ms, stopped.black_ms)
    );
    assert!(stopped.black_ms <= before.black_ms && stopped.black_ms > before.black_ms - 2000);
    b.command("refresh").await;
    let after = play(&mut b, &mut a, "Nc6").await;
    assert!(after.black_ms <= before.black_ms && after.black_ms > before.black_ms - 5000);
    let moves = b.command("moves").await;
    assert!(moves.contains("Nf3") && moves.contains("Nc6"), "{moves}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_the_grace_the_absent_player_forfeits_or_the_game_is_aborted() {
    let server = TestServer::start_with(|c| c.disconnect_grace = 1).await;
    let mut a = unregistered(&server, "Alfred").await;
    let mut b = unregistered(&server, "Bertha").await;
    start_game(&mut a, &mut b, "Bertha", "2 0").await;
    play(&mut a, &mut b, "e4").await;
    play(&mut b, &mut a, "e5").await;
    drop(b);
    hear(&mut a, "waits 1 seconds for Bertha").await;
    let end = hear(
        &mut a,
        "{Game 1 (Alfred vs. Bertha) Bertha forfeits by disconnection} 1-0",
    )
    .await;
    assert!(!end.contains("aborted"), "{end}");
    let hist = a.command("history").await;
    assert!(hist.contains("Dis"), "{hist}");

    let mut b = unregistered(&server, "Bertha").await;
    start_game(&mut a, &mut b, "Bertha", "2 0").await;
    play(&mut a, &mut b, "d4").await;
    drop(a);
    hear(
        &mut b,
        "{Game 1 (Alfred vs. Bertha) Alfred lost connection; game aborted} *",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_no_grace_a_drop_ends_the_game_at_once() {
    let server = TestServer::start_with(|c| c.disconnect_grace = 0).await;
    let (mut a, an) = server.guest().await;
    let (mut b, bn) = server.guest().await;
    machine(&mut a).await;
    machine(&mut b).await;
    start_game(&mut a, &mut b, &bn, "2 0").await;
    play(&mut a, &mut b, "e4").await;
    play(&mut b, &mut a, "e5").await;
    drop(b);
    hear(
        &mut a,
        &format!("{{Game 1 ({an} vs. {bn}) {bn} forfeits by disconnection}} 1-0"),
    )
    .await;
}
