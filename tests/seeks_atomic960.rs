//! Atomic960 seeks over telnet (and one JSON client), as players meet
//! them: `seek 3 0 atomic960 [N]`, the ad, `sought`, `<s>`'s `tp=`,
//! `play`, the game's lines and board from the chosen start, the `games`
//! type letter, and matching seeks (an atomic seek never matches an
//! Atomic960 one).

mod json_common;
mod support;

use atomicd::chess::StartPosition;
use json_common::JsonClient;
use support::{Client, TestServer};

/// A guest with the settings these tests read (no bell, style 12).
async fn guest(server: &TestServer, name: &str) -> Client {
    let mut c = server.named(name).await;
    c.command("set bell 0").await;
    c.command("set style 12").await;
    c
}

/// The first `<12>` line in `text`, split into its fields.
fn first_board(text: &str) -> Vec<String> {
    let line = text
        .lines()
        .find(|l| l.starts_with("<12> "))
        .unwrap_or_else(|| panic!("no board in {text}"));
    line.trim_end().split(' ').map(str::to_string).collect()
}

/// Reads up to and including the first board's line and its prompt.
async fn game_start(c: &mut Client) -> String {
    let text = c.expect("<12> ").await;
    let board = c.expect("\n").await;
    c.expect("fics% ").await;
    format!("{text}{board}")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seek_for_a_chosen_start_is_shown_sought_and_played() {
    let server = TestServer::start().await;
    let mut alice = guest(&server, "Alice").await;
    let mut bob = guest(&server, "Bob").await;
    let mut carol = guest(&server, "Carol").await;
    carol.command("iset seekinfo 1").await;
    let mut web = JsonClient::connect(server.web, None, None).await;
    web.expect("hello").await;
    web.guest().await;

    let posted = alice.command("seek 3 0 atomic960 74").await;
    assert_eq!(
        posted,
        "Your seek has been posted with index 1.\n(3 player(s) saw the seek.)\n"
    );
    // The ad names the type and the chosen start.
    bob.expect("Alice(U) (++++) seeking 3 0 unrated atomic960 74 (\"play 1\" to respond)")
        .await;
    bob.expect("fics% ").await;
    // A GUI's <s> line: tp= is the type word, the other fields as for atomic.
    carol
        .expect("<s> 1 w=Alice ti=01 rt=0P t=3 i=0 r=u tp=atomic960 c=? rr=0-9999 a=t f=f\n")
        .await;
    let seek = web.expect("seek").await;
    assert_eq!(
        (&seek["seek"]["variant"], &seek["seek"]["start"]),
        (&serde_json::json!("atomic960"), &serde_json::json!(74)),
        "{seek}"
    );

    let sought = bob.command("sought").await;
    assert_eq!(
        sought,
        format!(
            "  1 ++++ {:<17} {:3} {:3} {:<7} {:<10}{:9} {:4}-{:4}\n1 ad displayed.\n",
            "Alice(U)", 3, 0, "unrated", "atomic960", "", 0, 9999
        )
    );

    bob.send("play 1").await;
    for c in [&mut alice, &mut bob] {
        let text = game_start(c).await;
        assert!(
            text.contains("unrated atomic960 3 0")
                && text.contains("Creating unrated atomic960 match.}"),
            "{text}"
        );
        // Start position 74: NNRKBBQR, Black the same, all four rights.
        let b = first_board(&text);
        assert_eq!(
            (b[1].as_str(), b[8].as_str(), b[11..=14].join(" ")),
            ("nnrkbbqr", "NNRKBBQR", "1 1 1 1".to_string()),
            "{text}"
        );
    }
    // `games` marks the type X (x is atomic).
    let games = alice.command("games").await;
    assert!(games.contains("[ Xu  3   0]"), "{games}");
    assert_eq!(alice.command("sought all").await, "0 ads displayed.\n");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seeks_match_only_seeks_of_their_own_variant() {
    let server = TestServer::start().await;
    let mut alice = guest(&server, "Alice").await;
    let mut bob = guest(&server, "Bob").await;
    alice.command("iset seekinfo 1").await;
    bob.command("iset seekinfo 1").await;

    assert!(
        alice
            .command("seek 3 0 a960")
            .await
            .starts_with("Your seek has been posted with index 1.")
    );
    bob.expect("<s> 1 w=Alice ti=01 rt=0P t=3 i=0 r=u tp=atomic960 c=? rr=0-9999 a=t f=f\n")
        .await;
    bob.expect("fics% ").await;
    // The same clock, atomic: no game, a seek of its own.
    let posted = bob.command("seek 3 0").await;
    assert!(
        posted.starts_with("Your seek has been posted with index 2."),
        "{posted}"
    );
    // An atomic seek's <s> line keeps its bytes.
    alice
        .expect("<s> 2 w=Bob ti=01 rt=0P t=3 i=0 r=u tp=atomic c=? rr=0-9999 a=t f=f\n")
        .await;
    alice.expect("fics% ").await;
    let sought = alice.command("sought").await;
    assert!(
        sought.contains(&format!(
            "  2 ++++ {:<17} {:3} {:3} {:<7} {:<10}",
            "Bob(U)", 3, 0, "unrated", "atomic"
        )),
        "{sought}"
    );
    // Atomic960 with a chosen start matches Alice's random one, and the
    // game starts from the chosen start.
    let matched = bob.command("seek 3 0 atomic960 74").await;
    assert!(
        matched.contains("Your seek matches one already posted by Alice."),
        "{matched}"
    );
    for c in [&mut alice, &mut bob] {
        let text = game_start(c).await;
        assert!(text.contains("unrated atomic960 3 0"), "{text}");
        let b = first_board(&text);
        assert_eq!((b[1].as_str(), b[8].as_str()), ("nnrkbbqr", "NNRKBBQR"));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_random_start_seek_plays_one_of_the_960_and_a_guests_rated_seek_is_unrated() {
    let server = TestServer::start().await;
    let mut alice = guest(&server, "Alice").await;
    let mut bob = guest(&server, "Bob").await;
    // Atomic960 is rated when asked, but a guest's rated seek is set
    // unrated, as an atomic one is.
    let posted = alice.command("seek 3 0 atomic960 rated").await;
    assert!(
        posted.starts_with("Setting seek to unrated.\nYour seek has been posted with index 1."),
        "{posted}"
    );
    alice.command("unseek").await;
    alice.command("seek 2 1 atomic960").await;
    bob.expect("Alice(U) (++++) seeking 2 1 unrated atomic960 (\"play 1\" to respond)")
        .await;
    bob.expect("fics% ").await;
    bob.send("play alice").await;
    let text = game_start(&mut bob).await;
    assert!(text.contains("unrated atomic960 2 1"), "{text}");
    let b = first_board(&text);
    assert_eq!(b[1], b[8].to_lowercase(), "Black mirrors White: {text}");
    assert!(
        StartPosition::all().any(|s| s.letters() == b[8]),
        "a Chess960 first rank: {text}"
    );
    game_start(&mut alice).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_formula_with_atomic960_refuses_atomic960_and_takes_atomic() {
    let server = TestServer::start().await;
    let mut alice = guest(&server, "Alice").await;
    let mut bob = guest(&server, "Bob").await;
    assert_eq!(
        bob.command("set formula !atomic960").await,
        "formula set to !atomic960.\n"
    );
    assert_eq!(
        alice.command("match bob 3 0 atomic960 518").await,
        "Match request does not fit formula for Bob:\nBob's formula: !atomic960\n"
    );
    // A seek marked f answered by an Atomic960 game is refused the same way.
    bob.command("seek 3 0 atomic960 f").await;
    assert_eq!(
        alice.command("play bob").await,
        "Match request does not fit formula for Bob:\nBob's formula: !atomic960\n"
    );
    bob.command("unseek").await;
    // The same clock, atomic: the challenge goes out.
    let issued = alice.command("match bob 3 0").await;
    assert!(
        issued.starts_with("Issuing: Alice (++++) Bob (++++) unrated atomic 3 0."),
        "{issued}"
    );
    bob.expect("Challenge: ").await;
    bob.expect("fics% ").await;
    // A formula that asks for Atomic960 lets it through.
    bob.command("set formula atomic960").await;
    // (It replaces the atomic challenge still open.)
    let issued = alice.command("match bob 3 0 atomic960 518").await;
    assert!(
        issued.contains("Issuing: Alice (++++) Bob (++++) unrated atomic960 3 0.\n"),
        "{issued}"
    );
}
