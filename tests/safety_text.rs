//! Nobody can hurt other users with text (issue 20): every text that comes
//! from a user is bounded after alias expansion, not only as typed, so no
//! tell, shout or note can grow into a megabyte for its readers or for the
//! server's memory.

mod support;

use std::time::Duration;

use support::TestServer;

/// `alias big tell NAME @@@…` (990 `@`): each `@` repeats the rest of the
/// line, so `big` and 1,000 characters once made a 1 MB tell.
fn amplifier(command: &str) -> String {
    format!("alias big {command} {}", "@".repeat(990))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_alias_cannot_make_a_tell_or_a_shout_bigger_than_a_line() {
    let server = TestServer::start().await;
    let (mut vicky, vname) = server.guest().await;
    vicky.command("iset nowrap 1").await;
    let (mut mallory, _) = server.guest().await;
    let (mut listener, _) = server.guest().await;
    assert!(
        mallory
            .command(&amplifier(&format!("tell {vname}")))
            .await
            .starts_with("Alias \"big\" set.")
    );
    let payload = "x".repeat(1000);
    let refusal = "Your line was too long after alias expansion and has been ignored.\n";
    assert_eq!(mallory.command(&format!("big {payload}")).await, refusal);
    assert!(
        mallory
            .command(&amplifier("shout"))
            .await
            .starts_with("Alias \"big\" changed.")
    );
    assert_eq!(mallory.command(&format!("big {payload}")).await, refusal);
    // Nothing reached anyone, and everyone is still here.
    for c in [&mut vicky, &mut listener] {
        let heard = c.drain(Duration::from_millis(300)).await;
        assert!(!heard.contains("xxxx"), "{heard}");
        assert!(c.command("date").await.contains("Local time"));
    }
    // A short line through the same alias is expanded and sent.
    assert!(
        mallory
            .command(&amplifier(&format!("tell {vname}")))
            .await
            .contains("changed")
    );
    assert_eq!(mallory.command("big y").await, format!("(told {vname})\n"));
    let heard = vicky.next_message().await;
    assert!(heard.contains(&"y".repeat(990)), "{heard}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_longest_tell_a_line_can_hold_still_arrives() {
    let server = TestServer::start().await;
    let (mut vicky, vname) = server.guest().await;
    vicky.command("iset nowrap 1").await;
    let (mut bob, _) = server.guest().await;
    let head = format!("tell {vname} ");
    let text = "z".repeat(1024 - head.len());
    assert_eq!(
        bob.command(&format!("{head}{text}")).await,
        format!("(told {vname})\n")
    );
    let heard = vicky.next_message().await;
    assert!(heard.contains(&text), "{heard}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn notes_hold_eighty_characters_and_a_full_finger_stays_small() {
    let server = TestServer::start().await;
    let (mut vicky, _) = server.guest().await;
    vicky.command("iset nowrap 1").await;
    let (mut mallory, mname) = server.guest().await;
    let longest = "n".repeat(80);
    for i in 1..=10 {
        assert_eq!(
            mallory.command(&format!("set {i} {longest}")).await,
            format!("Note {i} set.\n")
        );
    }
    assert_eq!(
        mallory.command(&format!("set 1 {longest}!")).await,
        "A note may be at most 80 characters long.\n"
    );
    // Through an alias too: a 100 KB note once took ten lines.
    mallory.command(&amplifier("set 2")).await;
    assert!(
        mallory
            .command(&format!("big {}", "w".repeat(100)))
            .await
            .contains("too long after alias expansion")
    );
    let alias = "alias n set 3 @@";
    mallory.command(alias).await;
    assert_eq!(
        mallory.command(&format!("n {}", "v".repeat(41))).await,
        "A note may be at most 80 characters long.\n"
    );
    // What others read of her: ten notes of 80 characters, no more.
    let finger = vicky.command(&format!("finger {mname}")).await;
    assert_eq!(finger.matches(&longest).count(), 10, "{finger}");
    assert!(finger.len() < 2048, "{} bytes", finger.len());
    assert!(
        mallory
            .command(&format!("set interface {}", "i".repeat(81)))
            .await
            .starts_with("The interface may be at most 80 characters long.")
    );
}
