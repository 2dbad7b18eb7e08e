//! Computer accounts over TCP (issue #8): the `(C)` title where names are
//! shown, the `computer` list, the `[computers]` limits, and the `computer`
//! formula variable.

mod support;

use std::time::Duration;

use atomicd::account::Titles;
use support::{Client, TestServer};

const COMPUTER: Titles = Titles {
    admin: false,
    td: false,
    computer: true,
    unregistered: false,
};

const ADMIN: Titles = Titles {
    admin: true,
    td: false,
    computer: false,
    unregistered: false,
};

async fn user(server: &TestServer, name: &str, titles: Titles) -> Client {
    server.add_user(name, "pw", titles);
    let mut c = server.user(name, "pw").await;
    c.command("set bell 0").await;
    c
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computer_title_shows_where_titles_show_and_only_there() {
    let server = TestServer::start().await;
    let mut robo = user(&server, "Robo", COMPUTER).await;
    let mut alice = user(&server, "Alice", Titles::default()).await;
    let who = alice.command("who").await;
    assert!(
        who.contains("----  Robo(C)") || who.contains("---- Robo(C)"),
        "{who}"
    );
    let finger = alice.command("finger Robo").await;
    assert!(finger.starts_with("Finger of Robo(C):\n"), "{finger}");
    assert!(finger.contains("\nRobo is a computer.\n"), "{finger}");
    let finger = alice.command("finger Alice").await;
    assert!(!finger.contains("is a computer"), "{finger}");
    // Seeks: the ad and `sought` carry the title, `<s>` has ti=02.
    robo.command("seek 3 0 unrated").await;
    assert_eq!(
        alice.next_message().await,
        "\nRobo(C) (----) seeking 3 0 unrated atomic (\"play 1\" to respond)\n"
    );
    let sought = alice.command("sought").await;
    assert!(sought.starts_with("  1 ---- Robo(C)  "), "{sought}");
    alice.command("iset seekinfo 1").await;
    robo.command("seek 5 0 unrated").await;
    let info = alice.next_message().await;
    assert!(
        info.contains("<s> 2 w=Robo ti=02 rt=0P t=5 i=0 r=u tp=atomic"),
        "{info}"
    );
    robo.command("unseek").await;
    alice.command("iset seekinfo 0").await;
    // A challenge from a computer says so, under the Challenge: line
    // (which, like Creating:, games and <12>, names players without titles).
    // The challenger of a computer is told so as well (lasker's matchproc.c).
    let to_robo = alice.command("match Robo 2 0 unrated").await;
    assert!(
        to_robo.starts_with(
            "Issuing: Alice (----) Robo (----) unrated atomic 2 0.\n--** Robo is a computer **--\n"
        ),
        "{to_robo}"
    );
    let challenge = robo.next_message().await;
    assert!(!challenge.contains("is a computer"), "{challenge}");
    alice.command("withdraw").await;
    robo.next_message().await;
    let issued = robo.command("match Alice 2 0 unrated").await;
    assert!(
        issued.starts_with("Issuing: Robo (----) Alice (----) unrated atomic 2 0."),
        "{issued}"
    );
    let challenge = alice.next_message().await;
    assert_eq!(
        challenge,
        "\nChallenge: Robo (----) Alice (----) unrated atomic 2 0.\n--** Robo is a computer **--\nYou can \"accept\" or \"decline\", or propose different parameters.\n"
    );
    alice.command("style 12").await;
    alice.command("accept").await;
    let start = alice.next_message().await;
    assert!(
        start.contains("Creating: Robo (----) Alice (----) unrated atomic 2 0")
            || start.contains("Creating: Alice (----) Robo (----) unrated atomic 2 0"),
        "{start}"
    );
    assert!(!start.contains("(C)"), "{start}");
    let games = alice.command("games").await;
    assert!(games.contains("Robo") && !games.contains("(C)"), "{games}");
    // A human who does not challenge a computer sees no such line.
    let human = alice.command("finger").await;
    assert!(!human.contains("computer"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn admins_keep_the_computer_list_and_titles_follow_at_once() {
    let server = TestServer::start().await;
    let mut boss = user(&server, "Boss", ADMIN).await;
    let mut newbot = user(&server, "NewBot", Titles::default()).await;
    let mut alice = user(&server, "Alice", Titles::default()).await;
    server.add_user("OldBot", "pw", COMPUTER);
    let lists = alice.command("showlist").await;
    assert!(
        lists.contains("computer             is PUBLIC\n"),
        "{lists}"
    );
    assert_eq!(
        alice.command("=computer").await,
        "-- computer list: 1 name --\nOldBot\n"
    );
    // Only admins change it.
    assert_eq!(
        alice.command("+computer Alice").await,
        "\"computer\" is not an appropriate list name or you have insufficient rights.\n"
    );
    assert_eq!(
        boss.command("+computer NewBot").await,
        "[NewBot] added to the computer list.\n"
    );
    assert_eq!(
        newbot.next_message().await,
        "\nYou have been added to the computer list by Boss.\n"
    );
    assert_eq!(
        boss.command("+comp newbot").await,
        "[NewBot] is already on the computer list.\n"
    );
    assert_eq!(
        alice.command("=computer").await,
        "-- computer list: 2 names --\nNewBot  OldBot\n"
    );
    // The title is there at once, for others and for the player himself.
    let who = alice.command("who").await;
    assert!(who.contains("NewBot(C)"), "{who}");
    let me = newbot.command("finger").await;
    assert!(me.starts_with("Finger of NewBot(C):"), "{me}");
    assert!(me.contains("NewBot is a computer."), "{me}");
    // Offline accounts and unknown names.
    assert_eq!(
        boss.command("-computer OldBot").await,
        "[OldBot] removed from the computer list.\n"
    );
    assert_eq!(
        boss.command("-computer OldBot").await,
        "[OldBot] is not in the computer list.\n"
    );
    assert_eq!(
        boss.command("+computer Nobody").await,
        "There is no player matching the name Nobody.\n"
    );
    let mut guest = server.named("Visitor").await;
    assert_eq!(
        boss.command("+computer Visitor").await,
        "Visitor is not a registered player; only registered accounts can be computers.\n"
    );
    guest.send("quit").await;
    guest.expect_closed().await;
    assert_eq!(
        boss.command("-computer NewBot").await,
        "[NewBot] removed from the computer list.\n"
    );
    assert_eq!(
        newbot.next_message().await,
        "\nYou have been removed from the computer list by Boss.\n"
    );
    assert!(!alice.command("who").await.contains("(C)"));
    // The flag is in the database: it holds at the next login.
    drop(newbot);
    assert_eq!(
        boss.command("+computer NewBot").await,
        "[NewBot] added to the computer list.\n"
    );
    let again = server.user("NewBot", "pw").await;
    drop(again);
    let help = alice.command("help computer").await;
    assert!(help.starts_with("computer accounts\n"), "{help}");
    // `c` is now ambiguous between three lists.
    assert_eq!(
        alice.command("=c").await,
        "Ambiguous list \"c\". Matches: channel censor computer\n"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn computers_send_a_few_challenges_a_minute_and_answers_are_free() {
    let server = TestServer::start_with(|c| c.computers.challenges_per_minute = 2).await;
    let mut robo = user(&server, "Robo", COMPUTER).await;
    let mut alice = user(&server, "Alice", Titles::default()).await;
    let mut bob = user(&server, "Bob", Titles::default()).await;
    assert!(
        robo.command("match Alice 3 0 u")
            .await
            .starts_with("Issuing:")
    );
    // Updating the same offer is a new challenge too.
    assert!(robo.command("match Alice 4 0 u").await.contains("Issuing:"));
    assert_eq!(
        robo.command("match Bob 3 0 u").await,
        "Sorry, computer accounts may send at most 2 challenges a minute.\n"
    );
    // An answer to a challenge is not unsolicited: Bob challenges, Robo
    // proposes other terms.
    bob.command("match Robo 1 0 u").await;
    robo.next_message().await;
    let counter = robo.command("match Bob 2 0 u").await;
    assert!(
        counter.starts_with("Declining offer from Bob and offering new match parameters.\n"),
        "{counter}"
    );
    assert!(counter.contains("Issuing: Robo"), "{counter}");
    // Humans are not limited; seeks are not limited.
    alice.drain(Duration::from_millis(300)).await;
    for t in 1..=3 {
        let issued = alice.command(&format!("match Bob {t} 0 u")).await;
        assert!(issued.contains("Issuing:"), "{issued}");
    }
    for t in 1..=3 {
        assert!(
            robo.command(&format!("seek {t} 1 u"))
                .await
                .contains("has been posted")
        );
    }
    // No challenges at all.
    let strict = TestServer::start_with(|c| c.computers.challenges_per_minute = 0).await;
    let mut robo = user(&strict, "Robo", COMPUTER).await;
    let _alice = user(&strict, "Alice", Titles::default()).await;
    assert_eq!(
        robo.command("match Alice 3 0 u").await,
        "Sorry, computer accounts may not send challenges here; post a seek instead.\n"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rated_games_with_computers_follow_the_configuration() {
    let server = TestServer::start_with(|c| {
        c.computers.rated_vs_humans = false;
        c.computers.rated_vs_computers = true;
    })
    .await;
    let mut robo = user(&server, "Robo", COMPUTER).await;
    let mut tin = user(&server, "Tin", COMPUTER).await;
    let mut alice = user(&server, "Alice", Titles::default()).await;
    let refusal = "Sorry, computer accounts may not play rated games against humans here.\n";
    assert_eq!(alice.command("match Robo 3 0 rated").await, refusal);
    assert_eq!(robo.command("match Alice 3 0 rated").await, refusal);
    assert!(
        alice
            .command("match Robo 3 0 unrated")
            .await
            .starts_with("Issuing:")
    );
    robo.next_message().await;
    alice.command("withdraw").await;
    robo.next_message().await;
    // Rated between computers is allowed.
    assert!(
        robo.command("match Tin 3 0 rated")
            .await
            .starts_with("Issuing:")
    );
    tin.next_message().await;
    robo.command("withdraw").await;
    tin.next_message().await;
    // A computer's rated seek is not shown to humans, nor playable by them.
    alice.command("set seek 1").await;
    let posted = robo.command("seek 3 0 rated").await;
    assert!(
        posted.contains("(1 player(s) saw the seek.)"),
        "only Tin: {posted}"
    );
    tin.next_message().await;
    assert_eq!(alice.command("sought").await, "0 ads displayed.\n");
    assert_eq!(alice.command("play 1").await, refusal);
    // Computers may not play at all.
    let closed = TestServer::start_with(|c| c.computers.max_games = 0).await;
    let mut robo = user(&closed, "Robo", COMPUTER).await;
    let mut alice = user(&closed, "Alice", Titles::default()).await;
    let none = "Sorry, computer accounts may not play games here.\n";
    assert_eq!(robo.command("seek 3 0").await, none);
    assert_eq!(alice.command("match Robo 3 0").await, none);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_computer_formula_variable_lets_people_refuse_or_seek_bots() {
    let server = TestServer::start().await;
    let mut robo = user(&server, "Robo", COMPUTER).await;
    let mut alice = user(&server, "Alice", Titles::default()).await;
    let mut bob = user(&server, "Bob", Titles::default()).await;
    assert_eq!(
        alice.command("set formula !computer").await,
        "formula set to !computer.\n"
    );
    assert_eq!(
        robo.command("match Alice 3 0 u").await,
        "Match request does not fit formula for Alice:\nAlice's formula: !computer\n"
    );
    assert!(
        bob.command("match Alice 3 0 u")
            .await
            .starts_with("Issuing:")
    );
    alice.next_message().await;
    bob.command("withdraw").await;
    alice.next_message().await;
    // A seek for bots only: Bob sets `computer`, and only Robo sees his `f` seek.
    bob.command("set formula computer").await;
    robo.command("set seek 1").await;
    let posted = bob.command("seek 3 0 u f").await;
    assert!(posted.contains("(1 player(s) saw the seek.)"), "{posted}");
    let ad = robo.next_message().await;
    assert!(
        ad.contains("Bob (----) seeking 3 0 unrated atomic f"),
        "{ad}"
    );
    assert_eq!(alice.command("sought").await, "0 ads displayed.\n");
    assert!(
        alice
            .command("play 1")
            .await
            .starts_with("Match request does not fit formula for Bob:")
    );
    // Bots do not take seeks (docs/protocol.md §7); they challenge, which Bob's
    // formula welcomes.
    assert_eq!(
        robo.command("play 1").await,
        "Sorry, computer accounts may not answer seeks; send a challenge instead.\n"
    );
    assert!(
        robo.command("match Bob 3 0 u")
            .await
            .starts_with("Issuing:")
    );
}
