//! Watching and following games: observers, kibitz and whisper, the game
//! list, move lists, interface lines, and the stored record as PGN.

mod support;

use std::process::Command;

use support::{Client, TestServer, style12_fields};

async fn relay(mover: &mut Client, others: &mut [&mut Client], mv: &str) -> Vec<String> {
    mover.play(mv).await;
    let mut seen = Vec::new();
    for o in others.iter_mut() {
        seen.push(o.next_message().await);
    }
    seen
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_observer_sees_every_board_and_the_end() {
    let server = TestServer::start().await;
    let (mut alice, mut bob) = server.game("Alice", "Bob", "3 0", 12).await;
    let mut carol = server.named("Carol").await;
    carol.command("style 12").await;
    let watching = carol.command("observe alice").await;
    assert!(watching.starts_with("You are now observing game 1.\nGame 1: Alice (++++) Bob (++++) unrated atomic 3 0\n\n<12> "), "{watching}");
    assert_eq!(style12_fields(&watching)[19], "0");
    assert_eq!(
        carol.command("observe 1").await,
        "You are already observing game 1.\n"
    );
    assert_eq!(
        alice.command("observe 1").await,
        "You are playing game 1.\n"
    );
    assert_eq!(carol.command("observe 9").await, "There is no such game.\n");
    let seen = relay(&mut alice, &mut [&mut bob, &mut carol], "e4").await;
    assert_eq!(
        style12_fields(&seen[1])[19],
        "0",
        "observers have relation 0"
    );
    assert_eq!(style12_fields(&seen[1])[27], "P/e2-e4");
    let all = bob.command("allobservers").await;
    assert_eq!(all, "Observing 1 [Alice vs. Bob]: Carol(U) (1 user)\n");
    // kibitz reaches players and observers; whisper only observers.
    assert_eq!(
        bob.command("kibitz good luck").await,
        "(kibitzed to 2 players)\n"
    );
    assert_eq!(
        alice.next_message().await,
        "\nBob(U)(++++)[1] kibitzes: good luck\n"
    );
    assert_eq!(
        carol.next_message().await,
        "\nBob(U)(++++)[1] kibitzes: good luck\n"
    );
    assert_eq!(
        bob.command("whisper psst").await,
        "(whispered to 1 player)\n"
    );
    assert_eq!(
        carol.next_message().await,
        "\nBob(U)(++++)[1] whispers: psst\n"
    );
    assert_eq!(
        carol.command("kibitz hi").await,
        "Only registered players may kibitz to others' games.\n"
    );
    let games = carol.command("games").await;
    assert!(
        games.starts_with(
            "  1 ++++ Alice       ++++ Bob        [ xu  3   0]   3:00 -  3:00 (39-39) B:  1\n"
        ),
        "{games}"
    );
    assert!(games.ends_with("\n  1 game displayed.\n"), "{games}");
    bob.command("resign").await;
    alice.next_message().await;
    assert_eq!(
        carol.next_message().await,
        "\n{Game 1 (Alice vs. Bob) Bob resigns} 1-0\n\nRemoving game 1 from observation list.\n"
    );
    assert_eq!(
        carol.command("unobserve").await,
        "You are not observing any games.\n"
    );
    assert_eq!(carol.command("games").await, "\n  0 games displayed.\n");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_lists_with_and_without_the_start_position() {
    let server = TestServer::start().await;
    let (mut alice, mut bob) = server.game("Alice", "Bob", "3 0", 12).await;
    relay(&mut alice, &mut [&mut bob], "e4").await;
    relay(&mut bob, &mut [&mut alice], "e5").await;
    let list = alice.command("moves").await;
    assert!(
        list.starts_with("\nMovelist for game 1:\n\nAlice (++++) vs. Bob (++++) --- "),
        "{list}"
    );
    assert!(
        list.contains("\nUnrated atomic match, initial time: 3 minutes, increment: 0 seconds.\n\n"),
        "{list}"
    );
    assert!(
        list.contains("  1.  e4      (0:00)     e5      (0:00)\n"),
        "{list}"
    );
    assert!(list.ends_with("      {Still in progress} *\n"), "{list}");
    bob.command("iset startpos 1").await;
    bob.command("iset ms 1").await;
    let list = bob.command("moves 1").await;
    let start = list
        .lines()
        .find(|l| l.starts_with("<12> "))
        .expect("start position line");
    assert!(start.starts_with("<12> rnbqkbnr pppppppp -------- -------- -------- -------- PPPPPPPP RNBQKBNR W -1 1 1 1 1 0 1 Alice Bob -4 3 0 39 39 180000 180000 1 none (0:00.000) none"), "{start}");
    assert!(list.contains("(0:00.000)"), "{list}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn interface_lines_for_gui_clients() {
    let server = TestServer::start().await;
    let mut alice = server.named("Alice").await;
    let mut bob = server.named("Bob").await;
    let mut gin = server.named("Gina").await;
    gin.command("set gin 1").await;
    for c in [&mut alice, &mut bob] {
        c.command("set bell 0").await;
        c.command("style 12").await;
        c.command("iset pendinfo 1").await;
        c.command("iset gameinfo 1").await;
    }
    let issued = alice.command("match bob 1 2 white").await;
    assert_eq!(
        issued,
        "Issuing: Alice (++++) [white] Bob (++++) unrated atomic 1 2.\n\n<pt> 1 w=Bob t=match p=Alice (++++) [white] Bob (++++) unrated atomic 1 2\n"
    );
    bob.next_message().await;
    assert_eq!(
        bob.next_message().await,
        "\n<pf> 1 w=Alice t=match p=Alice (++++) [white] Bob (++++) unrated atomic 1 2\n"
    );
    assert_eq!(
        bob.command("accept 1").await,
        "You accept the match offer from Alice.\n\n<pr> 1\n"
    );
    let start = bob.next_message().await;
    let lines: Vec<&str> = start.lines().collect();
    assert_eq!(
        lines[1],
        "Creating: Alice (++++) Bob (++++) unrated atomic 1 2"
    );
    assert_eq!(
        lines[2],
        "{Game 1 (Alice vs. Bob) Creating unrated atomic match.}"
    );
    assert_eq!(
        lines[3],
        "<g1> 1 p=0 t=atomic r=0 u=0,0 it=60,2 i=60,2 pt=0 rt=0,0 ts=0,0 m=2 n=0"
    );
    assert_eq!(lines[4], "");
    assert!(lines[5].starts_with("<12> "));
    let a = format!(
        "{}{}",
        alice.next_message().await,
        alice.next_message().await
    );
    assert!(
        a.contains("<pr> 1") && a.contains("Bob accepts the match offer."),
        "{a}"
    );
    assert_eq!(
        gin.next_message().await,
        "\n{Game 1 (Alice vs. Bob) Creating unrated atomic match.}\n"
    );
    alice.next_message().await;
    // Game offers carry pendinfo lines too; a move declines and removes them.
    relay(&mut alice, &mut [&mut bob], "e4").await;
    relay(&mut bob, &mut [&mut alice], "e5").await;
    assert_eq!(
        bob.command("draw").await,
        "Draw request sent.\n<pt> 2 w=Alice t=draw p=#\n"
    );
    let a = format!(
        "{}{}",
        alice.next_message().await,
        alice.next_message().await
    );
    assert!(
        a.contains("Bob offers you a draw.") && a.contains("<pf> 2 w=Bob t=draw p=#"),
        "{a}"
    );
    let moved = alice.play("Nf3").await;
    assert!(
        moved.starts_with("You decline the draw request from Bob.\n<pr> 2\n"),
        "{moved}"
    );
    alice.command("resign").await;
    gin.expect("{Game 1 (Alice vs. Bob) Alice resigns} 0-1\n")
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn export_pgn_writes_games_python_chess_reads_back() {
    let server = TestServer::start().await;
    let (mut alice, mut bob) = server.game("Alice", "Bob", "3 2", 12).await;
    for (i, mv) in ["Nf3", "a6", "Ng5", "a5", "Nxf7"].iter().enumerate() {
        if i % 2 == 0 {
            relay(&mut alice, &mut [&mut bob], mv).await;
        } else {
            relay(&mut bob, &mut [&mut alice], mv).await;
        }
    }
    server.flush_store().await;
    let out = Command::new(env!("CARGO_BIN_EXE_atomicd"))
        .args([
            "export-pgn",
            "--db",
            server.config.database.to_str().unwrap(),
            "--user",
            "alice",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let pgn = String::from_utf8(out.stdout).unwrap();
    for tag in [
        "[Variant \"Atomic\"]",
        "[White \"Alice\"]",
        "[Black \"Bob\"]",
        "[Result \"1-0\"]",
        "[TimeControl \"180+2\"]",
    ] {
        assert!(pgn.contains(tag), "{tag} in {pgn}");
    }
    assert!(pgn.contains("{Bob's king exploded} 1-0"), "{pgn}");
    let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/pgn_final_fens.py");
    let mut child = Command::new("python3")
        .arg(script)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("python3 runs (scripts/test.sh installs python-chess)");
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(pgn.as_bytes())
        .unwrap();
    let read = String::from_utf8(child.wait_with_output().unwrap().stdout).unwrap();
    // python-chess reaches the position our own rules reached.
    let mut ours = atomicd::chess::AtomicGame::new();
    for mv in ["Nf3", "a6", "Ng5", "a5", "Nxf7"] {
        ours.play_input(mv, atomicd::chess::Lang::En, shakmaty::Role::Queen)
            .unwrap();
    }
    assert_eq!(read.trim(), format!("AtomicBoard {} 5", ours.fen()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn observers_hear_offers_and_their_declines_and_nobody_quits_a_game() {
    let server = TestServer::start().await;
    let (mut alice, mut bob) = server.game("Alice", "Bob", "3 0", 12).await;
    let mut carol = server.named("Carol").await;
    carol.command("observe alice").await;
    assert_eq!(alice.command("draw").await, "Draw request sent.\n");
    assert_eq!(bob.next_message().await, "\nAlice offers you a draw.\n");
    assert_eq!(
        carol.next_message().await,
        "\nGame 1: Alice offers a draw.\n"
    );
    assert_eq!(
        bob.command("decline").await,
        "You decline the draw request from Alice.\n"
    );
    assert_eq!(
        alice.next_message().await,
        "\nBob declines the draw request.\n"
    );
    assert_eq!(
        carol.next_message().await,
        "\nGame 1: Bob declines the draw request.\n"
    );
    // `finger` names the game; `quit` is refused while it goes on.
    assert!(
        carol
            .command("finger bob")
            .await
            .contains("(playing game 1: Alice vs. Bob)\n")
    );
    assert_eq!(
        bob.command("quit").await,
        "You can't quit while you are playing a game.\nType 'resign' to resign the game, or you can request an abort with 'abort'.\n"
    );
    assert!(bob.command("resign").await.contains("Bob resigns} 1-0"));
    bob.send("quit").await;
    assert!(bob.expect_closed().await.starts_with("Logging you out."));
}
