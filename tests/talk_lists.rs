//! Personal lists over TCP: `addlist`/`sublist`/`showlist` and their
//! `+`/`-`/`=` forms, the noplay list, list-name errors, and lists that are
//! saved for registered users only.

mod support;
mod talk_common;

use support::TestServer;
use talk_common::{login_with_start, quit, register, registered};

use atomicd::account::Titles;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn list_commands_and_their_replies() {
    let server = TestServer::start().await;
    register(&server, "Carol", Titles::default());
    let mut alice = registered(&server, "Alice").await;
    let _bob = registered(&server, "Bob").await;
    assert_eq!(
        alice.command("showlist").await,
        "Lists:\n\ncomputer             is PUBLIC\nchannel              is PERSONAL\ncensor               is PERSONAL\nnoplay               is PERSONAL\nnotify               is PERSONAL\n"
    );
    assert_eq!(alice.command("=").await, alice.command("showlist").await);
    assert_eq!(
        alice.command("+noplay bob").await,
        "[Bob] added to your noplay list.\n"
    );
    assert_eq!(
        alice.command("addlist noplay carol").await,
        "[Carol] added to your noplay list.\n"
    );
    assert_eq!(
        alice.command("+ noplay Bob").await,
        "[Bob] is already on your noplay list.\n"
    );
    assert_eq!(
        alice.command("=noplay").await,
        "-- noplay list: 2 names --\nBob    Carol\n"
    );
    assert_eq!(
        alice.command("sublist noplay bob").await,
        "[Bob] removed from your noplay list.\n"
    );
    assert_eq!(
        alice.command("-noplay bob").await,
        "[bob] is not in your noplay list.\n"
    );
    assert_eq!(
        alice.command("=noplay").await,
        "-- noplay list: 1 name --\nCarol\n"
    );
    // Errors.
    assert_eq!(
        alice.command("+no bob").await,
        "Ambiguous list \"no\". Matches: noplay notify\n"
    );
    assert_eq!(
        alice.command("+friends bob").await,
        "\"friends\" does not match any list name.\n"
    );
    assert_eq!(alice.command("+censor").await, "Usage: addlist list item\n");
    assert_eq!(alice.command("-").await, "Usage: sublist list item\n");
    assert_eq!(
        alice.command("+censor zed").await,
        "There is no player matching the name zed.\n"
    );
    assert_eq!(
        alice.command("+censor b").await,
        "[Bob] added to your censor list.\n"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registered_lists_are_saved_and_guest_lists_are_not() {
    let mut server = TestServer::start().await;
    register(&server, "Carol", Titles::default());
    let mut alice = registered(&server, "Alice").await;
    alice.command("+censor carol").await;
    alice.command("+noplay carol").await;
    alice.command("+notify carol").await;
    alice.command("+channel 50").await;
    let (mut guest, gname) = server.guest().await;
    assert_eq!(
        guest.command("+censor alice").await,
        "[Alice] added to your censor list.\n"
    );
    assert_eq!(guest.command("tell alice hi").await, "(told Alice)\n");
    alice.expect("tells you: hi\nfics% ").await;
    // Censoring works both ways of a tell only for the one who censors.
    assert_eq!(
        alice.command(&format!("tell {gname} hi")).await,
        format!("{gname} is censoring you.\n")
    );
    quit(guest).await;

    server.restart().await;
    let (mut alice, _) = login_with_start(&server, "Alice").await;
    assert_eq!(
        alice.command("=censor").await,
        "-- censor list: 1 name --\nCarol\n"
    );
    assert_eq!(
        alice.command("=noplay").await,
        "-- noplay list: 1 name --\nCarol\n"
    );
    assert_eq!(
        alice.command("=notify").await,
        "-- notify list: 1 name --\nCarol\n"
    );
    assert_eq!(
        alice.command("=channel").await,
        "-- channel list: 1 channel --\n50\n"
    );
    alice.command("-censor carol").await;
    quit(alice).await;
    let (mut alice, _) = login_with_start(&server, "Alice").await;
    assert_eq!(
        alice.command("=censor").await,
        "-- censor list: 0 names --\n"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_talk_command_has_a_help_page() {
    let server = TestServer::start().await;
    let (mut c, _) = server.guest().await;
    let index = c.command("help").await;
    for topic in [
        "tell",
        "xtell",
        "shout",
        "cshout",
        "it",
        "qtell",
        "messages",
        "clearmessages",
        "addlist",
        "sublist",
        "showlist",
        "znotify",
        "inchannel",
        "channel",
        "notify",
        "censor",
        "noplay",
    ] {
        let page = c.command(&format!("help {topic}")).await;
        assert!(
            !page.starts_with("There is no help") && !page.starts_with("Ambiguous"),
            "{topic}: {page}"
        );
        assert!(index.contains(topic), "index lacks {topic}");
    }
}
