//! Messages over TCP: one that waits for an offline user across a server
//! restart, reading and clearing them, delivery to an online user, and the
//! limits (length, censor, a full box).

mod support;
mod talk_common;

use support::TestServer;
use talk_common::{login_with_start, quit, register, registered};

use atomicd::account::Titles;
use atomicd::store::messages::{self, MAX_STORED, Outgoing};

/// `Alice at <date>: text`, with the date left out.
fn assert_message(line: &str, number: Option<usize>, sender: &str, text: &str) {
    let prefix = match number {
        Some(n) => format!("{n}. {sender} at "),
        None => format!("{sender} at "),
    };
    assert!(line.starts_with(&prefix), "{line}");
    assert!(line.contains(" UTC "), "{line}");
    assert!(line.ends_with(&format!(": {text}")), "{line}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_message_waits_for_its_reader_across_a_restart() {
    let mut server = TestServer::start().await;
    register(&server, "Bob", Titles::default());
    let mut alice = registered(&server, "Alice").await;
    let sent = alice
        .command("message bob See you at the tournament!")
        .await;
    let lines: Vec<&str> = sent.lines().collect();
    assert_eq!(lines.len(), 2, "{sent}");
    assert_eq!(lines[0], "The following message was sent to Bob:");
    assert_message(lines[1], None, "Alice", "See you at the tournament!");
    assert!(
        alice
            .command("messages bob second one")
            .await
            .starts_with("The following message was sent to Bob:\n")
    );

    server.restart().await;

    let (mut bob, start) = login_with_start(&server, "Bob").await;
    assert!(start.contains("\nYou have 2 new messages.\n"), "{start}");
    let list = bob.command("messages").await;
    let lines: Vec<&str> = list.lines().collect();
    assert_eq!(lines.len(), 3, "{list}");
    assert_eq!(lines[0], "Messages:");
    assert_message(lines[1], Some(1), "Alice", "See you at the tournament!");
    assert_message(lines[2], Some(2), "Alice", "second one");

    let one = bob.command("messages 2").await;
    assert_message(one.trim_end(), Some(2), "Alice", "second one");
    assert_eq!(
        bob.command("messages 3").await,
        "There is no such message.\n"
    );
    let from = bob.command("messages alice").await;
    assert!(
        from.starts_with("Messages from Alice:\n1. Alice at "),
        "{from}"
    );
    assert_eq!(
        bob.command("messages carol").await,
        "You have no messages from carol.\n"
    );

    // Read messages are not new at the next login.
    quit(bob).await;
    let (mut bob, start) = login_with_start(&server, "Bob").await;
    assert!(!start.contains("new message"), "{start}");

    assert_eq!(bob.command("clearmessages 1").await, "Cleared 1 message.\n");
    let list = bob.command("messages").await;
    assert!(list.starts_with("Messages:\n1. Alice at "), "{list}");
    assert!(list.ends_with(": second one\n"), "{list}");
    assert_eq!(bob.command("clearmessages").await, "Cleared 1 message.\n");
    assert_eq!(bob.command("messages").await, "You have no messages.\n");
    assert_eq!(
        bob.command("clearmessages").await,
        "You have no messages.\n"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_online_reader_sees_it_at_once() {
    let server = TestServer::start().await;
    let mut bob = registered(&server, "Bob").await;
    let mut alice = registered(&server, "Alice").await;
    let sent = alice.command("message bob hello").await;
    assert!(
        sent.starts_with("The following message was sent to Bob:\nAlice at "),
        "{sent}"
    );
    let got = bob.expect("fics% ").await;
    assert!(
        got.starts_with("\nThe following message was received:\nAlice at ")
            && got.ends_with(": hello\nfics% "),
        "{got}"
    );
    // It stays until cleared, but it is not new.
    quit(bob).await;
    let (mut bob, start) = login_with_start(&server, "Bob").await;
    assert!(!start.contains("new message"), "{start}");
    assert!(
        bob.command("messages")
            .await
            .starts_with("Messages:\n1. Alice")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn limits_of_messages() {
    let server = TestServer::start().await;
    register(&server, "Bob", Titles::default());
    register(&server, "Carol", Titles::default());
    let mut alice = registered(&server, "Alice").await;
    assert_eq!(
        alice.command("message nobody hi").await,
        "There is no player matching the name nobody.\n"
    );
    let long = "x".repeat(401);
    assert_eq!(
        alice.command(&format!("message bob {long}")).await,
        "Your message is too long; messages may be at most 400 characters.\n"
    );
    assert!(
        alice
            .command(&format!("message bob {}", "y".repeat(400)))
            .await
            .starts_with("The following message was sent to Bob:")
    );

    // Carol censors Alice while away.
    let mut carol = server.user("Carol", "pw").await;
    carol.command("+censor alice").await;
    quit(carol).await;
    assert_eq!(
        alice.command("message carol hi").await,
        "Carol is censoring you.\n"
    );

    // Bob's box fills up.
    let db = atomicd::store::open_connection(&server.config.database).unwrap();
    for i in 1..MAX_STORED {
        let m = Outgoing {
            to: "Bob".into(),
            from: "Dave".into(),
            bypass_censor: false,
            text: format!("note {i}"),
            sent_at: 0,
            unread: true,
        };
        messages::deliver(&db, &m).unwrap();
    }
    assert_eq!(
        alice.command("message bob one more").await,
        "Bob's message box is full.\n"
    );
    let mut bob = server.user("Bob", "pw").await;
    assert!(
        bob.command("messages dave")
            .await
            .starts_with("Messages from Dave:\n")
    );
    assert_eq!(
        bob.command("clearmessages dave").await,
        "Cleared 99 messages.\n"
    );
    assert!(
        alice
            .command("message bob room now")
            .await
            .starts_with("The following message was sent to Bob:")
    );
    let got = bob.expect("fics% ").await;
    assert!(got.contains("The following message was received:"), "{got}");
}
