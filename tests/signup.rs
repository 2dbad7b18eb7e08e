//! Signing up on the web page (issue 29), as a newcomer meets it: the form
//! at `/register` over plain HTTP, then a telnet login with the new name
//! and a rated game; the approval queue an admin works through on telnet;
//! a server that takes no sign-ups; and the refusals (names, passwords,
//! the hourly limit per address).

mod support;
mod web_common;

use atomicd::account::Titles;
use atomicd::signup::Registration;
use support::TestServer;
use web_common::{get, post_form, raw};

fn form(name: &str, password: &str, again: &str) -> String {
    format!("name={name}&password={password}&password2={again}&email=")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_newcomer_signs_up_on_the_web_and_plays_a_rated_game_on_telnet() {
    let server = TestServer::start().await;
    server.add_user("Bob", "bobpw", Titles::default());
    let page = get(&server, "/register").await;
    assert_eq!(page.status, 200);
    assert!(
        page.body
            .contains("<form method=\"post\" action=\"/register\">"),
        "{}",
        page.body
    );
    assert!(page.body.contains("name=\"password2\""));

    let made = post_form(
        &server,
        "/register",
        "name=Newbie&password=secretpw&password2=secretpw&email=newbie%40example.org",
    )
    .await;
    assert_eq!(made.status, 200, "{}", made.body);
    assert!(
        made.body
            .contains("The account Newbie is made. Log in with it on telnet or in the lobby."),
        "{}",
        made.body
    );
    let again = post_form(&server, "/register", &form("NEWBIE", "otherpw", "otherpw")).await;
    assert_eq!(again.status, 409);
    assert!(
        again.body.contains("The name &quot;Newbie&quot; is taken"),
        "{}",
        again.body
    );

    let mut newbie = server.user("Newbie", "secretpw").await;
    let mut bob = server.user("Bob", "bobpw").await;
    for c in [&mut newbie, &mut bob] {
        c.command("set bell 0").await;
    }
    newbie.start_game_with(&mut bob, "3 0 rated").await;
    bob.command("resign").await;
    let adjusted = newbie.expect("Atomic rating adjustment").await;
    assert!(adjusted.contains("Newbie"), "{adjusted}");
    newbie.expect("fics% ").await;
    let finger = bob.command("finger Newbie").await;
    assert!(finger.contains("Atomic"), "{finger}");

    let help = newbie.command("help register").await;
    assert!(
        help.contains("Type\n\"register\" for the page's address."),
        "{help}"
    );
    let address = newbie.command("register").await;
    assert!(
        address.starts_with("This server's sign-up page: http://"),
        "{address}"
    );
    assert!(address.ends_with("/register\n"), "{address}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_form_refuses_bad_names_passwords_and_floods() {
    let server = TestServer::start_with(|c| c.signups_per_hour = 2).await;
    for (body, why) in [
        (
            form("ab", "secretpw", "secretpw"),
            "A name should be at least three letters long.",
        ),
        (
            form("Alice2", "secretpw", "secretpw"),
            "A name can only consist of lower and upper case letters.",
        ),
        (
            form("GuestABCD", "secretpw", "secretpw"),
            "The name &quot;GuestABCD&quot; is reserved",
        ),
        (
            form("Admin", "secretpw", "secretpw"),
            "The name &quot;Admin&quot; is reserved",
        ),
        (
            form("Carol", "secretpw", "secretPW"),
            "The two passwords are not the same.",
        ),
        (
            form("Carol", "abc", "abc"),
            "A password must be at least 4 characters long.",
        ),
        (
            "name=Carol&password=secretpw&password2=secretpw&email=nope".to_string(),
            "That is not an e-mail address",
        ),
    ] {
        let answer = post_form(&server, "/register", &body).await;
        assert_eq!(answer.status, 400, "{body}: {}", answer.body);
        assert!(answer.body.contains(why), "{body}: {}", answer.body);
        assert!(
            !answer.body.contains("secretpw"),
            "a password came back: {}",
            answer.body
        );
    }
    // Refused forms do not count; two accounts an hour from one address do.
    for name in ["Carol", "Dave"] {
        let answer = post_form(&server, "/register", &form(name, "secretpw", "secretpw")).await;
        assert_eq!(answer.status, 200, "{}", answer.body);
    }
    let third = post_form(&server, "/register", &form("Erin", "secretpw", "secretpw")).await;
    assert_eq!(third.status, 429);
    assert!(
        third
            .body
            .contains("Too many accounts were made from your address"),
        "{}",
        third.body
    );
    // A body that is no form gets the page again, and the server goes on.
    let junk = format!(
        "POST /register HTTP/1.1\r\nHost: {}\r\nContent-Length: 3\r\nConnection: close\r\n\r\n%%%",
        server.web
    );
    let junk = web_common::parse(&raw(&server, junk.as_bytes()).await);
    assert_eq!(junk.status, 400);
    assert!(
        junk.body.contains("The form did not arrive whole"),
        "{}",
        junk.body
    );
    assert_eq!(get(&server, "/register").await.status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn with_approval_an_admin_lets_the_new_account_in() {
    let server = TestServer::start_with(|c| c.registration = Registration::Approval).await;
    server.add_user(
        "Root",
        "rootpw",
        Titles {
            admin: true,
            ..Titles::default()
        },
    );
    let page = get(&server, "/register").await;
    assert!(
        page.body
            .contains("An administrator approves each new account"),
        "{}",
        page.body
    );
    let made = post_form(
        &server,
        "/register",
        &form("Newbie", "secretpw", "secretpw"),
    )
    .await;
    assert_eq!(made.status, 200);
    assert!(
        made.body
            .contains("it can log in once an administrator approves it"),
        "{}",
        made.body
    );

    let mut c = server.connect().await;
    c.expect("login: ").await;
    c.send("Newbie").await;
    c.expect("password: ").await;
    c.send("secretpw").await;
    let waiting = c.expect("login: ").await;
    assert!(
        waiting.contains("**** Newbie waits for an administrator's approval; you can log in once it is approved. ****"),
        "{waiting}"
    );

    let mut root = server.user("Root", "rootpw").await;
    let pending = root.command("accounts pending").await;
    assert!(
        pending.starts_with("One account waits for approval:\n  Newbie  -  "),
        "{pending}"
    );
    assert_eq!(
        root.command("accounts approve Carol").await,
        "There is no account named \"Carol\".\n"
    );
    assert_eq!(
        root.command("accounts approve newbie").await,
        "The account Newbie is approved; it can log in now.\n"
    );
    assert_eq!(
        root.command("accounts pending").await,
        "No account waits for approval.\n"
    );
    assert_eq!(
        root.command("accounts approve Newbie").await,
        "The account Newbie does not wait for approval.\n"
    );
    let help = root.command("register").await;
    assert!(
        help.contains(
            "/register\nAn administrator approves each new account before it can log in.\n"
        ),
        "{help}"
    );
    let _newbie = server.user("Newbie", "secretpw").await;

    // A rejected sign-up is gone, and its name is free again.
    post_form(&server, "/register", &form("Rude", "secretpw", "secretpw")).await;
    assert_eq!(
        root.command("accounts reject Rude").await,
        "The account Rude is rejected and deleted; its name is free again.\n"
    );
    let again = post_form(&server, "/register", &form("Rude", "secretpw", "secretpw")).await;
    assert_eq!(again.status, 200, "{}", again.body);

    // Not for ordinary users.
    let mut guest = server.guest().await.0;
    let not = guest.command("accounts pending").await;
    assert!(not.contains("Command not found"), "{not}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_closed_server_shows_no_form_and_makes_no_account() {
    let server = TestServer::start_with(|c| c.registration = Registration::Closed).await;
    let page = get(&server, "/register").await;
    assert_eq!(page.status, 200);
    assert!(!page.body.contains("<form"), "{}", page.body);
    assert!(
        page.body.contains("This server takes no sign-ups"),
        "{}",
        page.body
    );
    let refused = post_form(
        &server,
        "/register",
        &form("Newbie", "secretpw", "secretpw"),
    )
    .await;
    assert_eq!(refused.status, 403);
    let mut c = server.connect().await;
    c.expect("login: ").await;
    c.send("Newbie").await;
    let unregistered = c.expect("Press return").await;
    assert!(
        unregistered.contains("\"Newbie\" is not a registered name."),
        "{unregistered}"
    );
    c.send("").await;
    c.expect("fics% ").await;
    let help = c.command("register").await;
    assert!(
        help.starts_with("This server takes no sign-ups: ask an administrator for an account."),
        "{help}"
    );
}
