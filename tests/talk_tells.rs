//! Tells over TCP: `tell`, `xtell`, `.`, the `tell` variable and censor
//! lists, with the exact lines of both sides (docs/protocol.md §6.2).

mod support;
mod talk_common;

use support::TestServer;
use talk_common::{heard, quit, register, registered};

use atomicd::account::Titles;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tell_both_sides_and_the_dot() {
    let server = TestServer::start().await;
    let mut alice = registered(&server, "Alice").await;
    let (mut guest, gname) = server.guest().await;

    assert_eq!(
        guest.command("tell alice Hello there").await,
        "(told Alice)\n"
    );
    heard(&mut alice, &format!("{gname}(U) tells you: Hello there\n")).await;

    // `t` is tell; names may be shortened.
    assert_eq!(
        alice
            .command(&format!("t {} hi, welcome", &gname[..7]))
            .await,
        format!("(told {gname})\n")
    );
    heard(&mut guest, "Alice tells you: hi, welcome\n").await;

    // `.` tells the last person told.
    assert_eq!(
        alice.command(".how are you?").await,
        format!("(told {gname})\n")
    );
    heard(&mut guest, "Alice tells you: how are you?\n").await;

    // xtell does not change whom `.` talks to.
    let mut bob = registered(&server, "Bob").await;
    assert_eq!(alice.command("xtell bob psst").await, "(told Bob)\n");
    heard(&mut bob, "Alice tells you: psst\n").await;
    assert_eq!(alice.command(". again").await, format!("(told {gname})\n"));
    heard(&mut guest, "Alice tells you: again\n").await;

    // Titles show on the receiver's side.
    register(
        &server,
        "Boss",
        Titles {
            admin: true,
            td: true,
            ..Titles::default()
        },
    );
    let mut boss = server.user("Boss", "pw").await;
    assert_eq!(boss.command("tell bob hi").await, "(told Bob)\n");
    heard(&mut bob, "Boss(*)(TD) tells you: hi\n").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn who_is_not_there() {
    let server = TestServer::start().await;
    register(&server, "Carol", Titles::default());
    let mut alice = registered(&server, "Alice").await;
    let _ann = registered(&server, "Ann").await;
    assert_eq!(alice.command(".hello").await, "No previous tell.\n");
    assert_eq!(
        alice.command("tell zed hi").await,
        "There is no player matching the name zed.\n"
    );
    assert_eq!(
        alice.command("tell carol hi").await,
        "Carol is not logged in.\n"
    );
    assert_eq!(
        alice.command("tell a hi").await,
        "Ambiguous name \"a\". Matches: Alice Ann\n"
    );
    assert_eq!(
        alice.command("tell ann").await,
        "Usage: tell user|channel message\n"
    );
    assert_eq!(alice.command(".").await, "Usage: . message\n");
    assert_eq!(
        alice.command("tell 999 hi").await,
        "The maximum channel number is 255.\n"
    );

    // `.` to someone who has left.
    let mut bob = registered(&server, "Bob").await;
    assert_eq!(alice.command("tell bob bye").await, "(told Bob)\n");
    heard(&mut bob, "Alice tells you: bye\n").await;
    quit(bob).await;
    assert_eq!(
        alice.command(".are you there?").await,
        "Bob is not logged in.\n"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_tell_variable_stops_unregistered_tells_only() {
    let server = TestServer::start().await;
    let mut bob = registered(&server, "Bob").await;
    let mut alice = registered(&server, "Alice").await;
    let (mut guest, _) = server.guest().await;
    assert_eq!(
        bob.command("set tell 0").await,
        "You will not hear direct tells from unregistered users.\n"
    );
    assert_eq!(
        guest.command("tell bob hi").await,
        "Player \"Bob\" isn't listening to unregistered tells.\n"
    );
    assert_eq!(alice.command("tell bob hi").await, "(told Bob)\n");
    heard(&mut bob, "Alice tells you: hi\n").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn censor_stops_tells_shouts_and_channel_tells() {
    let server = TestServer::start().await;
    let mut bob = registered(&server, "Bob").await;
    let mut alice = registered(&server, "Alice").await;
    let mut carol = registered(&server, "Carol").await;
    assert_eq!(
        bob.command("+censor alice").await,
        "[Alice] added to your censor list.\n"
    );
    assert_eq!(
        alice.command("tell bob hi").await,
        "Bob is censoring you.\n"
    );
    assert_eq!(
        alice.command("xtell bob hi").await,
        "Bob is censoring you.\n"
    );
    // A shout reaches Carol only.
    assert_eq!(
        alice.command("shout anyone?").await,
        "(shouted to 1 player)\n"
    );
    heard(&mut carol, "Alice shouts: anyone?\n").await;
    // So does a channel tell.
    for c in [&mut alice, &mut bob, &mut carol] {
        c.command("+channel 50").await;
    }
    assert_eq!(
        alice.command("tell 50 hello all").await,
        "(told 1 player in channel 50 \"General\")\n"
    );
    heard(&mut carol, "Alice(50): hello all\n").await;
    assert_eq!(
        bob.command("-censor Alice").await,
        "[Alice] removed from your censor list.\n"
    );
    assert_eq!(alice.command("tell bob sorry").await, "(told Bob)\n");
    heard(&mut bob, "Alice tells you: sorry\n").await;
    // Nothing else reached Bob on the way.
    assert_eq!(bob.command("tell bob me").await, "(told Bob)\n");
    heard(&mut bob, "Bob tells you: me\n").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tell_to_a_player_says_so() {
    let server = TestServer::start().await;
    let (mut white, _black) = server.game("Whitey", "Blacky", "5 0", 1).await;
    let (mut guest, gname) = server.guest().await;
    assert_eq!(
        guest.command("tell whitey good luck").await,
        "(told Whitey, who is playing)\n"
    );
    heard(&mut white, &format!("{gname}(U) tells you: good luck\n")).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn say_reaches_the_opponent_during_and_after_the_game() {
    let server = TestServer::start().await;
    let mut carol = server.named("Carol").await;
    assert_eq!(
        carol.command("say hello?").await,
        "I don't know whom to say that to.\n"
    );

    let (mut alice, mut bob) = server.game("Alice", "Bob", "0 0", 12).await;
    // During the game the line carries the game's number.
    assert_eq!(
        alice.command("say good luck").await,
        "(told Bob, who is playing)\n"
    );
    heard(&mut bob, "Alice(U)[1] says: good luck\n").await;

    // After it, `say` still reaches the last opponent, without a number.
    assert_eq!(
        bob.command("resign").await,
        "\n{Game 1 (Alice vs. Bob) Bob resigns} 1-0\n\nNo ratings adjustment done.\n"
    );
    alice.next_message().await;
    assert_eq!(alice.command("say gg").await, "(told Bob)\n");
    heard(&mut bob, "Alice(U) says: gg\n").await;

    // A censor list holds for `say` as for tells.
    bob.command("+censor Alice").await;
    assert_eq!(alice.command("say sorry").await, "Bob is censoring you.\n");

    quit(bob).await;
    assert_eq!(alice.command("say bye").await, "Bob is not logged in.\n");
}
