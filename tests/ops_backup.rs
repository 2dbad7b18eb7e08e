//! `atomicd backup PATH` while the server runs and a game is played: the
//! copy is consistent, and a server started on it has every account,
//! rating, stored game, adjourned game, journal and tournament.

mod ops_common;
mod support;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use ops_common::{atomicd, everything_shown, login, out, populate, server, server_on};

const SHUFFLE: [&str; 4] = ["Nf3", "Nf6", "Ng1", "Ng8"];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_taken_during_play_restores_everything() {
    let server = server().await;
    populate(&server).await;
    let before = everything_shown(&server).await;

    // A game goes on all through the backup: knights out and back.
    let mut alice = login(&server, "Alice").await;
    let mut bob = login(&server, "Bob").await;
    alice.start_game_with(&mut bob, "60 0 unrated").await;
    let stop = Arc::new(AtomicBool::new(false));
    let plies = Arc::new(AtomicUsize::new(0));
    let player = {
        let (stop, plies) = (stop.clone(), plies.clone());
        tokio::spawn(async move {
            while !stop.load(Ordering::Relaxed) {
                let n = plies.load(Ordering::Relaxed);
                let (mover, other) = if n % 2 == 0 {
                    (&mut alice, &mut bob)
                } else {
                    (&mut bob, &mut alice)
                };
                let board = mover.command(SHUFFLE[n % 4]).await;
                assert!(!board.contains("Illegal"), "{board}");
                other.expect("fics% ").await;
                plies.fetch_add(1, Ordering::Relaxed);
            }
            (alice, bob)
        })
    };
    while plies.load(Ordering::Relaxed) < 4 {
        tokio::task::yield_now().await;
    }

    let db = server.config.database.clone();
    let copy = server.dir.path().join("copy.sqlite3");
    let dir = server.dir.path().to_path_buf();
    let at_start = plies.load(Ordering::Relaxed);
    let run = {
        let (db, copy) = (db.clone(), copy.clone());
        tokio::task::spawn_blocking(move || {
            // One page a step with a rest of 20 ms: the copy takes many
            // steps while moves are committed between them.
            atomicd(
                &[
                    "backup",
                    "--db",
                    db.to_str().unwrap(),
                    copy.to_str().unwrap(),
                    "--step-pages",
                    "1",
                    "--pause-ms",
                    "20",
                ],
                &dir,
            )
        })
        .await
        .unwrap()
    };
    let at_end = plies.load(Ordering::Relaxed);
    stop.store(true, Ordering::Relaxed);
    let (alice, bob) = player.await.unwrap();
    assert!(run.status.success(), "{}", out(&run));
    let said = String::from_utf8_lossy(&run.stdout);
    assert!(said.starts_with("Backed up "), "{said}");
    assert!(
        at_end > at_start,
        "no move was played while the backup ran ({at_start} plies at its start and end)"
    );
    // A second backup to the same file is refused and leaves it alone.
    let copy_bytes = std::fs::read(&copy).unwrap();
    let again = atomicd(
        &[
            "backup",
            "--db",
            db.to_str().unwrap(),
            copy.to_str().unwrap(),
        ],
        server.dir.path(),
    );
    assert!(!again.status.success());
    assert!(
        String::from_utf8_lossy(&again.stderr).contains("already exists"),
        "{}",
        out(&again)
    );
    assert_eq!(std::fs::read(&copy).unwrap(), copy_bytes);

    // The copy is one moment of the database: the live game holds a
    // prefix of the shuffle, as many plies as were played by then.
    let conn = rusqlite::Connection::open(&copy).unwrap();
    let moves: Vec<String> = conn
        .prepare(
            "SELECT m.san FROM moves m JOIN games g ON g.id = m.game_id
             WHERE g.status = 'live' ORDER BY m.ply",
        )
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert!(
        moves.len() >= at_start && moves.len() <= at_end,
        "{moves:?}"
    );
    for (i, san) in moves.iter().enumerate() {
        assert_eq!(san, SHUFFLE[i % 4]);
    }
    drop(conn);
    alice.hang_up().await;
    bob.hang_up().await;

    // Restored, it serves everything that was stored, and the game that
    // was going on comes back adjourned with its moves.
    let restored = server_on(&copy).await;
    let after = everything_shown(&restored).await;
    assert_eq!(before, after);
    let mut alice = login(&restored, "Alice").await;
    let stored = ops_common::ask(&mut alice, "stored").await;
    assert!(
        stored.contains("Stored games for Alice:") && stored.contains(" W Bob "),
        "{stored}"
    );
}
