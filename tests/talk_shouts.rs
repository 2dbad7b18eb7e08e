//! Shouts over TCP: `shout`, `cshout`, `it`, the variables that govern
//! who hears them, the shout quota, and what guests may not do.

mod support;
mod talk_common;

use support::TestServer;
use talk_common::{heard, register, registered};

use atomicd::account::Titles;

fn admin() -> Titles {
    Titles {
        admin: true,
        ..Titles::default()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shout_cshout_and_it_reach_those_who_listen() {
    let server = TestServer::start().await;
    register(&server, "Root", admin());
    let mut root = server.user("Root", "pw").await;
    let mut bob = registered(&server, "Bob").await;
    let (mut guest, _) = server.guest().await;
    let mut deaf = registered(&server, "Deaf").await;
    assert_eq!(
        deaf.command("set shout 0").await,
        "You will not hear shouts.\n"
    );
    assert_eq!(
        deaf.command("set cshout 0").await,
        "You will not hear cshouts.\n"
    );

    assert_eq!(
        root.command("shout Hello world").await,
        "(shouted to 2 players)\n"
    );
    heard(&mut bob, "Root(*) shouts: Hello world\n").await;
    heard(&mut guest, "Root(*) shouts: Hello world\n").await;

    // `!` needs no space; admins have no quota.
    assert_eq!(root.command("!again").await, "(shouted to 2 players)\n");
    heard(&mut bob, "Root(*) shouts: again\n").await;
    heard(&mut guest, "Root(*) shouts: again\n").await;

    assert_eq!(
        root.command("cshout chess talk").await,
        "(c-shouted to 2 players)\n"
    );
    heard(&mut bob, "Root(*) c-shouts: chess talk\n").await;
    heard(&mut guest, "Root(*) c-shouts: chess talk\n").await;

    assert_eq!(
        root.command("it waves").await,
        "(it-shouted to 2 players)\n"
    );
    heard(&mut bob, "--> Root(*) waves\n").await;
    heard(&mut guest, "--> Root(*) waves\n").await;
    assert_eq!(root.command(":smiles").await, "(it-shouted to 2 players)\n");
    heard(&mut bob, "--> Root(*) smiles\n").await;
    heard(&mut guest, "--> Root(*) smiles\n").await;

    // Who does not listen may not shout either.
    assert_eq!(
        deaf.command("shout hello?").await,
        "(Did not shout because you are not listening to shouts)\n"
    );
    assert_eq!(
        deaf.command("cshout hello?").await,
        "(Did not c-shout because you are not listening to c-shouts)\n"
    );
    // Deaf heard nothing of all this.
    assert_eq!(deaf.command("tell deaf ping").await, "(told Deaf)\n");
    heard(&mut deaf, "Deaf tells you: ping\n").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_shout_per_quota_for_users() {
    let server = TestServer::start().await;
    let mut alice = registered(&server, "Alice").await;
    let mut bob = registered(&server, "Bob").await;
    assert_eq!(
        alice.command("shout").await,
        "Your next shout is ready for use.\n"
    );
    assert_eq!(
        alice.command("shout first").await,
        "(shouted to 1 player)\n"
    );
    heard(&mut bob, "Alice shouts: first\n").await;
    let refused = alice.command("shout second").await;
    assert!(
        refused.starts_with("Shout not sent. Next shout in ") && refused.ends_with(" seconds.\n"),
        "{refused}"
    );
    let refused = alice.command("it jumps").await;
    assert!(refused.starts_with("Shout not sent."), "{refused}");
    let status = alice.command("shout").await;
    assert!(status.starts_with("Next shout available in "), "{status}");
    // Bob has his own quota.
    assert_eq!(bob.command("sh mine").await, "(shouted to 1 player)\n");
    heard(&mut alice, "Bob shouts: mine\n").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guests_may_tell_but_not_shout_or_message() {
    let server = TestServer::start().await;
    let mut alice = registered(&server, "Alice").await;
    let (mut guest, gname) = server.guest().await;
    assert_eq!(
        guest.command("shout hi").await,
        "Only registered players can use the shout command.\n"
    );
    assert_eq!(
        guest.command("cshout hi").await,
        "Only registered players can use the cshout command.\n"
    );
    assert_eq!(
        guest.command("it waves").await,
        "Only registered players can use the it command.\n"
    );
    assert_eq!(
        guest.command("message alice hi").await,
        "Unregistered players may not send or receive messages.\n"
    );
    assert_eq!(
        guest.command("messages").await,
        "Unregistered players may not send or receive messages.\n"
    );
    assert_eq!(
        guest.command("clearmessages").await,
        "Unregistered players may not send or receive messages.\n"
    );
    assert_eq!(
        alice.command(&format!("message {gname} hi")).await,
        format!("Player \"{gname}\" is unregistered and cannot receive messages.\n")
    );
    assert_eq!(guest.command("tell alice hi").await, "(told Alice)\n");
    heard(&mut alice, &format!("{gname}(U) tells you: hi\n")).await;
}
