//! Arrivals and departures over TCP: `set pin 1`, `pinform` for TDs,
//! `iset pin 1` (`<wa>`/`<wd>`), notify lists and `znotify`.

mod support;
mod talk_common;

use support::TestServer;
use talk_common::{heard, login_with_start, quit, register, registered};

use atomicd::account::Titles;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn pin_pinform_and_ivar_pin() {
    let server = TestServer::start().await;
    register(
        &server,
        "Director",
        Titles {
            td: true,
            ..Titles::default()
        },
    );
    register(&server, "Dave", Titles::default());
    let mut watcher = registered(&server, "Watcher").await;
    let mut td = server.user("Director", "pw").await;
    let mut gui = registered(&server, "Gui").await;
    assert_eq!(
        watcher.command("set pin 1").await,
        "You will now hear logins/logouts.\n"
    );
    assert_eq!(
        td.command("set pinform 1").await,
        "You will now hear logins/logouts with addresses.\n"
    );
    assert_eq!(gui.command("iset pin 1").await, "pin set.\n");

    let dave = server.user("Dave", "pw").await;
    heard(&mut watcher, "[Dave has connected.]\n").await;
    heard(&mut td, "[Dave (R: 127.0.0.1) has connected.]\n").await;
    heard(&mut gui, "<wa> Dave 000P0P0P0P0P0P0P0P0P\n").await;

    let (guest, gname) = server.guest().await;
    heard(&mut watcher, &format!("[{gname} has connected.]\n")).await;
    heard(
        &mut td,
        &format!("[{gname} (U: 127.0.0.1) has connected.]\n"),
    )
    .await;
    heard(&mut gui, &format!("<wa> {gname} 010P0P0P0P0P0P0P0P0P\n")).await;

    quit(dave).await;
    heard(&mut watcher, "[Dave has disconnected.]\n").await;
    heard(&mut td, "[Dave (R: 127.0.0.1) has disconnected.]\n").await;
    heard(&mut gui, "<wd> Dave\n").await;

    quit(guest).await;
    heard(&mut watcher, &format!("[{gname} has disconnected.]\n")).await;
    heard(
        &mut td,
        &format!("[{gname} (U: 127.0.0.1) has disconnected.]\n"),
    )
    .await;
    heard(&mut gui, &format!("<wd> {gname}\n")).await;

    // pin off: silence (the next thing the watcher gets is its own reply).
    assert_eq!(
        watcher.command("set pin 0").await,
        "You will not hear logins/logouts.\n"
    );
    let (_guest, _) = server.guest().await;
    assert_eq!(
        watcher.command("tell watcher quiet?").await,
        "(told Watcher)\n"
    );
    heard(&mut watcher, "Watcher tells you: quiet?\n").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn notify_lists_announce_arrivals_and_departures() {
    let mut server = TestServer::start().await;
    register(&server, "Alice", Titles::default());
    let mut bob = registered(&server, "Bob").await;
    // Alice is offline: her name is looked up in the database.
    assert_eq!(
        bob.command("+notify alice").await,
        "[Alice] added to your notify list.\n"
    );
    assert_eq!(
        bob.command("+notify Alice").await,
        "[Alice] is already on your notify list.\n"
    );
    assert_eq!(
        bob.command("+notify bob").await,
        "You cannot notify yourself.\n"
    );
    assert_eq!(
        bob.command("+notify nobody").await,
        "There is no player matching the name nobody.\n"
    );
    let (_guest, gname) = server.guest().await;
    assert_eq!(
        bob.command(&format!("+notify {gname}")).await,
        "You cannot add an unregistered user to your notify list.\n"
    );
    assert_eq!(
        bob.command("znotify").await,
        "No one from your notify list is logged on.\nNo one logged in has you on their notify list.\n"
    );

    // The list is saved: it works after a restart.
    server.restart().await;
    let (mut bob, _) = login_with_start(&server, "Bob").await;

    let (mut alice, start) = login_with_start(&server, "Alice").await;
    assert!(
        start.contains("\nYour arrival was noted by: Bob.\n"),
        "{start}"
    );
    heard(&mut bob, "Notification: Alice has arrived.\n").await;
    assert_eq!(
        bob.command("znotify").await,
        "Present company on your notify list:\n   Alice\nNo one logged in has you on their notify list.\n"
    );
    assert_eq!(
        alice.command("znotify").await,
        "No one from your notify list is logged on.\nThe following players have you on their notify list:\n   Bob\n"
    );
    assert_eq!(
        alice.command("+notify bob").await,
        "[Bob] added to your notify list.\n"
    );
    quit(alice).await;
    heard(&mut bob, "Notification: Alice has departed.\n").await;

    let (alice, start) = login_with_start(&server, "Alice").await;
    assert!(
        start.contains("\nPresent company includes: Bob.\nYour arrival was noted by: Bob.\n"),
        "{start}"
    );
    heard(&mut bob, "Notification: Alice has arrived.\n").await;
    quit(alice).await;
    heard(&mut bob, "Notification: Alice has departed.\n").await;

    assert_eq!(
        bob.command("-notify alice").await,
        "[Alice] removed from your notify list.\n"
    );
    let (_alice, start) = login_with_start(&server, "Alice").await;
    assert!(!start.contains("noted by"), "{start}");
    assert_eq!(bob.command("=notify").await, "-- notify list: 0 names --\n");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_login_is_a_departure_then_an_arrival() {
    let server = TestServer::start().await;
    register(&server, "Dave", Titles::default());
    let mut watcher = registered(&server, "Watcher").await;
    watcher.command("set pin 1").await;
    let mut first = server.user("Dave", "pw").await;
    heard(&mut watcher, "[Dave has connected.]\n").await;
    let _second = server.user("Dave", "pw").await;
    heard(&mut watcher, "[Dave has disconnected.]\n").await;
    heard(&mut watcher, "[Dave has connected.]\n").await;
    let bye = first.expect_closed().await;
    assert!(bye.contains("you can't both be logged in"), "{bye}");
}
