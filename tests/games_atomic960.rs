//! Atomic960 over telnet, as players meet it: `match NAME 3 0 atomic960
//! [N]`, the game's lines and style-12 boards, castling typed as FICS
//! players type it on both wings, an explosion to end it, a random start,
//! the refusals, and an adjourned game resumed after a restart.

mod durable_common;
mod support;
mod web_common;

use atomicd::account::Titles;
use atomicd::chess::StartPosition;
use durable_common::hear;
use support::{Client, TestServer};

/// Waits for the next `<12>` line; returns its fields (`<12>` is field 0).
async fn board(c: &mut Client) -> Vec<String> {
    c.expect("<12> ").await;
    let rest = c.expect("\n").await;
    c.expect("fics% ").await;
    format!("<12> {}", rest.trim_end())
        .split(' ')
        .map(str::to_string)
        .collect()
}

/// `mover` plays `mv`; both players get the same board, which is returned.
async fn play(mover: &mut Client, other: &mut Client, mv: &str) -> Vec<String> {
    mover.send(mv).await;
    let mine = board(mover).await;
    let theirs = board(other).await;
    // Field 19 is the viewer's relation to the game; the rest is shared.
    assert_eq!(mine[1..=18], theirs[1..=18], "both see the same board");
    assert_eq!(mine[20..=27], theirs[20..=27], "both see the same board");
    mine
}

/// The four castling flags of a style-12 board (White short, long, Black
/// short, long).
fn flags(b: &[String]) -> String {
    b[11..=14].join(" ")
}

/// Alice challenges Bob with `terms` (Alice White); Bob accepts. Returns
/// what each read up to and including the first board's prompt.
async fn start(alice: &mut Client, bob: &mut Client, terms: &str) -> (String, String) {
    let issued = alice.command(&format!("match bob {terms} white")).await;
    assert!(issued.contains("Issuing: "), "{issued}");
    bob.expect("You can \"accept\"").await;
    bob.expect("fics% ").await;
    bob.send("accept").await;
    let b = bob.expect("<12> ").await + &bob.expect("fics% ").await;
    let a = alice.expect("<12> ").await + &alice.expect("fics% ").await;
    (a, b)
}

async fn guests(server: &TestServer) -> (Client, Client) {
    let mut alice = server.named("Alice").await;
    let mut bob = server.named("Bob").await;
    for c in [&mut alice, &mut bob] {
        c.command("set bell 0").await;
        c.command("set style 12").await;
    }
    (alice, bob)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chosen_start_castles_on_both_wings_and_ends_in_an_explosion() {
    let server = TestServer::start().await;
    let (mut alice, mut bob) = guests(&server).await;
    alice.command("iset gameinfo 1").await;
    let issued = alice.command("match bob 3 0 atomic960 74 white").await;
    assert_eq!(
        issued,
        "Issuing: Alice (++++) [white] Bob (++++) unrated atomic960 3 0.\n"
    );
    bob.expect("Challenge: Alice (++++) [white] Bob (++++) unrated atomic960 3 0.")
        .await;
    bob.expect("fics% ").await;
    bob.send("accept").await;
    for (c, g1) in [(&mut alice, true), (&mut bob, false)] {
        let text = c.expect("<12> ").await;
        assert!(
            text.contains(
                "Creating: Alice (++++) Bob (++++) unrated atomic960 3 0\n\r\
                 {Game 1 (Alice vs. Bob) Creating unrated atomic960 match.}\n\r"
            ) || text.contains(
                "Creating: Alice (++++) Bob (++++) unrated atomic960 3 0\n\
                 {Game 1 (Alice vs. Bob) Creating unrated atomic960 match.}\n"
            ),
            "{text}"
        );
        // Only Alice asked for the <g1> line, with its type word.
        assert_eq!(text.contains("<g1> 1 p=0 t=atomic960 r=0 "), g1, "{text}");
        let first = c.expect("\n").await;
        c.expect("fics% ").await;
        // Start position 74: NNRKBBQR, Black the same, all four rights.
        assert!(
            first.starts_with(
                "nnrkbbqr pppppppp -------- -------- -------- -------- PPPPPPPP NNRKBBQR W -1 1 1 1 1 "
            ),
            "{first}"
        );
    }
    // Alice asked for <g1> lines.
    alice.command("iset gameinfo 0").await;
    // White castles long as FICS players type it: the king of d1 and the
    // rook of c1 swap squares.
    let b = play(&mut alice, &mut bob, "O-O-O").await;
    assert_eq!(b[8], "NNKRBBQR");
    assert_eq!(flags(&b), "0 0 1 1");
    assert_eq!((b[27].as_str(), b[29].as_str()), ("o-o-o", "O-O-O"));
    let quiet = [
        "e6", "g4", "Be7", "g5", "d6", "a3", "Bd7", "a4", "f6", "h3", "Qf7", "h4",
    ];
    for (i, mv) in quiet.iter().enumerate() {
        if i % 2 == 0 {
            play(&mut bob, &mut alice, mv).await;
        } else {
            play(&mut alice, &mut bob, mv).await;
        }
    }
    // Black castles short, typed with zeros: the king of d8 goes to g8,
    // the rook of h8 to f8.
    let b = play(&mut bob, &mut alice, "0-0").await;
    assert_eq!(b[1], "nnr--rk-");
    assert_eq!(flags(&b), "0 0 0 0");
    assert_eq!((b[27].as_str(), b[29].as_str()), ("o-o", "O-O"));
    // The move list names the variant as the Creating line did.
    let list = alice.command("moves").await;
    assert!(
        list.contains(
            "\nUnrated atomic960 match, initial time: 3 minutes, increment: 0 seconds.\n"
        ),
        "{list}"
    );
    assert!(
        list.contains("  1.  O-O-O ") && list.contains(" O-O "),
        "{list}"
    );
    play(&mut alice, &mut bob, "gxf6").await;
    play(&mut bob, &mut alice, "a6").await;
    // The queen takes g7: the explosion takes the king of g8 with it.
    alice.send("Qxg7").await;
    for c in [&mut alice, &mut bob] {
        hear(c, "{Game 1 (Alice vs. Bob) Bob's king exploded} 1-0").await;
    }
    let games = alice.command("games").await;
    assert!(!games.contains("Alice"), "{games}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_random_start_is_one_of_the_960_and_the_wrong_asks_are_refused() {
    let server = TestServer::start().await;
    let (mut alice, mut bob) = guests(&server).await;
    assert!(
        alice
            .command("match bob 3 0 atomic960 rated")
            .await
            .contains("Only registered players can play rated games.")
    );
    let fen = alice
        .command("match bob 3 0 atomic960 fen 8/8/8/8/8/8/8/K6k w - - 0 1")
        .await;
    assert!(
        fen.contains("An Atomic960 game starts from one of the 960"),
        "{fen}"
    );
    let (a, b) = start(&mut alice, &mut bob, "3 0 A960").await;
    for text in [&a, &b] {
        assert!(
            text.contains("unrated atomic960 3 0") && text.contains("atomic960 match.}"),
            "{text}"
        );
    }
    let line = b.lines().rfind(|l| l.starts_with("<12> ")).unwrap();
    let f: Vec<&str> = line.split(' ').collect();
    assert_eq!(f[1], f[8].to_lowercase(), "Black mirrors White: {line}");
    assert!(
        StartPosition::all().any(|s| s.letters() == f[8]),
        "a Chess960 first rank: {line}"
    );
    assert_eq!(f[11..=14].join(" "), "1 1 1 1");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_adjourned_atomic960_game_resumes_after_a_restart() {
    let mut server = TestServer::start().await;
    server.add_user("Alice", "pw", Titles::default());
    server.add_user("Bob", "pw", Titles::default());
    let mut a = server.user("Alice", "pw").await;
    let mut b = server.user("Bob", "pw").await;
    for c in [&mut a, &mut b] {
        c.command("set style 12").await;
        c.command("iset nowrap 1").await;
    }
    start(&mut a, &mut b, "3 0 atomic960 74").await;
    // The king onto its own rook, as UCI and chessground send it.
    let after = play(&mut a, &mut b, "d1c1").await;
    assert_eq!(after[29], "O-O-O");
    let after = play(&mut b, &mut a, "e6").await;
    a.command("adjourn").await;
    hear(&mut b, "would like to adjourn").await;
    b.command("adjourn").await;
    hear(&mut a, "Game adjourned by mutual agreement").await;

    server.restart().await;
    let mut a = server.user("Alice", "pw").await;
    let mut b = server.user("Bob", "pw").await;
    for c in [&mut a, &mut b] {
        c.command("set style 12").await;
        c.command("iset nowrap 1").await;
    }
    let issued = a.command("match bob").await;
    assert!(
        issued.contains(
            "Issuing: Alice (----) [white] Bob (----) unrated atomic960 3 0 (adjourned)."
        ),
        "{issued}"
    );
    hear(&mut b, "unrated atomic960 3 0 (adjourned).").await;
    b.send("accept").await;
    for c in [&mut a, &mut b] {
        let text = c.expect("<12> ").await;
        assert!(
            text.contains(
                "Creating: Alice (----) Bob (----) unrated atomic960 3 0 (adjourned)\n\
                 {Game 1 (Alice vs. Bob) Continuing unrated atomic960 match.}"
            ),
            "{text}"
        );
        let resumed: Vec<String> = format!("<12> {}", c.expect("\n").await.trim_end())
            .split(' ')
            .map(str::to_string)
            .collect();
        c.expect("fics% ").await;
        assert_eq!(resumed[1..=14], after[1..=14], "the board as it was left");
    }
    // The game goes on, Black's castling rights kept: ...O-O-O is not
    // possible yet (pieces in the way), but play continues.
    let b12 = play(&mut a, &mut b, "g4").await;
    assert_eq!(b12[8], "NNKRBBQR");
    assert_eq!(flags(&b12), "0 0 1 1");

    // Bob resigns. The stored game's PGN gives its start as X-FEN under
    // [Variant "Atomic"] (docs/atomic960.md), and its castling as O-O-O.
    b.send("resign").await;
    hear(&mut a, "{Game 1 (Alice vs. Bob) Bob resigns} 1-0").await;
    server.flush_store().await;
    let alice = web_common::get(&server, "/api/players/Alice").await.json();
    let id = alice["last_games"][0]["id"].as_i64().unwrap();
    let pgn = web_common::get(&server, &format!("/api/history/{id}.pgn"))
        .await
        .body;
    for tag in [
        "[Variant \"Atomic\"]",
        "[SetUp \"1\"]",
        "[FEN \"nnrkbbqr/pppppppp/8/8/8/8/PPPPPPPP/NNRKBBQR w KQkq - 0 1\"]",
        "unrated atomic960 match",
        "1. O-O-O e6 2. g4",
    ] {
        assert!(pgn.contains(tag), "{tag} in {pgn}");
    }

    // Examined from Alice's history, it replays as Atomic960: all three
    // half-moves read back, from the start with all four rights, the
    // castling stored as the king onto its rook (d1c1) first.
    let history = a.command("history").await;
    let n = history
        .lines()
        .find(|l| l.contains("Bob"))
        .and_then(|l| l.split(':').next())
        .map(|n| n.trim().to_string())
        .unwrap_or_else(|| panic!("no game in {history}"));
    let shown = a.command(&format!("examine alice {n}")).await;
    assert!(shown.contains("It has 3 half-moves"), "{shown}");
    let start = support::style12_fields(&shown);
    assert_eq!(
        (start[8].as_str(), flags(&start)),
        ("NNRKBBQR", "1 1 1 1".to_string())
    );
    let fwd = a.command("forward 1").await;
    let f = support::style12_fields(&fwd);
    assert_eq!((f[8].as_str(), f[29].as_str()), ("NNKRBBQR", "O-O-O"));
    // Its move lists, examined and stored, name the variant.
    for list in [
        a.command("moves").await,
        a.command(&format!("smoves alice {n}")).await,
    ] {
        assert!(list.contains(" atomic960 match, initial time: "), "{list}");
        assert!(list.contains("  1.  O-O-O "), "{list}");
    }
}
