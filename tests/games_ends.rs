//! Every way a game ends (docs/protocol.md §5.7, docs/protocol.md decision 4), played over TCP.

mod chess_common;
mod support;

use support::{Client, TestServer, style12_fields};

/// Plays `moves` alternately starting with `white`; returns the last reply
/// of the mover and the last message of the other side.
async fn play_line(
    white: &mut Client,
    black: &mut Client,
    moves: &[impl AsRef<str>],
) -> (String, String) {
    let mut last = (String::new(), String::new());
    for (i, mv) in moves.iter().enumerate() {
        let (mover, other) = if i % 2 == 0 {
            (&mut *white, &mut *black)
        } else {
            (&mut *black, &mut *white)
        };
        let mv = mv.as_ref();
        let mine = mover.play(mv).await;
        assert!(
            !mine.contains("Illegal") && !mine.contains("not your move"),
            "{mv}: {mine}"
        );
        let theirs = other.next_message().await;
        last = (mine, theirs);
    }
    last
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_nf3_trap_explodes_the_black_king() {
    let server = TestServer::start().await;
    let (mut alice, mut bob) = server.game("Alice", "Bob", "0 0", 12).await;
    play_line(&mut alice, &mut bob, &["Nf3", "a6", "Ng5", "a5"]).await;
    let mine = alice.play("Nxf7").await;
    // The final board first (the king is gone), then the end line, in the mover's reply.
    let (board, end) = mine.split_once("\n\n{Game").expect("board then end line");
    assert!(
        board.contains("<12> rnbq-bnr") || board.contains("<12> rnbq"),
        "{board}"
    );
    assert_eq!(
        end,
        " 1 (Alice vs. Bob) Bob's king exploded} 1-0\n\nNo ratings adjustment done.\n"
    );
    let theirs = bob.next_message().await;
    assert!(
        theirs.contains("N/g5-f7") && theirs.contains("Nxf7#"),
        "{theirs}"
    );
    assert_eq!(
        bob.next_message().await,
        "\n{Game 1 (Alice vs. Bob) Bob's king exploded} 1-0\n\nNo ratings adjustment done.\n"
    );
    let history = alice.command("history").await;
    assert!(
        history.contains("+ ++++ W ++++ Bob           [ xu  0   0] --- Kex "),
        "{history}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_real_fics_game_replays_to_the_same_checkmate() {
    let server = TestServer::start().await;
    let (mut white, mut black) = server.game("grogers", "siggemannen", "3 0", 12).await;
    let moves = chess_common::read_fics_games(&chess_common::data_text(
        "atomic/fics-atomic-games-2005.pgn",
    ))
    .swap_remove(0)
    .sans;
    assert_eq!(moves.len(), 54, "{moves:?}");
    let (mine, _) = play_line(&mut white, &mut black, &moves[..53]).await;
    assert!(mine.contains("<12> "));
    let last = black.play(&moves[53]).await;
    assert!(last.ends_with("\n{Game 1 (grogers vs. siggemannen) grogers checkmated} 0-1\n\nNo ratings adjustment done.\n"), "{last}");
    white.expect("grogers checkmated} 0-1").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn exploding_the_king_beats_being_in_check() {
    let server = TestServer::start().await;
    let mut alice = server.named("Alice").await;
    let mut bob = server.named("Bob").await;
    for c in [&mut alice, &mut bob] {
        c.command("set bell 0").await;
        c.command("style 12").await;
    }
    alice
        .command("match bob 0 0 white fen 6r1/8/8/8/2B5/7q/p7/1k5K w - - 0 1")
        .await;
    bob.next_message().await;
    bob.command("accept").await;
    bob.next_message().await;
    alice.expect("Creating: ").await;
    alice.expect("fics% ").await;
    // White is in check; the king cannot run, and only Bxa2 is legal.
    assert!(alice.play("Kg1").await.starts_with("Illegal move (Kg1)."));
    assert!(alice.play("Bd5").await.starts_with("Illegal move (Bd5)."));
    let win = alice.play("Bxa2").await;
    assert!(
        win.ends_with(
            "{Game 1 (Alice vs. Bob) Bob's king exploded} 1-0\n\nNo ratings adjustment done.\n"
        ),
        "{win}"
    );
}

async fn fen_game(server: &TestServer, fen: &str, terms: &str) -> (Client, Client) {
    let mut alice = server.named("Alice").await;
    let mut bob = server.named("Bob").await;
    for c in [&mut alice, &mut bob] {
        c.command("set bell 0").await;
        c.command("style 12").await;
    }
    let issued = alice
        .command(&format!("match bob {terms} white fen {fen}"))
        .await;
    assert!(issued.starts_with("Issuing:"), "{issued}");
    bob.next_message().await;
    bob.command("accept").await;
    bob.next_message().await;
    alice.expect("Creating: ").await;
    alice.expect("fics% ").await;
    (alice, bob)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stalemate_and_no_material_end_by_themselves() {
    let server = TestServer::start().await;
    let (mut alice, mut bob) = fen_game(&server, "k7/8/1R6/8/8/8/P7/5K2 w - - 0 1", "0 0").await;
    let end = alice.play("Rb7").await;
    assert!(end.ends_with("{Game 1 (Alice vs. Bob) Game drawn by stalemate} 1/2-1/2\n\nNo ratings adjustment done.\n"), "{end}");
    bob.expect("Game drawn by stalemate} 1/2-1/2").await;
    drop((alice, bob));
    let server = TestServer::start().await;
    let (mut alice, _bob) =
        fen_game(&server, "k7/3bbn2/3rqn2/3qr3/8/7B/8/1K6 w - - 0 1", "0 0").await;
    let end = alice.play("Bxe6").await;
    assert!(end.ends_with("{Game 1 (Alice vs. Bob) Neither player has mating material} 1/2-1/2\n\nNo ratings adjustment done.\n"), "{end}");
    // A decided position cannot start a game.
    let mut carol = server.named("Carol").await;
    let _dave = server.named("Dave").await;
    assert_eq!(
        carol
            .command("match dave 0 0 fen k7/8/8/8/8/8/8/K7 w - - 0 1")
            .await,
        "That position is already decided; there is no game to play.\n"
    );
    assert!(carol.command("match dave 0 0 fen not/a/fen").await.len() > 5);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resignation_agreement_and_aborts() {
    let server = TestServer::start().await;
    let (mut alice, mut bob) = server.game("Alice", "Bob", "0 0", 12).await;
    // Before the second half-move an abort is immediate.
    assert_eq!(
        alice.command("abort").await,
        "\n{Game 1 (Alice vs. Bob) Game aborted on move 1} *\n\nNo ratings adjustment done.\n"
    );
    assert_eq!(
        bob.next_message().await,
        "\n{Game 1 (Alice vs. Bob) Game aborted on move 1} *\n\nNo ratings adjustment done.\n"
    );
    alice.start_game_with(&mut bob, "0 0").await;
    play_line(&mut alice, &mut bob, &["e4", "e5"]).await;
    assert_eq!(alice.command("abort").await, "Abort request sent.\n");
    assert_eq!(
        bob.next_message().await,
        "\nAlice would like to abort the game; type \"abort\" to accept.\n"
    );
    let agreed = bob.command("abort").await;
    assert!(
        agreed.starts_with("You accept the abort request from Alice.\n"),
        "{agreed}"
    );
    assert!(
        agreed.contains("{Game 1 (Alice vs. Bob) Game aborted by mutual agreement} *"),
        "{agreed}"
    );
    assert_eq!(
        alice.next_message().await,
        "\nBob accepts the abort request.\n"
    );
    alice.expect("Game aborted by mutual agreement} *").await;
    alice.expect("fics% ").await;
    // Draw offered, declined by a move, offered again and accepted.
    alice.start_game_with(&mut bob, "0 0").await;
    play_line(&mut alice, &mut bob, &["e4", "e5"]).await;
    assert_eq!(bob.command("draw").await, "Draw request sent.\n");
    assert_eq!(alice.next_message().await, "\nBob offers you a draw.\n");
    let moved = alice.play("Nc3").await;
    assert!(
        moved.starts_with("You decline the draw request from Bob.\n"),
        "{moved}"
    );
    let b = format!("{}{}", bob.next_message().await, bob.next_message().await);
    assert!(
        b.contains("Alice declines the draw request.") && b.contains("<12> "),
        "{b}"
    );
    bob.play("Nf6").await;
    alice.next_message().await;
    assert_eq!(alice.command("draw").await, "Draw request sent.\n");
    bob.next_message().await;
    let drawn = bob.command("accept").await;
    assert!(
        drawn.contains("{Game 1 (Alice vs. Bob) Game drawn by mutual agreement} 1/2-1/2"),
        "{drawn}"
    );
    alice.expect("Bob accepts the draw request.").await;
    alice
        .expect("Game drawn by mutual agreement} 1/2-1/2")
        .await;
    alice.expect("fics% ").await;
    // Resignation.
    alice.start_game_with(&mut bob, "0 0").await;
    assert_eq!(
        bob.command("resign").await,
        "\n{Game 1 (Alice vs. Bob) Bob resigns} 1-0\n\nNo ratings adjustment done.\n"
    );
    assert_eq!(
        alice.next_message().await,
        "\n{Game 1 (Alice vs. Bob) Bob resigns} 1-0\n\nNo ratings adjustment done.\n"
    );
    assert_eq!(bob.command("resign").await, "You are not playing a game.\n");
    let history = alice.command("history").await;
    assert!(
        history.contains(" Res ") && history.contains(" Agr "),
        "{history}"
    );
    assert!(
        !history.contains("aborted"),
        "aborted games are not history: {history}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn repetition_and_fifty_moves_are_claimed_with_draw() {
    let server = TestServer::start().await;
    let (mut alice, mut bob) = server.game("Alice", "Bob", "0 0", 12).await;
    play_line(
        &mut alice,
        &mut bob,
        &["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"],
    )
    .await;
    // The start position has stood twice; not yet a claim.
    assert_eq!(bob.command("draw").await, "Draw request sent.\n");
    alice.next_message().await;
    bob.play("Ng8").await;
    alice.next_message().await;
    let claimed = alice.command("draw").await;
    assert!(
        claimed.contains("{Game 1 (Alice vs. Bob) Game drawn by repetition} 1/2-1/2"),
        "{claimed}"
    );
    bob.expect("Game drawn by repetition} 1/2-1/2").await;
    drop((alice, bob));

    let server = TestServer::start().await;
    let (mut alice, mut bob) = fen_game(&server, "k7/8/8/8/8/8/P6Q/K7 w - - 99 60", "0 0").await;
    alice.play("Qh3").await;
    bob.next_message().await;
    let claimed = bob.command("draw").await;
    assert!(
        claimed.contains("{Game 1 (Alice vs. Bob) Game drawn by the 50 move rule} 1/2-1/2"),
        "{claimed}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_flags_and_knows_when_the_winner_cannot_mate() {
    let server = TestServer::start().await;
    // 0 minutes and 1 second a move: White's clock starts at zero after Black's first move.
    let (mut alice, mut bob) = server.game("Alice", "Bob", "0 1", 12).await;
    assert_eq!(
        alice.command("flag").await,
        "You cannot flag before both players have moved.\nUse abort instead.\n"
    );
    play_line(&mut alice, &mut bob, &["e4", "e5"]).await;
    let end = alice.next_message().await;
    assert_eq!(
        end,
        "\n{Game 1 (Alice vs. Bob) Alice forfeits on time} 0-1\n\nNo ratings adjustment done.\n"
    );
    bob.expect("Alice forfeits on time} 0-1").await;
    drop((alice, bob));

    let server = TestServer::start().await;
    let (mut alice, mut bob) = fen_game(&server, "k7/8/8/8/8/8/P6Q/K7 w - - 0 1", "0 1").await;
    play_line(&mut alice, &mut bob, &["Qh3", "Kb8"]).await;
    let end = alice.next_message().await;
    assert_eq!(
        end,
        "\n{Game 1 (Alice vs. Bob) Alice ran out of time and Bob has no material to mate} 1/2-1/2\n\nNo ratings adjustment done.\n"
    );

    let server = TestServer::start().await;
    let (mut alice, mut bob) = server.game("Alice", "Bob", "0 0", 12).await;
    play_line(&mut alice, &mut bob, &["e4", "e5"]).await;
    assert_eq!(
        alice.command("flag").await,
        "You can't flag an untimed game.\n"
    );
    let (mut carol, mut dave) = server.game("Carol", "Dave", "5 0", 12).await;
    play_line(&mut carol, &mut dave, &["e4", "e5"]).await;
    assert_eq!(
        dave.command("flag").await,
        "Your opponent is not out of time!\n"
    );
    assert_eq!(
        carol.command("moretime 30").await,
        "30 seconds were added to your opponents clock\n"
    );
    let msg = format!("{}{}", dave.next_message().await, dave.next_message().await);
    assert!(
        msg.contains("Your opponent has added 30 seconds to your clock."),
        "{msg}"
    );
    // Style 12's clocks: Black's is 5:30 now; White's runs (it is White's
    // move), so it may show a second less on a slow machine.
    let clocks: Vec<u32> = style12_fields(&msg)[24..26]
        .iter()
        .filter_map(|t| t.parse().ok())
        .collect();
    assert!(
        matches!(clocks[..], [298..=300, 330]),
        "Dave (Black) has 5:30 now: {msg}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn takeback_by_agreement() {
    let server = TestServer::start().await;
    let (mut alice, mut bob) = server.game("Alice", "Bob", "0 0", 12).await;
    play_line(&mut alice, &mut bob, &["e4", "e5", "Nf3"]).await;
    assert_eq!(
        alice.command("takeback 4").await,
        "There are only 3 half moves to take back.\n"
    );
    assert_eq!(alice.command("takeback").await, "Takeback request sent.\n");
    assert_eq!(
        bob.next_message().await,
        "\nAlice would like to take back 1 half move(s).\n"
    );
    let reply = bob.command("takeback").await;
    assert!(
        reply.starts_with("You accept the takeback request from Alice."),
        "{reply}"
    );
    let board = bob.next_message().await;
    assert!(
        board.contains(
            "<12> rnbqkbnr pppp-ppp -------- ----p--- ----P--- -------- PPPP-PPP RNBQKBNR W"
        ),
        "{board}"
    );
    alice.expect("Bob accepts the takeback request.").await;
    alice.expect("fics% ").await;
    let board = alice.next_message().await;
    assert!(
        board.contains(" W ") && board.contains(" 1 0 0 "),
        "White to move again, relation 1: {board}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn promote_sets_the_piece_and_flip_turns_the_board() {
    let server = TestServer::start().await;
    let (mut alice, mut bob) = fen_game(&server, "k7/4P2p/8/8/8/8/8/K6R w - - 0 1", "0 0").await;
    assert_eq!(
        alice.command("promote n").await,
        "Promotion piece set to KNIGHT.\n"
    );
    // A promotion typed without a piece makes the one set.
    let board = alice.command("e8").await;
    let f = style12_fields(&board);
    assert_eq!((&f[1][..], &f[29][..]), ("k---N---", "e8=N"), "{board}");
    bob.next_message().await;
    // `flip` shows the board the other way round (style 12 field 30).
    let flipped = alice.command("flip").await;
    assert_eq!(style12_fields(&flipped)[30], "1", "{flipped}");
    let back = alice.command("flip").await;
    assert_eq!(style12_fields(&back)[30], "0", "{back}");
}
