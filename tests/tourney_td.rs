//! The hooks a TD program (mamer style) drives: pinform, ginform,
//! tournset, rmatch, getgi, getpi, and the mamer suffix of end lines.

mod support;
mod tourney_common;

use atomicd::account::Titles;
use tourney_common::{ask, login, server};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_td_bot_matches_two_players_and_reads_the_result() {
    let server = server(30.0).await;
    server.add_user(
        "Mamer",
        "pw",
        Titles {
            td: true,
            computer: true,
            ..Titles::default()
        },
    );
    server.add_user("Alice", "pw", Titles::default());
    server.add_user("Bob", "pw", Titles::default());
    let mut td = login(&server, "Mamer").await;
    // What mamer sends after logging in; each line may fail harmlessly.
    for line in [
        "set prompt fics%",
        "set pinform 1",
        "set ginform 1",
        "set shout 0",
        "set seek 0",
        "set open 0",
    ] {
        td.command(line).await;
    }
    let mut alice = login(&server, "Alice").await;
    td.expect("[Alice (R: 127.0.0.1) has connected.]\n").await;
    let mut bob = login(&server, "Bob").await;
    td.expect("[Bob (R: 127.0.0.1) has connected.]\n").await;

    let r = ask(&mut td, "tournset Alice 1").await;
    assert!(r.contains("Alice's tourney variable is now 1."), "{r}");
    alice.expect("Your tournament variable is now set.\n").await;
    ask(&mut td, "tournset Bob 1").await;
    let who = ask(&mut alice, "who").await;
    assert!(who.contains("&Alice") || who.contains("&Bob"), "{who}");
    let vars = ask(&mut alice, "variables").await;
    assert!(vars.contains("tourney=1"), "{vars}");

    // Two rmatch joined by ` ; `, as mamer sends them.
    let r = ask(
        &mut td,
        "rmatch Alice Bob 3 0 u atomic white ; rmatch Bob Alice 3 0 u atomic black",
    )
    .await;
    assert!(!r.contains("playing a game"), "{r}");
    td.expect("{Game 1 (Alice vs. Bob) Creating unrated atomic match.}\n")
        .await;
    let start = alice.expect("Creating: ").await;
    let _ = start;
    let line = alice.expect("\n").await;
    assert!(line.starts_with("Alice ("), "{line}");
    bob.expect("Creating: Alice (").await;

    let gi = ask(&mut td, "getgi Alice").await;
    assert!(gi.contains("*getgi Alice Alice Bob 1 1800 0 0 0*"), "{gi}");
    let pi = ask(&mut td, "getpi Bob").await;
    assert!(pi.contains("*getpi Bob 0 0 0 0 0 0*"), "{pi}");

    ask(&mut bob, "resign").await;
    td.expect("{Game 1 (Alice vs. Bob) Bob resigns} 1-0 [3 0 0 0 4]\n")
        .await;
    alice
        .expect("{Game 1 (Alice vs. Bob) Bob resigns} 1-0 [3 0 0 0 4]\n")
        .await;
    let gi = ask(&mut td, "getgi Alice").await;
    assert!(gi.contains("Alice is not playing a game."), "{gi}");

    // Without the variable on both sides, no suffix.
    ask(&mut td, "tournset Bob 0").await;
    ask(&mut td, "rmatch Bob Alice 1 0 u atomic white").await;
    bob.expect("Creating: Bob (").await;
    ask(&mut alice, "resign").await;
    td.expect("{Game 1 (Bob vs. Alice) Alice resigns} 1-0\n")
        .await;

    // The TD commands do not exist for others; rmatch refuses busy or absent players.
    let r = ask(&mut alice, "rmatch Alice Bob 1 0 u").await;
    assert!(r.contains("rmatch: Command not found."), "{r}");
    let r = ask(&mut alice, "getpi Bob").await;
    assert!(r.contains("getpi: Command not found."), "{r}");
    let r = ask(&mut td, "rmatch Alice Nobody 1 0 u").await;
    assert!(r.contains("No user named \"Nobody\" is logged in."), "{r}");
    let r = ask(&mut alice, "tourney create X swiss 1 0").await;
    assert!(
        r.contains("Only tournament directors and admins can create tourneys."),
        "{r}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_absent_player_forfeits_and_is_withdrawn_after_two() {
    let server = server(0.5).await;
    server.add_user(
        "Boss",
        "pw",
        Titles {
            td: true,
            ..Titles::default()
        },
    );
    for n in ["Ann", "Ben", "Cid"] {
        server.add_user(n, "pw", Titles::default());
    }
    let mut boss = login(&server, "Boss").await;
    let mut ann = login(&server, "Ann").await;
    let mut ben = login(&server, "Ben").await;
    let mut cid = login(&server, "Cid").await;
    ask(&mut boss, "tourney create Lone rr 1 0").await;
    for c in [&mut ann, &mut ben, &mut cid] {
        ask(c, "tourney join 1").await;
    }
    // Cid leaves the server: every game of his is forfeited.
    drop(cid);
    ask(&mut boss, "+channel 49").await;
    ask(&mut boss, "tourney start 1").await;
    // Ann and Ben play their game (Black resigns) and the event ends.
    let mut players = vec![("Ann".to_string(), ann), ("Ben".to_string(), ben)];
    tourney_common::play_until(&mut players, "Tourney #1 \"Lone\" is over.", None).await;
    let heard = boss.drain(std::time::Duration::from_millis(200)).await;
    assert!(
        heard.contains("Tourney #1: Cid absent; forfeit."),
        "{heard}"
    );
    assert!(
        heard.contains("Tourney #1: Cid is withdrawn after two forfeits."),
        "{heard}"
    );
    let table = ask(&mut boss, "tourney standings 1").await;
    let pts = tourney_common::points(&table);
    let cid_pts = pts.iter().find(|(n, _)| n == "Cid").map(|(_, p)| *p);
    assert_eq!(cid_pts, Some(0.0), "{table}");
    let cross = ask(&mut boss, "tourney crosstable 1").await;
    assert!(
        cross.contains('+') || cross.contains("-:+") || cross.contains("+:-"),
        "{cross}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_forfeited_after_an_adjournment_moves_both_ratings() {
    let server = server(0.5).await;
    let (mut boss, mut players) = tourney_common::field(&server, &["Ann", "Ben"]).await;
    ask(&mut boss, "tourney create Duel rr 1 0 rated").await;
    tourney_common::join_all(&mut players, 1).await;
    ask(&mut boss, "tourney start 1").await;
    let (_, mut ben) = players.pop().unwrap();
    let (_, mut ann) = players.pop().unwrap();
    let line = ann.expect("\n").await;
    let line = if line.starts_with("Creating: ") {
        line
    } else {
        ann.expect("Creating: ").await;
        format!("Creating: {}", ann.expect("\n").await)
    };
    let (white, _) = tourney_common::creating(&line).unwrap_or_else(|| panic!("{line}"));
    ben.expect("Creating: ").await;
    let (mut w, mut b) = if white == "Ann" {
        (ann, ben)
    } else {
        (ben, ann)
    };
    w.drain(std::time::Duration::from_millis(100)).await;
    b.drain(std::time::Duration::from_millis(100)).await;
    w.send("e4").await;
    b.expect("Moves : 'e4").await;
    b.send("e5").await;
    w.expect("Moves : 'e5").await;
    let (mut ann, ben) = if white == "Ann" { (w, b) } else { (b, w) };
    // Ben's connection drops: the game is adjourned, and after the
    // director's wait Ben forfeits it; it counts for both ratings.
    drop(ben);
    let result = if white == "Ann" { "1-0" } else { "0-1" };
    let told = ann
        .expect(&format!(
            "Your adjourned game with Ben: Ben forfeits by disconnection {result}\n"
        ))
        .await;
    let adjustment = ann.expect("\n").await;
    assert!(
        adjustment.starts_with("Atomic rating adjustment: 1500 --> "),
        "{told}{adjustment}"
    );
    let finger = ask(&mut ann, "finger Ann").await;
    let row = finger.lines().find(|l| l.starts_with("Atomic")).unwrap();
    let f: Vec<&str> = row.split_whitespace().collect();
    assert!(adjustment.trim_end().ends_with(f[1]), "{adjustment} {row}");
    assert_eq!((f[3], f[4]), ("1", "0"), "{row}");
    let finger = ask(&mut ann, "finger Ben").await;
    let row = finger.lines().find(|l| l.starts_with("Atomic")).unwrap();
    let f: Vec<&str> = row.split_whitespace().collect();
    assert_eq!((f[3], f[4]), ("0", "1"), "{row}");
}
