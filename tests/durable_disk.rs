//! Disk trouble: a store that does not answer, and a database on a small
//! filesystem that fills up. Games go on, players are told what cannot be
//! saved, and what was kept in memory is written once the disk takes it
//! again, in order, with nothing corrupted.
//!
//! The full disk is real: the test mounts a 4 MiB tmpfs of its own (it runs
//! as root, as scripts/test.sh and CI do) and fills it with a file; a
//! limit inside SQLite (`PRAGMA max_page_count`, used by the store's unit
//! tests) would not show what the server does when the *WAL* cannot grow,
//! which is where a full disk bites first.

mod durable_common;
mod support;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use atomicd::account::Titles;
use durable_common::{atomic_row, hear, machine, play, start_game};
use support::{Client, TestServer};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A tmpfs of `size` mounted on a temporary folder, unmounted on drop.
struct Tmpfs {
    dir: tempfile::TempDir,
}

impl Tmpfs {
    fn mount(size: &str) -> Tmpfs {
        let dir = tempfile::tempdir().unwrap();
        let status = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir.path())
            .status();
        let mounted = status.as_ref().is_ok_and(|s| s.success());
        assert!(
            mounted,
            "cannot mount a {size} tmpfs on {} ({status:?}): this test makes a small \
             filesystem of its own to fill, which needs root (CAP_SYS_ADMIN); run it as root",
            dir.path().display()
        );
        Tmpfs { dir }
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }
}

impl Drop for Tmpfs {
    fn drop(&mut self) {
        let _ = Command::new("umount")
            .arg("-l")
            .arg(self.dir.path())
            .status();
    }
}

/// Fills the filesystem of `path` with one file until it is full.
fn fill(path: &Path) -> PathBuf {
    let filler = path.join("filler");
    let mut f = std::fs::File::create(&filler).unwrap();
    let chunk = vec![0u8; 16 * 1024];
    loop {
        if f.write_all(&chunk).and_then(|_| f.sync_all()).is_err() {
            break;
        }
    }
    // Whatever is left is less than a page: try byte by byte.
    while f.write_all(&[0]).and_then(|_| f.sync_all()).is_ok() {}
    filler
}

async fn user(server: &TestServer, name: &str) -> Client {
    let mut c = server.user(name, "pw").await;
    machine(&mut c).await;
    c
}

/// The text of `/metrics`.
async fn metrics(server: &TestServer) -> String {
    let mut s = tokio::net::TcpStream::connect(server.web).await.unwrap();
    s.write_all(b"GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).await.unwrap();
    out
}

/// The value of one metric line.
fn metric(text: &str, name: &str) -> f64 {
    text.lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' '))
        .unwrap_or_else(|| panic!("no {name} in {text}"))
        .trim()
        .parse()
        .unwrap()
}

/// The moves stored for game `id`, in SAN.
fn stored_sans(conn: &rusqlite::Connection, id: i64) -> Vec<String> {
    atomicd::store::games::moves(conn, id)
        .unwrap()
        .into_iter()
        .map(|m| m.san)
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_disk_stops_no_game_tells_what_waits_and_writes_it_all_once_space_returns() {
    let disk = Tmpfs::mount("4m");
    let db = disk.path().join("atomicd.sqlite3");
    let server = TestServer::start_with(|c| c.database = db.clone()).await;
    for name in ["Alice", "Bob"] {
        server.add_user(name, "pw", Titles::default());
    }
    let admin = Titles {
        admin: true,
        ..Titles::default()
    };
    server.add_user("Root", "pw", admin);
    let mut alice = user(&server, "Alice").await;
    let mut bob = user(&server, "Bob").await;
    let mut root = user(&server, "Root").await;
    let no = start_game(&mut alice, &mut bob, "Bob", "5 0 r").await;
    let line = ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "d3", "d6"];
    play(&mut alice, &mut bob, line[0]).await;
    play(&mut bob, &mut alice, line[1]).await;
    server.flush_store().await;

    let filler = fill(disk.path());
    // The game goes on: every move is answered with both boards.
    for (i, mv) in line.iter().enumerate().skip(2) {
        if i % 2 == 0 {
            play(&mut alice, &mut bob, mv).await;
        } else {
            play(&mut bob, &mut alice, mv).await;
        }
    }
    server.flush_store().await;
    let store = server.handle.as_ref().unwrap().shared().store.clone();
    let kept = store.kept_writes();
    assert!(kept > 0, "the full disk refused no write");
    let shown = metrics(&server).await;
    assert_eq!(metric(&shown, "atomicd_store_kept_writes"), kept as f64);
    assert!(
        metric(&shown, "atomicd_store_failures_total") >= 1.0,
        "{shown}"
    );

    // A rated result that cannot be saved yet: both players are told.
    bob.send("resign").await;
    let told = format!("Notice: the result of game {no} (Alice vs. Bob) cannot be saved yet");
    let heard = hear(&mut alice, &told).await;
    assert!(heard.contains("Bob resigns} 1-0"), "{heard}");
    bob.expect(&told).await;
    bob.expect("fics% ").await;
    let ratings = [
        atomic_row(&alice.command("finger Alice").await),
        atomic_row(&alice.command("finger Bob").await),
    ];
    assert_eq!((ratings[0].1, ratings[1].2), (1, 1), "{ratings:?}");
    // A new account cannot be saved: the admin is told, nothing is made.
    let reply = root.command("addplayer Carol secret").await;
    assert!(
        reply.contains("The account Carol cannot be saved"),
        "{reply}"
    );

    // Space returns: what was kept is written, once, in order.
    std::fs::remove_file(&filler).unwrap();
    let deadline = Instant::now() + Duration::from_secs(60);
    while store.kept_writes() > 0 {
        assert!(
            Instant::now() < deadline,
            "the kept writes were never written"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    server.flush_store().await;
    let conn = atomicd::store::open_connection(&db).unwrap();
    let check: String = conn
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(check, "ok");
    let row = atomicd::store::games::get(&conn, i64::from(no))
        .unwrap()
        .unwrap();
    assert_eq!(
        (row.status.as_str(), row.result.as_deref()),
        ("finished", Some("1-0"))
    );
    let moves = stored_sans(&conn, row.id);
    assert_eq!(moves, line, "every move, in order, once");
    for (name, told) in ["Alice", "Bob"].iter().zip(ratings) {
        let account = atomicd::store::accounts::find(&conn, name)
            .unwrap()
            .unwrap();
        let r = atomicd::store::ratings::load(&conn, account.id).unwrap();
        assert_eq!((r.whole(), r.wins, r.losses), told, "{name}");
    }
    assert!(
        atomicd::store::accounts::find(&conn, "Carol")
            .unwrap()
            .is_none()
    );
    let reply = root.command("addplayer Carol secret").await;
    assert!(reply.contains("Added: Carol"), "{reply}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_store_that_does_not_answer_stops_no_game_and_the_game_keeps_its_moves() {
    let server = TestServer::start_with(|c| {
        c.store.queue_limit = 3;
        c.store.board_wait_ms = 100;
    })
    .await;
    let mut alice = server.named("Alice").await;
    let mut bob = server.named("Bob").await;
    machine(&mut alice).await;
    machine(&mut bob).await;
    let no = start_game(&mut alice, &mut bob, "Bob", "5 0 u").await;
    server.flush_store().await;
    let store = server.handle.as_ref().unwrap().shared().store.clone();
    let paused = store.pause();
    let line = [
        "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "d3", "d6", "c3", "Nf6",
    ];
    for (i, mv) in line.iter().enumerate() {
        if i % 2 == 0 {
            play(&mut alice, &mut bob, mv).await;
        } else {
            play(&mut bob, &mut alice, mv).await;
        }
    }
    // The queue is at its bound; the game holds the rest of its moves.
    assert_eq!(store.queue_depth(), 3);
    assert!(!store.has_room());
    let shown = metrics(&server).await;
    assert_eq!(metric(&shown, "atomicd_store_queue_depth"), 3.0, "{shown}");
    // A takeback cuts moves the game still holds.
    assert_eq!(
        alice.command("takeback 2").await,
        "Takeback request sent.\n"
    );
    bob.expect("would like to take back 2 half move(s).").await;
    bob.expect("fics% ").await;
    let reply = bob.command("takeback").await;
    assert!(reply.starts_with("You accept the takeback"), "{reply}");
    durable_common::next_board(&mut bob).await;
    alice.expect("Bob accepts the takeback request.").await;
    alice.expect("fics% ").await;
    durable_common::next_board(&mut alice).await;
    // One move where two were: the second one taken back must not stay.
    play(&mut alice, &mut bob, "a3").await;
    bob.send("resign").await;
    hear(&mut alice, "Bob resigns} 1-0").await;
    drop(paused);
    server.flush_store().await;
    let conn = atomicd::store::open_connection(&server.config.database).unwrap();
    let row = atomicd::store::games::get(&conn, i64::from(no))
        .unwrap()
        .unwrap();
    assert_eq!(row.result.as_deref(), Some("1-0"));
    let moves = stored_sans(&conn, row.id);
    let mut expected: Vec<&str> = line[..8].to_vec();
    expected.push("a3");
    assert_eq!(moves, expected);
    assert_eq!(store.queue_depth(), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clean_stop_writes_what_was_kept_once_the_disk_takes_it() {
    let disk = Tmpfs::mount("4m");
    let db = disk.path().join("atomicd.sqlite3");
    let mut server = TestServer::start_with(|c| c.database = db.clone()).await;
    for name in ["Alice", "Bob"] {
        server.add_user(name, "pw", Titles::default());
    }
    let mut alice = user(&server, "Alice").await;
    let mut bob = user(&server, "Bob").await;
    let no = start_game(&mut alice, &mut bob, "Bob", "5 0 r").await;
    play(&mut alice, &mut bob, "e4").await;
    server.flush_store().await;
    let filler = fill(disk.path());
    play(&mut bob, &mut alice, "e5").await;
    play(&mut alice, &mut bob, "Nf3").await;
    // Let the retries back off to their longest pause, so that the next
    // one comes after the stop has begun.
    let deadline = Instant::now() + Duration::from_secs(60);
    while metric(&metrics(&server).await, "atomicd_store_failures_total") < 7.0 {
        assert!(Instant::now() < deadline, "the store never backed off");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    std::fs::remove_file(&filler).unwrap();
    let handle = server.handle.take().unwrap();
    handle.shutdown();
    handle.wait().await;
    let conn = atomicd::store::open_connection(&db).unwrap();
    let row = atomicd::store::games::get(&conn, i64::from(no))
        .unwrap()
        .unwrap();
    assert_eq!(
        (row.status.as_str(), row.reason.as_deref()),
        ("adjourned", Some("Game adjourned by server shutdown"))
    );
    let moves = stored_sans(&conn, row.id);
    assert_eq!(moves, ["e4", "e5", "Nf3"]);
    drop((alice, bob));
}
