//! The short chaos run: ten rated games between registered players, the
//! real binary killed with SIGKILL three times while they are played and
//! started again each time; the players log in again, resume and finish.
//! Then every move a board acknowledged is in the database in order, each
//! pair has one game, and each finished game's ratings were applied
//! exactly once (`atomicd chaos`, src/load/chaos/; scripts/chaos.sh runs
//! the long one).

use std::path::Path;

use atomicd::load::chaos::{ChaosOptions, run};

const GAMES: usize = 10;
const PLIES: usize = 16;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ten_games_through_three_kill_dash_nines_lose_and_double_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let options = ChaosOptions {
        server_binary: Some(env!("CARGO_BIN_EXE_atomicd").into()),
        dir: dir.path().join("run"),
        data_dir: Path::new(env!("CARGO_MANIFEST_DIR")).join("data"),
        games: GAMES,
        kills: 3,
        seconds: 20.0,
        plies: PLIES,
        // A game thinks at least 16 x 0.55 s: none can be over by the
        // first kill (at most 0.8 of the first third of 20 s), so the kills
        // cut games in play however slow the machine is.
        think_ms: Some(1100.0),
    };
    let report = run(options).await.expect("the chaos run runs");
    let f = &report.check;
    let shown = format!("{report:#?}");
    assert_eq!(report.kills, 3, "{shown}");
    assert!(
        report.live_at_kills.iter().sum::<usize>() > 0,
        "no kill came during a game: {shown}"
    );
    assert!(report.sessions > GAMES, "nobody had to come back: {shown}");
    assert_eq!(report.finished_seen, GAMES, "{shown}");
    // Every move acknowledged, and stored at its place.
    assert_eq!(f.acked_moves, (GAMES * PLIES) as u64, "{shown}");
    assert_eq!(f.stored_moves, (GAMES * PLIES) as u64, "{shown}");
    assert_eq!((f.lost_moves, f.misplaced_moves), (0, 0), "{shown}");
    // One game per pair, finished.
    assert_eq!((f.duplicated_games, f.missing_games), (0, 0), "{shown}");
    assert_eq!(f.finished_games, GAMES as u64, "{shown}");
    assert_eq!(f.unfinished_ends, 0, "{shown}");
    // Ratings: one game's worth for each of the twenty accounts.
    assert_eq!(f.ratings_checked, (2 * GAMES) as u64, "{shown}");
    assert_eq!(f.ratings_wrong, 0, "{shown}");
    assert_eq!(f.integrity, "ok");
    assert!(f.problems.is_empty(), "{shown}");
    assert!(report.ok, "{shown}");
}
