//! Restarts nobody notices, with the real binary: 20 games are going on,
//! the server gets SIGTERM, it is started again on the same database, all
//! 40 players log in again, and every game goes on by itself (each player
//! told, the clocks as they were, the old observers offered it) and is
//! played to its end.

mod durable_common;
mod ops_common;
mod support;

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::Command;

use atomicd::account::Titles;
use durable_common::{machine, parse12};
use ops_common::binary::Binary;
use support::Client;

fn name(i: usize) -> String {
    format!(
        "Pl{}{}",
        (b'a' + (i / 26) as u8) as char,
        (b'a' + (i % 26) as u8) as char
    )
}

/// 40 players, 3 observers and a configuration, in `dir`.
fn prepare(dir: &Path) -> (PathBuf, PathBuf) {
    let db = dir.join("atomicd.sqlite3");
    let conn = atomicd::store::open_connection(&db).unwrap();
    let hash = bcrypt::hash("pw", 10).unwrap();
    let names = (0..40)
        .map(name)
        .chain(["Obsa", "Obsb", "Obsc"].map(String::from));
    for n in names {
        atomicd::store::accounts::create(&conn, &n, &hash, Titles::default(), 0).unwrap();
    }
    drop(conn);
    let config = dir.join("config.toml");
    let data = support::repo_data();
    std::fs::write(
        &config,
        format!(
            "data_dir = {:?}\nidle_timeout_minutes = 0\n",
            data.to_str().unwrap()
        ),
    )
    .unwrap();
    (config, db)
}

async fn login(addr: SocketAddr, who: &str) -> Client {
    let mut c = Client::connect(addr).await;
    c.login(who, "pw").await;
    c
}

/// The next `<12>` line of a client, parsed.
async fn board(c: &mut Client) -> durable_common::Board12 {
    c.expect("<12> ").await;
    let rest = c.expect("\n").await;
    parse12(&format!("<12> {}", rest.trim_end()))
}

const OPENING: [&str; 4] = ["Nf3", "a6", "Ng5", "a5"];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twenty_games_survive_sigterm_and_go_on_by_themselves() {
    let dir = tempfile::tempdir().unwrap();
    let (config, db) = prepare(dir.path());
    let server = Binary::start(&config, &db);

    let mut players = Vec::new();
    for i in 0..40 {
        let mut c = login(server.addr, &name(i)).await;
        machine(&mut c).await;
        players.push(c);
    }
    let mut before = Vec::new();
    for g in 0..20 {
        let (w, b) = (2 * g, 2 * g + 1);
        let (white, black) = pair(&mut players, w, b);
        white
            .command(&format!("match {} 5 0 unrated white", name(b)))
            .await;
        black.expect("You can \"accept\"").await;
        black.expect("fics% ").await;
        black.send("accept").await;
        board(black).await;
        board(white).await;
        let mut last = None;
        for (ply, mv) in OPENING.iter().enumerate() {
            let (mover, other) = if ply % 2 == 0 {
                (&mut *white, &mut *black)
            } else {
                (&mut *black, &mut *white)
            };
            mover.send(mv).await;
            board(mover).await;
            last = Some(board(other).await);
        }
        before.push(last.unwrap());
    }
    let mut observers = Vec::new();
    for (who, game) in [("Obsa", 0), ("Obsb", 0), ("Obsc", 1)] {
        let mut c = login(server.addr, who).await;
        let reply = c.command(&format!("observe {}", before[game].game)).await;
        assert!(reply.contains("You are now observing game"), "{reply}");
        observers.push(c);
    }

    server.terminate();
    for c in players.iter_mut().chain(observers.iter_mut()) {
        let text = c.expect_closed().await;
        assert!(text.contains("**** Server shutting down. ****"), "{text}");
    }

    // Again, on the same database. Whites come back first and are told
    // what their game waits for; Obsa before the games go on, Obsc after.
    let server = Binary::start(&config, &db);
    let mut whites = Vec::new();
    for g in 0..20 {
        let mut c = Client::connect(server.addr).await;
        c.expect("login: ").await;
        c.send(&name(2 * g)).await;
        c.expect("password: ").await;
        c.send("pw").await;
        let start = c
            .expect(&format!(
                "Your adjourned game with {0} goes on when {0} logs in.\n",
                name(2 * g + 1)
            ))
            .await;
        assert!(start.contains("**** Starting FICS session as"), "{start}");
        c.expect("fics% ").await;
        machine(&mut c).await;
        whites.push(c);
    }
    let mut obsa = login(server.addr, "Obsa").await;
    let mut blacks = Vec::new();
    for g in 0..20 {
        let mut c = login(server.addr, &name(2 * g + 1)).await;
        // Black logs in with style 1 and sets style 12 after: the board
        // of the game that goes on is read from White's side.
        c.command_keeping("set style 12", "Style 12 set.").await;
        blacks.push(c);
        let w = &mut whites[g];
        w.expect(&format!(
            "Notification: {}, who has an adjourned game with you, has arrived.\n",
            name(2 * g + 1)
        ))
        .await;
        let intro = w.expect("Continuing unrated atomic match.}\n").await;
        assert!(
            intro.contains(&format!(
                "Creating: {} (----) {} (----) unrated atomic 5 0 (adjourned)",
                name(2 * g),
                name(2 * g + 1)
            )),
            "{intro}"
        );
        let now = board(w).await;
        let was = &before[g];
        assert_eq!((now.move_no, now.to_move), (was.move_no, was.to_move));
        assert_eq!(
            now.black_ms, was.black_ms,
            "Black's clock, not running, is as it was"
        );
        assert!(
            now.white_ms <= was.white_ms && now.white_ms > 0,
            "{now:?} {was:?}"
        );
    }
    let mut obsc = login(server.addr, "Obsc").await;
    for (c, g) in [(&mut obsa, 0), (&mut obsc, 1)] {
        let offer = c.expect("\"observe ").await;
        assert!(
            offer.contains(&format!(
                "({} vs. {}), which you observed, goes on:",
                name(2 * g),
                name(2 * g + 1)
            )),
            "{offer}"
        );
    }

    // Every game is played to its end: 3.Nxf7 blows up Black's king.
    for g in 0..20 {
        let w = &mut whites[g];
        w.send("Nxf7").await;
        let end = w.expect(" 1-0\n").await;
        assert!(
            end.contains(&format!("{}'s king exploded}}", name(2 * g + 1))),
            "{end}"
        );
        let b = &mut blacks[g];
        let end = b.expect(" 1-0\n").await;
        assert!(end.contains("king exploded}"), "{end}");
    }
    server.terminate();
    let checked = Command::new(env!("CARGO_BIN_EXE_atomicd"))
        .args(["check", "--db", db.to_str().unwrap()])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&checked.stdout);
    assert!(checked.status.success(), "{said}");
    assert!(said.contains("43 accounts, 20 games (100 moves)"), "{said}");
}

/// Two distinct players of the list, mutably.
fn pair(players: &mut [Client], a: usize, b: usize) -> (&mut Client, &mut Client) {
    assert!(a < b);
    let (left, right) = players.split_at_mut(b);
    (&mut left[a], &mut right[0])
}
