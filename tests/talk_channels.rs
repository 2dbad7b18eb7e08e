//! Channels over TCP: joining and leaving, channel tells to several
//! members, `,`, `inchannel`, restricted channels, guests, `ctell`, and a
//! channel list that survives a restart.

mod support;
mod talk_common;

use support::TestServer;
use talk_common::{heard, login_with_start, register, registered};

use atomicd::account::Titles;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn channel_tells_reach_every_member_but_the_sender() {
    let server = TestServer::start().await;
    let mut alice = registered(&server, "Alice").await;
    let mut bob = registered(&server, "Bob").await;
    let mut carol = registered(&server, "Carol").await;
    let mut dave = registered(&server, "Dave").await;
    for c in [&mut alice, &mut bob, &mut carol] {
        assert_eq!(
            c.command("+channel 50").await,
            "[50] added to your channel list.\n"
        );
    }
    assert_eq!(
        alice.command("+ch 50").await,
        "[50] is already on your channel list.\n"
    );
    assert_eq!(
        alice.command("tell 50 Hi everyone").await,
        "(told 2 players in channel 50 \"General\")\n"
    );
    heard(&mut bob, "Alice(50): Hi everyone\n").await;
    heard(&mut carol, "Alice(50): Hi everyone\n").await;

    // `,` talks to the last channel; `ch` is tell.
    assert_eq!(
        bob.command(",and hello back").await,
        "No previous channel.\n"
    );
    assert_eq!(
        bob.command("ch 50 hello back").await,
        "(told 2 players in channel 50 \"General\")\n"
    );
    heard(&mut alice, "Bob(50): hello back\n").await;
    heard(&mut carol, "Bob(50): hello back\n").await;
    assert_eq!(
        bob.command(", again").await,
        "(told 2 players in channel 50 \"General\")\n"
    );
    heard(&mut alice, "Bob(50): again\n").await;
    heard(&mut carol, "Bob(50): again\n").await;

    // Who is in it.
    assert_eq!(
        dave.command("inchannel 50").await,
        "Channel 50 \"General\": Alice Bob Carol\n"
    );
    assert_eq!(dave.command("in 7").await, "Channel 7 is empty.\n");
    assert_eq!(
        dave.command("inchannel bob").await,
        "Bob is in the following channels:\n50\n"
    );

    // Outsiders are told; members who leave stop hearing.
    assert_eq!(
        dave.command("tell 50 let me in").await,
        "(Not sent because you are not in channel 50.)\n"
    );
    assert_eq!(
        carol.command("-channel 50").await,
        "[50] removed from your channel list.\n"
    );
    assert_eq!(
        carol.command("-channel 50").await,
        "[50] is not in your channel list.\n"
    );
    assert_eq!(
        alice.command("tell 50 who is left?").await,
        "(told 1 player in channel 50 \"General\")\n"
    );
    heard(&mut bob, "Alice(50): who is left?\n").await;

    // A channel without a name.
    alice.command("+channel 7").await;
    dave.command("+channel 7").await;
    assert_eq!(
        dave.command("tell 7 quiet here").await,
        "(told 1 player in channel 7)\n"
    );
    heard(&mut alice, "Dave(7): quiet here\n").await;
    assert_eq!(
        alice.command("=channel").await,
        "-- channel list: 2 channels --\n7   50\n"
    );
    assert_eq!(
        carol.command("inchannel").await,
        "Channel 7: Alice Dave\nChannel 50 \"General\": Alice Bob\n"
    );
    // Nothing strayed to Carol.
    assert_eq!(
        carol.command("=ch").await,
        "-- channel list: 0 channels --\n"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn channel_zero_is_for_admins() {
    let server = TestServer::start().await;
    register(
        &server,
        "Root",
        Titles {
            admin: true,
            ..Titles::default()
        },
    );
    let mut root = server.user("Root", "pw").await;
    let mut alice = registered(&server, "Alice").await;
    assert_eq!(
        alice.command("+channel 0").await,
        "Only admins may join channel 0.\n"
    );
    assert_eq!(
        alice.command("tell 0 hi").await,
        "Only admins may send tells to channel 0.\n"
    );
    assert_eq!(
        alice.command("+channel 256").await,
        "The channel to add must be a number between 0 and 255.\n"
    );
    assert_eq!(
        root.command("+channel 0").await,
        "[0] added to your channel list.\n"
    );
    assert_eq!(
        root.command("tell 0 admins only").await,
        "(told 0 players in channel 0 \"Admins\")\n"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guests_talk_in_the_guest_channel_and_ctell_governs_them() {
    let server = TestServer::start().await;
    let (mut g1, n1) = server.guest().await;
    let (mut g2, n2) = server.guest().await;
    let mut alice = registered(&server, "Alice").await;
    // Guests start in channel 53.
    assert_eq!(
        g1.command("=channel").await,
        "-- channel list: 1 channel --\n53\n"
    );
    alice.command("+channel 53").await;
    alice.command("+channel 50").await;
    g1.command("+channel 50").await;
    assert_eq!(
        g1.command("tell 53 hi guests").await,
        "(told 2 players in channel 53 \"Guest Chat\")\n"
    );
    heard(&mut g2, &format!("{n1}(U)(53): hi guests\n")).await;
    heard(&mut alice, &format!("{n1}(U)(53): hi guests\n")).await;
    assert_eq!(
        g1.command("tell 50 hi all").await,
        "Guests may talk only in channels 1 and 53.\n"
    );
    // ctell 0: no channel tells from unregistered users.
    assert_eq!(
        alice.command("set ctell 0").await,
        "You will not hear channel tells from unregistered users.\n"
    );
    assert_eq!(
        g2.command("tell 53 anyone?").await,
        "(told 1 player in channel 53 \"Guest Chat\")\n"
    );
    heard(&mut g1, &format!("{n2}(U)(53): anyone?\n")).await;
    assert_eq!(
        alice.command("tell 53 I still talk").await,
        "(told 2 players in channel 53 \"Guest Chat\")\n"
    );
    heard(&mut g1, "Alice(53): I still talk\n").await;
    heard(&mut g2, "Alice(53): I still talk\n").await;
    let who = alice.command("inchannel 53").await;
    assert!(
        who.starts_with("Channel 53 \"Guest Chat\": ")
            && who.contains("Alice ")
            && who.contains(&format!("{n1}(U)"))
            && who.contains(&format!("{n2}(U)")),
        "{who}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn registered_channels_survive_a_restart() {
    let mut server = TestServer::start().await;
    let mut alice = registered(&server, "Alice").await;
    alice.command("+channel 49").await;
    alice.command("+channel 1").await;
    alice.command("+channel 50").await;
    alice.command("-channel 1").await;
    server.restart().await;
    let (mut alice, _) = login_with_start(&server, "Alice").await;
    assert_eq!(
        alice.command("showlist channel").await,
        "-- channel list: 2 channels --\n49  50\n"
    );
}
