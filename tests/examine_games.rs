//! Examining over TCP: stepping through a stored game with its explosions,
//! trying other moves and coming back, observers of an examined game
//! (relation -2), sharing the board with `mexamine`, the shared pool of
//! game numbers, and `smoves`/`sposition`.

mod examine_common;
mod support;

use examine_common::{KNIGHTS, finish_with, named12, ranks, registered, relation};
use support::{TestServer, style12_fields};

/// The board after 4...g6 of the knights line, White to play 5.Nxd5.
const BEFORE_NXD5: [&str; 8] = [
    "r-bqkb-r", "ppp-pp-p", "--n--np-", "---pN---", "---P----", "--N-----", "PPP-PPPP", "R-BQKB-R",
];
/// After 5.Nxd5: d5, c3, c6 and e5 are gone, the pawn d4 stays.
const AFTER_NXD5: [&str; 8] = [
    "r-bqkb-r", "ppp-pp-p", "-----np-", "--------", "---P----", "--------", "PPP-PPPP", "R-BQKB-R",
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stepping_through_a_stored_game_with_its_explosion() {
    let server = TestServer::start().await;
    let (mut alice, mut bob) = server.game("Alice", "Bob", "3 0", 12).await;
    finish_with(&mut alice, &mut bob, KNIGHTS, "resign").await;
    let mut carol = named12(&server, "Carol").await;
    assert_eq!(
        carol.command("forward").await,
        "You are not examining any games.\n"
    );

    let start = carol.command("examine alice 0").await;
    assert!(
        start.starts_with(
            "Starting a game in examine mode: history game 0 of Alice, Alice vs. Bob.\nIt has 9 half-moves: \"forward\" and \"backward\" step through them.\n\n<12> rnbqkbnr "
        ),
        "{start}"
    );
    let f = style12_fields(&start);
    assert_eq!(
        (&f[16][..], &f[17][..], &f[18][..], &f[19][..]),
        ("1", "Alice", "Bob", "2")
    );
    assert_eq!(
        carol.command("backward").await,
        "Game 1: Beginning of game.\n"
    );

    let eight = carol.command("forward 8").await;
    assert!(
        eight.starts_with("Game 1: Carol goes forward 8 moves.\n\n<12> "),
        "{eight}"
    );
    assert_eq!(ranks(&eight), BEFORE_NXD5);
    let boom = carol.command("forward").await;
    assert!(
        boom.starts_with("Game 1: Carol goes forward 1 move.\n\n<12> "),
        "{boom}"
    );
    assert_eq!(ranks(&boom), AFTER_NXD5);
    let f = style12_fields(&boom);
    assert_eq!(
        (&f[22][..], &f[23][..], &f[27][..], &f[29][..]),
        ("33", "35", "N/c3-d5", "Nxd5")
    );
    assert!(boom.ends_with("\n\nGame 1: Bob resigns 1-0\n"), "{boom}");
    assert_eq!(carol.command("forward").await, "Game 1: End of game.\n");

    // Backward brings the exploded pieces back.
    let back = carol.command("backward").await;
    assert!(
        back.starts_with("Game 1: Carol backs up 1 move.\n"),
        "{back}"
    );
    assert_eq!(ranks(&back), BEFORE_NXD5);

    // A move of one's own leaves the stored moves; revert comes back.
    let own = carol.command("Bg5").await;
    assert!(
        own.starts_with("Game 1: Carol moves: Bg5\n\n<12> "),
        "{own}"
    );
    assert_eq!(carol.command("forward").await, "Game 1: No more moves.\n");
    let moves = carol.command("moves").await;
    assert!(
        moves.starts_with("\nMovelist for game 1:\n\nAlice (++++) vs. Bob (++++) --- "),
        "{moves}"
    );
    assert!(
        moves.ends_with("  5.  Bg5     (0:00)\n      {Still in progress} *\n"),
        "{moves}"
    );
    let reverted = carol.command("revert").await;
    assert!(
        reverted.starts_with("Game 1: Carol reverts to mainline.\n"),
        "{reverted}"
    );
    assert_eq!(ranks(&reverted), BEFORE_NXD5);
    assert_eq!(
        carol.command("revert").await,
        "Game 1: Already at mainline.\n"
    );
    let illegal = carol.command("Nxd6").await;
    assert!(
        illegal.starts_with("Illegal move (Nxd6).\n\n<12> "),
        "{illegal}"
    );
    carol.command("forward").await;
    let moves = carol.command("moves").await;
    assert!(
        moves.ends_with("  5.  Nxd5    (0:00)\n      {Bob resigns} 1-0\n"),
        "{moves}"
    );

    // A move after the end of a finished game is a variation too: the
    // game and its result come back with revert.
    let after = carol.command("a7a6").await;
    assert!(after.starts_with("Game 1: Carol moves: a6\n"), "{after}");
    assert!(
        carol
            .command("revert")
            .await
            .starts_with("Game 1: Carol reverts to mainline.\n")
    );
    assert!(
        carol
            .command("moves")
            .await
            .ends_with("  5.  Nxd5    (0:00)\n      {Bob resigns} 1-0\n")
    );

    // Everyone sees the examined game in `games` and the examiner in `who`.
    let games = alice.command("games").await;
    assert!(
        games.contains("  1 (Exam.    0 Alice          0 Bob       ) [ xu  3   0] B:  5\n"),
        "{games}"
    );
    assert!(alice.command("who").await.contains("++++#Carol(U)"));
    assert_eq!(
        alice.command("e4").await,
        "You are not playing or examining a game.\n"
    );
    assert_eq!(
        carol.command("examine").await,
        "You are already examining a game.\n"
    );
    assert_eq!(
        carol.command("unexamine").await,
        "You are no longer examining game 1.\n"
    );
    assert_eq!(
        carol.command("unexamine").await,
        "You are not examining any games.\n"
    );
    assert_eq!(
        carol.command("examine alice 7").await,
        "There is no history game 7 for Alice.\n"
    );
    assert_eq!(
        carol.command("examine nobody 0").await,
        "No games in history for nobody.\n"
    );
    assert_eq!(
        carol.command("examine bob").await,
        "No stored game between \"Carol\" and \"Bob\".\n"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn observers_see_relation_minus_two_and_mexamine_shares_the_board() {
    let server = TestServer::start().await;
    let mut carol = named12(&server, "Carol").await;
    let mut dave = registered(&server, "Dave").await;
    let mut erin = named12(&server, "Erin").await;
    let intro = carol.command("examine atomic knights").await;
    assert!(
        intro.starts_with("Starting a game in examine (scratch) mode.\nLoading from category: atomic, board: knights.\n5.Nxd5 explodes"),
        "{intro}"
    );
    let watching = dave.command("observe carol").await;
    assert!(
        watching.starts_with(
            "You are now observing game 1.\nGame 1: White (0) Black (0) unrated atomic 0 0\n\n<12> "
        ),
        "{watching}"
    );
    assert_eq!(relation(&watching), "-2");
    assert_eq!(
        dave.command("observe 1").await,
        "You are already observing game 1.\n"
    );
    assert_eq!(
        carol.command("observe 1").await,
        "You are examining game 1.\n"
    );
    assert_eq!(relation(&erin.command("observe 1").await), "-2");
    assert_eq!(
        erin.command("unobserve 1").await,
        "Removing game 1 from observation list.\n"
    );
    assert_eq!(relation(&erin.command("observe carol").await), "-2");

    // The lesson opens on the page's board, before 5.Nxd5.
    carol.command("forward").await;
    for o in [&mut dave, &mut erin] {
        assert_eq!(
            o.next_message().await,
            "\nGame 1: Carol goes forward 1 move.\n"
        );
        let board = o.next_message().await;
        assert_eq!(relation(&board), "-2");
        assert_eq!(ranks(&board), AFTER_NXD5);
    }
    assert_eq!(relation(&dave.command("refresh").await), "-2");
    assert_eq!(relation(&carol.command("refresh").await), "2");

    assert_eq!(
        carol.command("kibitz look at d5").await,
        "(kibitzed to 2 players)\n"
    );
    for o in [&mut dave, &mut erin] {
        assert_eq!(
            o.next_message().await,
            "\nCarol(U)(++++)[1] kibitzes: look at d5\n"
        );
    }
    assert_eq!(
        dave.command("whisper nice").await,
        "(whispered to 1 player)\n"
    );
    let whispered = erin.next_message().await;
    assert!(
        whispered.starts_with("\nDave(") && whispered.ends_with(")[1] whispers: nice\n"),
        "{whispered}"
    );
    assert_eq!(
        erin.command("kibitz hi").await,
        "Only registered players may kibitz to others' games.\n"
    );
    assert_eq!(
        erin.command("allobservers 1").await,
        "Examining 1 [White vs. Black]: #Carol(U) Dave Erin(U) (3 users)\n"
    );

    assert_eq!(
        carol.command("mexamine nobody").await,
        "No user named \"nobody\" is logged in.\n"
    );
    assert_eq!(
        carol.command("mexamine dave").await,
        "Dave is now an examiner of game 1.\n"
    );
    assert_eq!(
        dave.next_message().await,
        "\nCarol has made you an examiner of game 1.\n"
    );
    assert_eq!(relation(&dave.next_message().await), "2");
    assert_eq!(
        erin.next_message().await,
        "\nDave is now an examiner of game 1.\n"
    );
    assert_eq!(
        carol.command("mexamine dave").await,
        "Dave is already an examiner of game 1.\n"
    );

    // The new examiner moves; everyone sees it, each with their relation.
    let moved = dave.command("Bg7").await;
    assert!(
        moved.starts_with("Game 1: Dave moves: Bg7\n\n<12> "),
        "{moved}"
    );
    for (o, rel) in [(&mut carol, "2"), (&mut erin, "-2")] {
        assert_eq!(o.next_message().await, "\nGame 1: Dave moves: Bg7\n");
        assert_eq!(relation(&o.next_message().await), rel);
    }

    // The first examiner leaves, the game goes on; the last one ends it.
    assert_eq!(
        carol.command("unexamine").await,
        "You are no longer examining game 1.\n"
    );
    for o in [&mut dave, &mut erin] {
        assert_eq!(
            o.next_message().await,
            "\nCarol has stopped examining game 1.\n"
        );
    }
    assert_eq!(
        dave.command("unexamine").await,
        "You are no longer examining game 1.\n"
    );
    assert_eq!(
        erin.next_message().await,
        "\nDave has stopped examining game 1.\nGame 1 (which you were observing) has no examiners.\nRemoving game 1 from observation list.\n"
    );
    assert_eq!(
        erin.command("refresh").await,
        "You are neither playing nor observing a game.\n"
    );
    assert_eq!(erin.command("games").await, "\n  0 games displayed.\n");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn played_and_examined_games_share_the_numbers() {
    let server = TestServer::start().await;
    let mut carol = named12(&server, "Carol").await;
    let mut erin = named12(&server, "Erin").await;
    carol.command("examine").await;
    let (mut alice, _bob) = server.game("Alice", "Bob", "3 0", 12).await;
    assert_eq!(style12_fields(&alice.command("refresh").await)[16], "2");
    let games = erin.command("games").await;
    assert!(
        games.starts_with(
            "  1 (Exam.    0 Carol          0 Carol     ) [ xu  0   0] W:  1\n  2 ++++ Alice "
        ),
        "{games}"
    );
    assert!(games.ends_with("\n  2 games displayed.\n"), "{games}");
    // A challenge ends the examining when the game starts.
    let issued = carol.command("match erin 1 0").await;
    assert!(
        issued.starts_with("Issuing: Carol (++++) Erin (++++) unrated atomic 1 0."),
        "{issued}"
    );
    erin.expect("You can \"accept\"").await;
    erin.expect("fics% ").await;
    erin.command("accept").await;
    assert_eq!(
        carol.next_message().await,
        "\nErin accepts the match offer.\n"
    );
    assert_eq!(
        carol.next_message().await,
        "\nYou are no longer examining game 1.\n"
    );
    // Colours are balanced at random: the examined game's number is free again.
    let created = carol.next_message().await;
    assert!(
        created.contains("{Game 1 (Carol vs. Erin) Creating unrated atomic match.}")
            || created.contains("{Game 1 (Erin vs. Carol) Creating unrated atomic match.}"),
        "{created}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn smoves_and_sposition_show_stored_games() {
    let server = TestServer::start().await;
    let (mut alice, mut bob) = server.game("Alice", "Bob", "3 0", 12).await;
    finish_with(&mut alice, &mut bob, KNIGHTS, "resign").await;
    let moves = bob.command("smoves alice").await;
    assert!(
        moves.starts_with(
            "\nMovelist for history game 0 of Alice:\n\nAlice (++++) vs. Bob (++++) --- "
        ),
        "{moves}"
    );
    assert!(
        moves.contains("\nUnrated atomic match, initial time: 3 minutes, increment: 0 seconds.\n")
    );
    assert!(
        moves.ends_with("  5.  Nxd5    (0:00)\n      {Bob resigns} 1-0\n"),
        "{moves}"
    );
    assert_eq!(bob.command("smoves alice 0").await, moves);
    bob.command("iset startpos 1").await;
    let with_start = bob.command("smoves alice 0").await;
    assert!(
        with_start.contains("\n<12> rnbqkbnr pppppppp "),
        "{with_start}"
    );
    assert_eq!(relation(&with_start), "-4");

    let position = bob.command("sposition alice 0").await;
    assert!(
        position.starts_with(
            "Position of history game 0 of Alice: Alice vs. Bob after 9 half-moves.\n\n<12> "
        ),
        "{position}"
    );
    assert_eq!(relation(&position), "-3");
    assert_eq!(ranks(&position), AFTER_NXD5);
    assert_eq!(
        bob.command("smoves alice 4").await,
        "There is no history game 4 for Alice.\n"
    );
    assert_eq!(
        bob.command("sposition carol").await,
        "No games in history for carol.\n"
    );
    assert!(bob.command("smoves").await.starts_with("Usage: smoves"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_examine_command_has_a_help_page() {
    let server = TestServer::start().await;
    let (mut c, _) = server.guest().await;
    let index = c.command("help").await;
    for topic in [
        "examine",
        "unexamine",
        "forward",
        "backward",
        "revert",
        "mexamine",
        "bsetup",
        "smoves",
        "sposition",
        "journal",
        "jsave",
        "jkill",
    ] {
        let page = c.command(&format!("help {topic}")).await;
        assert!(page.starts_with(topic), "{topic}: {page}");
        assert!(
            index.contains(&format!(" {topic} ")),
            "{topic} in the index"
        );
    }
    for board in [
        "knights",
        "directattack",
        "indirectattack",
        "queenmate",
        "explodebeatscheck",
        "trap",
    ] {
        let line = format!("examine atomic {board}\n");
        assert!(c.command("help atomic").await.contains(&line), "{board}");
        c.command("set lang fr").await;
        assert!(
            c.command("help atomic").await.contains(&line),
            "{board} (fr)"
        );
        c.command("set lang en").await;
    }
}
