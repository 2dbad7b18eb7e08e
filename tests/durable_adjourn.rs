//! Adjourned games: by agreement and by a lost connection, listed by
//! `stored`, kept across a restart, resumed with `match` or `resume` with
//! the same position, moves and clocks, and adjudicated by an admin.

mod durable_common;
mod support;

use atomicd::account::Titles;
use durable_common::{atomic_row, hear, machine, next_board, play, start_game};
use support::TestServer;

/// Registers the admin `Judge`.
fn add_judge(server: &TestServer) {
    server.add_user(
        "Judge",
        "pw",
        Titles {
            admin: true,
            ..Titles::default()
        },
    );
}

/// White offers to adjourn, Black agrees; both have read the end.
async fn adjourn_by_agreement(a: &mut support::Client, b: &mut support::Client) {
    a.command("adjourn").await;
    hear(b, "would like to adjourn").await;
    b.command("adjourn").await;
    hear(a, "Game adjourned by mutual agreement").await;
}

async fn two_players(server: &TestServer) -> (support::Client, support::Client) {
    server.add_user("Alice", "pw", Titles::default());
    server.add_user("Bob", "pw", Titles::default());
    let mut a = server.user("Alice", "pw").await;
    let mut b = server.user("Bob", "pw").await;
    machine(&mut a).await;
    machine(&mut b).await;
    (a, b)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn adjourned_by_agreement_survives_a_restart_and_resumes_where_it_stood() {
    let mut server = TestServer::start().await;
    let (mut a, mut b) = two_players(&server).await;
    start_game(&mut a, &mut b, "Bob", "5 3 u").await;
    play(&mut a, &mut b, "e4").await;
    play(&mut b, &mut a, "e5").await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    play(&mut a, &mut b, "Nf3").await;
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    let last = play(&mut b, &mut a, "Nc6").await;
    assert!(last.ticking && last.white_ms < 300_000 + 3000, "{last:?}");
    assert_eq!(a.command("adjourn").await, "Adjourn request sent.\n");
    hear(&mut b, "Alice would like to adjourn the game").await;
    let end = b.command("adjourn").await;
    assert!(
        end.contains("{Game 1 (Alice vs. Bob) Game adjourned by mutual agreement} *"),
        "{end}"
    );
    hear(&mut a, "Game adjourned by mutual agreement} *").await;
    let stored = a.command("stored").await;
    assert!(
        stored.starts_with(
            "Stored games for Alice:\n    C Opponent       On Type          Str  M    ECO Date\n"
        ),
        "{stored}"
    );
    assert!(
        stored.contains(" 1: W Bob            Y [ xu  5   3] 39-39 W3   --- "),
        "{stored}"
    );
    assert!(
        b.command("stored alice")
            .await
            .contains(" 1: W Bob            Y")
    );
    let bobs = b.command("stored").await;
    assert!(
        bobs.contains(" 1: B Alice          Y [ xu  5   3]"),
        "{bobs}"
    );

    server.restart().await;
    let mut a = server.user("Alice", "pw").await;
    let mut b = server.user("Bob", "pw").await;
    machine(&mut a).await;
    machine(&mut b).await;
    assert!(
        a.command("stored")
            .await
            .contains(" 1: W Bob            Y [ xu  5   3] 39-39 W3")
    );
    // `match name` alone asks to resume; the offer says (adjourned).
    let issued = a.command("match bob").await;
    assert!(
        issued.contains("Issuing: Alice (----) [white] Bob (----) unrated atomic 5 3 (adjourned)."),
        "{issued}"
    );
    hear(
        &mut b,
        "Challenge: Alice (----) [white] Bob (----) unrated atomic 5 3 (adjourned).",
    )
    .await;
    b.send("accept").await;
    for c in [&mut a, &mut b] {
        let start = c.expect("<12> ").await;
        assert!(
            start.contains("Creating: Alice (----) Bob (----) unrated atomic 5 3 (adjourned)\n{Game 1 (Alice vs. Bob) Continuing unrated atomic match.}\n\n<12> "),
            "{start}"
        );
    }
    let rest = a.expect("\n").await;
    a.expect("fics% ").await;
    let board = durable_common::parse12(&format!("<12> {}", rest.trim_end()));
    // White's clock ran on while the adjournment was agreed: the stored
    // clocks are those at the adjournment, and the game goes on from them.
    let row = atomicd::store::games::get(
        &atomicd::store::open_connection(&server.config.database).unwrap(),
        1,
    )
    .unwrap()
    .unwrap();
    assert_eq!(
        (board.white_ms, board.black_ms),
        (row.white_ms, row.black_ms),
        "clocks as they were"
    );
    assert_eq!(board.black_ms, last.black_ms);
    assert!(board.white_ms <= last.white_ms && board.white_ms > last.white_ms - 2000);
    assert_eq!(
        (board.to_move, board.move_no, board.san.as_str()),
        ('W', 3, "Nc6")
    );
    assert!(board.ticking);
    b.expect("fics% ").await;
    let moves = a.command("moves").await;
    assert!(moves.contains("1.  e4") && moves.contains("Nc6"), "{moves}");
    // The game goes on, and its moves are appended to the same record.
    play(&mut a, &mut b, "Bc4").await;
    assert!(
        a.command("stored")
            .await
            .contains("Alice has no adjourned games.")
    );
    assert_eq!(
        a.command("resign")
            .await
            .lines()
            .filter(|l| l.contains("Alice resigns} 0-1"))
            .count(),
        1
    );
    let hist = a.command("history").await;
    assert!(hist.contains("Res"), "{hist}");
    let conn = atomicd::store::open_connection(&server.config.database).unwrap();
    let moves = atomicd::store::games::moves(&conn, 1).unwrap();
    assert_eq!(
        moves.iter().map(|m| m.san.as_str()).collect::<Vec<_>>(),
        ["e4", "e5", "Nf3", "Nc6", "Bc4"]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lost_connection_adjourns_and_resume_brings_it_back() {
    let server = TestServer::start().await;
    let (mut a, mut b) = two_players(&server).await;
    server.add_user("Carol", "pw", Titles::default());
    let mut observer = server.user("Carol", "pw").await;
    start_game(&mut a, &mut b, "Bob", "3 0 u").await;
    play(&mut a, &mut b, "d4").await;
    observer.command("observe 1").await;
    drop(b);
    let end = hear(&mut a, "} *").await;
    assert!(
        end.contains("{Game 1 (Alice vs. Bob) Bob lost connection; game adjourned} *"),
        "{end}"
    );
    hear(&mut observer, "Bob lost connection; game adjourned} *").await;
    assert_eq!(
        a.command("resume").await,
        "None of your stored opponents is logged in.\n"
    );
    let mut b = server.user("Bob", "pw").await;
    machine(&mut b).await;
    assert_eq!(
        observer.command("resume").await,
        "You have no adjourned games.\n"
    );
    let issued = b.command("resume alice").await;
    assert!(
        issued.contains("Issuing: Bob (----) [black] Alice (----) unrated atomic 3 0 (adjourned)."),
        "{issued}"
    );
    hear(
        &mut a,
        "Challenge: Bob (----) [black] Alice (----) unrated atomic 3 0 (adjourned).",
    )
    .await;
    // Alice asks too: the two requests meet and the game goes on.
    a.send("resume").await;
    let w = next_board(&mut a).await;
    let bl = next_board(&mut b).await;
    assert_eq!(
        (
            w.white.as_str(),
            w.black.as_str(),
            w.to_move,
            w.san.as_str()
        ),
        ("Alice", "Bob", 'B', "d4")
    );
    assert_eq!(w, bl);
    play(&mut b, &mut a, "d5").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn admins_adjudicate_stored_and_live_games() {
    let server = TestServer::start().await;
    let (mut a, mut b) = two_players(&server).await;
    add_judge(&server);
    let mut judge = server.user("Judge", "pw").await;
    start_game(&mut a, &mut b, "Bob", "5 0 u").await;
    play(&mut a, &mut b, "e4").await;
    adjourn_by_agreement(&mut a, &mut b).await;
    assert_eq!(
        judge.command("adjudicate alice bob white").await,
        "The adjourned game (Alice vs. Bob) adjudicated: Alice wins by adjudication 1-0\n"
    );
    hear(
        &mut a,
        "Judge has adjudicated your adjourned game with Bob: Alice wins by adjudication 1-0",
    )
    .await;
    assert!(a.command("stored").await.contains("no adjourned games"));
    assert!(a.command("history").await.contains("Adj"));
    assert_eq!(
        judge.command("adjudicate alice bob white").await,
        "There is no game with alice as White and bob as Black.\n"
    );
    assert!(
        judge
            .command("adjudicate alice bob win")
            .await
            .starts_with("Usage: adjudicate")
    );
    start_game(&mut a, &mut b, "Bob", "5 0 u").await;
    let reply = judge.command("adjudicate Alice Bob draw").await;
    assert_eq!(
        reply,
        "Game 1 (Alice vs. Bob) adjudicated: Game drawn by adjudication 1/2-1/2\n"
    );
    hear(
        &mut a,
        "{Game 1 (Alice vs. Bob) Game drawn by adjudication} 1/2-1/2",
    )
    .await;
    hear(
        &mut b,
        "{Game 1 (Alice vs. Bob) Game drawn by adjudication} 1/2-1/2",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn adjudicating_a_rated_adjourned_game_moves_both_ratings() {
    let server = TestServer::start().await;
    let (mut a, mut b) = two_players(&server).await;
    add_judge(&server);
    let mut judge = server.user("Judge", "pw").await;
    start_game(&mut a, &mut b, "Bob", "5 0 r").await;
    play(&mut a, &mut b, "e4").await;
    adjourn_by_agreement(&mut a, &mut b).await;
    // Bob is away: his rating changes in the database only.
    b.send("quit").await;
    b.expect_closed().await;
    assert_eq!(
        judge.command("adjudicate alice bob white").await,
        "The adjourned game (Alice vs. Bob) adjudicated: Alice wins by adjudication 1-0\n"
    );
    let told = hear(&mut a, "Atomic rating adjustment: 1500 --> ").await;
    assert!(
        told.contains(
            "Judge has adjudicated your adjourned game with Bob: Alice wins by adjudication 1-0\n"
        ),
        "{told}"
    );
    let (alice, wins, losses) = atomic_row(&a.command("finger alice").await);
    assert!(
        alice > 1500 && (wins, losses) == (1, 0),
        "{alice} {wins} {losses}"
    );
    let (bob, wins, losses) = atomic_row(&a.command("finger bob").await);
    assert!(
        bob < 1500 && (wins, losses) == (0, 1),
        "{bob} {wins} {losses}"
    );
    assert!(told.contains(&format!("1500 --> {alice}")), "{told}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_adjourned_game_is_rated_when_adjudicated_after_a_restart() {
    let mut server = TestServer::start().await;
    let (mut a, mut b) = two_players(&server).await;
    add_judge(&server);
    start_game(&mut a, &mut b, "Bob", "5 0 r").await;
    play(&mut a, &mut b, "e4").await;
    adjourn_by_agreement(&mut a, &mut b).await;
    drop((a, b));
    // Both players are away, and the server restarts: their ratings are
    // read back with the adjourned game.
    server.restart().await;
    let mut judge = server.user("Judge", "pw").await;
    assert_eq!(
        judge.command("adjudicate alice bob black").await,
        "The adjourned game (Alice vs. Bob) adjudicated: Bob wins by adjudication 0-1\n"
    );
    let (alice, wins, losses) = atomic_row(&judge.command("finger alice").await);
    assert!(alice < 1500 && (wins, losses) == (0, 1), "{alice}");
    let (bob, wins, losses) = atomic_row(&judge.command("finger bob").await);
    assert!(bob > 1500 && (wins, losses) == (1, 0), "{bob}");
}
