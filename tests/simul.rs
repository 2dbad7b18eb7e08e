//! A simultaneous exhibition over telnet (issue 29), in FICS 1.6.2's
//! manner: one exhibitor and four players, from `simopen` to the end of
//! the last board, the exhibitor walking from board to board.

mod support;

use atomicd::account::Titles;
use support::{Client, TestServer};

/// Player `name` asks `giver` for a board and `giver` takes it: board
/// `board`, game `no`.
async fn join(giver: &mut Client, player: &mut Client, name: &str, board: u32, no: u32) {
    assert_eq!(
        player
            .command_keeping("simmatch Giver", "Simul match")
            .await,
        "Simul match request sent to Giver.\n"
    );
    giver
        .expect(&format!(
            "{name} requests a simul match with you; type \"simmatch {name}\" to take the board."
        ))
        .await;
    let took = giver
        .command_keeping(&format!("simmatch {name}"), "You take")
        .await;
    assert_eq!(
        took,
        format!("You take {name}'s board: board {board}, game {no}.\n")
    );
    player.expect("Giver accepts the simul offer.").await;
    player
        .expect(&format!(
            "You play Black on board {board} of Giver's simul (game {no})."
        ))
        .await;
}

/// Anna and Boris, each given a board of `giver`'s new simul (boards 1
/// and 2, games 1 and 2), everyone's bell off.
async fn simul_of_two(server: &TestServer, giver: &mut Client) -> (Client, Client) {
    let mut anna = server.named("Anna").await;
    let mut boris = server.named("Boris").await;
    for c in [&mut *giver, &mut anna, &mut boris] {
        c.command("set bell 0").await;
    }
    giver.command("simopen").await;
    join(giver, &mut anna, "Anna", 1, 1).await;
    join(giver, &mut boris, "Boris", 2, 2).await;
    (anna, boris)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_exhibitor_plays_four_boards_to_the_end() {
    let server = TestServer::start().await;
    server.add_user("Giver", "givepw", Titles::default());
    server.add_user("Dora", "dorapw", Titles::default());
    let mut giver = server.user("Giver", "givepw").await;
    let mut players = Vec::new();
    for name in ["Anna", "Boris", "Carl"] {
        players.push(server.named(name).await);
    }
    players.push(server.user("Dora", "dorapw").await);
    for c in players.iter_mut().chain([&mut giver]) {
        c.command("set bell 0").await;
    }

    // Nobody asks an exhibitor who is not open.
    assert_eq!(
        players[0].command("simmatch Giver").await,
        "Giver is not taking simul requests.\n"
    );
    assert_eq!(
        giver.command("simopen").await,
        "You now take simul requests (simopen set).\n"
    );
    assert_eq!(
        giver.command("simmatch Giver").await,
        "You can't simmatch yourself!\n"
    );
    for (i, name) in ["Anna", "Boris", "Carl", "Dora"].into_iter().enumerate() {
        let n = i as u32 + 1;
        join(&mut giver, &mut players[i], name, n, n).await;
    }
    assert_eq!(
        giver.command_keeping("simmatch Anna", "You cannot").await,
        "You cannot give a simul and join another one at once.\n"
    );
    assert_eq!(
        players[0]
            .command_keeping("simgames Giver", "Giver is")
            .await,
        "Giver is playing 4 simul boards.\n"
    );
    assert_eq!(
        giver.command_keeping("simgames Anna", "Anna is").await,
        "Anna is not giving a simul.\n"
    );
    let games = players[0].command_keeping("games", "  1 ").await;
    assert!(
        games.contains("Giver") && games.contains("4 games displayed"),
        "{games}"
    );

    // The exhibitor moves on board 1 and walks on to board 2 at once.
    giver
        .command_keeping("e4", "You are now at board 2, against Boris (game 2).")
        .await;
    // Boris cannot pass: the move there is the exhibitor's.
    assert_eq!(
        players[1].command_keeping("simpass", "You can").await,
        "You can only pass when it is your move.\n"
    );
    giver
        .command_keeping("d4", "You are now at board 3, against Carl (game 3).")
        .await;
    giver
        .command_keeping("simprev", "You are now at board 2")
        .await;
    // Now Boris may send the exhibitor on.
    assert_eq!(
        players[1].command_keeping("simpass", "You pass").await,
        "You pass; the simul giver moves on (2 passes left).\n"
    );
    giver.expect("Boris passes.").await;
    players[1]
        .expect("Giver is moving off of your board.")
        .await;
    giver
        .expect("You are now at board 3, against Carl (game 3).")
        .await;
    giver
        .command_keeping("simnext", "You are now at board 4, against Dora (game 4).")
        .await;
    giver
        .command_keeping("simnext", "You are now at board 1, against Anna (game 1).")
        .await;
    assert_eq!(
        giver.command_keeping("gonum 9", "Game 9").await,
        "Game 9 is not one of your simul boards.\n"
    );
    assert_eq!(
        giver.command_keeping("goboard Zed", "You have").await,
        "You have no simul board against \"Zed\".\n"
    );

    // Board 1: Anna resigns; the exhibitor walks on to Boris's board.
    players[0].send("resign").await;
    giver
        .expect("{Game 1 (Giver vs. Anna) Anna resigns} 1-0")
        .await;
    giver
        .expect("You are now at board 1, against Boris (game 2).")
        .await;
    // Board 3: Carl offers a draw while the exhibitor stands at Boris's
    // board; the answer goes to the board of the one who asked.
    players[2].send("draw").await;
    giver.expect("Carl offers you a draw.").await;
    let drawn = giver.command_keeping("accept", "You accept").await;
    assert!(
        drawn.starts_with("You accept the draw request from Carl."),
        "{drawn}"
    );
    assert!(
        drawn.contains("You are now at board 2, against Carl (game 3)."),
        "{drawn}"
    );
    assert!(
        drawn.contains("{Game 3 (Giver vs. Carl) Game drawn by mutual agreement} 1/2-1/2"),
        "{drawn}"
    );
    giver
        .expect("You are now at board 2, against Dora (game 4).")
        .await;
    // Board 2: the exhibitor goes there by name and aborts it.
    giver
        .command_keeping(
            "goboard bor",
            "You are now at board 1, against Boris (game 2).",
        )
        .await;
    let aborted = giver.command_keeping("simabort", "{Game 2").await;
    assert!(
        aborted.contains("{Game 2 (Giver vs. Boris) Game aborted by the simul giver} *"),
        "{aborted}"
    );
    players[1]
        .expect("{Game 2 (Giver vs. Boris) Game aborted by the simul giver} *")
        .await;
    // Board 4, between registered players: adjourned, to resume later.
    giver
        .expect("You are now at board 1, against Dora (game 4).")
        .await;
    assert_eq!(
        giver.command_keeping("simgames", "Giver is").await,
        "Giver is playing one simul board.\n"
    );
    let adjourned = giver.command_keeping("simalladjourn", "{Game 4").await;
    assert!(
        adjourned.contains("{Game 4 (Giver vs. Dora) Game adjourned by the simul giver} *"),
        "{adjourned}"
    );
    players[3]
        .expect("{Game 4 (Giver vs. Dora) Game adjourned by the simul giver} *")
        .await;
    giver
        .expect("Your simul is over: every board has finished.")
        .await;
    assert_eq!(
        giver.command_keeping("simnext", "You are").await,
        "You are not giving a simul.\n"
    );
    let stored = players[3].command_keeping("stored", "Stored games").await;
    assert!(stored.contains("Giver"), "{stored}");
    assert_eq!(
        giver.command_keeping("simopen", "You no").await,
        "You no longer take simul requests (simopen unset).\n"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn simallabort_ends_every_board_and_a_gone_exhibitor_finds_every_board_on_return() {
    let server = TestServer::start().await;
    let mut giver = server.named("Giver").await;
    let (mut anna, mut boris) = simul_of_two(&server, &mut giver).await;
    giver
        .command_keeping("e4", "You are now at board 2, against Boris (game 2).")
        .await;
    assert_eq!(
        anna.command_keeping("simpass", "The simul").await,
        "The simul giver is not at your board.\n"
    );
    let ended = giver
        .command_keeping("simallabort", "{Game 1 (Giver vs. Anna) Game aborted")
        .await;
    assert!(
        ended.contains("{Game 1 (Giver vs. Anna) Game aborted by the simul giver} *"),
        "{ended}"
    );
    assert!(
        ended.contains("{Game 2 (Giver vs. Boris) Game aborted by the simul giver} *"),
        "{ended}"
    );
    anna.expect("{Game 1 (Giver vs. Anna) Game aborted").await;
    boris.expect("{Game 2 (Giver vs. Boris) Game aborted").await;
    assert_eq!(
        anna.command_keeping("simpass", "You are").await,
        "You are not playing a game.\n"
    );
    // A new simul; the exhibitor hangs up: no board is left behind.
    join(&mut giver, &mut anna, "Anna", 1, 1).await;
    join(&mut giver, &mut boris, "Boris", 2, 2).await;
    giver.hang_up().await;
    anna.expect("Game 1: Giver has lost connection.").await;
    boris.expect("Game 2: Giver has lost connection.").await;
    // Back under the same name (a browser's reload): seated at both boards
    // again, the simul goes on where it stood, at board 1.
    let mut giver = server.named("Giver").await;
    anna.expect("Game 1: Giver has reconnected; the game goes on.")
        .await;
    boris
        .expect("Game 2: Giver has reconnected; the game goes on.")
        .await;
    giver
        .expect("You are now at board 1, against Anna (game 1).")
        .await;
    giver.command("set bell 0").await;
    assert_eq!(
        anna.command_keeping("simgames Giver", "Giver is").await,
        "Giver is playing 2 simul boards.\n"
    );
    giver
        .command_keeping("e4", "You are now at board 2, against Boris (game 2).")
        .await;
    anna.expect("White Moves : 'e4").await;
    giver
        .command_keeping("d4", "You are now at board 1, against Anna (game 1).")
        .await;
    boris.expect("White Moves : 'd4").await;
    let ended = giver
        .command_keeping("simallabort", "{Game 1 (Giver vs. Anna) Game aborted")
        .await;
    assert!(
        ended.contains("{Game 2 (Giver vs. Boris) Game aborted"),
        "{ended}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_exhibitor_logging_in_again_elsewhere_takes_the_simul_along() {
    let server = TestServer::start().await;
    server.add_user("Giver", "givepw", Titles::default());
    let mut giver = server.user("Giver", "givepw").await;
    let (mut anna, _boris) = simul_of_two(&server, &mut giver).await;
    // The same account logs in on another connection: this one takes
    // the place of the first, simul and all.
    let mut again = server.user("Giver", "givepw").await;
    again
        .expect("You are now at board 1, against Anna (game 1).")
        .await;
    again.command("set bell 0").await;
    assert_eq!(
        anna.command_keeping("simgames Giver", "Giver is").await,
        "Giver is playing 2 simul boards.\n"
    );
    again
        .command_keeping("e4", "You are now at board 2, against Boris (game 2).")
        .await;
    anna.expect("White Moves : 'e4").await;
    drop(giver);
}
