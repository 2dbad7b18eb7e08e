//! Live configuration, with the real binary: `SIGHUP` re-reads
//! `config.toml`, the help pages and the message of the day. Channel names
//! and connection limits change at once; a key that needs a restart is
//! reported and kept; a broken file is reported and changes nothing.

mod ops_common;
mod support;

use std::path::{Path, PathBuf};

use atomicd::account::Titles;
use ops_common::binary::Binary;
use support::Client;

/// A configuration with the given extra lines, its data folder and one
/// account, in `dir`.
fn write_config(dir: &Path, extra: &str) {
    let data = dir.join("data");
    std::fs::write(
        dir.join("config.toml"),
        format!(
            "data_dir = {:?}\nidle_timeout_minutes = 0\n{extra}",
            data.to_str().unwrap()
        ),
    )
    .unwrap();
}

fn prepare(dir: &Path) -> (PathBuf, PathBuf) {
    let help = dir.join("data/help/en");
    std::fs::create_dir_all(&help).unwrap();
    std::fs::write(help.join("first.txt"), "The first page.\n").unwrap();
    std::fs::write(dir.join("data/motd.txt"), "Welcome, first edition.\n").unwrap();
    write_config(dir, "max_connections = 100\n[channels]\n50 = \"General\"\n");
    let db = dir.join("atomicd.sqlite3");
    let conn = atomicd::store::open_connection(&db).unwrap();
    let hash = bcrypt::hash("pw", 10).unwrap();
    for name in ["Alice", "Bob", "Carol"] {
        atomicd::store::accounts::create(&conn, name, &hash, Titles::default(), 0).unwrap();
    }
    (dir.join("config.toml"), db)
}

/// Logs `name` in; returns the client and the text of its login.
async fn login(server: &Binary, name: &str) -> (Client, String) {
    let mut c = Client::connect(server.addr).await;
    c.expect("login: ").await;
    c.send(name).await;
    c.expect("password: ").await;
    c.send("pw").await;
    let start = c.expect("fics% ").await;
    assert!(start.contains("**** Starting FICS session as"), "{start}");
    (c, start)
}

/// A connection the server refuses for its limit.
async fn refused(server: &Binary) -> bool {
    let mut c = Client::connect(server.addr).await;
    c.expect_closed().await.contains("too many connections")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sighup_reloads_what_can_change_and_keeps_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let (config, db) = prepare(dir.path());
    let mut server = Binary::start(&config, &db);

    let (mut alice, start) = login(&server, "Alice").await;
    assert!(start.contains("Welcome, first edition."), "{start}");
    alice.command("+channel 50").await;
    let before = alice.command("inchannel 50").await;
    assert!(before.contains("Channel 50 \"General\": Alice"), "{before}");
    let missing = alice.command("help second").await;
    assert!(missing.contains("There is no help available"), "{missing}");

    // The operator edits the files and sends SIGHUP.
    write_config(
        dir.path(),
        "max_connections = 3\napi_requests_per_minute = 100\n[channels]\n50 = \"Chatter\"\n",
    );
    let data = dir.path().join("data");
    std::fs::write(data.join("motd.txt"), "Welcome, second edition.\n").unwrap();
    std::fs::write(data.join("help/en/second.txt"), "The second page.\n").unwrap();
    server.signal("HUP");
    let lines = server.log_until("configuration reloaded");
    let done = lines.last().unwrap();
    assert!(
        done.contains("changed=channels,max_connections")
            && done.contains("needs_restart=api_requests_per_minute"),
        "{done}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("takes effect after a restart")
                && l.contains("key=api_requests_per_minute")),
        "{lines:#?}"
    );

    let after = alice.command("inchannel 50").await;
    assert!(after.contains("Channel 50 \"Chatter\": Alice"), "{after}");
    let page = alice.command("help second").await;
    assert!(page.contains("The second page."), "{page}");
    let (_bob, start) = login(&server, "Bob").await;
    assert!(start.contains("Welcome, second edition."), "{start}");
    // max_connections 3: Alice, Bob and one more; the next is refused.
    let (_carol, _) = login(&server, "Carol").await;
    assert!(refused(&server).await, "the fourth connection is refused");

    // A broken file: reported, and nothing changes (not even the pages).
    std::fs::write(&config, "max_connections = \"many\"\n").unwrap();
    std::fs::remove_file(data.join("help/en/second.txt")).unwrap();
    server.signal("HUP");
    let broken = server.log_line("configuration not reloaded");
    assert!(broken.contains("max_connections"), "{broken}");
    let kept = alice.command("inchannel 50").await;
    assert!(kept.contains("Channel 50 \"Chatter\": Alice"), "{kept}");
    let page = alice.command("help second").await;
    assert!(page.contains("The second page."), "{page}");
    assert!(refused(&server).await, "the limit of 3 still holds");

    server.terminate();
}
