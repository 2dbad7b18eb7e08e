//! One's own account over telnet (issue 29): `password old new` and
//! `close`, as a person at a terminal sees them. Neither password is ever
//! written back, nor logged.

mod support;

use atomicd::account::Titles;
use support::TestServer;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_player_changes_their_password_and_logs_in_with_the_new_one() {
    let server = TestServer::start().await;
    server.add_user("Alice", "first", Titles::default());
    let (mut guest, _) = server.guest().await;
    assert_eq!(
        guest.command("password a b").await,
        "Only registered players have a password; see \"help register\".\n"
    );
    let mut alice = server.user("Alice", "first").await;
    assert_eq!(
        alice.command("password").await,
        "Usage: password old-password new-password\n"
    );
    assert_eq!(
        alice.command("password first abc").await,
        "A password must be at least 4 characters long.\n"
    );
    let wrong = alice.command("password wrongone secondpw").await;
    assert_eq!(wrong, "That is not your password; nothing was changed.\n");
    let changed = alice.command("password first secondpw").await;
    assert_eq!(changed, "Your password has been changed.\n");
    assert!(!changed.contains("first") && !changed.contains("secondpw"));
    alice.send("quit").await;
    alice.expect_closed().await;

    // The old password no longer opens the account; the new one does.
    let mut again = server.connect().await;
    again.expect("login: ").await;
    again.send("Alice").await;
    again.expect("password: ").await;
    again.send("first").await;
    again.expect("**** Invalid password! ****").await;
    again.expect("login: ").await;
    again.send("Alice").await;
    again.expect("password: ").await;
    again.send("secondpw").await;
    again
        .expect("**** Starting FICS session as Alice ****")
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_closed_account_keeps_its_games_and_its_name_but_never_logs_in_again() {
    let server = TestServer::start().await;
    server.add_user("Alice", "alicepw", Titles::default());
    server.add_user("Bob", "bobpw", Titles::default());
    let mut alice = server.user("Alice", "alicepw").await;
    let mut bob = server.user("Bob", "bobpw").await;
    for c in [&mut alice, &mut bob] {
        c.command("set bell 0").await;
    }
    alice.start_game_with(&mut bob, "3 0 rated").await;
    assert_eq!(
        alice.command("close alicepw").await,
        "You can't close your account while you are playing a game.\n"
    );
    bob.command("resign").await;
    alice.expect("Atomic rating adjustment").await;
    alice.expect("fics% ").await;

    let explained = alice.command("close").await;
    assert!(
        explained.starts_with("\"close\" closes your account Alice for good"),
        "{explained}"
    );
    assert!(explained.contains("type \"close\" followed by your password"));
    assert_eq!(
        alice.command("close notmine").await,
        "That is not your password; nothing was changed.\n"
    );
    alice.send("close alicepw").await;
    let bye = alice.expect_closed().await;
    assert!(bye.contains("Closing the account Alice."), "{bye}");
    assert!(
        bye.contains("**** Your account Alice is closed. Goodbye. ****"),
        "{bye}"
    );
    assert!(!bye.contains("alicepw"), "{bye}");

    // The name cannot be used again, neither with a password nor without.
    let mut c = server.connect().await;
    c.expect("login: ").await;
    c.send("alice").await;
    let refused = c.expect("login: ").await;
    assert!(
        refused.contains("\"Alice\" is the name of a closed account; it cannot be used again."),
        "{refused}"
    );
    // The games stay in history, the rating with them.
    let history = bob.command("history Alice").await;
    assert!(history.contains("Bob"), "{history}");
    let handles = bob.command("handles al").await;
    assert_eq!(handles, "No registered name begins with \"al\".\n");
}
