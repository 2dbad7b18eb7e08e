//! Journals over TCP: `jsave`, `journal`, `jkill`, examining and showing
//! journal entries, `set jprivate`, what survives a restart, and examining
//! an adjourned game.

mod examine_common;
mod support;

use examine_common::{KNIGHTS, finish_with, play_line, registered, relation};
use support::TestServer;

const TRAP: &[&str] = &["Nf3", "a6", "Ng5", "a5", "Nxf7"];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn journal_save_list_examine_kill_and_keep() {
    let mut server = TestServer::start().await;
    let mut alice = registered(&server, "Alice").await;
    let mut bob = registered(&server, "Bob").await;
    alice.start_game_with(&mut bob, "3 0 unrated").await;
    finish_with(&mut alice, &mut bob, KNIGHTS, "resign").await;
    alice.start_game_with(&mut bob, "3 0 unrated").await;
    play_line(&mut alice, &mut bob, &TRAP[..4]).await;
    alice.play(TRAP[4]).await;
    bob.next_message().await;
    bob.next_message().await;

    assert_eq!(
        alice.command("jsave A alice 0").await,
        "Game Alice 0 saved in slot A in journal.\n"
    );
    assert_eq!(
        alice.command("jsave b alice 1").await,
        "Game Alice 1 saved in slot B in journal.\n"
    );
    assert_eq!(
        alice.command("jsave C alice A").await,
        "Journal entry Alice A saved in slot C in journal.\n"
    );
    assert_eq!(
        alice.command("jsave A alice A").await,
        "Source and destination entries are the same.\n"
    );
    assert_eq!(
        alice.command("jsave 1 alice 0").await,
        "Journal entries are referenced by single letters.\n"
    );
    assert_eq!(
        alice.command("jsave D alice 5").await,
        "There is no history game 5 for Alice.\n"
    );
    assert_eq!(
        alice.command("jsave D alice E").await,
        "Journal entry E is not available for Alice.\n"
    );
    let list = alice.command("journal").await;
    let lines: Vec<&str> = list.lines().collect();
    assert_eq!(lines.len(), 5, "{list}");
    assert_eq!(lines[0], "Journal for Alice:");
    assert_eq!(
        lines[1],
        "   White         Rating  Black         Rating  Type         ECO End Result"
    );
    assert!(
        lines[2].starts_with("A: Alice ") && lines[2].ends_with("[ xu  3   0] --- Res 1-0"),
        "{list}"
    );
    assert!(
        lines[3].starts_with("B: Alice ") && lines[3].ends_with("[ xu  3   0] --- Kex 1-0"),
        "{list}"
    );
    assert!(
        lines[4].starts_with("C: Alice ") && lines[4].ends_with("--- Res 1-0"),
        "{list}"
    );

    // Others examine and show the entries.
    let examined = bob.command("examine alice B").await;
    assert!(
        examined.starts_with("Starting a game in examine mode: journal entry B of Alice, Alice vs. Bob.\nIt has 5 half-moves:"),
        "{examined}"
    );
    let end = bob.command("forward 5").await;
    assert!(
        end.ends_with("\n\nGame 1: Bob's king exploded 1-0\n"),
        "{end}"
    );
    bob.command("unexamine").await;
    assert!(
        bob.command("examine alice %c")
            .await
            .contains("journal entry C of Alice")
    );
    bob.command("unexamine").await;
    let moves = bob.command("smoves alice a").await;
    assert!(
        moves.starts_with("\nMovelist for journal entry A of Alice:\n"),
        "{moves}"
    );
    assert!(moves.ends_with("{Bob resigns} 1-0\n"), "{moves}");
    let position = bob.command("sposition alice B").await;
    assert!(
        position.starts_with(
            "Position of journal entry B of Alice: Alice vs. Bob after 5 half-moves.\n"
        )
    );
    assert_eq!(relation(&position), "-3");
    assert_eq!(bob.command("journal").await, "Bob's journal is empty.\n");
    assert_eq!(
        bob.command("journal nosuch").await,
        "There is no player matching the name nosuch.\n"
    );

    // A private journal is the owner's alone.
    assert_eq!(
        alice.command("set jprivate 1").await,
        "Your journal is private.\n"
    );
    let private = "Sorry, this journal is private.\n";
    assert_eq!(bob.command("journal alice").await, private);
    assert_eq!(bob.command("examine alice A").await, private);
    assert_eq!(bob.command("smoves alice A").await, private);
    assert_eq!(bob.command("jsave A alice A").await, private);
    assert!(
        alice
            .command("journal")
            .await
            .starts_with("Journal for Alice:")
    );

    assert_eq!(alice.command("jkill c").await, "Journal entry C deleted.\n");
    assert_eq!(
        alice.command("jkill C").await,
        "You have no journal entry C.\n"
    );
    assert_eq!(
        alice.command("jkill cc").await,
        "Journal entries are referenced by single letters.\n"
    );
    let (mut guest, _) = server.guest().await;
    let only = "Only registered players may keep a journal.\n";
    assert_eq!(guest.command("journal").await, only);
    assert_eq!(guest.command("jsave A alice 0").await, only);
    assert_eq!(guest.command("jkill A").await, only);

    // The journal lives in the database.
    server.restart().await;
    let mut alice = server.user("Alice", "pw").await;
    let list = alice.command("journal").await;
    assert!(
        list.contains("\nA: Alice ") && list.contains("\nB: Alice ") && !list.contains("\nC: "),
        "{list}"
    );
    let mut bob = server.user("Bob", "pw").await;
    assert_eq!(bob.command("journal alice").await, private);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_adjourned_game_can_be_examined() {
    let server = TestServer::start().await;
    let mut alice = registered(&server, "Alice").await;
    let mut bob = registered(&server, "Bob").await;
    alice.start_game_with(&mut bob, "3 0 unrated").await;
    play_line(&mut alice, &mut bob, &KNIGHTS[..4]).await;
    assert_eq!(alice.command("adjourn").await, "Adjourn request sent.\n");
    bob.next_message().await;
    let adjourned = bob.command("adjourn").await;
    assert!(
        adjourned.contains("Game adjourned by mutual agreement} *"),
        "{adjourned}"
    );
    alice.expect("Game adjourned by mutual agreement} *").await;
    alice.expect("fics% ").await;

    let examined = alice.command("examine bob").await;
    assert!(
        examined.starts_with(
            "Starting a game in examine mode: adjourned game, Alice vs. Bob.\nIt has 4 half-moves:"
        ),
        "{examined}"
    );
    let last = alice.command("forward 4").await;
    assert!(
        last.starts_with("Game 1: Alice goes forward 4 moves.\n"),
        "{last}"
    );
    assert!(
        !last.contains("Game 1: Bob"),
        "an unfinished game has no result: {last}"
    );
    assert_eq!(alice.command("forward").await, "Game 1: End of game.\n");
    // `match bob` asks to resume the adjourned game, not to play a new
    // one from the examined board.
    let asked = alice.command("match bob").await;
    assert!(
        !asked.contains("from the position you are examining") && asked.contains("Issuing:"),
        "{asked}"
    );
    let offered = bob.next_message().await;
    assert!(offered.contains("Challenge:"), "{offered}");
    alice.command("withdraw").await;
    bob.next_message().await;
    let position = bob.command("sposition alice bob").await;
    assert!(
        position.starts_with("Position of adjourned game: Alice vs. Bob after 4 half-moves.\n")
    );
    assert!(
        bob.command("smoves bob alice")
            .await
            .ends_with("      {Still in progress} *\n")
    );
    let mut carol = registered(&server, "Carol").await;
    assert_eq!(
        carol.command("examine alice").await,
        "No stored game between \"Carol\" and \"Alice\".\n"
    );
    assert!(
        carol
            .command("examine alice bob")
            .await
            .contains("adjourned game, Alice vs. Bob")
    );
}
