//! Upgrades: today's server opens a database written by every earlier
//! schema version (`tests/data/schema/vN.sqlite3`, each made by the binary
//! of that version: see the README there), migrates it, and serves every
//! row: accounts and their settings, finished games, ratings, messages,
//! adjourned games (or games left live, which come back adjourned),
//! journals, tournaments, computer analyses and logons, as far as that
//! version had them. The migrated database then passes `atomicd check`,
//! and its ratings are atomic's line (version 12 keys them by variant).

mod ops_common;
mod support;

use std::path::{Path, PathBuf};

use atomicd::store::schema;
use ops_common::{ask, atomicd, login, out, server_on};

fn fixture(version: usize) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("tests/data/schema/v{version}.sqlite3"))
}

fn version_of(db: &Path) -> usize {
    let conn =
        rusqlite::Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
            .unwrap();
    schema::version_of(&conn).unwrap()
}

/// Opens a copy of the database of `version` with today's server and
/// checks what it serves.
async fn upgrade(version: usize) {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("old.sqlite3");
    std::fs::copy(fixture(version), &db)
        .unwrap_or_else(|e| panic!("tests/data/schema/v{version}.sqlite3: {e}"));
    assert_eq!(version_of(&db), version, "the fixture of version {version}");

    let server = server_on(&db).await;
    let mut alice = login(&server, "Alice").await;
    let aliases = ask(&mut alice, "alias").await;
    assert!(aliases.contains("gg"), "v{version}: {aliases}");
    if version >= 2 {
        let history = ask(&mut alice, "history alice").await;
        assert!(history.contains("Bob"), "v{version}: {history}");
        let mut carol = login(&server, "Carol").await;
        let stored = ask(&mut carol, "stored").await;
        assert!(stored.contains("Dave"), "v{version}: {stored}");
    }
    if version >= 3 {
        let finger = ask(&mut alice, "finger bob").await;
        let rated = finger
            .lines()
            .find(|l| l.starts_with("Atomic"))
            .unwrap_or_else(|| panic!("v{version}: no Atomic rating in {finger}"));
        assert!(!rated.contains("----"), "v{version}: {rated}");
    }
    if version >= 4 {
        let mut bob = login(&server, "Bob").await;
        let messages = ask(&mut bob, "messages").await;
        assert!(
            messages.contains("See you at the Cup."),
            "v{version}: {messages}"
        );
    }
    if version >= 6 {
        let journal = ask(&mut alice, "journal alice").await;
        assert!(
            journal.contains("A:") && journal.contains("Bob"),
            "v{version}: {journal}"
        );
    }
    if version >= 7 {
        let standings = ask(&mut alice, "tourney standings 1").await;
        assert!(
            standings.contains("Alice") && standings.contains("Bob"),
            "v{version}: {standings}"
        );
    }
    if version >= 9 {
        // The computer analysis of the first game, stored whole: shown
        // without an engine.
        let analysis = ask(&mut alice, "analyse 1").await;
        assert!(
            analysis.contains("Computer analysis of game 1: Alice vs. Bob"),
            "v{version}: {analysis}"
        );
    }
    if version >= 11 {
        let logons = ask(&mut alice, "logons bob").await;
        assert!(logons.contains("Bob logged out"), "v{version}: {logons}");
    }
    drop(alice);
    let mut server = server;
    if let Some(h) = server.handle.take() {
        h.shutdown();
        h.wait().await;
    }
    assert_eq!(version_of(&db), schema::VERSION, "v{version} migrated");
    if version >= 3 {
        let conn = rusqlite::Connection::open(&db).unwrap();
        let (atomic, other): (i64, i64) = conn
            .query_row(
                "SELECT SUM(variant = 'atomic'), SUM(variant <> 'atomic') FROM ratings",
                [],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .unwrap();
        assert!(
            atomic >= 2 && other == 0,
            "v{version}: {atomic} atomic rating rows, {other} of other variants"
        );
    }
    let checked = atomicd(&["check", "--db", db.to_str().unwrap()], dir.path());
    assert!(checked.status.success(), "v{version}: {}", out(&checked));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_past_schema_version_opens_migrates_and_serves_its_rows() {
    // One fixture per version before today's: a new migration needs the
    // database of the version before it (tests/data/schema/README.md).
    for version in 1..schema::VERSION {
        upgrade(version).await;
    }
}
