//! Flood control and bot talk over TCP: the per-session talk limit
//! (10 lines in 5 seconds), and `qtell` from a TD account.

mod support;
mod talk_common;

use support::TestServer;
use talk_common::{heard, register, registered};

use atomicd::account::Titles;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn eleven_lines_at_once_are_too_many() {
    let server = TestServer::start().await;
    let mut bob = registered(&server, "Bob").await;
    let (mut guest, gname) = server.guest().await;
    // Eleven tells in one line run at once, well inside five seconds.
    let line: Vec<String> = (1..=11).map(|i| format!("tell bob line {i}")).collect();
    let reply = guest.command(&line.join("; ")).await;
    assert_eq!(
        reply,
        format!("{}Please slow down.\n", "(told Bob)\n".repeat(10))
    );
    for i in 1..=10 {
        let got = bob.expect(&format!("line {i}\n")).await;
        assert!(
            got.ends_with(&format!("{gname}(U) tells you: line {i}\n")),
            "{got}"
        );
    }
    // Other commands are not talk and go through.
    assert!(guest.command("finger").await.starts_with("Finger of "));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kibitzes_count_against_the_same_limit() {
    let server = TestServer::start().await;
    let (mut alice, mut bob) = server.game("Alice", "Bob", "0 0", 12).await;
    let line: Vec<String> = (1..=11).map(|i| format!("kibitz line {i}")).collect();
    assert_eq!(
        alice.command(&line.join("; ")).await,
        format!(
            "{}Please slow down.\n",
            "(kibitzed to 1 player)\n".repeat(10)
        )
    );
    for i in 1..=10 {
        let got = bob.expect(&format!("line {i}\n")).await;
        assert!(got.ends_with(&format!("kibitzes: line {i}\n")), "{got}");
    }
}

fn td() -> Titles {
    Titles {
        td: true,
        ..Titles::default()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn qtell_from_a_td_account() {
    let server = TestServer::start().await;
    register(&server, "Mamer", td());
    let mut mamer = server.user("Mamer", "pw").await;
    let mut bob = registered(&server, "Bob").await;
    let mut carol = registered(&server, "Carol").await;
    carol.command("set bell 0").await;

    assert_eq!(
        mamer
            .command(
                "qtell bob Tourney #3 starts in 5 minutes.\\nType \"tell mamer join 3\" to join."
            )
            .await,
        "*qtell Bob 0*\n"
    );
    heard(
        &mut bob,
        ":Tourney #3 starts in 5 minutes.\n:Type \"tell mamer join 3\" to join.\n",
    )
    .await;
    assert_eq!(
        bob.command("qtell carol hi").await,
        "Only TD programs are allowed to use this command.\n"
    );
    assert_eq!(
        mamer.command("qtell nobody hello").await,
        "*qtell nobody 1*\n"
    );

    // To a channel: every member, whether or not the TD is in it.
    bob.command("+channel 49").await;
    carol.command("+channel 49").await;
    assert_eq!(
        mamer.command("qtell 49 \\bRound 1 is paired.").await,
        "*qtell 49 0*\n"
    );
    heard(&mut bob, ":\u{7}Round 1 is paired.\n").await;
    heard(&mut carol, ":Round 1 is paired.\n").await;
    assert_eq!(mamer.command("qtell 0 admins").await, "*qtell 0 1*\n");

    // TDs are not slowed down, and may talk in a channel they are not in.
    let line: Vec<&str> = ["xtell 49 x"; 12].to_vec();
    let reply = mamer.command(&line.join(";")).await;
    assert_eq!(
        reply,
        "(told 2 players in channel 49 \"Tournaments\")\n".repeat(12)
    );
}
