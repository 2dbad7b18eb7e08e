//! Atomic960's own rating line, as registered players meet it over
//! telnet: a rated Atomic960 game (asked with `rated`) moves only the
//! Atomic960 rating, `finger` and `stats` show an `Atomic960` row once
//! there is one, and a rated atomic game afterwards leaves that row
//! alone; `history`
//! marks the game `X`, `best`/`rank`/`hbest atomic960` and `assess …
//! atomic960` read the Atomic960 line,
//! and `/api/players/{name}` has a second line.

mod durable_common;
mod support;
mod web_common;

use atomicd::account::Titles;
use durable_common::hear;
use support::{Client, TestServer};

/// Waits for the next style-12 board and its prompt.
async fn board(c: &mut Client) {
    c.expect("<12> ").await;
    c.expect("fics% ").await;
}

/// Alice (White) and Bob play `Nf3 a6 Ng5 a5 Nxf7` (in coordinates) on
/// `terms`, from the standard start (position 518 for Atomic960): Bob's
/// king explodes with f7.
async fn play_to_explosion(alice: &mut Client, bob: &mut Client, terms: &str, no: u32) {
    let issued = alice.command(&format!("match bob {terms} white")).await;
    assert!(issued.contains("Issuing: "), "{issued}");
    bob.expect("You can \"accept\"").await;
    bob.expect("fics% ").await;
    bob.send("accept").await;
    board(bob).await;
    board(alice).await;
    let moves = ["g1f3", "a7a6", "f3g5", "a6a5"];
    for (i, mv) in moves.iter().enumerate() {
        let (mover, other) = if i % 2 == 0 {
            (&mut *alice, &mut *bob)
        } else {
            (&mut *bob, &mut *alice)
        };
        mover.send(mv).await;
        board(mover).await;
        board(other).await;
    }
    alice.send("g5f7").await;
    let end = format!("{{Game {no} (Alice vs. Bob) Bob's king exploded}} 1-0");
    let label = if terms.contains("atomic960") {
        "Atomic960 rating adjustment: "
    } else {
        "Atomic rating adjustment: "
    };
    for c in [&mut *alice, &mut *bob] {
        let heard = hear(c, &end).await;
        assert!(heard.contains(label), "{heard}");
    }
}

/// The row of `label` in a finger's rating table: (rating, wins, losses,
/// draws, total), or None when there is no such row.
fn row(finger: &str, label: &str) -> Option<(i32, u32, u32, u32, u32)> {
    let line = finger
        .lines()
        .find(|l| l.split_whitespace().next() == Some(label))?;
    let f: Vec<&str> = line.split_whitespace().collect();
    Some((
        f[1].parse().unwrap(),
        f[3].parse().unwrap(),
        f[4].parse().unwrap(),
        f[5].parse().unwrap(),
        f[6].parse().unwrap(),
    ))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_atomic960_game_moves_only_the_atomic960_rating() {
    let server = TestServer::start().await;
    server.add_user("Alice", "pw", Titles::default());
    server.add_user("Bob", "pw", Titles::default());
    let mut alice = server.user("Alice", "pw").await;
    let mut bob = server.user("Bob", "pw").await;
    for c in [&mut alice, &mut bob] {
        c.command("set bell 0").await;
        c.command("set style 12").await;
    }
    // Before any rated game, finger says so, with no table.
    let before = alice.command("finger bob").await;
    assert!(
        before.contains("Bob has not played any rated games."),
        "{before}"
    );

    play_to_explosion(&mut alice, &mut bob, "3 0 rated atomic960 518", 1).await;
    let finger = bob.command("finger alice").await;
    let a960 = row(&finger, "Atomic960").unwrap_or_else(|| panic!("{finger}"));
    assert!(a960.0 > 1500, "Alice won: {finger}");
    assert_eq!(a960.1..=a960.4, (1..=1), "one win, one game: {finger}");
    assert_eq!(row(&finger, "Atomic"), None, "no atomic game yet: {finger}");
    let bob_finger = alice.command("finger bob").await;
    let bob960 = row(&bob_finger, "Atomic960").unwrap_or_else(|| panic!("{bob_finger}"));
    assert!(bob960.0 < 1500, "Bob lost: {bob_finger}");
    assert_eq!((bob960.2, bob960.4), (1, 1), "{bob_finger}");

    // stats lists the Atomic960 row as finger does.
    let stats = bob.command("stats alice").await;
    assert_eq!(row(&stats, "Atomic960"), Some(a960), "{stats}");
    assert_eq!(row(&stats, "Atomic"), None, "{stats}");

    // best and rank: Atomic960's list is its own; atomic's is empty.
    let best = bob.command("best atomic960").await;
    assert!(best.starts_with("Atomic960\n"), "{best}");
    let first = format!("  1. {} Alice", a960.0);
    assert!(best.contains(&first), "{best}");
    assert!(
        bob.command("best")
            .await
            .contains("Nobody has played a rated game yet."),
        "atomic's list is empty"
    );
    assert_eq!(
        alice.command("rank bob a960").await,
        format!("Atomic960 rank of Bob: 2 of 2 (rating {}).\n", bob960.0)
    );
    assert_eq!(
        alice.command("rank bob").await,
        "bob has no Atomic rank (no rated games).\n"
    );
    assert!(
        alice
            .command("hbest atomic960")
            .await
            .starts_with("Atomic960 (best ever)\n")
    );

    // assess: on Atomic960's line with atomic960, on atomic's without.
    let assessed = alice.command("assess bob atomic960").await;
    assert!(
        assessed.starts_with(&format!(
            "A rated Atomic960 game between Alice ({}) and Bob ({}):",
            a960.0, bob960.0
        )),
        "{assessed}"
    );
    let assessed = alice.command("assess bob").await;
    assert!(
        assessed.starts_with("A rated atomic game between Alice (1500) and Bob (1500):"),
        "{assessed}"
    );

    // A rated atomic game: the atomic line moves, the Atomic960 one stays.
    play_to_explosion(&mut alice, &mut bob, "3 0 rated", 1).await;
    let finger = bob.command("finger alice").await;
    let atomic = row(&finger, "Atomic").unwrap_or_else(|| panic!("{finger}"));
    assert!(atomic.0 > 1500, "{finger}");
    assert_eq!((atomic.1, atomic.4), (1, 1), "{finger}");
    assert_eq!(row(&finger, "Atomic960"), Some(a960), "{finger}");

    // history: the Atomic960 game's type letter is X, atomic's x.
    let history = bob.command("history alice").await;
    assert!(history.contains("[ Xr  3   0]"), "{history}");
    assert!(history.contains("[ xr  3   0]"), "{history}");
    // The API lists both lines.
    server.flush_store().await;
    let api = web_common::get(&server, "/api/players/Alice").await.json();
    assert_eq!(api["ratings"]["atomic960"]["wins"], 1, "{api}");
    assert_eq!(api["ratings"]["atomic960"]["rating"], a960.0, "{api}");
    assert_eq!(api["ratings"]["atomic"]["rating"], atomic.0, "{api}");
    let bob_api = web_common::get(&server, "/api/players/Bob").await.json();
    assert_eq!(bob_api["ratings"]["atomic960"]["losses"], 1, "{bob_api}");

    // And the same after a reconnection, read from the database.
    alice.send("quit").await;
    alice.expect_closed().await;
    let mut alice = server.user("Alice", "pw").await;
    let again = alice.command("finger alice").await;
    assert_eq!(row(&again, "Atomic960"), Some(a960), "{again}");
    assert_eq!(row(&again, "Atomic"), Some(atomic), "{again}");
}
