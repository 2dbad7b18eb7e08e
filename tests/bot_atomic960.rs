//! `atomicd bot` in an Atomic960 game, with the test engine
//! `examples/random_uci.rs --castle` (it plays a castling move whenever one
//! is legal, and reads a Chess960 start only once told `UCI_Chess960`):
//! from RNBBQKRN (king f1, rook g1) the bot, White, castles on its first
//! move, and the server shows O-O with the king on g1 and the rook on f1.
//! Without `setoption name UCI_Chess960 value true` the engine could not
//! read the start, and without Chess960 UCI the bot could not check or
//! send the king-onto-rook move it answers.

mod support;

use std::process::Stdio;

use atomicd::account::Titles;
use atomicd::bot::fics::Board12;
use atomicd::chess::StartPosition;
use support::{Client, TestServer};
use tokio::io::AsyncWriteExt;
use tokio::process::Command;

const COMPUTER: Titles = Titles {
    admin: false,
    td: false,
    computer: true,
    unregistered: false,
};

/// The next style-12 board `c` reads.
async fn next_board(c: &mut Client) -> Board12 {
    loop {
        let text = c.next_message().await;
        if let Some(b) = text.lines().find_map(Board12::parse) {
            return b;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_castles_the_chess960_way_when_its_engine_does() {
    let start = StartPosition::all()
        .find(|s| s.letters() == "RNBBQKRN")
        .unwrap();
    let server = TestServer::start().await;
    server.add_user("Robo", "pw", COMPUTER);
    server.add_user("Alice", "pw", Titles::default());
    let mut alice = server.user("Alice", "pw").await;
    alice.command("set bell 0").await;
    alice.command("style 12").await;
    let engine = format!("{} --castle", support::example("random_uci").display());
    let mut bot = Command::new(env!("CARGO_BIN_EXE_atomicd"))
        .arg("bot")
        .args(["--server", &server.addr.to_string(), "--login", "Robo"])
        .args(["--password-stdin", "--engine", &engine])
        .args(["--uci-option", "UCI_Variant=atomic", "--max-games", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .kill_on_drop(true)
        .spawn()
        .expect("atomicd bot starts");
    let mut stdin = bot.stdin.take().unwrap();
    stdin.write_all(b"pw\n").await.unwrap();
    drop(stdin);

    let terms = format!("3 0 atomic960 {} black", start.number());
    let mut issued = false;
    for _ in 0..100 {
        let reply = alice.command(&format!("match Robo {terms}")).await;
        if reply.contains("Issuing:") {
            issued = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    assert!(issued, "Robo never logged in");
    alice.expect("Robo accepts the match offer.").await;
    let first = next_board(&mut alice).await;
    assert_eq!(first.ranks[7], "RNBBQKRN");
    // The bot's first move: the king of f1 onto the rook of g1.
    let castled = next_board(&mut alice).await;
    assert_eq!(castled.san, "O-O", "{castled:?}");
    assert_eq!(castled.ranks[7], "RNBBQRKN", "{castled:?}");
    assert_eq!(castled.castling, [false, false, true, true], "{castled:?}");
    alice.send("resign").await;
    alice
        .expect("{Game 1 (Robo vs. Alice) Alice resigns} 1-0")
        .await;
    let status = bot.wait().await.unwrap();
    assert!(status.success(), "{status}");
}
