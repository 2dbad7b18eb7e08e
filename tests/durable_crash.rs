//! Crash recovery with the real binary: fifty live games between
//! registered players, `kill -9` in the middle of them, a restart, and
//! every game back as an adjourned game, move for move and clock for clock;
//! some are resumed over TCP; SIGTERM then stops the server cleanly.

mod durable_common;
mod support;

use std::io::Read;
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use atomicd::account::Titles;
use atomicd::chess::{AtomicGame, Lang};
use durable_common::{atomic_row, hear, machine, next_board, play, start_game};
use support::Client;

const GAMES: usize = 50;

/// Starts `atomicd` on a free port; returns the child, its address and
/// what it logs (read on a thread so the pipe never fills).
fn spawn(dir: &Path) -> (Child, SocketAddr, Arc<Mutex<String>>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_atomicd"))
        .args([
            "--listen",
            "127.0.0.1:0",
            "--web-listen",
            "",
            "--db",
            "crash.sqlite3",
            "--config",
            "config.toml",
        ])
        .current_dir(dir)
        .stderr(Stdio::piped())
        .spawn()
        .expect("atomicd runs");
    let log = Arc::new(Mutex::new(String::new()));
    let mut err = child.stderr.take().unwrap();
    let sink = log.clone();
    std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = err.read(&mut buf) {
            if n == 0 {
                break;
            }
            sink.lock()
                .unwrap()
                .push_str(&String::from_utf8_lossy(&buf[..n]));
        }
    });
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    let addr = loop {
        let seen = log.lock().unwrap().clone();
        if let Some(rest) = seen.split("local_addr=").nth(1) {
            break rest.split_whitespace().next().unwrap().parse().unwrap();
        }
        assert!(
            std::time::Instant::now() < deadline,
            "server did not start: {seen}"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    (child, addr, log)
}

/// A legal move sequence of `plies` half-moves that does not end the game,
/// chosen by a fixed pseudo-random walk.
fn moves_for(game: usize, plies: usize) -> Vec<String> {
    let mut seed = (game as u64 + 1).wrapping_mul(6_364_136_223_846_793_005);
    let mut chess = AtomicGame::new();
    let mut sans = Vec::new();
    while sans.len() < plies {
        let legal: Vec<_> = chess.legal_moves().iter().copied().collect();
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let start = (seed >> 33) as usize % legal.len();
        let mut played = false;
        for k in 0..legal.len() {
            let mut next = chess.clone();
            let san = next
                .try_play(legal[(start + k) % legal.len()])
                .unwrap()
                .san
                .clone();
            if next.end().is_none() {
                chess = next;
                sans.push(san);
                played = true;
                break;
            }
        }
        assert!(played, "no move keeps the game going");
    }
    // The server must read each of them back as the same move.
    let mut check = AtomicGame::new();
    for san in &sans {
        check
            .play_input(san, Lang::En, shakmaty::Role::Queen)
            .unwrap();
    }
    sans
}

async fn login(addr: SocketAddr, name: &str) -> Client {
    let mut c = Client::connect(addr).await;
    c.login(name, "pw").await;
    machine(&mut c).await;
    c
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fifty_live_games_survive_kill_dash_nine_move_for_move_and_clock_for_clock() {
    let dir = tempfile::tempdir().unwrap();
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("data");
    std::fs::write(
        dir.path().join("config.toml"),
        format!("data_dir = {:?}\n", data.to_str().unwrap()),
    )
    .unwrap();
    let db = dir.path().join("crash.sqlite3");
    {
        let conn = atomicd::store::open_connection(&db).unwrap();
        let hash = bcrypt::hash("pw", 10).unwrap();
        let names = (0..GAMES * 2)
            .map(|i| format!("Player{}", letters(i)))
            .chain(["RatedWhite".to_string(), "RatedBlack".to_string()]);
        for name in names {
            atomicd::store::accounts::create(&conn, &name, &hash, Titles::default(), 0).unwrap();
        }
    }
    let (mut child, addr, _log) = spawn(dir.path());
    let mut clients = Vec::new();
    for i in 0..GAMES * 2 {
        clients.push(login(addr, &format!("Player{}", letters(i))).await);
    }
    // expected[g] = the moves of game g with both clocks the players saw.
    let mut expected: Vec<Vec<(String, i64, i64)>> = Vec::new();
    for g in 0..GAMES {
        let (w, b) = clients.split_at_mut(2 * g + 1);
        let (white, black) = (&mut w[2 * g], &mut b[0]);
        start_game(
            white,
            black,
            &format!("Player{}", letters(2 * g + 1)),
            "3 1 u",
        )
        .await;
        let mut seen = Vec::new();
        for (ply, san) in moves_for(g, g % 11).iter().enumerate() {
            let board = if ply % 2 == 0 {
                play(white, black, san).await
            } else {
                play(black, white, san).await
            };
            seen.push((san.clone(), board.white_ms, board.black_ms));
        }
        expected.push(seen);
    }
    // One rated game, finished before the crash: its result and both
    // rating changes must come back exactly as the players were told.
    let mut rw = login(addr, "RatedWhite").await;
    let mut rb = login(addr, "RatedBlack").await;
    start_game(&mut rw, &mut rb, "RatedBlack", "3 1 r").await;
    play(&mut rw, &mut rb, "e4").await;
    play(&mut rb, &mut rw, "e5").await;
    rb.send("resign").await;
    hear(&mut rw, "RatedBlack resigns} 1-0").await;
    let told = [
        atomic_row(&rw.command("finger RatedWhite").await),
        atomic_row(&rw.command("finger RatedBlack").await),
    ];
    assert_eq!((told[0].1, told[1].2), (1, 1), "{told:?}");
    // Every move has been answered; give the store thread a moment to
    // commit the last batch, then pull the plug.
    tokio::time::sleep(Duration::from_millis(300)).await;
    child.kill().unwrap();
    child.wait().unwrap();
    drop(clients);

    let (mut child, addr, log) = spawn(dir.path());
    assert!(
        log.lock().unwrap().contains("recovered=50"),
        "{}",
        log.lock().unwrap()
    );
    {
        let conn = atomicd::store::open_connection(&db).unwrap();
        let rated = atomicd::store::games::get(&conn, GAMES as i64 + 1)
            .unwrap()
            .unwrap();
        assert_eq!(
            (rated.status.as_str(), rated.result.as_deref()),
            ("finished", Some("1-0"))
        );
        for (name, told) in ["RatedWhite", "RatedBlack"].iter().zip(told) {
            let account = atomicd::store::accounts::find(&conn, name)
                .unwrap()
                .unwrap();
            let r = atomicd::store::ratings::load(&conn, account.id).unwrap();
            assert_eq!(
                (r.whole(), r.wins, r.losses),
                told,
                "{name}: once, not lost"
            );
        }
        for (g, moves) in expected.iter().enumerate() {
            let id = g as i64 + 1;
            let row = atomicd::store::games::get(&conn, id).unwrap().unwrap();
            assert_eq!(row.status, "adjourned", "game {id}");
            assert_eq!(row.white, format!("Player{}", letters(2 * g)));
            let stored = atomicd::store::games::moves(&conn, id).unwrap();
            let got: Vec<(String, i64, i64)> = stored
                .iter()
                .map(|m| (m.san.clone(), m.white_ms, m.black_ms))
                .collect();
            assert_eq!(&got, moves, "game {id}: every move with both clocks");
            let (w, b) = moves
                .last()
                .map(|m| (m.1, m.2))
                .unwrap_or((180_000, 180_000));
            assert_eq!(
                (row.white_ms, row.black_ms),
                (w, b),
                "game {id}: the clocks after the last move"
            );
        }
    }
    // Three of them resumed over TCP: same position, moves and clocks.
    let mut keep = Vec::new();
    for g in [3usize, 10, 21] {
        let (wn, bn) = (
            format!("Player{}", letters(2 * g)),
            format!("Player{}", letters(2 * g + 1)),
        );
        let mut white = login(addr, &wn).await;
        let mut black = login(addr, &bn).await;
        let stored = white.command("stored").await;
        assert!(
            stored.contains(&format!(" 1: W {bn:<14} Y [ xu  3   1]")),
            "{stored}"
        );
        white.command(&format!("match {bn}")).await;
        hear(&mut black, "(adjourned).").await;
        black.send("accept").await;
        let board = next_board(&mut white).await;
        next_board(&mut black).await;
        let last = expected[g].last().unwrap();
        assert_eq!(
            (board.white_ms, board.black_ms),
            (last.1, last.2),
            "game {g} clocks"
        );
        let moves = white.command("moves").await;
        for (san, _, _) in &expected[g] {
            assert!(moves.contains(san.as_str()), "{san} in {moves}");
        }
        let next = moves_for(g, expected[g].len() + 1).pop().unwrap();
        if expected[g].len().is_multiple_of(2) {
            play(&mut white, &mut black, &next).await;
        } else {
            play(&mut black, &mut white, &next).await;
        }
        keep.push((white, black));
    }
    // SIGTERM: a clean stop, exit 0, the resumed games adjourned again.
    let status = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let exit = child.wait().unwrap();
    assert!(exit.success(), "{exit:?}");
    let conn = atomicd::store::open_connection(&db).unwrap();
    for g in [3i64, 10, 21] {
        let row = atomicd::store::games::get(&conn, g + 1).unwrap().unwrap();
        assert_eq!(
            (row.status.as_str(), row.reason.as_deref()),
            ("adjourned", Some("Game adjourned by server shutdown"))
        );
        assert_eq!(
            atomicd::store::games::moves(&conn, g + 1).unwrap().len(),
            expected[g as usize].len() + 1
        );
    }
}

/// Player names must be letters: 0 → `Aa`, 1 → `Ab`, …
fn letters(i: usize) -> String {
    let a = (b'A' + (i / 26) as u8) as char;
    let b = (b'a' + (i % 26) as u8) as char;
    format!("{a}{b}")
}
