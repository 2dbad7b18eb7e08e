//! One's own account over telnet (issue 29): `password old new` and
//! `close`, as a person at a terminal sees them; and the same on the web
//! page `/account`. Neither password is ever written back, nor logged.

mod json_common;
mod support;
mod web_common;

use atomicd::account::Titles;
use json_common::JsonClient;
use support::TestServer;
use web_common::{get, post_form};

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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_account_page_changes_the_password_and_closes_the_account() {
    let server = TestServer::start().await;
    server.add_user("Alice", "first", Titles::default());
    let page = get(&server, "/account").await;
    assert_eq!(page.status, 200);
    assert!(
        page.body.contains("action=\"/account/password\""),
        "{}",
        page.body
    );
    assert!(
        page.body.contains("action=\"/account/close\""),
        "{}",
        page.body
    );

    let wrong = post_form(
        &server,
        "/account/password",
        "name=Alice&old=nope&new=secondpw&new2=secondpw",
    )
    .await;
    assert_eq!(wrong.status, 403);
    assert!(
        wrong
            .body
            .contains("That is not your password; nothing was changed."),
        "{}",
        wrong.body
    );
    let differ = post_form(
        &server,
        "/account/password",
        "name=Alice&old=first&new=secondpw&new2=secondPW",
    )
    .await;
    assert_eq!(differ.status, 400);
    assert!(
        differ.body.contains("The two passwords are not the same."),
        "{}",
        differ.body
    );
    let changed = post_form(
        &server,
        "/account/password",
        "name=alice&old=first&new=secondpw&new2=secondpw",
    )
    .await;
    assert_eq!(changed.status, 200, "{}", changed.body);
    assert!(
        changed.body.contains("Your password has been changed."),
        "{}",
        changed.body
    );
    assert!(!changed.body.contains("secondpw") && !changed.body.contains("first"));

    // The new password opens the account on telnet.
    let mut alice = server.user("Alice", "secondpw").await;
    alice.command("set bell 0").await;

    // Closing wants the box ticked and the password; then the session goes.
    let unticked = post_form(&server, "/account/close", "name=Alice&password=secondpw").await;
    assert_eq!(unticked.status, 400);
    assert!(unticked.body.contains("Tick the box"), "{}", unticked.body);
    let closed = post_form(
        &server,
        "/account/close",
        "name=Alice&password=secondpw&confirm=yes",
    )
    .await;
    assert_eq!(closed.status, 200, "{}", closed.body);
    assert!(
        closed
            .body
            .contains("The account Alice is closed. Goodbye."),
        "{}",
        closed.body
    );
    let bye = alice.expect_closed().await;
    assert!(
        bye.contains("**** Your account Alice is closed. Goodbye. ****"),
        "{bye}"
    );
    let mut c = server.connect().await;
    c.expect("login: ").await;
    c.send("Alice").await;
    let refused = c.expect("login: ").await;
    assert!(
        refused.contains("is the name of a closed account"),
        "{refused}"
    );
    let again = post_form(
        &server,
        "/account/close",
        "name=Alice&password=secondpw&confirm=yes",
    )
    .await;
    assert_eq!(again.status, 403);
}

/// The browser's doors: a closed account is refused by the JSON login,
/// right password or not, and its resume cookie no longer brings it back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_closed_account_is_refused_by_the_browser_login_and_its_cookie() {
    let server = TestServer::start().await;
    server.add_user("Alice", "alicepw", Titles::default());
    let mut page = JsonClient::connect(server.web, None, None).await;
    let login = page.login("Alice", Some("alicepw")).await;
    assert_eq!(login["result"], "ok", "{login}");
    let cookie = page.cookie().await;
    let closing = page.cmd("close alicepw").await;
    assert!(
        closing["text"]
            .as_str()
            .unwrap_or_default()
            .contains("Closing the account Alice."),
        "{closing}"
    );

    // The page comes back with its cookie: not as Alice any more.
    let mut again = JsonClient::connect(server.web, Some(&cookie), None).await;
    let refused = again.expect("login").await;
    assert_eq!(refused["result"], "resume_failed", "{refused}");
    assert_eq!(refused["reason"], "closed", "{refused}");
    let text = refused["text"].as_str().unwrap_or_default();
    assert!(text.contains("closed account"), "{refused}");

    // Nor with the password typed again.
    let typed = again.login("Alice", Some("alicepw")).await;
    assert_eq!(typed["result"], "closed", "{typed}");
    assert!(
        typed["text"]
            .as_str()
            .unwrap_or_default()
            .contains("\"Alice\" is the name of a closed account"),
        "{typed}"
    );
}
