//! Setting up positions over TCP: two atomic positions built by hand (a
//! queen's mate with its king's help stands; Bxa2 is the only move and
//! wins), the ready positions of `help atomic` loaded ready-made, every
//! refusal of `bsetup done` with its reason, and a game played from a
//! set-up position, stored with its FEN.

mod examine_common;
mod support;

use std::process::Command;

use examine_common::{named12, ranks, relation};
use support::{TestServer, style12_fields};

const EXPLODE_BEATS_CHECK: &str = "6r1/8/8/8/2B5/7q/p7/1k5K w - - 0 1";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lone_queen_mate_built_piece_by_piece_stands() {
    let server = TestServer::start().await;
    let mut alice = named12(&server, "Alice").await;
    let started = alice.command("bsetup").await;
    assert!(
        started.starts_with("Starting a game in examine (setup) mode.\n\n<12> -------- -------- -------- -------- -------- -------- -------- -------- W -1 0 0 0 0 0 1 Alice Alice 2 0 0 0 0 0 0 1 none (0:00) none 0 0 0\n"),
        "{started}"
    );
    // A placement alone is understood while setting up, as on FICS.
    let placed = alice.command("K@f6").await;
    assert!(placed.starts_with("\n<12> "), "{placed}");
    assert_eq!(ranks(&placed)[2], "-----K--");
    alice.command("bsetup wq@g7").await;
    alice.command("bsetup k@h8").await;
    let turn = alice.command("bsetup tomove black").await;
    assert!(turn.starts_with("Black to move.\n\n<12> "), "{turn}");
    assert_eq!(
        alice.command("forward").await,
        "You can't move forward yet, the position is still being set up.\n"
    );
    let done = alice.command("bsetup done").await;
    assert!(
        done.starts_with("Game 1: Alice has set up the position; the pieces can move now.\n\n<12> -------k ------Q- -----K-- "),
        "{done}"
    );
    assert_eq!(relation(&done), "2");
    assert!(
        done.ends_with("\n\nGame 1: Black checkmated 1-0\n"),
        "{done}"
    );
    // Kings never capture, and every other square is covered.
    for mv in ["Kxg7", "Kg8", "Kh7"] {
        let refused = alice.command(mv).await;
        assert!(
            refused.starts_with(&format!("Illegal move ({mv}).\n\n<12> ")),
            "{refused}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bxa2_is_the_only_move_and_it_wins() {
    let server = TestServer::start().await;
    let mut alice = named12(&server, "Alice").await;
    let set = alice
        .command(&format!("bsetup fen {EXPLODE_BEATS_CHECK}"))
        .await;
    assert!(set.starts_with("Starting a game in examine (setup) mode.\nThe board is set from the FEN.\n\n<12> ------r- "), "{set}");
    alice.command("bsetup done").await;
    for mv in ["Kg1", "Kg2", "Kh2", "Bd5", "Bb3"] {
        let refused = alice.command(mv).await;
        assert!(
            refused.starts_with(&format!("Illegal move ({mv}).\n")),
            "{refused}"
        );
    }
    let won = alice.command("Bxa2").await;
    assert!(
        won.starts_with("Game 1: Alice moves: Bxa2#\n\n<12> "),
        "{won}"
    );
    assert_eq!(
        ranks(&won)[7],
        "-------K",
        "the black king on b1 exploded with a2"
    );
    assert!(
        won.ends_with("\n\nGame 1: Black's king exploded 1-0\n"),
        "{won}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_ready_positions_of_help_atomic() {
    let server = TestServer::start().await;
    let mut alice = named12(&server, "Alice").await;
    // The list is longer than a line of 79: read it unwrapped.
    alice.command("set width 240").await;
    const BOARDS: &str =
        "knights, directattack, indirectattack, queenmate, explodebeatscheck, trap";
    let list = alice.command("examine atomic").await;
    assert_eq!(
        list,
        format!(
            "Boards in category atomic: {BOARDS}.\nType \"examine atomic NAME\" to load one.\n"
        )
    );
    assert_eq!(
        alice.command("examine atomic nosuch").await,
        format!(
            "There is no board \"nosuch\" in category atomic.\nBoards in category atomic: {BOARDS}.\n"
        )
    );

    // The lone queen has mated already: the board opens on the mate.
    let queen = alice.command("examine atomic queenmate").await;
    assert!(
        queen.contains("board: queenmate.\nA lone queen mates"),
        "{queen}"
    );
    assert!(
        queen.contains(
            "\n\n<12> -------- -------- ------Qk -------- -------- -------- -------- -K------ B "
        ),
        "{queen}"
    );
    assert!(
        queen.ends_with("\n\nGame 1: Black checkmated 1-0\n"),
        "{queen}"
    );
    assert_eq!(
        alice.command("forward").await,
        "You cannot go forward; no moves are stored.\n"
    );
    assert!(
        alice
            .command("Kxg6")
            .await
            .starts_with("Illegal move (Kxg6).")
    );
    alice.command("unexamine").await;

    let check = alice.command("examine atomic explodebeatscheck").await;
    assert_eq!(style12_fields(&check)[9], "B");
    for mv in ["Kh5", "Kh7", "Bd5"] {
        assert!(
            alice
                .command(mv)
                .await
                .starts_with(&format!("Illegal move ({mv}).")),
            "{mv}"
        );
    }
    let won = alice.command("forward").await;
    assert_eq!(
        ranks(&won)[7],
        "--------",
        "the white king on b1 exploded with a2"
    );
    assert!(
        won.ends_with("\n\nGame 1: White's king exploded 0-1\n"),
        "{won}"
    );
    alice.command("unexamine").await;

    // A French user reads the lesson in French and moves in French.
    alice.command("set lang fr").await;
    let trap = alice.command("examine atomic trap").await;
    assert!(trap.contains("Le piège 1.Cf3"), "{trap}");
    assert_eq!(style12_fields(&trap)[9], "B", "Black to move after 1.Nf3");
    let moved = alice.command("d6").await;
    assert!(moved.starts_with("Game 1: Alice moves: d6\n"), "{moved}");
    // Typing the stored move keeps to the stored moves: forward goes on.
    let next = alice.command("forward").await;
    assert!(
        next.starts_with("Partie 1 : Alice avance de 1 coup.\n"),
        "{next}"
    );
    assert_eq!(style12_fields(&next)[29], "Ng5");
    alice.command("f6").await;
    let knight = alice.command("Cf7").await;
    assert!(knight.starts_with("Game 1: Alice moves: Nf7\n"), "{knight}");
    assert!(
        alice
            .command("Rxf7")
            .await
            .starts_with("Illegal move (Rxf7)."),
        "a king never captures"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_setups_are_refused_with_their_reason() {
    let server = TestServer::start().await;
    let mut alice = named12(&server, "Alice").await;
    let mut bob = named12(&server, "Bob").await;
    alice.command("bsetup").await;
    let refused = |text: &str| format!("That position cannot be played: {text}.\n");
    assert_eq!(
        alice.command("bsetup done").await,
        refused("White has no king")
    );
    alice.command("bsetup K@e1").await;
    assert_eq!(
        alice.command("bsetup done").await,
        refused("Black has no king")
    );
    alice.command("bsetup K@d1").await;
    alice.command("bsetup k@e8").await;
    assert_eq!(
        alice.command("bsetup done").await,
        refused("White has more than one king")
    );
    alice.command("bsetup x@d1").await;
    alice.command("bsetup P@a8").await;
    assert_eq!(
        alice.command("bsetup done").await,
        refused("no pawn may stand on rank 8 (a8)")
    );
    alice.command("bsetup x@a8").await;
    alice.command("bsetup R@e2").await;
    assert_eq!(
        alice.command("bsetup done").await,
        refused("Black is in check but it is White's move")
    );
    alice.command("bsetup tomove black").await;
    alice.command("bsetup wcastle both").await;
    assert_eq!(
        alice.command("bsetup done").await,
        refused("castling needs the king and rook at home")
    );
    alice.command("bsetup wcastle none").await;
    alice.command("bsetup eppos c").await;
    assert_eq!(
        alice.command("bsetup done").await,
        refused("no white pawn can have just gone to c4")
    );
    alice.command("bsetup eppos none").await;
    assert_eq!(
        alice.command("bsetup fen nonsense").await,
        "\"nonsense\" is not a FEN.\n"
    );
    assert_eq!(
        alice.command("bsetup tomove red").await,
        "Usage: bsetup tomove white|black\n"
    );
    assert!(
        alice
            .command("bsetup Z@e4")
            .await
            .starts_with("\"Z@e4\" is not a piece placement")
    );
    assert_eq!(
        alice.command("e4").await,
        "You are setting up a position: type \"bsetup done\" when it is ready.\n"
    );
    assert_eq!(
        alice.command("match bob").await,
        "Finish setting up the position with \"bsetup done\" first.\n"
    );
    assert!(bob.command("bsetup done").await.starts_with("Starting a game in examine (setup) mode.\nThat position cannot be played: White has no king.\n"));
    // Now it can be played: the black king in check, Black to move.
    let done = alice.command("bsetup done").await;
    assert!(
        done.starts_with("Game 1: Alice has set up the position;"),
        "{done}"
    );
    assert!(!done.contains("1-0"), "{done}");
    assert!(
        alice
            .command("Kd8")
            .await
            .starts_with("Game 1: Alice moves: Kd8\n")
    );
    // Back to setting up, from the position on the board.
    let again = alice.command("bsetup").await;
    assert!(again.starts_with("Game 1: Alice sets up a position; \"bsetup done\" starts examining it.\n\n<12> ---k---- "), "{again}");
    assert_eq!(
        alice.command("bsetup").await,
        "You are already setting up a position; see \"help bsetup\".\n"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_from_a_set_up_position_keeps_its_fen() {
    let server = TestServer::start().await;
    let mut alice = named12(&server, "Alice").await;
    let mut bob = named12(&server, "Bob").await;
    alice
        .command(&format!("bsetup fen {EXPLODE_BEATS_CHECK}"))
        .await;
    alice.command("bsetup done").await;
    assert_eq!(
        alice.command("match bob 1 0 rated white").await,
        "Games from a set-up position are unrated.\n"
    );
    let issued = alice.command("match bob 1 0 white").await;
    assert!(
        issued.starts_with("The game will start from the position you are examining.\nIssuing: Alice (++++) [white] Bob (++++) unrated atomic 1 0.\n"),
        "{issued}"
    );
    let challenge = bob.expect("You can \"accept\"").await;
    assert!(
        challenge.contains(&format!(
            "The game starts from this position: {EXPLODE_BEATS_CHECK}\n"
        )),
        "{challenge}"
    );
    bob.expect("fics% ").await;
    bob.command("accept").await;
    bob.expect("Creating: ").await;
    bob.expect("fics% ").await;
    assert_eq!(
        alice.next_message().await,
        "\nBob accepts the match offer.\n"
    );
    assert_eq!(
        alice.next_message().await,
        "\nYou are no longer examining game 1.\n"
    );
    let created = alice.next_message().await;
    assert!(
        created.contains(
            "\n<12> ------r- -------- -------- -------- --B----- -------q p------- -k-----K W "
        ),
        "{created}"
    );
    assert_eq!(relation(&created), "1");
    alice.command("iset startpos 1").await;
    let moves = alice.command("moves").await;
    assert!(moves.contains("\n<12> ------r- "), "{moves}");
    assert_eq!(relation(&moves), "-4");

    let end = alice.play("Bxa2").await;
    assert!(
        end.contains("{Game 1 (Alice vs. Bob) Bob's king exploded} 1-0"),
        "{end}"
    );
    assert_eq!(style12_fields(&bob.next_message().await)[29], "Bxa2#");
    assert!(
        bob.next_message()
            .await
            .contains("Bob's king exploded} 1-0")
    );
    let history = bob.command("history alice").await;
    assert!(history.contains("[ xu  1   0] --- Kex"), "{history}");
    let stored = bob.command("smoves alice").await;
    assert!(
        stored.ends_with("  1.  Bxa2#   (0:00)\n      {Bob's king exploded} 1-0\n"),
        "{stored}"
    );

    let out = Command::new(env!("CARGO_BIN_EXE_atomicd"))
        .args([
            "export-pgn",
            "--db",
            server.config.database.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let pgn = String::from_utf8(out.stdout).unwrap();
    assert!(pgn.contains("[SetUp \"1\"]\n"), "{pgn}");
    assert!(
        pgn.contains(&format!("[FEN \"{EXPLODE_BEATS_CHECK}\"]\n")),
        "{pgn}"
    );
    assert!(
        pgn.contains("\n1. Bxa2# {Bob's king exploded} 1-0\n"),
        "{pgn}"
    );
}
