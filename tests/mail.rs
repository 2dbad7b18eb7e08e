//! Mail, where the operator configures an SMTP server (issue 29): the PGN
//! of a game reaches the player's address by `mailoldmoves`, `mailstored`
//! and `mailmoves`, through a real SMTP dialogue with a sink the test
//! runs; a player with no address, and a server with no `[mail]`, are
//! told so in one line.

mod smtp_sink;
mod support;
mod web_common;

use atomicd::account::Titles;
use atomicd::mail::{MailConfig, MailTls};
use smtp_sink::Sink;
use support::TestServer;
use web_common::post_form;

fn mail_config(sink: &Sink) -> MailConfig {
    MailConfig {
        host: "127.0.0.1".to_string(),
        port: sink.addr.port(),
        user: None,
        password: None,
        from: "atomicd <chess@example.org>".to_string(),
        tls: MailTls::None,
    }
}

/// Signs `name` up on the web page with an e-mail address.
async fn sign_up(server: &TestServer, name: &str, email: &str) {
    let body = format!("name={name}&password=secretpw&password2=secretpw&email={email}");
    let answer = post_form(server, "/register", &body).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pgn_of_a_game_is_mailed_to_the_players_address() {
    let mut sink = Sink::start().await;
    let config = mail_config(&sink);
    let server = TestServer::start_with(|c| c.mail = Some(config)).await;
    server.add_user("Bob", "bobpw", Titles::default());
    sign_up(&server, "Newbie", "newbie%40example.org").await;
    let mut newbie = server.user("Newbie", "secretpw").await;
    let mut bob = server.user("Bob", "bobpw").await;
    for c in [&mut newbie, &mut bob] {
        c.command("set bell 0").await;
        c.command("set style 12").await;
    }
    newbie.start_game_with(&mut bob, "3 0 rated").await;

    // A game in progress: its moves so far.
    let white_is_newbie = newbie.command("moves").await.contains("Newbie (");
    let (white, black) = if white_is_newbie {
        (&mut newbie, &mut bob)
    } else {
        (&mut bob, &mut newbie)
    };
    white.command("e4").await;
    black.expect("P/e2-e4").await;
    black.expect("fics% ").await;
    black.command("e5").await;
    white.expect("P/e7-e5").await;
    white.expect("fics% ").await;
    let sent = newbie.command("mailmoves").await;
    assert_eq!(
        sent,
        if white_is_newbie {
            "The game Newbie vs. Bob was mailed to newbie@example.org.\n"
        } else {
            "The game Bob vs. Newbie was mailed to newbie@example.org.\n"
        },
    );
    let live = sink.next().await;
    assert_eq!(live.to, ["<newbie@example.org>"]);
    assert!(
        live.data.contains("To: newbie@example.org"),
        "{}",
        live.data
    );
    assert!(
        live.data.contains("From: atomicd <chess@example.org>"),
        "{}",
        live.data
    );
    assert!(live.data.contains("[Variant \"Atomic\"]"), "{}", live.data);
    assert!(live.data.contains("[Result \"*\"]"), "{}", live.data);
    assert!(live.data.contains("1. e4 e5 *"), "{}", live.data);

    // One who watches the game is mailed the game watched.
    sign_up(&server, "Watcher", "watcher%40example.org").await;
    let mut watcher = server.user("Watcher", "secretpw").await;
    watcher.command("observe 1").await;
    let sent = watcher.command("mailmoves").await;
    assert!(
        sent.contains("was mailed to watcher@example.org."),
        "{sent}"
    );
    let watched = sink.next().await;
    assert_eq!(watched.to, ["<watcher@example.org>"]);
    assert!(watched.data.contains("1. e4 e5 *"), "{}", watched.data);

    bob.command("resign").await;
    newbie.expect("Atomic rating adjustment").await;
    newbie.expect("fics% ").await;

    // The finished game: by `mailoldmoves` and by `mailstored`.
    let sent = newbie.command("mailoldmoves").await;
    assert!(sent.contains("was mailed to newbie@example.org."), "{sent}");
    let old = sink.next().await;
    assert!(old.data.contains("[White \""), "{}", old.data);
    assert!(old.data.contains("1. e4 e5"), "{}", old.data);
    let result = if white_is_newbie { "1-0" } else { "0-1" };
    assert!(
        old.data.contains(&format!("[Result \"{result}\"]")),
        "{}",
        old.data
    );
    let sent = newbie.command("mailstored Newbie 0").await;
    assert!(sent.contains("was mailed to newbie@example.org."), "{sent}");
    let stored = sink.next().await;
    assert!(stored.data.contains("1. e4 e5"), "{}", stored.data);
    assert_eq!(
        newbie.command("mailstored Nobody").await,
        "No games in history for Nobody.\n"
    );

    // Bob has no address: nothing is sent.
    assert_eq!(
        bob.command("mailoldmoves").await,
        "Your account has no e-mail address to mail to.\n"
    );
    let (mut guest, _) = server.guest().await;
    assert!(
        guest
            .command("mailoldmoves Newbie")
            .await
            .starts_with("Your account has no e-mail address to mail to."),
    );
    assert!(sink.try_next().is_none());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_forgotten_password_is_reset_by_a_mailed_link_that_works_once() {
    let mut sink = Sink::start().await;
    let config = mail_config(&sink);
    let server = TestServer::start_with(|c| c.mail = Some(config)).await;
    sign_up(&server, "Newbie", "newbie%40example.org").await;
    let page = web_common::get(&server, "/reset").await;
    assert!(page.body.contains("action=\"/reset\""), "{}", page.body);

    // A wrong address: the same answer, and no mail.
    let said = "If the name and the address are an account&#39;s, a link is on its way";
    let wrong = post_form(&server, "/reset", "name=Newbie&email=other%40example.org").await;
    assert_eq!(wrong.status, 200);
    assert!(wrong.body.contains(said), "{}", wrong.body);
    assert!(sink.try_next().is_none());

    let asked = post_form(&server, "/reset", "name=newbie&email=Newbie%40Example.org").await;
    assert_eq!(asked.status, 200);
    assert!(asked.body.contains(said), "{}", asked.body);
    let mail = sink.next().await;
    assert_eq!(mail.to, ["<newbie@example.org>"]);
    let start = mail.data.find("/reset?token=").expect("a link") + "/reset?token=".len();
    let token: String = mail.data[start..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect();
    assert_eq!(token.len(), 43, "{}", mail.data);
    // The link is on the web port's address (`public_url`'s when set).
    let line = mail
        .data
        .lines()
        .find(|l| l.contains("/reset?token="))
        .unwrap();
    assert!(
        line.trim().starts_with("http://127.0.0.1:")
            && line.ends_with(&format!("/reset?token={token}")),
        "{}",
        mail.data
    );

    let link = web_common::get(&server, &format!("/reset?token={token}")).await;
    assert!(link.body.contains("action=\"/reset/new\""), "{}", link.body);
    assert!(
        link.body.contains(&format!("value=\"{token}\"")),
        "{}",
        link.body
    );
    let differ = post_form(
        &server,
        "/reset/new",
        &format!("token={token}&new=newpw1&new2=newpw2"),
    )
    .await;
    assert_eq!(differ.status, 400);
    let done = post_form(
        &server,
        "/reset/new",
        &format!("token={token}&new=newpw1&new2=newpw1"),
    )
    .await;
    assert_eq!(done.status, 200, "{}", done.body);
    assert!(
        done.body
            .contains("The password of Newbie is changed; log in with the new one."),
        "{}",
        done.body
    );
    let twice = post_form(
        &server,
        "/reset/new",
        &format!("token={token}&new=newpw3&new2=newpw3"),
    )
    .await;
    assert_eq!(twice.status, 400);
    assert!(
        twice
            .body
            .contains("This link does not work: it was used already"),
        "{}",
        twice.body
    );
    let _newbie = server.user("Newbie", "newpw1").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_mail_the_reset_page_says_so() {
    let server = TestServer::start().await;
    let page = web_common::get(&server, "/reset").await;
    assert!(
        page.body.contains("Mail is not set up on this server."),
        "{}",
        page.body
    );
    assert!(!page.body.contains("<form"), "{}", page.body);
    let asked = post_form(&server, "/reset", "name=Newbie&email=n%40example.org").await;
    assert!(
        asked.body.contains("Mail is not set up on this server."),
        "{}",
        asked.body
    );
}

/// A mail's text as written: quoted-printable's soft line breaks undone.
fn unfolded(data: &str) -> String {
    data.replace("\r\n", "\n").replace("=\n", "")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_help_page_the_messages_and_where_the_source_is_are_mailed() {
    let mut sink = Sink::start().await;
    let config = mail_config(&sink);
    let server = TestServer::start_with(|c| c.mail = Some(config)).await;
    server.add_user("Bob", "bobpw", Titles::default());
    sign_up(&server, "Newbie", "newbie%40example.org").await;
    let mut newbie = server.user("Newbie", "secretpw").await;
    let mut bob = server.user("Bob", "bobpw").await;

    // mailhelp: the page `help` shows, mailed.
    assert_eq!(
        newbie.command("mailhelp mailhelp").await,
        "The help page \"mailhelp\" was mailed to newbie@example.org.\n"
    );
    let help = sink.next().await;
    assert_eq!(help.to, ["<newbie@example.org>"]);
    let body = unfolded(&help.data);
    assert!(body.contains("Subject: atomicd: help mailhelp"), "{body}");
    assert!(
        body.contains("Mails you a help page, in your language."),
        "{body}"
    );
    assert_eq!(
        newbie.command("mailhelp nosuchtopic").await,
        "There is no help available for \"nosuchtopic\".\n"
    );

    // mailmess: nothing to mail, then the one message Bob left.
    assert_eq!(newbie.command("mailmess").await, "You have no messages.\n");
    assert!(sink.try_next().is_none());
    let sent = bob.command("messages Newbie see you at the club").await;
    assert!(
        sent.starts_with("The following message was sent to Newbie"),
        "{sent}"
    );
    newbie.expect("see you at the club").await;
    newbie.expect("fics% ").await;
    assert_eq!(
        newbie.command("mailmess").await,
        "Your message was mailed to newbie@example.org.\n"
    );
    let mess = unfolded(&sink.next().await.data);
    assert!(mess.contains("Subject: atomicd: your messages"), "{mess}");
    assert!(mess.contains("1. Bob at "), "{mess}");
    assert!(mess.contains(": see you at the club"), "{mess}");

    // mailsource: free software, and where its source comes from.
    assert_eq!(
        newbie.command("mailsource").await,
        "Where to get the server's source was mailed to newbie@example.org.\n"
    );
    let source = unfolded(&sink.next().await.data);
    assert!(
        source.contains("GNU General Public License, version 3 or later"),
        "{source}"
    );
    assert!(source.contains("gives out the source"), "{source}");
    assert!(!source.contains("=E2=81"), "no isolation marks: {source}");

    // Bob has no address: none of them sends anything.
    for cmd in ["mailhelp help", "mailmess", "mailsource"] {
        assert_eq!(
            bob.command(cmd).await,
            "Your account has no e-mail address to mail to.\n",
            "{cmd}"
        );
    }
    assert!(sink.try_next().is_none());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tls_asked_for_is_never_given_up_for_plain_text() {
    // The sink speaks plain SMTP only: it offers no STARTTLS and knows no TLS.
    for tls in [MailTls::Starttls, MailTls::Tls] {
        let mut sink = Sink::start().await;
        let config = MailConfig {
            tls,
            ..mail_config(&sink)
        };
        let server = TestServer::start_with(|c| c.mail = Some(config)).await;
        sign_up(&server, "Newbie", "newbie%40example.org").await;
        let mut newbie = server.user("Newbie", "secretpw").await;
        assert_eq!(
            newbie.command("mailsource").await,
            "The mail could not be sent; try again later.\n",
            "{tls:?}"
        );
        assert!(sink.try_next().is_none(), "{tls:?}: nothing went in clear");
    }
}
