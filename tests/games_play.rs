//! Playing atomic games over TCP: challenges, the game start lines, moves in
//! every form, boards per viewer (golden files), clocks, and the record.

mod chess_common;
mod support;

use support::{STYLE12_REGEX, TestServer, style12_fields};

fn golden(name: &str) -> String {
    chess_common::data_text(&format!("golden/{name}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn challenge_and_game_start_lines_are_what_clients_parse() {
    let server = TestServer::start().await;
    let mut alice = server.named("Alice").await;
    let mut bob = server.named("Bob").await;
    for c in [&mut alice, &mut bob] {
        c.command("set bell 0").await;
        c.command("style 12").await;
    }
    assert_eq!(
        alice.command("match bob 2 12").await,
        "Issuing: Alice (++++) Bob (++++) unrated atomic 2 12.\n"
    );
    assert_eq!(
        bob.next_message().await,
        "\nChallenge: Alice (++++) Bob (++++) unrated atomic 2 12.\n\
         You can \"accept\" or \"decline\", or propose different parameters.\n"
    );
    assert_eq!(
        bob.command("accept").await,
        "You accept the match offer from Alice.\n"
    );
    let start = bob.expect_bytes(b"fics% ").await;
    // The random colour decides who is White; PyChess reads these four lines as one group.
    let s = String::from_utf8(start).unwrap();
    let (white, black) = if s.contains("Creating: Alice") {
        ("Alice", "Bob")
    } else {
        ("Bob", "Alice")
    };
    let relation = if black == "Bob" { -1 } else { 1 };
    let flip = u8::from(black == "Bob");
    assert_eq!(
        s,
        format!(
            "\n\rCreating: {white} (++++) {black} (++++) unrated atomic 2 12\n\r\
             {{Game 1 ({white} vs. {black}) Creating unrated atomic match.}}\n\r\n\r\
             <12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 1 {white} {black} {relation} 2 12 39 39 120 120 1 none (0:00) none {flip} 0 0\n\rfics% "
        )
    );
    let a = alice.expect("fics% ").await;
    assert_eq!(a, "\nBob accepts the match offer.\nfics% ");
    let a = alice.next_message().await;
    assert!(
        a.starts_with(&format!(
            "\nCreating: {white} (++++) {black} (++++) unrated atomic 2 12\n{{Game 1"
        )),
        "{a}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_seed_game_matches_the_golden_boards_in_english_and_french() {
    let server = TestServer::start().await;
    let (mut alice, mut bob) = server.game("Alice", "Bob", "0 0", 1).await;
    let moves = ["d4", "d5", "Nc3", "Nc6", "Nf3", "Nf6", "Ne5", "g6"];
    let mut last = String::new();
    for (i, mv) in moves.iter().enumerate() {
        let (mover, other) = if i % 2 == 0 {
            (&mut alice, &mut bob)
        } else {
            (&mut bob, &mut alice)
        };
        mover.play(mv).await;
        last = other.next_message().await;
    }
    // Alice receives Bob's 4...g6: the first golden board, after the delivery newline.
    assert_eq!(last, format!("\n{}", golden("seed-board-1.en.txt")));
    let mine = alice.play("Nxd5").await;
    assert_eq!(mine, format!("\n{}", golden("seed-board-2.en.txt")));
    // Bob sees it from Black's side; the golden black board is from a timed
    // game (3:02, 2:58, 2.3 s), this one is untimed.
    let theirs = bob.next_message().await;
    let black = golden("seed-board-2.en.black.txt")
        .replace("3:02", "0:00")
        .replace("2:58", "0:00")
        .replace("(0:02)", "(0:00)");
    assert_eq!(theirs, format!("\n{black}"));

    // The same game typed in French by a French player.
    let (mut alain, mut bruno) = server.game("Alain", "Bruno", "0 0", 1).await;
    alain.command("set lang fr").await;
    let moves = ["d4", "d5", "Cc3", "Nc6", "Cf3", "Nf6", "Ce5", "g6"];
    for (i, mv) in moves.iter().enumerate() {
        let (mover, other) = if i % 2 == 0 {
            (&mut alain, &mut bruno)
        } else {
            (&mut bruno, &mut alain)
        };
        let reply = mover.play(mv).await;
        assert!(!reply.contains("Illegal"), "{mv}: {reply}");
        last = other.next_message().await;
    }
    let fr1 =
        golden("seed-board-1.fr.txt").replace("Game 1 (Alice vs. Bob)", "Game 2 (Alain vs. Bruno)");
    assert_eq!(last, format!("\n{fr1}"));
    let fr2 =
        golden("seed-board-2.fr.txt").replace("Game 1 (Alice vs. Bob)", "Game 2 (Alain vs. Bruno)");
    assert_eq!(alain.play("Cxd5").await, format!("\n{fr2}"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn move_errors_and_the_board_sent_again() {
    let server = TestServer::start().await;
    let (mut alice, mut bob) = server.game("Alice", "Bob", "0 0", 12).await;
    let reply = alice.play("e2e5").await;
    assert!(
        reply.starts_with("Illegal move (e2e5).\n\n<12> rnbqkbnr pppppppp"),
        "{reply}"
    );
    assert_eq!(bob.play("e7e5").await, "It is not your move.\n");
    // Not a move at all, and not a command: for a player it is still refused as a command.
    assert_eq!(alice.command("zz9").await, "zz9: Command not found.\n");
    for (mover, mv) in [("a", "e3"), ("b", "a6"), ("a", "Ne2"), ("b", "a5")] {
        let c = if mover == "a" { &mut alice } else { &mut bob };
        let r = c.play(mv).await;
        assert!(r.contains("<12> "), "{mv}: {r}");
        let o = if mover == "a" { &mut bob } else { &mut alice };
        o.next_message().await;
    }
    // Both knights (b1 and e2) reach c3.
    let reply = alice.play("Nc3").await;
    assert!(reply.starts_with("Ambiguous move (Nc3).\n"), "{reply}");
    assert!(alice.play("Nbc3").await.contains("N/b1-c3"));
    bob.next_message().await;
    // A user who plays no game is told so when typing a move.
    let mut carol = server.named("Carol").await;
    assert_eq!(
        carol.command("e4").await,
        "You are not playing or examining a game.\n"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn coordinates_castling_forms_and_style12_fields() {
    let server = TestServer::start().await;
    let (mut alice, mut bob) = server.game("Alice", "Bob", "2 12", 12).await;
    alice.command("iset ms 1").await;
    let re = regex::Regex::new(STYLE12_REGEX).unwrap();
    let plies = [
        ("g1-f3", "N/g1-f3"),
        ("g8f6", "N/g8-f6"),
        ("g3", "P/g2-g3"),
        ("g6", "P/g7-g6"),
        ("Bg2", "B/f1-g2"),
        ("Bg7", "B/f8-g7"),
        ("e1g1", "o-o"),
        ("O-O", "o-o"),
    ];
    for (i, (mv, verbose)) in plies.iter().enumerate() {
        let (mover, other) = if i % 2 == 0 {
            (&mut alice, &mut bob)
        } else {
            (&mut bob, &mut alice)
        };
        let mine = mover.play(mv).await;
        let theirs = other.next_message().await;
        for text in [&mine, &theirs] {
            let line = text.lines().find(|l| l.starts_with("<12> ")).unwrap();
            assert!(re.is_match(line), "{line}");
            assert_eq!(style12_fields(text)[27], *verbose, "{line}");
        }
    }
    let f = style12_fields(&alice.command("refresh").await);
    assert_eq!(f[8], "RNBQ-RK-", "white castled short");
    assert_eq!(f[1], "rnbq-rk-", "black castled short");
    assert_eq!(
        (
            f[11].as_str(),
            f[12].as_str(),
            f[13].as_str(),
            f[14].as_str()
        ),
        ("0", "0", "0", "0")
    );
    // Alice has ms on: clocks in ms and move times with a dot; Bob has not.
    assert!(f[28].contains('.'), "{f:?}");
    let b = style12_fields(&bob.command("refresh").await);
    assert!(!b[28].contains('.'), "{b:?}");
    assert_eq!(b[19], "-1", "Bob plays Black and White is to move");
    assert_eq!(b[30], "1", "Black sees Black at the bottom");
    assert_eq!(b[31], "1", "the clock runs after both have moved");
    let t = bob.command("time").await;
    assert!(
        t.starts_with("White (Alice) : ") && t.contains("Black (Bob) : "),
        "{t}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_move_is_in_the_database_when_it_is_relayed() {
    let server = TestServer::start().await;
    let (mut alice, mut bob) = server.game("Alice", "Bob", "5 0", 12).await;
    for (i, mv) in ["e4", "e5", "Nf3"].iter().enumerate() {
        let (mover, other) = if i % 2 == 0 {
            (&mut alice, &mut bob)
        } else {
            (&mut bob, &mut alice)
        };
        mover.play(mv).await;
        other.next_message().await;
    }
    server.flush_store().await;
    let conn = atomicd::store::open_connection(&server.config.database).unwrap();
    let games = atomicd::store::games::moves(&conn, 1).unwrap();
    let sans: Vec<&str> = games.iter().map(|m| m.san.as_str()).collect();
    assert_eq!(sans, ["e4", "e5", "Nf3"]);
    assert_eq!(games[2].uci, "g1f3");
    assert!(
        games
            .iter()
            .all(|m| m.white_ms <= 300_000 && m.black_ms <= 300_000)
    );
    let row = atomicd::store::games::get(&conn, 1).unwrap().unwrap();
    assert_eq!(
        (row.white.as_str(), row.black.as_str(), row.status.as_str()),
        ("Alice", "Bob", "live")
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn challenges_are_updated_intercepted_declined_and_withdrawn() {
    let server = TestServer::start().await;
    let mut alice = server.named("Alice").await;
    let mut bob = server.named("Bob").await;
    assert_eq!(
        alice.command("match alice").await,
        "You can't match yourself.\n"
    );
    assert_eq!(
        alice.command("match nobody").await,
        "No user named \"nobody\" is logged in.\n"
    );
    assert_eq!(
        alice.command("match bob 3 0 r").await,
        "Only registered players can play rated games.\n"
    );
    assert_eq!(
        alice.command("match bob 3 0 crazyhouse").await,
        "Only atomic chess is played here; \"crazyhouse\" is not available.\n"
    );
    alice.command("match bob 3 0").await;
    bob.next_message().await;
    let updated = alice.command("match bob 5 0 black").await;
    assert_eq!(
        updated,
        "Updating offer already made to \"Bob\".\nIssuing: Alice (++++) [black] Bob (++++) unrated atomic 5 0.\n"
    );
    assert_eq!(
        bob.next_message().await,
        "\nAlice updates the match request.\n"
    );
    bob.next_message().await;
    // The line is longer than 79 columns: it comes wrapped, FICS style.
    let pending = bob.command("pending").await.replace("\n\\   ", "");
    assert!(
        pending.contains(
            "Alice is offering a challenge: Alice (++++) [black] Bob (++++) unrated atomic 5 0."
        ),
        "{pending}"
    );
    assert_eq!(
        alice.command("withdraw").await,
        "You withdraw the match offer to Bob.\n"
    );
    assert_eq!(
        bob.next_message().await,
        "\nAlice withdraws the match offer.\n"
    );
    alice.command("match bob 1 0").await;
    bob.next_message().await;
    assert_eq!(
        bob.command("decline").await,
        "You decline the match offer from Alice.\n"
    );
    assert_eq!(
        alice.next_message().await,
        "\nBob declines the match offer.\n"
    );
    assert_eq!(
        bob.command("accept").await,
        "You have no offers to accept.\n"
    );
    // Bob answers Alice's challenge with the same terms: the game starts.
    alice.command("match bob 1 0").await;
    bob.next_message().await;
    let reply = bob.command("match alice 1 0").await;
    assert!(
        reply.starts_with("Your challenge intercepts Alice's challenge.\n"),
        "{reply}"
    );
    assert!(bob.next_message().await.contains("Creating: "));
    assert_eq!(
        alice.next_message().await,
        "\nBob accepts the match offer.\n"
    );
    assert!(alice.next_message().await.contains("{Game 1 "));
    assert_eq!(
        alice.command("match bob").await,
        "You can't challenge while you are playing a game.\n"
    );
    let mut carol = server.named("Carol").await;
    assert_eq!(carol.command("match bob").await, "Bob is playing a game.\n");
    carol.command("set open 0").await;
    let mut dave = server.named("Dave").await;
    assert_eq!(
        dave.command("match carol").await,
        "Player \"Carol\" is not open to match requests.\n"
    );
    // Censor and noplay lists refuse challenges too.
    let mut erin = server.named("Erin").await;
    erin.command("+noplay dave").await;
    assert_eq!(
        dave.command("match erin").await,
        "You are on Erin's noplay list.\n"
    );
    erin.command("-noplay dave").await;
    erin.command("+censor dave").await;
    assert_eq!(dave.command("match erin").await, "Erin is censoring you.\n");
}
