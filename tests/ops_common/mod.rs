//! What the operating tests share: a database filled through the server
//! the way players fill it (accounts, a rated game, a journal entry, an
//! adjourned game, a finished tournament), the replies that show all of it,
//! and running the `atomicd` binary.

#![allow(dead_code)]

pub mod binary;

use std::path::Path;
use std::process::{Command, Output};
use std::time::Duration;

use atomicd::account::Titles;

use crate::support::{Client, TestServer};

/// Black's king explodes on move 3 (`Nxf7`).
pub const TRAP: &[&str] = &["Nf3", "a6", "Ng5", "a5", "Nxf7"];

/// A server with short tournament delays (the director starts a game 0.2 s
/// after pairing it).
pub async fn server() -> TestServer {
    TestServer::start_with(|c| {
        c.tourney_countdown_seconds = 0.2;
        c.tourney_forfeit_seconds = 30.0;
    })
    .await
}

/// A server on an existing database file.
pub async fn server_on(db: &Path) -> TestServer {
    let db = db.to_path_buf();
    TestServer::start_with(move |c| {
        c.database = db;
        c.tourney_countdown_seconds = 0.2;
        c.tourney_forfeit_seconds = 30.0;
    })
    .await
}

/// A registered user at the prompt, bell off; whatever the server sends
/// on arrival (a game that goes on) stays unread.
pub async fn login(server: &TestServer, name: &str) -> Client {
    let mut c = server.user(name, "pw").await;
    c.command_keeping("set bell 0", "You will not hear beeps.")
        .await;
    c
}

/// A reply after dropping whatever unsolicited text came first.
pub async fn ask(c: &mut Client, line: &str) -> String {
    c.drain(Duration::from_millis(100)).await;
    c.command(line).await
}

/// Plays the moves of `line` alternately, White first; waits for each
/// board at both ends.
pub async fn play_line(white: &mut Client, black: &mut Client, line: &[&str]) {
    for (i, mv) in line.iter().enumerate() {
        let (mover, other) = if i % 2 == 0 {
            (&mut *white, &mut *black)
        } else {
            (&mut *black, &mut *white)
        };
        let mine = mover.command(mv).await;
        assert!(!mine.contains("Illegal move"), "{mv}: {mine}");
        other.expect("fics% ").await;
    }
}

/// Fills the database through the server: Alice, Bob, Carol, Dave and the
/// TD Boss; a rated game Alice–Bob (Bob's king explodes) that Alice keeps
/// in journal slot A; a game Carol–Dave adjourned when Dave's connection
/// dropped; a round robin "Cup" between Alice and Bob, played out (Black
/// resigns every game). Everyone has logged out at the end.
pub async fn populate(server: &TestServer) {
    for name in ["Alice", "Bob", "Carol", "Dave"] {
        server.add_user(name, "pw", Titles::default());
    }
    server.add_user(
        "Boss",
        "pw",
        Titles {
            td: true,
            ..Titles::default()
        },
    );
    let mut alice = login(server, "Alice").await;
    let mut bob = login(server, "Bob").await;
    alice.start_game_with(&mut bob, "3 0 rated").await;
    play_line(&mut alice, &mut bob, TRAP).await;
    let end = alice.drain(Duration::from_millis(200)).await;
    let saved = ask(&mut alice, "jsave A alice 0").await;
    assert_eq!(saved, "Game Alice 0 saved in slot A in journal.\n", "{end}");

    let mut carol = login(server, "Carol").await;
    let mut dave = login(server, "Dave").await;
    carol.start_game_with(&mut dave, "5 0 unrated").await;
    play_line(&mut carol, &mut dave, &["e4", "e5", "Nf3"]).await;
    dave.hang_up().await;
    carol.expect("Dave lost connection; game adjourned").await;
    carol.hang_up().await;

    let mut boss = login(server, "Boss").await;
    let made = ask(&mut boss, "tourney create Cup rr 1 0").await;
    assert!(made.contains("Tourney #1 created."), "{made}");
    for c in [&mut alice, &mut bob] {
        let r = ask(c, "tourney join 1").await;
        assert!(r.contains("You join tourney #1."), "{r}");
    }
    let started = ask(&mut boss, "tourney start 1").await;
    assert!(started.contains("Tourney #1"), "{started}");
    // Bob resigns: Alice wins the tourney game with whichever colour the
    // lot gave her.
    resign_until(
        &mut [("Alice", &mut alice), ("Bob", &mut bob)],
        "Bob",
        "Tourney #1 \"Cup\" is over.",
    )
    .await;
    for c in [alice, bob, boss] {
        c.hang_up().await;
    }
    server.flush_store().await;
}

/// Drives tournament players: `loser` resigns every game it is given at
/// once, until some player reads `stop`.
pub async fn resign_until(players: &mut [(&str, &mut Client)], loser: &str, stop: &str) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    let mut logs = vec![String::new(); players.len()];
    loop {
        for (i, (name, c)) in players.iter_mut().enumerate() {
            let text = c.drain(Duration::from_millis(20)).await;
            for line in text.lines() {
                if let Some(rest) = line.strip_prefix("Creating: ")
                    && *name == loser
                    && rest
                        .split_whitespace()
                        .step_by(2)
                        .take(2)
                        .any(|n| n == loser)
                {
                    c.send("resign").await;
                }
            }
            logs[i].push_str(&text);
        }
        if logs.iter().any(|l| l.contains(stop)) {
            return;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "no {stop:?} after a minute: {logs:?}"
        );
    }
}

/// What a user sees of everything `populate` stored, as replies that do
/// not depend on who is online or on the clock: histories, the journal,
/// the adjourned game, the tournament, and the rating rows of `finger`.
pub async fn everything_shown(server: &TestServer) -> Vec<(String, String)> {
    let mut boss = login(server, "Boss").await;
    let mut shown = Vec::new();
    for line in [
        "history alice",
        "history bob",
        "history carol",
        "journal alice",
        "stored carol",
        "stored dave",
        "tourney standings 1",
        "tourney pairings 1",
        "tourney crosstable 1",
    ] {
        shown.push((line.to_string(), ask(&mut boss, line).await));
    }
    for name in ["alice", "bob", "carol", "dave"] {
        let finger = ask(&mut boss, &format!("finger {name}")).await;
        let rows: String = finger
            .lines()
            .filter(|l| l.starts_with("Atomic") || l.contains("rated games"))
            .map(|l| format!("{l}\n"))
            .collect();
        shown.push((format!("finger {name} (ratings)"), rows));
    }
    boss.hang_up().await;
    shown
}

/// Runs the `atomicd` binary with `args` in `dir`.
pub fn atomicd(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_atomicd"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("atomicd runs")
}

/// Standard output and error of a run, for assertions.
pub fn out(o: &Output) -> String {
    format!(
        "status {:?}\nstdout:\n{}\nstderr:\n{}",
        o.status.code(),
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}
