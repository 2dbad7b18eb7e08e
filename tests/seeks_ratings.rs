//! Seeks, ratings and player records over TCP (issue: seeks, ratings).

mod support;

use atomicd::account::Titles;
use atomicd::rating::{self, Rating};
use support::{Client, TestServer};

async fn user(server: &TestServer, name: &str) -> Client {
    let mut c = server.user(name, "pw").await;
    c.command("set bell 0").await;
    c.command("style 12").await;
    c
}

async fn registered(server: &TestServer, names: &[&str]) -> Vec<Client> {
    let mut out = Vec::new();
    for n in names {
        server.add_user(n, "pw", Titles::default());
        out.push(user(server, n).await);
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seek_announce_sought_play_rate_and_finger() {
    let mut server = TestServer::start().await;
    let mut c = registered(&server, &["Alice", "Bob"]).await;
    let (mut alice, mut bob) = (c.remove(0), c.remove(0));
    let posted = alice.command("seek 5 0 rated").await;
    assert_eq!(
        posted,
        "Your seek has been posted with index 1.\n(1 player(s) saw the seek.)\n"
    );
    assert_eq!(
        bob.next_message().await,
        "\nAlice (----) seeking 5 0 rated atomic (\"play 1\" to respond)\n"
    );
    let sought = bob.command("sought").await;
    assert_eq!(
        sought,
        "  1 ---- Alice               5   0 rated   atomic                 0-9999\n1 ad displayed.\n"
    );
    assert_eq!(bob.command("play 1").await, "");
    assert_eq!(alice.next_message().await, "\nBob accepts your seek.\n");
    let start = alice.next_message().await;
    assert!(
        start.contains("Creating: ") && start.contains("rated atomic 5 0"),
        "{start}"
    );
    let bstart = bob.next_message().await;
    let white_is_alice = bstart.contains("Creating: Alice");
    let (white, black) = if white_is_alice {
        (&mut alice, &mut bob)
    } else {
        (&mut bob, &mut alice)
    };
    // The seek went away when the game started.
    assert_eq!(white.command("sought all").await, "0 ads displayed.\n");
    let mut last = String::new();
    for (i, mv) in ["Nf3", "a6", "Ng5", "a5", "Nxf7"].iter().enumerate() {
        let (mover, other) = if i % 2 == 0 {
            (&mut *white, &mut *black)
        } else {
            (&mut *black, &mut *white)
        };
        last = mover.play(mv).await;
        if i < 4 {
            other.next_message().await;
        }
    }
    // Both start at 1500 / RD 350: the winner gains what the preview said.
    let p = rating::preview(&Rating::new(), &Rating::new(), atomicd::timefmt::unix_now());
    let expect_white = format!("Atomic rating adjustment: 1500 --> {}", 1500 + p.win);
    let expect_black = format!("Atomic rating adjustment: 1500 --> {}", 1500 + p.loss);
    black.expect(&expect_black).await;
    black.expect("fics% ").await;
    assert!(
        last.ends_with(&format!("king exploded}} 1-0\n\n{expect_white}\n")),
        "{last}"
    );
    let wname = if white_is_alice { "Alice" } else { "Bob" };
    let finger = black.command(&format!("finger {wname}")).await;
    assert!(
        finger.contains("          rating     RD      win    loss    draw   total   best\n"),
        "{finger}"
    );
    assert!(
        finger.contains(&format!("Atomic     {}", 1500 + p.win)),
        "{finger}"
    );
    drop((alice, bob));
    // Ratings survive a restart.
    server.restart().await;
    let mut again = user(&server, wname).await;
    let finger = again.command("finger").await;
    assert!(
        finger.contains(&format!("Atomic     {}", 1500 + p.win)),
        "{finger}"
    );
    assert!(
        finger.contains("       1       0       0       1"),
        "one win, one game: {finger}"
    );
    let who = again.command("who").await;
    assert!(who.contains(&format!("{} {wname}", 1500 + p.win)), "{who}");
    let best = again.command("best").await;
    assert!(
        best.starts_with(&format!("Atomic\n  1. {} {wname}\n", 1500 + p.win)),
        "{best}"
    );
    let rank = again.command("rank").await;
    assert_eq!(
        rank,
        format!(
            "Atomic rank of {wname}: 1 of 2 (rating {}).\n",
            1500 + p.win
        )
    );
    let stats = again.command("stats").await;
    assert!(
        stats.starts_with(&format!("Statistics for {wname}:\n\n")),
        "{stats}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rated_challenges_show_the_rating_change() {
    let server = TestServer::start().await;
    let mut c = registered(&server, &["Alice", "Bob"]).await;
    let (mut alice, mut bob) = (c.remove(0), c.remove(0));
    let p = rating::preview(&Rating::new(), &Rating::new(), atomicd::timefmt::unix_now());
    let lines = format!("{}\n", rating::format_preview_lines(&p));
    let issued = alice.command("match bob 3 0 rated").await;
    assert_eq!(
        issued,
        format!("Issuing: Alice (----) Bob (----) rated atomic 3 0.\n{lines}")
    );
    let challenge = bob.next_message().await;
    assert_eq!(
        challenge,
        format!(
            "\nChallenge: Alice (----) Bob (----) rated atomic 3 0.\n{lines}You can \"accept\" or \"decline\", or propose different parameters.\n"
        )
    );
    assert!(
        lines.starts_with("Your atomic rating will change:  Win: +"),
        "{lines}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guests_seek_unrated_manual_seeks_challenge_and_matching_seeks_start_at_once() {
    let server = TestServer::start().await;
    let (mut guest, gname) = server.guest().await;
    guest.command("set bell 0").await;
    let posted = guest.command("seek 3 0 rated").await;
    assert!(
        posted.starts_with("Setting seek to unrated.\nYour seek has been posted with index 1."),
        "{posted}"
    );
    assert_eq!(
        guest.command("seek 3 0 u").await,
        "You already have an active seek with the same parameters.\n"
    );
    assert_eq!(
        guest.command("seek 3 0 u 0-2000").await,
        "Updating seek ad 1; rating range now 0-2000.\n"
    );
    guest.command("seek 1 0").await;
    guest.command("seek 2 0").await;
    assert_eq!(
        guest.command("seek 4 0").await,
        "You can only have 3 active seeks.\n"
    );
    assert_eq!(
        guest.command("play 1").await,
        "ERROR: You cannot respond to your own seek ads\n"
    );
    assert_eq!(
        guest.command("unseek 2").await,
        "Your seek 2 has been removed.\n"
    );
    assert_eq!(
        guest.command("unseek").await,
        "Your seeks have been removed.\n"
    );
    assert_eq!(guest.command("unseek").await, "You have no active seeks.\n");
    // A manual seek: answering it sends the seeker a challenge.
    guest.command("seek 3 0 m").await;
    let mut carol = server.named("Carol").await;
    carol.command("set bell 0").await;
    let answer = carol.command("play 1").await;
    assert_eq!(
        answer,
        format!(
            "Issuing match request since the seek was set to manual.\nIssuing: Carol (++++) {gname} (++++) unrated atomic 3 0.\n"
        )
    );
    let challenge = guest.next_message().await;
    assert!(
        challenge.contains(&format!(
            "Challenge: Carol (++++) {gname} (++++) unrated atomic 3 0."
        )),
        "{challenge}"
    );
    assert_eq!(
        carol.command("play 99").await,
        "That seek is not available.\n"
    );
    // A seek that matches one already posted starts the game at once.
    let mut dave = server.named("Dave").await;
    dave.command("seek 7 5 white").await;
    let mut erin = server.named("Erin").await;
    let reply = erin.command("seek 7 5").await;
    assert_eq!(reply, "Your seek matches one already posted by Dave.\n");
    dave.expect("Erin accepts your seek.").await;
    let start = erin.next_message().await;
    assert!(
        start.contains("Creating: Dave (++++) Erin (++++) unrated atomic 7 5"),
        "{start}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn formulas_refuse_at_match_time_and_bad_ones_at_set_time() {
    let server = TestServer::start().await;
    let mut c = registered(&server, &["Alice", "Bob"]).await;
    let (mut alice, mut bob) = (c.remove(0), c.remove(0));
    let bad = bob.command("set formula rating >> 3").await;
    assert!(bad.starts_with("Formula error"), "{bad}");
    assert_eq!(
        bob.command("set formula rating > 2000 & rated").await,
        "formula set to rating > 2000 & rated.\n"
    );
    let refused = alice.command("match bob 3 0 rated").await;
    assert_eq!(
        refused,
        "Match request does not fit formula for Bob:\nBob's formula: rating > 2000 & rated\n"
    );
    // A seek marked f is only for those the formula admits.
    bob.command("seek 3 0 rated f").await;
    assert_eq!(
        alice.command("play bob").await,
        "Match request does not fit formula for Bob:\nBob's formula: rating > 2000 & rated\n"
    );
    assert_eq!(alice.command("sought").await, "0 ads displayed.\n");
    assert!(alice.command("sought all").await.contains("Bob"));
    bob.command("set formula").await;
    assert!(
        alice
            .command("match bob 3 0 rated")
            .await
            .starts_with("Issuing:")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seekinfo_lines_for_guis() {
    let server = TestServer::start().await;
    let mut gui = server.named("Guido").await;
    let mut plain = server.named("Plain").await;
    plain.command("iset seekremove 1").await;
    let mut seeker = server.named("Seeker").await;
    seeker.command("seek 3 0 black m").await;
    plain.next_message().await;
    gui.next_message().await;
    assert_eq!(
        gui.command("iset seekinfo 1").await,
        "seekinfo set.\n<sc>\n<s> 1 w=Seeker ti=01 rt=0P t=3 i=0 r=u tp=atomic c=B rr=0-9999 a=f f=f\n"
    );
    gui.command("iset seekremove 1").await;
    seeker.command("iset showownseek 1").await;
    seeker.command("iset seekinfo 1").await;
    let posted = seeker.command("seek 5 2").await;
    assert!(posted.contains("posted with index 2"), "{posted}");
    assert_eq!(
        seeker.next_message().await,
        "\n<sn> 2 w=Seeker ti=01 rt=0P t=5 i=2 r=u tp=atomic c=? rr=0-9999 a=t f=f\n"
    );
    assert_eq!(
        gui.next_message().await,
        "\n<s> 2 w=Seeker ti=01 rt=0P t=5 i=2 r=u tp=atomic c=? rr=0-9999 a=t f=f\n"
    );
    plain.next_message().await;
    seeker.command("unseek").await;
    assert_eq!(gui.next_message().await, "\n<sr> 1\n<sr> 2\n");
    assert_eq!(plain.next_message().await, "\nAds removed: 1 2\n");
    // `who I` for PyChess.
    let who = gui.command("who IbslwBzSLx").await;
    assert!(who.contains("Guido 010P0P0P0P0P0P0P0P0P\n"), "{who}");
    assert!(who.ends_with("3 Players Displayed.\n"), "{who}");
}
