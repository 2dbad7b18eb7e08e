//! The approval queue on the web (issue 29): with `registration =
//! "approval"`, an admin works through the accounts waiting at
//! `/approvals` over plain HTTP, as a browser's form sends it; anyone else
//! is refused and sees no name; an approved account then logs in on
//! telnet, a rejected one is gone.

mod support;
mod web_common;

use atomicd::account::Titles;
use atomicd::signup::Registration;
use support::TestServer;
use web_common::{get, post_form};

async fn sign_up(server: &TestServer, name: &str) {
    let body =
        format!("name={name}&password=secretpw&password2=secretpw&email={name}%40example.org");
    let made = post_form(server, "/register", &body).await;
    assert_eq!(made.status, 200, "{}", made.body);
    assert!(
        made.body
            .contains("it can log in once an administrator approves it"),
        "{}",
        made.body
    );
}

/// What the telnet login prompt says to `name` with password `secretpw`.
async fn try_login(server: &TestServer, name: &str) -> String {
    let mut c = server.connect().await;
    c.expect("login: ").await;
    c.send(name).await;
    c.expect("password: ").await;
    c.send("secretpw").await;
    c.expect("login: ").await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_admin_approves_and_rejects_on_the_web_and_nobody_else_can() {
    let server = TestServer::start_with(|c| c.registration = Registration::Approval).await;
    let admin = Titles {
        admin: true,
        ..Titles::default()
    };
    server.add_user("Root", "rootpw", admin);
    server.add_user("Bob", "bobpw", Titles::default());
    sign_up(&server, "Newbie").await;
    sign_up(&server, "Rude").await;
    let waiting = try_login(&server, "Newbie").await;
    assert!(
        waiting.contains("Newbie waits for an administrator's approval"),
        "{waiting}"
    );

    // The page asks who one is, and shows no name before that.
    let page = get(&server, "/approvals").await;
    assert_eq!(page.status, 200);
    assert!(
        page.body
            .contains("<form method=\"post\" action=\"/approvals\">"),
        "{}",
        page.body
    );
    assert!(!page.body.contains("Newbie"), "{}", page.body);

    // A player who is not an admin, with the right password, is refused
    // (a decision too); so is the admin's name with a wrong password.
    for body in [
        "name=Bob&password=bobpw",
        "name=Bob&password=bobpw&approve=Newbie",
    ] {
        let refused = post_form(&server, "/approvals", body).await;
        assert_eq!(refused.status, 403, "{}", refused.body);
        assert!(
            refused
                .body
                .contains("Only an administrator can see and decide the accounts waiting"),
            "{}",
            refused.body
        );
        assert!(!refused.body.contains("Newbie"), "{}", refused.body);
    }
    let wrong = post_form(
        &server,
        "/approvals",
        "name=Root&password=nope&approve=Newbie",
    )
    .await;
    assert_eq!(wrong.status, 403, "{}", wrong.body);
    assert!(!wrong.body.contains("Newbie"), "{}", wrong.body);
    let still = try_login(&server, "Newbie").await;
    assert!(
        still.contains("waits for an administrator's approval"),
        "{still}"
    );

    // The admin sees the queue, oldest first, with the e-mail addresses.
    let queue = post_form(&server, "/approvals", "name=Root&password=rootpw").await;
    assert_eq!(queue.status, 200, "{}", queue.body);
    let (newbie, rude) = (
        queue.body.find("name=\"approve\" value=\"Newbie\""),
        queue.body.find("name=\"approve\" value=\"Rude\""),
    );
    assert!(newbie.is_some() && newbie < rude, "{}", queue.body);
    assert!(queue.body.contains("Newbie@example.org"), "{}", queue.body);

    // Approve one, reject the other.
    let approved = post_form(
        &server,
        "/approvals",
        "name=Root&password=rootpw&approve=newbie",
    )
    .await;
    assert_eq!(approved.status, 200, "{}", approved.body);
    assert!(
        approved
            .body
            .contains("The account Newbie is approved; it can log in now."),
        "{}",
        approved.body
    );
    assert!(
        !approved.body.contains("value=\"Newbie\""),
        "{}",
        approved.body
    );
    assert!(
        approved.body.contains("value=\"Rude\""),
        "{}",
        approved.body
    );
    let rejected = post_form(
        &server,
        "/approvals",
        "name=Root&password=rootpw&reject=Rude",
    )
    .await;
    assert_eq!(rejected.status, 200, "{}", rejected.body);
    assert!(
        rejected
            .body
            .contains("The account Rude is rejected and deleted; its name is free again."),
        "{}",
        rejected.body
    );
    assert!(
        rejected.body.contains("No account waits for approval."),
        "{}",
        rejected.body
    );
    let twice = post_form(
        &server,
        "/approvals",
        "name=Root&password=rootpw&approve=Newbie",
    )
    .await;
    assert_eq!(twice.status, 409, "{}", twice.body);
    assert!(
        twice
            .body
            .contains("The account Newbie does not wait for approval."),
        "{}",
        twice.body
    );

    // The approved player logs in on telnet; the rejected name is free.
    let mut newbie = server.user("Newbie", "secretpw").await;
    let finger = newbie.command("finger").await;
    assert!(finger.contains("Newbie"), "{finger}");
    let mut root = server.user("Root", "rootpw").await;
    assert_eq!(
        root.command("accounts pending").await,
        "No account waits for approval.\n"
    );
    sign_up(&server, "Rude").await;
}
