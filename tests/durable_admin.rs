//! Administration: only admins see the admin commands; each command does
//! what it says and leaves a trace (comments, the admin log).

mod durable_common;
mod support;

use atomicd::account::Titles;
use durable_common::hear;
use support::{Client, TestServer};

const ADMIN_COMMANDS: &[&str] = &[
    "addcomment Bob hello",
    "addplayer Newbie secret",
    "adjudicate Alice Bob draw",
    "announce hello",
    "asetpasswd Bob x",
    "ban Bob",
    "muzzle Bob",
    "nuke Bob",
    "remplayer Bob",
    "showcomment Bob",
    "shutdown now",
    "unban Bob",
    "unmuzzle Bob",
];

fn admin_titles() -> Titles {
    Titles {
        admin: true,
        ..Titles::default()
    }
}

async fn login_refused(server: &TestServer, name: &str, password: &str) -> String {
    let mut c = server.connect().await;
    c.expect("login: ").await;
    c.send(name).await;
    c.expect("password: ").await;
    c.send(password).await;
    c.expect_closed().await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn users_and_guests_are_told_admin_commands_do_not_exist() {
    let server = TestServer::start().await;
    server.add_user("Bob", "pw", Titles::default());
    let mut user = server.user("Bob", "pw").await;
    let (mut guest, _) = server.guest().await;
    for c in [&mut user, &mut guest] {
        for line in ADMIN_COMMANDS {
            let word = line.split_whitespace().next().unwrap();
            assert_eq!(
                c.command(line).await,
                format!("{word}: Command not found.\n"),
                "{line}"
            );
        }
        // Not even by a prefix.
        assert_eq!(c.command("nuk Bob").await, "nuk: Command not found.\n");
    }
    assert!(
        user.command("who").await.contains("Bob"),
        "the server is still up"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn announce_nuke_ban_and_unban() {
    let server = TestServer::start().await;
    server.add_user("Boss", "pw", admin_titles());
    server.add_user("Bob", "pw", Titles::default());
    let mut boss = server.user("Boss", "pw").await;
    let mut bob = server.user("Bob", "pw").await;
    let (mut guest, gname) = server.guest().await;
    assert_eq!(
        boss.command("announce Back in five").await,
        "(2) **ANNOUNCEMENT** from Boss: Back in five\n"
    );
    let heard = hear(&mut bob, "**ANNOUNCEMENT** from Boss: Back in five").await;
    assert!(
        heard.contains("\n\n    **ANNOUNCEMENT** from Boss: Back in five\n\n"),
        "{heard:?}"
    );
    hear(&mut guest, "**ANNOUNCEMENT**").await;
    assert!(
        boss.command("announce")
            .await
            .starts_with("Usage: announce")
    );

    assert_eq!(
        boss.command(&format!("nuke {gname}")).await,
        format!("Nuked: {gname}\n")
    );
    let bye = guest.expect_closed().await;
    assert!(
        bye.contains("**** You have been kicked out by Boss! ****"),
        "{bye}"
    );
    assert_eq!(
        boss.command("nuke Nobody").await,
        "Nobody is not logged in.\n"
    );

    assert_eq!(
        boss.command("ban bob").await,
        "Bob is banned: logins are refused, the account is kept.\n"
    );
    let bye = bob.expect_closed().await;
    assert!(
        bye.contains("**** You have been banned from this server by Boss. ****"),
        "{bye}"
    );
    let refused = login_refused(&server, "Bob", "pw").await;
    assert!(
        refused.contains("**** Bob is banned from this server. ****"),
        "{refused}"
    );
    assert_eq!(
        boss.command("ban nobody").await,
        "There is no account named \"nobody\".\n"
    );
    assert_eq!(
        boss.command("ban boss").await,
        "You can't ban an administrator.\n"
    );
    assert_eq!(
        boss.command("unban Bob").await,
        "Bob is no longer banned.\n"
    );
    let mut bob = server.user("Bob", "pw").await;
    assert!(bob.command("finger").await.starts_with("Finger of Bob"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn muzzles_stop_shouts_and_channel_tells_and_last_across_logins() {
    let server = TestServer::start().await;
    server.add_user("Boss", "pw", admin_titles());
    server.add_user("Bob", "pw", Titles::default());
    let mut boss = server.user("Boss", "pw").await;
    let mut bob = server.user("Bob", "pw").await;
    assert_eq!(boss.command("muzzle Bob").await, "Bob is muzzled.\n");
    assert_eq!(bob.command("shout hello").await, "You are muzzled.\n");
    assert_eq!(bob.command("tell 50 hello").await, "You are muzzled.\n");
    // Private tells still work.
    assert!(bob.command("tell Boss hi").await.contains("(told Boss"));
    hear(&mut boss, "Bob tells you: hi").await;
    bob.send("quit").await;
    bob.expect_closed().await;
    let mut bob = server.user("Bob", "pw").await;
    assert_eq!(bob.command("shout hello").await, "You are muzzled.\n");
    assert_eq!(
        boss.command("unmuzzle bob").await,
        "Bob is no longer muzzled.\n"
    );
    assert!(!bob.command("shout hello").await.contains("muzzled"));
    hear(&mut boss, "Bob shouts: hello").await;
    let (mut guest, gname) = server.guest().await;
    assert_eq!(
        boss.command(&format!("muzzle {gname}")).await,
        format!("{gname} is muzzled.\n")
    );
    assert_eq!(guest.command("tell 53 hi").await, "You are muzzled.\n");
    assert_eq!(
        boss.command("muzzle Nobody").await,
        "There is no player named \"Nobody\".\n"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn accounts_are_added_repassworded_and_removed_with_an_audit_trail() {
    let server = TestServer::start().await;
    server.add_user("Boss", "pw", admin_titles());
    let mut boss = server.user("Boss", "pw").await;
    assert_eq!(
        boss.command("addplayer Newbie first").await,
        "Added: Newbie is now a registered player.\n"
    );
    assert_eq!(
        boss.command("addplayer newbie again").await,
        "A player named Newbie is already registered.\n"
    );
    assert!(boss.command("addplayer Ne1 x").await.contains("letters"));
    assert!(
        boss.command("addplayer Lonely")
            .await
            .starts_with("Usage: addplayer")
    );
    let mut newbie: Client = server.user("Newbie", "first").await;
    assert_eq!(
        boss.command("asetpasswd newbie second").await,
        "Password of Newbie changed to ******.\n"
    );
    hear(&mut newbie, "Boss has changed your password.").await;
    assert_eq!(
        boss.command("remplayer Newbie").await,
        "Newbie is logged in; nuke them first.\n"
    );
    newbie.send("quit").await;
    newbie.expect_closed().await;
    let mut c = server.connect().await;
    c.expect("login: ").await;
    c.send("Newbie").await;
    c.expect("password: ").await;
    c.send("first").await;
    c.expect("**** Invalid password! ****").await;
    server.user("Newbie", "second").await.send("quit").await;
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    assert_eq!(
        boss.command("addcomment Newbie Asked for a new password")
            .await,
        "Comment added for Newbie.\n"
    );
    assert_eq!(
        boss.command("remplayer newbie").await,
        "Player Newbie removed.\n"
    );
    assert_eq!(
        boss.command("remplayer newbie").await,
        "There is no account named \"newbie\".\n"
    );
    assert_eq!(
        boss.command("remplayer boss").await,
        "Boss is logged in; nuke them first.\n"
    );
    let comments = boss.command("showcomment newbie").await;
    assert!(
        comments.starts_with("Comments for newbie:\n  1. Boss at "),
        "{comments}"
    );
    for text in [
        "Account created.",
        "Password changed by an administrator.",
        "Asked for a new password",
        "Account removed.",
    ] {
        assert!(comments.contains(&format!(": {text}\n")), "{comments}");
    }
    assert_eq!(
        boss.command("showcomment Nobody").await,
        "There are no comments for Nobody.\n"
    );
    // The name is free again: it logs in unregistered.
    let mut c = server.connect().await;
    c.expect("login: ").await;
    c.send("Newbie").await;
    c.expect("\"Newbie\" is not a registered name.").await;
    let conn = atomicd::store::open_connection(&server.config.database).unwrap();
    let log = atomicd::store::admin::log(&conn).unwrap();
    let actions: Vec<&str> = log.iter().map(|r| r.action.as_str()).collect();
    assert_eq!(
        actions,
        ["addplayer", "asetpasswd", "addcomment", "remplayer"]
    );
    assert!(log.iter().all(|r| r.admin == "Boss"));
}
